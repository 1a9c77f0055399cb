// Chips instead of points (docs/RULES.md §19 betting-chips): the match's totals are
// each seat's chips, the pot (Montão) is MatchState::pot, a seat on 0 chips is out
// of the game and the last one holding chips wins. A hand is dealt to the seats
// still in, in seat order: hand seat i is the i-th match seat with chips.
#pragma once

#include <cstdint>

#include "match.h"

namespace copas {

// Whether the rules play for chips (RuleSet::start_chips > 0).
inline bool plays_for_chips(const RuleSet& r) { return r.start_chips > 0; }

// The seats of `match` still in the game (chips > 0), bit per seat.
std::uint32_t seats_in_play(const MatchState& match);

// Settles one hand of `players` seats (hand seat i = the i-th match seat still in)
// into `match`. `pays[i]`: what hand seat i owes the pot; `claims[i]`: what it
// takes from it after every payment. A seat that cannot pay in full pays what it
// has (A52c). The claims are paid in turn from hand seat `first`, each in full
// while the pot holds it; what the pot keeps carries to the next hand.
void settle_chips(MatchState& match, int players, const std::int32_t* pays, const std::int32_t* claims,
                  int first);

// settle_chips for the hand seats `seat_of` (hand seat i is match seat seat_of[i]),
// whatever their chips: auction's seats stay in until the hand is settled (A53d).
void settle_chips_of(MatchState& match, const int* seat_of, int players, const std::int32_t* pays,
                     const std::int32_t* claims, int first);

// betting-chips (§19, A52b): each of the N seats pays h x (N - 1) for the h hearts
// it took, then takes B - h, B being the hearts in play (or 13 under
// chip_base_all_hearts); the takings go round from the dealer's left.
void settle_betting_hand(const Position& hand, MatchState& match);

// The end of a chips match: over once at most one seat holds chips; it wins (no
// seat with chips: the seats share the draw).
MatchOutcome chips_outcome(const MatchState& match, int players);

}  // namespace copas
