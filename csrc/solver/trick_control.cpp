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
    // The two longest holdings, and the two highest holders' top cards: what the
    // others of any one seat add up to.
    int longest = 0, second_longest = 0, longest_seat = -1;
    Lane all = 0;
    for (int s = 0; s < n; ++s) {
      lanes[s] = sr.lane(pos.hand(s), suit);
      all |= lanes[s];
      const int len = bit_count(lanes[s]);
      if (len > longest) {
        second_longest = longest;
        longest = len;
        longest_seat = s;
      } else if (len > second_longest) {
        second_longest = len;
      }
    }
    if (!all) continue;
    for (std::uint32_t c = able; c; c &= c - 1) {
      const int s = __builtin_ctz(c);
      const Lane others = all & ~lanes[s];
      if (!others) continue;
      const int most = s == longest_seat ? second_longest : longest;
      if (bit_count(lanes[s] & above(top_strength(others))) < most) able &= ~(1u << s);
    }
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
