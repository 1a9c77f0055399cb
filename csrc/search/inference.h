// Inference over the other seats' play (issue 30): the worlds a search samples,
// weighted by how likely the cards the other seats played are in each world.
//
// The exact sampler (sampler.h) draws a world uniformly among those consistent
// with the facts: it ignores that a seat which ducked a trick or dumped a spade
// told the table something. Here a world's weight is the likelihood of every card
// the other seats played this hand, under a model of their play: with probability
// 1 - noise the playout policy (heuristic_card) or the learned card model
// (card_model.h), with probability noise a uniformly random legal card. The uniform sampler stays the prior: a pool of
// `pool` worlds is drawn from it once per search, each weighted by its likelihood
// (replayed from the hand's first card in that world), and the search then draws
// its worlds from the pool in proportion to the weights (sampling-importance-
// resampling). Over the pool's worlds the draw is exactly the posterior; as the
// pool grows it tends to the posterior over every world.
#pragma once

#include <cstdint>
#include <vector>

#include "../position.h"
#include "../rng.h"
#include "card_model.h"
#include "sampler.h"

namespace copas {

struct InferenceParams {
  int pool = 0;             // worlds drawn and weighted per search; 0: off (the uniform sampler)
  double model_noise = 0.5; // the model's share of random cards (0 < noise <= 1)
  bool learned = false;     // the learned card model below, else the playout policy
  CardModel model;
};

// The inference model's chance that the seat to act in `pos` plays `card`.
double model_card_probability(const Position& pos, Card card, const InferenceParams& params);

// Why the likelihood cannot be read from `root`'s play (empty when it can): the
// hand's history must replay card by card (no stock draws, no domino passes).
std::string inference_unsupported(const Position& root);

// The log-likelihood of the cards the seats other than `seat` played in `world`
// (a full position: the root with a sampled world's hands) under the model
// above. Plays before the hand's last decision or discard are not weighed (the
// replay starts after them). Needs inference_unsupported(world) empty.
double play_log_likelihood(const Position& world, int seat, const InferenceParams& params);

// A pool of sampled worlds with their weights (the only allocation, once per search).
class WorldPool {
 public:
  // Draws params.pool worlds of `root` from `sampler` with `rng`, and weighs each.
  WorldPool(const Position& root, const WorldSampler& sampler, int seat, const InferenceParams& params,
            Rng& rng);

  bool empty() const { return worlds_.empty(); }
  int size() const { return static_cast<int>(worlds_.size()); }
  // A world drawn in proportion to its weight, written into `out`.
  void sample(Rng& rng, Position& out) const;
  // The weight of pool world i (the pool's weights sum to 1).
  double weight(int i) const;
  const Position& world(int i) const { return worlds_[static_cast<std::size_t>(i)]; }
  // Kish's effective sample size: (sum w)^2 / sum w^2, 1..size().
  double effective_size() const { return effective_size_; }

 private:
  std::vector<Position> worlds_;
  std::vector<double> cumulative_;  // running sums of the weights, the last one 1
  double effective_size_ = 0;
};

// Where a search's worlds come from: the uniform sampler, or a pool over it.
class WorldSource {
 public:
  explicit WorldSource(const WorldSampler& sampler, const WorldPool* pool = nullptr)
      : sampler_(sampler), pool_(pool && !pool->empty() ? pool : nullptr) {}
  // `out` holds the root; on return, a world (false: none, out unchanged).
  bool sample(Rng& rng, Position& out) const {
    if (pool_) [[unlikely]] {
      pool_->sample(rng, out);
      return true;
    }
    return sampler_.sample(rng, out);
  }
  const WorldSampler& sampler() const { return sampler_; }

 private:
  const WorldSampler& sampler_;
  const WorldPool* pool_;
};

}  // namespace copas
