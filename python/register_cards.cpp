// Card and CardSet for Python, in the manner of python-chess: from_str, a
// canonical str, an eval-able repr, and a set-like CardSet.
#include <pybind11/operators.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "boxes.h"
#include "errors.h"

namespace py = pybind11;

namespace copas::py_api {

namespace {

Card card_from_str(const std::string& text) {
  Card c;
  if (!parse_card(text, c))
    throw InvalidCardError("invalid card '" + text +
                           "': expected a rank (2-9, T or 10, J, Q, K, A) then a suit (C, D, H, S)");
  return c;
}

Card card_from_index(int index) {
  if (index < 0 || index >= 64 || (index & 15) >= kNumFaces || !contains(kFullDeck, Card(index)))
    throw InvalidCardError("invalid card index " + std::to_string(index));
  return Card(index);
}

CardSetBox cardset_from_str(const std::string& text) {
  CardSetBox box;
  std::string error;
  if (!parse_card_list(text, box.bits, error))
    throw InvalidCardError("invalid card list '" + text + "': " + error);
  return box;
}

Card card_from_object(const py::object& obj) {
  if (py::isinstance<py::str>(obj)) return card_from_str(obj.cast<std::string>());
  if (!py::isinstance<Card>(obj))
    throw InvalidCardError("expected a Card or a card string, got " +
                           std::string(py::str(py::type::of(obj).attr("__name__"))));
  return obj.cast<Card>();
}

// Anything a user may hand us where a set of cards is meant.
CardSetBox cardset_from_object(const py::object& obj) {
  if (py::isinstance<CardSetBox>(obj)) return obj.cast<CardSetBox>();
  if (py::isinstance<py::str>(obj)) return cardset_from_str(obj.cast<std::string>());
  CardSetBox box;
  for (const py::handle item : obj) {
    Card c = card_from_object(py::reinterpret_borrow<py::object>(item));
    if (contains(box.bits, c)) throw InvalidCardError("card " + card_str(c) + " listed twice");
    box.bits |= c.bit();
  }
  return box;
}


class CardSetIterator {
 public:
  explicit CardSetIterator(CardSet s) : rest_(s) {}
  Card next() {
    if (!rest_) throw py::stop_iteration();
    return pop_lowest(rest_);
  }

 private:
  CardSet rest_;
};

}  // namespace

void register_cards(py::module_& m) {
  py::class_<Card>(m, "Card", "A playing card; index = suit * 16 + face (0 = two, 12 = ace).")
      .def(py::init(&card_from_index), py::arg("index"))
      .def_static("from_str", &card_from_str, py::arg("text"),
                  "Parse 'QS', '10h', 'T♥' ...; raises InvalidCardError.")
      .def_property_readonly("index", [](Card c) { return c.index; })
      .def_property_readonly("suit", [](Card c) { return static_cast<int>(c.suit()); },
                             "0 clubs, 1 diamonds, 2 hearts, 3 spades")
      .def_property_readonly("face", [](Card c) { return c.face(); }, "0 for the two ... 12 for the ace")
      .def_property_readonly("suit_char", [](Card c) { return card_str(c).substr(1); })
      .def_property_readonly("rank_char", [](Card c) { return card_str(c).substr(0, 1); })
      .def("__str__", [](Card c) { return card_str(c); })
      .def("__repr__", [](Card c) { return "Card.from_str('" + card_str(c) + "')"; })
      .def("__int__", [](Card c) { return c.index; })
      .def("__index__", [](Card c) { return c.index; })
      .def("__hash__", [](Card c) { return c.index; })
      .def("__eq__", [](Card a, const py::object& b) {
        return py::isinstance<Card>(b) && a.index == b.cast<Card>().index;
      })
      .def("__lt__", [](Card a, Card b) { return a.index < b.index; })
      .def(py::pickle([](Card c) { return static_cast<int>(c.index); }, [](int i) { return card_from_index(i); }));

  py::class_<CardSetIterator>(m, "_CardSetIterator")
      .def("__iter__", [](CardSetIterator& it) -> CardSetIterator& { return it; })
      .def("__next__", &CardSetIterator::next);

  py::class_<CardSetBox>(m, "CardSet", "A set of cards stored as a 64-bit board (16 bits per suit).")
      .def(py::init([]() { return CardSetBox{}; }))
      .def(py::init(&cardset_from_object), py::arg("cards"),
           "From a card list string ('2C,7C,QS' or '-') or an iterable of Card / str.")
      .def_static("from_str", &cardset_from_str, py::arg("text"))
      .def_static("from_bits", [](std::uint64_t bits) {
        if (bits & ~kFullDeck) throw InvalidCardError("bits outside the 52-card deck");
        return CardSetBox{bits};
      })
      .def_static("full_deck", []() { return CardSetBox{kFullDeck}; })
      .def_static("suit", [](int s) {
        if (s < 0 || s >= kNumSuits) throw InvalidCardError("no suit " + std::to_string(s));
        return CardSetBox{suit_mask(s)};
      })
      .def_property_readonly("bits", [](const CardSetBox& b) { return b.bits; })
      .def("__len__", [](const CardSetBox& b) { return count(b.bits); })
      .def("__bool__", [](const CardSetBox& b) { return b.bits != 0; })
      .def("__contains__", [](const CardSetBox& b, const py::object& c) {
        return contains(b.bits, card_from_object(c));
      })
      .def("__iter__", [](const CardSetBox& b) { return CardSetIterator(b.bits); })
      .def("__str__", [](const CardSetBox& b) { return cardset_str(b.bits); })
      .def("__repr__", [](const CardSetBox& b) { return "CardSet.from_str('" + cardset_str(b.bits) + "')"; })
      .def("__hash__", [](const CardSetBox& b) { return py::hash(py::int_(b.bits)); })
      .def("__eq__", [](const CardSetBox& a, const py::object& b) {
        return py::isinstance<CardSetBox>(b) && a.bits == b.cast<CardSetBox>().bits;
      })
      .def("__or__", [](const CardSetBox& a, const CardSetBox& b) { return CardSetBox{a.bits | b.bits}; })
      .def("__and__", [](const CardSetBox& a, const CardSetBox& b) { return CardSetBox{a.bits & b.bits}; })
      .def("__sub__", [](const CardSetBox& a, const CardSetBox& b) { return CardSetBox{a.bits & ~b.bits}; })
      .def("__xor__", [](const CardSetBox& a, const CardSetBox& b) { return CardSetBox{a.bits ^ b.bits}; })
      .def("__le__", [](const CardSetBox& a, const CardSetBox& b) { return (a.bits & ~b.bits) == 0; })
      .def("__ge__", [](const CardSetBox& a, const CardSetBox& b) { return (b.bits & ~a.bits) == 0; })
      .def("add", [](CardSetBox& b, const py::object& c) { b.bits |= card_from_object(c).bit(); })
      .def("discard", [](CardSetBox& b, const py::object& c) { b.bits &= ~card_from_object(c).bit(); })
      .def("remove", [](CardSetBox& b, const py::object& c) {
        Card card = card_from_object(c);
        if (!contains(b.bits, card)) throw py::key_error(card_str(card));
        b.bits &= ~card.bit();
      })
      .def("of_suit", [](const CardSetBox& b, int s) {
        if (s < 0 || s >= kNumSuits) throw InvalidCardError("no suit " + std::to_string(s));
        return CardSetBox{b.bits & suit_mask(s)};
      })
      .def("copy", [](const CardSetBox& b) { return b; })
      .def(py::pickle([](const CardSetBox& b) { return b.bits; },
                      [](std::uint64_t bits) { return CardSetBox{bits}; }));

  py::implicitly_convertible<py::str, CardSetBox>();
}

}  // namespace copas::py_api
