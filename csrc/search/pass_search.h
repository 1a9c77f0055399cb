// Choosing a pass by search: a flat bandit (UCB1) over every set of cards the
// seat may pass. Each iteration deals the unseen cards from the sampler (during
// the pass the seat knows only its hand), lets the other seats pass by the
// heuristic, plays the hand out with the heuristic policy and scores it.
#pragma once

#include <cstdint>
#include <vector>

#include "../position.h"
#include "../rng.h"
#include "ismcts.h"
#include "move_stats.h"
#include "sampler.h"
#include "search_control.h"

namespace copas {

class PassSearch {
 public:
  // `root`: phase kPassing with no pass set yet; `seat` chooses.
  PassSearch(const Position& root, int seat);

  // `match` (or nullptr): the hands end scored as that match counts them;
  // `equity` (or nullptr): the match objective, as IsmctsTree::run.
  std::int64_t run(const WorldSampler& sampler, const IsmctsParams& params, SearchControl& control, Rng& rng,
                   std::int64_t max_iterations, const MatchState* match = nullptr,
                   const MatchEquity* equity = nullptr);
  const std::vector<MoveStats>& stats() const { return options_; }

  // More options than this are sampled, not enumerated (a 17-card hand passing 3
  // has 680; nothing here comes close to the cap).
  static constexpr std::size_t kMaxOptions = 4096;

 private:
  // run's loop for one objective (leaf_value.h: PointsLeaf or MatchLeaf).
  template <class Leaf>
  std::int64_t run_with(const WorldSampler& sampler, const IsmctsParams& params, SearchControl& control, Rng& rng,
                        std::int64_t max_iterations, const Leaf& value);

  Position root_;
  int seat_;
  CardSet packet_ = 0;  // blind-forward: the seat's unseen packet (its options' first, forwarded)
  std::vector<MoveStats> options_;
  std::vector<double> rewards_;
};

}  // namespace copas
