// The stock drawn from inside a hand (RuleSet::stock_draw; two-player,
// docs/RULES.md §18): the deck less the hands lies face down in an order dealt
// with them, and after each trick every seat draws one card from its top, the
// trick's winner first, until it is empty. The draws are a forced step of the
// trick's end (Position::finish_rare_trick), so a line of play stays a list of
// cards; undo() takes them back with the trick.
#include <algorithm>

#include "position.h"

namespace copas {

void Position::deal_stock(CardSet dealt) {
  // deal() gives only the hands: the stock's order is shuffled from them, so a deal
  // always comes with the same stock; the true order (a record's, the protocol's, a
  // sampled world's) is then given by set_stock.
  stock_size_ = 0;
  for (CardSet rest = rules_->deck & ~dealt; rest;) stock_[stock_size_++] = pop_lowest(rest);
  shuffle_stock();
}

void Position::shuffle_stock() {
  std::uint64_t seed = 0;
  for (int s = 0; s < n_; ++s) seed = (seed ^ hands_[s]) * 0x9E3779B97F4A7C15u;  // Rng mixes it further
  Rng rng(seed);
  for (int i = stock_size_ - 1; i > 0; --i)
    std::swap(stock_[i], stock_[rng.below(static_cast<std::uint32_t>(i + 1))]);
  stock_next_ = 0;
}

void Position::set_stock(const Card* order, int count) {
  std::copy(order, order + count, stock_ + stock_next_);
  stock_size_ = static_cast<std::uint8_t>(stock_next_ + count);
}

CardSet Position::stock_cards() const {
  CardSet cards = 0;
  for (int i = stock_next_; i < stock_size_; ++i) cards |= stock_[i].bit();
  return cards;
}

void Position::draw_after_trick(int winner) {
  if (rules_->stock_draw == StockDraw::kPairs) return draw_pairs(winner);  // uno-hearts: uno_trick_end.cpp
  // kRefill: one card each, the winner first, while the stock lasts. A drawn card
  // may be of a suit the seat showed it lacked: its shown voids no longer hold.
  for (int i = 0, seat = winner; i < n_ && stock_next_ < stock_size_; ++i, seat = next_seat(seat)) {
    const CardSet bit = stock_[stock_next_++].bit();
    hands_[seat] |= bit;
    drawn_[seat] |= bit;
    voids_[seat] = 0;
  }
}

int Position::draws_after_trick(int t, Card* out) const {
  if (t < 0 || t >= tricks_done_) return 0;
  const int from = std::min(n_ * t, static_cast<int>(stock_next_));
  const int to = std::min(n_ * (t + 1), static_cast<int>(stock_next_));
  for (int i = from; i < to; ++i) out[i - from] = stock_[i];
  return to - from;
}

int Position::last_draw_trick(int seat) const {
  Card cards[kMaxPlayers];
  for (int t = tricks_done_ - 1; t >= 0; --t) {
    const int k = draws_after_trick(t, cards);
    if (k == 0) continue;
    // Trick t's winner drew first; it leads trick t + 1 (the one in progress, or done).
    const int winner = t + 1 == tricks_done_ ? leader_ : history_[trick_start(t + 1)].seat;
    if ((seat - winner + n_) % n_ < k) return t;
  }
  return -1;
}

void Position::undo_draws(int winner, const PlayRecord* trick, int len) {
  // tricks_done_ is the reopened trick's index; under kRefill every earlier trick drew
  // one card per seat while the stock lasted.
  const int before = std::min(n_ * tricks_done_, static_cast<int>(stock_size_));
  if (stock_next_ <= before) return;
  for (int i = before, seat = winner; i < stock_next_; ++i, seat = next_seat(seat)) {
    hands_[seat] &= ~stock_[i].bit();
    drawn_[seat] &= ~stock_[i].bit();
  }
  stock_next_ = static_cast<std::uint8_t>(before);
  // The voids each seat showed up to its card of this trick (the draw had cleared them).
  const int led = trick[0].card.suit();
  for (int i = 0; i < len; ++i)
    voids_[trick[i].seat] = static_cast<std::uint8_t>(trick[i].prev_voids | (unsigned{trick[i].card.suit() != led} << led));
}

std::string stock_error(const Position& pos, const Card* order, int size) {
  if (pos.two_copies()) return twin_stock_error(pos, order, size);
  const CardSet want = pos.stock_cards();
  CardSet seen = 0;
  for (int i = 0; i < size; ++i) {
    const Card c = order[i];
    if (c.index >= 64 || !contains(pos.rules().deck, c)) return "card " + std::to_string(i + 1) + " is not in this variant's deck";
    if (contains(seen, c)) return card_str(c) + " is in the stock twice";
    if (!contains(want, c)) return card_str(c) + " is not in the stock (it is dealt or drawn)";
    seen |= c.bit();
  }
  if (seen != want)
    return "the stock holds " + std::to_string(count(want)) + " cards, not " + std::to_string(size) + " (missing " +
           card_str(lowest(want & ~seen)) + ")";
  return "";
}

}  // namespace copas
