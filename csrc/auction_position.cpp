// auction (docs/RULES.md §20, A53a-b; S000 L401-415) inside a hand: the bids and the
// winner's suit as decisions (decision.h kBid, kSuit) before the first lead.
//
// The bids are kept in an AuctionLog (decision.h), not the decision log: an auction
// may run to ~190 bids and passes, and every Position (american's included) is copied
// by the search, so it holds 24 bytes of them rather than a record each. The bidding's
// state (Auction, auction.h, which judges the bids) is rebuilt from the log on demand:
// the bidding is not on any hot path. Once the suit is named the Position points at
// that suit's interned RuleSet (penalty_suit_rules, rule_view.h interned_rules), so
// its scoring and restrictions are the suit's with no test on any other variant's
// path; undo and the next hand's reset point it back.
#include "auction.h"
#include "position.h"

namespace copas {

int AuctionLog::moves() const {
  int total = count();
  for (int k = 0; k < count(); ++k) total += passes_after(k);
  return total;
}

int AuctionLog::moves_before_last_bid() const {
  int total = count() - 1;
  for (int k = 0; k + 1 < count(); ++k) total += passes_after(k);
  return total;
}

void Position::set_bid_limits(const std::int32_t* chips) {
  for (int s = 0; s < kMaxPlayers; ++s) {
    const std::int32_t c = chips && s < n_ ? chips[s] : rules_->start_chips;  // unset: the start chips
    bid_limit_[s] = static_cast<std::uint8_t>(c < 0 ? 0 : c > kMaxBid ? kMaxBid : c);
  }
}

Auction Position::auction() const {
  Auction a;
  a.players = n_;
  for (int s = 0; s < n_; ++s) a.chips[s] = bid_limit_[s];
  const int made = auction_.count();
  a.turn = static_cast<std::uint8_t>(bidder_after(auction_.moves()));
  if (made == 0) return a;
  a.high = static_cast<std::uint8_t>(63 - std::countl_zero(auction_.bids));
  a.winner = static_cast<std::uint8_t>(bidder_after(auction_.moves_before_last_bid()));
  a.passes = static_cast<std::uint8_t>(auction_.passes_after(made - 1));
  return a;
}

void Position::begin_auction() {
  auction_ = AuctionLog{};
  phase_ = Phase::kDeciding;
  due_word_ = DecisionWord::kBid;
  turn_ = static_cast<std::uint8_t>(bidder_after(0));
}

void Position::bid(int value) {
  if (value == kBidPass) {
    auction_.add_pass(auction_.count() - 1, 1);
  } else {
    auction_.bids |= std::uint64_t{1} << value;  // above every earlier bid: the last in order
  }
  const Auction a = auction();
  if (a.over()) {
    due_word_ = DecisionWord::kSuit;  // A53a: the highest bidder names the suit
    turn_ = a.winner;
  } else {
    turn_ = a.turn;
  }
}

void Position::undo_bid() {
  const int last = auction_.count() - 1;
  if (auction_.passes_after(last)) {
    auction_.add_pass(last, -1);
  } else {
    auction_.bids &= ~(std::uint64_t{1} << (63 - std::countl_zero(auction_.bids)));
  }
  due_word_ = DecisionWord::kBid;
  turn_ = static_cast<std::uint8_t>(bidder_after(auction_.moves()));
}

DecisionRecord Position::bid_record(int i) const {
  // Walk the bids in order, each followed by its passes.
  int move = 0;
  std::uint64_t bids = auction_.bids;
  for (int k = 0; bids; ++k) {
    const int value = std::countr_zero(bids);
    bids &= bids - 1;
    if (move == i) return {DecisionWord::kBid, static_cast<std::uint8_t>(bidder_after(i)), static_cast<std::uint8_t>(value), 0};
    move += 1 + auction_.passes_after(k);
    if (move > i) return {DecisionWord::kBid, static_cast<std::uint8_t>(bidder_after(i)), kBidPass, 0};
  }
  return {};
}

DecisionRecord Position::last_decision() const {
  if (auction_.bids && !decisions_made_) return bid_record(num_bids() - 1);
  return decision_log_[decisions_made_ - 1];
}

void Position::name_suit(int suit) {
  // The hand's rules from here: the suit's (A53a), interned so the pointer stays valid.
  auction_base_ = rules_;
  rules_ = &interned_rules(penalty_suit_rules(*rules_, static_cast<Suit>(suit)));
  view_ = &rule_view(*rules_);
  moon_form_ = rules_->moon;
  // The winner leads any card (S000 L407: no restriction, B0).
  phase_ = Phase::kPlaying;
  hearts_broken_ = rules_->hearts_break == HeartsBreak::kNever;
  leader_ = turn_;
  open_play();
}

void Position::unname_suit() {
  rules_ = auction_base_;
  view_ = &rule_view(*rules_);
  auction_base_ = nullptr;
  phase_ = Phase::kDeciding;
  end_ = HandEnd::kNone;
  due_word_ = DecisionWord::kSuit;
  turn_ = leader_;
}

}  // namespace copas
