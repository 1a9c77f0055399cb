// A fixed-size transposition table of bounds on the rest of a hand's value.
//
// Allocated once (the size given in bytes, rounded down to a power of two of
// 64-byte buckets of four entries), on huge pages where the system gives them
// (a probe lands anywhere in the table: with 4 KiB pages nearly every one also
// misses the TLB), and reused across solves: an entry is a fact
// about a position class, true whatever search stored it, so entries stay valid
// until the rules change (the solver clears the table then). An entry is found
// by a 64-bit index hash and checked by an independent 64-bit check word, so a
// false match needs both to collide (about 2^-64 per probe).
//
// Threads of one solve share the table without locks: an entry is two words,
// the check XORed with the data, so a read torn by another thread's write fails
// the check instead of pairing one entry's check with another's bounds.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "position_key.h"

namespace copas::solver {

// What an entry says (a copy: another thread may rewrite the entry meanwhile).
struct TableEntry {
  std::int16_t lower = 0;        // the value is >= lower
  std::int16_t upper = 0;        // the value is <= upper
  std::uint8_t move = 0;         // best card found for the seat to lead (relative_card), or kNoMove
  std::uint8_t tricks_left = 0;  // how much work the entry saves: the replacement priority
  std::uint8_t generation = 0;
  std::uint8_t used = 0;
};
static_assert(sizeof(TableEntry) == 8);

class TranspositionTable {
 public:
  static constexpr std::uint8_t kNoMove = 0xff;
  static constexpr int kWays = 4;

  explicit TranspositionTable(std::size_t bytes);

  // Starts loading the key's bucket into the cache, for a find or store soon after.
  void prefetch(const PositionKey& key) const { __builtin_prefetch(&bucket(key.index())); }
  void prefetch(std::uint64_t index) const { __builtin_prefetch(&bucket(index)); }
  // Copies the entry for this position class into `out`; false when there is none.
  bool find(const PositionKey& key, TableEntry& out) const { return find(key.index(), key.check(), out); }
  // Adds the bounds [lower, upper] (intersected with what the entry holds).
  void store(const PositionKey& key, int lower, int upper, int move, int tricks_left) {
    store(key.index(), key.check(), lower, upper, move, tricks_left);
  }
  // The same for any other kind of key given as its two independent hashes (the
  // relaxed game's, relaxed_ceiling.h, which shares the table and its memory bound).
  bool find(std::uint64_t index, std::uint64_t check, TableEntry& out) const;
  void store(std::uint64_t index, std::uint64_t check, int lower, int upper, int move, int tricks_left);
  void clear();
  // Marks later stores as newer, so they are preferred over earlier solves' entries.
  // Called between solves, when no other thread uses the table.
  void new_generation() { ++generation_; }

  std::size_t bytes() const { return buckets_ * sizeof(Bucket); }

 private:
  // Relaxed atomics: plain moves on x86, and no data race for the compiler to exploit.
  struct Slot {
    std::atomic<std::uint64_t> tagged{0};  // the check XOR data
    std::atomic<std::uint64_t> data{0};    // a TableEntry's bytes
    // Copies the entry into `out` when the slot holds one with this check, whole.
    bool holds(std::uint64_t check, TableEntry& out) const;
  };
  struct alignas(64) Bucket {
    Slot way[kWays];
  };
  static_assert(sizeof(Bucket) == 64);
  Bucket& bucket(std::uint64_t index) const { return table_[index & (buckets_ - 1)]; }

  struct Free {
    void operator()(Bucket* b) const;
  };
  std::size_t buckets_ = 0;
  std::unique_ptr<Bucket[], Free> table_;
  std::uint8_t generation_ = 0;
};

}  // namespace copas::solver
