#include "pimc.h"

namespace copas {

std::int64_t run_pimc(const Position& root, const WorldSource& worlds, solver::Solver& solver,
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
  // A deep world can take seconds to solve: the clock and the stop flag end it
  // early (nothing is counted), so the answer keeps to the time limit.
  solver.set_stop_check([](void* c) { return static_cast<SearchControl*>(c)->add_and_check(0, true); }, &control);
  while (max_iterations < 0 || done < max_iterations) {
    world = root;
    if (!worlds.sample(rng, world)) break;
    int n = 0;
    try {
      n = solver.solve_moves(world, cards, values);
    } catch (const solver::Solver::Stopped&) {
      break;
    }
    for (int i = 0; i < n; ++i)
      for (MoveStats& m : stats)
        if (m.card == cards[i]) m.add(values[i]);
    ++done;
    // Solves are slow enough to read the clock after each one.
    if (control.add_and_check(1, true)) break;
  }
  solver.set_stop_check(nullptr, nullptr);
  return done;
}

}  // namespace copas
