// A learned model of a player's card (issue 30): the chance of each legal card is a
// softmax over the legal cards of a linear score w · features(card). Its weights are
// fitted to the engine's own searched choices (bench/train_card_model.py) and ship
// with the package (copas_ai/models/card_model.json); the inference (inference.h)
// can weigh worlds by it instead of by the playout policy.
#pragma once

#include <array>

#include "../position.h"

namespace copas {

// What the model sees of one legal card of the seat to act, from that seat's own
// information (its hand, the table, the cards played), each in about [0, 1]:
// (whether the seat leads, follows or discards is the same for all its legal cards, so
// those contexts enter only as products)
enum CardFeature : int {
  kPolicyPick,       // the playout policy's chance of the card (heuristic_card_probability, no noise)
  kCardPoints,       // the card's points / 13 (negative for a bonus card)
  kLeadRank,         // leading: the card's strength in its suit / 12
  kFollowRank,       // following the led suit: the same
  kDiscardRank,      // off the led suit: the same
  kWinsSoFar,        // it follows and beats every led-suit card on the table
  kWinsLast,         // ... and the seat is the trick's last card
  kTakesPoints,      // it wins so far: the table's points / 13
  kHighestOfSuit,    // the seat's highest card of the suit
  kLowestOfSuit,     // the seat's lowest card of the suit
  kSuitLength,       // the seat's cards of the suit / 13
  kGuardsTop,        // it could be forced to win the costliest card still out (the A♠/K♠ while the Q♠ is out)
  kIsTop,            // it is the costliest card still out (the Q♠)
  kUnseenAbove,      // the unseen cards of the suit that beat it / 12
  kLeadPoints,       // leading: the card's points / 13
  kDiscardPoints,    // off the led suit: the card's points / 13
  kCardFeatures
};

using CardFeatures = std::array<float, kCardFeatures>;

// The features' names, in their order (the model file lists them).
const char* card_feature_name(int feature);

struct CardModel {
  std::array<float, kCardFeatures> weight{};
};

// The features of every legal card of the seat to act (phase kPlaying), the cards in
// ascending order into cards[], their features into out[]; returns how many.
int legal_card_features(const Position& pos, Card* cards, CardFeatures* out);

// The model's chance of `card` for the seat to act (0 when it is not legal).
double card_model_probability(const CardModel& model, const Position& pos, Card card);

}  // namespace copas
