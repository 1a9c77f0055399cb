#include "pass_search.h"

#include <cmath>
#include <utility>

#include "../deal.h"
#include "leaf_value.h"
#include "playout_policy.h"

namespace copas {

namespace {

constexpr int kClockEvery = 64;

// Every k-card subset of `cards`, lowest cards first, until `out` holds `cap` options.
void subsets(CardSet cards, int k, std::vector<MoveStats>& out, std::size_t cap) {
  if (out.size() >= cap) return;
  for_each_subset(cards, k, [&](CardSet chosen) {
    MoveStats m;
    m.pass = chosen;
    out.push_back(m);
    return out.size() < cap;
  });
}

// Every card in a seat's hand.
CardSet held_cards(const Position& pos) {
  CardSet held = 0;
  for (int s = 0; s < pos.players(); ++s) held |= pos.hand(s);
  return held;
}

}  // namespace

PassSearch::PassSearch(const Position& root, int seat) : root_(root), seat_(seat) {
  const PassPlan plan = root.pass_plan();
  // blind-forward: the unseen packet goes on whole (one more candidate) or stays.
  packet_ = root.next_passer() == seat ? root.blind_packet() : 0;
  if (packet_) {
    MoveStats forward;
    forward.pass = packet_;
    options_.push_back(forward);
  }
  subsets(root.hand(seat) & ~packet_, plan.parts[0].count, options_, kMaxOptions);
  for (int part = 1; part < 3 && plan.parts[part].count; ++part) {
    // A split pass: each pass of the parts so far, with every next part from the cards left.
    const std::vector<MoveStats> before = std::move(options_);
    options_.clear();
    for (const MoveStats& so_far : before) {
      const std::size_t from = options_.size();
      subsets(root.hand(seat) & ~so_far.pass, plan.parts[part].count, options_, kMaxOptions);
      for (std::size_t i = from; i < options_.size(); ++i) {
        (part == 1 ? options_[i].pass_second : options_[i].pass_third) = options_[i].pass;
        options_[i].pass_second |= so_far.pass_second;
        options_[i].pass |= so_far.pass;
      }
    }
  }
  rewards_.assign(options_.size(), 0.0);
}

std::int64_t PassSearch::run(const WorldSampler& sampler, const IsmctsParams& params, SearchControl& control,
                             Rng& rng, std::int64_t max_iterations, const MatchState* match,
                             const MatchEquity* equity) {
  return run_for(sampler, params, control, rng, max_iterations, match, equity);
}

std::int64_t PassSearch::run(const TwinWorldSampler& sampler, const IsmctsParams& params, SearchControl& control,
                             Rng& rng, std::int64_t max_iterations, const MatchState* match,
                             const MatchEquity* equity) {
  return run_for(sampler, params, control, rng, max_iterations, match, equity);
}

template <class Sampler>
std::int64_t PassSearch::run_for(const Sampler& sampler, const IsmctsParams& params, SearchControl& control,
                                 Rng& rng, std::int64_t max_iterations, const MatchState* match,
                                 const MatchEquity* equity) {
  if (equity) {
    const MatchLeaf leaf(*match, *equity, root_.rules(), params.match_points_weight);
    return run_with(sampler, params, control, rng, max_iterations, leaf);
  }
  return run_with(sampler, params, control, rng, max_iterations, PointsLeaf(root_.rules(), match));
}

template <class Leaf, class Sampler>
std::int64_t PassSearch::run_with(const Sampler& sampler, const IsmctsParams& params, SearchControl& control,
                                  Rng& rng, std::int64_t max_iterations, const Leaf& value) {
  double values[kMaxPlayers];
  std::int64_t done = 0;
  Position world;
  while (max_iterations < 0 || done < max_iterations) {
    // UCB1: every option once, then the best upper bound.
    std::size_t pick = 0;
    if (static_cast<std::size_t>(done) < options_.size()) {
      pick = static_cast<std::size_t>(done);
    } else {
      double best = -1e300;
      const double log_n = std::log(static_cast<double>(done));
      for (std::size_t i = 0; i < options_.size(); ++i) {
        const double n = static_cast<double>(options_[i].visits);
        const double value = rewards_[i] / n + params.exploration * std::sqrt(log_n / n);
        if (value > best) best = value, pick = i;
      }
    }
    world = root_;
    if (!sampler.sample(rng, world)) break;
    // The sampler left the seat's unseen packet undealt (knowledge_of): 3 of the loose
    // cards at random are it, the rest (if any) the kitty.
    if (packet_) {
      const CardSet loose = root_.rules().deck & ~world.played() & ~held_cards(world);
      const CardSet packet = count(loose) == count(packet_) ? loose : random_subset(loose, count(packet_), rng);
      world.redeal_blind_packet(packet);
      if (root_.rules().kitty_size) world.set_unheld(loose & ~packet);
    }
    // The seats pass in their order (a pass chain's links after the seat see its cards).
    for (int s; (s = world.next_passer()) >= 0;) {
      if (s == seat_ && packet_ && pick == 0)
        world.set_pass(seat_, world.blind_packet());  // the forward: this world's packet, not the root's
      else if (s == seat_)
        world.set_pass(seat_, options_[pick].pass & ~options_[pick].pass_second & ~options_[pick].pass_third,
                       options_[pick].pass_second, options_[pick].pass_third);
      else
        set_heuristic_pass(world, s);
    }
    if (world.pool_pending()) world.deal_pool(rng);  // kitty-swap's chance step
    play_out_heuristic(world, rng, params.playout_noise);
    value(world, values);
    options_[pick].add(values[seat_]);
    rewards_[pick] += value.reward(values[seat_], seat_);
    ++done;
    if (done % kClockEvery == 0 && control.add_and_check(kClockEvery, true)) break;
  }
  control.add_and_check(done % kClockEvery, false);
  return done;
}

}  // namespace copas
