#include "trick_bounds.h"

namespace copas::solver {

CostRange plain_costs_in_trick(const SolverRules& sr, const Position& pos, int root) {
  const int n = pos.players();
  const int length = pos.trick_length();
  const int led = pos.led_suit();
  const int first = pos.num_plays() - length;
  int winning = -1;  // strength of the card winning so far
  int winner = -1;
  bool root_played = false;
  for (int i = 0; i < length; ++i) {
    const PlayRecord& rec = pos.play_record(first + i);
    root_played |= rec.seat == root;
    if (rec.card.suit() == led && sr.strength_of(rec.card) > winning) {
      winning = sr.strength_of(rec.card);
      winner = rec.seat;
    }
  }
  const Lane beats = ~((2u << winning) - 1);  // led-suit strengths above the winning card
  bool root_can_win = false, root_surely_wins = false;
  if (root_played) {
    root_can_win = winner == root;
    root_surely_wins = root_can_win;
    // Seats still to play follow the turn; any with a higher led card could take it.
    for (int i = 0, s = pos.turn(); i < n - length; ++i, s = s + 1 == n ? 0 : s + 1)
      if (sr.lane(pos.hand(s), led) & beats) root_surely_wins = false;
  } else {
    root_can_win = (sr.lane(pos.hand(root), led) & beats) != 0;
  }
  const CardSet trick = pos.trick_cards();
  const CardSet hands = cards_in_play(pos) & ~trick;
  const int taken = sr.points(pos.won(root));
  const int trick_lo = root_surely_wins ? sr.points(trick) : root_can_win ? sr.negative_points(trick) : 0;
  const int trick_hi = root_surely_wins ? sr.points(trick) : root_can_win ? sr.positive_points(trick) : 0;
  const int lo = taken + sr.negative_points(hands) + trick_lo;
  const int hi = taken + sr.positive_points(hands) + trick_hi;
  return sr.cost_sign() > 0 ? CostRange{lo, hi, hi} : CostRange{-hi, -lo, -lo};
}

}  // namespace copas::solver
