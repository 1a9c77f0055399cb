// Two copies of every card in a hand (RuleSet::copies = 2; two-deck, docs/RULES.md
// §13): the Position's second layer (twin_cards.h). Off the standard game's path:
// play() and undo() stay as they are and leave the second copies alone; a trick's
// end (finish_trick, behind kRareTrickEnd) settles them, and undo() of a whole trick
// (undo_trick_extras) takes that back.
#include <algorithm>

#include "deal.h"
#include "position.h"

namespace copas {

void Position::deal_twins(const CardSet* hands, const CardSet* twins) {
  deal(hands);
  CopyCounter dealt;
  for (int s = 0; s < n_; ++s) {
    twins_[s] = twins[s];
    dealt.add(TwinSet{hands[s], twins[s]});
  }
  const TwinSet rest = dealt.rest_of(rules_->deck, rules_->single_copies);  // the two decks less the hands
  if (rules_->stock_draw != StockDraw::kNone) return deal_twin_stock(rest);  // uno-hearts: a stock, not a kitty
  kitty_ = rest.once;
  kitty_twins_ = rest.twice;
}

TwinSet Position::trick_multiset() const {
  TwinSet cards;
  for (int i = num_plays_ - trick_len_; i < num_plays_; ++i) cards.add(history_[i].card.bit());
  return cards;
}

TwinSet Position::played_cards() const {
  TwinSet cards;
  for (int i = 0; i < num_plays_; ++i) cards.add(history_[i].card.bit());
  return cards;
}

TwinSet Position::held(int seat) const {
  TwinSet h{hands_[seat], twins_[seat]};
  // A copy played to the trick in progress by a seat that held two: play() took the
  // value out of hands_ and the second copy waits in twins_ until the trick's end.
  for (int i = num_plays_ - trick_len_; i < num_plays_; ++i) {
    const PlayRecord& r = history_[i];
    if (r.seat == seat && (h.twice & r.card.bit())) {
      h.once |= r.card.bit();
      h.twice &= ~r.card.bit();
    }
  }
  return h;
}

void Position::set_held(int seat, TwinSet cards) {
  // Back to the trick's own form: a value played to the trick in progress that the
  // seat still holds was one of its two copies (the second waits in twins_).
  for (int i = num_plays_ - trick_len_; i < num_plays_; ++i) {
    const PlayRecord& r = history_[i];
    if (r.seat == seat && (cards.once & r.card.bit())) {
      cards.once &= ~r.card.bit();
      cards.twice |= r.card.bit();
    }
  }
  hands_[seat] = cards.once;
  twins_[seat] = cards.twice;
}

void Position::set_twin_kitty(TwinSet cards) {
  if (kitty_seat_ >= 0) {
    TwinSet won = won_cards(kitty_seat_);
    won.remove(kitty_cards());
    won.add(cards);
    won_[kitty_seat_] = won.once;
    won_twins_[kitty_seat_] = won.twice;
  }
  kitty_ = cards.once;
  kitty_twins_ = cards.twice;
}

bool Position::settle_twin_trick() {
  const PlayRecord* trick = &history_[num_plays_ - trick_len_];
  for (int i = 0; i < trick_len_; ++i) {
    // The player's other copy stays in hand.
    const CardSet bit = trick[i].card.bit();
    if (twins_[trick[i].seat] & bit) {
      twins_[trick[i].seat] &= ~bit;
      hands_[trick[i].seat] |= bit;
    }
  }
  // An undo inside the trick may have cleared a bit that the other copy still holds.
  const TwinSet cards = trick_multiset();
  trick_set_ = cards.once;
  played_ = played_cards().once;
  if (trick_carried(tricks_done_)) {
    carry_trick();  // cancellation: no winner (cancel_trick.cpp)
    return false;
  }
  const int winner = trick[strongest_place(trick, trick_len_, led_suit())].seat;
  TwinSet won = won_cards(winner);
  won.add(cards);
  won.add(pending_cards());  // cancellation (CA-2): the tricks carried so far
  if (takes_kitty()) won.add(kitty_cards());  // finish_trick then marks it taken
  won_[winner] = won.once;
  won_twins_[winner] = won.twice;
  return true;
}

void Position::undo_twin_trick(int winner, const PlayRecord* trick, int len) {
  if (rules_->identical_card_wins == IdenticalCardWins::kCancel) {
    undo_cancel_trick(winner);  // cancel_trick.cpp: a carried trick had no winner
  } else {
    // undo() cleared the trick's values from the winner's first layer: every one was in it.
    TwinSet cards;
    for (int i = 0; i < len; ++i) cards.add(trick[i].card.bit());
    TwinSet won{won_[winner] | cards.once, won_twins_[winner]};
    won.remove(cards);
    if (kitty_seat_ >= 0 && kitty_trick_ == tricks_done_) {
      won.remove(kitty_cards());
      kitty_seat_ = -1;
    }
    won_[winner] = won.once;
    won_twins_[winner] = won.twice;
  }
  // Back to the trick's own form: a seat that still holds the value held both copies.
  for (int i = 0; i < len; ++i) {
    const CardSet bit = trick[i].card.bit();
    if (hands_[trick[i].seat] & bit) {
      hands_[trick[i].seat] &= ~bit;
      twins_[trick[i].seat] |= bit;
    }
  }
}

void Position::twin_hand_scores(MoonRule moon, std::int32_t* out) const {
  const RuleSet& r = *rules_;
  const HandTally t = tally();
  // A46b: the moon is both copies of every moon card; a seat holding each once is not it.
  const int shooter = twin_moon_shooter(moon, t);
  // Note: the others' points beyond the moon (seat_hand_score) read the first layer; no
  // two-copy variant has a card that scores outside the moon.
  for (int s = 0; s < n_; ++s) out[s] = seat_hand_score(r, moon, t, shooter, s, points_of(*view_, won_cards(s)));
}

int Position::twin_moon_shooter(MoonRule moon, const HandTally& t) const {
  const RuleSet& r = *rules_;
  if (r.moon_scope == MoonScope::kInPlay) [[unlikely]] return in_play_moon_shooter(moon, t);
  // A46b: every copy of every moon card; a seat holding one of two copies is not it.
  const int shooter = copas::moon_shooter(r, moon, t);
  return shooter >= 0 && (won_twins_[shooter] & r.moon_cards & ~r.single_copies) != (r.moon_cards & ~r.single_copies)
             ? -1
             : shooter;
}

std::string check_twin_deal(const RuleSet& rules, const CardSet* hands, const CardSet* twins) {
  CopyCounter dealt;
  for (int s = 0; s < rules.players; ++s) {
    const std::string seat = "seat " + std::to_string(s);
    if (hands[s] & ~rules.deck) return seat + " holds " + cardset_str(hands[s] & ~rules.deck) + ", not in this variant's deck";
    if (twins[s] & ~hands[s])
      return seat + "'s second copies " + cardset_str(twins[s] & ~hands[s]) + " are not among its cards";
    const TwinSet hand{hands[s], twins[s]};
    dealt.add(hand);
    if (dealt.over) return "card " + card_str(lowest(dealt.over)) + " is dealt more than twice (two decks hold two)";
    if (dealt.twice & rules.single_copies)
      return "card " + card_str(lowest(dealt.twice & rules.single_copies)) + " is dealt twice (this deck holds one)";
    if (hand.size() != rules.hand_size)
      return seat + " holds " + std::to_string(hand.size()) + " cards, not " + std::to_string(rules.hand_size);
  }
  return "";
}

void deal_random_twins(const RuleSet& rules, Rng& rng, CardSet* hands, CardSet* twins) {
  Card deck[2 * kNumSuits * kNumFaces];
  int size = 0;
  for (CardSet d = rules.deck; d;) {
    const Card c = pop_lowest(d);
    deck[size++] = c;
    if (!contains(rules.single_copies, c)) deck[size++] = c;
  }
  const int dealt = rules.players * rules.hand_size;
  for (int i = 0; i < dealt; ++i) std::swap(deck[i], deck[i + static_cast<int>(rng.below(static_cast<std::uint32_t>(size - i)))]);
  for (int s = 0; s < rules.players; ++s) {
    TwinSet hand;
    for (int i = 0; i < rules.hand_size; ++i) hand.add(deck[s * rules.hand_size + i].bit());
    hands[s] = hand.once;
    twins[s] = hand.twice;
  }
}

}  // namespace copas
