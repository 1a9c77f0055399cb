#include "outcome.h"

#include <algorithm>
#include <climits>

#include "../hand_score.h"
#include "trick_control.h"

namespace copas::solver {

CardSet cards_in_play(const Position& pos) {
  CardSet in_play = pos.trick_cards();
  for (int s = 0; s < pos.players(); ++s) in_play |= pos.hand(s);
  return in_play;
}

namespace {

// Who ends with every moon card, as a seat of the side sees it.
enum class MoonBy : std::uint8_t { kNobody, kSelf, kOther };

// A seat's hand score for one way the hand can end, as apply_hand_terms scores
// it: `points` its card points (outside the moon cards when another seat shoots),
// `multiplier` 2 for a super moon.
int end_score(const RuleSet& r, MoonBy moon, int multiplier, int points, bool doubled, bool clean) {
  if (moon == MoonBy::kSelf) return r.moon == MoonRule::kOthersPlus ? 0 : -r.moon_value * multiplier;
  int score = points;
  if (moon == MoonBy::kOther && r.moon == MoonRule::kOthersPlus) score += r.moon_value * multiplier;
  if (doubled) score *= 2;
  if (clean) score += r.clean_hand_points;
  return score;
}

// The least and greatest of a set of scores.
struct Span {
  int lo = INT_MAX;
  int hi = INT_MIN;
  void add(int v) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  void add(const Span& o) {
    lo = std::min(lo, o.lo);
    hi = std::max(hi, o.hi);
  }
};

// What can still change a seat's score besides its points.
struct SeatOpenings {
  bool doubled;     // it holds a doubling card already
  bool may_double;  // it may still take one
  bool may_clean;   // it has won no trick yet
};

// Every score of the ends with moon outcome `moon`: end_score is linear in the
// points and the multiplier for each doubling choice, so the corners bound it.
Span ends(const RuleSet& r, MoonBy moon, int mult_hi, int points_lo, int points_hi, const SeatOpenings& o) {
  Span span;
  for (int m = 1; m <= mult_hi; ++m) {
    for (const int p : {points_lo, points_hi}) {
      if (!o.doubled) span.add(end_score(r, moon, m, p, false, false));
      if (o.doubled || o.may_double) span.add(end_score(r, moon, m, p, true, false));
    }
    // A clean hand took nothing: no points and no doubling card.
    if (o.may_clean && moon != MoonBy::kSelf) span.add(end_score(r, moon, m, 0, false, true));
  }
  return span;
}

// 2 when a super moon by `seat` is still possible (it has won every trick), else 1.
int moon_multiplier_hi(const RuleSet& r, const Position& pos, int seat) {
  return r.super_moon && pos.tricks_won(seat) == pos.tricks_done() ? 2 : 1;
}

struct SeatSpans {
  Span all;     // every end
  Span nobody;  // the ends without a moon
};

// What `seat`'s score can still become; `takes_no_more`: when it wins no more trick.
SeatSpans seat_spans(const SolverRules& sr, const Position& pos, int seat, std::uint32_t candidates,
                     bool takes_no_more) {
  const RuleSet& r = sr.rules();
  const CardSet in_play = takes_no_more ? 0 : cards_in_play(pos);
  const CardSet won = pos.won(seat);
  const int taken = sr.points(won);
  const SeatOpenings o{(won & r.doubling_cards) != 0, (in_play & r.doubling_cards) != 0,
                       r.clean_hand_points != 0 && pos.tricks_won(seat) == 0};
  SeatSpans out;
  bool shot = false;  // some candidate holds every moon card already
  for (std::uint32_t c = candidates; c; c &= c - 1)
    if ((pos.won(__builtin_ctz(c)) & r.moon_cards) == r.moon_cards) shot = true;
  out.nobody = ends(r, MoonBy::kNobody, 1, taken + sr.negative_points(in_play), taken + sr.positive_points(in_play), o);
  if (!shot) out.all.add(out.nobody);
  const bool self_can = (candidates >> seat & 1) && (!takes_no_more || (won & r.moon_cards) == r.moon_cards);
  if (self_can) out.all.add(ends(r, MoonBy::kSelf, moon_multiplier_hi(r, pos, seat), 0, 0, o));
  if (const std::uint32_t others = candidates & ~(1u << seat)) {
    int mult_hi = 1;
    for (std::uint32_t c = others; c; c &= c - 1) mult_hi = std::max(mult_hi, moon_multiplier_hi(r, pos, __builtin_ctz(c)));
    // Another seat shoots: this one takes no moon card, only the rest.
    const CardSet rest = in_play & ~r.moon_cards;
    out.all.add(ends(r, MoonBy::kOther, mult_hi, taken + sr.negative_points(rest), taken + sr.positive_points(rest), o));
  }
  return out;
}

// A span of scores as a span of costs.
Span as_costs(const SolverRules& sr, const Span& s) {
  return sr.cost_sign() > 0 ? s : Span{-s.hi, -s.lo};
}

// The side's cost when `seat` takes every card still in play and every trick left.
int cost_if_one_takes_all(const SolverRules& sr, const Position& pos, int root, int seat, CardSet in_play) {
  const RuleSet& r = sr.rules();
  const int n = pos.players();
  CardSet won[kMaxPlayers];
  std::uint8_t tricks[kMaxPlayers];
  std::int32_t scores[kMaxPlayers];
  const int left = count(pos.hand(seat));  // at a trick boundary: the tricks to play
  for (int s = 0; s < n; ++s) {
    won[s] = pos.won(s) | (s == seat ? in_play : 0);
    tricks[s] = static_cast<std::uint8_t>(pos.tricks_won(s) + (s == seat ? left : 0));
    scores[s] = sr.points(won[s]);
  }
  apply_hand_terms(r, r.moon, HandTally{won, tricks, pos.tricks_done() + left, true, r.deck}, scores);
  int side_score = 0;
  for (std::uint32_t side = side_of(r, root); side; side &= side - 1) side_score += scores[__builtin_ctz(side)];
  return sr.cost_sign() * side_score;
}

// Whether the past must be keyed with the side's points taken: a moon or a
// doubling card can still change what they are worth.
bool points_keyed(const SolverRules& sr, const Position& pos, std::uint32_t candidates) {
  return candidates != 0 || (sr.rules().doubling_cards & cards_in_play(pos)) != 0;
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

int root_moon_cost(const SolverRules& sr) {
  return sr.cost_sign() * end_score(sr.rules(), MoonBy::kSelf, 1, 0, false, false);
}

int final_cost(const SolverRules& sr, const Position& pos, int root) {
  std::int32_t scores[kMaxPlayers];
  pos.hand_scores(scores);
  int side_score = 0;
  for (std::uint32_t side = side_of(sr.rules(), root); side; side &= side - 1) side_score += scores[__builtin_ctz(side)];
  return sr.cost_sign() * side_score;
}

CostRange reachable_costs(const SolverRules& sr, const Position& pos, int root, std::uint32_t candidates) {
  const RuleSet& r = sr.rules();
  const std::uint32_t side = side_of(r, root);
  // The side's cost is the sum of its seats' costs, each within its own span.
  int lo = 0, hi = 0, without_moon_hi = 0;
  for (std::uint32_t rest = side; rest; rest &= rest - 1) {
    const SeatSpans spans = seat_spans(sr, pos, __builtin_ctz(rest), candidates, false);
    const Span all = as_costs(sr, spans.all);
    lo += all.lo;
    hi += all.hi;
    without_moon_hi += as_costs(sr, spans.nobody).hi;
  }
  // What the root side can force (a ceiling) and what the others can force on it (a floor).
  int ceiling = INT_MAX, floor = INT_MIN;
  if (pos.trick_length() == 0 && pos.tricks_done() > 0) {
    const CardSet in_play = cards_in_play(pos);
    for (std::uint32_t able = seats_taking_every_trick(sr, pos); able; able &= able - 1) {
      const int s = __builtin_ctz(able);
      const int cost = cost_if_one_takes_all(sr, pos, root, s, in_play);
      if (side >> s & 1) {
        ceiling = std::min(ceiling, cost);
      } else {
        floor = std::max(floor, cost);
      }
    }
    // The root alone can lose every trick; a partner's score would not follow.
    if (r.teams == 0 && can_lose_every_trick(sr, pos, root))
      ceiling = std::min(ceiling, as_costs(sr, seat_spans(sr, pos, root, candidates, true).all).hi);
  }
  // Each side's forced outcome bounds the value from its side.
  return {std::max(lo, floor), std::min(hi, ceiling), without_moon_hi};
}

std::uint64_t past_key(const SolverRules& sr, const Position& pos, int root, std::uint32_t candidates) {
  const RuleSet& r = sr.rules();
  const bool keyed = points_keyed(sr, pos, candidates);
  std::uint64_t key = 0;
  for (std::uint32_t side = side_of(r, root); side; side &= side - 1) {
    const int s = __builtin_ctz(side);
    std::uint64_t word = keyed ? static_cast<std::uint16_t>(sr.points(pos.won(s))) : 0;
    if (pos.won(s) & r.doubling_cards) word |= 1u << 16;
    if (r.clean_hand_points != 0 && pos.tricks_won(s) > 0) word |= 1u << 17;
    // Exact for one or two seats (a multiple of this constant below 2^18 is far from 0 mod 2^64).
    key = key * 0x9e3779b97f4a7c15ULL + word;
  }
  if (r.super_moon) {
    for (std::uint32_t c = candidates; c; c &= c - 1) {
      const int s = __builtin_ctz(c);
      if (pos.tricks_won(s) == pos.tricks_done()) key = key * 0x9e3779b97f4a7c15ULL + std::uint64_t(s + 1);
    }
  }
  return key;
}

int past_cost(const SolverRules& sr, const Position& pos, int root, std::uint32_t candidates) {
  if (points_keyed(sr, pos, candidates)) return 0;
  const RuleSet& r = sr.rules();
  int score = 0;
  for (std::uint32_t side = side_of(r, root); side; side &= side - 1) {
    const int s = __builtin_ctz(side);
    score += sr.points(pos.won(s)) * ((pos.won(s) & r.doubling_cards) ? 2 : 1);
  }
  return sr.cost_sign() * score;
}

}  // namespace copas::solver
