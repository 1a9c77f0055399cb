// What one seat knows of the other hands in uno-hearts (docs/RULES.md §15, its
// Engine paragraph): the 8s swap whole hands, and a hand carries what was known of it.
//
// A hand is followed from the pass to now as one token: plays take cards out of the
// token its seat holds, a swap moves tokens between seats, and nothing else changes
// one (the pairs' draws go to won piles, face up). So the seat knows every card of a
// token it has held (its own former hands: it saw them, and their plays since are
// public), and of the token it passed into (to the right, A48b) the cards it passed
// less those that token played since (copies of a value are interchangeable, so a
// played value uses up a passed one first). Before the pass is made it knows only its
// own cards. Shown voids need nothing here: Position moves them with the hand. What a
// play showed beyond them (revealed_absent: a heart led before hearts broke, or played
// to trick 1, shows the hand held only hearts) goes with the token too, and stays true
// to the end of the hand: cards only leave a token once the play has begun.
#pragma once

#include "../position.h"

namespace copas {

struct UnoHandKnowledge {
  // Per seat: whether `seat` has held the hand it holds now (so knows it all), and the
  // cards it knows are in that hand otherwise (its pass's remnant, or none).
  bool whole[kMaxPlayers] = {};
  TwinSet part[kMaxPlayers];
  // Per seat: the cards the hand it holds now showed it lacked when it played
  // (Position::revealed_absent at each of its plays, wherever the swaps sent it since).
  CardSet absent[kMaxPlayers] = {};
};

UnoHandKnowledge uno_hand_knowledge(const Position& pos, int seat);

}  // namespace copas
