// uno-hearts for Python (docs/RULES.md §15; csrc/uno_trick_end.cpp): a pass of two
// copies of a value, and what each trick's end did (the pairs' draws into the winner's
// pile, the hand swaps of the 8s), for the protocol's `show`, the records and the tests.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "boxes.h"
#include "errors.h"

namespace py = pybind11;

namespace copas::py_api {

namespace {

void check_trick(const PositionBox& b, int t) {
  if (t < 0 || t >= b.pos.tricks_done())
    throw py::index_error("no trick " + std::to_string(t) + " done (" + std::to_string(b.pos.tricks_done()) + " are)");
}

}  // namespace

void register_uno(py::module_& m) {
  auto cls = py::reinterpret_borrow<py::class_<PositionBox>>(m.attr("Position"));
  cls.def(
         "set_twin_pass",
         [](PositionBox& b, int seat, const py::list& cards) {
           if (!b.pos.two_copies()) throw IllegalMoveError("one copy of each card: use set_pass");
           TwinSet pass;
           for (const py::handle h : cards) {
             const Card c = to_card(py::reinterpret_borrow<py::object>(h));
             if (contains(pass.twice, c)) throw IllegalMoveError("illegal pass: " + card_str(c) + " is passed 3 times");
             pass.add(c.bit());
           }
           if (std::string e = twin_pass_error(b.pos, seat, pass); !e.empty()) throw IllegalMoveError("illegal pass: " + e);
           b.pos.set_twin_pass(seat, pass);
         },
         py::arg("seat"), py::arg("cards"),
         "uno-hearts: one seat's pass, a card listed twice to pass both its copies; the last pass set is applied")
      .def_property_readonly(
          "passed_twins",
          [](const PositionBox& b) {
            py::list out;
            for (int s = 0; s < b.pos.players(); ++s) out.append(CardSetBox{b.pos.passed_cards(s).twice});
            return out;
          },
          "uno-hearts: per seat, the cards it passed both copies of (passed_parts: every card it passed)")
      .def(
          "pair_draws",
          [](const PositionBox& b, int t) {
            check_trick(b, t);
            const int from = b.pos.pair_draws_before(t);
            const int to = t + 1 == b.pos.tricks_done() ? b.pos.draws_made() : b.pos.pair_draws_before(t + 1);
            std::vector<Card> out;
            for (int i = from; i < to; ++i) out.push_back(b.pos.dealt_stock_card(i));
            return out;
          },
          py::arg("trick"),
          "uno-hearts: the cards trick `trick`'s pairs drew from the stock into its winner's won pile, in order")
      .def(
          "hand_swaps",
          [](const PositionBox& b, int t) {
            check_trick(b, t);
            int with[kMaxPlayers];
            const int k = b.pos.swaps_after_trick(t, with);
            return std::vector<int>(with, with + k);
          },
          py::arg("trick"),
          "uno-hearts: the seats trick `trick`'s winner swapped hands with after it, in the order the 8s were played");
}

}  // namespace copas::py_api
