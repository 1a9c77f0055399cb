#include "rule_view.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace copas {

namespace {

void fill_point_tables(const RuleSet& rules, int sign, RuleView::PointTable& t) {
  for (int s = 0; s < kNumSuits; ++s) {
    for (unsigned bits = 0; bits < 128; ++bits) {
      int low = 0, high = 0;
      for (int f = 0; f < 7; ++f) {
        const int p = rules.card_points[Card(static_cast<Suit>(s), f).index];
        if ((bits >> f & 1) && p * sign > 0) low += p;
      }
      for (int f = 0; f < 6 && bits < 64; ++f) {
        const int p = rules.card_points[Card(static_cast<Suit>(s), f + 7).index];
        if ((bits >> f & 1) && p * sign > 0) high += p;
      }
      t.low[s][bits] = static_cast<std::int16_t>(low);
      if (bits < 64) t.high[s][bits] = static_cast<std::int16_t>(high);
    }
  }
}

// The suits a table reads: those with a card of `cards`.
void list_suits(RuleView::PointTable& t, CardSet cards) {
  t.suit_count = 0;
  for (int s = 0; s < kNumSuits; ++s)
    if (cards & suit_mask(s)) t.suits[t.suit_count++] = static_cast<std::uint8_t>(s);
}

}  // namespace

RuleView::RuleView(const RuleSet& rules) {
  for (int i = 0; i < 64; ++i) {
    const int p = rules.card_points[i];
    if (p != 0) scoring_cards |= CardSet{1} << i;
    if (p > 0) positive_cards |= CardSet{1} << i;
    if (p < 0) has_negative = true;
  }
  fill_point_tables(rules, 1, positive);
  fill_point_tables(rules, -1, negative);
  list_suits(positive, positive_cards);
  list_suits(negative, scoring_cards & ~positive_cards);

  std::array<int, kNumFaces> faces{};
  for (int f = 0; f < kNumFaces; ++f) faces[f] = f;
  std::stable_sort(faces.begin(), faces.end(),
                   [&](int a, int b) { return rules.rank_strength[a] < rules.rank_strength[b]; });
  for (int i = 0; i < kNumFaces; ++i) {
    face_of_strength[i] = static_cast<std::uint8_t>(faces[i]);
    strength_of_face[faces[i]] = static_cast<std::uint8_t>(i);
    if (faces[i] != i) identity_ranks = false;
  }
  // Two copies of a card share a bit: finish_trick's fast path (the top bit's place)
  // cannot tell which copy came first, so the strength loop decides (two-deck, §13).
  if (rules.copies > 1) identity_ranks = false;

  // RuleSet::pass_plan decides each hand's plan (no pass, or the pool, in every hand when
  // there is no cycle); the table holds one cycle of them.
  pass_plan_count = std::max<int>(rules.pass_cycle_length, 1);
  for (int i = 0; i < pass_plan_count; ++i) pass_plans[i] = rules.pass_plan(i);

  if (rules.hearts_break == HeartsBreak::kHeartPlayed) break_cards = kHeartsMask;
  if (rules.hearts_break == HeartsBreak::kHeartOrQueenPlayed) break_cards = kHeartsMask | kQueenOfSpades.bit();

  const int sign = rules.goal == Goal::kLow ? 1 : -1;
  for (CardSet rest = rules.deck; rest;) {
    const Card c = pop_lowest(rest);
    cost[c.index] = static_cast<std::int16_t>(sign * rules.card_points[c.index]);
    if (cost[c.index] > 0) by_cost[costly_count++] = c;
    if (cost[c.index] < 0) bonus_cards |= c.bit();
    above[c.index] = 0;
    for (CardSet same = rules.deck & suit_mask(c.suit()); same;) {
      const Card d = pop_lowest(same);
      if (strength_of_face[d.face()] > strength_of_face[c.face()]) above[c.index] |= d.bit();
    }
  }
  std::stable_sort(by_cost.begin(), by_cost.begin() + costly_count, [&](Card a, Card b) {
    if (cost[a.index] != cost[b.index]) return cost[a.index] > cost[b.index];
    return strength_of_face[a.face()] > strength_of_face[b.face()];
  });
  for (int i = 0; i < costly_count; ++i) {
    const Card c = by_cost[i];
    costly_cards |= c.bit();
    if (cost[c.index] != cost[by_cost[0].index]) continue;
    top_cards |= c.bit();
    top_guards |= above[c.index];
  }
  top_guards &= ~top_cards;
}

CardSet RuleView::below(CardSet cards, Card c) const {
  cards &= suit_mask(c.suit());
  if (identity_ranks) return cards & (c.bit() - 1);
  CardSet out = 0;
  for (CardSet t = cards; t;) {
    const Card x = pop_lowest(t);
    if (strength_of_face[x.face()] < strength_of_face[c.face()]) out |= x.bit();
  }
  return out;
}

namespace {
using Entry = std::pair<RuleSet, RuleView>;

const Entry& interned(const RuleSet& rules) {
  // The last entry found, per thread: the common case (one variant at a time)
  // takes no lock. Entries are never freed, so the pointer stays valid.
  thread_local const Entry* last = nullptr;
  if (last && last->first == rules) return *last;
  static std::mutex lock;
  static std::vector<std::unique_ptr<const Entry>> entries;
  const std::lock_guard<std::mutex> hold(lock);
  for (const auto& e : entries)
    if (e->first == rules) return *(last = e.get());
  entries.push_back(std::make_unique<const Entry>(rules, RuleView(rules)));
  last = entries.back().get();
  return *last;
}
}  // namespace

const RuleView& rule_view(const RuleSet& rules) { return interned(rules).second; }

const RuleSet& interned_rules(const RuleSet& rules) { return interned(rules).first; }

}  // namespace copas
