#include "knowledge.h"

#include "domino_discard.h"
#include "sampler.h"

namespace copas {

namespace {

// Deck cards below `card`, and the named opening card: all undealt when `card`
// opened the hand in place of the named one (the lowest card dealt leads then).
CardSet undealt_below(const RuleSet& r, Card card) {
  return r.deck & ((card.bit() - 1) | r.first_lead_card.bit());
}

// What the opening lead tells, when the rules have the holder of a named card
// lead: with the whole deck dealt, the leader holds that card until it plays it;
// with cards left undealt, the opening card is the named one if dealt, else the
// lowest card dealt, and every deck card below it is undealt. Returns those undealt cards.
CardSet add_opening_lead(const Position& pos, Knowledge& k) {
  const RuleSet& r = pos.rules();
  if (opening_lead_rule(r, pos.hand_no()) != FirstLead::kHolderOfCard) return 0;
  const Card named = r.first_lead_card;
  const int plays = pos.num_plays();
  const int leader = plays > 0 ? pos.play_record(0).seat : pos.leader();
  if (k.undealt == 0) {
    // Every card is dealt: the named one opens, or the deck's lowest when the deck lacks it.
    const Card opening = contains(r.deck, named) ? named : lowest(r.deck);
    if (leader != k.me && !contains(k.played, opening)) k.must_hold[leader] |= opening.bit();
    return 0;
  }
  CardSet undealt = 0;
  if (leader == k.me) {
    CardSet start = k.own_hand;  // the seat's hand when play began
    for (int i = 0; i < plays; ++i)
      if (pos.play_record(i).seat == k.me) start |= pos.play_record(i).card.bit();
    if (!contains(start, named)) undealt = undealt_below(r, lowest(start));
  } else if (plays > 0 && r.must_lead_first_card) {
    const Card first = pos.play_record(0).card;
    if (first != named) undealt = undealt_below(r, first);
  } else if (plays == 0) {
    k.opening_holder = leader;
    k.opening_card = named;
  }
  for (int s = 0; s < k.players; ++s)
    if (s != k.me) k.absent[s] |= undealt;
  return undealt;
}

// Plays before this index came before an into-hand take by another seat (else kMaxPlays).
int into_hand_take_plays(const Position& pos, int me) {
  const int taker = pos.kitty_taker();
  if (pos.rules().kitty_use != KittyUse::kIntoHand || taker < 0 || taker == me) return kMaxPlays;
  return pos.trick_start(pos.kitty_trick() + 1);
}

// Replays the hand from its first play and collects, for each other seat, what
// each of its plays revealed it lacked (revealed_absent).
void add_absences_from_plays(const Position& pos, Knowledge& k) {
  const int plays = pos.num_plays();
  Card cards[kMaxPlays];
  for (int i = 0; i < plays; ++i) cards[i] = pos.play_record(i).card;
  Position replay = pos;
  while (replay.num_plays() > 0) replay.undo();  // into-hand discards are undone on the way
  const int take_at = into_hand_take_plays(pos, k.me);
  // A stock (two-player): what a seat showed it lacked before its last draw may have
  // come back with a card drawn since (the draw also cleared its shown voids).
  int since_draw[kMaxPlayers] = {};
  if (pos.rules().stock_draw != StockDraw::kNone)
    for (int s = 0; s < k.players; ++s) since_draw[s] = pos.trick_start(pos.last_draw_trick(s) + 1);
  for (int i = 0; i < plays; ++i) {
    if (replay.discarding())
      for (CardSet d = pos.discards(); d;) replay.play(pop_lowest(d));
    const int seat = replay.turn();
    // What an into-hand taker showed before the take may have come back with the kitty.
    const bool before_take = take_at < kMaxPlays && i < take_at && seat == pos.kitty_taker();
    if (seat != k.me && i >= since_draw[seat])
      (before_take ? k.before_take_absent : k.absent[seat]) |= replay.revealed_absent(cards[i]);
    replay.play(cards[i]);
  }
}

// What each other seat is known to lack: its plays' revelations and its shown voids.
// An absence stays true to the end of the hand because cards only ever leave a hand
// once the play has begun (a stock's draw clears the drawer's shown voids).
void add_revealed_absences(const Position& pos, Knowledge& k) {
  // domino: every card played follows the led suit (a void seat draws, or discards face
  // down off the history), so only the shown voids tell; and undo() cannot replay it.
  if (pos.rules().stock_draw != StockDraw::kUntilFollow) add_absences_from_plays(pos, k);
  for (int s = 0; s < k.players; ++s) {
    if (s == k.me) continue;
    for (int suit = 0; suit < kNumSuits; ++suit)
      if ((pos.shown_voids(s) >> suit) & 1) k.absent[s] |= suit_mask(suit);
    k.absent[s] &= k.deck;
  }
}

// An into-hand kitty once taken (Knowledge::take_seat): the pile is the taker's
// discards, which the taker knows; for another seat, the taker's older absences
// and the cards known to be in the kitty become the take bound, and the cards it
// passed him may now be in his discards.
void add_into_hand_take(const Position& pos, Knowledge& k, CardSet known_undealt) {
  const int taker = pos.kitty_taker();
  if (taker < 0) return;
  if (taker == k.me) {
    k.played |= pos.discards();
    k.undealt = 0;
    return;
  }
  CardSet played_since = 0;
  for (int i = into_hand_take_plays(pos, k.me); i < pos.num_plays(); ++i)
    if (pos.play_record(i).seat == taker) played_since |= pos.play_record(i).card.bit();
  bound_into_hand_take(k, taker, pos.voids_before_take(), k.before_take_absent, known_undealt,
                       count(pos.discards()), played_since, count(pos.kitty()));
}

}  // namespace

CardSet Knowledge::unseen() const {
  CardSet known = own_hand | played;
  for (int s = 0; s < players; ++s) known |= must_hold[s];
  return deck & ~known;
}

Knowledge knowledge_of(const Position& pos, int seat) {
  const RuleSet& r = pos.rules();
  Knowledge k;
  k.players = pos.players();
  k.me = seat;
  k.deck = r.deck;
  k.undealt = count(r.deck) - r.players * r.hand_size;
  k.own_hand = pos.hand(seat);
  k.played = pos.played();
  for (int s = 0; s < k.players; ++s) k.hand_count[s] = static_cast<std::uint8_t>(count(pos.hand(s)));
  if (r.stock_draw != StockDraw::kNone) k.undealt = pos.stock_left();  // the stock: its cards and order unseen
  if (pos.stock_discarder() == seat) {
    // domino: the stock is the seat's own face-down discard; known, so counted with the played ones.
    k.played |= pos.stock_cards();
    k.undealt = 0;
  }
  // In a pass chain only a first link surely keeps what it got (it passed before
  // receiving); a later link may have passed on the seat's cards, unseen. The pool
  // (kitty-swap) deals the seat's cards back to anyone: no seat surely holds one.
  // blind-forward (§2.2 L47): forwarding is public, so the seat's cards are surely with
  // the first link after it that did not forward them; a seat that forwarded never
  // saw what it passed, and while it has not chosen, its packet is unseen too.
  const bool blind = r.pass_blind;
  for (int s = 0; s < k.players; ++s)
    if (s != seat && !r.pool_cards && (!r.pass_chain || pos.chain_start(s) || (blind && !pos.forwarded(s))) &&
        !(blind && pos.forwarded(seat)))
      k.must_hold[s] = pos.received(s) & pos.passed(seat) & ~k.played;
  if (const CardSet packet = pos.blind_packet(); packet && pos.next_passer() == seat) {
    // The seat's packet is 3 cards it cannot see: drawn as if undealt (Position::redeal_blind_packet).
    k.own_hand &= ~packet;
    k.hand_count[seat] = static_cast<std::uint8_t>(count(k.own_hand));
    k.undealt += count(packet);
  }
  if (pos.phase() == Phase::kPassing) return k;  // (a chain's first link may hold the seat's cards)
  // queens: the dealer's plan is due before the pass: nothing is played or led yet.
  if (pos.phase() == Phase::kDeciding && pos.decision_word() == DecisionWord::kPlan) return k;
  const CardSet known_undealt = add_opening_lead(pos, k);
  // An into-hand taker holds the kitty: its known cards may be in his hand now.
  if (into_hand_take_plays(pos, seat) < kMaxPlays) k.absent[pos.kitty_taker()] &= ~known_undealt;
  add_revealed_absences(pos, k);
  if (r.stock_draw == StockDraw::kUntilFollow) {
    bound_domino_discard(k, pos.stock_discarder());
    add_domino_history(pos, k);
  }
  // turbo: a charged card is public while its charger holds it (A33), once every charge is down.
  // gong-zhu+super-charge (A40): a face-down one is not; its charger holds one of the
  // chargeable cards not seen (the sampler's hidden charges) until it plays it.
  if (pos.charged()) {
    const CardSet face_down = r.super_charge ? pos.charged() & ~pos.super_charged() : 0;
    for (int i = 0; i < pos.num_decisions(); ++i) {
      const DecisionRecord& d = pos.decision_record(i);
      if (d.word != DecisionWord::kCharge || d.value == kNoCardValue || d.seat == seat) continue;
      const Card c(d.value);
      if (contains(k.played, c)) continue;
      if (contains(face_down, c)) {
        ++k.hidden_charges[d.seat];
      } else {
        k.must_hold[d.seat] |= c.bit();
      }
    }
    if (r.super_charge) k.hidden_charge_cards = r.charge_cards & ~pos.super_charged() & ~k.played;
  }
  if (r.kitty_use == KittyUse::kIntoHand) add_into_hand_take(pos, k, known_undealt);
  // A taker who may look at the kitty knows its cards: counted with the played ones.
  if (r.kitty_peek && pos.kitty_taker() == seat) {
    k.played |= pos.kitty();
    k.undealt -= count(pos.kitty());
  }
  // Only a world built under penalised revokes holds one still pending.
  bool other_revoked = false;
  for (int s = 0; s < k.players; ++s) other_revoked |= s != seat && pos.revoked_suits(s) != 0;
  if (other_revoked) allow_unproven_revokes(k, pos);
  return k;
}

void bound_into_hand_take(Knowledge& k, int taker, unsigned voids_before_take, CardSet before_absent,
                          CardSet known_in_kitty, int pile, CardSet played_since, int kitty_size) {
  k.undealt = pile;
  k.take_seat = taker;
  CardSet before = before_absent | known_in_kitty;
  for (int suit = 0; suit < kNumSuits; ++suit)
    if ((voids_before_take >> suit) & 1) before |= suit_mask(suit);
  k.before_take_absent = before & k.deck;
  // The cards me passed him may be in his discards now.
  for (int s = 0; s < k.players; ++s)
    if (s != k.me && s != taker) k.absent[s] |= k.must_hold[taker];
  k.must_hold[taker] = 0;
  k.take_room = kitty_size - count(played_since & k.before_take_absent);
}

bool allow_unproven_revokes(Knowledge& k, const Position& pos) {
  if (WorldSampler(k).ready()) return false;
  for (int s = 0; s < k.players; ++s)
    for (int suit = 0; suit < kNumSuits; ++suit)
      if (s != k.me && ((pos.shown_voids(s) >> suit) & 1)) k.absent[s] &= ~suit_mask(suit);
  return true;
}

std::string knowledge_error(const Knowledge& k) {
  if (k.players < 2 || k.players > kMaxPlayers)
    return "players must be 2 to " + std::to_string(kMaxPlayers) + ", not " + std::to_string(k.players);
  if (k.me < 0 || k.me >= k.players) return "no seat " + std::to_string(k.me);
  if (k.deck & ~kFullDeck) return "the deck holds cards outside the 52";
  if (k.undealt < 0) return "the undealt count is negative";
  if (k.own_hand & ~k.deck) return "the own hand holds " + cardset_str(k.own_hand & ~k.deck) + ", not in the deck";
  if (k.played & ~k.deck) return "played cards " + cardset_str(k.played & ~k.deck) + " are not in the deck";
  if (k.pile_absent & ~k.deck)
    return "cards " + cardset_str(k.pile_absent & ~k.deck) + " kept from the pile are not in the deck";
  if (k.own_hand & k.played) return "card " + card_str(lowest(k.own_hand & k.played)) + " is both held and played";
  if (k.hand_count[k.me] != count(k.own_hand))
    return "seat " + std::to_string(k.me) + " holds " + std::to_string(count(k.own_hand)) +
           " cards, but its count says " + std::to_string(k.hand_count[k.me]);
  if (k.must_hold[k.me]) return "the seat's own must-hold set must be empty (its hand says it all)";
  CardSet placed = k.own_hand | k.played;
  int cards_somewhere = count(k.played) + k.undealt;
  for (int s = 0; s < k.players; ++s) {
    cards_somewhere += k.hand_count[s];
    if (s == k.me) continue;
    const std::string seat = "seat " + std::to_string(s);
    if (k.must_hold[s] & ~k.deck) return seat + " must hold cards outside the deck";
    if (k.must_hold[s] & placed)
      return seat + " must hold " + card_str(lowest(k.must_hold[s] & placed)) + ", which is seen elsewhere";
    if (count(k.must_hold[s]) > k.hand_count[s])
      return seat + " must hold " + std::to_string(count(k.must_hold[s])) + " cards but holds " +
             std::to_string(k.hand_count[s]);
    placed |= k.must_hold[s];
  }
  if (k.opening_holder >= 0) {
    if (k.opening_holder >= k.players || k.opening_holder == k.me)
      return "the opening holder must be another seat of the game";
    if (k.played) return "the opening holder applies only before the first lead";
    if (k.undealt == 0) return "the opening holder applies only with cards left undealt (else: must_hold)";
  }
  for (int s = k.players; s < kMaxPlayers; ++s)
    if (k.hand_count[s] || k.must_hold[s] || k.hidden_charges[s])
      return "seat " + std::to_string(s) + " is not in the game";
  if (k.hidden_charge_cards & ~k.deck) return "hidden charge cards outside the deck";
  if (k.hidden_charges[k.me]) return "the seat's own charges are not hidden from it";
  for (int s = 0; s < k.players; ++s)
    if (k.hidden_charges[s] > k.hand_count[s])
      return "seat " + std::to_string(s) + " has " + std::to_string(k.hidden_charges[s]) +
             " face-down charges but holds " + std::to_string(k.hand_count[s]) + " cards";
  if (cards_somewhere != count(k.deck))
    return "the hand counts, played and undealt cards add up to " + std::to_string(cards_somewhere) +
           ", not the deck's " + std::to_string(count(k.deck));
  return "";
}

}  // namespace copas
