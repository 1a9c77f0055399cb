// A seat's own view of a hand (what an engine playing one seat is told) and a
// world consistent with it: the seat's cards as given, every other seat's unseen
// cards drawn uniformly from the deals the view allows (sampler.h).
#pragma once

#include <cstdint>
#include <string>

#include "../position.h"
#include "../rng.h"

namespace copas {

// The moves a view may hold: a hand's cards (kMaxPlays), or domino's cards and its
// discards, which a hand does not bound (docs/RULES.md §17: they leave the core's history).
constexpr int kMaxViewMoves = 255;

struct SeatView {
  int seat = 0;
  int dealer = 0;
  int hand_no = 0;
  CardSet dealt = 0;     // the seat's cards before the pass
  CardSet passed = 0;    // what it passed (0: not yet, or no pass this hand)
  CardSet received = 0;  // what it received (0: not yet, or no pass)
  // A split pass (two parts in the plan): the part-1 cards of passed and of received;
  // queens' three-way plan: the part-2 cards too.
  CardSet passed_second = 0;
  CardSet received_second = 0;
  CardSet passed_third = 0;
  CardSet received_third = 0;
  // blind-forward (docs/RULES.md §2.2 L47): a bit per seat seen to forward its packet
  // unseen (public), the view's own included (then it gives no passed or received cards).
  unsigned forwarded = 0;
  int num_moves = 0;
  Card move_card[kMaxViewMoves];
  std::int8_t move_seat[kMaxViewMoves] = {};  // -1: whoever the rules say plays next
  // Revokes "penalize" (docs/RULES.md §1.3): a failure to follow suit may be a revoke.
  // Until it is proven the world treats it as a void (players are presumed honest);
  // the revoker's later card of that suit proves it and ends the hand.
  bool revokes_penalize = false;
  // The into-hand kitty (kitty_view.h): the cards the seat took, when it is the
  // taker, and its discards; discard_made: the taker's discard is down (said
  // when no move follows it; a move after the take implies it).
  CardSet kitty_seen = 0;
  CardSet discarded = 0;
  bool discard_made = false;
  // Decisions other than cards (decision.h), each placed before move decision_at[i]
  // (num_moves: after the last). value -1: another seat's, not revealed yet (turbo's
  // charges are hidden until every seat's is down, A33); a world replays it as its
  // word's "none". gong-zhu+super-charge (A40): once the charges are down, another
  // seat's face-down charge not yet played stays `charge=?`, followed by its
  // `face=down`: the world gives that seat one of the chargeable cards not seen
  // (the sampler's hidden charges). During the phase another seat's face is not written.
  // A stock (two-player, docs/RULES.md §18): the cards the seat drew, in order (the
  // other seat's draws are unseen). Each trick's draws follow from its winner.
  // drawn_complete false: `drawn` may run ahead of the moves (a protocol reader building
  // the world move by move); true: the moves must use every card of it.
  int num_drawn = 0;
  Card drawn[kMaxStock];
  bool drawn_complete = true;
  // auction (docs/RULES.md §20): the bids and passes (kBid values), public, made before
  // the decisions below and the first card; bid_limit: each seat's chips, the most it
  // may bid (bid_limits_known false: the start chips, Position::set_bid_limits).
  int num_bids = 0;
  std::uint8_t bid_value[kMaxAuctionMoves] = {};
  std::int8_t bid_seat[kMaxAuctionMoves] = {};
  std::int32_t bid_limit[kMaxPlayers] = {};
  bool bid_limits_known = false;
  // domino (docs/RULES.md §17, domino_view.cpp): the cards another seat drew just before
  // move i (their faces unseen), and whether move i is another seat's face-down discard
  // (its move_card then means nothing). The seat's own draws are `drawn`.
  std::uint8_t move_draws[kMaxViewMoves] = {};
  bool move_face_down[kMaxViewMoves] = {};
  int num_decisions = 0;
  DecisionWord decision_word[kMaxDecisions] = {};
  std::int8_t decision_seat[kMaxDecisions] = {};
  std::int16_t decision_value[kMaxDecisions] = {};
  std::uint8_t decision_at[kMaxDecisions] = {};
};

// The view's pass plan: the rules' for the hand, or queens' dealer's plan (the
// view's first decision; no pass before it is made).
PassPlan plan_of_view(const RuleSet& rules, const SeatView& view);

// Fills `out` with a full position consistent with `view` and returns "", or
// returns why no position is (naming the first offending move as "move <i>").
std::string world_from_view(const RuleSet& rules, const SeatView& view, Rng& rng, Position& out);

// domino's (StockDraw::kUntilFollow; domino_view.cpp), which world_from_view calls.
std::string domino_world_from_view(const RuleSet& rules, const SeatView& view, Rng& rng, Position& out);

}  // namespace copas
