// The match state for Python (csrc/match.h): MatchState, its one advance
// (add_hand) and the end of the match (match_outcome).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "boxes.h"
#include "errors.h"
#include "../csrc/chips.h"
#include "../csrc/elimination.h"
#include "../csrc/match.h"

namespace py = pybind11;

namespace copas::py_api {

namespace {

std::vector<int> seats_of(std::uint32_t bits, int players) {
  std::vector<int> seats;
  for (int s = 0; s < players; ++s)
    if ((bits >> s) & 1) seats.push_back(s);
  return seats;
}

void set_totals(MatchBox& b, const std::vector<std::int32_t>& totals) {
  if (totals.empty() || static_cast<int>(totals.size()) > kMaxPlayers)
    throw InvalidPositionError("expected 1.." + std::to_string(kMaxPlayers) + " totals, got " +
                               std::to_string(totals.size()));
  if (b.players != 0 && static_cast<int>(totals.size()) != b.players)
    throw InvalidPositionError("expected " + std::to_string(b.players) + " totals, got " +
                               std::to_string(totals.size()));
  b.players = static_cast<int>(totals.size());
  for (int s = 0; s < kMaxPlayers; ++s) b.state.totals[s] = s < b.players ? totals[s] : 0;
}

// `seats` as a bit per seat; InvalidPositionError naming a seat the match lacks.
std::uint32_t seat_bits(const MatchBox& b, const std::vector<int>& seats) {
  std::uint32_t bits = 0;
  for (int s : seats) {
    if (s < 0 || s >= b.players)
      throw InvalidPositionError("no seat " + std::to_string(s) + " in a " + std::to_string(b.players) +
                                 "-player game");
    bits |= 1u << s;
  }
  return bits;
}

void set_reset_pending(MatchBox& b, const std::vector<int>& seats) { b.state.reset_pending = seat_bits(b, seats); }

MatchBox make_state(const std::vector<std::int32_t>& totals, bool tiebreak, const std::vector<int>& reset_pending,
                    int hands_played) {
  MatchBox b;
  set_totals(b, totals);
  set_reset_pending(b, reset_pending);
  if (hands_played < 0) throw InvalidPositionError("hands_played cannot be negative");
  b.state.tiebreak = tiebreak;
  b.state.hands_played = hands_played;
  return b;
}

void check_players(const RuleSet& r, const MatchBox& b) {
  if (b.players != r.players)
    throw InvalidPositionError("expected " + std::to_string(r.players) + " totals, got " +
                               std::to_string(b.players));
}

py::tuple outcome_tuple(const RuleSet& r, const MatchBox& b) {
  check_players(r, b);
  const MatchOutcome o = match_outcome(r, b.state, r.players);
  return py::make_tuple(o.over, seats_of(o.winners, r.players));
}

// The hand's scores as they count; `b` advanced by the finished hand.
std::vector<std::int32_t> add_finished_hand(MatchBox& b, const PositionBox& hand) {
  const int n = hand.pos.players();
  if (hand.pos.phase() != Phase::kOver) throw InvalidPositionError("the hand is not over");
  const RuleSet& rules = hand.pos.rules();
  if (plays_for_chips(rules) || rules.eliminate_at_target) {
    // A chips (or elimination) hand is dealt to the seats still in: hand seat i is the i-th of them.
    const int in = __builtin_popcount(seats_still_in(rules, b.state, b.players));
    if (n != in)
      throw InvalidPositionError("a " + std::to_string(n) + "-player hand for a match with " + std::to_string(in) +
                                 (plays_for_chips(rules) ? " seats holding chips" : " seats not eliminated"));
  } else if (n != b.players) {
    throw InvalidPositionError("expected " + std::to_string(n) + " totals, got " + std::to_string(b.players));
  }
  std::int32_t scores[kMaxPlayers];
  add_hand(hand.pos, b.state, scores);
  return std::vector<std::int32_t>(scores, scores + n);
}

}  // namespace

void register_match(py::module_& m) {
  py::class_<MatchBox>(m, "MatchState",
                       "A match between hands: totals, tie-break hands under way (A11), seats whose "
                       "exact-score (c) reset is pending (A26), hands played (csrc/match.h).")
      .def(py::init(&make_state), py::arg("totals"), py::arg("tiebreak") = false,
           py::arg("reset_pending") = std::vector<int>{}, py::arg("hands_played") = 0)
      .def_readonly("players", &MatchBox::players)
      .def_property(
          "totals", [](const MatchBox& b) { return std::vector<std::int32_t>(b.state.totals, b.state.totals + b.players); },
          &set_totals)
      .def_property(
          "tiebreak", [](const MatchBox& b) { return b.state.tiebreak; },
          [](MatchBox& b, bool on) { b.state.tiebreak = on; })
      .def_property(
          "reset_pending", [](const MatchBox& b) { return seats_of(b.state.reset_pending, b.players); },
          &set_reset_pending, "seats whose next scoreless hand takes them to 0 (exact-score (c))")
      .def_property(
          "hands_played", [](const MatchBox& b) { return b.state.hands_played; },
          [](MatchBox& b, int hands) {
            if (hands < 0) throw InvalidPositionError("hands_played cannot be negative");
            b.state.hands_played = hands;
          })
      .def_property(
          "pot", [](const MatchBox& b) { return b.state.pot; },
          [](MatchBox& b, std::int32_t chips) {
            if (chips < 0) throw InvalidPositionError("the pot cannot hold fewer than 0 chips");
            b.state.pot = chips;
          },
          "chips variants (docs/RULES.md §19): the pot (Montão), carried to the next hand")
      .def_property_readonly(
          "moon_winner", [](const MatchBox& b) -> py::object {
            return b.state.moon_winner < 0 ? py::none() : py::cast(static_cast<int>(b.state.moon_winner));
          }, "queens (docs/RULES.md §11): the seat whose moon won the match at once, or None")
      .def_property_readonly(
          "next_dealer", [](const MatchBox& b) { return b.state.next_dealer; },
          "gong-zhu: the last hand's Q♠ taker, who deals and leads the next hand; -1: the dealer rotates")
      .def_property_readonly(
          "flipped_end", [](const MatchBox& b) { return b.state.flipped_end; },
          "gong-zhu+exact-minus-1000: a total landed on the target and was flipped, ending the match")
      .def(
          "seats_in_play",
          [](const MatchBox& b, const RuleSet& r) {
            return seats_of(seats_still_in(r, b.state, b.players), b.players);
          },
          py::arg("rules"),
          "the seats the next hand is dealt to, in seat order: every seat, or under chips (docs/RULES.md §19) "
          "those still holding chips, or under elimination (domino's end (b), §17) those not eliminated")
      .def_property(
          "eliminated", [](const MatchBox& b) { return seats_of(b.state.eliminated, b.players); },
          [](MatchBox& b, const std::vector<int>& seats) { b.state.eliminated = seat_bits(b, seats); },
          "elimination (domino's end (b), docs/RULES.md §17): the seats out of the match")
      .def("add_hand", &add_finished_hand, py::arg("position"),
           "adds a finished hand; returns its scores as they count (the moon in the form the match chose)")
      .def(
          "outcome", [](const MatchBox& b, const RuleSet& r) { return outcome_tuple(r, b); }, py::arg("rules"), "(over, winning seats) under the variant's end rules")
      .def("copy", [](const MatchBox& b) { return b; })
      .def("__eq__", [](const MatchBox& a, const MatchBox& b) { return a.players == b.players && a.state == b.state; })
      .def("__repr__", [](const MatchBox& b) {
        std::string text = "MatchState(totals=[";
        for (int s = 0; s < b.players; ++s) text += (s ? ", " : "") + std::to_string(b.state.totals[s]);
        text += "], tiebreak=" + std::string(b.state.tiebreak ? "True" : "False") + ", reset_pending=[";
        const std::vector<int> seats = seats_of(b.state.reset_pending, b.players);
        for (std::size_t k = 0; k < seats.size(); ++k) text += (k ? ", " : "") + std::to_string(seats[k]);
        text += "], hands_played=" + std::to_string(b.state.hands_played);
        return text + (b.state.pot ? ", pot=" + std::to_string(b.state.pot) : std::string()) + ")";
      });

  m.def("match_outcome", &outcome_tuple, py::arg("rules"), py::arg("state"),
        "(over, winning seats) of a match state under the variant's target and tie rule");
  m.def(
      "match_outcome",
      [](const RuleSet& r, const std::vector<std::int32_t>& totals) {
        if (static_cast<int>(totals.size()) != r.players)
          throw InvalidPositionError("expected " + std::to_string(r.players) + " totals, got " +
                                     std::to_string(totals.size()));
        return outcome_tuple(r, make_state(totals, false, {}, 0));
      },
      py::arg("rules"), py::arg("totals"),
      "(over, winning seats) of a match with these totals and no tie-break or reset under way");
  m.def(
      "solver_unsupported",
      [](const PositionBox& hand, const MatchBox& b) {
        check_players(hand.pos.rules(), b);
        return solver_unsupported(hand.pos, b.state);
      },
      py::arg("position"), py::arg("match"),
      "why the exact solver cannot value this hand played in this MatchState ('' when it can): "
      "a conditional reverse moon (A24) the match may still count reversed");
  m.def(
      "add_hand_to_match",
      [](const PositionBox& hand, const std::vector<std::int32_t>& totals, std::uint32_t exact_pending) {
        MatchBox b = make_state(totals, false, {}, 0);
        b.state.reset_pending = exact_pending & ((1u << b.players) - 1);
        std::vector<std::int32_t> scores = add_finished_hand(b, hand);
        return py::make_tuple(scores, std::vector<std::int32_t>(b.state.totals, b.state.totals + b.players),
                              b.state.reset_pending);
      },
      py::arg("position"), py::arg("totals"), py::arg("exact_pending") = 0,
      "(hand scores as they count, new totals, exact-score memory bits) after a finished hand; "
      "MatchState.add_hand keeps the whole state");
}

}  // namespace copas::py_api
