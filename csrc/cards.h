// Cards and card sets as bitboards.
//
// A card is a bit index: suit * 16 + face, where face 0..12 is 2..A.
// A CardSet is a 64-bit word with one 16-bit lane per suit (C, D, H, S),
// so "all my hearts" is one AND and "highest heart" is one bit scan.
// The lane order C, D, H, S is also the canonical output order (docs/PROTOCOL.md).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace copas {

using CardSet = std::uint64_t;

enum Suit : int { kClubs = 0, kDiamonds = 1, kHearts = 2, kSpades = 3 };
constexpr int kNumSuits = 4;
constexpr int kNumFaces = 13;  // 2 3 4 5 6 7 8 9 T J Q K A
constexpr int kLaneBits = 16;

// Faces: 0 is the two, 12 is the ace.
constexpr int kTwo = 0, kThree = 1, kTen = 8, kJack = 9, kQueen = 10, kKing = 11, kAce = 12;

struct Card {
  std::uint8_t index = 0;  // suit * 16 + face

  constexpr Card() = default;
  constexpr explicit Card(int i) : index(static_cast<std::uint8_t>(i)) {}
  constexpr Card(Suit s, int face) : index(static_cast<std::uint8_t>(s * kLaneBits + face)) {}
  constexpr Suit suit() const { return static_cast<Suit>(index >> 4); }
  constexpr int face() const { return index & 15; }
  constexpr CardSet bit() const { return CardSet{1} << index; }
  constexpr bool operator==(const Card&) const = default;
};

constexpr Card kTwoOfClubs{kClubs, kTwo};
constexpr Card kQueenOfSpades{kSpades, kQueen};

constexpr CardSet kLaneMask = (CardSet{1} << kNumFaces) - 1;  // the 13 faces of one suit
constexpr CardSet suit_mask(Suit s) { return kLaneMask << (s * kLaneBits); }
constexpr CardSet suit_mask(int s) { return kLaneMask << (s * kLaneBits); }
constexpr CardSet kHeartsMask = suit_mask(kHearts);
constexpr CardSet kFullDeck = suit_mask(0) | suit_mask(1) | suit_mask(2) | suit_mask(3);

namespace detail {
constexpr std::uint64_t kByteOnes = 0x0101010101010101ULL;
// The number of set bits of each byte, in that byte (SWAR).
constexpr std::uint64_t byte_counts(std::uint64_t s) {
  s -= (s >> 1) & 0x5555555555555555ULL;
  s = (s & 0x3333333333333333ULL) + ((s >> 2) & 0x3333333333333333ULL);
  return (s + (s >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
}
}  // namespace detail

// Number of cards. The default x86-64 target (wheels run on any x86-64) has no
// POPCNT instruction, where __builtin_popcountll is an out-of-line libgcc call;
// the SWAR sum inlines to a dozen instructions instead.
constexpr int count(CardSet s) {
#if defined(__x86_64__) && !defined(__POPCNT__)
  return static_cast<int>((detail::byte_counts(s) * detail::kByteOnes) >> 56);
#else
  return __builtin_popcountll(s);
#endif
}
constexpr bool contains(CardSet s, Card c) { return (s & c.bit()) != 0; }
constexpr Card lowest(CardSet s) { return Card(__builtin_ctzll(s)); }
constexpr Card highest(CardSet s) { return Card(63 - __builtin_clzll(s)); }

// Removes and returns the lowest card; s must not be empty.
inline Card pop_lowest(CardSet& s) {
  Card c = lowest(s);
  s &= s - 1;
  return c;
}

// Calls visit(subset) for each k-card subset of `cards`, those holding the lowest
// cards first, while it returns true; returns false when visit stopped it.
template <class Visit>
bool for_each_subset(CardSet cards, int k, const Visit& visit, CardSet chosen = 0) {
  if (k == 0) return visit(chosen);
  if (count(cards) < k) return true;
  const CardSet rest = cards & (cards - 1);
  return for_each_subset(rest, k - 1, visit, chosen | lowest(cards).bit()) &&
         for_each_subset(rest, k, visit, chosen);
}

namespace detail {
// kSelectInByte[b][k]: the position of the k-th set bit of byte b (8 when there is none).
struct SelectInByteTable {
  std::uint8_t at[256][8];
  constexpr SelectInByteTable() : at{} {
    for (int b = 0; b < 256; ++b) {
      int k = 0;
      for (int i = 0; i < 8; ++i)
        if ((b >> i) & 1) at[b][k++] = static_cast<std::uint8_t>(i);
      for (; k < 8; ++k) at[b][k] = 8;
    }
  }
};
inline constexpr SelectInByteTable kSelectInByte{};
}  // namespace detail

// The k-th card (0-based, lowest first) of a non-empty set, where
// k = choose(number of cards in s) is below that number: one SWAR pass gives
// both the count and the place, so choose can be a random draw.
// Branch-free (a random k would mispredict a loop's exit): byte-wise running
// counts locate the byte holding the card, a table the bit within it.
template <class Choose>
[[gnu::always_inline]] inline Card select_card(CardSet s, Choose&& choose) {
  constexpr std::uint64_t kOnes = detail::kByteOnes;
  constexpr std::uint64_t kHighs = 0x8080808080808080ULL;
  const std::uint64_t running = detail::byte_counts(s) * kOnes;  // byte i: cards in bytes 0..i
  const int k = static_cast<int>(choose(static_cast<int>(running >> 56)));
  // High bit of byte i set when running[i] <= k; true for a prefix of the bytes.
  const std::uint64_t at_most_k = ((static_cast<std::uint64_t>(k) * kOnes | kHighs) - running) & kHighs;
  const int shift = static_cast<int>(((at_most_k >> 7) * kOnes) >> 56) * 8;  // 8 * bytes before ours
  const int before = static_cast<int>(((running << 8) >> shift) & 0xff);
  return Card(shift + detail::kSelectInByte.at[(s >> shift) & 0xff][k - before]);
}

#if defined(__x86_64__) && defined(__GNUC__)
#define COPAS_HAS_PDEP_SELECT 1
// select_card by POPCNT and PDEP (a few cycles instead of a few dozen), written as
// inline assembly since the default x86-64 target, which the wheels are built for,
// cannot emit them: call it only on a CPU that has both, fast (deal.cpp checks).
// It gives the same card as select_card for the same choice.
template <class Choose>
inline Card select_card_pdep(CardSet s, Choose&& choose) {
  std::uint64_t n, bit;
  asm("popcnt %1, %0" : "=r"(n) : "r"(s));
  const auto k = static_cast<std::uint64_t>(choose(static_cast<int>(n)));
  asm("pdep %2, %1, %0" : "=r"(bit) : "r"(std::uint64_t{1} << k), "r"(s));
  return lowest(bit);
}
#endif

// The k-th card (0-based, lowest first) of a set with more than k cards.
[[gnu::always_inline]] inline Card nth_card(CardSet s, int k) {
  return select_card(s, [k](int) { return k; });
}

// A bit per suit that the set holds at least one card of.
constexpr unsigned suits_present(CardSet s) {
  unsigned m = 0;
  for (int i = 0; i < kNumSuits; ++i)
    if (s & suit_mask(i)) m |= 1u << i;
  return m;
}

// Notation (docs/PROTOCOL.md): rank then suit, "TD", "QS"; input also takes "10", suit
// symbols and lower case. Parsing returns false on anything else.
bool parse_card(std::string_view text, Card& out);
std::string card_str(Card c);
// Comma-separated list or "-" for the empty set; output sorted C, D, H, S then rank.
bool parse_card_list(std::string_view text, CardSet& out, std::string& error);
std::string cardset_str(CardSet s);

}  // namespace copas
