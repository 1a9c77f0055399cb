// Small fields packed into 64-bit words, for the table keys (position_key.cpp,
// relaxed_ceiling.cpp) to hash a word at a time.
#pragma once

#include <cstdint>

namespace copas::solver {

// Packs small fields into 64-bit words, lowest bits first (a field that does not
// fit starts the next word). The word being filled stays in a register.
class WordPacker {
 public:
  explicit WordPacker(std::uint64_t* words) : words_(words) {}
  void add(std::uint64_t value, int bits) {
    if (used_ + bits > 64) {
      words_[at_++] = word_;
      word_ = 0;
      used_ = 0;
    }
    word_ |= value << used_;
    used_ += bits;
  }
  // Writes the last word; returns how many were written.
  int finish() {
    words_[at_] = word_;
    return at_ + 1;
  }

 private:
  std::uint64_t* words_;
  std::uint64_t word_ = 0;
  int at_ = 0;
  int used_ = 0;
};

}  // namespace copas::solver
