#include "solver_rules.h"

#include <algorithm>
#include <tuple>

namespace copas::solver {

namespace {

// compress_lane by two table lookups: the low 7 and the high 6 bits of a lane.
struct CompressTables {
  std::uint8_t low[128][128];
  std::uint8_t high[64][64];
  CompressTables() {
    for (unsigned within = 0; within < 128; ++within)
      for (unsigned lane = 0; lane < 128; ++lane) low[within][lane] = slow(lane, within);
    for (unsigned within = 0; within < 64; ++within)
      for (unsigned lane = 0; lane < 64; ++lane) high[within][lane] = slow(lane, within);
  }
  static std::uint8_t slow(unsigned lane, unsigned within) {
    unsigned out = 0;
    int k = 0;
    for (unsigned bit = 1; bit <= within; bit <<= 1) {
      if (!(within & bit)) continue;
      if (lane & bit) out |= 1u << k;
      ++k;
    }
    return static_cast<std::uint8_t>(out);
  }
};

const CompressTables& compress_tables() {
  static const CompressTables tables;
  return tables;
}

}  // namespace

Lane compress_lane(Lane lane, Lane within) {
  const CompressTables& t = compress_tables();
  const Lane low = t.low[within & 127][lane & 127];
  const Lane high = t.high[(within >> 7) & 63][(lane >> 7) & 63];
  return low | high << bit_count(within & 127);
}

SolverRules::SolverRules(const RuleSet& rules) : rules_(rules), view_(rules) {
  cost_sign_ = rules.goal == Goal::kLow ? 1 : -1;
  for (CardSet outside = rules.deck & ~rules.moon_cards; outside;)
    if (rules.card_points[pop_lowest(outside).index] != 0) points_outside_moon_ = true;
  plain_scoring_ = rules.doubling_cards == 0 && rules.clean_hand_points == 0 && !rules.super_moon &&
                   rules.teams == 0 && !points_outside_moon_ && !rules.hand_floor_zero;

  // Strength lanes from the view's rank order.
  const auto& strength_of_face = view_.strength_of_face;
  for (unsigned faces_bits = 0; faces_bits < 128; ++faces_bits) {
    Lane low = 0, high = 0;
    for (int f = 0; f < 7; ++f)
      if (faces_bits & (1u << f)) low |= 1u << strength_of_face[f];
    for (int f = 0; f < 6; ++f)
      if (faces_bits < 64 && (faces_bits & (1u << f))) high |= 1u << strength_of_face[f + 7];
    to_strength_[faces_bits] = low;
    if (faces_bits < 64) to_strength_hi_[faces_bits] = high;
  }

  // Classes: one id per distinct combination of what the rules read from a card.
  using Traits = std::tuple<int, bool, bool, bool, bool, bool>;
  Traits seen[64];
  int classes = 0;
  for (int i = 0; i < 64; ++i) {
    const Card c(i);
    const Traits t{rules.card_points[i], contains(rules.point_cards, c), contains(rules.moon_cards, c),
                   contains(rules.first_trick_banned, c), c == kQueenOfSpades, contains(rules.doubling_cards, c)};
    int id = 0;
    while (id < classes && seen[id] != t) ++id;
    if (id == classes) seen[classes++] = t;
    class_[i] = static_cast<std::uint8_t>(id);
  }
  for (int s = 0; s < kNumSuits; ++s) {
    // Every class of the suit's deck cards except the one of its weakest card.
    const Lane deck_lane = lane(rules.deck, s);
    if (!deck_lane) continue;
    const int base = class_[card_at(s, __builtin_ctz(deck_lane)).index];
    std::uint8_t listed[64] = {};
    for (int k = 0; k < kNumFaces; ++k) {
      if (!(deck_lane & (1u << k))) continue;
      const int id = class_[card_at(s, k).index];
      if (id == base || listed[id]) continue;
      listed[id] = 1;
      Lane mask = 0;
      for (int j = 0; j < kNumFaces; ++j)
        if ((deck_lane & (1u << j)) && class_[card_at(s, j).index] == id) mask |= 1u << j;
      class_masks_[s][class_mask_count_[s]++] = mask;
    }
  }

  for (int s = 0; s < kNumSuits; ++s) {
    suit_kind_[s] = s;
    if (s == kHearts) continue;
    for (int t = 0; t < s; ++t) {
      bool same = t != kHearts && lane(rules.deck, s) == lane(rules.deck, t);
      for (int k = 0; same && k < kNumFaces; ++k)
        same = class_[card_at(s, k).index] == class_[card_at(t, k).index];
      if (same) {
        suit_kind_[s] = suit_kind_[t];
        break;
      }
    }
  }
}

bool SolverRules::same_play(const RuleSet& r) const {
  // Every field: a field-by-field list went stale each time a rule was added.
  return r == rules_;
}

}  // namespace copas::solver
