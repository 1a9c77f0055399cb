#include "trick_bounds.h"

#include <algorithm>

namespace copas::solver {

namespace {

// The trick in progress: who holds it, with what, and which seats have played.
struct TrickState {
  int led = 0;
  Lane beats = 0;  // led-suit strengths above the card winning so far
  int winner = -1;
  std::uint32_t played = 0;  // bit per seat
  int positive = 0;          // points of the cards on the table
  int negative = 0;
};

TrickState read_trick(const SolverRules& sr, const Position& pos) {
  TrickState t;
  t.led = pos.led_suit();
  int winning = -1;
  const int first = pos.num_plays() - pos.trick_length();
  for (int i = 0; i < pos.trick_length(); ++i) {
    const PlayRecord& rec = pos.play_record(first + i);
    t.played |= 1u << rec.seat;
    const int points = sr.card_points(rec.card);
    (points > 0 ? t.positive : t.negative) += points;
    if (rec.card.suit() == t.led && sr.strength_of(rec.card) > winning) {
      winning = sr.strength_of(rec.card);
      t.winner = rec.seat;
    }
  }
  t.beats = strengths_above(winning);
  return t;
}

// Whether `seat` may still end up winning the trick: it holds it now, or it is
// still to play and holds a led-suit card above the winning one.
bool can_win(const SolverRules& sr, const Position& pos, const TrickState& t, int seat) {
  if (t.played >> seat & 1) return t.winner == seat;
  return (sr.lane(pos.hand(seat), t.led) & t.beats) != 0;
}

}  // namespace

bool moon_ended_in_trick(const SolverRules& sr, const Position& pos, std::uint32_t candidates) {
  if ((pos.trick_cards() & sr.rules().moon_cards) == 0) return candidates == 0;
  const TrickState t = read_trick(sr, pos);
  for (std::uint32_t c = candidates; c; c &= c - 1)
    if (can_win(sr, pos, t, __builtin_ctz(c))) return false;
  return true;
}

PlainPoints plain_points(const SolverRules& sr, const Position& pos, int root) {
  return plain_points(sr, pos, root, cards_in_play(pos));
}

bool in_trick_bounds_may_cut(const SolverRules& sr, const Position& pos, const PlainPoints& points, int alpha,
                             int beta) {
  const CardSet trick = pos.trick_cards();
  const int tp = sr.positive_points(trick), tn = sr.negative_points(trick);
  // The tightest each bound can be, whoever wins the trick.
  const int hi_min = points.taken + points.positive - std::max(tp, -tn);
  const int lo_max = points.taken + points.negative + std::max(tp, -tn);
  return sr.cost_sign() > 0 ? (hi_min <= alpha || lo_max >= beta) : (-lo_max <= alpha || -hi_min >= beta);
}

CostRange plain_costs_in_trick(const SolverRules& sr, const Position& pos, int root, const PlainPoints& points) {
  const TrickState t = read_trick(sr, pos);
  const bool root_can_win = can_win(sr, pos, t, root);
  // Held by the root, and no seat still to play can beat it.
  bool root_surely_wins = root_can_win && (t.played >> root & 1);
  for (int s = 0; s < pos.players() && root_surely_wins; ++s)
    if (!(t.played >> s & 1) && can_win(sr, pos, t, s)) root_surely_wins = false;
  // Each bound drops the table's points of the sign that do not surely come to the root.
  const int lo = points.taken + points.negative - (root_can_win ? 0 : t.negative) + (root_surely_wins ? t.positive : 0);
  const int hi = points.taken + points.positive - (root_can_win ? 0 : t.positive) + (root_surely_wins ? t.negative : 0);
  return sr.cost_sign() > 0 ? CostRange{lo, hi, hi} : CostRange{-hi, -lo, -lo};
}

}  // namespace copas::solver
