// TwinWorldSampler: the worlds a seat cannot see when every card has two copies
// (two-deck, docs/RULES.md §13; csrc/twin_cards.h), uniform over the physical deals.
//
// What the seat knows: its own cards, the cards played (public, both copies told
// apart by the trick order), each other seat's card count and the suits it has shown
// it lacks (but for a revoke not yet proven), the kitty's size (face down, taken or
// not). Under two-deck's rules (B0) a play tells nothing else. The unseen cards are a multiset: a value with two unseen
// copies may go to one seat twice or to two seats, and the worlds are weighed as
// physical cards would be (each copy a distinct card).
//
// How: the holders (the other seats, and the kitty) that lack a suit with unseen
// cards take their cards first. A world's suit counts per such holder form a table
// x[holder][suit]; the physical deals with that table number
// prod_holders prod_suits C(left of the suit, x) times the deals of the rest to the
// holders with no void, which is the same for every table ((rest)! / prod counts!).
// A dynamic programme over the suit counts left (one level per holder with a void)
// sums those weights, and a sample draws each holder's counts in proportion, then
// deals the chosen copies of each suit, then the rest, by partial Fisher-Yates
// shuffles. The weights are doubles (counts of up to ~10^60 deals): the draw is
// uniform up to double rounding, not in exact integers as WorldSampler's.
//
// uno-hearts (docs/RULES.md §15): one copy of Q♠ 8♣ 8♦, and no kitty but a stock still
// to draw, a holder with no void whose cards are dealt in a uniform order (its drawn
// cards are face up, so seen). The hands the seat has held are known whole and its
// pass's remnant is known to be in the hand it went to (search/uno_knowledge.h): those
// cards are seen, and that holder draws only the rest of its count. A hand's plays may
// show more than its voids: a heart led before hearts broke, or played to trick 1, shows
// it held only hearts (Position::revealed_absent); that too goes with the hand, and the
// holder of it now draws none of the suits it showed it lacks.
#pragma once

#include <string>
#include <vector>

#include "../position.h"
#include "../rng.h"

namespace copas {

class TwinWorldSampler {
 public:
  TwinWorldSampler(const Position& pos, int seat);

  bool ready() const { return problem_.empty(); }
  const std::string& problem() const { return problem_; }
  // The number of physical deals consistent with the seat's knowledge (0 when none).
  double world_count() const { return world_count_; }

  // One world: every seat's cards (the seat's own included) and the kitty's (uno-hearts:
  // the stock's, and its order top first into `stock` when given, stock_left() cards).
  void draw(Rng& rng, TwinSet* hands, TwinSet& kitty, Card* stock = nullptr) const;
  // The same world written into a copy of the position the sampler was built from
  // (Position::set_held, set_twin_kitty or set_stock). False, leaving `out` as it is, when not ready().
  bool sample(Rng& rng, Position& out) const;

 private:
  static constexpr int kLanes = 27;  // suit counts 0..26
  int index(const int* r) const { return (r[0] * kLanes + r[1]) * kLanes + r[2]; }
  // The weight of the worlds below `level` with `left` cards per suit still to place
  // (counted once, in the constructor, for every state a draw can reach).
  double count_completions(int level, const int* left);
  double completions(int level, const int* left) const { return table_[level][index(left)]; }
  // Each suit-count vector x of `level`'s holder with `left` cards per suit, with its weight.
  template <class Visit>
  void for_each_split(int level, const int* left, Visit&& visit) const;

  int players_ = 0;
  int seat_ = 0;
  TwinSet own_;
  std::string problem_;
  double world_count_ = 0;
  int holders_ = 0;                       // other seats, then the kitty (or stock) when there is one
  int holder_seat_[kMaxPlayers + 1] = {};  // players_ for the kitty (or stock)
  bool stock_ = false;                     // uno-hearts: the last holder is the stock
  // uno-hearts: per seat, the cards known to be in its hand (all of them for a hand the
  // seat has held, which is then no holder).
  TwinSet known_[kMaxPlayers];
  int count_[kMaxPlayers + 1] = {};
  unsigned voids_[kMaxPlayers + 1] = {};
  std::vector<int> void_holders_;  // dealt first, one DP level each
  std::vector<int> free_holders_;
  Card unseen_[kNumSuits][2 * kNumFaces];  // the unseen copies, per suit
  int unseen_count_[kNumSuits] = {};
  std::vector<std::vector<double>> table_;  // per level and state: completions, -1 where unreached
};

}  // namespace copas
