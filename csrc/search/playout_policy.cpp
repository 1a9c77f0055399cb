#include "playout_policy.h"

namespace copas {

namespace {

int strength(const RuleSet& r, Card c) { return r.rank_strength[c.face()]; }

// A-high (strength = face) lets the comparisons below be bit scans; any other
// order (Sueca, ace low) takes the general loops.
bool natural_order(const RuleSet& r) {
  for (int f = 0; f < kNumFaces; ++f)
    if (r.rank_strength[f] != f) return false;
  return true;
}

// The strongest / weakest card of a set under the variant's rank order (ties
// between suits go to the higher suit / the lower suit).
Card strongest(const RuleSet& r, CardSet s) {
  if (natural_order(r)) {
    Card best = lowest(s);
    for (int suit = 0; suit < kNumSuits; ++suit) {
      const CardSet lane = s & suit_mask(suit);
      if (lane && highest(lane).face() >= best.face()) best = highest(lane);
    }
    return best;
  }
  Card best = lowest(s);
  for (s &= s - 1; s;) {
    Card c = pop_lowest(s);
    if (strength(r, c) > strength(r, best) || (strength(r, c) == strength(r, best) && c.index > best.index))
      best = c;
  }
  return best;
}

Card weakest(const RuleSet& r, CardSet s) {
  if (natural_order(r)) {
    Card best = highest(s);
    for (int suit = kNumSuits - 1; suit >= 0; --suit) {
      const CardSet lane = s & suit_mask(suit);
      if (lane && lowest(lane).face() <= best.face()) best = lowest(lane);
    }
    return best;
  }
  Card best = lowest(s);
  for (s &= s - 1; s;) {
    Card c = pop_lowest(s);
    if (strength(r, c) < strength(r, best)) best = c;
  }
  return best;
}

// The cards of `s` in c's suit that rank below c.
CardSet below(const RuleSet& r, CardSet s, Card c) {
  s &= suit_mask(c.suit());
  if (natural_order(r)) return s & (c.bit() - 1);
  CardSet out = 0;
  for (CardSet t = s; t;) {
    Card x = pop_lowest(t);
    if (strength(r, x) < strength(r, c)) out |= x.bit();
  }
  return out;
}

constexpr Card kAceOfSpades{kSpades, kAce};
constexpr Card kKingOfSpades{kSpades, kKing};

Card discard_choice(const Position& pos, CardSet moves) {
  const RuleSet& r = pos.rules();
  if (contains(moves, kQueenOfSpades)) return kQueenOfSpades;
  const bool queen_out = !contains(pos.played(), kQueenOfSpades);
  const CardSet high_spades = moves & (kAceOfSpades.bit() | kKingOfSpades.bit());
  if (queen_out && high_spades) return strongest(r, high_spades);
  // The most costly card first, then the highest card of the shortest suit.
  CardSet costly = 0;
  int worst = 0;
  for (CardSet t = moves & r.point_cards; t;) {
    Card c = pop_lowest(t);
    int v = r.card_points[c.index];
    if (v > worst) worst = v, costly = 0;
    if (v == worst && v > 0) costly |= c.bit();
  }
  if (costly) return strongest(r, costly);
  int shortest = 99;
  CardSet pick = moves;
  for (int s = 0; s < kNumSuits; ++s) {
    int n = count(moves & suit_mask(s));
    if (n > 0 && n < shortest) shortest = n, pick = moves & suit_mask(s);
  }
  return strongest(r, pick);
}

Card follow_choice(const Position& pos, CardSet moves, Card winning, bool last) {
  const RuleSet& r = pos.rules();
  const CardSet ducks = below(r, moves, winning);
  if (ducks) return strongest(r, ducks);  // duck as high as possible
  // We take the trick unless someone after us overtakes.
  if (last) {
    CardSet safe = moves & ~r.point_cards;
    return strongest(r, safe ? safe : moves);
  }
  CardSet safe = moves & ~r.point_cards;
  return weakest(r, safe ? safe : moves);
}

Card lead_choice(const Position& pos, CardSet moves, Rng& rng) {
  const RuleSet& r = pos.rules();
  const CardSet own = pos.hand(pos.turn());
  const bool queen_out = !contains(pos.played(), kQueenOfSpades) && !contains(own, kQueenOfSpades);
  // Prefer a low card of a suit without penalty cards; spades are good leads
  // while the Q♠ is out and we hold no spade above it.
  CardSet candidates = moves & ~r.point_cards;
  if (queen_out) {
    CardSet risky = own & (kAceOfSpades.bit() | kKingOfSpades.bit());
    if (risky) candidates &= ~suit_mask(kSpades);
  }
  if (!candidates) candidates = moves;
  // The lowest card of each suit, then one of them at random, weighted to the lowest.
  Card options[kNumSuits];
  int n = 0;
  for (int s = 0; s < kNumSuits; ++s)
    if (candidates & suit_mask(s)) options[n++] = weakest(r, candidates & suit_mask(s));
  Card best = options[0];
  for (int i = 1; i < n; ++i)
    if (strength(r, options[i]) < strength(r, best)) best = options[i];
  return rng.below(4) == 0 ? options[rng.below(static_cast<std::uint32_t>(n))] : best;
}

}  // namespace

Card heuristic_card(const Position& pos, Rng& rng, double noise) {
  const CardSet moves = pos.legal_moves();
  if ((moves & (moves - 1)) == 0) return lowest(moves);
  if (noise > 0 && rng.uniform() < noise)
    return nth_card(moves, static_cast<int>(rng.below(static_cast<std::uint32_t>(count(moves)))));
  if (pos.discarding()) [[unlikely]] {
    // The planned discard from the cards still open to it (above the last one made);
    // its lowest card comes next, in the core's ascending order.
    const CardSet made = pos.discards();
    const CardSet open = pos.hand(pos.turn()) & ~(made ? (highest(made).bit() << 1) - 1 : 0);
    return lowest(heuristic_discard(pos.rules(), open, pos.discards_left()));
  }
  if (pos.trick_length() == 0) return lead_choice(pos, moves, rng);
  const RuleSet& r = pos.rules();
  const Suit led = pos.led_suit();
  const CardSet table = pos.trick_cards();
  const Card winning = strongest(r, table & suit_mask(led));
  if (moves & suit_mask(led)) {
    const bool last = pos.trick_length() == pos.players() - 1;
    return follow_choice(pos, moves, winning, last);
  }
  return discard_choice(pos, moves);
}

CardSet heuristic_pass(const RuleSet& r, CardSet hand, int count_to_pass) {
  CardSet chosen = 0;
  const int spades = count(hand & suit_mask(kSpades));
  // Danger of each card: penalty cards, then unguarded high spades, then rank
  // weighted by how short the suit is (short suits are easy to void).
  int danger[64] = {};
  for (CardSet t = hand; t;) {
    Card c = pop_lowest(t);
    int d = strength(r, c) * 4 + (13 - count(hand & suit_mask(c.suit())));
    d += r.card_points[c.index] > 0 ? 20 + r.card_points[c.index] : 0;
    if (c.suit() == kSpades && c.face() >= kQueen && spades < 4) d += 60;
    if (c == kQueenOfSpades && spades >= 5) d -= 60;  // a long spade guard keeps her
    danger[c.index] = d;
  }
  for (int i = 0; i < count_to_pass; ++i) {
    Card best = lowest(hand & ~chosen);
    for (CardSet t = hand & ~chosen; t;) {
      Card c = pop_lowest(t);
      if (danger[c.index] > danger[best.index]) best = c;
    }
    chosen |= best.bit();
  }
  return chosen;
}

CardSet heuristic_discard(const RuleSet& rules, CardSet hand, int count_to_discard) {
  // Discards score for the taker for sure, while a penalty card kept can still go
  // on another seat's trick: bonus cards first (a sure gain), then the clean cards
  // that would win tricks (heuristic_pass's danger), penalty cards only when short.
  CardSet bonus = 0, clean = 0;
  for (CardSet t = hand; t;) {
    const Card c = pop_lowest(t);
    const int points = rules.card_points[c.index];
    bonus |= points < 0 ? c.bit() : 0;
    clean |= points == 0 ? c.bit() : 0;
  }
  CardSet chosen = 0;
  for (CardSet t = bonus; t && count(chosen) < count_to_discard;) chosen |= pop_lowest(t).bit();
  const int left = count_to_discard - count(chosen);
  chosen |= heuristic_pass(rules, clean, left < count(clean) ? left : count(clean));
  while (count(chosen) < count_to_discard) {
    Card cheapest = lowest(hand & ~chosen);
    for (CardSet t = hand & ~chosen; t;) {
      const Card c = pop_lowest(t);
      if (rules.card_points[c.index] < rules.card_points[cheapest.index]) cheapest = c;
    }
    chosen |= cheapest.bit();
  }
  return chosen;
}

void set_heuristic_pass(Position& pos, int seat) {
  const PassPlan plan = pos.pass_plan();
  const CardSet cards = heuristic_pass(pos.rules(), pos.hand(seat), plan.total());
  const CardSet second = rote_second_part(plan, cards);
  pos.set_pass(seat, cards & ~second, second);
}

void play_out_heuristic(Position& pos, Rng& rng, double noise) {
  if (pos.phase() == Phase::kPassing) {
    for (int s = 0; s < pos.players(); ++s)
      if (!pos.pass_is_set(s)) set_heuristic_pass(pos, s);
  }
  while (pos.phase() == Phase::kPlaying) pos.play(heuristic_card(pos, rng, noise));
}

}  // namespace copas
