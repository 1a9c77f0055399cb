// A hand's score per seat from what each seat took (VARIANTS.md §1.4, §2.3): the
// moon in a given form (super-moon included), the ten-of-death's doubling and the
// clean-hand term. One function serves Position::hand_scores and the solver's
// hypothetical outcomes (a seat taking every card still in play), so both score alike.
#pragma once

#include <cstdint>

#include "cards.h"
#include "rules.h"

namespace copas {

// What the scoring reads of a hand besides each seat's card points.
struct HandTally {
  const CardSet* won;              // cards each seat took
  const std::uint8_t* tricks_won;  // tricks each seat won
  int tricks_done;
  bool over;              // the clean-hand term and the moon count only once the hand is over
  CardSet scoring_cards;  // cards worth points (a superset will do): keeps the moon's sum short
};

// Turns each seat's card points taken (`out` on entry) into its hand score.
void apply_hand_terms(const RuleSet& r, MoonRule moon, const HandTally& t, std::int32_t* out);

}  // namespace copas
