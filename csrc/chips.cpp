#include "chips.h"

namespace copas {

std::uint32_t seats_in_play(const MatchState& match) {
  std::uint32_t seats = 0;
  for (int s = 0; s < kMaxPlayers; ++s)
    if (match.totals[s] > 0) seats |= 1u << s;
  return seats;
}

void settle_chips(MatchState& match, int players, const std::int32_t* pays, const std::int32_t* claims,
                  int first) {
  int seat_of[kMaxPlayers] = {};
  int k = 0;
  for (std::uint32_t in = seats_in_play(match); in && k < players; in &= in - 1) seat_of[k++] = __builtin_ctz(in);
  settle_chips_of(match, seat_of, players, pays, claims, first);
}

void settle_chips_of(MatchState& match, const int* seat_of, int players, const std::int32_t* pays,
                     const std::int32_t* claims, int first) {
  for (int i = 0; i < players; ++i) {
    std::int32_t& chips = match.totals[seat_of[i]];
    const std::int32_t paid = pays[i] < chips ? pays[i] : chips;  // A52c: what it has
    chips -= paid;
    match.pot += paid;
  }
  for (int j = 0; j < players; ++j) {
    const int i = (first + j) % players;
    const std::int32_t taken = claims[i] < match.pot ? claims[i] : match.pot;
    match.totals[seat_of[i]] += taken;
    match.pot -= taken;
  }
}

void settle_betting_hand(const Position& hand, MatchState& match) {
  const RuleSet& r = hand.rules();
  const int n = hand.players();
  std::int32_t hearts[kMaxPlayers], pays[kMaxPlayers], claims[kMaxPlayers];
  std::int32_t in_play = 0;  // every heart dealt is taken by the end of the hand
  for (int s = 0; s < n; ++s) in_play += hearts[s] = count(hand.won(s) & r.point_cards);
  const std::int32_t base = r.chip_base_all_hearts ? count(r.point_cards) : in_play;
  for (int s = 0; s < n; ++s) {
    pays[s] = hearts[s] * (n - 1);
    claims[s] = base - hearts[s];
  }
  settle_chips(match, n, pays, claims, (hand.dealer() + 1) % n);
}

MatchOutcome chips_outcome(const MatchState& match, int players) {
  MatchOutcome out;
  const std::uint32_t in = seats_in_play(match);
  if (__builtin_popcount(in) > 1) return out;
  out.over = true;
  out.winners = in ? in : (players >= 32 ? ~0u : (1u << players) - 1);
  return out;
}

}  // namespace copas
