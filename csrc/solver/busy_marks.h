// The trick boundaries the threads of one solve are expanding right now, so a
// thread can leave a position another is already searching for later (ABDADA,
// Weill 1996): where every move must be searched, the threads then split the
// moves between them instead of searching the same ones in step, and by the
// time a thread comes back to a deferred move the other has usually stored its
// value in the shared table.
//
// A mark is the position's table check word in a slot chosen by it. Marks are
// hints: a lost one (two positions in one slot) or a stale one only changes
// the order moves are searched in, never a value.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>

namespace copas::solver {

class BusyMarks {
 public:
  bool busy(std::uint64_t check) const { return slot(check).load(std::memory_order_relaxed) == check; }
  void mark(std::uint64_t check) { slot(check).store(check, std::memory_order_relaxed); }
  void unmark(std::uint64_t check) {
    std::uint64_t expected = check;  // only its own mark: another may have taken the slot since
    slot(check).compare_exchange_strong(expected, 0, std::memory_order_relaxed);
  }

  // Marks `check` busy for the lifetime of the guard (also when a search ends by an exception).
  class Guard {
   public:
    Guard(BusyMarks& marks, std::uint64_t check) : marks_(marks), check_(check) { marks_.mark(check_); }
    ~Guard() { marks_.unmark(check_); }
    Guard(const Guard&) = delete;
    Guard& operator=(const Guard&) = delete;

   private:
    BusyMarks& marks_;
    std::uint64_t check_;
  };

 private:
  // Far more slots than the boundaries on two threads' search paths (13 each at most).
  static constexpr std::size_t kSlots = 1024;
  std::atomic<std::uint64_t>& slot(std::uint64_t check) const { return slots_[check % kSlots]; }
  mutable std::array<std::atomic<std::uint64_t>, kSlots> slots_{};
};

}  // namespace copas::solver
