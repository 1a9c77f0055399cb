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
            const auto outcomes = simulate_hand_outcomes(rules, hands, seed, noise);
            // As fine a table as the work budget pays for; below the coarsest allowed, refused.
            const double cells = std::max(MatchEquity::cells_within_budget(outcomes.size()), kMinEquityCells);
            auto table = std::make_unique<MatchEquity>(rules, cells);
            const std::string why = table->over_budget(outcomes);
            if (!why.empty()) throw std::invalid_argument("no match-equity model for these rules: " + why);
            table->build(outcomes);
            return table;
          },
          py::arg("rules"), py::arg("hands") = 20000, py::arg("seed") = 1, py::arg("noise") = 0.1,
          "Simulates `hands` hands with the playout policy and solves the table over the totals.")
      .def_static("cells_within_budget", &MatchEquity::cells_within_budget, py::arg("outcomes"),
                  "The most cells a table solved over `outcomes` distinct hand outcomes may have within the build's "
                  "work budget (at most 22,000; below 4,000 the build is refused).")
      .def_static(
          "from_bytes",
          [](const RuleSet& rules, const py::bytes& data) {
            check_modelled(rules);
            // The table's cell cap (a uint32) first, then its cells as float32.
            const std::string raw = data;
            std::uint32_t max_cells = 0;
            if (raw.size() < sizeof max_cells) throw std::invalid_argument("match-equity data too short for its header");
            std::memcpy(&max_cells, raw.data(), sizeof max_cells);
            if (max_cells < kMinEquityCells || max_cells > kMaxEquityCells)
              throw std::invalid_argument("match-equity data with a cell cap of " + std::to_string(max_cells) +
                                          ", outside the model's range");
            auto table = std::make_unique<MatchEquity>(rules, max_cells);
            const std::size_t body = raw.size() - sizeof max_cells;
            if (body != table->cells().size() * sizeof(float))
              throw std::invalid_argument("match-equity data of " + std::to_string(body) + " bytes of cells, not the " +
                                          std::to_string(table->cells().size() * sizeof(float)) +
                                          " these rules need");
            std::memcpy(table->cells().data(), raw.data() + sizeof max_cells, body);
            return table;
          },
          py::arg("rules"), py::arg("data"), "A table from the bytes to_bytes gave for the same rules.")
      .def("to_bytes",
           [](const MatchEquity& e) {
             const auto max_cells = static_cast<std::uint32_t>(e.max_cells());
             std::string raw(sizeof max_cells + e.cells().size() * sizeof(float), '\0');
             std::memcpy(raw.data(), &max_cells, sizeof max_cells);
             std::memcpy(raw.data() + sizeof max_cells, e.cells().data(), e.cells().size() * sizeof(float));
             return py::bytes(raw);
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
      .def(
          "can_end_within",
          [](const MatchEquity& e, const MatchBox& match, int hands) {
            check_match(e.rules(), match);
            if (hands < 1) throw std::invalid_argument("hands must be at least 1");
            return e.can_end_within(match.state, hands);
          },
          py::arg("match"), py::arg("hands"),
          "Whether `hands` more hands can end the match (a seat scoring the rules' worst or best hand in each).")
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
