// Python-facing value types that the core keeps as plain integers.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/pybind11.h>

#include "../csrc/cards.h"
#include "../csrc/match.h"
#include "../csrc/position.h"
#include "../csrc/rules.h"
#include "errors.h"

namespace copas::py_api {

// A CardSet as a Python object (the core's CardSet is a bare uint64_t).
struct CardSetBox {
  CardSet bits = 0;
};

// A MatchState and its seat count (the core's state holds kMaxPlayers totals).
struct MatchBox {
  MatchState state;
  int players = 0;
};

// A Position that owns a frozen copy of its RuleSet, so later edits of the
// Python RuleSet object cannot change a hand in progress.
struct PositionBox {
  std::shared_ptr<const RuleSet> rules;
  Position pos;
  bool revokes_penalize = false;  // push() accepts a failure to follow suit (Revokes penalize)
  // domino (docs/RULES.md §17): Position::undo() cannot take its moves back (the core
  // keeps no discards), so pop() replays `moves` from the dealt position `dealt`;
  // they are also its move list (discards included), as (seat, card).
  Position dealt{};
  std::vector<std::pair<int, Card>> moves{};
};

// A Card from a Card or a card string; InvalidCardError naming what is wrong (register_position.cpp).
Card to_card(const pybind11::object& obj);

// `seat`, when the position has it; else InvalidPositionError naming it.
inline int check_seat(const PositionBox& b, int seat) {
  if (seat < 0 || seat >= b.pos.players())
    throw InvalidPositionError("no seat " + std::to_string(seat) + " in a " +
                               std::to_string(b.pos.players()) + "-player game");
  return seat;
}

// The Revokes mode word: true for "penalize"; a bad word, or "penalize" where the
// variant defines no revoke penalty, raises ValueError naming what is wrong.
inline bool revokes_penalize_mode(const std::string& mode, const RuleSet& rules) {
  if (mode != "forbid" && mode != "penalize")
    throw std::invalid_argument("revokes is 'forbid' or 'penalize', not '" + mode + "'");
  if (mode == "penalize" && !rules.revoke_penalty_defined)
    throw std::invalid_argument("revokes = 'penalize': this variant defines no revoke penalty, "
                                "so revokes can only be forbidden");
  return mode == "penalize";
}

}  // namespace copas::py_api
