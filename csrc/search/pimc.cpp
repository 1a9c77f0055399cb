#include "pimc.h"

namespace copas {

std::int64_t run_pimc(const Position& root, const WorldSampler& sampler, solver::Solver& solver,
                      SearchControl& control, Rng& rng, std::int64_t max_iterations,
                      std::vector<MoveStats>& stats) {
  // One slot per legal card of the root (the same in every world: the seat's
  // own hand and the public state decide them).
  for (CardSet moves = root.legal_moves(); moves;) {
    MoveStats m;
    m.card = pop_lowest(moves);
    stats.push_back(m);
  }
  Card cards[kMaxPlays];
  int values[kMaxPlays];
  std::int64_t done = 0;
  Position world;
  while (max_iterations < 0 || done < max_iterations) {
    world = root;
    if (!sampler.sample(rng, world)) break;
    const int n = solver.solve_moves(world, cards, values);
    for (int i = 0; i < n; ++i)
      for (MoveStats& m : stats)
        if (m.card == cards[i]) m.add(values[i]);
    ++done;
    // Solves are slow enough to read the clock after each one.
    if (control.add_and_check(1, true)) break;
  }
  return done;
}

}  // namespace copas
