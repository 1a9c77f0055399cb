// Trick control: what a seat can force about its own trick-taking for the rest
// of the hand, whatever the others do, read at a trick boundary after the
// first trick (whose special rules these do not model).
//
// Taking every trick: per suit the seat holds at least as many cards above all
// the others' cards of the suit as any other seat holds of it, so it beats
// whatever is led, then leads those winners until the others are void, then
// its remaining cards of the suit win too.
// Losing every trick: every card the seat holds is below every card the others
// hold of its suit, and when it is the one to lead it can lead a suit some
// other seat still holds; a led card then always beats it and it never leads again.
// Losing the next trick, and the points that surely fall into it (the trick
// goes to another seat, so they never reach the seat):
//  - the seat leads: a card x of a suit S when another seat holds cards of S,
//    all above x: it must follow with one, so x loses. The trick holds x and one
//    card of each other seat: of S when it holds S, else any card of its hand.
//  - another seat leads: whatever suit S it leads, the seat loses when it is
//    void in S (a discard never wins) or holds a card of S below every card of
//    S the leader may lead, or below the whole holding of S of another seat
//    (it must follow above). The trick holds the leader's
//    card (one of its legal leads of S), the seat's (its richest card that does
//    it: a low card of S, or a legal discard), and one of each other seat, as
//    above. The leader picks the suit, so the poorest suit counts.
// Each seat's share is the cheapest card it may play, so the count holds for
// every play of the others. A rival cannot win the trick when it holds no card
// of S above the seat's lead, or, when another seat leads, above every card of
// S the leader may lead (and is not the leader).
// Stopping a rival's moon: the rival holds cards of a suit S that are all moon
// cards, and the seat holds a card of S above all of them. The seat keeps that
// card until the rival first plays a card of S, and plays it then: the rival
// either follows or leads S under it, or discards its S card to a trick led in
// another suit (a discard never wins); either way a moon card goes to another
// seat. The seat is never made to play its card sooner: when S is led and it is
// its only card of S, the rival must follow S too; when it is the seat's only
// legal lead, the rival must follow under it; it is discarded only as the seat's
// last card, and the rival's last card is then of S. Rules that could force the
// card out sooner (the forced Q♠, the ban on heart discards for a card outside
// hearts while they are unbroken, a stuck lead ending the hand) keep the suit out.
// More generally, when the seat holds no more cards of S than the rival, its i-th
// highest above the rival's i-th highest does it: the seat plays its highest to
// each trick of S (leading S, it leads its highest), so the rival would need i
// cards above it for the first i; and it always has a card outside S for the
// tricks of other suits, which are at most the rival's cards outside S.
#pragma once

#include <cstdint>

#include "../position.h"
#include "solver_rules.h"

namespace copas::solver {

// Seats (bit per seat) that can take every remaining trick.
std::uint32_t seats_taking_every_trick(const SolverRules& sr, const Position& pos);
bool can_lose_every_trick(const SolverRules& sr, const Position& pos, int seat);
// The positive points `seat` can keep out of its tricks by losing the next one
// (0 when it cannot be sure to lose it), in a trick that none of the seats
// `rivals` can win either.
int points_shed_losing_next_trick(const SolverRules& sr, const Position& pos, int seat, std::uint32_t rivals);
// The seats of `rivals` whose moon `seat` can stop, as above (after the first trick).
std::uint32_t moons_stoppable(const SolverRules& sr, const Position& pos, int seat, std::uint32_t rivals);

}  // namespace copas::solver
