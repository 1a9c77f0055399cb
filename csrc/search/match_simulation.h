// Whole matches played out by the playout policy from a given state: the direct
// simulation that the match-equity table (match_equity.h) is checked against.
#pragma once

#include <cstdint>

#include "../match.h"
#include "../rules.h"

namespace copas {

// `matches` matches of `rules` from `from` to their end (hands dealt at random,
// passed and played by the playout policy with `noise`, added by add_hand);
// `wins[s]` gets seat s's share of them (a shared win split between the sides).
// A match still going after `max_hands` hands is counted as a split between all.
void simulate_match_wins(const RuleSet& rules, const MatchState& from, std::int64_t matches, std::uint64_t seed,
                         double noise, double* wins, int max_hands = 1000);

}  // namespace copas
