#include "inference.h"

#include <algorithm>
#include <cmath>

#include "playout_policy.h"

namespace copas {

std::string inference_unsupported(const Position& root) {
  if (root.rules().stock_draw == StockDraw::kUntilFollow)
    return "domino (docs/RULES.md §17): its draws and passes do not replay card by card";
  return "";
}

double model_card_probability(const Position& pos, Card card, const InferenceParams& params) {
  if (!params.learned) return heuristic_card_probability(pos, card, params.model_noise);
  const double model = card_model_probability(params.model, pos, card);
  return model == 0.0 ? 0.0 : params.model_noise / count(pos.legal_moves()) + (1.0 - params.model_noise) * model;
}

double play_log_likelihood(const Position& world, int seat, const InferenceParams& params) {
  Position replay = world;
  const int end = world.num_plays();
  // Back to the hand's first card (or its last decision or discard, which the
  // replay does not weigh): undo restores each seat's hand as this world had it.
  while (replay.num_plays() > 0 && !replay.last_move_is_decision() && !replay.last_move_is_discard())
    replay.undo();
  double log_likelihood = 0.0;
  for (int i = replay.num_plays(); i < end; ++i) {
    const PlayRecord& played = world.play_record(i);
    if (played.seat != seat) log_likelihood += std::log(model_card_probability(replay, played.card, params));
    replay.play(played.card);
  }
  return log_likelihood;
}

WorldPool::WorldPool(const Position& root, const WorldSampler& sampler, int seat, const InferenceParams& params,
                     Rng& rng) {
  if (params.pool <= 0 || !sampler.ready() || !inference_unsupported(root).empty()) return;
  const auto size = static_cast<std::size_t>(params.pool);
  worlds_.assign(size, root);
  std::vector<double> log_weight(size);
  for (std::size_t i = 0; i < size; ++i) {
    sampler.sample(rng, worlds_[i]);
    log_weight[i] = play_log_likelihood(worlds_[i], seat, params);
  }
  // Weights relative to the likeliest world, so the largest is exp(0) = 1.
  const double top = *std::max_element(log_weight.begin(), log_weight.end());
  cumulative_.resize(size);
  double sum = 0.0, sum_sq = 0.0;
  for (std::size_t i = 0; i < size; ++i) {
    const double w = std::exp(log_weight[i] - top);
    sum += w;
    sum_sq += w * w;
    cumulative_[i] = sum;
  }
  for (double& c : cumulative_) c /= sum;
  cumulative_.back() = 1.0;
  effective_size_ = sum * sum / sum_sq;
}

double WorldPool::weight(int i) const {
  const auto k = static_cast<std::size_t>(i);
  return cumulative_[k] - (k ? cumulative_[k - 1] : 0.0);
}

void WorldPool::sample(Rng& rng, Position& out) const {
  const double u = rng.uniform();
  // u < 1 = the last running sum, so some sum lies above it.
  const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), u);
  out = worlds_[static_cast<std::size_t>(it - cumulative_.begin())];
}

}  // namespace copas
