#include "kitty_view.h"

namespace copas {

void discard_cards(Position& pos, CardSet cards) {
  while (cards) pos.play(pop_lowest(cards));  // the core's ascending order
}

std::string settle_take(const SeatView& v, CardSet played, bool discard_now, Position& replay,
                        CardSet* absent, TakeView& take) {
  const int taker = replay.kitty_taker();
  const int k = replay.discards_left();
  take.taker = taker;
  if (taker == v.seat) {
    // The skeleton's kitty is every card nobody in the view holds: the seat's real one replaces it.
    const CardSet held = replay.hand(taker) & ~replay.kitty();
    if (count(v.kitty_seen) != k)
      return "seat " + std::to_string(taker) + " took the kitty: give its " + std::to_string(k) + " card" +
             (k == 1 ? "" : "s") + " (" + std::to_string(taker) + ":kitty=<cards>)";
    const CardSet elsewhere = held | replay.played() | ~replay.rules().deck;
    if (v.kitty_seen & elsewhere)
      return "kitty " + cardset_str(v.kitty_seen) + ": " + card_str(lowest(v.kitty_seen & elsewhere)) +
             " cannot be in the kitty";
    replay.set_kitty(v.kitty_seen);
    replay.set_hand(taker, held | v.kitty_seen);
    if (!discard_now) return "";
    if (count(v.discarded) != k || (v.discarded & ~replay.hand(taker)))
      return "seat " + std::to_string(taker) + "'s discard " + cardset_str(v.discarded) + ": " +
             std::to_string(k) + " of its cards, kitty included, are needed";
    discard_cards(replay, v.discarded);
    return "";
  }
  take.absent_before = absent[taker];
  absent[taker] = 0;  // what it showed before may have come back with the kitty
  if (!discard_now) return "";
  // Placeholders: cards of the skeleton's kitty nobody plays in the view.
  CardSet spare = replay.hand(taker) & replay.kitty() & ~played;
  CardSet placeholder = 0;
  for (int i = 0; i < k && spare; ++i) placeholder |= pop_lowest(spare).bit();
  discard_cards(replay, placeholder);
  replay.set_hand(taker, replay.hand(taker) & ~replay.kitty());
  return "";
}

void add_take_knowledge(const SeatView& v, const Position& replay, const TakeView& take, CardSet known_undealt,
                        const CardSet* absent, const CardSet* played_by, Knowledge& k) {
  const int t = take.taker;
  const int kitty = replay.rules().kitty_size;
  const int made = replay.discarding() ? 0 : kitty;  // discards made: none yet, or all
  k.hand_count[t] = static_cast<std::uint8_t>(k.hand_count[t] + kitty - made);
  if (t == v.seat) {
    if (made) k.played |= v.discarded;
    k.undealt = 0;
    return;
  }
  // The kitty's known cards may be in his hand now, unless he has shown otherwise since.
  CardSet since = absent[t];
  for (int suit = 0; suit < kNumSuits; ++suit)
    if ((replay.shown_voids(t) >> suit) & 1) since |= suit_mask(suit);
  k.absent[t] &= ~(known_undealt & ~since);
  CardSet played_since = 0;
  for (int i = take.first_move_after; i < v.num_moves; ++i) played_since |= v.move_card[i].bit();
  bound_into_hand_take(k, t, replay.voids_before_take(), take.absent_before, known_undealt, made,
                       played_since & played_by[t], kitty);
}

std::string take_world_hands(const RuleSet& rules, const SeatView& v, const TakeView& take, const Knowledge& k,
                             const CardSet* played_by, Rng& rng, CardSet* hands, CardSet& discards) {
  const int t = take.taker;
  if (t == v.seat) {
    // His own kitty leaves the dealt hand; his discards, once made, come back to it.
    discards = (v.discarded & ~k.played) ? 0 : v.discarded;
    hands[t] = (hands[t] | discards) & ~v.kitty_seen;
    return "";
  }
  CardSet placed = k.played;
  for (int s = 0; s < k.players; ++s) placed |= hands[s];
  discards = k.deck & ~placed;  // the sampled pile: his discards (none yet in the discard step)
  CardSet played_since = 0;
  for (int i = take.first_move_after; i < v.num_moves; ++i) played_since |= v.move_card[i].bit();
  // The cards he held right after the take; the kitty is among them and holds every
  // one he had shown absent before it (the sampler's bound keeps those few enough).
  const CardSet at_take = (hands[t] | discards) & ~(played_by[t] & ~played_since);
  const CardSet kitty = draw_take_kitty(at_take, k.before_take_absent, rules.kitty_size, rng);
  if (!kitty) return "no kitty fits seat " + std::to_string(t) + "'s cards";
  hands[t] = (hands[t] | discards) & ~kitty;
  return "";
}

CardSet draw_take_kitty(CardSet at_take, CardSet must, int size, Rng& rng) {
  CardSet kitty = at_take & must;
  if (count(kitty) > size) return 0;
  CardSet rest = at_take & ~kitty;
  while (count(kitty) < size && rest) {
    const Card c = nth_card(rest, static_cast<int>(rng.below(static_cast<std::uint32_t>(count(rest)))));
    kitty |= c.bit();
    rest &= ~c.bit();
  }
  return kitty;
}

}  // namespace copas
