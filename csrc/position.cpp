#include "position.h"

namespace copas {

namespace {

constexpr const char* kSuitNames[kNumSuits] = {"clubs", "diamonds", "hearts", "spades"};

}  // namespace

Position::Position(const RuleSet* rules, int dealer, int hand_no)
    : rules_(rules),
      n_(rules->players),
      dealer_(static_cast<std::uint8_t>(dealer)),
      hand_no_(static_cast<std::uint16_t>(hand_no)),
      pass_plan_(rules->pass_plan(hand_no)) {}

void Position::deal(const CardSet* hands) {
  // Whole arrays, not just n_ seats: seats past n_ stay empty.
  for (int s = 0; s < kMaxPlayers; ++s) {
    hands_[s] = s < n_ ? hands[s] : 0;
    won_[s] = passed_[s] = received_[s] = 0;
    tricks_won_[s] = voids_[s] = 0;
  }
  passes_set_ = 0;
  num_plays_ = trick_len_ = tricks_done_ = 0;
  trick_set_ = played_ = 0;
  if (pass_plan_.total() > 0) {
    phase_ = Phase::kPassing;
  } else {
    start_play();
  }
}

void Position::deal_after_pass(const CardSet* hands, const CardSet* passed, const CardSet* received) {
  deal(hands);
  for (int s = 0; s < n_; ++s) {
    passed_[s] = passed[s];
    received_[s] = received[s];
  }
  passes_set_ = static_cast<std::uint16_t>((1u << n_) - 1);
  if (phase_ == Phase::kPassing) start_play();
}

void Position::set_pass(int seat, CardSet cards) {
  passed_[seat] = cards;
  passes_set_ |= static_cast<std::uint16_t>(1u << seat);
  if (passes_set_ != (1u << n_) - 1) return;
  // Every pass is down: take them out first so nobody passes on a card received.
  for (int s = 0; s < n_; ++s) hands_[s] &= ~passed_[s];
  const PassPart& part = pass_plan_.parts[0];
  for (int s = 0; s < n_; ++s) {
    int to = (s + part.offset + n_) % n_;
    received_[to] |= passed_[s];
    hands_[to] |= passed_[s];
  }
  start_play();
}

void Position::start_play() {
  phase_ = Phase::kPlaying;
  hearts_broken_ = rules_->hearts_break == HeartsBreak::kNever;
  int leader = 0;
  switch (rules_->first_lead) {
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
  if (hands_[leader] == 0) phase_ = Phase::kOver;
}

// The restrictions on the seat to act, as a chain of narrowing masks that do not
// depend on the hand: legal = hand, narrowed by each mask in turn, where a mask
// that would leave nothing is skipped. That is how "unless the player holds only
// hearts" and the first-trick fallbacks fall out. Because the masks are
// hand-independent, the same chain also explains a refusal and tells what a
// play reveals to seats that cannot see the hand.
struct Position::RuleFilters {
  static constexpr int kMax = 4;
  CardSet mask[kMax];
  const char* reason[kMax];
  int size = 0;
  void add(CardSet m, const char* why) {
    mask[size] = m;
    reason[size++] = why;
  }
};

Position::RuleFilters Position::rule_filters() const {
  const RuleSet& r = *rules_;
  RuleFilters f;
  const bool first_trick = tricks_done_ == 0;
  if (trick_len_ == 0) {
    if (first_trick && r.first_lead == FirstLead::kHolderOfCard && r.must_lead_first_card)
      f.add(first_card_.bit(), "the first lead must be the opening card");
    if (r.lead_needs_broken && !hearts_broken_)
      f.add(~kHeartsMask, "hearts may not be led before they are broken");
    if (r.lead_bans_points) f.add(~r.point_cards, "a penalty card may not be led");
  } else {
    f.add(suit_mask(led_suit()), "must follow suit");
    if (r.discard_needs_broken && !hearts_broken_)
      f.add(~kHeartsMask, "hearts may not be discarded before they are broken");
  }
  if (first_trick && r.first_trick_banned)
    f.add(~r.first_trick_banned, "penalty cards may not be played to the first trick");
  return f;
}

CardSet Position::legal_moves() const {
  const RuleFilters f = rule_filters();
  CardSet moves = hands_[turn_];
  for (int i = 0; i < f.size; ++i) {
    const CardSet allowed = moves & f.mask[i];
    if (allowed) moves = allowed;
  }
  return moves;
}

std::string Position::illegal_reason(Card c) const {
  if (phase_ != Phase::kPlaying)
    return phase_ == Phase::kPassing ? "the pass is not complete" : "the hand is over";
  if (!contains(hands_[turn_], c))
    return "seat " + std::to_string(turn_) + " does not hold " + card_str(c);
  const RuleFilters f = rule_filters();
  CardSet moves = hands_[turn_];
  for (int i = 0; i < f.size; ++i) {
    const CardSet allowed = moves & f.mask[i];
    if (!allowed) continue;
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
  // `passed` is the intersection of the masks c went through. A mask c is not
  // in must have been skipped, so the hand held nothing of passed & mask.
  const RuleFilters f = rule_filters();
  CardSet passed = ~CardSet{0};
  CardSet absent = 0;
  for (int i = 0; i < f.size; ++i) {
    if (contains(f.mask[i], c)) {
      passed &= f.mask[i];
    } else {
      absent |= passed & f.mask[i];
    }
  }
  return absent & rules_->deck & ~c.bit();  // masks are complements: keep real cards only
}

void Position::play(Card c) {
  const int seat = turn_;
  PlayRecord& rec = history_[num_plays_++];
  rec.card = c;
  rec.seat = static_cast<std::uint8_t>(seat);
  rec.prev_voids = voids_[seat];
  rec.prev_broken = hearts_broken_;
  if (trick_len_ > 0) {
    const Suit led = history_[num_plays_ - 1 - trick_len_].card.suit();
    if (c.suit() != led) voids_[seat] |= static_cast<std::uint8_t>(1u << led);
  }
  hands_[seat] &= ~c.bit();
  trick_set_ |= c.bit();
  played_ |= c.bit();
  ++trick_len_;
  if (trick_len_ == n_) {
    finish_trick();
  } else {
    turn_ = static_cast<std::uint8_t>((seat + 1) % n_);
  }
}

bool Position::trick_breaks_hearts() const {
  const PlayRecord* trick = &history_[num_plays_ - trick_len_];
  const Suit led = trick[0].card.suit();
  for (int i = 0; i < trick_len_; ++i) {
    const Card c = trick[i].card;
    switch (rules_->hearts_break) {
      case HeartsBreak::kNever: return true;
      case HeartsBreak::kOffSuitPlayed:
        if (c.suit() != led) return true;
        break;
      case HeartsBreak::kHeartDiscarded:
        if (c.suit() == kHearts && (led != kHearts || rules_->led_heart_breaks)) return true;
        break;
      case HeartsBreak::kHeartPlayed:
        if (c.suit() == kHearts) return true;
        break;
      case HeartsBreak::kHeartOrQueenPlayed:
        if (c.suit() == kHearts || c == kQueenOfSpades) return true;
        break;
    }
  }
  return false;
}

void Position::finish_trick() {
  const PlayRecord* trick = &history_[num_plays_ - trick_len_];
  const Suit led = trick[0].card.suit();
  int best = 0;
  for (int i = 1; i < trick_len_; ++i) {
    const Card c = trick[i].card;
    if (c.suit() == led &&
        rules_->rank_strength[c.face()] > rules_->rank_strength[trick[best].card.face()])
      best = i;
  }
  const int winner = trick[best].seat;
  if (!hearts_broken_ && trick_breaks_hearts()) hearts_broken_ = true;
  won_[winner] |= trick_set_;
  ++tricks_won_[winner];
  ++tricks_done_;
  trick_set_ = 0;
  trick_len_ = 0;
  leader_ = turn_ = static_cast<std::uint8_t>(winner);
  if (hands_[winner] == 0) phase_ = Phase::kOver;
}

void Position::undo() {
  if (trick_len_ == 0) {
    // The last play completed a trick: reopen it.
    const PlayRecord* trick = &history_[num_plays_ - n_];
    const int winner = turn_;
    CardSet cards = 0;
    for (int i = 0; i < n_; ++i) cards |= trick[i].card.bit();
    won_[winner] &= ~cards;
    --tricks_won_[winner];
    --tricks_done_;
    trick_set_ = cards;
    trick_len_ = n_;
    leader_ = trick[0].seat;
    phase_ = Phase::kPlaying;
  }
  const PlayRecord& rec = history_[--num_plays_];
  hands_[rec.seat] |= rec.card.bit();
  trick_set_ &= ~rec.card.bit();
  played_ &= ~rec.card.bit();
  voids_[rec.seat] = rec.prev_voids;
  hearts_broken_ = rec.prev_broken;
  --trick_len_;
  turn_ = rec.seat;
}

int Position::moon_shooter() const {
  if (rules_->moon == MoonRule::kNone || rules_->moon_cards == 0) return -1;
  for (int s = 0; s < n_; ++s)
    if ((won_[s] & rules_->moon_cards) == rules_->moon_cards) return s;
  return -1;
}

void Position::hand_scores(std::int32_t* out) const {
  for (int s = 0; s < n_; ++s) out[s] = points_taken(s);
  if (phase_ != Phase::kOver) return;
  const int shooter = moon_shooter();
  if (shooter < 0) return;
  switch (rules_->moon) {
    case MoonRule::kOthersPlus:
      for (int s = 0; s < n_; ++s) out[s] = s == shooter ? 0 : rules_->moon_value;
      break;
    case MoonRule::kSelfMinus: out[shooter] = -rules_->moon_value; break;
    case MoonRule::kNone: break;
  }
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

std::string pass_error(const Position& pos, int seat, CardSet cards) {
  if (pos.phase() != Phase::kPassing) return "there is no pass to make now";
  if (seat < 0 || seat >= pos.players()) return "no seat " + std::to_string(seat);
  if (pos.pass_is_set(seat)) return "seat " + std::to_string(seat) + " has passed already";
  if (cards & ~pos.hand(seat))
    return "seat " + std::to_string(seat) + " does not hold " +
           card_str(lowest(cards & ~pos.hand(seat)));
  const int want = pos.pass_plan().total();
  if (count(cards) != want)
    return "a pass is " + std::to_string(want) + " cards, not " + std::to_string(count(cards));
  return "";
}

}  // namespace copas
