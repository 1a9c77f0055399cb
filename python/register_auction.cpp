// auction (docs/RULES.md §20) for Python: the bidding, the penalty suit's rules, the
// settlement and the end of the game (csrc/auction.h). The variant itself is not
// registered yet; these are its core pieces, tested on their own.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <vector>

#include "boxes.h"
#include "errors.h"
#include "../csrc/auction.h"

namespace py = pybind11;

namespace copas::py_api {

namespace {

Auction make_auction(const std::vector<std::int32_t>& chips, int dealer) {
  const int n = static_cast<int>(chips.size());
  if (n < 2 || n > kMaxPlayers)
    throw InvalidPositionError("an auction needs 2 to " + std::to_string(kMaxPlayers) + " seats' chips, got " +
                               std::to_string(n));
  if (dealer < 0 || dealer >= n) throw InvalidPositionError("no dealer seat " + std::to_string(dealer));
  for (int s = 0; s < n; ++s)
    if (chips[s] < 1)
      throw InvalidPositionError("seat " + std::to_string(s) + " holds " + std::to_string(chips[s]) +
                                 " chips: every seat bids with at least 1 (A53d: the game ended)");
  return open_auction(chips.data(), n, dealer);
}

std::vector<std::string> choice_words(const Auction& a) {
  std::vector<std::string> out;
  for (DecisionChoices c = a.choices(); c; c &= c - 1) out.push_back(bid_str(__builtin_ctzll(c)));
  return out;
}

void place_bid(Auction& a, int seat, const std::string& text) {
  const int value = parse_bid(text);
  if (value < 0)
    throw IllegalMoveError("'" + text + "' is not a bid (pass, or 1 to " + std::to_string(kMaxBid) + ")");
  const std::string why = a.error(seat, value);
  if (!why.empty()) throw IllegalMoveError(why);
  a.bid(value);
}

Suit suit_of_word(const std::string& word) {
  static const std::string kWords = "cdhs";
  if (word.size() != 1 || kWords.find(word[0]) == std::string::npos)
    throw std::invalid_argument("'" + word + "' is not a suit (c, d, h or s)");
  return static_cast<Suit>(kWords.find(word[0]));
}

void check_four(const MatchBox& b, std::size_t given) {
  if (given != static_cast<std::size_t>(b.players))
    throw InvalidPositionError("expected " + std::to_string(b.players) + " seats' counts, got " +
                               std::to_string(given));
}

}  // namespace

void register_auction(py::module_& m) {
  py::class_<Auction>(m, "Auction",
                      "auction (docs/RULES.md §20, A53a-b): one hand's bidding; the dealer's left opens (>= 1, "
                      "mandatory), each raises by >= 1 within its chips or passes, three passes in a row end it")
      .def(py::init(&make_auction), py::arg("chips"), py::arg("dealer"))
      .def_property_readonly("turn", [](const Auction& a) { return static_cast<int>(a.turn); })
      .def_property_readonly("high", [](const Auction& a) { return static_cast<int>(a.high); },
                             "the highest bid so far (0 before the opening bid)")
      .def_property_readonly("winner", [](const Auction& a) -> py::object {
        return a.high ? py::cast(static_cast<int>(a.winner)) : py::none();
      }, "the highest bidder so far, or None")
      .def_property_readonly("passes", [](const Auction& a) { return static_cast<int>(a.passes); })
      .def("is_over", &Auction::over)
      .def("choices", &choice_words, "the bid values the seat to bid may give: 'pass' and '1'..")
      .def("bid", &place_bid, py::arg("seat"), py::arg("value"),
           "seat bids `value` ('pass' or a number of chips); IllegalMoveError says why it may not");
  m.attr("MAX_BID") = kMaxBid;
  m.def(
      "penalty_suit_rules",
      [](const RuleSet& base, const std::string& suit) { return penalty_suit_rules(base, suit_of_word(suit)); },
      py::arg("rules"), py::arg("suit"),
      "auction (§20): the hand's rules once `suit` (c, d, h or s) is named: its cards 1 point each, no other");
  m.def(
      "pay_auction_bid",
      [](MatchBox& b, int seat, int bid) {
        if (seat < 0 || seat >= b.players) throw InvalidPositionError("no seat " + std::to_string(seat));
        if (bid < 1 || bid > b.state.totals[seat])
          throw InvalidPositionError("seat " + std::to_string(seat) + " cannot pay a bid of " + std::to_string(bid));
        pay_auction_bid(b.state, b.players, seat, bid);
      },
      py::arg("match"), py::arg("seat"), py::arg("bid"), "auction (§20): the winner's bid into the pot");
  m.def(
      "settle_auction_hand",
      [](MatchBox& b, const std::vector<std::int32_t>& taken) {
        check_four(b, taken.size());
        std::int32_t total = 0;
        for (const std::int32_t t : taken) {
          if (t < 0) throw InvalidPositionError("a seat cannot take fewer than 0 penalty cards");
          total += t;
        }
        if (total != 13) throw InvalidPositionError("the seats took " + std::to_string(total) + " penalty cards, not 13");
        settle_auction_hand(b.state, b.players, taken.data());
      },
      py::arg("match"), py::arg("taken"),
      "auction (§20): settles a hand from the penalty-suit cards each seat took");
  m.def(
      "auction_outcome",
      [](const MatchBox& b) {
        const MatchOutcome o = auction_outcome(b.state, b.players);
        std::vector<int> winners;
        for (int s = 0; s < b.players; ++s)
          if ((o.winners >> s) & 1) winners.push_back(s);
        return py::make_tuple(o.over, winners);
      },
      py::arg("match"), "auction (A53d): (over, the seats with the most chips) once a seat holds none");
}

}  // namespace copas::py_api
