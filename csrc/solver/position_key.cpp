#include "position_key.h"

#include <algorithm>

#include "fast_lanes.h"
#include "outcome.h"
#include "word_packer.h"

namespace copas::solver {

namespace {

constexpr int kMaxWords = 6;  // a suit's fields take at most 5 (18 fields, four 13-bit ones a word)
using SuitWords = std::array<std::uint64_t, kMaxWords>;

// Each suit as words: its count, every seat's cards but the last (implied) in
// relative ranks, then where its card classes sit; words past a suit's own are
// zero up to the most any suit needs, which is returned. Inlined into each way
// of compressing, so the per-suit work has no calls.
template <class Lanes>
[[gnu::always_inline]] inline int suit_words(const SolverRules& sr, const Position& pos, Lane* in_play,
                                             SuitWords* words, Lanes) {
  const int n = pos.players();
  const CardSet all = cards_in_hands(pos);
  int count[kNumSuits];
  int used = 1;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const Lane remaining = in_play[suit] = sr.lane(all, suit);
    WordPacker pack(words[suit].data());
    pack.add(static_cast<std::uint64_t>(Lanes::count(remaining)), 4);
    for (int s = 0; s + 1 < n; ++s) pack.add(Lanes::compress(sr.lane(pos.hand(s), suit), remaining), 13);
    for (int i = 0; i < sr.class_mask_count(suit); ++i)
      pack.add(Lanes::compress(sr.class_mask(suit, i) & remaining, remaining), 13);
    count[suit] = pack.finish();
    used = std::max(used, count[suit]);
  }
  for (int suit = 0; suit < kNumSuits; ++suit)
    for (int w = count[suit]; w < used; ++w) words[suit][w] = 0;
  return used;
}

}  // namespace

PositionKey::PositionKey(const SolverRules& sr, const Position& pos, int root, std::uint32_t moon_candidates)
    : sr_(&sr) {
  SuitWords words[kNumSuits];  // filled up to `used` by suit_words
  const int used = with_lane_compress([&](auto lanes) { return suit_words(sr, pos, in_play_, words, lanes); });
  // Canonical order: by kind, then (within a kind of interchangeable suits) by
  // content, equal contents by suit. Each suit's slot counts the suits before it:
  // six comparisons without a data-dependent branch (an insertion sort's exits
  // mispredict, the contents being random).
  auto before = [&](int a, int b) {  // whether suit a goes first, for suits a < b
    if (sr.suit_kind(a) != sr.suit_kind(b)) return sr.suit_kind(a) < sr.suit_kind(b);  // fixed by the rules
    if (used == 1) return words[a][0] <= words[b][0];
    return !std::lexicographical_compare(words[b].begin(), words[b].begin() + used, words[a].begin(),
                                         words[a].begin() + used);
  };
  int slot[kNumSuits] = {};
  for (int a = 0; a < kNumSuits; ++a) {
    for (int b = a + 1; b < kNumSuits; ++b) {
      const bool a_first = before(a, b);
      slot[b] += a_first;
      slot[a] += !a_first;
    }
  }
  for (int suit = 0; suit < kNumSuits; ++suit) {
    slot_of_suit_[suit] = static_cast<std::uint8_t>(slot[suit]);
    suit_of_slot_[slot[suit]] = static_cast<std::uint8_t>(suit);
  }
  std::uint64_t check = 0x243f6a8885a308d3ULL, index = 0x13198a2e03707344ULL;
  auto mix = [&](std::uint64_t w) {
    check = fmix64(check ^ w);
    index = fmix64(index + w * 0x9e3779b97f4a7c15ULL);
  };
  for (const int suit : suit_of_slot_)
    for (int w = 0; w < used; ++w) mix(words[suit][w]);
  std::uint64_t state = 0;
  WordPacker pack(&state);
  pack.add(static_cast<std::uint64_t>(pos.turn()), 4);
  pack.add(static_cast<std::uint64_t>(root), 4);
  pack.add(pos.hearts_broken() ? 1 : 0, 1);
  pack.add(moon_candidates, 10);
  // The past (outcome.h): in the state word when it fits (the plain game's points taken).
  const std::uint64_t past = past_key(sr, pos, root, moon_candidates);
  pack.add(past <= 0xffff ? past : 0, 16);
  pack.finish();
  mix(state);
  if (past > 0xffff) mix(past);
  check_ = check;
  index_ = fmix64(index ^ 0x2545f4914f6cdd1dULL);
}

int PositionKey::relative_card(Card c) const {
  const Lane above = strengths_above(sr_->strength_of(c));
  return slot_of_suit_[c.suit()] * 16 + bit_count(in_play_[c.suit()] & above);
}

Card PositionKey::absolute_card(int relative) const {
  const int suit = suit_of_slot_[(relative >> 4) & 3];
  Lane lane = in_play_[suit];
  for (int k = relative & 15; k > 0 && lane; --k) lane &= ~(1u << top_strength(lane));
  return sr_->card_at(suit, lane ? top_strength(lane) : 0);
}

}  // namespace copas::solver
