// Limits of one search and the shared controls every search thread obeys:
// an iteration cap, a wall-clock deadline and a stop flag set from any thread.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace copas {

struct SearchLimits {
  std::int64_t movetime_ms = -1;  // < 0: none
  std::int64_t iterations = -1;   // < 0: none
  bool infinite = false;          // run until stop()
};

class SearchControl {
 public:
  using Clock = std::chrono::steady_clock;

  void start(const SearchLimits& limits) {
    limits_ = limits;
    stop_.store(false, std::memory_order_relaxed);
    iterations_.store(0, std::memory_order_relaxed);
    started_ = Clock::now();
    // With no limit at all, about one second (docs/PROTOCOL.md).
    if (!limits.infinite && limits.movetime_ms < 0 && limits.iterations < 0) limits_.movetime_ms = 1000;
  }
  void stop() { stop_.store(true, std::memory_order_relaxed); }
  bool stopped() const { return stop_.load(std::memory_order_relaxed); }

  // Adds `done` iterations and says whether the search must end now. The clock
  // is read by the caller every few iterations only (it costs ~20 ns).
  bool add_and_check(std::int64_t done, bool read_clock) {
    const std::int64_t total = iterations_.fetch_add(done, std::memory_order_relaxed) + done;
    if (stopped()) return true;
    if (!limits_.infinite && limits_.iterations >= 0 && total >= limits_.iterations) return true;
    if (read_clock && !limits_.infinite && limits_.movetime_ms >= 0 && elapsed_ms() >= deadline_ms()) {
      stop();
      return true;
    }
    return false;
  }
  // Whether one more iteration may start (iteration cap only; for exact counts).
  bool may_start(std::int64_t started) const {
    return limits_.infinite || limits_.iterations < 0 || started < limits_.iterations;
  }

  std::int64_t iterations() const { return iterations_.load(std::memory_order_relaxed); }
  double elapsed_ms() const {
    return std::chrono::duration<double, std::milli>(Clock::now() - started_).count();
  }
  const SearchLimits& limits() const { return limits_; }

 private:
  // Leave a margin for building the answer and the protocol's round trip.
  double deadline_ms() const {
    const double margin = limits_.movetime_ms > 100 ? 15.0 : limits_.movetime_ms * 0.15;
    return static_cast<double>(limits_.movetime_ms) - margin;
  }

  SearchLimits limits_;
  std::atomic<bool> stop_{false};
  std::atomic<std::int64_t> iterations_{0};
  Clock::time_point started_ = Clock::now();
};

}  // namespace copas
