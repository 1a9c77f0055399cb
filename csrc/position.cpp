#include "position.h"

#include <algorithm>
#include <bit>
#include <numeric>

namespace copas {

namespace {

constexpr const char* kSuitNames[kNumSuits] = {"clubs", "diamonds", "hearts", "spades"};

}  // namespace

Position::Position(const RuleSet* rules, int dealer, int hand_no)
    : rules_(rules), view_(&rule_view(*rules)), n_(rules->players) {
  if (rules->forced_queen || rules->charge_cards) rare_rules_ |= kRareFilters;
  if (rules->extend_cards || rules->charge_cards || rules->stuck_lead_ends_hand ||
      rules->stock_draw != StockDraw::kNone)
    rare_rules_ |= kRareTrickEnd;
  // Two copies: a pass moves multisets (uno_trick_end.cpp).
  if (rules->pass_chain || rules->pool_cards || (rules->copies > 1 && rules->pass_cycle_length))
    rare_rules_ |= kRarePasses;
  if (rules->stock_draw == StockDraw::kUntilFollow) rare_rules_ |= kRareOpenTricks;
  if (rules->copies > 1) rare_rules_ |= kRareTwins | kRareTrickEnd;
  if (rules->auction) set_bid_limits(nullptr);  // auction: the start chips until the match sets them
  reset(dealer, hand_no);
}

void Position::reset(int dealer, int hand_no) {
  dealer_ = static_cast<std::uint8_t>(dealer);
  hand_no_ = static_cast<std::uint16_t>(hand_no);
  pass_plan_ = view_->pass_plan(hand_no);
  clear();
}

void Position::clear() {
  if (auction_base_) [[unlikely]] {  // auction: the last hand's suit named; the variant's rules again
    rules_ = auction_base_;
    view_ = &rule_view(*rules_);
    auction_base_ = nullptr;
  }
  // Whole arrays, not just n_ seats: seats past n_ stay empty. A fill per array:
  // a few wide stores each.
  for (auto* seats : {hands_, won_, passed_, received_}) std::fill_n(seats, kMaxPlayers, CardSet{0});
  for (auto* seats : {tricks_won_, voids_, revoked_}) std::fill_n(seats, kMaxPlayers, std::uint8_t{0});
  phase_ = Phase::kPassing;
  turn_ = leader_ = 0;
  hearts_broken_ = false;
  end_ = HandEnd::kNone;
  led_ = 0;
  first_card_ = Card();
  passes_set_ = forwarded_ = 0;
  kitty_ = 0;
  kitty_seat_ = -1;
  discards_ = 0;
  discards_left_ = voids_at_take_ = take_plays_ = 0;
  num_plays_ = trick_len_ = tricks_done_ = 0;
  extended_ = 0;
  trick_end_ = n_;
  trick_set_ = played_ = pass_second_ = pass_third_ = 0;
  decisions_made_ = 0;
  moon_form_ = rules_->moon;
  charged_ = charge_restricted_ = 0;
  stock_size_ = stock_next_ = 0;
  if (rules_->stock_draw != StockDraw::kNone) [[unlikely]] {  // off the standard game's path
    for (CardSet& d : drawn_) d = 0;
    trick_passes_ = 0;
    stock_discarder_ = drew_to_follow_ = -1;
    domino_events_ = 0;
    if (rare_rules_ & kRareOpenTricks) trick_end_ = 1;  // domino: every card goes through finish_trick
  }
  if (rare_rules_ & kRareTwins) [[unlikely]] {
    std::fill_n(twins_, kMaxPlayers, CardSet{0});
    std::fill_n(won_twins_, kMaxPlayers, CardSet{0});
    kitty_twins_ = 0;
    std::fill_n(passed_twins_, kMaxPlayers, CardSet{0});
  }
}

void Position::deal(const CardSet* hands) {
  clear();
  CardSet dealt = 0;
  for (int s = 0; s < n_; ++s) dealt |= hands_[s] = hands[s];
  if (rules_->kitty_size) kitty_ = rules_->deck & ~dealt;
  if (rules_->stock_draw != StockDraw::kNone) [[unlikely]] deal_stock(dealt);
  if (rules_->dealer_plans_pass) [[unlikely]] {
    begin_plan();  // decisions.cpp: queens' dealer plans the pass first
    return;
  }
  if (rules_->auction) [[unlikely]] {
    begin_auction();  // auction_position.cpp: the bidding comes first (A53a), no pass (A53c)
    return;
  }
  if (pass_plan_.total() == 0) start_play();  // else the pass comes first (phase kPassing)
}

void Position::deal_after_pass(const CardSet* hands, const CardSet* passed, const CardSet* received,
                               CardSet pass_second, int plan, CardSet pass_third, unsigned forwarded) {
  deal(hands);
  if (phase_ == Phase::kDeciding && plan >= 0) decide(plan);
  for (int s = 0; s < n_; ++s) {
    passed_[s] = passed[s];
    received_[s] = received[s];
  }
  pass_second_ = pass_second;
  pass_third_ = pass_third;
  forwarded_ = static_cast<std::uint16_t>(forwarded);
  passes_set_ = static_cast<std::uint16_t>((1u << n_) - 1);
  if (phase_ == Phase::kPassing) start_play();
}

int Position::chain_offset() const {
  const int offset = pass_plan_.parts[0].offset;
  return offset < 0 ? offset + n_ : offset;
}

int Position::chain_count() const { return std::gcd(chain_offset(), static_cast<int>(n_)); }

int Position::chain_link(int i) const {
  // A12: the chains open on the seats nearest the dealer's left, counting leftwards
  // (with g chains, dealer+1 .. dealer+g, one per chain); the links pass step by
  // step, the chains' i-th links in that same seat order.
  const int g = chain_count();
  return (dealer_ + 1 + i % g + (i / g) * chain_offset()) % n_;
}

bool Position::chain_start(int seat) const {
  return rules_->pass_chain && pass_plan_.total() > 0 && (seat - dealer_ - 1 + 2 * n_) % n_ < chain_count();
}

void Position::set_chain_pass(int seat, CardSet cards) {
  // The cards go on at once: the receiver sees them before its own choice, and may
  // pass them on; the chain's last link passes to its first, who keeps them.
  const int to = (seat + chain_offset()) % n_;
  // blind-forward: a later link passing exactly its unseen packet forwards it.
  if (rules_->pass_blind && !chain_start(seat) && cards == received_[seat])
    forwarded_ |= static_cast<std::uint16_t>(1u << seat);
  hands_[seat] &= ~cards;
  hands_[to] |= cards;
  passed_[seat] = cards;
  received_[to] = cards;
  passes_set_ |= static_cast<std::uint16_t>(1u << seat);
  if (passes_set_ == (1u << n_) - 1) start_play();
}

void Position::redeal_blind_packet(CardSet cards) {
  const int g = chain_count();
  int i = std::popcount(static_cast<unsigned>(passes_set_));
  const int seat = chain_link(i);
  hands_[seat] = (hands_[seat] & ~received_[seat]) | cards;
  received_[seat] = cards;
  // Back along the seat's chain (its links are every g-th): forwarders, then the sender.
  for (i -= g; i >= 0; i -= g) {
    const int link = chain_link(i);
    const bool forwarder = forwarded(link);
    passed_[link] = cards;
    if (!forwarder) break;
    received_[link] = cards;
  }
}

void Position::set_pool_pass(int seat, CardSet cards) {
  passed_[seat] = cards;
  passes_set_ |= static_cast<std::uint16_t>(1u << seat);
  if (passes_set_ != (1u << n_) - 1) return;
  // Every seat's cards are in: they leave the hands; pool_pending() until dealt back.
  for (int s = 0; s < n_; ++s) hands_[s] &= ~passed_[s];
}

CardSet Position::pool() const {
  CardSet all = 0;
  for (int s = 0; s < n_; ++s) all |= passed_[s];
  return all;
}

void Position::return_pool(const CardSet* back) {
  for (int s = 0; s < n_; ++s) {
    received_[s] = back[s];
    hands_[s] |= back[s];
  }
  start_play();
}

void Position::deal_pool(Rng& rng) {
  CardSet rest = pool();
  CardSet back[kMaxPlayers] = {};
  for (int s = 0; s < n_; ++s)
    for (int i = 0; i < rules_->pool_cards; ++i) {
      const Card c = nth_card(rest, static_cast<int>(rng.below(static_cast<std::uint32_t>(count(rest)))));
      back[s] |= c.bit();
      rest &= ~c.bit();
    }
  return_pool(back);
}

void Position::set_rare_pass(int seat, CardSet cards) {
  if (rare_rules_ & kRareTwins)
    set_twin_pass(seat, TwinSet{cards, 0});
  else if (rules_->pass_chain)
    set_chain_pass(seat, cards);
  else
    set_pool_pass(seat, cards);
}

// A leaf but for its tail calls: three of a hand's four calls only record the pass.
void Position::set_pass(int seat, CardSet cards, CardSet second, CardSet third) {
  if (rare_rules_ & kRarePasses) [[unlikely]] return set_rare_pass(seat, cards);
  passed_[seat] = cards | second | third;
  pass_second_ |= second;
  pass_third_ |= third;
  passes_set_ |= static_cast<std::uint16_t>(1u << seat);
  if (passes_set_ == (1u << n_) - 1) exchange_passes();
}

void Position::exchange_passes() {
  // Every pass is down: take them out first so nobody passes on a card received.
  for (int s = 0; s < n_; ++s) hands_[s] &= ~passed_[s];
  for (int p = 0; p < 3 && pass_plan_.parts[p].count; ++p) {  // the parts are filled in order
    const PassPart& part = pass_plan_.parts[p];
    for (int s = 0; s < n_; ++s) {
      // s + offset wrapped into 0..n-1 (|offset| < n) without a division.
      int to = s + part.offset;
      to += to < 0 ? n_ : 0;
      to -= to >= n_ ? n_ : 0;
      const CardSet sent = passed_part(s, p);
      received_[to] |= sent;
      hands_[to] |= sent;
    }
  }
  start_play();
}

void Position::start_play() {
  phase_ = Phase::kPlaying;
  hearts_broken_ = rules_->hearts_break == HeartsBreak::kNever;
  int leader = 0;
  switch (opening_lead_rule(*rules_, hand_no_)) {
    case FirstLead::kHolderOfCard: {
      CardSet all = 0;
      for (int s = 0; s < n_; ++s) all |= hands_[s];
      // The named card, or the lowest club in play when it is out of the deal (A29).
      first_card_ = contains(all, rules_->first_lead_card)
                        ? rules_->first_lead_card
                        : lowest((all & suit_mask(kClubs)) ? all & suit_mask(kClubs) : all);
      for (int s = 0; s < n_; ++s)
        if (contains(hands_[s], first_card_)) leader = s;
      break;
    }
    case FirstLead::kDealerLeft: leader = (dealer_ + 1) % n_; break;
    case FirstLead::kDealer: leader = dealer_; break;
    case FirstLead::kDealerRight: leader = (dealer_ + n_ - 1) % n_; break;
  }
  leader_ = turn_ = static_cast<std::uint8_t>(leader);
  if (rules_->charge_cards) [[unlikely]] {
    begin_charges();  // decisions.cpp: the charges come before the first lead
    return;
  }
  open_play();
}

void Position::open_play() {
  if (hands_[leader_] == 0) phase_ = Phase::kOver;
  check_stuck();
}

void Position::check_stuck() {
  if (phase_ != Phase::kPlaying || discards_left_) return;  // the discard step first
  const RuleSet& r = *rules_;
  const CardSet hand = hands_[turn_];
  // A19 as the seed says it (S000 L67): the seat to act on trick 1 holds only point
  // cards. A forced point card (qs-forced's Q♠, ten-of-death's lone 10♣) does not annul.
  if (r.first_trick_stuck_annuls && tricks_done_ == 0 && (hand & ~r.point_cards) == 0) {
    phase_ = Phase::kOver;
    end_ = HandEnd::kAnnulled;
  } else if (r.stuck_lead_ends_hand && trick_len_ == 0 && r.lead_needs_broken && !hearts_open_for_lead() &&
             (hand & ~kHeartsMask) == 0) {
    phase_ = Phase::kOver;
    end_ = HandEnd::kStuckLead;
  }
}

bool Position::is_revoke(Card c) const {
  if (phase_ != Phase::kPlaying || trick_len_ == 0) return false;
  const CardSet hand = hands_[turn_];
  const CardSet led = suit_mask(led_suit());
  if (!contains(hand, c) || contains(led, c) || !(hand & led)) return false;
  return contains(legal_from(hand & ~led), c);  // every other rule, as if void in the led suit
}

void Position::play_revoke(Card c) {
  const int seat = turn_;
  const std::uint8_t suit_bit = static_cast<std::uint8_t>(1u << led_);
  play(c);  // its record keeps the seat's revokes before this one, for undo()
  revoked_[seat] |= suit_bit;
}

bool Position::revoke_pending() const {
  for (int s = 0; s < n_; ++s)
    if (revoked_[s]) return true;
  return false;
}

void Position::prove_revoke(int seat) {
  phase_ = Phase::kOver;
  end_ = HandEnd::kRevoke;
  revoker_ = static_cast<std::uint8_t>(seat);
}

// The restrictions on the seat to act, as a chain of narrowing masks that do not
// depend on the hand: legal = hand, narrowed by each mask in turn, where a mask
// that would leave nothing is skipped. That is how "unless the player holds only
// hearts" and the first-trick fallbacks fall out. Because the masks are
// hand-independent, the same chain also explains a refusal and tells what a
// play reveals to seats that cannot see the hand.
// The chain itself is visit_rule_filters() in position.h; this is it collected.
struct Position::RuleFilters {
  static constexpr int kMax = 10;  // six rule masks and up to four charged cards (A34)
  CardSet mask[kMax];
  CardSet trigger[kMax];
  const char* reason[kMax];
  int size = 0;
  void add(CardSet m, CardSet t, const char* why) {
    mask[size] = m;
    trigger[size] = t;
    reason[size++] = why;
  }
};

Position::RuleFilters Position::rule_filters() const {
  RuleFilters f;
  visit_rule_filters([&f](CardSet mask, CardSet trigger, const char* why) { f.add(mask, trigger, why); });
  return f;
}

std::string Position::illegal_reason(Card c) const {
  if (phase_ != Phase::kPlaying)
    return phase_ == Phase::kPassing    ? "the pass is not complete"
           : phase_ == Phase::kDeciding ? "seat " + std::to_string(turn_) + "'s " +
                                              decision_info(due_word_).name + " is due first"
                                        : "the hand is over";
  if (!contains(hands_[turn_], c))
    return "seat " + std::to_string(turn_) + " does not hold " + card_str(c);
  if (discards_left_) return contains(discard_choices(), c) ? "" : "discards go one by one in ascending card order";
  const RuleFilters f = rule_filters();
  CardSet moves = hands_[turn_];
  for (int i = 0; i < f.size; ++i) {
    if (!(moves & f.trigger[i])) continue;
    const CardSet allowed = moves & f.mask[i];
    if (!contains(allowed, c)) {
      std::string why = f.reason[i];
      if (trick_len_ > 0 && i == 0) why += std::string(" (") + kSuitNames[led_suit()] + " led)";
      return why;
    }
    moves = allowed;
  }
  return "";
}

CardSet Position::revealed_absent(Card c) const {
  if (discards_left_) return 0;  // a discard is face down: it tells nothing
  // `passed` is the intersection of the masks c went through. A mask c is not
  // in must have been skipped, so the hand held nothing of passed & trigger.
  // (A filter with a narrower trigger may also be skipped by a card in its mask;
  // narrowing `passed` anyway claims less, so what is claimed stays true.)
  const RuleFilters f = rule_filters();
  CardSet passed = ~CardSet{0};
  CardSet absent = 0;
  for (int i = 0; i < f.size; ++i) {
    if (contains(f.mask[i], c)) {
      passed &= f.mask[i];
    } else {
      absent |= passed & f.trigger[i];
    }
  }
  return absent & rules_->deck & ~c.bit();  // masks are complements: keep real cards only
}

// Judged on the whole completed trick (trick_set_), so each rule is a mask test.
bool Position::trick_breaks_hearts() const {
  const Suit led = led_suit();
  const bool has_heart = (trick_set_ & kHeartsMask) != 0;
  switch (rules_->hearts_break) {
    case HeartsBreak::kNever: return true;
    case HeartsBreak::kOffSuitPlayed: return (trick_set_ & ~suit_mask(led)) != 0;
    // A heart led is in the trick, so a hearts trick breaks exactly when led hearts count.
    case HeartsBreak::kHeartDiscarded: return led == kHearts ? rules_->led_heart_breaks : has_heart;
    case HeartsBreak::kHeartPlayed:
    case HeartsBreak::kHeartOrQueenPlayed: return (trick_set_ & view_->break_cards) != 0;
  }
  return false;
}

bool Position::open_second_round() {
  const std::uint32_t bit = std::uint32_t{1} << tricks_done_;
  if (trick_len_ == n_) {
    // The leader plays next; every seat holds as many cards, so his hand tells.
    if ((rules_->extend_cards & trick_set_ & suit_mask(led_suit())) && hands_[leader_]) {
      extended_ |= bit;
      trick_end_ = static_cast<std::uint8_t>(2 * n_);
      turn_ = leader_;
      if (tricks_done_ == 0 && rules_->first_trick_stuck_annuls) check_stuck();
      return true;
    }
    extended_ &= ~bit;  // a mark left by a second round undone
  }
  trick_end_ = n_;
  return false;
}

// Not vectorised: a trick holds at most 2n cards, and the vector loop's set-up and
// bounds test cost the 4-card trick more than its scalar loop.
[[gnu::optimize("no-tree-vectorize")]] void Position::finish_trick() {
  // One test of a flag for the rules off the standard game's path (rare_rules_).
  const bool rare = rare_rules_ & kRareTrickEnd;
  if (rare && !rare_trick_complete()) [[unlikely]] return;
  const PlayRecord* trick = &history_[num_plays_ - trick_len_];
  const Suit led = led_suit();
  int best = 0;
  if (view_->identity_ranks) {
    // Branch-free search for the top card's place (a data-dependent exit mispredicts).
    const Card top = highest(trick_set_ & suit_mask(led));
    for (int i = 1; i < trick_len_; ++i) best += i * (trick[i].card == top);
  } else {
    best = strongest_place(trick, trick_len_, led);
  }
  const int winner = trick[best].seat;
  if (!hearts_broken_ && trick_breaks_hearts()) hearts_broken_ = true;
  won_[winner] |= trick_set_;
  // The kitty goes with the first trick (first-trick-winner) or the first that scores.
  if (takes_kitty()) {
    kitty_seat_ = static_cast<std::int8_t>(winner);
    kitty_trick_ = tricks_done_;
    if (rules_->kitty_use == KittyUse::kIntoHand) {
      take_into_hand(winner);
    } else {
      won_[winner] |= kitty_;
    }
  }
  ++tricks_won_[winner];
  ++tricks_done_;
  trick_set_ = 0;
  trick_len_ = 0;
  leader_ = turn_ = static_cast<std::uint8_t>(winner);
  if (rare) [[unlikely]] {
    finish_rare_trick(winner, led);
    return;
  }
  if (hands_[winner] == 0) [[unlikely]] end_hand();
}

bool Position::rare_trick_complete() {
  if (rules_->extend_cards && open_second_round()) return false;
  if ((rare_rules_ & kRareOpenTricks) && !domino_trick_over()) return false;
  // Two copies: the multisets first; the rest of finish_trick then only ORs in what they hold
  // (cancellation: unless the trick is carried, with no winner).
  return !(rare_rules_ & kRareTwins) || settle_twin_trick();
}

void Position::finish_rare_trick(int winner, Suit led) {
  if (rare_rules_ & kRareOpenTricks) return domino_next_lead(winner);
  if (stock_next_ < stock_size_) draw_after_trick(winner);  // two-player: before the hand can end
  if (rules_->swap_left_cards | rules_->swap_right_cards) swap_hands(winner, &history_[num_plays_ - n_], false);
  if (hands_[winner] == 0) end_hand();
  charge_restricted_ &= ~suit_mask(led);  // A34: its first trick is over
  if (rules_->stuck_lead_ends_hand) check_stuck();
}

// Out of line: inlined into finish_trick it would grow every caller's play loop.
[[gnu::noinline]] void Position::end_hand() {
  phase_ = Phase::kOver;
  if (rules_->moon_shooter_choice) offer_moon_choice();
}

void Position::undo() {
  // Before any play the hand was going on, whatever ended it since.
  phase_ = Phase::kPlaying;
  end_ = HandEnd::kNone;
  if (last_move_is_discard()) [[unlikely]] {
    undo_discard();  // the last move was an into-hand discard
    return;
  }
  if (trick_len_ == 0) {
    // The last play completed a trick: reopen it (2n cards when it had a second round).
    const int len = n_ << ((extended_ >> (tricks_done_ - 1)) & 1);
    const PlayRecord* trick = &history_[num_plays_ - len];
    const int winner = turn_;
    CardSet cards = 0;
    for (int i = 0; i < len; ++i) cards |= trick[i].card.bit();
    won_[winner] &= ~cards;
    --tricks_won_[winner];
    --tricks_done_;
    trick_set_ = cards;
    trick_len_ = trick_end_ = static_cast<std::uint8_t>(len);
    leader_ = trick[0].seat;
    led_ = trick[0].card.suit();
    // One test and one call for the rest: the common undo keeps few registers live.
    if ((kitty_seat_ >= 0 && kitty_trick_ == tricks_done_) || charged_ || (rare_rules_ & kRareTrickEnd)) [[unlikely]]
      undo_trick_extras(winner, trick, len);
  }
  const PlayRecord& rec = history_[--num_plays_];
  hands_[rec.seat] |= rec.card.bit();
  trick_set_ &= ~rec.card.bit();
  played_ &= ~rec.card.bit();
  voids_[rec.seat] = rec.prev_voids;
  revoked_[rec.seat] = rec.prev_revoked;
  hearts_broken_ = rec.prev_broken;
  --trick_len_;
  // Undone back into a first round: the trick ends after n cards again (branch-free).
  trick_end_ = trick_len_ < n_ ? n_ : trick_end_;
  turn_ = rec.seat;
}

void Position::undo_trick_extras(int winner, const PlayRecord* trick, int len) {
  if (rare_rules_ & kRareTwins) {
    // uno-hearts: the swaps back first (the trick's seats' own hands), the draws last.
    if (rules_->swap_left_cards | rules_->swap_right_cards) swap_hands(winner, trick, true);
    undo_twin_trick(winner, trick, len);
    if (rules_->stock_draw == StockDraw::kPairs) undo_pair_draws(winner);
    return;
  }
  if (kitty_seat_ >= 0 && kitty_trick_ == tricks_done_) {
    if (rules_->kitty_use == KittyUse::kIntoHand) {
      untake_from_hand(winner);
    } else {
      won_[winner] &= ~kitty_;
    }
    kitty_seat_ = -1;
  }
  if (charged_) restrict_charges();
  if (rare_rules_ & kRareTrickEnd) undo_draws(winner, trick, len);
}

void Position::set_kitty(CardSet cards) {
  if (kitty_seat_ >= 0 && rules_->kitty_use == KittyUse::kAddToTrick)
    won_[kitty_seat_] = (won_[kitty_seat_] & ~kitty_) | cards;
  kitty_ = cards;
}

int Position::moon_shooter() const {
  if (rules_->moon == MoonRule::kNone || rules_->moon_cards == 0) return -1;
  if (two_copies()) return twin_moon_shooter(moon_form_, tally());  // A46b, A48e: twin_play.cpp
  for (int s = 0; s < n_; ++s)
    if ((won_[s] & rules_->moon_cards) == rules_->moon_cards) return s;
  return -1;
}

void Position::hand_scores_with_moon(MoonRule moon, std::int32_t* out) const {
  const RuleSet& r = *rules_;
  if (end_ == HandEnd::kAnnulled || end_ == HandEnd::kRevoke) {
    // A19: nobody scores; A10: only the offender's penalty counts.
    for (int s = 0; s < n_; ++s) out[s] = 0;
    if (end_ == HandEnd::kRevoke) out[revoker_] = r.revoke_penalty;
    return;
  }
  if (rare_rules_ & kRareTwins) [[unlikely]] return twin_hand_scores(moon, out);
  const HandTally t = tally();
  const int shooter = copas::moon_shooter(r, moon, t);
  for (int s = 0; s < n_; ++s) out[s] = seat_hand_score(r, moon, t, shooter, s, points_taken(s));
}

std::string check_deal(const RuleSet& rules, const CardSet* hands) {
  CardSet seen = 0;
  for (int s = 0; s < rules.players; ++s) {
    if (hands[s] & ~rules.deck)
      return "seat " + std::to_string(s) + " holds " + cardset_str(hands[s] & ~rules.deck) +
             ", not in this variant's deck";
    if (hands[s] & seen)
      return "card " + card_str(lowest(hands[s] & seen)) + " is dealt to two seats";
    if (count(hands[s]) != rules.hand_size)
      return "seat " + std::to_string(s) + " holds " + std::to_string(count(hands[s])) +
             " cards, not " + std::to_string(rules.hand_size);
    seen |= hands[s];
  }
  return "";
}

namespace {

std::string cards_word(int n) { return std::to_string(n) + (n == 1 ? " card" : " cards"); }

}  // namespace

std::string pass_error(const Position& pos, int seat, CardSet cards, CardSet second, CardSet third) {
  if (pos.phase() == Phase::kDeciding)  // queens: the dealer's plan comes before the pass
    return "seat " + std::to_string(pos.turn()) + "'s " + decision_info(pos.decision_word()).name + " is due first";
  if (pos.phase() != Phase::kPassing) return "there is no pass to make now";
  if (pos.pool_pending()) return "every seat's cards are in the pool: it is dealt back next";
  if (seat < 0 || seat >= pos.players()) return "no seat " + std::to_string(seat);
  if (pos.pass_is_set(seat)) return "seat " + std::to_string(seat) + " has passed already";
  if (pos.rules().pass_chain && seat != pos.next_passer())
    return "the pass chain's next link is seat " + std::to_string(pos.next_passer()) + ", not seat " +
           std::to_string(seat) + " (peek-pass: docs/RULES.md §2.2 A12)";
  const CardSet all = cards | second | third;
  // blind-forward (§2.2 L47): the unseen packet goes on whole, or stays for after the pass.
  if (const CardSet packet = pos.blind_packet(); packet && all != packet && (all & packet))
    return "seat " + std::to_string(seat) + " has not looked at the 3 cards it received: it forwards them " +
           "all or passes 3 of its own (blind-forward: docs/RULES.md §2.2)";
  if (all & ~pos.hand(seat))
    return "seat " + std::to_string(seat) + " does not hold " + card_str(lowest(all & ~pos.hand(seat)));
  const PassPlan plan = pos.pass_plan();
  if (plan.parts[1].count == 0 && second) return "this hand's pass goes one way: give one set of cards, not two parts";
  if (plan.parts[2].count == 0 && third) return "this hand's pass has two parts, not three";
  if (cards & second) return card_str(lowest(cards & second)) + " is in both parts of the pass";
  if ((cards | second) & third) return card_str(lowest((cards | second) & third)) + " is in two parts of the pass";
  const CardSet parts[3] = {cards, second, third};
  for (int p = 0; p < 3; ++p)
    if (std::string e = pass_part_error(plan, p, parts[p], pos.players()); !e.empty()) return e;
  return "";
}

std::string pool_return_error(const Position& pos, const CardSet* back) {
  if (!pos.pool_pending()) return "no pool is waiting to be dealt back";
  const int k = pos.rules().pool_cards;
  CardSet seen = 0;
  for (int s = 0; s < pos.players(); ++s) {
    const std::string seat = "seat " + std::to_string(s);
    if (back[s] & ~pos.pool()) return seat + " gets " + card_str(lowest(back[s] & ~pos.pool())) + ", not in the pool";
    if (back[s] & seen) return card_str(lowest(back[s] & seen)) + " is dealt back twice";
    if (count(back[s]) != k) return seat + " gets " + std::to_string(count(back[s])) + " cards, not " + std::to_string(k);
    seen |= back[s];
  }
  return "";
}

std::string pass_part_error(const PassPlan& plan, int part, CardSet cards, int players) {
  const int want = plan.parts[part].count;
  if (count(cards) == want) return "";
  const std::string got = ", not " + std::to_string(count(cards));
  if (plan.parts[1].count == 0) return "a pass is " + std::to_string(want) + " cards" + got;
  return "the pass " + pass_toward(plan.parts[part].offset, players) + " is " + cards_word(want) + got;
}

CardSet rote_part(const PassPlan& plan, CardSet cards, int part) {
  for (int p = 0; p < 3; ++p) {
    CardSet taken = 0;
    for (int i = 0; i < plan.parts[p].count && cards; ++i) taken |= pop_lowest(cards).bit();
    if (p == part) return taken;
  }
  return 0;
}

}  // namespace copas
