// The into-hand kitty (docs/RULES.md §4, kitty_use `into-hand`): the taker adds the
// kitty to his hand, then puts as many cards of his choice from it into the trick
// he just won, where they score. The discards are face down (AMBIGUITY, our
// reading: the text says "into the trick", and tricks are kept face down) and may
// be any cards, point cards included (the text allows any card).
//
// The discard step is a run of play() calls by the taker, one card each, in
// ascending card order: a set of k discards is then exactly one line of play, so
// the search, perft and random playouts need no move type besides Card.
#include "position.h"

namespace copas {

CardSet Position::discard_choices() const {
  CardSet choices = hands_[turn_];
  // Above the last discard (ascending order), and short of the top cards that
  // the later discards still need.
  if (discards_) choices &= ~((highest(discards_).bit() << 1) - 1);
  for (int i = 1; i < discards_left_ && choices; ++i) choices &= ~highest(choices).bit();
  return choices;
}

void Position::take_into_hand(int seat) {
  hands_[seat] |= kitty_;
  voids_at_take_ = voids_[seat];
  voids_[seat] = 0;  // the kitty may bring back a suit it had shown void
  discards_left_ = rules_->kitty_size;  // not count(kitty_): a view's replay lays a wider one
  take_plays_ = num_plays_;
}

void Position::untake_from_hand(int seat) {
  hands_[seat] &= ~kitty_;
  voids_[seat] = voids_at_take_;
  discards_left_ = 0;
}

void Position::discard_card(Card c) {
  const CardSet bit = c.bit();
  hands_[turn_] &= ~bit;
  won_[turn_] |= bit;
  discards_ |= bit;
  if (--discards_left_ != 0) return;
  // The step is over: the taker leads the next trick, if there is one.
  if (hands_[turn_] == 0) {
    // No moon choice can be due here (shooter-choice): the kitty was taken with the last
    // trick, by its winner (trick 1 otherwise) or its first point taker (then every
    // moon card lay in that trick and the kitty).
    phase_ = Phase::kOver;
  } else {
    check_stuck();
  }
}

void Position::undo_discard() {
  const Card c = highest(discards_);  // ascending order: the last one made
  hands_[kitty_seat_] |= c.bit();
  won_[kitty_seat_] &= ~c.bit();
  discards_ &= ~c.bit();
  ++discards_left_;
}

std::string Position::discard_error(CardSet cards) const {
  if (!discards_left_) return "there is no discard to make now";
  if (discards_) return "the discard is under way: " + cardset_str(discards_) + " made";
  if (cards & ~hands_[turn_])
    return "seat " + std::to_string(turn_) + " does not hold " + card_str(lowest(cards & ~hands_[turn_]));
  if (count(cards) != discards_left_)
    return "a discard is " + std::to_string(discards_left_) + " card" + (discards_left_ == 1 ? "" : "s") +
           ", not " + std::to_string(count(cards));
  return "";
}

void Position::set_discards(CardSet cards) {
  if (kitty_seat_ < 0) return;
  won_[kitty_seat_] = (won_[kitty_seat_] & ~discards_) | cards;
  discards_ = cards;
}

void Position::set_unheld(CardSet cards) {
  if (rules_->kitty_use == KittyUse::kIntoHand && kitty_seat_ >= 0) {
    set_discards(cards);
  } else {
    set_kitty(cards);
  }
}

}  // namespace copas
