// Bounds on the root seat's cost inside a trick, from who can still win it.
//
// Without a moon the root's final cost is its plain points: those taken, plus
// some of the cards still in play. Inside a trick, the cards already on the
// table go to the root only if it can still win the trick, and surely do when
// it has played the winning card and no seat still to play can beat it. These
// bounds are sharper than the trick-start ones (outcome.h) as soon as the
// trick's winner is partly decided, so a null-window test can stop before the
// last plays of a trick.
#pragma once

#include "../position.h"
#include "outcome.h"
#include "solver_rules.h"

namespace copas::solver {

// The least and greatest cost `root` can end with from `pos`, a position inside
// a trick (after its first card) where no seat can shoot the moon any more.
// Only lo and hi are set; without_moon_hi equals hi.
CostRange plain_costs_in_trick(const SolverRules& sr, const Position& pos, int root);

}  // namespace copas::solver
