// The root seat's final score, and what it can still become, from a position.
//
// Scores are handled as costs (cost = sign * score, sign from the goal) so the
// root seat always minimises. The moon makes a hand's value non-additive: the
// final cost is the points the root seat has taken plus those it will take,
// unless some seat ends with every moon card, and then it is the moon's fixed
// outcome. So besides the points taken, what the rest of the hand needs from
// the past is only which seats can still shoot ("moon candidates": every moon
// card already played sits in that seat's tricks).
#pragma once

#include <cstdint>

#include "../position.h"
#include "solver_rules.h"

namespace copas::solver {

// The cards not yet played: every hand and the trick in progress.
CardSet cards_in_play(const Position& pos);

// Seats that can still end with every moon card (bit per seat); none when the
// rules have no moon.
std::uint32_t moon_candidates(const SolverRules& sr, const Position& pos);

// The root's cost when it shoots the moon itself.
int root_moon_cost(const SolverRules& sr);

// Cost of the finished hand `pos` for `root` (hand_scores, moon included).
int final_cost(const SolverRules& sr, const Position& pos, int root);

// Bounds on the value for `root`: the least and greatest final cost it can
// still end with, from the points in play and the moon candidates, narrowed at
// trick boundaries by what trick control lets either side force
// (trick_control.h); lo == hi when the hand is decided.
struct CostRange {
  int lo;
  int hi;
  int without_moon_hi;  // the greatest cost if nobody shoots the moon
};
CostRange reachable_costs(const SolverRules& sr, const Position& pos, int root, std::uint32_t candidates);

}  // namespace copas::solver
