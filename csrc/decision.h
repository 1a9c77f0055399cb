// A seat's decision other than a card or a pass (docs/PROTOCOL.md: `<seat>:<word>=<value>`).
//
// The Position knows whose decision is due (Position::decision_due) and its
// choices (Position::decision_choices); decide() makes one and undo_decision()
// takes it back. A decision's value is a small number whose meaning the word
// gives: for a word whose value is a card (charge), the card's index, or
// kNoCardValue for "none"; for a word of named values (moon), the index of the
// name. The choices are a bit set of values, so a card-valued word's choices are
// a CardSet plus the "none" bit and the search and the random playouts draw
// from them as they draw cards.
//
// A later word (gong-zhu's charges and their faces, the moon choice) is, as queens' pass plan, a
// DecisionWord, its entry in kDecisionWords, its choices in
// Position::decision_choices and its effect in Position::decide (decisions.cpp).
#pragma once

#include <bit>
#include <cstdint>
#include <string>

#include "cards.h"
#include "rules.h"

namespace copas {

enum class DecisionWord : std::uint8_t {
  kCharge,  // turbo (§8, A33): expose one of the rules' charge_cards, or none
  kPlan,    // queens (§11): the dealer's pass plan for the hand, before the pass
  kMoon,    // reverse-moon=shooter-choice (§2.3): the shooter's moon form, once the cards are played
  // gong-zhu+super-charge (§9, A40): the face of the charge the same seat just made.
  // A word of its own (not a card value) keeps DecisionChoices a plain card set.
  kFace,
  // auction (§20, A53a-b): a bid (0 pass, v a bid of v chips: auction.h), then the
  // winner's penalty suit (the Suit's index). The bids are not in the decision log
  // (an auction can run to ~190 of them): Position keeps them as an AuctionLog.
  kBid,
  kSuit,
};
constexpr int kNumDecisionWords = 6;
// kMoon's values (the index of the name).
constexpr int kMoonNormal = 0, kMoonReverse = 1;
// kFace's values: down (a normal charge, hidden until played) or up (a super charge).
constexpr int kFaceDown = 0, kFaceUp = 1;

// A bit set of a decision's values (bit v: value v may be chosen).
using DecisionChoices = std::uint64_t;

// "none" for a card-valued word: the spades lane's unused top face, which no card has.
constexpr int kNoCardValue = 63;

struct DecisionWordInfo {
  const char* name;        // the word in moves: `<seat>:<name>=<value>`
  bool card_valued;        // values are cards (or none); else value i is names[i]
  bool hidden_until_done;  // made in turn but revealed together once every seat's is down (A33)
  bool at_hand_end;        // due once the cards are played: nothing is hidden, its value is exact
  const char* names[12];   // a named-value word's values (null after the last)
};

constexpr DecisionWordInfo kDecisionWords[kNumDecisionWords] = {
    {"charge", true, true, false, {}},
    // The plans in the order of kPlanChoices (decisions.cpp): split-pass's parts syntax.
    {"plan", false, false, false, {"none", "3l", "3r", "3a", "2l1r", "1l2r", "2l1a", "1l2a", "2r1a", "1r2a", "1l1r1a"}},
    {"moon", false, false, true, {"normal", "reverse"}},
    {"face", false, true, false, {"down", "up"}},
    {"bid", false, false, false, {}},  // values "pass" or "1".."62": auction.h's bid_str
    {"suit", false, false, false, {"c", "d", "h", "s"}},
};

inline const DecisionWordInfo& decision_info(DecisionWord w) { return kDecisionWords[static_cast<int>(w)]; }

// A decision made: which word, by whom, its value, and how many cards had been
// played before it (its place among the moves).
struct DecisionRecord {
  DecisionWord word = DecisionWord::kCharge;
  std::uint8_t seat = 0;
  std::uint8_t value = 0;
  std::uint8_t at_play = 0;
};

// auction (§20): the bids of a hand, compactly (24 bytes, not one DecisionRecord each).
// Bids rise, so the set of the values bid gives their order; after the k-th bid
// (0-based) came passes_after(k) passes (0..3). The opening bid is mandatory, so no
// pass comes before it. Seat and turn follow from the dealer (the dealer's left opens).
// The most bids and passes an auction can hold: 62 rising bids, at most two passes
// after each but the last, three after it (3 x 62 + 1), rounded up.
constexpr int kMaxAuctionMoves = 192;
struct AuctionLog {
  std::uint64_t bids = 0;        // bit v: a bid of v chips was made
  std::uint64_t gaps[2] = {};    // 2 bits per bid, in order: the passes that followed it
  int count() const { return std::popcount(bids); }
  int passes_after(int k) const { return static_cast<int>((gaps[k >> 5] >> ((k & 31) * 2)) & 3); }
  void add_pass(int k, int delta) { gaps[k >> 5] += static_cast<std::uint64_t>(delta) << ((k & 31) * 2); }
  // Moves (bids and passes) made, in all and before the last bid.
  int moves() const;
  int moves_before_last_bid() const;
};

// queens (§11): the pass plan of `plan` value `value` (its name in kDecisionWords) for `players` seats.
PassPlan plan_choice(int value, int players);

// The value as written after `=` ("QS", "none", "reverse").
std::string decision_value_str(DecisionWord word, int value);
// The value of `text` for `word`, or -1 when it is none of the word's values.
int parse_decision_value(DecisionWord word, const std::string& text);
// The word named `name`, or false.
bool parse_decision_word(const std::string& name, DecisionWord& word);
// `word=value` (the move text after `<seat>:`): its word and value, or why it is not
// one. With `hidden_ok`, a value `?` (another seat's unrevealed decision) gives -1.
std::string parse_decision(const std::string& text, DecisionWord& word, int& value, bool hidden_ok = false);
// `word=value` of a decision.
std::string decision_str(DecisionWord word, int value);

}  // namespace copas
