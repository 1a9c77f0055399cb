// A match's state between hands, kept whole: the totals and every fact beyond
// them that the variant's end and scoring rules read (docs/RULES.md §2.1 A11/A11b,
// §2.3 A24/A26, §3 A28, §5 A30a). One function, add_hand, advances it from a
// finished hand; match_outcome decides the end from it.
#pragma once

#include <cstdint>
#include <string>

#include "position.h"
#include "rules.h"

namespace copas {

struct MatchState {
  std::int32_t totals[kMaxPlayers] = {};
  // exact-score (c) (A26): bit per seat that dropped to target/2 in the last
  // hand; a scoreless next hand takes it to 0.
  std::uint32_t reset_pending = 0;
  // A11: tie-break hands have begun (the target was reached with the best total
  // shared under TieRule::kExtraHands). From then on only the best total decides
  // (A11b), whatever the totals against the target.
  bool tiebreak = false;
  // Hands finished so far: the next hand's number (its pass, its dealer).
  std::int32_t hands_played = 0;
  // queens (§11, S000 L273): the seat whose moon won the match at once (-1: none).
  std::int8_t moon_winner = -1;
  // gong-zhu (§9, RuleSet::lead_taker_card): the seat that took that card in the last
  // hand, who deals (and so leads) the next one; -1: the dealer rotates.
  std::int8_t next_dealer = -1;
  // exact-score kExactTargetFlips: a total landed on the target and was flipped; the
  // match has ended although no total is at the target any more.
  bool flipped_end = false;
  // Chips (RuleSet::start_chips, csrc/chips.h): the pot (Montão), carried to the next hand.
  std::int32_t pot = 0;
  // Elimination by points (RuleSet::eliminate_at_target, elimination.h): the seats out.
  std::uint32_t eliminated = 0;

  friend bool operator==(const MatchState&, const MatchState&) = default;
};

// Whether a hand's value depends on the match it is played in: the conditional
// reverse moon (A24) is the only such rule. The search reads the match state
// only then, so every other variant's playouts stay as they were.
inline bool hand_value_reads_match(const RuleSet& r) { return r.reverse_moon_if_losing; }
// Whether the form a moon counts in may follow the match: A24, or the shooter's own
// choice (reverse-moon=shooter-choice, §2.3), which the match objective reads.
inline bool moon_form_reads_match(const RuleSet& r) { return r.reverse_moon_if_losing || r.moon_shooter_choice; }

// The hand's scores as `match` counts them: hand_scores, with a finished hand's
// moon in the form the match chooses (A24), or a shooter's choice still due
// (shooter-choice: a playout's end) in the form choose_moon_form gives it. add_hand
// and the search's playouts score through it.
void score_moon_for_match(const Position& hand, const MatchState& match, std::int32_t* out);
// The same choice on scores already known: `normal` and `reversed` are the hand's
// scores with its moon in each form, `shooter` its shooter (< 0: no moon). The
// match-equity model (search/match_equity.h) chooses through it for hands it recorded.
// shooter-choice: as A24 where the normal form ends the match, else the form the
// hand alone favours (favoured_moon_form).
void choose_moon_form(const RuleSet& rules, int players, const MatchState& match, int shooter,
                      const std::int32_t* normal, const std::int32_t* reversed, std::int32_t* out);

// The search's terminal scores: as the match counts them when `match` is given
// (the caller gives it only where hand_value_reads_match), else the plain scores.
inline void counted_hand_scores(const Position& hand, const MatchState* match, std::int32_t* out) {
  if (match) [[unlikely]] {
    score_moon_for_match(hand, *match, out);
  } else {
    hand.hand_scores(out);
  }
}

// Why the exact solver cannot value `hand` (empty when it can): its rules'
// solver_unsupported, but for a stock that is empty (two-player's last 7 tricks:
// no draw is left, so every card still to play is in a hand).
std::string solver_unsupported(const Position& hand);

// Why the exact solver cannot value `hand` played in `match` (empty when it
// can): solver_unsupported(hand), or a conditional reverse moon still possible
// in the hand whose form the match may flip (the solver scores the moon in its
// normal form). A sound test, not a tight one: it refuses wherever a normal moon
// could take a total to the target.
std::string solver_unsupported(const Position& hand, const MatchState& match);

// Adds the finished hand `hand` to `match`; `hand_out` gets the hand's scores
// as they count (the moon in the form the match chose). Totals may then be
// reset by exact-score, so they need not be the sum of the hand scores. Under
// chips the totals are chips and the hand's seats are the match's seats still in
// (chips.h); the caller checks there are hand.players() of them.
void add_hand(const Position& hand, MatchState& match, std::int32_t* hand_out);
// add_hand's second half: adds a hand's counted scores `scores` to `match`.
void add_scores(const RuleSet& rules, int players, const std::int32_t* scores, MatchState& match);

// Outcome of a match: over or not, and the winning seats.
struct MatchOutcome {
  bool over = false;
  std::uint32_t winners = 0;  // bit per seat; set only when over
};
// The end of the match from its state: the target (a seat's or a side's total,
// rules.h target_reached) and the tie rule, or during tie-break hands the best
// side total alone.
MatchOutcome match_outcome(const RuleSet& rules, const MatchState& match, int players);

}  // namespace copas
