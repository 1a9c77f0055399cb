#include "hand_score.h"

namespace copas {

void apply_hand_terms(const RuleSet& r, MoonRule moon, const HandTally& t, std::int32_t* out) {
  const int n = r.players;
  int shooter = -1;
  if (t.over && moon != MoonRule::kNone && r.moon != MoonRule::kNone && r.moon_cards != 0)
    for (int s = 0; s < n; ++s)
      if ((t.won[s] & r.moon_cards) == r.moon_cards) shooter = s;
  if (shooter >= 0) {
    // super-moon (A25): twice the variant's moon value when the shooter won every trick.
    const int value = r.moon_value * (r.super_moon && t.tricks_won[shooter] == t.tricks_done ? 2 : 1);
    switch (moon) {
      case MoonRule::kOthersPlus:
        // A22/A23: the shooter scores 0 whatever else he took; the others keep
        // cards outside the moon (the J♦ taker: 26 - 10 = 16, CF-7).
        for (int s = 0; s < n; ++s)
          out[s] = s == shooter ? 0 : value + r.points_of(t.won[s] & t.scoring_cards & ~r.moon_cards);
        break;
      case MoonRule::kSelfMinus: out[shooter] = -value; break;
      case MoonRule::kNone: break;
    }
  }
  for (int s = 0; s < n; ++s) {
    // ten-of-death: after the J♦ bonus (A23); a moon's shooter is not doubled.
    if ((t.won[s] & r.doubling_cards) && s != shooter) out[s] *= 2;
    if (t.over && t.tricks_won[s] == 0) out[s] += r.clean_hand_points;
  }
}

}  // namespace copas
