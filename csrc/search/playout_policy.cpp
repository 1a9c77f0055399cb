#include "playout_policy.h"

#include "../rule_view.h"

namespace copas {

namespace {

int strength(const RuleView& v, Card c) { return v.strength_of_face[c.face()]; }

}  // namespace

Card strongest(const RuleView& v, CardSet s) {
  if (v.identity_ranks) {
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
    if (strength(v, c) > strength(v, best) || (strength(v, c) == strength(v, best) && c.index > best.index))
      best = c;
  }
  return best;
}

namespace {

Card weakest(const RuleView& v, CardSet s) {
  if (v.identity_ranks) {
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
    if (strength(v, c) < strength(v, best)) best = c;
  }
  return best;
}

// The most costly cards of a non-empty set (0 when none costs anything).
CardSet most_costly(const RuleView& v, CardSet s) {
  CardSet costly = 0;
  int worst = 0;
  for (CardSet t = s & v.costly_cards; t;) {
    const Card c = pop_lowest(t);
    const int cost = v.cost[c.index];
    if (cost > worst) worst = cost, costly = 0;
    if (cost == worst) costly |= c.bit();
  }
  return costly;
}

// The least costly cards of a set of costly cards.
CardSet least_costly(const RuleView& v, CardSet s) {
  CardSet cheap = 0;
  int least = 0;
  for (CardSet t = s; t;) {
    const Card c = pop_lowest(t);
    const int cost = v.cost[c.index];
    if (!cheap || cost < least) least = cost, cheap = 0;
    if (cost == least) cheap |= c.bit();
  }
  return cheap;
}

Card discard_choice(const Position& pos, CardSet moves) {
  const RuleView& v = pos.view();
  // The most costly card still out (the Q♠, then in black-maria the K♠ ...): shed
  // it, else shed a card that could be forced to win it (the A♠/K♠ while the Q♠
  // is out), the costliest of those first.
  const CardSet target = v.top_left(pos.played());
  if (moves & target) return lowest(target);
  const CardSet guards = target ? moves & v.above[lowest(target).index] : 0;
  if (guards) {
    const CardSet costly = most_costly(v, guards);
    return strongest(v, costly ? costly : guards);
  }
  // The most costly card first, then the highest card of the shortest suit.
  if (const CardSet costly = most_costly(v, moves)) return strongest(v, costly);
  int shortest = 99;
  CardSet pick = moves;
  for (int s = 0; s < kNumSuits; ++s) {
    int n = count(moves & suit_mask(s));
    if (n > 0 && n < shortest) shortest = n, pick = moves & suit_mask(s);
  }
  return strongest(v, pick);
}

Card follow_choice(const Position& pos, CardSet moves, Card winning, bool last) {
  const RuleView& v = pos.view();
  const CardSet ducks = v.below(moves, winning);
  if (ducks) return strongest(v, ducks);  // duck as high as possible
  // We take the trick unless someone after us overtakes: keep the cards that score.
  const CardSet safe = moves & ~v.costly_cards;
  if (!last) return weakest(v, safe ? safe : moves);
  // Last and winning: the highest card that costs nothing, else the highest of
  // the cheapest (a spot player keeps the A♥'s 14 off his own trick).
  return strongest(v, safe ? safe : least_costly(v, moves));
}

// The lead's candidates: the lowest card of each suit worth leading into
// options[0 .. n-1], and the best of them; returns n.
int lead_options(const Position& pos, CardSet moves, Card* options, Card& best) {
  const RuleView& v = pos.view();
  const CardSet own = pos.hand(pos.turn());
  // Prefer a low card of a suit without costly cards. A suit whose most costly
  // card still out is another seat's is a good lead (it may flush it out), unless
  // we hold a card above it that could be forced to win it (the A♠/K♠ while
  // another seat holds the Q♠).
  CardSet candidates = moves & ~v.costly_cards;
  const CardSet target = v.top_left(pos.played()) & ~own;
  if (target && (own & v.above[lowest(target).index])) candidates &= ~suit_mask(lowest(target).suit());
  if (!candidates) candidates = moves;
  int n = 0;
  for (int s = 0; s < kNumSuits; ++s)
    if (candidates & suit_mask(s)) options[n++] = weakest(v, candidates & suit_mask(s));
  best = options[0];
  for (int i = 1; i < n; ++i)
    if (strength(v, options[i]) < strength(v, best)) best = options[i];
  return n;
}

// The lowest card of each suit, then one of them at random, weighted to the lowest:
// the best, except one time in kLeadAnyOneIn any option.
constexpr std::uint32_t kLeadAnyOneIn = 4;

Card lead_choice(const Position& pos, CardSet moves, Rng& rng) {
  Card options[kNumSuits];
  Card best;
  const int n = lead_options(pos, moves, options, best);
  return rng.below(kLeadAnyOneIn) == 0 ? options[rng.below(static_cast<std::uint32_t>(n))] : best;
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
  if (pos.trick_length() == 0) return lead_choice(pos, moves, rng);  // leads_by_choice: the discard returned above
  const Suit led = pos.led_suit();
  const CardSet table = pos.trick_cards();
  const Card winning = strongest(pos.view(), table & suit_mask(led));
  if (moves & suit_mask(led)) {
    const bool last = pos.trick_length() + 1 == pos.trick_size();  // 2n cards in a trick with a second round
    return follow_choice(pos, moves, winning, last);
  }
  return discard_choice(pos, moves);
}

int heuristic_card_chances(const Position& pos, Card* cards, double* chances) {
  const CardSet moves = pos.legal_moves();
  int n = 0;
  for (CardSet t = moves; t; ++n) cards[n] = pop_lowest(t), chances[n] = 0.0;
  if (leads_by_choice(pos)) {
    Card options[kNumSuits];
    Card best;
    const int k = lead_options(pos, moves, options, best);
    const double any = 1.0 / kLeadAnyOneIn;
    for (int i = 0; i < n; ++i) {
      if (cards[i] == best) chances[i] += 1.0 - any;
      for (int j = 0; j < k; ++j)
        if (options[j] == cards[i]) chances[i] += any / k;
    }
  } else {
    Rng unused;  // the follow, the discard off suit and the kitty discard draw nothing
    const Card pick = heuristic_card(pos, unused, 0.0);
    for (int i = 0; i < n; ++i) chances[i] = cards[i] == pick ? 1.0 : 0.0;
  }
  return n;
}

double heuristic_card_probability(const Position& pos, Card card, double noise) {
  Card cards[kMaxPlays];
  double chances[kMaxPlays];
  const int n = heuristic_card_chances(pos, cards, chances);
  for (int i = 0; i < n; ++i)
    if (cards[i] == card) return n == 1 ? 1.0 : noise / n + (1.0 - noise) * chances[i];
  return 0.0;  // not legal
}

CardSet heuristic_pass(const RuleSet& rules, CardSet hand, int count_to_pass) {
  const RuleView& v = rule_view(rules);
  CardSet chosen = 0;
  // Danger of each card: costly cards, then the most costly card (the Q♠) and the
  // cards above it in its suit (the A♠, K♠) unless that suit is long enough to
  // guard them, then rank weighted by how short the suit is (short suits are
  // easy to void).
  int danger[64] = {};
  for (CardSet t = hand; t;) {
    Card c = pop_lowest(t);
    const int suit_length = count(hand & suit_mask(c.suit()));
    int d = strength(v, c) * 4 + (13 - suit_length);
    d += v.cost[c.index] > 0 ? 20 + v.cost[c.index] : 0;
    if (contains(v.top_cards | v.top_guards, c) && suit_length < 4) d += 60;
    if (contains(v.top_cards, c) && suit_length >= 5) d -= 60;  // a long guard keeps her
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
  const RuleView& v = rule_view(rules);
  const CardSet bonus = hand & v.bonus_cards;
  const CardSet clean = hand & ~v.bonus_cards & ~v.costly_cards;
  CardSet chosen = 0;
  for (CardSet t = bonus; t && count(chosen) < count_to_discard;) chosen |= pop_lowest(t).bit();
  const int left = count_to_discard - count(chosen);
  chosen |= heuristic_pass(rules, clean, left < count(clean) ? left : count(clean));
  while (count(chosen) < count_to_discard) {
    Card cheapest = lowest(hand & ~chosen);
    for (CardSet t = hand & ~chosen; t;) {
      const Card c = pop_lowest(t);
      if (v.cost[c.index] < v.cost[cheapest.index]) cheapest = c;
    }
    chosen |= cheapest.bit();
  }
  return chosen;
}

namespace {

// Whether `hand` holds something a seat would want rid of: a point card or a spade above the J.
bool has_cards_to_shed(const RuleSet& rules, CardSet hand) {
  const CardSet high_spades = suit_mask(kSpades) & ~(Card(kSpades, 10).bit() - 1);
  return (hand & (rules.point_cards | high_spades)) != 0;
}

}  // namespace

CardSet heuristic_blind_pass(const Position& pos) {
  // A link judges only its own cards (the packet is unseen): with nothing to shed it
  // forwards the packet, as keeping its hand whole cannot hurt it.
  const CardSet packet = pos.blind_packet();
  const CardSet own = pos.hand(pos.next_passer()) & ~packet;
  return has_cards_to_shed(pos.rules(), own) ? heuristic_pass(pos.rules(), own, pos.pass_plan().total()) : packet;
}

void set_heuristic_pass(Position& pos, int seat) {
  const PassPlan plan = pos.pass_plan();
  if (pos.blind_packet()) [[unlikely]] {
    pos.set_pass(seat, heuristic_blind_pass(pos));
    return;
  }
  const CardSet cards = heuristic_pass(pos.rules(), pos.hand(seat), plan.total());
  const CardSet second = rote_part(plan, cards, 1), third = rote_part(plan, cards, 2);
  pos.set_pass(seat, cards & ~second & ~third, second, third);
}

int heuristic_decision(const Position& pos, Rng&) {
  switch (pos.decision_word()) {
    case DecisionWord::kMoon:
      return pos.hand_moon_form();
    case DecisionWord::kCharge: {
      const CardSet hand = pos.hand(pos.turn());
      const CardSet below_queen = suit_mask(kSpades) & (kQueenOfSpades.bit() - 1);
      if (contains(pos.rules().charge_cards, kQueenOfSpades) && contains(hand, kQueenOfSpades) &&
          count(hand & below_queen) >= 4)
        return kQueenOfSpades.index;
      return kNoCardValue;
    }
    case DecisionWord::kFace: {
      // gong-zhu+super-charge (A40): the Q♠ is charged (above) only over four lower
      // spades, to be dumped on another seat: super it (-400 for the taker). Any other
      // card charged may come back to its charger: face down (a normal charge, hidden).
      const DecisionRecord& charge = pos.decision_record(pos.num_decisions() - 1);
      return charge.value == kQueenOfSpades.index ? kFaceUp : kFaceDown;
    }
    case DecisionWord::kPlan: {
      // A rule of thumb, not searched: a dealer holding nothing it would want rid of
      // (no point card, no spade above the J♠) keeps its hand, as nothing bad can
      // come back (`none`, value 0); otherwise it passes all 3 left (`3l`, value 1),
      // the heuristic pass then sending its worst cards.
      return has_cards_to_shed(pos.rules(), pos.hand(pos.turn())) ? 1 : 0;
    }
    case DecisionWord::kBid:
      // auction, a rule of thumb: the opening at its least (1), then pass (value 0):
      // the lowest choice either way.
      return std::countr_zero(pos.decision_choices());
    case DecisionWord::kSuit: {
      // auction: the suit the winner holds fewest of (soonest void, least to take).
      const CardSet hand = pos.hand(pos.turn());
      int best = kClubs;
      for (int s = kDiamonds; s < kNumSuits; ++s)
        if (count(hand & suit_mask(static_cast<Suit>(s))) < count(hand & suit_mask(static_cast<Suit>(best)))) best = s;
      return best;
    }
  }
  return kNoCardValue;
}

// Out of line: the play loop (playout_policy.h) stays as it is for the hands that
// have none (the playouts' hot path).
void settle_before_play(Position& pos, Rng& rng) {
  while (pos.phase() == Phase::kDeciding && pos.decision_word() == DecisionWord::kPlan)
    pos.decide(heuristic_decision(pos, rng));  // queens: the plan comes before the pass
  for (int s; (s = pos.next_passer()) >= 0;) set_heuristic_pass(pos, s);
  if (pos.pool_pending()) pos.deal_pool(rng);
  // A decision due once the cards are played (the moon's form) is left to the leaf's
  // scorer, which may read the match (match.h score_moon_for_match).
  while (pos.phase() == Phase::kDeciding && !decision_info(pos.decision_word()).at_hand_end)
    pos.decide(heuristic_decision(pos, rng));
}

}  // namespace copas
