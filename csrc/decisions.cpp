// Decisions other than cards and passes (decision.h): the phase that holds them,
// their choices and effects, and their text.
//
// queens' pass plan (docs/RULES.md §11): once the cards are dealt, and before any
// pass, the dealer chooses the hand's plan (`plan`, one of kPlanChoices); it is
// public at once, and the seats then pass by it as a split pass does.
//
// turbo's charges (docs/RULES.md §8, A33): after the pass and before trick 1 each
// seat in turn from the dealer's left charges at most one of the rules'
// charge_cards it holds, or none. A33 has the charges made at once and revealed
// together; here each is a decision in seat order, and none is public until the
// last is down (charged() stays 0 until then; the search of a seat's charge
// ignores the charges made before it, search/decision_search.cpp). Charging
// takes nothing out of the hand: the card is played as any other, under A34's
// restriction (visit_rule_filters) and scored by seat_hand_score.
//
// gong-zhu+super-charge (docs/RULES.md §9, A40): a seat that charges a card then
// decides its face, `face=down` (a normal charge, hidden from the other seats until
// the card is played) or `face=up` (a super charge); both are revealed with the
// charges, the face-down card staying hidden (the views, search/knowledge.cpp).
// super_charged() holds the face-up cards; hand_score.h scores them.
//
// reverse-moon=shooter-choice (docs/RULES.md §2.3): once the cards are played, a
// seat that shot the moon decides its form, `moon=normal` or `moon=reverse`,
// before the hand is over. While it is due, hand_scores counts the form the hand
// alone favours (hand_moon_form), so a playout that ends there is scored as its
// shooter would take it with no step of its own.
//
// auction's bids and suit (docs/RULES.md §20): auction_position.cpp.
#include "auction.h"
#include "position.h"

namespace copas {

namespace {

// queens' plans (§11), in the order of the `plan` word's names (decision.h): each
// part's direction and count, split-pass's part syntax (A is across).
struct PlanChoice {
  PassDirection direction[3];
  std::uint8_t count[3];
};
constexpr PassDirection kL = PassDirection::kLeft, kR = PassDirection::kRight, kA = PassDirection::kAcross,
                        kNo = PassDirection::kNone;
constexpr PlanChoice kPlanChoices[] = {
    {{kNo, kNo, kNo}, {0, 0, 0}}, {{kL, kNo, kNo}, {3, 0, 0}}, {{kR, kNo, kNo}, {3, 0, 0}},
    {{kA, kNo, kNo}, {3, 0, 0}},  {{kL, kR, kNo}, {2, 1, 0}},  {{kL, kR, kNo}, {1, 2, 0}},
    {{kL, kA, kNo}, {2, 1, 0}},   {{kL, kA, kNo}, {1, 2, 0}},  {{kR, kA, kNo}, {2, 1, 0}},
    {{kR, kA, kNo}, {1, 2, 0}},   {{kL, kR, kA}, {1, 1, 1}},
};
constexpr int kNumPlans = sizeof(kPlanChoices) / sizeof(kPlanChoices[0]);

}  // namespace

PassPlan plan_choice(int value, int players) {
  PassPlan plan;
  for (int p = 0; p < 3; ++p) {
    plan.parts[p].offset = static_cast<std::int8_t>(pass_offset(kPlanChoices[value].direction[p], players));
    plan.parts[p].count = kPlanChoices[value].count[p];
  }
  return plan;
}

std::string decision_value_str(DecisionWord word, int value) {
  const DecisionWordInfo& info = decision_info(word);
  if (word == DecisionWord::kBid) return bid_str(value);
  if (info.card_valued) return value == kNoCardValue ? "none" : card_str(Card(static_cast<std::uint8_t>(value)));
  return info.names[value];
}

int parse_decision_value(DecisionWord word, const std::string& text) {
  const DecisionWordInfo& info = decision_info(word);
  if (word == DecisionWord::kBid) return parse_bid(text);
  if (info.card_valued) {
    if (text == "none") return kNoCardValue;
    Card c;
    return parse_card(text, c) ? c.index : -1;
  }
  for (int i = 0; i < 12 && info.names[i]; ++i)
    if (text == info.names[i]) return i;
  return -1;
}

bool parse_decision_word(const std::string& name, DecisionWord& word) {
  for (int i = 0; i < kNumDecisionWords; ++i) {
    if (name == kDecisionWords[i].name) {
      word = static_cast<DecisionWord>(i);
      return true;
    }
  }
  return false;
}

std::string parse_decision(const std::string& text, DecisionWord& word, int& value, bool hidden_ok) {
  const std::size_t eq = text.find('=');
  const std::string name = text.substr(0, eq);
  if (eq == std::string::npos || !parse_decision_word(name, word))
    return "'" + text + "' is not a decision (<word>=<value>, e.g. charge=QS)";
  const std::string rest = text.substr(eq + 1);
  if (hidden_ok && rest == "?") {
    value = -1;
    return "";
  }
  value = parse_decision_value(word, rest);
  if (value < 0) return "'" + rest + "' is not a value of " + name;
  return "";
}

std::string decision_str(DecisionWord word, int value) {
  return std::string(decision_info(word).name) + "=" + (value < 0 ? "?" : decision_value_str(word, value));
}

[[gnu::noinline]] void Position::offer_moon_choice() {
  if (!rules_->moon_shooter_choice) return;
  const int shooter = copas::moon_shooter(*rules_, rules_->moon, tally());
  if (shooter < 0) return;
  phase_ = Phase::kDeciding;
  due_word_ = DecisionWord::kMoon;
  turn_ = static_cast<std::uint8_t>(shooter);
  moon_form_ = hand_moon_form() == kMoonReverse ? MoonRule::kSelfMinus : rules_->moon;
}

int Position::hand_moon_form() const {
  std::int32_t normal[kMaxPlayers], reversed[kMaxPlayers];
  hand_scores_with_moon(rules_->moon, normal);
  hand_scores_with_moon(MoonRule::kSelfMinus, reversed);
  return favoured_moon_form(*rules_, normal, reversed, turn_);
}

void Position::begin_charges() {
  phase_ = Phase::kDeciding;
  due_word_ = DecisionWord::kCharge;
  turn_ = static_cast<std::uint8_t>(next_seat(dealer_));
}

DecisionChoices Position::decision_choices() const {
  if (phase_ != Phase::kDeciding) return 0;
  switch (due_word_) {
    case DecisionWord::kCharge:
      return (hands_[turn_] & rules_->charge_cards) | (DecisionChoices{1} << kNoCardValue);
    case DecisionWord::kPlan: return (DecisionChoices{1} << kNumPlans) - 1;
    case DecisionWord::kMoon:
      return (DecisionChoices{1} << kMoonNormal) | (DecisionChoices{1} << kMoonReverse);
    case DecisionWord::kFace: return (DecisionChoices{1} << kFaceDown) | (DecisionChoices{1} << kFaceUp);
    case DecisionWord::kBid: return auction().choices();
    case DecisionWord::kSuit: return (DecisionChoices{1} << kNumSuits) - 1;
  }
  return 0;
}

std::string Position::decision_error(int seat, DecisionWord word, int value) const {
  const std::string name = decision_info(word).name;
  if (phase_ != Phase::kDeciding || due_word_ != word) return "no " + name + " is due now";
  if (seat != turn_) return "seat " + std::to_string(turn_) + "'s " + name + " is due, not seat " + std::to_string(seat) + "'s";
  if (word == DecisionWord::kBid) return auction().error(seat, value);  // A53b's reasons
  if (value < 0 || value > 63 || !((decision_choices() >> value) & 1)) {
    if (word == DecisionWord::kCharge && value >= 0 && value != kNoCardValue)
      return contains(rules_->charge_cards, Card(static_cast<std::uint8_t>(value)))
                 ? "seat " + std::to_string(seat) + " does not hold " + decision_value_str(word, value)
                 : decision_value_str(word, value) + " is not a card that may be charged (" +
                       cardset_str(rules_->charge_cards) + ")";
    return "not a choice of this " + name;
  }
  return "";
}

void Position::begin_plan() {
  phase_ = Phase::kDeciding;
  due_word_ = DecisionWord::kPlan;
  turn_ = dealer_;
  pass_plan_ = PassPlan{};
}

void Position::decide(int value) {
  if (due_word_ == DecisionWord::kBid) {
    bid(value);  // auction: kept in the AuctionLog, not the decision log
    return;
  }
  decision_log_[decisions_made_++] =
      DecisionRecord{due_word_, turn_, static_cast<std::uint8_t>(value), num_plays_};
  switch (due_word_) {
    case DecisionWord::kPlan:
      // queens: the plan is public at once; the seats then pass by it (no pass: the play begins).
      pass_plan_ = plan_choice(value, n_);
      if (pass_plan_.total() == 0) {
        start_play();
      } else {
        phase_ = Phase::kPassing;
      }
      return;
    case DecisionWord::kCharge:
      // gong-zhu+super-charge: a card charged is followed by its face, from the same seat.
      if (rules_->super_charge && value != kNoCardValue) {
        due_word_ = DecisionWord::kFace;
        return;
      }
      next_charge();
      return;
    case DecisionWord::kFace:
      next_charge();
      return;
    case DecisionWord::kMoon:
      moon_form_ = value == kMoonReverse ? MoonRule::kSelfMinus : rules_->moon;
      phase_ = Phase::kOver;
      return;
    case DecisionWord::kSuit:
      name_suit(value);
      return;
    case DecisionWord::kBid: return;  // above
  }
}

void Position::next_charge() {
  due_word_ = DecisionWord::kCharge;
  turn_ = static_cast<std::uint8_t>(next_seat(turn_));
  if (turn_ != next_seat(dealer_)) return;  // the next seat's charge
  // Every charge is down: they are revealed together (A33) and the play begins.
  reveal_charges();
  charge_restricted_ = charged_;
  phase_ = Phase::kPlaying;
  turn_ = leader_;
  open_play();
}

void Position::reveal_charges() {
  charged_ = super_charged_ = 0;
  for (int i = 0; i < decisions_made_; ++i) {
    const DecisionRecord& d = decision_log_[i];
    if (d.word != DecisionWord::kCharge || d.value == kNoCardValue) continue;
    charged_ |= Card(d.value).bit();
    // +super-charge: the face follows its charge at once (decide).
    if (i + 1 < decisions_made_ && decision_log_[i + 1].word == DecisionWord::kFace &&
        decision_log_[i + 1].value == kFaceUp)
      super_charged_ |= Card(d.value).bit();
  }
}

void Position::set_face_down_charges(CardSet cards) {
  // Each face-down charge whose card is still held takes the card of `cards` its seat holds.
  for (int i = 0; i < decisions_made_; ++i) {
    DecisionRecord& d = decision_log_[i];
    if (d.word != DecisionWord::kCharge || d.value == kNoCardValue) continue;
    const CardSet card = Card(d.value).bit();
    if ((card & (super_charged_ | played_)) || !(cards & hands_[d.seat])) continue;
    d.value = lowest(cards & hands_[d.seat]).index;
  }
  reveal_charges();
  restrict_charges();
}

void Position::undo_decision() {
  if (auction_.bids && decisions_made_ == 0) {
    undo_bid();  // auction: the last move was a bid or a pass, the suit not yet named
    return;
  }
  const DecisionRecord rec = decision_log_[--decisions_made_];
  switch (rec.word) {
    case DecisionWord::kPlan:
      // Before any pass (last_move_is_decision): what start_play set for a plan of no pass goes too.
      begin_plan();
      end_ = HandEnd::kNone;
      hearts_broken_ = false;
      leader_ = 0;
      first_card_ = Card();
      return;
    case DecisionWord::kCharge:
    case DecisionWord::kFace:
      // The last charge (or face) reopens the phase (the play had not begun: no card was played since).
      phase_ = Phase::kDeciding;
      end_ = HandEnd::kNone;
      due_word_ = rec.word;
      charged_ = charge_restricted_ = super_charged_ = 0;
      turn_ = rec.seat;
      return;
    case DecisionWord::kMoon:
      phase_ = Phase::kOver;
      offer_moon_choice();  // due again, from the same shooter
      return;
    case DecisionWord::kSuit:
      unname_suit();
      return;
    case DecisionWord::kBid: return;  // never logged (above)
  }
}

void Position::restrict_charges() {
  // Trick t was led by history_[t * n_] (turbo has no into-hand discards in the history).
  CardSet restricted = charged_;
  for (int t = 0; t < tricks_done_; ++t) restricted &= ~suit_mask(history_[t * n_].card.suit());
  charge_restricted_ = restricted;
}

}  // namespace copas
