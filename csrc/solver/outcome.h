// The root side's final score, and what it can still become, from a position.
//
// Scores are handled as costs (cost = sign * score, sign from the goal) so the
// root side always minimises. The root side is the root seat, or with teams
// (rules.teams) the root seat and its partners, whose hand scores are summed.
//
// A seat's final score is its card points unless some seat ends with every moon
// card, and then the moon's outcome; on top of that the copas-fora scoring
// options: a doubling card (ten-of-death) doubles its taker's score, a seat that
// wins no trick gets clean_hand_points, and super-moon doubles the moon of a
// shooter who won every trick. Leaves are scored by the core
// (Position::hand_scores); the bounds below enumerate the ways the hand can
// still end for each seat of the side, so they stay sound under every option.
// Besides the points taken, what the rest of the hand needs from the past is
// which seats can still shoot ("moon candidates": every moon card already played
// sits in that seat's tricks), and for the options the facts past_key names.
#pragma once

#include <cstdint>

#include "../position.h"
#include "solver_rules.h"

namespace copas::solver {

// Every card in a hand.
CardSet cards_in_hands(const Position& pos);
// The cards not yet played: every hand and the trick in progress.
CardSet cards_in_play(const Position& pos);

// Seats that can still end with every moon card (bit per seat); none when the
// rules have no moon.
std::uint32_t moon_candidates(const SolverRules& sr, const Position& pos);
// Whether `seat` is one of them, from `in_play` (cards_in_play): cheaper than all seats.
bool can_shoot(const SolverRules& sr, const Position& pos, int seat, CardSet in_play);

// The root's cost when it shoots the moon itself (without a super moon).
int root_moon_cost(const SolverRules& sr);

// Cost of the finished hand `pos` for the root's side (hand_scores, moon included).
int final_cost(const SolverRules& sr, const Position& pos, int root);

// Bounds on the value for `root`: the least and greatest final cost it can
// still end with, from the points in play and the moon candidates, narrowed at
// trick boundaries by what trick control lets either side force and, in the
// plain game, by the rivals' moons the root can stop (trick_control.h); lo == hi
// when the hand is decided.
struct CostRange {
  int lo;
  int hi;
  int without_moon_hi;  // the greatest cost if nobody shoots the moon
};
CostRange reachable_costs(const SolverRules& sr, const Position& pos, int root, std::uint32_t candidates);

// A second ceiling on the root's cost at a trick boundary after the first trick:
// in the plain game with a low goal, the points in play less those the root
// keeps out of its tricks by losing the next one (trick_control.h), in a trick
// that also ends any other seat's moon that would cost it more. Dearer than reachable_costs, so asked only
// where nothing cheaper settled the position; INT_MAX when it knows nothing.
int losing_next_trick_ceiling(const SolverRules& sr, const Position& pos, int root, std::uint32_t candidates);

// The past as the rest of the hand's value depends on it, for the transposition
// table (position_key.h): 0 for the plain game without a moon in reach. It holds
// the side's points taken while a moon or a doubling card can still change what
// they are worth, which side seats hold a doubling card or have won a trick
// (clean-hand), and, for super-moon, which moon candidate has won every trick.
std::uint64_t past_key(const SolverRules& sr, const Position& pos, int root, std::uint32_t candidates);
// The part of the final cost the past has fixed when past_key does not hold the
// points taken (the table then stores the rest of the hand alone), else 0.
int past_cost(const SolverRules& sr, const Position& pos, int root, std::uint32_t candidates);

}  // namespace copas::solver
