// Maps a seat's hand score to a reward in [0, 1] (1 = best) for the bandits,
// from the range of scores the variant allows.
#pragma once

#include "../rules.h"

namespace copas {

struct ScoreScale {
  double best = 0;   // the best hand score (lowest for goal low)
  double worst = 26;

  explicit ScoreScale(const RuleSet& r) {
    double plus = 0, minus = 0;
    for (int i = 0; i < 64; ++i) {
      if (!contains(r.deck, Card(i))) continue;
      // Each copy of a card scores (two-deck: RuleSet::copies = 2).
      if (r.card_points[i] > 0) plus += r.card_points[i] * r.copies;
      if (r.card_points[i] < 0) minus += r.card_points[i] * r.copies;
    }
    const double moon = r.moon_value * (r.super_moon ? 2.0 : 1.0);
    if (r.moon == MoonRule::kOthersPlus && moon > plus) plus = moon;
    // reverse-moon=conditional (A24) or shooter-choice (§2.3): a moon may count reversed.
    if ((r.moon == MoonRule::kSelfMinus || r.reverse_moon_if_losing || r.moon_shooter_choice) && -moon < minus)
      minus = -moon;
    // The copas-fora scoring options widen the range: a doubling card (10♣)
    // doubles either end, the clean-hand term adds to one of them.
    // turbo's charges: each chargeable card counted once more (its suit, for
    // charge_whole_suit), and a chargeable doubling card doubling twice (super: x8).
    for (CardSet c = r.charge_cards & ~r.doubling_cards; c;) {
      const Card x = pop_lowest(c);
      double extra = r.card_points[x.index];
      if (contains(r.charge_whole_suit, x)) {
        extra = 0;
        for (CardSet h = r.deck & suit_mask(x.suit()); h;) extra += r.card_points[pop_lowest(h).index];
      }
      // +super-charge (A40): a super charge counts it three times more.
      (extra > 0 ? plus : minus) += extra * (r.super_charge ? 3 : 1);
    }
    // gong-zhu: the all-hearts rule turns the negative cards positive (a ceiling).
    if (negates_signs(r.moon)) plus -= minus;
    const double times = (r.charge_cards & r.doubling_cards) ? (r.super_charge ? 8 : 4) : 2;
    if (r.doubling_cards) plus *= times, minus *= times;
    (r.clean_hand_points > 0 ? plus : minus) += r.clean_hand_points;
    if (r.grand_slam_points > plus) plus = r.grand_slam_points;
    if (r.hand_floor_zero) plus = plus < 0 ? 0 : plus, minus = minus < 0 ? 0 : minus;  // rook: no hand below 0
    // With teams the search scores a side: the sum of its seats' scores.
    const int side = r.teams ? r.players / r.teams : 1;
    plus *= side, minus *= side;
    best = r.goal == Goal::kLow ? minus : plus;
    worst = r.goal == Goal::kLow ? plus : minus;
    if (best == worst) worst = best + 1;
  }
  double reward(double score) const { return (worst - score) / (worst - best); }
};

}  // namespace copas
