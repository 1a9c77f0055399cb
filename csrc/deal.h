// Random deals and random passes, shared by the match flow and the playout
// benchmark (the search's world sampler deals by its own exact method).
#pragma once

#include <cstdint>

#include "position.h"
#include "rng.h"
#include "rules.h"

namespace copas {

// Deals a rules' deck again and again. Each deal shuffles (Fisher-Yates) the
// order the previous one left, which is as uniform as shuffling a sorted deck
// and saves listing the deck's cards per deal. When the deal takes the whole
// deck, the last seat's hand is simply what the others leave, so the shuffle
// stops one hand early: the hands are the same as with a full shuffle.
class Dealer {
 public:
  explicit Dealer(const RuleSet& rules);
  // hand_size cards to each seat, at random.
  void deal(Rng& rng, CardSet* hands);

 private:
  CardSet cards_[64];  // one bit each: a hand is the OR of its run
  CardSet deck_ = 0;
  int deck_size_ = 0;
  int players_ = 0;
  int hand_size_ = 0;
  int shuffled_ = 0;  // leading positions the shuffle fixes
  bool last_is_rest_ = false;
};

// One random deal from a sorted deck (a fresh Dealer): a seed always gives the same deal.
void deal_random(const RuleSet& rules, Rng& rng, CardSet* hands);
// Two copies of every card (RuleSet::copies = 2, twin_play.cpp): a random deal of the
// two decks, each seat's values in `hands` and those it holds twice in `twins`.
void deal_random_twins(const RuleSet& rules, Rng& rng, CardSet* hands, CardSet* twins);

// Random draws below: k = rng.below(cards in the set), then the k-th card of the
// set, found by POPCNT and PDEP where the CPU has them fast (deal.cpp) and portably
// elsewhere; both find the same card, so a seed gives the same results on every
// CPU. COPAS_PORTABLE_SELECT=1 in the environment forces the portable way.

// A card drawn uniformly from `from` (not empty).
Card random_card(CardSet from, Rng& rng);

// k cards drawn uniformly from `from` (which holds at least k).
CardSet random_subset(CardSet from, int k, Rng& rng);

// Plays the current hand to its end with uniformly random legal choices,
// passes included.
void play_out_randomly(Position& pos, Rng& rng);

// Aggregate of a batch of random hands (what the benchmark reports, and a
// sanity check on it: the mean score per seat must be total_points / players).
struct PlayoutStats {
  std::uint64_t hands = 0;
  std::uint64_t plays = 0;
  std::uint64_t moons = 0;
  std::int64_t score_sum[kMaxPlayers] = {};
};

// `count` random hands (deal, pass by hand number cycling, play, score), on one
// Position and one Dealer reused from hand to hand.
PlayoutStats random_hands(const RuleSet& rules, std::uint64_t count, std::uint64_t seed);

}  // namespace copas
