// cancellation (docs/RULES.md §14, A47; CA-1..CA-4 in §25.7): two copies of every
// card (twin_play.cpp) where two identical cards in a trick cancel
// (RuleSet::identical_card_wins = cancel). The winner is the strongest card played
// once of the deciding suit: the trick's led suit, or while carried tricks are
// pending the suit that led the first of them (the seed, L301: "a maior carta desta
// segunda vaza, que seja do mesmo naipe da que iniciou a rodada inicial e não estiver
// duplicada"). A trick without one is carried: nobody takes it, its leader leads
// again, and the next trick with a winner takes it too. The hand's last trick always
// has a taker, its leader when it cancels (CA-3). Nothing is stored for this: which
// tricks were carried is read back from the history (n cards a trick: two copies
// allow no second round nor discards, so trick t starts at play t * n), so the
// Position's copy does not grow.
#include "position.h"

namespace copas {

int Position::cancel_place(const PlayRecord* trick, int len, Suit led) const {
  TwinSet cards;
  for (int i = 0; i < len; ++i) cards.add(trick[i].card.bit());
  // CA-1: only a value played once stands; A47: no led-suit one, no winner (CA-4).
  const CardSet alone = cards.once & ~cards.twice & suit_mask(led);
  int best = -1;
  for (int i = 0; i < len; ++i) {
    const Card c = trick[i].card;
    if ((alone & c.bit()) &&
        (best < 0 || rules_->rank_strength[c.face()] > rules_->rank_strength[trick[best].card.face()]))
      best = i;
  }
  return best;
}

int Position::pending_from(int t) const {
  // Forward from the hand's first trick: a trick with a winner (or the last) empties the pile.
  int first = 0;
  for (int u = 0; u < t; ++u)
    if (u + 1 >= rules_->hand_size || cancel_place(&history_[u * n_], n_, history_[first * n_].card.suit()) >= 0)
      first = u + 1;
  return first;
}

Suit Position::cancel_suit(const PlayRecord* trick) const {
  return history_[pending_from(static_cast<int>(trick - history_) / n_) * n_].card.suit();
}

bool Position::trick_carried(int t) const {
  // CA-3: the hand's last trick (every seat plays one card a trick) is never carried.
  if (rules_->identical_card_wins != IdenticalCardWins::kCancel || t + 1 >= rules_->hand_size) return false;
  const PlayRecord* trick = &history_[t * n_];
  return cancel_place(trick, n_, cancel_suit(trick)) < 0;
}

TwinSet Position::pending_cards() const {
  TwinSet cards;
  if (rules_->identical_card_wins != IdenticalCardWins::kCancel) return cards;
  for (int i = pending_from(tricks_done_) * n_; i < tricks_done_ * n_; ++i) cards.add(history_[i].card.bit());
  return cards;
}

void Position::carry_trick() {
  // A47: the leader leads again; finish_trick stops before its winner's steps.
  ++tricks_done_;
  trick_set_ = 0;
  trick_len_ = 0;
  turn_ = leader_;
}

void Position::undo_cancel_trick(int winner) {
  // undo() took the reopened trick off the seat that leads next: a carried trick's leader,
  // who had not won it; and a pile that took carried tricks loses more than this trick's
  // cards. So: the count back, and every pile again from the tricks before this one.
  if (trick_carried(tricks_done_)) ++tricks_won_[winner];
  if (kitty_seat_ >= 0 && kitty_trick_ == tricks_done_) kitty_seat_ = -1;
  TwinSet won[kMaxPlayers];
  TwinSet pending;
  for (int t = 0; t < tricks_done_; ++t) {
    const PlayRecord* trick = &history_[trick_start(t)];
    for (int i = 0; i < n_; ++i) pending.add(trick[i].card.bit());
    if (trick_carried(t)) continue;
    won[trick[strongest_place(trick, n_, trick[0].card.suit())].seat].add(pending);  // the pile's suit: strongest_place
    pending = {};
  }
  if (kitty_seat_ >= 0) won[kitty_seat_].add(kitty_cards());
  for (int s = 0; s < n_; ++s) {
    won_[s] = won[s].once;
    won_twins_[s] = won[s].twice;
  }
}

}  // namespace copas
