// The two-copy world sampler for Python (two-deck, csrc/search/twin_sampler.h): its
// world count and its worlds, for the tests' enumeration and chi-square checks.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "../csrc/search/twin_sampler.h"
#include "boxes.h"
#include "errors.h"

namespace py = pybind11;

namespace copas::py_api {

namespace {

// A multiset as card names, a card twice when both copies are in it.
std::vector<std::string> card_names(const TwinSet& cards) {
  std::vector<std::string> out;
  for (CardSet c = cards.once; c;) {
    const Card card = pop_lowest(c);
    out.push_back(card_str(card));
    if (contains(cards.twice, card)) out.push_back(card_str(card));
  }
  return out;
}

TwinWorldSampler ready_sampler(const PositionBox& b, int seat) {
  if (seat < 0 || seat >= b.pos.players()) throw InvalidPositionError("no seat " + std::to_string(seat));
  TwinWorldSampler sampler(b.pos, seat);
  if (!sampler.ready()) throw InvalidPositionError("cannot sample: " + sampler.problem());
  return sampler;
}

}  // namespace

void register_twin_search(py::module_& m) {
  m.def(
      "twin_world_count",
      [](const PositionBox& b, int seat) { return ready_sampler(b, seat).world_count(); },
      py::arg("position"), py::arg("seat"),
      "two-deck: the physical deals of the cards `seat` cannot see that fit what it knows");
  m.def(
      "twin_worlds",
      [](const PositionBox& b, int seat, int n, std::uint64_t seed) {
        const TwinWorldSampler sampler = ready_sampler(b, seat);
        py::list out;
        Rng rng(seed);
        for (int i = 0; i < n; ++i) {
          TwinSet hands[kMaxPlayers];
          TwinSet kitty;
          sampler.draw(rng, hands, kitty);
          std::vector<std::vector<std::string>> seats;
          for (int s = 0; s < b.pos.players(); ++s) seats.push_back(card_names(hands[s]));
          out.append(py::make_tuple(seats, card_names(kitty)));
        }
        return out;
      },
      py::arg("position"), py::arg("seat"), py::arg("n"), py::arg("seed"),
      "two-deck: `n` worlds drawn for `seat`, each (per seat its cards, the kitty's), a card "
      "listed twice where both copies are held");
}

}  // namespace copas::py_api
