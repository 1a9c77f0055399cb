// Information-set MCTS (single observer, Cowling, Powley & Whitehouse 2012) for
// the play of a hand: one tree over the root seat's information set; each
// iteration deals a fresh world (the sampler, or an inference pool), descends the tree choosing
// only among the moves legal in that world (UCB with availability counts, each
// seat maximising its own reward), expands one node, plays out with the
// heuristic policy and backs up every seat's own reward.
#pragma once

#include <cstdint>
#include <vector>

#include "../match.h"
#include "../position.h"
#include "../rng.h"
#include "match_equity.h"
#include "move_stats.h"
#include "inference.h"
#include "score_scale.h"
#include "twin_sampler.h"
#include "search_control.h"

namespace copas {

struct IsmctsParams {
  double exploration = 0.7;    // UCB constant on rewards in [0, 1]
  double playout_noise = 0.1;  // share of random cards in the playouts
  double match_points_weight = 0;  // the match objective: the hand points' share of the reward
};

class IsmctsTree {
 public:
  // A node pool of about `bytes`, allocated here once; a full pool stops growth
  // (iterations go on from the leaves), never allocates more.
  explicit IsmctsTree(std::size_t bytes);

  // Runs iterations from `root` (phase kPlaying, the seat `worlds` describes to
  // act) until `control` says stop, or `max_iterations` (< 0: no cap) are done.
  // The tree starts empty on every call. `match` (or nullptr): the hands end
  // scored as that match counts them (counted_hand_scores). `equity` (or
  // nullptr, the points objective): the match objective, leaves valued by it
  // from `match` (leaf_value.h).
  std::int64_t run(const Position& root, const WorldSource& worlds, const IsmctsParams& params,
                   SearchControl& control, Rng& rng, std::int64_t max_iterations,
                   const MatchState* match = nullptr, const MatchEquity* equity = nullptr);
  // The same with two copies of every card (two-deck): worlds from twin_sampler.h.
  std::int64_t run(const Position& root, const TwinWorldSampler& sampler, const IsmctsParams& params,
                   SearchControl& control, Rng& rng, std::int64_t max_iterations,
                   const MatchState* match = nullptr, const MatchEquity* equity = nullptr);

  // The root's children as statistics of the root seat's hand score (its
  // match-winning chance under the match objective).
  void root_stats(std::vector<MoveStats>& out) const;

  std::size_t capacity() const { return nodes_.size(); }
  std::size_t used() const { return used_; }

 private:
  struct Node {
    std::uint32_t first_child = 0;  // 0: none (node 0 is the root, never a child)
    std::uint32_t next_sibling = 0;
    std::uint32_t visits = 0;
    std::uint32_t avail = 0;  // iterations in which this move was legal at its parent
    float reward_sum = 0;     // the mover's reward
    double score_sum = 0;     // the mover's hand score or match chance (for reporting)
    double score_sq = 0;
    CardSet expanded = 0;     // cards of the children
    Card card;
    std::uint8_t mover = 0;
  };

  // run's objective (leaf_value.h: PointsLeaf or MatchLeaf), for either sampler.
  template <class Sampler>
  std::int64_t run_any(const Position& root, const Sampler& sampler, const IsmctsParams& params,
                       SearchControl& control, Rng& rng, std::int64_t max_iterations, const MatchState* match,
                       const MatchEquity* equity);
  // run's loop for one objective.
  template <class Sampler, class Leaf>
  std::int64_t run_with(const Position& root, const Sampler& sampler, const IsmctsParams& params,
                        SearchControl& control, Rng& rng, std::int64_t max_iterations, const Leaf& value);

  std::uint32_t add_child(std::uint32_t parent, Card card, int mover);
  std::uint32_t select_child(const Node& parent, CardSet legal, double exploration);

  std::vector<Node> nodes_;
  std::size_t used_ = 0;
};

}  // namespace copas
