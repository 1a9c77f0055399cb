// Perfect-information Monte Carlo: deal many worlds (the sampler, or an inference pool), solve each
// exactly with the double-dummy solver (every legal card's paranoid value for
// the seat: with teams its side's summed score, as ISMCTS plays for), and average. Strong late in a hand, where each solve is cheap.
#pragma once

#include <cstdint>
#include <vector>

#include "../position.h"
#include "../rng.h"
#include "../solver/solver.h"
#include "move_stats.h"
#include "inference.h"
#include "search_control.h"

namespace copas {

std::int64_t run_pimc(const Position& root, const WorldSource& worlds, solver::Solver& solver,
                      SearchControl& control, Rng& rng, std::int64_t max_iterations,
                      std::vector<MoveStats>& stats);

}  // namespace copas
