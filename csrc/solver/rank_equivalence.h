// Rank equivalence: one move per run of interchangeable cards.
//
// Two legal cards of one suit are interchangeable when no card still in play
// (in a hand or on the table) lies between them and they share a card class
// (solver_rules.h): whichever is played, the rest of the hand is the same
// position class, so the search tries one card of each run (its highest).
#pragma once

#include "../cards.h"
#include "solver_rules.h"

namespace copas::solver {

// One card (the highest) of each run of interchangeable cards in `legal`;
// `in_play` is every card in a hand or in the trick in progress.
CardSet run_representatives(const SolverRules& sr, CardSet legal, CardSet in_play);

// The representative of the run holding `card` (a card of `legal`).
Card run_representative(const SolverRules& sr, Card card, CardSet legal, CardSet in_play);
// The strength of the lowest card of the run whose representative is `top`.
int run_bottom_strength(const SolverRules& sr, Card top, CardSet legal, CardSet in_play);

}  // namespace copas::solver
