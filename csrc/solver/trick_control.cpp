#include "trick_control.h"

namespace copas::solver {

namespace {

int top_strength(Lane lane) { return 31 - __builtin_clz(lane); }
Lane above(int strength) { return ~((2u << strength) - 1); }

}  // namespace

std::uint32_t seats_taking_every_trick(const SolverRules& sr, const Position& pos) {
  const int n = pos.players();
  std::uint32_t able = (1u << n) - 1;
  for (int suit = 0; suit < kNumSuits && able; ++suit) {
    Lane lanes[kMaxPlayers];
    Lane all = 0;
    for (int s = 0; s < n; ++s) all |= lanes[s] = sr.lane(pos.hand(s), suit);
    if (!all) continue;
    // Only the holder of the suit's top card can take every trick: any other
    // seat holds no card above it, and a suit where it holds none is lost.
    const Lane top_card = 1u << top_strength(all);
    int top = 0;
    while (!(lanes[top] & top_card)) ++top;
    able &= 1u << top;
    const Lane others = all & ~lanes[top];
    if (!able || !others) continue;
    int most = 0;  // the longest holding among the others
    for (int s = 0; s < n; ++s)
      if (s != top && bit_count(lanes[s]) > most) most = bit_count(lanes[s]);
    if (bit_count(lanes[top] & above(top_strength(others))) < most) able = 0;
  }
  return able;
}

bool can_lose_every_trick(const SolverRules& sr, const Position& pos, int seat) {
  CardSet others = 0;
  for (int s = 0; s < pos.players(); ++s)
    if (s != seat) others |= pos.hand(s);
  CardSet safe_leads = 0;  // suits the seat could lead under a card of another seat
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const Lane mine = sr.lane(pos.hand(seat), suit);
    if (!mine) continue;
    const Lane theirs = sr.lane(others, suit);
    if (theirs & ~above(top_strength(mine))) return false;  // another seat holds a lower card
    if (theirs) safe_leads |= suit_mask(suit);
  }
  if (pos.turn() != seat) return true;
  return (pos.legal_moves() & safe_leads) != 0;
}

}  // namespace copas::solver
