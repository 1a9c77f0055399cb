// A hand's score per seat from what each seat took (VARIANTS.md §1.4, §2.3): the
// moon in a given form (super-moon included), the ten-of-death's doubling and the
// clean-hand term. Position::hand_scores and the exact solver (its leaves and its
// hypothetical outcomes, a seat taking every card still in play) score alike
// through these two functions.
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

// The seat that shot the moon in the form `moon` (it took every moon card of a
// finished hand), or -1.
int moon_shooter(const RuleSet& r, MoonRule moon, const HandTally& t);

// One seat's hand score from its card points taken (`points`) and the shooter
// (moon_shooter, or -1).
int seat_hand_score(const RuleSet& r, MoonRule moon, const HandTally& t, int shooter, int seat, int points);

}  // namespace copas
