// Two copies of a card (two-deck, docs/RULES.md §13; later cancellation §14 and
// uno-hearts §15): a multiset of card values, each held 0, 1 or 2 times.
//
// The 64-bit CardSet has one bit per card value, so a second copy lives in a second
// layer: `once` holds the values held at least once, `twice` those held twice
// (twice is always a subset of once). Copies of one value are interchangeable in a
// hand, so a move names a value and the legal moves are computed from `once`; the
// order of a trick tells the copies apart (Position, twin_play.cpp).
#pragma once

#include "cards.h"
#include "rule_view.h"

namespace copas {

struct TwinSet {
  CardSet once = 0;   // held at least once
  CardSet twice = 0;  // held twice (a subset of once)

  int size() const { return count(once) + count(twice); }
  bool empty() const { return once == 0; }
  // One more copy of each card of `cards` (none may already be held twice).
  void add(CardSet cards) {
    twice |= once & cards;
    once |= cards;
  }
  void add(const TwinSet& other) {
    add(other.once);
    add(other.twice);
  }
  // One copy fewer of each card of `cards` (each must be held).
  void remove(CardSet cards) {
    const CardSet both = twice & cards;
    twice &= ~cards;
    once &= ~(cards & ~both);
  }
  void remove(const TwinSet& other) {
    remove(other.twice);
    remove(other.once);
  }
  friend bool operator==(const TwinSet&, const TwinSet&) = default;
};

// Why the search refuses two copies: its seat views (search/view.h), its knowledge and
// its world sampler (search/sampler.h) hold one copy of each card.
inline constexpr const char* kTwinsNotSearched =
    "two copies of a card (docs/RULES.md §13, §14): the search's seat views and world sampler "
    "hold one copy of each card (not built yet)";

// Card points of a multiset: each copy counts.
inline int points_of(const RuleView& view, const TwinSet& cards) {
  return view.points(cards.once) + view.points(cards.twice);
}

// Counts copies of each value up to 2 as two bit layers (a half adder per bit):
// after adding sets, `once` holds the values seen exactly once, `twice` those seen
// twice, `over` those seen more often (a deal that is impossible with two decks).
struct CopyCounter {
  CardSet once = 0, twice = 0, over = 0;
  void add(CardSet cards) {
    over |= twice & cards;
    twice = (twice & ~cards) | (once & cards);
    once ^= cards & ~over & ~twice;
    once &= ~twice;
  }
  void add(const TwinSet& cards) {
    add(cards.once);
    add(cards.twice);
  }
  // The copies of a two-copy `deck` not counted: what is left of it. `single`: the
  // deck's cards with one copy only (uno-hearts, RuleSet::single_copies).
  TwinSet rest_of(CardSet deck, CardSet single = 0) const {
    const CardSet pairs = deck & ~single, none = ~once & ~twice & ~over;
    return {(pairs & ~twice & ~over) | (single & none), pairs & none};
  }
};

}  // namespace copas
