// The baseline: plain alpha-beta over every legal card in card order, with no
// table, no move ordering, no rank equivalence and no bounds. Same paranoid
// value as Solver; kept for tests and to measure what the solver's techniques buy.
#pragma once

#include <cstdint>

#include "../position.h"

namespace copas::solver {

struct PlainResult {
  int value = 0;  // the seat to act's final hand score
  std::uint64_t nodes = 0;
};

PlainResult solve_plain(const Position& pos);

}  // namespace copas::solver
