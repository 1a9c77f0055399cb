// domino's one-seat view (docs/RULES.md §17; docs/PROTOCOL.md "The stock and the
// discards (domino)") and a world built from it.
//
// The view: the seat's hand at the deal, the cards it drew in order (`drawn`), every card
// played, the number of cards each other seat drew before its card (move_draws) and the
// other seats' discards face down (move_face_down). The moves are replayed by the core on
// a skeleton: each other seat holds a padding card outside the deck (never of the led
// suit) while it has cards, plus the card it is about to play; before each move the
// stock is arranged so that the core's own draws for the next seat are the view's: k - 1
// padding cards then its card for `t:+k t:<card>`, padding for a draw that empties the
// stock, the seat's next drawn cards for its own turn. So the turns, the trick ends (A50d,
// A50f), the next leaders (DO-3), the stock's size, the discards and each seat's shown
// voids are the core's. The world is then the skeleton with the unseen cards dealt by the
// WorldSampler from the same knowledge knowledge_of() reads from a full position (each
// hand's size, the shown voids, the stock's size, the seat's own discard as the stock),
// so a view's world and the search's worlds share one distribution.
#include "view.h"

#include <algorithm>

#include "domino_discard.h"
#include "knowledge.h"
#include "sampler.h"

namespace copas {

namespace {

// Padding outside every deck (faces 13-15 are in no suit's lane, so never led): face 15
// of a suit for the draws and discards the view does not name; kHolding, what keeps
// another seat's skeleton hand from looking empty while it holds cards.
Card padding(int suit) { return Card(static_cast<Suit>(suit), 15); }
constexpr Card kHolding{kClubs, 14};

std::string seat_name(int s) { return "seat " + std::to_string(s); }

// Move i as written, its seat `seat` (-1: not written).
std::string move_name(const SeatView& v, int i, int seat) {
  const std::string prefix = seat >= 0 ? "move " + std::to_string(seat) + ":" : std::string("move ");
  return prefix + (v.move_face_down[i] ? std::string("?") : card_str(v.move_card[i]));
}

std::string draw_name(const SeatView& v, int i, int seat) {
  return "move " + std::to_string(seat) + ":+" + std::to_string(v.move_draws[i]);
}

// The replay's state beside the skeleton: each seat's true card count, the seat's own
// draws made so far.
struct Replay {
  int count[kMaxPlayers] = {};
  int own_next = 0;
};

// Arranges the stock for the draws the core makes when the turn comes to `next` after
// move i (by `mover`), and checks the view's count of them. A face-down discard (move i
// another seat's) is the card the next seat draws: `c` becomes it when the view tells.
// Returns why the view cannot be ("" when it can).
std::string arrange_draws(const SeatView& v, int i, int mover, int next, Suit led, bool discard, Card& c,
                          const Replay& r, Position& pos) {
  const int left = discard ? 1 : pos.stock_left();
  // The top card when it is the seat's own discard (known to it): just made, or lying.
  const bool own_top = discard ? mover == v.seat : pos.stock_discarder() == v.seat;
  const Card top = discard ? c : own_top ? pos.stock_card(0) : Card();
  Card order[kMaxStock];
  std::fill(order, order + kMaxStock, padding((led + 1) % kNumSuits));
  if (own_top) order[0] = top;
  const int j = i + 1;
  if (next == v.seat) {
    if (j < v.num_moves && v.move_draws[j])
      return draw_name(v, j, next) + ": " + seat_name(v.seat) + "'s own draws are given by name: drawn " +
             std::to_string(v.seat) + " <cards>";
    for (int d = own_top ? 1 : 0; d < left && r.own_next + d < v.num_drawn; ++d) order[d] = v.drawn[r.own_next + d];
    // Another seat's face-down discard: a void seat draws it, and sees it.
    if (discard && !own_top && !(pos.hand(v.seat) & suit_mask(led))) c = order[0];
    pos.set_stock(order, left);
    return "";
  }
  if (j >= v.num_moves)
    return seat_name(next) + " is to follow: a domino view ends at the seat's own turn, a lead or the hand's end "
                             "(another seat's draws are seen with its card)";
  if (v.move_seat[j] >= 0 && v.move_seat[j] != next)
    return move_name(v, j, v.move_seat[j]) + ": it is " + seat_name(next) + "'s turn";
  const int k = v.move_draws[j];
  if (k > left)
    return draw_name(v, j, next) + ": " + seat_name(next) + " draws " + std::to_string(k) +
           " cards, but the stock holds " + std::to_string(left);
  if (v.move_face_down[j]) {
    // Void with the stock empty, or emptied by its draws: it discards.
    if (k < left)
      return move_name(v, j, next) + ": the stock holds " + std::to_string(left - k) + " more cards: " +
             seat_name(next) + " draws until it can follow (write " + std::to_string(next) + ":+" +
             std::to_string(left) + ")";
    if (own_top && top.suit() == led)
      return move_name(v, j, next) + ": " + seat_name(next) + " drew " + card_str(top) + " (seat " +
             std::to_string(v.seat) + "'s discard) and must play it";
    pos.set_stock(order, left);
    return "";
  }
  const Card played = v.move_card[j];
  if (played.suit() != led)  // every card of a trick follows the led suit
    return move_name(v, j, next) + ": " +
           (left > k ? seat_name(next) + " cannot follow, so it draws first"
                     : seat_name(next) + "'s discard is face down: write " + std::to_string(next) + ":?");
  if (k == 0) {
    pos.set_hand(next, pos.hand(next) | played.bit());  // it holds the card it plays: no draw
    pos.set_stock(order, left);
    return "";
  }
  if (own_top && played != top)
    return move_name(v, j, next) + ": " + seat_name(next) + " drew " + card_str(top) + " (seat " +
           std::to_string(v.seat) + "'s discard), not " + card_str(played);
  if (discard && !own_top) c = played;  // the face-down discard was the card the next seat drew and played
  order[k - 1] = played;
  pos.set_stock(order, left);
  return "";
}

}  // namespace

std::string domino_world_from_view(const RuleSet& rules, const SeatView& v, Rng& rng, Position& out) {
  const int n = rules.players;
  if (v.passed || v.received) return "there is no pass in domino";
  if (v.num_decisions || v.num_bids) return "domino has no decisions";
  const int dealt_stock = count(rules.deck) - n * rules.hand_size;
  // A card may be drawn twice (a discard drawn back): each draw is checked when it is made.
  for (int d = 0; d < v.num_drawn; ++d)
    if (!contains(rules.deck, v.drawn[d])) return seat_name(v.seat) + " cannot have drawn " + card_str(v.drawn[d]);
  Replay r;
  CardSet hands[kMaxPlayers] = {};
  for (int s = 0; s < n; ++s) {
    hands[s] = s == v.seat ? v.dealt : kHolding.bit();
    r.count[s] = rules.hand_size;
  }
  Position replay(&rules, v.dealer, v.hand_no);
  replay.deal(hands);
  Card fill[kMaxStock];
  std::fill(fill, fill + kMaxStock, padding(0));
  replay.set_stock(fill, dealt_stock);
  CardSet played = 0;
  for (int i = 0; i < v.num_moves; ++i) {
    if (replay.phase() != Phase::kPlaying) return move_name(v, i, v.move_seat[i]) + ": the hand is over";
    const int seat = replay.turn();
    const bool lead = replay.trick_length() == 0;
    const Suit led = lead ? v.move_card[i].suit() : replay.led_suit();
    const std::string name = move_name(v, i, seat);
    if (v.move_seat[i] >= 0 && v.move_seat[i] != seat) return name + ": it is " + seat_name(seat) + "'s turn";
    if (lead && v.move_face_down[i]) return name + ": " + seat_name(seat) + " leads a card, face up";
    if (lead && v.move_draws[i]) return draw_name(v, i, seat) + ": a seat draws only to follow, not to lead";
    Card c = v.move_card[i];
    if (v.move_face_down[i]) {
      if (seat == v.seat) return name + ": " + seat_name(v.seat) + "'s own discard is written with its card";
      c = padding((led + 1) % kNumSuits);
      replay.set_hand(seat, replay.hand(seat) | c.bit());
    } else {
      if (!contains(rules.deck, c)) return name + ": not in this variant's deck";
      if (contains(played, c)) return name + ": " + card_str(c) + " was played already";
      if (seat == v.seat) {
        if (std::string why = replay.illegal_reason(c); !why.empty()) return name + ": " + why;
      } else {
        if (contains(replay.hand(v.seat), c)) return name + ": " + seat_name(v.seat) + " holds " + card_str(c);
        for (int d = r.own_next; d < v.num_drawn; ++d)
          if (v.drawn[d] == c) return name + ": " + seat_name(v.seat) + " draws " + card_str(c) + " later";
        if (!lead && c.suit() != led)
          return name + ": " + (replay.stock_left() ? seat_name(seat) + " cannot follow, so it draws first"
                                                    : seat_name(seat) + "'s discard is face down: write " +
                                                          std::to_string(seat) + ":?");
        replay.set_hand(seat, replay.hand(seat) | c.bit());
      }
    }
    const bool discard = !lead && c.suit() != led;
    if (!discard) played |= c.bit();
    // Another seat whose last card this is leaves the skeleton's hand empty: it is out.
    if (seat != v.seat && r.count[seat] == 1) replay.set_hand(seat, c.bit());
    --r.count[seat];
    // The next seat to act is public (the trick's length, the passes, who holds cards):
    // found on a copy, then the stock arranged so that the core's draws for it are the view's.
    Position probe = replay;
    probe.play(c);
    const bool follows = probe.phase() == Phase::kPlaying && probe.trick_length() > 0;
    const int base = discard ? dealt_stock : replay.draws_made();
    if (follows) {
      const Card before = c;
      if (std::string e = arrange_draws(v, i, seat, probe.turn(), led, discard, c, r, replay); !e.empty()) return e;
      if (c != before) replay.set_hand(seat, (replay.hand(seat) & ~before.bit()) | c.bit());
    }
    const CardSet seen = replay.hand(v.seat) | replay.played();  // what the seat cannot draw now
    replay.play(c);
    if (!follows) continue;
    const int next = replay.turn();
    const int drew = replay.draws_made() - base;
    if (next != v.seat) {
      r.count[next] += drew;
      // What it drew stays unseen in the skeleton (the seat's own discard, drawn, is a
      // real card): only the card it is about to play is real there.
      const CardSet keep = i + 1 < v.num_moves && !v.move_face_down[i + 1] ? v.move_card[i + 1].bit() : 0;
      replay.set_hand(next, (replay.hand(next) & ~rules.deck) | (replay.hand(next) & keep));
      continue;
    }
    for (int d = 0; d < drew; ++d, ++r.own_next) {
      const Card got = replay.dealt_stock_card(base + d);
      if (r.own_next == v.num_drawn)
        return name + ": " + seat_name(v.seat) + " draws after this move: give the cards it drew (drawn " +
               std::to_string(v.seat) + " <cards>)";
      if (got != v.drawn[r.own_next])
        return name + ": " + seat_name(v.seat) + " draws " + card_str(got) + " (its own discard) next, not " +
               card_str(v.drawn[r.own_next]);
      if (contains(seen, got))
        return name + ": " + seat_name(v.seat) + " cannot draw " + card_str(got) + " now (it holds it, or it was played)";
    }
  }
  if (r.own_next < v.num_drawn && v.drawn_complete)
    return seat_name(v.seat) + " has drawn " + std::to_string(r.own_next) + " cards so far, not " +
           std::to_string(v.num_drawn);
  for (int s = 0; s < n; ++s)
    if (replay.won(s) & ~rules.deck)
      return "the hand is over and " + seat_name(s) +
             "'s last cards are face down: a finished hand is given with all its hands";

  // What the seat knows now (as knowledge_of reads a full position), then a uniform world.
  Knowledge k;
  k.players = n;
  k.me = v.seat;
  k.deck = rules.deck;
  k.own_hand = replay.hand(v.seat);
  k.played = played;
  k.undealt = replay.stock_left();
  for (int s = 0; s < n; ++s) {
    k.hand_count[s] = static_cast<std::uint8_t>(s == v.seat ? count(k.own_hand) : r.count[s]);
    if (s == v.seat) continue;
    for (int suit = 0; suit < kNumSuits; ++suit)
      if ((replay.shown_voids(s) >> suit) & 1) k.absent[s] |= suit_mask(suit) & rules.deck;
  }
  if (replay.stock_discarder() == v.seat) {
    k.played |= replay.stock_cards();  // its own face-down discard: known to it alone
    k.undealt = 0;
  }
  bound_domino_discard(k, replay.stock_discarder());
  add_domino_history(replay, k);  // the skeleton's draws and discards are the view's
  if (std::string e = knowledge_error(k); !e.empty()) return "impossible position: " + e;
  const WorldSampler sampler(k);
  out = replay;
  if (!sampler.sample(rng, out)) return "no deal of the unseen cards fits the moves: " + sampler.problem();
  return "";
}

}  // namespace copas
