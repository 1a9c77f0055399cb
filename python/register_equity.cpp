// The match-equity model for Python: building a table (GIL released), its cells
// as bytes for the disk cache (copas_ai/equity.py), its values, and the direct
// match simulation it is checked against.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>

#include "../csrc/search/match_equity.h"
#include "../csrc/search/match_simulation.h"
#include "boxes.h"
#include "errors.h"

namespace py = pybind11;

namespace copas::py_api {

namespace {

// The rules, when the model covers them; else ValueError saying why.
void check_modelled(const RuleSet& rules) {
  std::string why = check_rules(rules);
  if (!why.empty()) throw std::invalid_argument("unsupported rules: " + why);
  why = match_equity_unsupported(rules);
  if (!why.empty()) throw std::invalid_argument("no match-equity model for these rules: " + why);
}

void check_match(const RuleSet& rules, const MatchBox& m) {
  if (m.players != rules.players)
    throw InvalidPositionError("the match state has " + std::to_string(m.players) + " totals for a " +
                               std::to_string(rules.players) + "-player game");
}

}  // namespace

void register_equity(py::module_& m) {
  py::class_<MatchEquity>(m, "MatchEquity",
                          "Each seat's chance of winning the match from the totals (docs/MATCH_EQUITY.md).")
      .def_static(
          "build",
          [](const RuleSet& rules, std::int64_t hands, std::uint64_t seed, double noise) {
            check_modelled(rules);
            if (hands < 1) throw std::invalid_argument("hands must be at least 1");
            py::gil_scoped_release release;
            auto table = std::make_unique<MatchEquity>(rules);
            const auto outcomes = simulate_hand_outcomes(rules, hands, seed, noise);
            const std::string why = table->over_budget(outcomes);
            if (!why.empty()) throw std::invalid_argument("no match-equity model for these rules: " + why);
            table->build(outcomes);
            return table;
          },
          py::arg("rules"), py::arg("hands") = 20000, py::arg("seed") = 1, py::arg("noise") = 0.1,
          "Simulates `hands` hands with the playout policy and solves the table over the totals.")
      .def_static(
          "from_bytes",
          [](const RuleSet& rules, const py::bytes& data) {
            check_modelled(rules);
            auto table = std::make_unique<MatchEquity>(rules);
            const std::string raw = data;
            if (raw.size() != table->cells().size() * sizeof(float))
              throw std::invalid_argument("match-equity data of " + std::to_string(raw.size()) + " bytes, not the " +
                                          std::to_string(table->cells().size() * sizeof(float)) +
                                          " these rules need");
            std::memcpy(table->cells().data(), raw.data(), raw.size());
            return table;
          },
          py::arg("rules"), py::arg("data"), "A table from the bytes to_bytes gave for the same rules.")
      .def("to_bytes",
           [](const MatchEquity& e) {
             return py::bytes(reinterpret_cast<const char*>(e.cells().data()), e.cells().size() * sizeof(float));
           })
      .def(
          "values",
          [](const MatchEquity& e, const MatchBox& match) {
            check_match(e.rules(), match);
            float v[kMaxPlayers];
            e.values(match.state, v);
            return std::vector<double>(v, v + e.players());
          },
          py::arg("match"), "Every seat's chance of winning from `match` (a state between hands).")
      .def_property_readonly("players", &MatchEquity::players)
      .def_property_readonly("sweeps", &MatchEquity::sweeps, "sweeps the build made over the table")
      .def_property_readonly("outcomes", &MatchEquity::outcomes, "distinct hand outcomes the build used")
      .def_property_readonly("low", &MatchEquity::low, "the lowest total the table tells apart")
      .def_property_readonly("width", &MatchEquity::width, "the points one bucket of totals spans")
      .def_property_readonly("buckets", &MatchEquity::buckets, "buckets per seat");

  m.def("match_equity_unsupported",
        [](const RuleSet& rules) { return match_equity_unsupported(rules); }, py::arg("rules"),
        "Why the match-equity model cannot value these rules' matches (empty when it can).");
  m.def(
      "simulate_match_wins",
      [](const RuleSet& rules, const MatchBox& from, std::int64_t matches, std::uint64_t seed, double noise) {
        check_modelled(rules);
        check_match(rules, from);
        if (matches < 1) throw std::invalid_argument("matches must be at least 1");
        double wins[kMaxPlayers];
        {
          py::gil_scoped_release release;
          simulate_match_wins(rules, from.state, matches, seed, noise, wins);
        }
        return std::vector<double>(wins, wins + rules.players);
      },
      py::arg("rules"), py::arg("match"), py::arg("matches"), py::arg("seed") = 1, py::arg("noise") = 0.1,
      "Each seat's share of `matches` matches played from `match` to their end by the playout policy.");
}

}  // namespace copas::py_api
