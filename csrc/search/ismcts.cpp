#include "ismcts.h"

#include <cmath>

#include "leaf_value.h"
#include "playout_policy.h"

namespace copas {

namespace {

constexpr int kMaxDepth = kMaxPlays + 1;
constexpr int kClockEvery = 64;  // iterations between reads of the clock

}  // namespace

IsmctsTree::IsmctsTree(std::size_t bytes) {
  std::size_t n = bytes / sizeof(Node);
  if (n < 1024) n = 1024;
  nodes_.resize(n);
}

std::uint32_t IsmctsTree::add_child(std::uint32_t parent, Card card, int mover) {
  const auto index = static_cast<std::uint32_t>(used_++);
  Node& child = nodes_[index];
  child = Node{};
  child.card = card;
  child.mover = static_cast<std::uint8_t>(mover);
  Node& p = nodes_[parent];
  child.next_sibling = p.first_child;
  p.first_child = index;
  p.expanded |= card.bit();
  return index;
}

// UCB1 over the children legal in this world, each counted against the number of
// times it was available rather than the parent's visits (the ISMCTS form).
std::uint32_t IsmctsTree::select_child(const Node& parent, CardSet legal, double exploration) {
  std::uint32_t best = 0;
  double best_value = -1e300;
  for (std::uint32_t i = parent.first_child; i; i = nodes_[i].next_sibling) {
    Node& child = nodes_[i];
    if (!contains(legal, child.card)) continue;
    ++child.avail;
    const double n = child.visits ? child.visits : 1;
    const double value = child.reward_sum / n + exploration * std::sqrt(std::log(child.avail) / n);
    if (value > best_value) best_value = value, best = i;
  }
  return best;
}

std::int64_t IsmctsTree::run(const Position& root, const WorldSource& worlds, const IsmctsParams& params,
                             SearchControl& control, Rng& rng, std::int64_t max_iterations,
                             const MatchState* match, const MatchEquity* equity) {
  return run_any(root, worlds, params, control, rng, max_iterations, match, equity);
}

std::int64_t IsmctsTree::run(const Position& root, const TwinWorldSampler& sampler, const IsmctsParams& params,
                             SearchControl& control, Rng& rng, std::int64_t max_iterations,
                             const MatchState* match, const MatchEquity* equity) {
  return run_any(root, sampler, params, control, rng, max_iterations, match, equity);
}

template <class Sampler>
std::int64_t IsmctsTree::run_any(const Position& root, const Sampler& sampler, const IsmctsParams& params,
                                 SearchControl& control, Rng& rng, std::int64_t max_iterations,
                                 const MatchState* match, const MatchEquity* equity) {
  if (equity) {
    const MatchLeaf leaf(*match, *equity, root.rules(), params.match_points_weight);
    return run_with(root, sampler, params, control, rng, max_iterations, leaf);
  }
  return run_with(root, sampler, params, control, rng, max_iterations, PointsLeaf(root.rules(), match));
}

template <class Sampler, class Leaf>
std::int64_t IsmctsTree::run_with(const Position& root, const Sampler& sampler, const IsmctsParams& params,
                                  SearchControl& control, Rng& rng, std::int64_t max_iterations,
                                  const Leaf& value) {
  used_ = 1;
  nodes_[0] = Node{};
  std::uint32_t path[kMaxDepth];
  double values[kMaxPlayers];
  std::int64_t done = 0;
  const int me = root.turn();
  Position world;
  while (max_iterations < 0 || done < max_iterations) {
    world = root;
    if (!sampler.sample(rng, world)) break;
    int depth = 0;
    std::uint32_t node = 0;
    // domino's discards make a hand longer than its cards: the tree stops at the path's room.
    while (world.phase() == Phase::kPlaying && depth < kMaxDepth - 1) {
      if (world.discarding() && world.turn() != me) [[unlikely]] {
        // Another seat's into-hand discard is face down: no node (the searching seat
        // never sees which cards), the playout policy makes it in this world.
        world.play(heuristic_card(world, rng, params.playout_noise));
        continue;
      }
      const CardSet legal = world.legal_moves();
      const CardSet untried = legal & ~nodes_[node].expanded;
      if (untried) {
        if (used_ >= nodes_.size()) break;  // pool full: play out from here
        // Count this world's availability for the existing children too.
        for (std::uint32_t i = nodes_[node].first_child; i; i = nodes_[i].next_sibling)
          if (contains(legal, nodes_[i].card)) ++nodes_[i].avail;
        const Card c = nth_card(untried, static_cast<int>(rng.below(static_cast<std::uint32_t>(count(untried)))));
        node = add_child(node, c, world.turn());
        nodes_[node].avail = 1;
        path[++depth] = node;
        world.play(c);
        break;
      }
      node = select_child(nodes_[node], legal, params.exploration);
      path[++depth] = node;
      world.play(nodes_[node].card);
    }
    play_out_heuristic(world, rng, params.playout_noise);
    value(world, values);
    for (int i = 1; i <= depth; ++i) {
      Node& n = nodes_[path[i]];
      const double score = values[n.mover];
      ++n.visits;
      n.reward_sum += static_cast<float>(value.reward(score, n.mover));
      n.score_sum += score;
      n.score_sq += score * score;
    }
    ++done;
    if (done % kClockEvery == 0 && control.add_and_check(kClockEvery, true)) break;
  }
  control.add_and_check(done % kClockEvery, false);
  return done;
}

void IsmctsTree::root_stats(std::vector<MoveStats>& out) const {
  for (std::uint32_t i = nodes_[0].first_child; i; i = nodes_[i].next_sibling) {
    const Node& n = nodes_[i];
    MoveStats* slot = nullptr;
    for (MoveStats& m : out)
      if (m.card == n.card) slot = &m;
    if (!slot) {
      out.push_back(MoveStats{});
      slot = &out.back();
      slot->card = n.card;
    }
    MoveStats s;
    s.sum = n.score_sum;
    s.sum_sq = n.score_sq;
    s.visits = n.visits;
    slot->merge(s);
  }
}

}  // namespace copas
