#include "transposition_table.h"

#include <algorithm>
#include <bit>
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
  // Asked before the pages are first touched (constructed below); a refusal leaves small pages.
  if (align == kHugePage) madvise(memory, bytes_used, MADV_HUGEPAGE);
#endif
  Bucket* buckets = static_cast<Bucket*>(memory);
  for (std::size_t i = 0; i < buckets_; ++i) new (&buckets[i]) Bucket;  // empty slots: zero words
  table_.reset(buckets);
}

void TranspositionTable::Free::operator()(Bucket* b) const { std::free(b); }

namespace {

std::uint64_t pack(const TableEntry& e) { return std::bit_cast<std::uint64_t>(e); }
TableEntry unpack(std::uint64_t word) { return std::bit_cast<TableEntry>(word); }

constexpr auto kRelaxed = std::memory_order_relaxed;

}  // namespace

bool TranspositionTable::Slot::holds(std::uint64_t check, TableEntry& out) const {
  const std::uint64_t word = data.load(kRelaxed);
  if (word == 0 || (tagged.load(kRelaxed) ^ word) != check) return false;
  out = unpack(word);
  return true;
}

bool TranspositionTable::find(std::uint64_t index, std::uint64_t check, TableEntry& out) const {
  for (const Slot& s : bucket(index).way)
    if (s.holds(check, out)) return true;
  return false;
}

void TranspositionTable::store(std::uint64_t index, std::uint64_t check, int lower, int upper, int move,
                               int tricks_left) {
  Bucket& b = bucket(index);
  Slot* slot = nullptr;
  for (Slot& s : b.way) {
    if (TableEntry e; s.holds(check, e)) {
      slot = &s;
      lower = std::max<int>(lower, e.lower);
      upper = std::min<int>(upper, e.upper);
      if (move == kNoMove) move = e.move;
      break;
    }
  }
  if (!slot) {
    // Evict the entry that saves least: empty first, then older solves, then fewer tricks.
    auto priority = [&](const Slot& s) {
      const TableEntry e = unpack(s.data.load(kRelaxed));
      if (!e.used) return -1;
      return (e.generation == generation_ ? 64 : 0) + e.tricks_left;
    };
    slot = &b.way[0];
    for (Slot& s : b.way)
      if (priority(s) < priority(*slot)) slot = &s;
  }
  TableEntry e;
  e.lower = static_cast<std::int16_t>(std::clamp(lower, INT16_MIN, INT16_MAX));
  e.upper = static_cast<std::int16_t>(std::clamp(upper, INT16_MIN, INT16_MAX));
  e.move = static_cast<std::uint8_t>(move);
  e.tricks_left = static_cast<std::uint8_t>(tricks_left);
  e.generation = generation_;
  e.used = 1;
  const std::uint64_t data = pack(e);
  slot->data.store(data, kRelaxed);
  slot->tagged.store(check ^ data, kRelaxed);
}

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < buckets_; ++i)
    for (Slot& s : table_[i].way) {
      s.data.store(0, kRelaxed);
      s.tagged.store(0, kRelaxed);
    }
}

}  // namespace copas::solver
