#include "outcome.h"

#include <algorithm>
#include <climits>

#include "../hand_score.h"
#include "trick_control.h"

namespace copas::solver {

CardSet cards_in_hands(const Position& pos) {
  CardSet cards = 0;
  for (int s = 0; s < pos.players(); ++s) cards |= pos.hand(s);
  return cards;
}

CardSet cards_in_play(const Position& pos) { return cards_in_hands(pos) | pos.trick_cards(); }

namespace {

// The root's side (side_of), without a call for the plain game.
std::uint32_t side_seats(const RuleSet& r, int root) { return r.teams ? side_of(r, root) : 1u << root; }

// Who ends with every moon card, as a seat of the side sees it (its own moon: own_moon_score).
enum class MoonBy : std::uint8_t { kNobody, kOther };

// A shooter's own score (seat_hand_score), `multiplier` 2 for a super moon.
int own_moon_score(const RuleSet& r, int multiplier) {
  return r.moon == MoonRule::kOthersPlus ? 0 : -r.moon_value * multiplier;
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

// Every score of the ends with moon outcome `moon` and card points in
// [points_lo, points_hi], the terms added as seat_hand_score adds them: the
// moon's value, then the doubling (a factor 1 or 2: the interval's ends stay its
// ends), then the clean-hand term of a seat that took nothing, then the floor at zero.
[[gnu::always_inline]] inline Span ends(const RuleSet& r, MoonBy moon, int mult_hi, int points_lo, int points_hi, const SeatOpenings& o) {
  int moon_lo = 0, moon_hi = 0;
  if (moon == MoonBy::kOther && r.moon == MoonRule::kOthersPlus) {
    const int value = r.moon_value;
    moon_lo = std::min(value, value * mult_hi);
    moon_hi = std::max(value, value * mult_hi);
  }
  Span span{points_lo + moon_lo, points_hi + moon_hi};
  if (o.doubled) {
    span = {2 * span.lo, 2 * span.hi};
  } else if (o.may_double) {
    span = {std::min(span.lo, 2 * span.lo), std::max(span.hi, 2 * span.hi)};
  }
  if (o.may_clean) {  // no points and no doubling card
    span.add(moon_lo + r.clean_hand_points);
    span.add(moon_hi + r.clean_hand_points);
  }
  // rook's floor (seat_hand_score's last term): monotone, so the ends stay the ends.
  if (r.hand_floor_zero) span = {std::max(span.lo, 0), std::max(span.hi, 0)};
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

// What `seat`'s score can still become.
// `in_play`: cards_in_play(pos), or 0 when it takes no more. Inlined: measured
// 5% fewer instructions for the whole solve on american than as a call.
[[gnu::always_inline]] inline SeatSpans seat_spans(const SolverRules& sr, const Position& pos, int seat, std::uint32_t candidates,
                     CardSet in_play) {
  const RuleSet& r = sr.rules();
  const bool takes_no_more = in_play == 0;
  const CardSet won = pos.won(seat);
  const int taken = sr.points(won);
  const SeatOpenings o{(won & r.doubling_cards) != 0, (in_play & r.doubling_cards) != 0,
                       r.clean_hand_points != 0 && pos.tricks_won(seat) == 0};
  SeatSpans out;
  // Some candidate holds every moon card already (then it is the only candidate).
  const bool shot = candidates && !(candidates & (candidates - 1)) &&
                    (pos.won(__builtin_ctz(candidates)) & r.moon_cards) == r.moon_cards;
  out.nobody = ends(r, MoonBy::kNobody, 1, taken + sr.negative_points(in_play), taken + sr.positive_points(in_play), o);
  if (!shot) out.all.add(out.nobody);
  const bool self_can = (candidates >> seat & 1) && (!takes_no_more || (won & r.moon_cards) == r.moon_cards);
  if (self_can) {  // its own moon: the moon's value alone
    out.all.add(own_moon_score(r, 1));
    out.all.add(own_moon_score(r, moon_multiplier_hi(r, pos, seat)));
  }
  if (const std::uint32_t others = candidates & ~(1u << seat)) {
    int mult_hi = 1;
    for (std::uint32_t c = r.super_moon ? others : 0; c; c &= c - 1)
      mult_hi = std::max(mult_hi, moon_multiplier_hi(r, pos, __builtin_ctz(c)));
    // Another seat shoots: this one takes no moon card, only the rest (worth nothing in most variants).
    const CardSet rest = in_play & ~r.moon_cards;
    const bool more = sr.points_outside_moon();
    out.all.add(ends(r, MoonBy::kOther, mult_hi, taken + (more ? sr.negative_points(rest) : 0),
                     taken + (more ? sr.positive_points(rest) : 0), o));
  }
  return out;
}

// A span of scores as a span of costs.
Span as_costs(const SolverRules& sr, const Span& s) {
  return sr.cost_sign() > 0 ? s : Span{-s.hi, -s.lo};
}

// The root side's cost for a tally of the hand, scored as the core scores it.
int side_cost(const SolverRules& sr, const HandTally& t, int root) {
  const RuleSet& r = sr.rules();
  const int shooter = moon_shooter(r, r.moon, t);
  int score = 0;
  for (std::uint32_t side = side_seats(r, root); side; side &= side - 1) {
    const int s = __builtin_ctz(side);
    score += seat_hand_score(r, r.moon, t, shooter, s, sr.points(t.won[s]));
  }
  return sr.cost_sign() * score;
}

// The side's cost when `seat` takes every card still in play and every trick left.
int cost_if_one_takes_all(const SolverRules& sr, const Position& pos, int root, int seat, CardSet in_play) {
  const int n = pos.players();
  CardSet won[kMaxPlayers];
  std::uint8_t tricks[kMaxPlayers];
  const int left = count(pos.hand(seat));  // at a trick boundary: the tricks to play
  for (int s = 0; s < n; ++s) {
    won[s] = pos.won(s) | (s == seat ? in_play : 0);
    tricks[s] = static_cast<std::uint8_t>(pos.tricks_won(s) + (s == seat ? left : 0));
  }
  return side_cost(sr, HandTally{won, tricks, pos.tricks_done() + left, true, &sr.view()}, root);
}

// Whether the past must be keyed with the side's points taken: a moon, a
// doubling card or the floor at zero (rook: the rest of the hand is then not
// added to them) can still change what they are worth.
bool points_keyed(const SolverRules& sr, const Position& pos, std::uint32_t candidates) {
  const CardSet doubling = sr.rules().doubling_cards;
  return candidates != 0 || sr.rules().hand_floor_zero || (doubling && (doubling & cards_in_play(pos)));
}

// What the root side can force (a ceiling on its cost) and what the others can
// force on it (a floor): a seat able to take every trick left (trick_control.h).
void forced_by_taking_all(const SolverRules& sr, const Position& pos, int root, std::uint32_t side, CardSet in_play,
                          int& ceiling, int& floor) {
  for (std::uint32_t able = seats_taking_every_trick(sr, pos); able; able &= able - 1) {
    const int s = __builtin_ctz(able);
    const int cost = cost_if_one_takes_all(sr, pos, root, s, in_play);
    if (side >> s & 1) {
      ceiling = std::min(ceiling, cost);
    } else {
      floor = std::max(floor, cost);
    }
  }
}

// The plain game (SolverRules::plain_scoring): the score `root` gets when
// `shooter` takes every moon card, given the score it would have without the moon.
int moon_score(const RuleSet& r, int shooter, int root, int plain_score) {
  if (r.moon == MoonRule::kOthersPlus) return shooter == root ? 0 : r.moon_value;
  return shooter == root ? -r.moon_value : plain_score;
}

// The plain game: the root's greatest cost when another of the moon `candidates`
// shoots (INT_MIN when none can), its points taken being `taken`.
int others_moon_cost(const SolverRules& sr, int root, std::uint32_t candidates, int taken) {
  int worst = INT_MIN;
  for (std::uint32_t c = candidates & ~(1u << root); c; c &= c - 1)
    worst = std::max(worst, sr.cost_sign() * moon_score(sr.rules(), __builtin_ctz(c), root, taken));
  return worst;
}

// reachable_costs for the plain game, in closed form: the hot path of american
// and copas-fora (seat_spans below takes 2% more of a whole solve). The same
// bounds as seat_spans gives when nothing but points and a fixed moon score.
CostRange plain_reachable_costs(const SolverRules& sr, const Position& pos, int root, std::uint32_t candidates) {
  const RuleSet& r = sr.rules();
  const CardSet in_play = cards_in_play(pos);
  const int taken = sr.points(pos.won(root));
  // Without a moon: what is taken plus any part of what is left.
  const int plain_lo = taken + sr.negative_points(in_play);
  const int plain_hi = taken + sr.positive_points(in_play);
  int ceiling = INT_MAX, floor = INT_MIN;
  // Rivals whose moon the root can stop (trick_control.h): their moons leave its
  // ceiling (with a low goal, where the ceiling is hi), not its floor.
  std::uint32_t stoppable = 0;
  if (pos.trick_length() == 0 && pos.tricks_done() > 0) {
    forced_by_taking_all(sr, pos, root, 1u << root, in_play, ceiling, floor);
    const int rivals_moon = others_moon_cost(sr, root, candidates, taken);
    if (can_lose_every_trick(sr, pos, root)) {
      // The root takes nothing more: its plain score stays, unless another seat shoots.
      ceiling = std::min(ceiling, std::max(sr.cost_sign() * taken, rivals_moon));
    }
    // Asked only where a rival's moon would raise the ceiling (not in the early
    // hand, where the points in play are the whole deck).
    if (sr.cost_sign() > 0 && rivals_moon > plain_hi)
      stoppable = moons_stoppable(sr, pos, root, candidates & ~(1u << root));
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
    const bool in_hi = !(stoppable >> s & 1);
    if (r.moon == MoonRule::kSelfMinus && s != root) {
      // The root keeps its plain score, within the plain range.
      lo = std::min(lo, plain_lo);
      if (in_hi) hi = std::max(hi, plain_hi);
    } else {
      const int v = moon_score(r, s, root, 0);
      lo = std::min(lo, v);
      if (in_hi) hi = std::max(hi, v);
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

}  // namespace

std::uint32_t moon_candidates(const SolverRules& sr, const Position& pos) {
  const CardSet in_play = cards_in_play(pos);
  std::uint32_t candidates = 0;
  for (int s = 0; s < pos.players(); ++s)
    if (can_shoot(sr, pos, s, in_play)) candidates |= 1u << s;
  return candidates;
}

bool can_shoot(const SolverRules& sr, const Position& pos, int seat, CardSet in_play) {
  const RuleSet& r = sr.rules();
  // Every moon card played so far is in the seat's tricks.
  return r.moon != MoonRule::kNone && r.moon_cards != 0 && (r.moon_cards & ~in_play & ~pos.won(seat)) == 0;
}

int losing_next_trick_ceiling(const SolverRules& sr, const Position& pos, int root, std::uint32_t candidates) {
  // A high goal's ceiling would need the root to keep negative points out: not counted.
  if (!sr.plain_scoring() || sr.cost_sign() < 0) return INT_MAX;
  const int taken = sr.points(pos.won(root));
  const int plain_hi = taken + sr.positive_points(cards_in_play(pos));
  const int moon = others_moon_cost(sr, root, candidates, taken);
  // Points kept out are moon cards (plain scoring) lost to the root: no moon of its
  // own. When another seat's moon would cost more, that trick must end it too: a
  // seat that cannot win a trick holding a moon card can no longer shoot.
  const std::uint32_t rivals = moon >= plain_hi ? candidates & ~(1u << root) : 0;
  const int shed = points_shed_losing_next_trick(sr, pos, root, rivals);
  if (shed == 0) return INT_MAX;
  return rivals ? plain_hi - shed : std::max(plain_hi - shed, moon);
}

int root_moon_cost(const SolverRules& sr) {
  return sr.cost_sign() * own_moon_score(sr.rules(), 1);
}

int final_cost(const SolverRules& sr, const Position& pos, int root) {
  // An early end scores otherwise (A19 annulled, A10 revoke): the core's whole scoring.
  if (pos.hand_end() == HandEnd::kAnnulled || pos.hand_end() == HandEnd::kRevoke) {
    std::int32_t scores[kMaxPlayers];
    pos.hand_scores(scores);
    int score = 0;
    for (std::uint32_t side = side_seats(sr.rules(), root); side; side &= side - 1) score += scores[__builtin_ctz(side)];
    return sr.cost_sign() * score;
  }
  return side_cost(sr, pos.tally(), root);
}

CostRange reachable_costs(const SolverRules& sr, const Position& pos, int root, std::uint32_t candidates) {
  if (sr.plain_scoring()) return plain_reachable_costs(sr, pos, root, candidates);
  const RuleSet& r = sr.rules();
  const std::uint32_t side = side_seats(r, root);
  const CardSet in_play = cards_in_play(pos);
  // The side's cost is the sum of its seats' costs, each within its own span.
  int lo = 0, hi = 0, without_moon_hi = 0;
  for (std::uint32_t rest = side; rest; rest &= rest - 1) {
    const SeatSpans spans = seat_spans(sr, pos, __builtin_ctz(rest), candidates, in_play);
    const Span all = as_costs(sr, spans.all);
    lo += all.lo;
    hi += all.hi;
    without_moon_hi += as_costs(sr, spans.nobody).hi;
  }
  int ceiling = INT_MAX, floor = INT_MIN;
  if (pos.trick_length() == 0 && pos.tricks_done() > 0) {
    forced_by_taking_all(sr, pos, root, side, in_play, ceiling, floor);
    // The root alone can lose every trick; a partner's score would not follow.
    if (r.teams == 0 && can_lose_every_trick(sr, pos, root))
      ceiling = std::min(ceiling, as_costs(sr, seat_spans(sr, pos, root, candidates, 0).all).hi);
  }
  // Each side's forced outcome bounds the value from its side.
  return {std::max(lo, floor), std::min(hi, ceiling), without_moon_hi};
}

std::uint64_t past_key(const SolverRules& sr, const Position& pos, int root, std::uint32_t candidates) {
  const RuleSet& r = sr.rules();
  // The plain game (a hot path): the root's points while a moon can replace them.
  if (sr.plain_scoring()) return candidates ? static_cast<std::uint16_t>(sr.points(pos.won(root))) : 0;
  const bool keyed = points_keyed(sr, pos, candidates);
  std::uint64_t key = 0;
  for (std::uint32_t side = side_seats(r, root); side; side &= side - 1) {
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
  if (sr.plain_scoring()) return sr.cost_sign() * sr.points(pos.won(root));  // the hot path, as below
  int score = 0;
  for (std::uint32_t side = side_seats(r, root); side; side &= side - 1) {
    const int s = __builtin_ctz(side);
    score += sr.points(pos.won(s)) * ((pos.won(s) & r.doubling_cards) ? 2 : 1);
  }
  return sr.cost_sign() * score;
}

}  // namespace copas::solver
