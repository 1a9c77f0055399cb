#include "rank_equivalence.h"

#include "fast_lanes.h"
#include "outcome.h"

namespace copas::solver {

namespace {

// The strength index of the next card above `strength` among `lane`, or -1.
int next_above(Lane lane, int strength) {
  const Lane above = lane & strengths_above(strength);
  return above ? __builtin_ctz(above) : -1;
}

// True when the card at `strength` has an interchangeable legal card just above it.
bool has_equal_above(const SolverRules& sr, int suit, int strength, Lane legal, Lane separating) {
  const int next = next_above(separating, strength);
  return next >= 0 && (legal >> next & 1) &&
         sr.card_class(sr.card_at(suit, strength)) == sr.card_class(sr.card_at(suit, next));
}

#ifdef COPAS_HAS_PEXT_LANES
// The cards of one suit's run_representatives leaves out, by PextLanes: in
// relative ranks, card j of the separating cards goes when card j + 1 is legal too
// and of its class. Usually none, so the caller loops over these, not the kept.
Lane dropped_by_pext(const SolverRules& sr, int suit, Lane legal, Lane separating) {
  const Lane l = PextLanes::compress(legal, separating);
  Lane class_changes = 0;  // bit j: cards j and j + 1 differ in class
  for (int i = 0; i < sr.class_mask_count(suit); ++i) {
    const Lane m = PextLanes::compress(sr.class_mask(suit, i), separating);
    class_changes |= m ^ (m >> 1);
  }
  return PextLanes::expand(l & (l >> 1) & ~class_changes, separating);
}
#endif

}  // namespace

CardSet separating_cards(const SolverRules& sr, const Position& pos) {
  const CardSet in_hands = cards_in_hands(pos);
  if (pos.trick_length() == 0) return in_hands;
  const int led = pos.led_suit();
  return in_hands | sr.card_at(led, top_strength(sr.lane(pos.trick_cards(), led))).bit();
}

CardSet representative_moves(const SolverRules& sr, const Position& pos) {
  return run_representatives(sr, pos.legal_moves(), separating_cards(sr, pos));
}

CardSet run_representatives(const SolverRules& sr, CardSet legal, CardSet separating) {
  if ((legal & (legal - 1)) == 0) return legal;  // one card or none: a forced play, often
  CardSet out = 0;
#ifdef COPAS_HAS_PEXT_LANES
  if (bmi2_is_fast()) {
    CardSet dropped = 0;
    for (int suit = 0; suit < kNumSuits; ++suit) {
      const Lane l = sr.lane(legal, suit);
      if (!l) continue;
      for (Lane rest = dropped_by_pext(sr, suit, l, sr.lane(separating, suit)); rest; rest &= rest - 1)
        dropped |= sr.card_at(suit, __builtin_ctz(rest)).bit();
    }
    return legal & ~dropped;
  }
#endif
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const Lane l = sr.lane(legal, suit);
    if (!l) continue;
    const Lane u = sr.lane(separating, suit);
    for (Lane rest = l; rest; rest &= rest - 1) {
      const int k = __builtin_ctz(rest);
      if (!has_equal_above(sr, suit, k, l, u)) out |= sr.card_at(suit, k).bit();
    }
  }
  return out;
}

Card run_representative(const SolverRules& sr, Card card, CardSet legal, CardSet separating) {
  const int suit = card.suit();
  const Lane l = sr.lane(legal, suit);
  const Lane u = sr.lane(separating, suit);
  int k = sr.strength_of(card);
  while (has_equal_above(sr, suit, k, l, u)) k = next_above(u, k);
  return sr.card_at(suit, k);
}

}  // namespace copas::solver
