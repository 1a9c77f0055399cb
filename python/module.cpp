// The extension copas_ai._core: one register_* function per area.
#include <pybind11/pybind11.h>

#include "errors.h"

namespace py = pybind11;

namespace copas::py_api {
void register_cards(py::module_& m);
void register_rules(py::module_& m);
void register_match(py::module_& m);
void register_position(py::module_& m);
void register_playout(py::module_& m);
void register_search(py::module_& m);
void register_solver(py::module_& m);
void register_searcher(py::module_& m);
void register_equity(py::module_& m);
void register_auction(py::module_& m);
void register_inference(py::module_& m);
void register_twin_search(py::module_& m);
void register_uno(py::module_& m);
}  // namespace copas::py_api

PYBIND11_MODULE(_core, m) {
  using namespace copas::py_api;
  m.doc() = "copas_ai core: cards, rules, positions and search in C++";
  py::register_exception<InvalidCardError>(m, "InvalidCardError", PyExc_ValueError);
  py::register_exception<IllegalMoveError>(m, "IllegalMoveError", PyExc_ValueError);
  py::register_exception<InvalidPositionError>(m, "InvalidPositionError", PyExc_ValueError);
  register_cards(m);
  register_rules(m);
  register_match(m);
  register_position(m);
  register_playout(m);
  register_search(m);
  register_solver(m);
  register_equity(m);  // before the Searcher, whose search() takes a MatchEquity
  register_searcher(m);
  register_auction(m);
  register_inference(m);
  register_twin_search(m);
  register_uno(m);  // after register_position: it adds to Position
}
