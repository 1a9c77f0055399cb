// The into-hand kitty in a seat's view (world_from_view, view.cpp): what the take
// changes in the replay of the public moves, in what the seat knows, and in the
// world built from a sample. The seat sees the kitty and its discards only when
// it is the taker (SeatView::kitty_seen, SeatView::discarded); another taker's
// discards are face down.
#pragma once

#include <string>

#include "../position.h"
#include "../rng.h"
#include "knowledge.h"
#include "view.h"

namespace copas {

struct TakeView {
  int taker = -1;             // -1 until an into-hand kitty is taken in the replay
  int first_move_after = 0;   // the index of the first move after the take
  CardSet absent_before = 0;  // another taker's absences shown before the take
};

// Makes the taker's discard of `cards` (the seat to act must be discarding them all).
void discard_cards(Position& pos, CardSet cards);

// After a replay play: when it took an into-hand kitty, records the take, puts
// the seat's own kitty into its hand (it must be given) and, when `discard_now`,
// makes the discard (the seat's own, or placeholder cards for another taker: the
// replay only follows the public consequences). Returns why not, or "".
std::string settle_take(const SeatView& v, CardSet played, bool discard_now, Position& replay,
                        CardSet* absent, TakeView& take);

// The take in the knowledge: the pile becomes the discards, another taker's older
// absences and the cards known in the kitty (`known_undealt`) the take bound.
// `absent`: the replay's absences per seat (the taker's since the take).
void add_take_knowledge(const SeatView& v, const Position& replay, const TakeView& take, CardSet known_undealt,
                        const CardSet* absent, const CardSet* played_by, Knowledge& k);

// A kitty of `size` cards for an into-hand taker from `at_take` (the cards he held
// right after the take): every card of `must` there (what he had shown absent before
// it), then others at random. Returns 0 when `must` leaves no room (no kitty fits).
CardSet draw_take_kitty(CardSet at_take, CardSet must, int size, Rng& rng);

// Turns a sampled world's hands (current cards plus cards played) into the hands
// dealt, and returns its discards in `discards`: the seat's own, or the sampled
// pile with a kitty drawn from the taker's cards that holds what he had shown absent.
std::string take_world_hands(const RuleSet& rules, const SeatView& v, const TakeView& take, const Knowledge& k,
                             const CardSet* played_by, Rng& rng, CardSet* hands, CardSet& discards);

}  // namespace copas
