#include "position_key.h"

#include <algorithm>

#include "../cpu_features.h"
#include "outcome.h"

namespace copas::solver {

namespace {

constexpr int kMaxWords = 6;  // a suit's count, five seats' cards and class masks, 13 bits each
using SuitWords = std::array<std::uint64_t, kMaxWords>;

// The murmur3 64-bit finaliser: every input bit affects every output bit.
constexpr std::uint64_t fmix64(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

// Packs small fields into 64-bit words, lowest bits first (a field that does not
// fit starts the next word). The word being filled stays in a register.
class WordPacker {
 public:
  explicit WordPacker(std::uint64_t* words) : words_(words) {}
  void add(std::uint64_t value, int bits) {
    if (used_ + bits > 64) {
      words_[at_++] = word_;
      word_ = 0;
      used_ = 0;
    }
    word_ |= value << used_;
    used_ += bits;
  }
  // Writes the last word; returns how many were written.
  int finish() {
    words_[at_] = word_;
    return at_ + 1;
  }

 private:
  std::uint64_t* words_;
  std::uint64_t word_ = 0;
  int at_ = 0;
  int used_ = 0;
};

// compress_lane (solver_rules.h) two ways with the same result: the PEXT
// instruction (inline assembly: the default x86-64 target cannot emit it; only
// where bmi2_is_fast()) or the portable tables.
#if defined(__x86_64__) && defined(__GNUC__)
struct PextCompress {
  Lane operator()(Lane lane, Lane within) const {
    Lane out;
    asm("pext %2, %1, %0" : "=r"(out) : "r"(lane), "r"(within));
    return out;
  }
};
#endif
struct TableCompress {
  Lane operator()(Lane lane, Lane within) const { return compress_lane(lane, within); }
};

// Each suit as words: its count, every seat's cards but the last (implied) in
// relative ranks, then where its card classes sit; words past a suit's own are
// zero up to the most any suit needs, which is returned. Inlined into each way
// of compressing, so the per-suit work has no calls.
template <class Compress>
[[gnu::always_inline]] inline int suit_words(const SolverRules& sr, const Position& pos, Lane* in_play,
                                             SuitWords* words, Compress compress) {
  const int n = pos.players();
  CardSet all = 0;
  for (int s = 0; s < n; ++s) all |= pos.hand(s);
  int count[kNumSuits];
  int used = 1;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const Lane remaining = in_play[suit] = sr.lane(all, suit);
    WordPacker pack(words[suit].data());
    pack.add(static_cast<std::uint64_t>(bit_count(remaining)), 4);
    for (int s = 0; s + 1 < n; ++s) pack.add(compress(sr.lane(pos.hand(s), suit), remaining), 13);
    for (int i = 0; i < sr.class_mask_count(suit); ++i) pack.add(compress(sr.class_mask(suit, i) & remaining, remaining), 13);
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
#if defined(__x86_64__) && defined(__GNUC__)
  const int used = bmi2_is_fast() ? suit_words(sr, pos, in_play_, words, PextCompress{})
                                  : suit_words(sr, pos, in_play_, words, TableCompress{});
#else
  const int used = suit_words(sr, pos, in_play_, words, TableCompress{});
#endif
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
  pack.finish();
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
