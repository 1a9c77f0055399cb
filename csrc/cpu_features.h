// What the CPU the library runs on offers beyond the default x86-64 target the
// wheels are built for, looked up once at run time.
#pragma once

namespace copas {

// POPCNT and BMI2 present, and PDEP/PEXT fast: every Intel CPU with BMI2, AMD from
// Zen 3 (family 19h); earlier AMD CPUs run them in slow microcode. False off x86-64,
// and when COPAS_PORTABLE_SELECT=1 is in the environment (to compare the portable
// ways with these, or to time them). Callers use them through inline assembly.
// Inline: the hot paths ask it at every call (a load and a branch once known).
bool bmi2_fast_now();  // the lookup itself
inline bool bmi2_is_fast() {
  static const bool fast = bmi2_fast_now();
  return fast;
}

}  // namespace copas
