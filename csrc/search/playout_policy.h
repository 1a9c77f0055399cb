// A fast rule-of-thumb player: the playout policy of the search and the
// `heuristic` bot. In the manner of the classic Hearts programs it ducks under
// the card winning the trick, dumps the most costly cards on others' tricks,
// gets rid of the cards that could be forced to win the most costly card still
// out (the A♠/K♠ while the Q♠ is out), and leads low. Which cards those are
// comes from the rules (RuleView: the Q♠ in american, then the K♠ in black-maria,
// the face-value hearts in spot). It looks only at its own hand and the cards
// on the table, so it never uses hidden cards.
#pragma once

#include "../position.h"
#include "../rng.h"

namespace copas {

// A card for the seat to act (phase kPlaying; in the into-hand discard step the
// next card of heuristic_discard). With probability `noise` the
// choice is uniformly random among the legal cards instead, which keeps the
// playouts varied.
Card heuristic_card(const Position& pos, Rng& rng, double noise);

// The strongest card of a non-empty set under the variant's rank order (ties
// between suits go to the higher suit). A-high (the identity order) makes it bit scans.
Card strongest(const RuleView& v, CardSet s);

// Whether heuristic_card's choice for the seat to act is a lead's, drawn among the
// suits' low cards (every other choice is fixed by the position).
inline bool leads_by_choice(const Position& pos) { return pos.trick_length() == 0 && !pos.discarding(); }

// The chance, without noise, that heuristic_card plays each legal card of the seat to
// act: the cards in ascending order into cards[], their chances into chances[];
// returns how many.
int heuristic_card_chances(const Position& pos, Card* cards, double* chances);

// The chance that heuristic_card(pos, rng, noise) plays `card` (0 when it is not
// legal): the inference model's likelihood of a card (inference.h).
double heuristic_card_probability(const Position& pos, Card card, double noise);

// The `count` cards a seat would pass from `hand`: the most dangerous first
// (the most costly card and the cards above it in its suit, e.g. the Q♠, A♠,
// K♠, unless that suit is long enough to guard them, then the other costly
// cards, then the highest cards of the shortest suits).
CardSet heuristic_pass(const RuleSet& rules, CardSet hand, int count);
// Sets the seat's heuristic pass in `pos` (a split plan's parts by rote_part).
void set_heuristic_pass(Position& pos, int seat);
// blind-forward (docs/RULES.md §2.2 L47): the next link's pass while its packet is
// unseen (pos.blind_packet() non-empty): the packet itself (forward) when its own
// cards hold no point card and no spade above the J, else heuristic_pass of its own.
CardSet heuristic_blind_pass(const Position& pos);

// The `count` cards an into-hand kitty taker would discard from `hand` (they
// score for him): bonus cards, then the clean cards heuristic_pass finds most
// dangerous to keep, then the cheapest penalty cards.
CardSet heuristic_discard(const RuleSet& rules, CardSet hand, int count);

// A value for the decision due from the seat to act (phase kDeciding, decision.h),
// from its own hand: turbo's charge is the Q♠ when four lower spades guard it
// (it can then be kept until another seat must take it), else none; the shooter's
// moon form (shooter-choice) is the one its hand favours (Position::hand_moon_form);
// +super-charge's face is up for that Q♠, down for any other charge.
int heuristic_decision(const Position& pos, Rng& rng);

// The passes (a pass chain in its order, the pool dealt back) and the decisions
// still due before the play, made by the heuristic.
[[gnu::noinline]] void settle_before_play(Position& pos, Rng& rng);

// Plays the hand to its end with heuristic_card (passes with heuristic_pass,
// decisions with heuristic_decision).
// Inlined into each search's loop: as a call of its own the card loop lost ~2% of the
// ISMCTS instructions (the world's fields went through memory around each play).
[[gnu::always_inline]] inline void play_out_heuristic(Position& pos, Rng& rng, double noise) {
  if (pos.phase() == Phase::kPassing || pos.phase() == Phase::kDeciding) [[unlikely]] settle_before_play(pos, rng);
  while (pos.phase() == Phase::kPlaying) pos.play(heuristic_card(pos, rng, noise));
}

}  // namespace copas
