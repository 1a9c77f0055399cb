// Move-generation count ("perft"): the number of distinct play sequences of a
// given length from a position, by exhaustive play/undo. A check on legal_moves.
#pragma once

#include <cstdint>

#include "position.h"

namespace copas {

std::uint64_t perft(Position& pos, int depth);

}  // namespace copas
