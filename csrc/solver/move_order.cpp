#include "move_order.h"

namespace copas::solver {

namespace {

// The trick in progress as the heuristics read it.
struct TrickView {
  int length = 0;
  int led = 0;
  int winning_strength = -1;  // strength of the card winning so far
  int winner = -1;            // seat playing it
  bool root_played = false;
  bool has_points = false;
};

TrickView view_trick(const SolverRules& sr, const Position& pos, int root) {
  TrickView t;
  t.length = pos.trick_length();
  const int first = pos.num_plays() - t.length;
  for (int i = 0; i < t.length; ++i) {
    const PlayRecord& rec = pos.play_record(first + i);
    if (i == 0) t.led = rec.card.suit();
    if (rec.seat == root) t.root_played = true;
    if (sr.card_points(rec.card) != 0) t.has_points = true;
    if (rec.card.suit() == t.led && sr.strength_of(rec.card) > t.winning_strength) {
      t.winning_strength = sr.strength_of(rec.card);
      t.winner = rec.seat;
    }
  }
  return t;
}

CardSet others_cards(const Position& pos, int seat) {
  CardSet others = 0;
  for (int s = 0; s < pos.players(); ++s)
    if (s != seat) others |= pos.hand(s);
  return others;
}

// What every heuristic reads about one candidate card.
struct MoveView {
  Card card;
  int strength;
  int cost;        // its points, as the root's cost
  bool follows;    // of the led suit (always true for a lead)
  bool takes_lead;  // beats the card winning so far
  bool top;        // no other seat holds a higher card of its suit
  int others_held;  // cards of its suit the other seats hold
  int own_held;     // cards of its suit the mover holds (itself included)
};

// True when every other seat holding the suit of the lead `m` must beat it,
// and one does: the lead cannot win its trick.
bool forced_under(const SolverRules& sr, const Position& pos, int leader, const MoveView& m) {
  bool held = false;
  for (int s = 0; s < pos.players(); ++s) {
    if (s == leader) continue;
    const Lane l = sr.lane(pos.hand(s), m.card.suit());
    if (!l) continue;
    if (__builtin_ctz(l) < m.strength) return false;
    held = true;
  }
  return held;
}

// Plan "points": the root avoids points, the others push points onto it.
int points_priority(const SolverRules& sr, const Position& pos, int root, const MovePlan& plan, const TrickView& t,
                    const MoveView& m) {
  const int mover = pos.turn();
  const bool stop_root_moon = plan.stop_root_moon;
  if (t.length == 0) {
    if (mover == root) {
      if (plan.root_cashes) return (m.top ? 1000 : 0) + m.strength + 20 * m.cost;
      if (forced_under(sr, pos, root, m)) return 2000 + 20 * m.cost + m.strength;
      // Lead under a card of another seat, best in a suit the others hold many
      // cards of: they must follow rather than throw points, so the proof that
      // the lead refutes is smaller (bench: 13 tricks, see discards below).
      return (m.top ? 0 : 1000) - 20 * m.cost - m.strength + 10 * m.others_held;
    }
    // Lead low into the root's suit, best where its lowest card beats this one.
    const Lane root_cards = sr.lane(pos.hand(root), m.card.suit());
    if (!root_cards) return -500 - m.strength;
    const bool root_overtakes = __builtin_ctz(root_cards) > m.strength;
    return 500 + (root_overtakes ? 300 : 0) + 10 * m.cost - m.strength;
  }
  if (mover == root) {
    // Discard points, then high cards, first from short suits: a new void gives
    // the root more ways to refute later, so smaller proofs. With the lead rule
    // above, on the bench: 13-trick nodes 28.1M/42.8M/61.3M -> 14.1M/28.3M/63.3M.
    if (!m.follows) return 100 + 20 * m.cost + m.strength - 30 * m.own_held;
    return m.takes_lead ? m.strength - 20 * m.cost : 100 + m.strength;  // duck as high as possible
  }
  if (t.root_played) {
    if (t.winner == root) return m.takes_lead ? -100 - m.strength : 200 + 20 * m.cost + m.strength;  // load its trick
    // The trick is not the root's: keep points for later, unless one ends its moon.
    return m.strength + (stop_root_moon ? 20 : -20) * m.cost;
  }
  if (!m.follows) return 20 * m.cost + m.strength;
  return -m.strength;  // low, so the root may have to win
}

// Plan "moon": the others route every point card to `shooter`, the root tries to catch one.
int moon_priority(const Position& pos, int root, int shooter, const TrickView& t, const MoveView& m) {
  const int mover = pos.turn();
  const int points = m.cost != 0 ? 1 : 0;
  if (mover == shooter) {
    if (t.length == 0) return (m.top ? 1000 : 0) + m.strength;  // cash winners
    if (!m.follows) return -100 * points - m.strength;           // never give a point card away
    return (m.takes_lead ? 1000 : 0) + m.strength;               // win, as high as possible
  }
  if (mover == root) {
    // Catch a point card: win a trick holding one, or slip one to a third seat.
    if (t.length == 0) return (m.top ? 500 + 100 * points : 0) + m.strength;
    if (m.follows) return (m.takes_lead ? 500 : 0) + m.strength;
    return (t.winner != shooter ? 300 * points : -100 * points) + m.strength;
  }
  // A helper: stay under the shooter and feed it points.
  if (t.length == 0) return -m.strength - 100 * points;
  if (t.winner == shooter) return (m.takes_lead ? -1000 : 0) + 100 * points + m.strength;
  return (m.takes_lead ? -200 : 0) - m.strength - 100 * points;
}

}  // namespace

int likely_shooter(const SolverRules& sr, const Position& pos, std::uint32_t candidates) {
  int best = -1, best_strength = -1;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    for (std::uint32_t c = candidates; c; c &= c - 1) {
      const int s = __builtin_ctz(c);
      CardSet point_cards = 0;
      for (CardSet h = pos.hand(s) & suit_mask(suit); h;) {
        const Card card = pop_lowest(h);
        if (sr.card_points(card) > 0) point_cards |= card.bit();
      }
      const Lane l = sr.lane(point_cards, suit);
      if (!l) continue;
      const int strength = 16 * suit + top_strength(l);
      if (strength > best_strength) {
        best_strength = strength;
        best = s;
      }
    }
  }
  if (best < 0 && candidates) best = __builtin_ctz(candidates);
  return best;
}

int order_moves(const SolverRules& sr, const Position& pos, int root, const MovePlan& plan, CardSet moves,
                int first, Card* out) {
  if ((moves & (moves - 1)) == 0) {  // one move or none: nothing to weigh
    if (moves) out[0] = lowest(moves);
    return moves ? 1 : 0;
  }
  const TrickView t = view_trick(sr, pos, root);
  const CardSet others = others_cards(pos, pos.turn());
  int priority[kMaxMoves];
  int n = 0;
  for (CardSet rest = moves; rest;) {
    MoveView m;
    m.card = pop_lowest(rest);
    m.strength = sr.strength_of(m.card);
    m.cost = sr.cost_sign() * sr.card_points(m.card);
    m.follows = t.length == 0 || m.card.suit() == t.led;
    m.takes_lead = t.length == 0 || (m.follows && m.strength > t.winning_strength);
    const Lane others_lane = sr.lane(others, m.card.suit());
    m.top = (others_lane & strengths_above(m.strength)) == 0;
    m.others_held = bit_count(others_lane);
    m.own_held = bit_count(sr.lane(pos.hand(pos.turn()), m.card.suit()));
    int p = plan.shooter >= 0 ? moon_priority(pos, root, plan.shooter, t, m)
                              : points_priority(sr, pos, root, plan, t, m);
    if (m.card.index == first) p = 1 << 20;
    // Insertion sort: a handful of moves.
    int i = n++;
    for (; i > 0 && priority[i - 1] < p; --i) {
      priority[i] = priority[i - 1];
      out[i] = out[i - 1];
    }
    priority[i] = p;
    out[i] = m.card;
  }
  return n;
}

}  // namespace copas::solver
