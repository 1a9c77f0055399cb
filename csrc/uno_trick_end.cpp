// uno-hearts (docs/RULES.md §15, A48a-f): two decks less one Q♠, 8♣ and 8♦
// (RuleSet::single_copies), the rest after the deal a face-down stock. Off the
// standard game's path, behind the rare-rule flags: a pass of multisets (kRarePasses),
// and at a trick's end (finish_rare_trick, behind kRareTrickEnd) the pairs' draws
// from the stock into the winner's won pile (StockDraw::kPairs) and the hand swaps of
// the 8s (swap_left_cards, swap_right_cards); undo() of a whole trick takes both back
// (undo_trick_extras). The moon of the penalty cards in play (MoonScope::kInPlay).
#include <algorithm>

#include "position.h"

namespace copas {

void Position::set_twin_pass(int seat, TwinSet cards) {
  passed_[seat] = cards.once;
  passed_twins_[seat] = cards.twice;
  passes_set_ |= static_cast<std::uint16_t>(1u << seat);
  if (passes_set_ == (1u << n_) - 1) exchange_twin_passes();
}

void Position::exchange_twin_passes() {
  // Every pass is down: take them out first so nobody passes on a card received.
  TwinSet held[kMaxPlayers];
  for (int s = 0; s < n_; ++s) {
    held[s] = {hands_[s], twins_[s]};
    held[s].remove(passed_cards(s));
  }
  const int offset = pass_plan_.parts[0].offset;  // one part: check_rules refuses split passes with two copies
  for (int s = 0; s < n_; ++s) {
    const int to = ((s + offset) % n_ + n_) % n_;
    held[to].add(passed_cards(s));
    received_[to] = passed_[s];
  }
  for (int s = 0; s < n_; ++s) {
    hands_[s] = held[s].once;
    twins_[s] = held[s].twice;
  }
  start_play();
}

void Position::deal_twin_stock(TwinSet rest) {
  stock_size_ = 0;
  for (CardSet c = rest.once; c;) stock_[stock_size_++] = pop_lowest(c);
  for (CardSet c = rest.twice; c;) stock_[stock_size_++] = pop_lowest(c);
  shuffle_stock();
  stock_next_ = 0;
  kitty_ = kitty_twins_ = 0;
}

TwinSet Position::stock_multiset() const {
  TwinSet cards;
  for (int i = stock_next_; i < stock_size_; ++i) cards.add(stock_[i].bit());
  return cards;
}

int Position::pair_draws_wanted(const PlayRecord* trick) const {
  CopyCounter seen;
  for (int i = 0; i < n_; ++i) seen.add(trick[i].card.bit());
  // A48c: every pair of the trick draws, any suit, wherever its cards were played; all
  // go to the one winner, so their order changes nothing.
  int wanted = 0;
  for (CardSet pairs = seen.twice; pairs;) wanted += rules_->pair_draws[pop_lowest(pairs).index];
  return wanted;
}

int Position::pair_draws_before(int t) const {
  // Recounted from the tricks: a short stock gives what is left (A48c), and once empty
  // it gives nothing more (S000 L327).
  int drawn = 0;
  for (int u = 0; u < t && u < tricks_done_; ++u)
    drawn = std::min(drawn + pair_draws_wanted(&history_[trick_start(u)]), static_cast<int>(stock_size_));
  return drawn;
}

void Position::draw_pairs(int winner) {
  const int take = std::min(pair_draws_wanted(&history_[num_plays_ - n_]), stock_left());
  TwinSet won = won_cards(winner);
  for (int i = 0; i < take; ++i) won.add(stock_[stock_next_++].bit());
  won_[winner] = won.once;
  won_twins_[winner] = won.twice;
}

void Position::undo_pair_draws(int winner) {
  // tricks_done_ is the reopened trick's index.
  const int before = pair_draws_before(tricks_done_);
  TwinSet won = won_cards(winner);
  for (int i = before; i < stock_next_; ++i) won.remove(stock_[i].bit());
  won_[winner] = won.once;
  won_twins_[winner] = won.twice;
  stock_next_ = static_cast<std::uint8_t>(before);
}

namespace {

// The seats `winner` swaps hands with after `trick`, in play order (A48d): the left
// neighbour for a card of `left`, the right one for a card of `right`.
int swap_partners(const PlayRecord* trick, int n, int winner, CardSet left, CardSet right, int* with) {
  int k = 0;
  for (int i = 0; i < n; ++i) {
    const CardSet bit = trick[i].card.bit();
    if (bit & left) with[k++] = (winner + 1) % n;
    if (bit & right) with[k++] = (winner + n - 1) % n;
  }
  return k;
}

}  // namespace

void Position::swap_hands(int winner, const PlayRecord* trick, bool undo) {
  int with[kMaxPlayers];
  const int k = swap_partners(trick, n_, winner, rules_->swap_left_cards, rules_->swap_right_cards, with);
  for (int j = 0; j < k; ++j) {
    const int other = with[undo ? k - 1 - j : j];  // undone in the reverse order
    // The whole hand moves, and with it what its play showed (its voids); won piles stay.
    std::swap(hands_[winner], hands_[other]);
    std::swap(twins_[winner], twins_[other]);
    std::swap(voids_[winner], voids_[other]);
  }
}

int Position::swaps_after_trick(int t, int* with) const {
  if (t < 0 || t >= tricks_done_) return 0;
  // Trick t's winner leads trick t + 1 (the one in progress, or done).
  const int winner = t + 1 == tricks_done_ ? leader_ : history_[trick_start(t + 1)].seat;
  return swap_partners(&history_[trick_start(t)], n_, winner, rules_->swap_left_cards, rules_->swap_right_cards, with);
}

int Position::in_play_moon_shooter(MoonRule moon, const HandTally& t) const {
  const RuleSet& r = *rules_;
  if (!t.over || moon == MoonRule::kNone || r.moon == MoonRule::kNone) return -1;
  // A48e: the penalty cards still in the stock are out of play; every other one is in
  // a won pile once the hand is played out, so the shooter is the one seat that took
  // penalty cards, if a heart is among them.
  int shooter = -1;
  for (int s = 0; s < n_; ++s) {
    if (!(won_[s] & r.moon_cards)) continue;
    if (shooter >= 0) return -1;
    shooter = s;
  }
  return shooter >= 0 && (won_[shooter] & kHeartsMask) ? shooter : -1;
}

std::string twin_pass_error(const Position& pos, int seat, TwinSet cards) {
  if (pos.phase() != Phase::kPassing) return "there is no pass to make now";
  if (seat < 0 || seat >= pos.players()) return "no seat " + std::to_string(seat);
  const std::string who = "seat " + std::to_string(seat);
  if (pos.pass_is_set(seat)) return who + " has passed already";
  if (cards.twice & ~cards.once) return "the second copies passed must be among the cards passed";
  const TwinSet held = pos.held(seat);
  if (cards.once & ~held.once) return who + " does not hold " + card_str(lowest(cards.once & ~held.once));
  if (cards.twice & ~held.twice) return who + " holds one " + card_str(lowest(cards.twice & ~held.twice)) + ", not two";
  const int want = pos.pass_plan().total();
  if (cards.size() != want) return "a pass is " + std::to_string(want) + " cards, not " + std::to_string(cards.size());
  return "";
}

std::string twin_stock_error(const Position& pos, const Card* order, int size) {
  TwinSet left = pos.stock_multiset();
  const int want = left.size();
  for (int i = 0; i < size; ++i) {
    const Card c = order[i];
    if (c.index >= 64 || !contains(pos.rules().deck, c)) return "card " + std::to_string(i + 1) + " is not in this variant's deck";
    if (!contains(left.once, c))
      return card_str(c) + " is in the stock more often than the deck less the hands and the drawn cards holds it";
    left.remove(c.bit());
  }
  if (!left.empty())
    return "the stock holds " + std::to_string(want) + " cards, not " + std::to_string(size) + " (missing " +
           card_str(lowest(left.once)) + ")";
  return "";
}

}  // namespace copas
