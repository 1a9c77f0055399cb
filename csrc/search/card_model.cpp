#include "card_model.h"

#include <cmath>

#include "playout_policy.h"

namespace copas {

const char* card_feature_name(int feature) {
  static constexpr const char* kNames[kCardFeatures] = {
      "policy_pick",    "card_points",    "lead_rank",   "follow_rank", "discard_rank", "wins_so_far",
      "wins_last",      "takes_points",   "highest_of_suit", "lowest_of_suit", "suit_length", "guards_top",
      "is_top",         "unseen_above",   "lead_points", "discard_points"};
  return feature >= 0 && feature < kCardFeatures ? kNames[feature] : "";
}

namespace {

// One legal card's features; `policy_chance`: the playout policy's chance of it.
CardFeatures card_features(const Position& pos, Card card, double policy_chance) {
  const RuleView& v = pos.view();
  const CardSet own = pos.hand(pos.turn());
  const CardSet suit = suit_mask(card.suit());
  const int strength = v.strength_of_face[card.face()];
  const int points = v.points(card.bit());
  CardFeatures f{};
  f[kPolicyPick] = static_cast<float>(policy_chance);
  const float rank = static_cast<float>(strength) / 12.0f;
  const float card_points = static_cast<float>(points) / 13.0f;
  f[kCardPoints] = card_points;
  if (pos.trick_length() == 0) {
    f[kLeadRank] = rank;
    f[kLeadPoints] = card_points;
  } else if (card.suit() == pos.led_suit()) {
    f[kFollowRank] = rank;
    const CardSet led_on_table = pos.trick_cards() & suit_mask(pos.led_suit());
    if (!contains(v.below(card.bit(), strongest(v, led_on_table)), card)) {
      f[kWinsSoFar] = 1;
      f[kWinsLast] = pos.trick_length() + 1 == pos.trick_size() ? 1.0f : 0.0f;
      f[kTakesPoints] = static_cast<float>(v.points(pos.trick_cards())) / 13.0f;
    }
  } else {
    f[kDiscardRank] = rank;
    f[kDiscardPoints] = card_points;
  }
  const CardSet mine = own & suit;
  CardSet weaker = 0, stronger = 0;
  for (CardSet t = mine & ~card.bit(); t;) {
    const Card c = pop_lowest(t);
    (v.strength_of_face[c.face()] < strength ? weaker : stronger) |= c.bit();
  }
  f[kHighestOfSuit] = stronger ? 0.0f : 1.0f;
  f[kLowestOfSuit] = weaker ? 0.0f : 1.0f;
  f[kSuitLength] = static_cast<float>(count(mine)) / 13.0f;
  const CardSet top = v.top_left(pos.played());
  f[kIsTop] = contains(top, card) ? 1.0f : 0.0f;
  f[kGuardsTop] = top && contains(v.above[lowest(top).index], card) ? 1.0f : 0.0f;
  const CardSet unseen = pos.rules().deck & suit & ~own & ~pos.played();  // played() holds the table too
  f[kUnseenAbove] = static_cast<float>(count(unseen & v.above[card.index])) / 12.0f;
  return f;
}

}  // namespace

int legal_card_features(const Position& pos, Card* cards, CardFeatures* out) {
  double chances[kMaxPlays];
  const int n = heuristic_card_chances(pos, cards, chances);
  for (int i = 0; i < n; ++i) out[i] = card_features(pos, cards[i], chances[i]);
  return n;
}

double card_model_probability(const CardModel& model, const Position& pos, Card card) {
  if (!pos.is_legal(card)) return 0.0;
  // A softmax over the legal cards (at most a hand's), shifted by the largest score.
  Card cards[kMaxPlays];
  CardFeatures features[kMaxPlays];
  const int n = legal_card_features(pos, cards, features);
  if (n == 1) return 1.0;
  double score[kMaxPlays];
  double top = -1e300;
  for (int k = 0; k < n; ++k) {
    const CardFeatures& f = features[k];
    double s = 0;
    for (int i = 0; i < kCardFeatures; ++i) s += static_cast<double>(model.weight[static_cast<std::size_t>(i)]) * f[static_cast<std::size_t>(i)];
    score[k] = s;
    if (s > top) top = s;
  }
  double sum = 0, mine = 0;
  for (int i = 0; i < n; ++i) {
    const double e = std::exp(score[i] - top);
    sum += e;
    if (cards[i] == card) mine = e;
  }
  return mine / sum;
}

}  // namespace copas
