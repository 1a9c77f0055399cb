// A match's running score: each finished hand added to the totals under the
// match rules that need more than one hand (VARIANTS.md §2.3): the conditional
// reverse moon (A24) and exact-score resets (A26). The end of the match is
// match_outcome() (rules.h).
#pragma once

#include <cstdint>

#include "position.h"
#include "rules.h"

namespace copas {

struct MatchScore {
  std::int32_t totals[kMaxPlayers] = {};
  // exact-score (c): bit per seat that dropped to target/2 after the last hand.
  std::uint32_t exact_pending = 0;
};

// Adds the finished hand `hand` to `match`; `hand_out` gets the hand's scores
// as they count (the moon in the form the match chose). Totals may then be
// reset by exact-score, so they need not be the sum of the hand scores.
void add_hand(const Position& hand, MatchScore& match, std::int32_t* hand_out);

}  // namespace copas
