// domino's play (StockDraw::kUntilFollow; docs/RULES.md §17, A50a-g, DO-1..DO-5).
//
// Every card goes through finish_trick (trick_end_ stays trick_len_ + 1), which asks
// domino_trick_over() before it settles a trick. A card of another suit than the led
// one is a discard: the seat was void with the stock empty, so the card goes face
// down as the new stock (a single card: a discard is only made on an empty stock) and
// the turn passes. The stock is the two-player stock (stock_draw.cpp): its dealt cards
// top first, then the discard pile in the slot after them. undo() cannot take a domino
// move back (the discards are not kept): the bindings replay the hand (PositionBox),
// the search plays each world forward on a copy, and the solver refuses the variant.
#include "position.h"

namespace copas {

namespace {

// The seats holding cards, a bit each.
unsigned holders(const CardSet* hands, int n) {
  unsigned mask = 0;
  for (int s = 0; s < n; ++s) mask |= unsigned{hands[s] != 0} << s;
  return mask;
}

}  // namespace

void Position::domino_draw(int seat) {
  // DO-1: one card at a time until one of the led suit; the unplayable ones stay his.
  const CardSet led = suit_mask(led_suit());
  if (hands_[seat] & led) return;
  const int dealt = count(rules_->deck) - n_ * rules_->hand_size;
  const int from = stock_next_;
  while (!(hands_[seat] & led) && stock_next_ < stock_size_) {
    const CardSet bit = stock_[stock_next_++].bit();
    hands_[seat] |= bit;
    drawn_[seat] |= bit;
    voids_[seat] = 0;  // a drawn card may refill a suit it showed it lacked
  }
  // Its one led card, the last drawn, is its forced move: once played, it lacks the suit again.
  if (hands_[seat] & led) drew_to_follow_ = static_cast<std::int8_t>(seat);
  if (stock_next_ == from) return;
  const bool found = (hands_[seat] & led) != 0;
  const auto flags = static_cast<std::uint8_t>((found ? DominoEvent::kFound : 0) |
                                               (from == dealt ? DominoEvent::kFromDiscard : 0));
  // From the discard slot: one card, named (only its drawer and its maker know it).
  domino_log(seat, flags, static_cast<std::uint8_t>(from == dealt ? stock_[dealt].index : stock_next_ - from));
}

// The log lives in the history's slots past the deck's plays (a domino hand plays each
// card once at most), from the last slot down, so the standard game's Position does not
// grow: a slot's card is the event's value, prev_voids its at_play, prev_revoked its
// flags with the led suit in bits 4-5.
void Position::domino_log(int seat, std::uint8_t flags, std::uint8_t value) {
  if (domino_events_ == kDominoLogLost) return;
  if (domino_events_ == kMaxPlays - count(rules_->deck)) {
    domino_events_ = kDominoLogLost;
    return;
  }
  history_[kMaxPlays - 1 - domino_events_++] =
      PlayRecord{Card(value), static_cast<std::uint8_t>(seat), num_plays_, false, static_cast<std::uint8_t>(flags | led_ << 4)};
}

DominoEvent Position::domino_event(int i) const {
  const PlayRecord& slot = history_[kMaxPlays - 1 - i];
  return DominoEvent{slot.prev_voids, slot.seat, static_cast<std::uint8_t>(slot.prev_revoked & 15),
                     static_cast<std::uint8_t>(slot.prev_revoked >> 4), slot.card.index};
}

bool Position::domino_trick_over() {
  const PlayRecord& rec = history_[num_plays_ - 1];
  const CardSet bit = rec.card.bit();
  if (rec.card.suit() != led_suit()) {
    // The discard: off the trick and out of the history (which holds the tricks' cards
    // only: a hand's passes have no bound), onto the empty stock, in the slot after
    // the dealt cards. Its shown void stays.
    trick_set_ &= ~bit;
    played_ &= ~bit;
    --num_plays_;
    --trick_len_;
    const int dealt = count(rules_->deck) - n_ * rules_->hand_size;
    stock_[dealt] = rec.card;
    stock_next_ = static_cast<std::uint8_t>(dealt);
    stock_size_ = static_cast<std::uint8_t>(dealt + 1);
    trick_passes_ |= static_cast<std::uint16_t>(1u << rec.seat);
    stock_discarder_ = static_cast<std::int8_t>(rec.seat);
    domino_log(rec.seat, DominoEvent::kDiscard, rec.card.index);
  } else {
    trick_passes_ = 0;
    if (rec.seat == drew_to_follow_) {
      voids_[rec.seat] = static_cast<std::uint8_t>(voids_[rec.seat] | 1u << rec.card.suit());
      drew_to_follow_ = -1;
    }
  }
  const unsigned held = holders(hands_, n_);
  // A50d: N stays the hand's seat count. A50f: a full round of passes ends the trick.
  // DO-4: one seat left with cards (or none) ends it too; domino_next_lead sweeps.
  if (trick_len_ == n_ || (trick_passes_ & held) == held || (held & (held - 1)) == 0) return true;
  int seat = next_seat(rec.seat);
  while (!hands_[seat]) seat = next_seat(seat);  // empty hands are out
  turn_ = static_cast<std::uint8_t>(seat);
  domino_draw(seat);
  trick_end_ = static_cast<std::uint8_t>(trick_len_ + 1);
  return false;
}

void Position::domino_next_lead(int winner) {
  trick_passes_ = 0;
  trick_end_ = 1;
  const unsigned held = holders(hands_, n_);
  if ((held & (held - 1)) == 0) {
    // DO-4: the last seat with cards adds them to its won cards (none left: nothing to add).
    if (held) {
      const int last = std::countr_zero(held);
      won_[last] |= hands_[last];
      hands_[last] = 0;
    }
    end_hand();
    return;
  }
  // DO-3: a winner whose hand is empty is out; the first seat to his left with cards leads.
  int seat = winner;
  while (!hands_[seat]) seat = next_seat(seat);
  leader_ = turn_ = static_cast<std::uint8_t>(seat);
}

}  // namespace copas
