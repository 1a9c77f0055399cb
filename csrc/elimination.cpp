#include "elimination.h"

#include "chips.h"

namespace copas {

std::uint32_t seats_still_in(const RuleSet& rules, const MatchState& match, int players) {
  const std::uint32_t all = (1u << players) - 1;
  if (plays_for_chips(rules)) return seats_in_play(match);
  return rules.eliminate_at_target ? all & ~match.eliminated : all;
}

void add_eliminating_hand(const Position& hand, MatchState& match, std::int32_t* hand_out) {
  hand.hand_scores(hand_out);
  std::uint32_t dealt = 0, reached = 0;
  std::uint32_t in = ~match.eliminated;
  for (int i = 0; i < hand.players(); ++i, in &= in - 1) {
    const int seat = __builtin_ctz(in);  // hand seat i: the i-th match seat still in
    dealt |= 1u << seat;
    match.totals[seat] += hand_out[i];
    if (match.totals[seat] >= hand.rules().target) reached |= 1u << seat;
  }
  // Every seat still in at the target: they all stay, and elimination_outcome judges them.
  if (reached != dealt) match.eliminated |= reached;
  ++match.hands_played;
}

MatchOutcome elimination_outcome(const RuleSet& rules, const MatchState& match, int players) {
  MatchOutcome out;
  const std::uint32_t in = seats_still_in(rules, match, players);
  std::int32_t best = 0;
  std::uint32_t below = 0, lowest = 0;
  for (std::uint32_t t = in; t; t &= t - 1) {
    const int seat = __builtin_ctz(t);
    if (match.totals[seat] < rules.target) below |= 1u << seat;
    if (!lowest || match.totals[seat] < best) best = match.totals[seat], lowest = 0;
    if (match.totals[seat] == best) lowest |= 1u << seat;
  }
  if (__builtin_popcount(below) > 1) return out;
  out.over = true;
  out.winners = below ? below : lowest;
  return out;
}

}  // namespace copas
