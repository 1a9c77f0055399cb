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
      "Two-copy decks: the physical deals of the cards `seat` cannot see that fit what it knows");
  m.def(
      "twin_worlds",
      [](const PositionBox& b, int seat, int n, std::uint64_t seed) {
        const TwinWorldSampler sampler = ready_sampler(b, seat);
        py::list out;
        Rng rng(seed);
        for (int i = 0; i < n; ++i) {
          TwinSet hands[kMaxPlayers];
          TwinSet kitty;
          Card stock[kMaxStock];
          sampler.draw(rng, hands, kitty, stock);
          std::vector<std::vector<std::string>> seats;
          for (int s = 0; s < b.pos.players(); ++s) seats.push_back(card_names(hands[s]));
          std::vector<std::string> rest = card_names(kitty);
          if (b.pos.rules().stock_draw == StockDraw::kPairs)  // uno-hearts: the stock, top first
            for (int i = 0; i < b.pos.stock_left(); ++i) rest[static_cast<std::size_t>(i)] = card_str(stock[i]);
          out.append(py::make_tuple(seats, rest));
        }
        return out;
      },
      py::arg("position"), py::arg("seat"), py::arg("n"), py::arg("seed"),
      "Two-copy decks: `n` worlds drawn for `seat`, each (per seat its cards, the kitty's), a card "
      "listed twice where both copies are held; uno-hearts: the stock's cards instead of the "
      "kitty's, top first");
}

}  // namespace copas::py_api
