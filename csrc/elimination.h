// Elimination by points (RuleSet::eliminate_at_target; domino's end (b), docs/RULES.md
// §17): a seat whose total reaches the target is out of the match (MatchState::
// eliminated); the next hands are dealt to the seats still in, in seat order (hand
// seat i is the i-th of them, as under chips, csrc/chips.h); the last seat in wins.
// When every seat still in reaches the target in the same hand, the lowest total
// among them wins (shared on a tie).
#pragma once

#include <cstdint>

#include "match.h"

namespace copas {

// The match seats the next hand is dealt to, bit per seat: those holding chips
// (chips.h), those not eliminated, or all `players`.
std::uint32_t seats_still_in(const RuleSet& rules, const MatchState& match, int players);

// add_hand under elimination: the hand's scores (the moon as the hand scores it) go to
// the seats still in, then those at the target leave (unless none would stay).
void add_eliminating_hand(const Position& hand, MatchState& match, std::int32_t* hand_out);

MatchOutcome elimination_outcome(const RuleSet& rules, const MatchState& match, int players);

}  // namespace copas
