#include "outcome.h"

#include "trick_control.h"

#include <algorithm>
#include <climits>

namespace copas::solver {

CardSet cards_in_play(const Position& pos) {
  CardSet in_play = pos.trick_cards();
  for (int s = 0; s < pos.players(); ++s) in_play |= pos.hand(s);
  return in_play;
}


namespace {

// The score `root` gets when `shooter` takes every moon card, given the score
// it would have without the moon.
int moon_score(const RuleSet& r, int shooter, int root, int plain_score) {
  if (r.moon == MoonRule::kOthersPlus) return shooter == root ? 0 : r.moon_value;
  return shooter == root ? -r.moon_value : plain_score;  // kSelfMinus: the others keep theirs
}

}  // namespace

std::uint32_t moon_candidates(const SolverRules& sr, const Position& pos) {
  const RuleSet& r = sr.rules();
  if (r.moon == MoonRule::kNone || r.moon_cards == 0) return 0;
  const CardSet played_moon = r.moon_cards & ~cards_in_play(pos);
  std::uint32_t candidates = 0;
  for (int s = 0; s < pos.players(); ++s)
    if ((played_moon & ~pos.won(s)) == 0) candidates |= 1u << s;
  return candidates;
}

int root_moon_cost(const SolverRules& sr) { return sr.cost_sign() * moon_score(sr.rules(), 0, 0, 0); }

int final_cost(const SolverRules& sr, const Position& pos, int root) {
  const RuleSet& r = sr.rules();
  const int plain = sr.points(pos.won(root));
  int score = plain;
  if (r.moon != MoonRule::kNone && r.moon_cards != 0) {
    for (int s = 0; s < pos.players(); ++s)
      if ((pos.won(s) & r.moon_cards) == r.moon_cards) score = moon_score(r, s, root, plain);
  }
  return sr.cost_sign() * score;
}

// The root's cost when `seat` takes every card still in play.
int cost_if_one_takes_all(const SolverRules& sr, const Position& pos, int root, int seat, CardSet in_play) {
  const RuleSet& r = sr.rules();
  const int plain = sr.points(pos.won(root) | (seat == root ? in_play : 0));
  int score = plain;
  if (r.moon != MoonRule::kNone && r.moon_cards != 0) {
    for (int s = 0; s < pos.players(); ++s)
      if (((pos.won(s) | (s == seat ? in_play : 0)) & r.moon_cards) == r.moon_cards)
        score = moon_score(r, s, root, plain);
  }
  return sr.cost_sign() * score;
}

CostRange reachable_costs(const SolverRules& sr, const Position& pos, int root, std::uint32_t candidates) {
  const RuleSet& r = sr.rules();
  const CardSet in_play = cards_in_play(pos);
  const int taken = sr.points(pos.won(root));
  // Without a moon: what is taken plus any part of what is left.
  const int plain_lo = taken + sr.negative_points(in_play);
  const int plain_hi = taken + sr.positive_points(in_play);
  // What the root can force (a ceiling) and what the others can force on it (a floor).
  int ceiling = INT_MAX, floor = INT_MIN;
  if (pos.trick_length() == 0 && pos.tricks_done() > 0) {
    for (std::uint32_t able = seats_taking_every_trick(sr, pos); able; able &= able - 1) {
      const int s = __builtin_ctz(able);
      const int cost = cost_if_one_takes_all(sr, pos, root, s, in_play);
      if (s == root) {
        ceiling = std::min(ceiling, cost);
      } else {
        floor = std::max(floor, cost);
      }
    }
    if (can_lose_every_trick(sr, pos, root)) {
      // The root takes nothing more: its plain score stays, unless another seat shoots.
      int worst = sr.cost_sign() * taken;
      for (std::uint32_t c = candidates & ~(1u << root); c; c &= c - 1)
        worst = std::max(worst, sr.cost_sign() * moon_score(r, __builtin_ctz(c), root, taken));
      ceiling = std::min(ceiling, worst);
    }
  }
  bool plain_possible = true;
  for (std::uint32_t c = candidates; c; c &= c - 1) {
    const int s = __builtin_ctz(c);
    if ((pos.won(s) & r.moon_cards) == r.moon_cards) plain_possible = false;  // already shot
  }
  int lo = plain_possible ? plain_lo : INT_MAX;
  int hi = plain_possible ? plain_hi : INT_MIN;
  for (std::uint32_t c = candidates; c; c &= c - 1) {
    const int s = __builtin_ctz(c);
    if (r.moon == MoonRule::kSelfMinus && s != root) {
      // The root keeps its plain score, within the plain range.
      lo = std::min(lo, plain_lo);
      hi = std::max(hi, plain_hi);
    } else {
      const int v = moon_score(r, s, root, 0);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  if (sr.cost_sign() < 0) {
    std::swap(lo, hi);
    lo = -lo;
    hi = -hi;
  }
  // Each side's forced outcome bounds the value from its side.
  const int without_moon_hi = std::max(sr.cost_sign() * plain_lo, sr.cost_sign() * plain_hi);
  return {std::max(lo, floor), std::min(hi, ceiling), without_moon_hi};
}

}  // namespace copas::solver
