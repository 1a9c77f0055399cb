// Batches of random hands in C++ (the simulator benchmark), GIL released.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "../csrc/deal.h"
#include "boxes.h"
#include "errors.h"

namespace py = pybind11;

namespace copas::py_api {

void register_playout(py::module_& m) {
  m.def(
      "random_hands",
      [](const RuleSet& rules, std::uint64_t count, std::uint64_t seed) {
        std::string error = check_rules(rules);
        if (!error.empty()) throw InvalidPositionError("unsupported rules: " + error);
        PlayoutStats stats;
        {
          py::gil_scoped_release release;
          stats = random_hands(rules, count, seed);
        }
        py::dict out;
        out["hands"] = stats.hands;
        out["plays"] = stats.plays;
        out["moons"] = stats.moons;
        out["score_sum"] = std::vector<std::int64_t>(stats.score_sum, stats.score_sum + rules.players);
        return out;
      },
      py::arg("rules"), py::arg("count"), py::arg("seed"),
      "Deal, pass (hand numbers cycling 0..3), play uniformly random legal cards and score "
      "`count` hands; returns totals.");
}

}  // namespace copas::py_api
