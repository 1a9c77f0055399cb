// The perfect-information solver for Python: Solver (with its transposition
// table) and the plain alpha-beta baseline. Every solve runs with the GIL
// released on a copy of the position.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <mutex>
#include <optional>

#include "../csrc/match.h"
#include "../csrc/solver/plain_search.h"
#include "../csrc/solver/relaxed_ceiling.h"
#include "../csrc/solver/solver.h"
#include "boxes.h"
#include "errors.h"

namespace py = pybind11;

namespace copas::py_api {

namespace {

// A Solver with a lock: one Python object may be shared by threads, a search may not.
struct SolverBox {
  SolverBox(std::size_t bytes, int threads) : solver(bytes) { solver.set_threads(threads); }
  solver::Solver solver;
  std::mutex lock;
};

// A copy of the position (the rules kept alive with it), checked to be in play.
PositionBox playing_copy(const PositionBox& b) {
  // domino: the solver takes moves back with undo(), which cannot take back its discards.
  if (b.rules->stock_draw == StockDraw::kUntilFollow) throw InvalidPositionError(solver_unsupported(*b.rules));
  if (b.pos.phase() != Phase::kPlaying)
    throw InvalidPositionError("the solver needs a hand in play; this one is " +
                               std::string(b.pos.phase() == Phase::kPassing ? "still passing" : "over"));
  // Its bounds count the cards in hands and tricks won: a kitty still lying is neither,
  // and an into-hand discard is a choice it does not search.
  if (b.pos.kitty_pending())
    throw InvalidPositionError(b.pos.discarding() ? "the solver does not search the kitty taker's discard; make it first"
                                                  : "the solver needs the kitty taken; it still lies in this hand");
  // A proof would end the hand with the revoke penalty, which the solver does not score.
  if (b.pos.revoke_pending()) throw InvalidPositionError("the solver does not judge a hand with an unproven revoke");
  return b;
}

// Runs `solve` without the GIL, under the solver's lock and a node limit.
template <class Solve>
int with_limit(SolverBox& s, std::uint64_t node_limit, Solve solve) {
  bool stopped = false;
  int result = 0;
  {
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> guard(s.lock);
    s.solver.set_node_limit(node_limit);
    try {
      result = solve();
    } catch (const solver::Solver::NodeLimitReached&) {
      stopped = true;
    }
  }
  if (stopped) {
    PyErr_SetString(PyExc_TimeoutError, ("no result within " + std::to_string(node_limit) + " nodes").c_str());
    throw py::error_already_set();
  }
  return result;
}

// playing_copy for the fast solver, and the rules it scores (solver_unsupported:
// every RuleSet today; solve_plain, plain alpha-beta on hand scores, takes any rules).
PositionBox solver_copy(const PositionBox& b) {
  const std::string unsupported = solver_unsupported(b.pos);
  if (!unsupported.empty()) throw InvalidPositionError(unsupported);
  return playing_copy(b);
}

std::size_t table_bytes(double hash_mb) {
  if (!(hash_mb >= 1.0 && hash_mb <= 65536.0))
    throw std::invalid_argument("hash_mb must be between 1 and 65536");
  return static_cast<std::size_t>(hash_mb * 1024.0 * 1024.0);
}

}  // namespace

void register_solver(py::module_& m) {
  py::class_<SolverBox>(m, "Solver",
                        "Perfect-information solver. The value of a position is paranoid for the seat "
                        "to act: its final hand score (moon and scoring options included, points already "
                        "taken counted) when it plays for its best score and every other seat plays "
                        "against it. With teams (rules.teams) it is the SIDE's score, the sum of the "
                        "hand scores of the seat and its partners, who play for it while the other "
                        "seats play against it.")
      .def(py::init([](double hash_mb, int threads) {
             if (threads < 1 || threads > 256) throw std::invalid_argument("threads must be between 1 and 256");
             return std::make_unique<SolverBox>(table_bytes(hash_mb), threads);
           }),
           py::arg("hash_mb") = 64.0, py::arg("threads") = 1,
           "A solver with a transposition table of hash_mb MiB, allocated once. With threads > 1 each "
           "solve also runs threads - 1 helper threads that share its searches and its table: the "
           "same exact values, sooner on several cores (nodes and node_limit count every thread's "
           "positions).")
      .def("solve", [](SolverBox& s, const PositionBox& b, std::uint64_t node_limit) {
        PositionBox copy = solver_copy(b);
        return with_limit(s, node_limit, [&] { return s.solver.solve(copy.pos); });
      }, py::arg("position"), py::arg("node_limit") = 0,
         "The exact value of the position for the seat to act. With node_limit > 0, raises "
         "TimeoutError once the search would visit more positions than that.")
      .def("solve_moves", [](SolverBox& s, const PositionBox& b, std::uint64_t node_limit) {
        PositionBox copy = solver_copy(b);
        Card cards[64];
        int values[64];
        const int n = with_limit(s, node_limit, [&] { return s.solver.solve_moves(copy.pos, cards, values); });
        py::dict out;
        for (int i = 0; i < n; ++i) out[py::cast(cards[i])] = values[i];
        return out;
      }, py::arg("position"), py::arg("node_limit") = 0,
         "{Card: value} for every legal card of the seat to act (node_limit as for solve).")
      .def_property_readonly("nodes", [](const SolverBox& s) { return s.solver.nodes(); },
                             "positions searched by the last call")
      .def_property_readonly("table_bytes", [](const SolverBox& s) { return s.solver.table_bytes(); })
      .def_property_readonly("threads", [](const SolverBox& s) { return s.solver.threads(); })
      .def("clear", [](SolverBox& s) {
        py::gil_scoped_release release;
        std::lock_guard<std::mutex> guard(s.lock);
        s.solver.clear_table();
      }, "Empty the transposition table.");

  m.def("solve_plain", [](const PositionBox& b) {
    PositionBox copy = playing_copy(b);
    solver::PlainResult r;
    {
      py::gil_scoped_release release;
      r = solver::solve_plain(copy.pos);
    }
    return py::make_tuple(r.value, r.nodes);
  }, py::arg("position"), "(value, nodes) by plain alpha-beta: no table, no ordering (the baseline); the same value as Solver.solve (with teams: the side's).");

  m.def("relaxed_ceiling_at_most", [](const PositionBox& b, int threshold, std::uint64_t node_budget, std::optional<int> root_seat) {
    PositionBox copy = solver_copy(b);
    const solver::SolverRules sr(copy.pos.rules());
    const int root = root_seat ? check_seat(copy, *root_seat) : copy.pos.turn();
    if (!solver::RelaxedCeiling::applies(sr, copy.pos))
      throw InvalidPositionError(
          "the relaxed ceiling is asked only at a trick boundary after the first trick, in a plain-scoring "
          "variant with a low goal, without a kitty or stuck-lead-ends-hand");
    py::gil_scoped_release release;
    solver::TranspositionTable table(std::size_t{1} << 20);
    solver::RelaxedCeiling ceiling;
    return ceiling.at_most(sr, table, copy.pos, root, threshold, node_budget);
  }, py::arg("position"), py::arg("threshold"), py::arg("node_budget") = 1'000'000, py::arg("root") = py::none(),
     "True when the solver's relaxed game (csrc/solver/relaxed_ceiling.h: the other seats also choose "
     "which of those that could have won a trick leads the next, and may shoot the moon while one of them "
     "could have won every trick holding a moon card) holds the final score of root (default: the seat to "
     "act) to at most threshold, which proves the same of the real game; False when it does not or "
     "node_budget positions did not settle it.");
}

}  // namespace copas::py_api
