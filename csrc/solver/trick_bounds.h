// Bounds on the root seat's cost inside a trick, from who can still win it.
//
// Without a moon the root's final cost is its plain points: those taken, plus
// some of the cards still in play. Inside a trick, the cards already on the
// table go to the root only if it can still win the trick, and surely do when
// it has played the winning card and no seat still to play can beat it. A
// trick holding a moon card that no moon candidate can win ends the moon. These
// bounds are sharper than the trick-start ones (outcome.h) as soon as the
// trick's winner is partly decided, so a null-window test can stop before the
// last plays of a trick.
#pragma once

#include "../position.h"
#include "outcome.h"
#include "solver_rules.h"

namespace copas::solver {

// True when, inside a trick, none of the moon `candidates` (outcome.h) can shoot
// any more: none is left, or the trick holds a moon card and none of them can
// still win it.
bool moon_ended_in_trick(const SolverRules& sr, const Position& pos, std::uint32_t candidates);

// The root's points taken, and the positive and negative points still in play
// (hands and the trick): fixed within a trick, so worked out at its first node.
struct PlainPoints {
  int taken;
  int positive;
  int negative;
};
PlainPoints plain_points(const SolverRules& sr, const Position& pos, int root);
// The same, with `in_play` (cards_in_play) already worked out.
inline PlainPoints plain_points(const SolverRules& sr, const Position& pos, int root, CardSet in_play) {
  return {sr.points(pos.won(root)), sr.positive_points(in_play), sr.negative_points(in_play)};
}

// False when plain_costs_in_trick cannot reach the window (alpha, beta) whoever
// wins the trick: a cheap test first.
bool in_trick_bounds_may_cut(const SolverRules& sr, const Position& pos, const PlainPoints& points, int alpha,
                             int beta);

// The least and greatest cost `root` can end with from `pos`, a position inside
// a trick (after its first card) where no seat can shoot the moon any more;
// `points` are plain_points of the position. Only lo and hi are set;
// without_moon_hi equals hi.
CostRange plain_costs_in_trick(const SolverRules& sr, const Position& pos, int root, const PlainPoints& points);

}  // namespace copas::solver
