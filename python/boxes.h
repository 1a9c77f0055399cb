// Python-facing value types that the core keeps as plain integers.
#pragma once

#include <memory>

#include "../csrc/cards.h"
#include "../csrc/position.h"
#include "../csrc/rules.h"

namespace copas::py_api {

// A CardSet as a Python object (the core's CardSet is a bare uint64_t).
struct CardSetBox {
  CardSet bits = 0;
};

// A Position that owns a frozen copy of its RuleSet, so later edits of the
// Python RuleSet object cannot change a hand in progress.
struct PositionBox {
  std::shared_ptr<const RuleSet> rules;
  Position pos;
  bool revokes_penalize = false;  // push() accepts a failure to follow suit (Revokes penalize)
};

}  // namespace copas::py_api
