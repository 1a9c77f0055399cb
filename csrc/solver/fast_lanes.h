// Lane bit gathers by BMI2 PEXT/PDEP where the CPU has them fast (cpu_features.h).
//
// Written as inline assembly, since the default x86-64 target the wheels are built
// for cannot emit them: call them only where bmi2_is_fast(). with_lane_compress
// runs a body with the fastest compress_lane and bit_count (solver_rules.h) this
// CPU allows; both ways give the same results.
#pragma once

#include "../cpu_features.h"
#include "solver_rules.h"

namespace copas::solver {

#if defined(__x86_64__) && defined(__GNUC__)
#define COPAS_HAS_PEXT_LANES 1
struct PextLanes {
  // compress_lane: the bits of `lane` at the set bits of `within`, packed low.
  static Lane compress(Lane lane, Lane within) {
    Lane out;
    asm("pext %2, %1, %0" : "=r"(out) : "r"(lane), "r"(within));
    return out;
  }
  // bit_count (solver_rules.h) by POPCNT, which bmi2_is_fast() also requires.
  static int count(Lane lane) {
    Lane out;
    asm("popcnt %1, %0" : "=r"(out) : "r"(lane));
    return static_cast<int>(out);
  }
  // The inverse of compress: the low bits of `packed` placed at the set bits of `within`.
  static Lane expand(Lane packed, Lane within) {
    Lane out;
    asm("pdep %2, %1, %0" : "=r"(out) : "r"(packed), "r"(within));
    return out;
  }
};
#endif

struct TableLanes {
  static Lane compress(Lane lane, Lane within) { return compress_lane(lane, within); }
  static int count(Lane lane) { return bit_count(lane); }
};

// Runs body(lanes) with PextLanes on a CPU where they are fast, else TableLanes.
template <class Body>
[[gnu::always_inline]] inline decltype(auto) with_lane_compress(Body&& body) {
#ifdef COPAS_HAS_PEXT_LANES
  if (bmi2_is_fast()) return body(PextLanes{});
#endif
  return body(TableLanes{});
}

}  // namespace copas::solver
