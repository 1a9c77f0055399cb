// Inference over the other seats' play (csrc/search/inference.h) for Python: the
// model's card probabilities, a world's likelihood, and the weighted pool.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>

#include "../csrc/search/card_model.h"
#include "../csrc/search/inference.h"
#include "../csrc/search/knowledge.h"
#include "../csrc/search/playout_policy.h"
#include "boxes.h"
#include "errors.h"
#include "inference_args.h"

namespace py = pybind11;

namespace copas::py_api {

CardModel card_model(const std::vector<float>& weights) {
  if (weights.size() != static_cast<std::size_t>(kCardFeatures))
    throw std::invalid_argument("the card model needs " + std::to_string(kCardFeatures) + " weights, one per feature, not " +
                                std::to_string(weights.size()));
  CardModel m;
  for (int i = 0; i < kCardFeatures; ++i) m.weight[static_cast<std::size_t>(i)] = weights[static_cast<std::size_t>(i)];
  return m;
}

InferenceParams inference_params(int pool, double noise, const std::vector<float>& weights,
                                 const std::string& noise_name) {
  if (!(noise > 0 && noise <= 1))
    throw std::invalid_argument(noise_name + " must be in (0, 1]: a model that never plays at random rules out worlds");
  InferenceParams p;
  p.pool = pool;
  p.model_noise = noise;
  if (!weights.empty()) p.model = card_model(weights), p.learned = true;
  return p;
}

namespace {

void check_inferable(const PositionBox& b, int seat) {
  if (seat < 0 || seat >= b.pos.players())
    throw InvalidPositionError("no seat " + std::to_string(seat) + " in a " + std::to_string(b.pos.players()) +
                               "-player game");
  if (b.pos.phase() != Phase::kPlaying && b.pos.phase() != Phase::kOver)
    throw IllegalMoveError("inference weighs the card play: the hand is not in play");
  const std::string why = inference_unsupported(b.pos);
  if (!why.empty()) throw InvalidPositionError("no inference here: " + why);
}

}  // namespace

void register_inference(py::module_& m) {
  m.def(
      "heuristic_card_probability",
      [](const PositionBox& b, Card card, double noise) {
        if (b.pos.phase() != Phase::kPlaying) throw IllegalMoveError("no card to play: the hand is not in play");
        if (!(noise >= 0 && noise <= 1)) throw std::invalid_argument("noise must be in [0, 1]");
        return heuristic_card_probability(b.pos, card, noise);
      },
      py::arg("position"), py::arg("card"), py::arg("noise") = 0.0,
      "The chance that heuristic_card(position, seed, noise) plays `card` (0 when illegal).");
  m.def(
      "card_features",
      [](const PositionBox& b) {
        if (b.pos.phase() != Phase::kPlaying) throw IllegalMoveError("no card to play: the hand is not in play");
        Card cards[kMaxPlays];
        CardFeatures features[kMaxPlays];
        const int n = legal_card_features(b.pos, cards, features);
        py::list out;
        for (int i = 0; i < n; ++i)
          out.append(py::make_tuple(cards[i], std::vector<float>(features[i].begin(), features[i].end())));
        return out;
      },
      py::arg("position"),
      "Each legal card of the seat to act with the learned card model's features (card_model.h's "
      "order), as (Card, [float]).");
  m.def(
      "card_feature_names",
      [] {
        std::vector<std::string> names;
        for (int i = 0; i < kCardFeatures; ++i) names.emplace_back(card_feature_name(i));
        return names;
      },
      "The learned card model's features, in the order card_features gives them.");
  m.def(
      "card_model_probability",
      [](const PositionBox& b, Card card, const std::vector<float>& weights) {
        if (b.pos.phase() != Phase::kPlaying) throw IllegalMoveError("no card to play: the hand is not in play");
        return card_model_probability(card_model(weights), b.pos, card);
      },
      py::arg("position"), py::arg("card"), py::arg("weights"),
      "The learned card model's chance (with these weights) that the seat to act plays `card`.");
  m.def(
      "play_log_likelihood",
      [](const PositionBox& b, int seat, double noise, const std::vector<float>& model) {
        check_inferable(b, seat);
        return play_log_likelihood(b.pos, seat, inference_params(1, noise, model, "noise"));
      },
      py::arg("position"), py::arg("seat"), py::arg("noise") = 0.5, py::arg("model") = std::vector<float>{},
      "The log-likelihood of the cards the other seats played in this (fully known) position "
      "under the inference model: the playout policy (or the learned card model's `model` "
      "weights) with `noise` random cards.");
  m.def(
      "inference_pool",
      [](const PositionBox& b, int seat, int pool, double noise, std::uint64_t seed, int draws,
         const std::vector<float>& model) {
        check_inferable(b, seat);
        const InferenceParams params = inference_params(pool, noise, model, "noise");
        if (pool < 1 || pool > 65536) throw std::invalid_argument("pool must be 1..65536 worlds");
        if (draws < 0 || draws > 10'000'000) throw std::invalid_argument("draws must be 0..10,000,000");
        const int players = b.pos.players();
        std::vector<CardSet> drawn(static_cast<std::size_t>(draws) * static_cast<std::size_t>(players));
        std::optional<WorldPool> built;
        {
          py::gil_scoped_release release;
          const WorldSampler sampler(knowledge_of(b.pos, seat));
          if (!sampler.ready()) throw InvalidPositionError("cannot sample: " + sampler.problem());
          Rng rng(seed);
          built.emplace(b.pos, sampler, seat, params, rng);
          Position world = b.pos;
          for (int d = 0; d < draws; ++d) {
            built->sample(rng, world);
            for (int s = 0; s < players; ++s) drawn[static_cast<std::size_t>(d * players + s)] = world.hand(s);
          }
        }
        auto hands = [players](const CardSet* h) {
          py::tuple t(players);
          for (int s = 0; s < players; ++s) t[s] = py::int_(h[s]);
          return t;
        };
        py::list worlds, weights, sampled;
        for (int i = 0; i < built->size(); ++i) {
          CardSet h[kMaxPlayers];
          for (int s = 0; s < players; ++s) h[s] = built->world(i).hand(s);
          worlds.append(hands(h));
          weights.append(built->weight(i));
        }
        for (int d = 0; d < draws; ++d) sampled.append(hands(drawn.data() + static_cast<std::size_t>(d * players)));
        py::dict out;
        out["worlds"] = worlds;
        out["weights"] = weights;
        out["effective_size"] = built->effective_size();
        out["draws"] = sampled;
        return out;
      },
      py::arg("position"), py::arg("seat"), py::arg("pool"), py::arg("noise") = 0.5, py::arg("seed") = 1,
      py::arg("draws") = 0, py::arg("model") = std::vector<float>{},
      "The inference pool a search for `seat` would draw from: `pool` worlds sampled uniformly from "
      "the seat's knowledge (each a tuple of the seats' raw hand bitboards), their weights "
      "(normalised likelihoods of the other seats' cards), Kish's effective size, and `draws` "
      "worlds drawn from the pool by weight.");
}

}  // namespace copas::py_api
