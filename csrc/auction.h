// auction (docs/RULES.md §20, A53a-d; S000 L401-415): the pieces of the variant the
// core decides, kept apart from the Position and the match (the Position's side, the
// bids and the suit as decisions of the hand, is auction_position.cpp).
//
// - Auction: the bidding of one hand, after the deal (A53a). The dealer's left opens
//   with a bid >= 1 (mandatory); clockwise each seat raises by >= 1, never beyond its
//   chips, or passes; three passes in a row end it; a seat that passed may bid again
//   (A53b). Its values are a decision's (decision.h): 0 is a pass, v >= 1 a bid of v
//   chips, at most kMaxBid, so the choices are one 64-bit DecisionChoices.
// - penalty_suit_rules: the hand's rules once the winner names the suit: each card of
//   it 1 point, nothing else scores. A RuleSet of its own per suit (not a point table
//   switched inside the Position) keeps every other variant's scoring path untouched.
// - settle_auction_hand / auction_outcome: one hand's settlement through settle_chips
//   (chips.h) and the end of the game.
#pragma once

#include <cstdint>
#include <string>

#include "cards.h"
#include "decision.h"
#include "match.h"
#include "rules.h"

namespace copas {

// The highest bid a seat may make: the top value of a 64-bit DecisionChoices (a seat
// holding more chips still bids at most this; 62, beside the pass, keeps 63 free as
// the card-valued words' "none").
constexpr int kMaxBid = 62;
// A bid's value 0: a pass.
constexpr int kBidPass = 0;

struct Auction {
  std::uint8_t players = 4;
  std::uint8_t turn = 0;     // the seat to bid
  std::uint8_t high = 0;     // the highest bid so far (0: none yet, the opening is due)
  std::uint8_t winner = 0;   // its seat
  std::uint8_t passes = 0;   // passes in a row since it
  std::int32_t chips[kMaxPlayers] = {};  // each seat's chips: its bid's limit

  // Three passes in a row after a bid.
  bool over() const { return high > 0 && passes >= 3; }
  // The values the seat to bid may choose (bit v: value v): no pass before the
  // opening bid; bids above `high` up to min(its chips, kMaxBid); none once over.
  DecisionChoices choices() const;
  // Why `seat` cannot bid `value` now (empty when it can).
  std::string error(int seat, int value) const;
  // The seat to bid bids `value` (unchecked: see error()).
  void bid(int value);
};

// The auction of a hand dealt by `dealer`: its left opens; `chips` are the seats'.
Auction open_auction(const std::int32_t* chips, int players, int dealer);

// `bid=pass` or `bid=<n>`'s value text, and its value (-1 when it is neither).
std::string bid_str(int value);
int parse_bid(const std::string& text);

// The rules of a hand whose penalty suit is `suit`: `base` with every card of that
// suit worth 1 point and no other card worth any (the named Q♠ an ordinary 1).
RuleSet penalty_suit_rules(const RuleSet& base, Suit suit);

// Settles a hand of the auction into `match` (4 seats, every one in): the winner's
// bid has already gone into the pot (pay_auction_bid); each seat pays 1 chip per
// card of the penalty suit it took (`taken`), or what it has (A53d); then exactly
// one seat that took none takes the whole pot, two split it (the odd chip stays);
// otherwise (all 13 to one seat, or every seat took one) the pot carries over.
void settle_auction_hand(MatchState& match, int players, const std::int32_t* taken);
// The auction's winner pays its bid into the pot (never beyond its chips: the bid was not).
void pay_auction_bid(MatchState& match, int players, int seat, int bid);

// Settles the played hand `hand` of the auction into `match`: its winner pays the bid
// (pay_auction_bid), then settle_auction_hand on the named suit's cards each seat took.
void settle_auction_play(const Position& hand, MatchState& match);

// The end of the game (A53d): over once some seat holds no chips after a hand; the
// most chips wins, seats tied for most share a drawn game.
MatchOutcome auction_outcome(const MatchState& match, int players);

}  // namespace copas
