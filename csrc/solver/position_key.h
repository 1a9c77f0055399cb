// The transposition-table key of a position at a trick boundary.
//
// The key holds what the rest of the hand depends on and nothing of the past
// that does not matter: per suit the cards still in play in relative-rank form
// (each seat's cards renumbered among the suit's remaining cards, and where the
// suit's card classes sit among them), the seat to lead, the root seat, the
// hearts-broken flag, the moon candidates and outcome.h's past_key. While a
// moon (or a doubling card) can change what they are worth, the root side's
// points taken are in past_key; otherwise the table stores the value of the rest
// of the hand alone (final cost minus past_cost), which any past can reuse. Interchangeable suits (solver_rules.h) are
// put in a canonical order, so a position and its suit-swapped twin share an
// entry.
#pragma once

#include <array>
#include <cstdint>

#include "../position.h"
#include "solver_rules.h"

namespace copas::solver {

// The murmur3 64-bit finaliser (this key's hashes and relaxed_ceiling.h's): every input bit affects every output bit.
constexpr std::uint64_t fmix64(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

class PositionKey {
 public:
  PositionKey(const SolverRules& sr, const Position& pos, int root, std::uint32_t moon_candidates);

  std::uint64_t check() const { return check_; }  // stored in the entry
  std::uint64_t index() const { return index_; }  // places it: an independent hash of the same words

  // A card as the key sees it (canonical suit, cards in play above it), so a best
  // move stored by one position of the entry can be replayed in another.
  int relative_card(Card c) const;
  Card absolute_card(int relative) const;

 private:
  const SolverRules* sr_;
  Lane in_play_[kNumSuits] = {};
  std::array<std::uint8_t, kNumSuits> slot_of_suit_{};  // canonical position of each suit
  std::array<std::uint8_t, kNumSuits> suit_of_slot_{};
  std::uint64_t check_ = 0;
  std::uint64_t index_ = 0;
};

}  // namespace copas::solver
