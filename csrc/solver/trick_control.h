// Trick control: what a seat can force about its own trick-taking for the rest
// of the hand, whatever the others do, read at a trick boundary after the
// first trick (whose special rules these do not model).
//
// Taking every trick: per suit the seat holds at least as many cards above all
// the others' cards of the suit as any other seat holds of it, so it beats
// whatever is led, then leads those winners until the others are void, then
// its remaining cards of the suit win too.
// Losing every trick: every card the seat holds is below every card the others
// hold of its suit, and when it is the one to lead it can lead a suit some
// other seat still holds; a led card then always beats it and it never leads again.
#pragma once

#include <cstdint>

#include "../position.h"
#include "solver_rules.h"

namespace copas::solver {

// Seats (bit per seat) that can take every remaining trick.
std::uint32_t seats_taking_every_trick(const SolverRules& sr, const Position& pos);
bool can_lose_every_trick(const SolverRules& sr, const Position& pos, int seat);

}  // namespace copas::solver
