// domino (docs/RULES.md §17): what a seat knows of the stock when it is another seat's
// face-down discard. The discarder was void in the led suit and put the card down from
// its hand, which lacked every suit it is known to lack now: it has not drawn since (the
// stock is still its discard), so its shown voids are those of the moment it discarded.
// The stock's one card lacks them too.
#pragma once

#include "knowledge.h"

namespace copas {

// `discarder`: Position::stock_discarder() (-1: the stock is not a discard).
inline void bound_domino_discard(Knowledge& k, int discarder) {
  if (discarder >= 0 && discarder != k.me) k.pile_absent |= k.absent[discarder];
}

}  // namespace copas
