// Choosing a pass by search: a flat bandit (UCB1) over every set of cards the
// seat may pass. Each iteration deals the unseen cards from the sampler (during
// the pass the seat knows only its hand), lets the other seats pass by the
// heuristic, plays the hand out with the heuristic policy and scores it.
// uno-hearts (two copies, docs/RULES.md §15) runs the same bandit over the two-copy
// sampler's worlds (twin_sampler.h); its candidates pass one copy of each value.
#pragma once

#include <cstdint>
#include <vector>

#include "../position.h"
#include "../rng.h"
#include "ismcts.h"
#include "move_stats.h"
#include "sampler.h"
#include "search_control.h"
#include "twin_sampler.h"

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
  std::int64_t run(const TwinWorldSampler& sampler, const IsmctsParams& params, SearchControl& control, Rng& rng,
                   std::int64_t max_iterations, const MatchState* match = nullptr,
                   const MatchEquity* equity = nullptr);
  const std::vector<MoveStats>& stats() const { return options_; }

  // More options than this are sampled, not enumerated (a 17-card hand passing 3
  // has 680; nothing here comes close to the cap).
  static constexpr std::size_t kMaxOptions = 4096;

 private:
  // run's objective (leaf_value.h: PointsLeaf or MatchLeaf) for either sampler.
  template <class Sampler>
  std::int64_t run_for(const Sampler& sampler, const IsmctsParams& params, SearchControl& control, Rng& rng,
                       std::int64_t max_iterations, const MatchState* match, const MatchEquity* equity);
  // run's loop for one objective and one sampler.
  template <class Leaf, class Sampler>
  std::int64_t run_with(const Sampler& sampler, const IsmctsParams& params, SearchControl& control, Rng& rng,
                        std::int64_t max_iterations, const Leaf& value);

  Position root_;
  int seat_;
  CardSet packet_ = 0;  // blind-forward: the seat's unseen packet (its options' first, forwarded)
  std::vector<MoveStats> options_;
  std::vector<double> rewards_;
};

}  // namespace copas
