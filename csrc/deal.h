// Random deals and random passes, shared by the match flow, the playout
// benchmark and (later) the search's world sampler.
#pragma once

#include <cstdint>

#include "position.h"
#include "rng.h"
#include "rules.h"

namespace copas {

// Deals the rules' deck at random: hand_size cards to each seat.
void deal_random(const RuleSet& rules, Rng& rng, CardSet* hands);

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

// `count` random hands (deal, pass by hand number cycling, play, score).
PlayoutStats random_hands(const RuleSet& rules, std::uint64_t count, std::uint64_t seed);

}  // namespace copas
