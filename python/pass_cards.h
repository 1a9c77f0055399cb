// A pass as Python gives it: the cards of a one-way pass (a CardSet or anything
// CardSet() takes), or the parts of a split pass in plan order (a tuple or list
// of CardSets, or a string with '/' between the parts: "QS/AH,KC").
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "../csrc/position.h"
#include "boxes.h"
#include "errors.h"

namespace copas::py_api {

namespace py = pybind11;

struct PassCards {
  CardSet first = 0;   // parts[0]'s cards, or the whole of a one-way pass
  CardSet second = 0;  // parts[1]'s cards
  CardSet third = 0;   // parts[2]'s cards (queens' three-way plan)
  int parts = 1;       // how many parts were given
  CardSet all() const { return first | second | third; }
};

// How a split plan reads in messages: "1 to the left / 2 to the right".
inline std::string plan_str(const PassPlan& plan, int players) {
  std::string out;
  for (const PassPart& p : plan.parts) {
    if (!p.count) continue;
    if (!out.empty()) out += " / ";
    out += std::to_string(p.count) + " " + pass_toward(p.offset, players);
  }
  return out;
}

// Reads `obj` against `plan`: a split plan needs its parts, a one-way plan one set.
// Throws IllegalMoveError (what the pass must look like) or InvalidCardError.
inline PassCards pass_cards(const PassPlan& plan, int players, const py::object& obj) {
  const py::object card_set = py::module_::import("copas_ai._core").attr("CardSet");
  std::vector<py::object> parts;
  if (py::isinstance<py::str>(obj) && obj.cast<std::string>().find('/') != std::string::npos) {
    for (const py::handle h : obj.attr("split")("/")) parts.push_back(py::reinterpret_borrow<py::object>(h));
  } else if ((py::isinstance<py::tuple>(obj) || py::isinstance<py::list>(obj)) && py::len(obj) > 0) {
    bool all_sets = true;
    for (const py::handle h : obj) all_sets = all_sets && py::isinstance(h, card_set);
    if (all_sets)
      for (const py::handle h : obj) parts.push_back(py::reinterpret_borrow<py::object>(h));
  }
  if (parts.empty()) parts.push_back(obj.is_none() ? py::list() : obj);
  PassCards out;
  out.parts = static_cast<int>(parts.size());
  out.first = card_set(parts[0]).cast<CardSetBox>().bits;
  if (out.parts == 1 && out.first == 0) return out;  // no cards: no pass given (yet)
  const std::size_t want = plan.parts[2].count ? 3 : plan.parts[1].count ? 2 : 1;
  const bool split = want > 1;
  // A one-way or two-part plan given more parts: pass_error names what is wrong.
  if (parts.size() > 3 || (split && parts.size() < want))
    throw IllegalMoveError("this hand's pass is " + std::string(split ? "split: " : "") + plan_str(plan, players) +
                           "; give " + (split ? "the cards of each part in that order (e.g. 'QS/AH,KC')"
                                              : "one set of cards"));
  if (parts.size() >= 2) out.second = card_set(parts[1]).cast<CardSetBox>().bits;
  if (parts.size() == 3) out.third = card_set(parts[2]).cast<CardSetBox>().bits;
  return out;
}

// The parts of a pass in plan order, as Python sees them: a CardSet for a one-way
// plan, a tuple of CardSets for a split one.
inline py::object pass_value(const PassPlan& plan, CardSet cards, CardSet second, CardSet third = 0) {
  if (plan.parts[1].count == 0) return py::cast(CardSetBox{cards});
  if (plan.parts[2].count == 0) return py::make_tuple(CardSetBox{cards & ~second}, CardSetBox{second});
  return py::make_tuple(CardSetBox{cards & ~second & ~third}, CardSetBox{second}, CardSetBox{third});
}

}  // namespace copas::py_api
