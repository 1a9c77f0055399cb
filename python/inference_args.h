// The inference's arguments from Python (register_inference.cpp), shared by its
// functions and the Searcher's options.
#pragma once

#include <string>
#include <vector>

#include "../csrc/search/card_model.h"
#include "../csrc/search/inference.h"

namespace copas::py_api {

// The learned card model from its weights, one per feature; throws naming the count.
CardModel card_model(const std::vector<float>& weights);

// The inference's parameters: `weights` empty for the playout policy, else the learned
// card model's. Throws when the noise is outside (0, 1], naming it `noise_name`.
InferenceParams inference_params(int pool, double noise, const std::vector<float>& weights,
                                 const std::string& noise_name);

}  // namespace copas::py_api
