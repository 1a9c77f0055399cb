// Move ordering for the paranoid search. The order never changes a value, only
// the work: alpha-beta cuts as soon as it meets a refutation.
//
// Two plans are tried first depending on what the window asks:
//  - points: the root seat keeps points away from itself (ducks, discards its
//    point cards; leads first a card every other seat holding the suit must
//    beat), the other seats push points onto it; while the root's own
//    moon would beat the window they first throw point cards on each other's
//    tricks, which ends that moon;
//  - moon: when only another seat's moon can reach the window (the root could
//    not be given enough points without one), the others play for that seat
//    (`shooter`) to take every point card, and the root tries to catch one.
#pragma once

#include "../position.h"
#include "solver_rules.h"

namespace copas::solver {

constexpr int kMaxMoves = 64;  // no hand holds more cards than that

// The seat among `candidates` (moon candidates other than the root) best placed
// to shoot: the one holding the highest point card in play, or -1.
int likely_shooter(const SolverRules& sr, const Position& pos, std::uint32_t candidates);

struct MovePlan {
  int shooter = -1;             // >= 0: the moon plan, for this seat
  bool stop_root_moon = false;  // the root's moon would beat the window
  // The root leads its top cards first, point cards before others: another
  // order for a helper thread (solver.h), measured the better one on many
  // positions while a moon is possible, and much the worse on others.
  bool root_cashes = false;
};

// Writes the cards of `moves` best-first into `out` and returns how many;
// `first` (when it is one of `moves`) goes first: the table's best move.
int order_moves(const SolverRules& sr, const Position& pos, int root, const MovePlan& plan, CardSet moves,
                int first, Card* out);

}  // namespace copas::solver
