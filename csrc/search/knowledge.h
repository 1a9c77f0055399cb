// Knowledge: what one seat knows about the hidden cards at one point of a hand.
//
// The search deals worlds from this (see sampler.h): every card the seat cannot
// see goes to some other seat (or stays undealt, for decks larger than the deal),
// with each seat's card count fixed and the cards it must or cannot hold obeyed.
// It is plain data so the engine can fill it from the seat's own information
// (its hand, its pass, the public play history) without any true world;
// knowledge_of() fills it from a fully known Position instead.
#pragma once

#include <cstdint>
#include <string>

#include "../cards.h"
#include "../position.h"
#include "../rules.h"
#include "domino_history.h"

namespace copas {

struct Knowledge {
  int players = 0;
  int me = 0;                    // the seat whose view this is
  CardSet deck = 0;              // every card of the variant
  int undealt = 0;               // cards of the deck dealt to nobody (0 for 52 / 4)
  CardSet own_hand = 0;          // me's current cards
  CardSet played = 0;            // every card played so far, by anyone
  CardSet must_hold[kMaxPlayers] = {};  // cards a seat surely holds now (me's pass to it, ...)
  CardSet absent[kMaxPlayers] = {};     // cards a seat surely does not hold now
  std::uint8_t hand_count[kMaxPlayers] = {};  // cards each seat holds now

  // Before the first lead, with cards left undealt, under rules where the holder
  // of a named card leads: opening_holder holds the opening card, which is
  // opening_card if it was dealt and else the lowest card dealt (every deck card
  // below it then being undealt). -1 when this does not apply; the sampler
  // splits the worlds by which card it is. (With the whole deck dealt that is
  // simply a must_hold card, and after the lead the played card tells.)
  int opening_holder = -1;
  Card opening_card;

  // An into-hand kitty taken by another seat (position.h): the taker's hand is
  // then his cards before the take, plus the kitty, less his discards (which lie
  // in the undealt pile, face down). What he had shown he lacked before the take
  // may have come back with the kitty, so absent[take_seat] keeps only what he
  // showed since; the older absences go here, with the cards the kitty is known to
  // hold: at most take_room of these lie in his hand and the pile together (the
  // kitty's size, less those he has played since). -1: no take to bound.
  int take_seat = -1;
  CardSet before_take_absent = 0;
  int take_room = 0;

  // Cards surely not in the undealt pile (the sampler's cases of the take bound).
  CardSet pile_absent = 0;

  // Face-down charges (docs/RULES.md §9, A40): seat s made hidden_charges[s] charges
  // whose cards me has not seen, each one of hidden_charge_cards (the chargeable
  // cards not revealed). A world then also says which of s's cards are the charged
  // ones; the sampler is uniform over (hands, charged cards) pairs, so a deal counts
  // once per way to choose them (C(m, k) for m chargeable cards held, k charges).
  std::uint8_t hidden_charges[kMaxPlayers] = {};
  CardSet hidden_charge_cards = 0;

  // domino (docs/RULES.md §17, domino_history.h): the hand's plays, draws and discards,
  // from which the sampler builds its cases. A case's holders are then `part`
  // (parts > 0; not the seats), and `spent` are cards played by other seats that the
  // sampler deals among the parts (spent_parts: each one's possible parts, a bit each)
  // and then drops from the hands.
  DominoHistory domino;
  int parts = 0;
  DominoPart part[kMaxDominoParts];
  CardSet spent = 0;
  std::uint16_t spent_parts[64] = {};

  // The cards whose place me does not know: the deck less its own hand, the
  // played cards and the cards known to be in a given hand.
  CardSet unseen() const;
};

// What `seat` knows in `pos`. During the pass it knows only its own hand (in a
// pass chain, peek-pass, that holds what it received); in the play it also knows
// the cards it passed (held by their receiver until played, except where the
// receiver could pass them on unseen: a pass chain's later link, or the pool of
// kitty-swap), who holds the opening card (and, with cards left undealt, which
// cards the opening lead shows to be undealt), and every absence the play
// revealed: shown voids and the rule-forced inferences of revealed_absent().
// Not modelled: with cards left undealt and a free opening lead
// (must_lead_first_card off), what the leader held once it has led.
Knowledge knowledge_of(const Position& pos, int seat);

// Another seat, `taker`, has taken an into-hand kitty: sets the take bound above.
// `voids_before_take` and `before_absent` are what it showed it lacked before the
// take, `known_in_kitty` the cards known to lie in the kitty, `pile` its discards
// made so far and `played_since` its cards played since the take.
void bound_into_hand_take(Knowledge& k, int taker, unsigned voids_before_take, CardSet before_absent,
                          CardSet known_in_kitty, int pile, CardSet played_since, int kitty_size);

// Revokes penalised (docs/RULES.md §1.3): a failure to follow suit is read as a void,
// players being presumed honest, unless no world then fits; then any of those
// voids of the other seats may be a revoke not yet proven, and all are lifted.
// The voids are those `pos` shows. Returns whether it lifted them.
bool allow_unproven_revokes(Knowledge& k, const Position& pos);

// Why the fields cannot describe a hand (bad seat numbers, cards outside the
// deck or in two places, more known cards than a hand holds); empty when they
// can. Knowledge that is well formed may still admit no world: the sampler
// reports that.
std::string knowledge_error(const Knowledge& k);

}  // namespace copas
