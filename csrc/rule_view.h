// RuleView: what the rules imply, derived once per RuleSet (issue 27 part 4).
//
// A RuleSet says each card's points and the rank order; the position, the scorer,
// the solver and the playout policy need the same facts in derived forms: point
// sums by table lookup, whether the rank order is the identity, the cards that
// cost their taker, and which of them are the dangerous ones. They all read them
// here, so no rule is re-derived (or hard-coded, like the Q♠) anywhere else.
//
// rule_view(rules) interns one view per distinct RuleSet for the process (built
// on first use under a lock, never freed); a RuleView(rules) value is the same
// facts for a holder that keeps its own copy (the solver's tables).
#pragma once

#include <array>
#include <cstdint>

#include "cards.h"
#include "rules.h"

namespace copas {

struct RuleView {
  RuleView() = default;
  explicit RuleView(const RuleSet& rules);

  // Points. Per suit, the points of the low 7 faces and of the high 6 faces of
  // a suit's 13 bits, for the cards worth positive and negative points; only the
  // suits holding such points are read (hearts and spades, mostly).
  struct PointTable {
    std::int16_t low[kNumSuits][128];
    std::int16_t high[kNumSuits][64];
    std::uint8_t suits[kNumSuits];
    int suit_count;
    int sum(CardSet cards) const {
      int total = 0;
      for (int i = 0; i < suit_count; ++i) {
        const int s = suits[i];
        const unsigned faces = static_cast<unsigned>(cards >> (s * kLaneBits)) & kLaneMask;
        total += low[s][faces & 127] + high[s][faces >> 7];
      }
      return total;
    }
  };
  PointTable positive{};
  PointTable negative{};
  CardSet scoring_cards = 0;   // worth points of either sign
  CardSet positive_cards = 0;  // worth positive points
  bool has_negative = false;   // some card is worth negative points (a bonus card)
  // Sum of card points of a set, of its positive and of its negative cards.
  int points(CardSet cards) const { return positive_points(cards) + negative_points(cards); }
  int positive_points(CardSet cards) const { return positive.sum(cards); }
  int negative_points(CardSet cards) const { return has_negative ? negative.sum(cards) : 0; }

  // The rank order: strength i is the i-th weakest face (ties keep face order,
  // as finish_trick lets the earlier card win a tie, which no variant uses).
  // A-high: the strongest card of a suit is its top bit (one copy of each card: false
  // under RuleSet::copies = 2, where the earlier or later of two copies wins).
  bool identity_ranks = true;
  std::array<std::uint8_t, kNumFaces> face_of_strength{};
  std::array<std::uint8_t, kNumFaces> strength_of_face{};
  // The cards of `cards` in c's suit that c beats.
  CardSet below(CardSet cards, Card c) const;

  // Each hand's pass (RuleSet::pass_plan), one per hand of the cycle: a hand's reset
  // copies one instead of resolving the cycle's directions.
  std::array<PassPlan, kMaxPassCycle> pass_plans{};
  int pass_plan_count = 1;  // the cycle's length, 1 for a game without a cycle
  PassPlan pass_plan(int hand_no) const {
    return pass_plans[static_cast<unsigned>(hand_no) % static_cast<unsigned>(pass_plan_count)];
  }

  // Hearts breaking by a card played (B4: the hearts; B5: hearts + Q♠); 0 when
  // the break is judged otherwise (trick_breaks_hearts in position.cpp).
  CardSet break_cards = 0;

  // The cards that matter to a player avoiding points. A card's cost is what its
  // taker loses by it: its points, negated when the goal is a high score.
  // costly_cards: cost > 0 ("the cards that score"); bonus_cards: cost < 0.
  std::array<std::int16_t, 64> cost{};
  CardSet costly_cards = 0;
  CardSet bonus_cards = 0;
  // The costly cards, most costly first (ties: the stronger first).
  std::array<Card, kNumSuits * kNumFaces> by_cost{};
  int costly_count = 0;
  // The most costly card(s) (the Q♠ of the standard game, black-maria, spot and
  // spanish), and their guards: the deck's cards above them in their suit, which
  // can be forced to win them (the A♠ and K♠).
  CardSet top_cards = 0;
  CardSet top_guards = 0;
  // Per card, the deck's cards of its suit that beat it (a costly card's guards).
  std::array<CardSet, 64> above{};
  // The most costly card not in `gone` (the cards played) as a one-card set, 0
  // when none is left. The playout policy guards against it (the Q♠ while it is
  // out, then the K♠ of black-maria, ...).
  CardSet top_left(CardSet gone) const {
    for (int i = 0; i < costly_count; ++i)
      if (!contains(gone, by_cost[i])) return by_cost[i].bit();
    return 0;
  }
};

// The process's one view of `rules` (see above). Thread-safe.
const RuleView& rule_view(const RuleSet& rules);
// The process's one copy of `rules` (the one its view was built from): a RuleSet
// made mid-hand (auction's penalty suit) that a Position may point at. Thread-safe.
const RuleSet& interned_rules(const RuleSet& rules);

}  // namespace copas
