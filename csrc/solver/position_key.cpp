#include "position_key.h"

#include <algorithm>

#include "outcome.h"

namespace copas::solver {

namespace {

// The murmur3 64-bit finaliser: every input bit affects every output bit.
constexpr std::uint64_t fmix64(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

// Packs small fields into 64-bit words, lowest bits first.
class WordPacker {
 public:
  explicit WordPacker(std::uint64_t* words) : words_(words) {}
  void add(std::uint64_t value, int bits) {
    if (used_ + bits > 64) {
      ++at_;
      used_ = 0;
    }
    words_[at_] |= value << used_;
    used_ += bits;
  }
  int words() const { return at_ + 1; }

 private:
  std::uint64_t* words_;
  int at_ = 0;
  int used_ = 0;
};

}  // namespace

PositionKey::PositionKey(const SolverRules& sr, const Position& pos, int root, std::uint32_t moon_candidates)
    : sr_(&sr) {
  const int n = pos.players();
  CardSet all = 0;
  for (int s = 0; s < n; ++s) all |= pos.hand(s);
  // Each suit as words: its count, every seat's cards but the last (implied) in
  // relative ranks, then where its card classes sit.
  SuitWords words[kNumSuits] = {};
  int used = 1;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const Lane remaining = in_play_[suit] = sr.lane(all, suit);
    WordPacker pack(words[suit].data());
    pack.add(static_cast<std::uint64_t>(bit_count(remaining)), 4);
    for (int s = 0; s + 1 < n; ++s) pack.add(compress_lane(sr.lane(pos.hand(s), suit), remaining), 13);
    for (int i = 0; i < sr.class_mask_count(suit); ++i)
      pack.add(compress_lane(sr.class_mask(suit, i) & remaining, remaining), 13);
    used = std::max(used, pack.words());
  }
  // Canonical order: by kind, then (within a kind of interchangeable suits) by content.
  auto before = [&](int a, int b) {
    if (sr.suit_kind(a) != sr.suit_kind(b)) return sr.suit_kind(a) < sr.suit_kind(b);
    return std::lexicographical_compare(words[a].begin(), words[a].begin() + used, words[b].begin(),
                                        words[b].begin() + used);
  };
  for (int i = 0; i < kNumSuits; ++i) {  // insertion sort of four suits
    int j = i;
    for (; j > 0 && before(i, suit_of_slot_[j - 1]); --j) suit_of_slot_[j] = suit_of_slot_[j - 1];
    suit_of_slot_[j] = static_cast<std::uint8_t>(i);
  }
  std::uint64_t check = 0x243f6a8885a308d3ULL, index = 0x13198a2e03707344ULL;
  auto mix = [&](std::uint64_t w) {
    check = fmix64(check ^ w);
    index = fmix64(index + w * 0x9e3779b97f4a7c15ULL);
  };
  for (int slot = 0; slot < kNumSuits; ++slot) {
    const int suit = suit_of_slot_[slot];
    slot_of_suit_[suit] = static_cast<std::uint8_t>(slot);
    for (int w = 0; w < used; ++w) mix(words[suit][w]);
  }
  std::uint64_t state = 0;
  WordPacker pack(&state);
  pack.add(static_cast<std::uint64_t>(pos.turn()), 4);
  pack.add(static_cast<std::uint64_t>(root), 4);
  pack.add(pos.hearts_broken() ? 1 : 0, 1);
  pack.add(moon_candidates, 10);
  // The past (outcome.h): in the state word when it fits (the plain game's points taken).
  const std::uint64_t past = past_key(sr, pos, root, moon_candidates);
  pack.add(past <= 0xffff ? past : 0, 16);
  mix(state);
  if (past > 0xffff) mix(past);
  check_ = check;
  index_ = fmix64(index ^ 0x2545f4914f6cdd1dULL);
}

int PositionKey::relative_card(Card c) const {
  const Lane above = ~((2u << sr_->strength_of(c)) - 1);
  return slot_of_suit_[c.suit()] * 16 + bit_count(in_play_[c.suit()] & above);
}

Card PositionKey::absolute_card(int relative) const {
  const int suit = suit_of_slot_[(relative >> 4) & 3];
  Lane lane = in_play_[suit];
  for (int k = relative & 15; k > 0 && lane; --k) lane &= ~(1u << (31 - __builtin_clz(lane)));
  return sr_->card_at(suit, lane ? 31 - __builtin_clz(lane) : 0);
}

}  // namespace copas::solver
