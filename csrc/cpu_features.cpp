#include "cpu_features.h"

#include <cstdlib>

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#endif

namespace copas {

bool bmi2_fast_now() {
#if defined(__x86_64__) && defined(__GNUC__)
  if (const char* env = std::getenv("COPAS_PORTABLE_SELECT"); env && env[0] == '1') return false;
  unsigned a, b, c, d;
  if (!__get_cpuid(0, &a, &b, &c, &d)) return false;
  const bool intel = b == 0x756e6547 && d == 0x49656e69 && c == 0x6c65746e;  // "GenuineIntel"
  const bool amd = b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163;    // "AuthenticAMD"
  if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_POPCNT)) return false;
  const unsigned family = ((a >> 8) & 0xf) == 0xf ? 0xf + ((a >> 20) & 0xff) : (a >> 8) & 0xf;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d) || !(b & bit_BMI2)) return false;
  return intel || (amd && family >= 0x19);
#else
  return false;
#endif
}

}  // namespace copas
