#include "perft.h"

namespace copas {

std::uint64_t perft(Position& pos, int depth) {
  if (depth == 0 || pos.phase() != Phase::kPlaying) return 1;
  CardSet moves = pos.legal_moves();
  if (depth == 1) return static_cast<std::uint64_t>(count(moves));
  std::uint64_t total = 0;
  while (moves) {
    pos.play(pop_lowest(moves));
    total += perft(pos, depth - 1);
    pos.undo();
  }
  return total;
}

}  // namespace copas
