// SolverRules: what the solver's inner loop needs to know about a RuleSet,
// precomputed once per rules so the search never re-derives it.
//
// Lanes. The solver looks at one suit at a time as a 13-bit "strength lane":
// bit i is the i-th weakest face by rank_strength (the identity for A-high
// decks), so "higher" is always "more significant bit" whatever the variant.
//
// Card classes. Two cards are interchangeable for the rest of a hand when they
// are of one suit, no card between them is still in play and they agree on
// everything the rules and the score read from a card: points, penalty-card,
// moon-card, doubling-card and first-trick-ban membership, and being the Q♠ (a hearts-break
// rule names it). Each such combination is a class; a point card never shares a
// class with a non-point card.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "../cards.h"
#include "../rule_view.h"
#include "../rules.h"

namespace copas::solver {

using Lane = std::uint32_t;  // 13 bits used

// The lane bits of every strength above `strength`.
constexpr Lane strengths_above(int strength) { return ~((2u << strength) - 1); }
// The strength of the highest card of a non-empty lane.
constexpr int top_strength(Lane lane) { return 31 - __builtin_clz(lane); }

// Bit count by SWAR arithmetic: the build does not assume the POPCNT
// instruction, and the library call __builtin_popcount falls back to is slow.
constexpr int bit_count(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}

// The cards of `lane` renumbered among `within` (a subset of it is meant): bit
// k of the result is set when the k-th lowest card of `within` is in `lane`
// (a software pext restricted to 13 bits).
Lane compress_lane(Lane lane, Lane within);

class SolverRules {
 public:
  static constexpr int kMaxClassMasks = 13;

  SolverRules() = default;
  explicit SolverRules(const RuleSet& rules);

  // True when `rules` plays exactly like the rules these tables were built for.
  bool same_play(const RuleSet& rules) const;

  const RuleSet& rules() const { return rules_; }
  const RuleView& view() const { return view_; }
  int players() const { return rules_.players; }
  // +1 when the goal is a low score, -1 when high: cost = sign * score, and the
  // root seat always minimises its cost.
  int cost_sign() const { return cost_sign_; }

  // Strength lane of suit `s` of a card set, and back.
  Lane lane(CardSet cards, int s) const {
    const Lane faces = static_cast<Lane>((cards >> (s * kLaneBits)) & kLaneMask);
    return view_.identity_ranks ? faces : to_strength_[faces & 127] | to_strength_hi_[faces >> 7];
  }
  Card card_at(int s, int strength) const { return Card(static_cast<Suit>(s), view_.face_of_strength[strength]); }
  int strength_of(Card c) const { return view_.strength_of_face[c.face()]; }

  std::uint8_t card_class(Card c) const { return class_[c.index]; }
  // Suits of one kind are interchangeable: same deck cards and classes, and no
  // rule names them (hearts is always a kind of its own).
  int suit_kind(int s) const { return suit_kind_[s]; }
  // Per suit, the strength lanes of every class of that suit but one: with the
  // seats' hands these describe the suit's remaining cards completely.
  int class_mask_count(int s) const { return class_mask_count_[s]; }
  Lane class_mask(int s, int i) const { return class_masks_[s][i]; }

  // No doubling card, clean-hand term, super moon, teams, floor at zero or points
  // outside the moon cards: the root's score is its card points or a moon's fixed value
  // (the plain game's shortcuts in outcome.cpp use it).
  bool plain_scoring() const { return plain_scoring_; }
  // Whether some card outside the moon cards is worth points (the J♦ of jd-bonus).
  bool points_outside_moon() const { return points_outside_moon_; }
  // Points of one card.
  int card_points(Card c) const { return rules_.card_points[c.index]; }
  // positive_points of one card, without the sum over suits.
  int positive_card_points(Card c) const { return std::max(0, card_points(c)); }
  // The cards worth positive points, and those worth points of either sign.
  CardSet positive_cards() const { return view_.positive_cards; }
  CardSet point_cards() const { return view_.scoring_cards; }
  // Sum of card points of a set, of its positive and of its negative cards.
  int points(CardSet cards) const { return view_.points(cards); }
  int positive_points(CardSet cards) const { return view_.positive_points(cards); }
  int negative_points(CardSet cards) const { return view_.negative_points(cards); }

 private:
  RuleSet rules_;
  RuleView view_;  // a copy, next to the other tables the search reads
  int cost_sign_ = 1;
  bool points_outside_moon_ = false;
  bool plain_scoring_ = false;
  std::array<Lane, 128> to_strength_{};
  std::array<Lane, 64> to_strength_hi_{};
  std::array<std::uint8_t, 64> class_{};
  std::array<int, kNumSuits> class_mask_count_{};
  std::array<int, kNumSuits> suit_kind_{};
  Lane class_masks_[kNumSuits][kMaxClassMasks] = {};
};

}  // namespace copas::solver
