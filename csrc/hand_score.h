// A hand's score per seat from what each seat took (docs/RULES.md §1.1, §2.1, §2.3): the
// moon in a given form (super-moon included), the ten-of-death's doubling and the
// clean-hand term. Position::hand_scores and the exact solver (its leaves and its
// hypothetical outcomes, a seat taking every card still in play) score alike
// through these two functions.
#pragma once

#include <cstdint>

#include "cards.h"
#include "rule_view.h"
#include "rules.h"

namespace copas {

// What the scoring reads of a hand besides each seat's card points.
struct HandTally {
  const CardSet* won;              // cards each seat took
  const std::uint8_t* tricks_won;  // tricks each seat won
  int tricks_done;
  bool over;              // the clean-hand term and the moon count only once the hand is over
  const RuleView* view;  // the rules' point tables
  CardSet charged = 0;   // turbo's charged cards (public once the charges are down)
  CardSet super_charged = 0;  // gong-zhu+super-charge: of those, the face-up ones (A40)
};

// turbo (§8): what the charged cards among `taken` (the seat's) add before the
// doubling: a charged card's own value once more, or with charge_whole_suit its
// suit's value once more (A♥: every heart the seat took doubled). A charged
// doubling card adds nothing here: it quadruples instead (seat_hand_score).
inline int charged_extra(const RuleSet& r, const HandTally& t, int seat, CardSet taken) {
  int extra = 0;
  for (CardSet c = taken & ~r.doubling_cards; c;) {
    const Card x = pop_lowest(c);
    extra += contains(r.charge_whole_suit, x) ? t.view->points(t.won[seat] & suit_mask(x.suit()))
                                               : r.card_points[x.index];
  }
  return extra;
}

// Inline: the solver scores a leaf with these at every last trick it plays out.
// The seat that shot the moon in the form `moon` (it took every moon card of a
// finished hand), or -1.
inline int moon_shooter(const RuleSet& r, MoonRule moon, const HandTally& t) {
  if (!t.over || moon == MoonRule::kNone || r.moon == MoonRule::kNone || r.moon_cards == 0) return -1;
  for (int s = 0; s < r.players; ++s)
    if ((t.won[s] & r.moon_cards) == r.moon_cards) return s;
  return -1;
}

// gong-zhu (§9): score = (P + charges, with the all-hearts sign change) x m, where m is
// 2 for a taken doubling card (4 charged), and a doubling card taken with none of
// point_cards scores doubling_alone_points instead (A37: the J♦ is one); a grand slam
// replaces it all (A42). Charges count under the all-hearts rule (the seed's +400/+600).
// Out of line: seat_hand_score stays small enough to inline for every other variant.
[[gnu::noinline]] inline int signed_hand_score(const RuleSet& r, MoonRule moon, const HandTally& t, int shooter, int seat,
                             int points) {
  const CardSet won = t.won[seat];
  if (r.grand_slam_cards && (won & r.grand_slam_cards) == r.grand_slam_cards) return r.grand_slam_points;
  const CardSet charged_taken = t.charged & won;
  // A super charge (+super-charge, A40) is a charge counted twice more: x4 where a
  // charge doubles (Q♠ -400, J♦ +400, the A♥'s hearts x4).
  auto extra = [&](CardSet cards) {
    return cards ? charged_extra(r, t, seat, cards) + 2 * charged_extra(r, t, seat, cards & t.super_charged) : 0;
  };
  int score = points + extra(charged_taken);
  if (shooter >= 0 && (moon == MoonRule::kNegateAll || seat == shooter)) {
    const CardSet negated = won & r.moon_negated;
    score -= 2 * (t.view->points(negated) + extra(charged_taken & negated));
  }
  if (won & r.doubling_cards) {
    // The 10♣: x2, charged x4, super x8; alone +50, +100, +200 (L217, L231, L253).
    const int factor = (charged_taken & t.super_charged & r.doubling_cards) ? 4
                       : (charged_taken & r.doubling_cards)                 ? 2
                                                                             : 1;
    if (!(won & r.point_cards)) return r.doubling_alone_points * factor;
    score *= 2 * factor;
  }
  return score;
}

// One seat's hand score from its card points taken (`points`) and the shooter
// (moon_shooter, or -1).
inline int seat_hand_score(const RuleSet& r, MoonRule moon, const HandTally& t, int shooter, int seat, int points) {
  if (negates_signs(moon)) [[unlikely]] return signed_hand_score(r, moon, t, shooter, seat, points);
  int score = points;
  if (shooter >= 0) {
    // super-moon (A25): twice the variant's moon value when the shooter won every trick.
    const int value = r.moon_value * (r.super_moon && t.tricks_won[shooter] == t.tricks_done ? 2 : 1);
    if (moon == MoonRule::kOthersPlus) {
      // A22/A23: the shooter scores 0 whatever else he took; the others keep
      // cards outside the moon (the J♦ taker: 26 - 10 = 16, CF-7).
      if (seat == shooter) return 0;
      score = value + t.view->points(t.won[seat] & ~r.moon_cards);
    } else if (moon == MoonRule::kSelfMinus && seat == shooter) {
      return -value;  // the shooter is not doubled, and won tricks: never clean
    }
  }
  // turbo: score = (H·a + q + j)·m, the charges before the doubling; a moon ignores them (A35).
  const CardSet charged_taken = shooter < 0 ? t.charged & t.won[seat] : 0;
  if (charged_taken) [[unlikely]] score += charged_extra(r, t, seat, charged_taken);
  // ten-of-death: after the J♦ bonus (A23); a moon's shooter is not doubled; charged, x4.
  if ((t.won[seat] & r.doubling_cards) && seat != shooter) score *= (charged_taken & r.doubling_cards) ? 4 : 2;
  if (t.over && t.tricks_won[seat] == 0) score += r.clean_hand_points;
  // rook (A49): the bonus card's -10 comes off the whole hand total, never below 0.
  if (r.hand_floor_zero && score < 0) score = 0;
  return score;
}

}  // namespace copas
