#include "transposition_table.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace copas::solver {

TranspositionTable::TranspositionTable(std::size_t bytes) {
  buckets_ = 1;
  while (buckets_ * 2 * sizeof(Bucket) <= bytes) buckets_ *= 2;
  // Aligned to the 2 MiB of a huge page when it spans one, so it can sit on them.
  constexpr std::size_t kHugePage = std::size_t{2} << 20;
  const std::size_t bytes_used = buckets_ * sizeof(Bucket);
  const std::size_t align = bytes_used >= kHugePage ? kHugePage : alignof(Bucket);
  void* memory = std::aligned_alloc(align, bytes_used);
  if (!memory) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  // Asked before the pages are first touched (clear() below); a refusal leaves small pages.
  if (align == kHugePage) madvise(memory, bytes_used, MADV_HUGEPAGE);
#endif
  table_.reset(static_cast<Bucket*>(memory));
  clear();
}

void TranspositionTable::Free::operator()(Bucket* b) const { std::free(b); }

const TableEntry* TranspositionTable::find(const PositionKey& key) const {
  const Bucket& b = bucket(key);
  for (const TableEntry& e : b.way)
    if (e.used && e.check == key.check()) return &e;
  return nullptr;
}

void TranspositionTable::store(const PositionKey& key, int lower, int upper, int move, int tricks_left) {
  Bucket& b = bucket(key);
  TableEntry* slot = nullptr;
  for (TableEntry& e : b.way) {
    if (e.used && e.check == key.check()) {
      slot = &e;
      lower = std::max<int>(lower, e.lower);
      upper = std::min<int>(upper, e.upper);
      if (move == kNoMove) move = e.move;
      break;
    }
  }
  if (!slot) {
    // Evict the entry that saves least: empty first, then older solves, then fewer tricks.
    auto priority = [&](const TableEntry& e) {
      if (!e.used) return -1;
      return (e.generation == generation_ ? 64 : 0) + e.tricks_left;
    };
    slot = &b.way[0];
    for (TableEntry& e : b.way)
      if (priority(e) < priority(*slot)) slot = &e;
  }
  slot->check = key.check();
  slot->lower = static_cast<std::int16_t>(std::clamp(lower, INT16_MIN, INT16_MAX));
  slot->upper = static_cast<std::int16_t>(std::clamp(upper, INT16_MIN, INT16_MAX));
  slot->move = static_cast<std::uint8_t>(move);
  slot->tricks_left = static_cast<std::uint8_t>(tricks_left);
  slot->generation = generation_;
  slot->used = 1;
}

void TranspositionTable::clear() { std::fill(table_.get(), table_.get() + buckets_, Bucket{}); }

}  // namespace copas::solver
