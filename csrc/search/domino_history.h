// domino (docs/RULES.md §17): the worlds from a seat's whole history of draws and discards.
//
// Under a uniform deal, a uniform stock order and a face-down discard counting once per
// card it could be, each world weighs its count of histories. A history is one
// assignment of cards to the parts another seat's hand came in: its dealt cards, the
// cards kept from each run of draws (a run for a led suit: its last card, of that suit,
// is played at once), a drawn discard it kept. A part lacks every suit its seat showed
// it lacked since the part came; a card the seat played came out of one part that came
// before the play and lacked no suit of it until then; a face-down discard left one
// part (a case per part) as a card lacking the part's suits till then, went to the
// stock, and on to the next drawer's part or its play. So each case is plain knowledge
// whose holders are parts (Knowledge::part, a seat's hand their union less the played
// cards dealt to them: Knowledge::spent), and the sampler's union of the cases is
// uniform over those histories, which is the brute force's posterior.
#pragma once

#include <cstdint>
#include <functional>

#include "../position.h"

namespace copas {

struct Knowledge;

// A play (value: the card's index) or a logged draw or discard (Position::domino_event).
struct DominoItem {
  static constexpr std::uint8_t kPlay = 8;  // beside DominoEvent's flags
  std::uint8_t seat = 0;
  std::uint8_t flags = 0;
  std::uint8_t suit = 0;
  std::uint8_t value = 0;
};

struct DominoHistory {
  int size = 0;  // 0: not known (the sampler reads only the seats' current voids)
  int dealt = 0;  // each hand's size at the deal
  DominoItem item[kMaxPlays];  // the plays and the log share the history's slots
};

// One holder of a case: a part of a seat's hand, or the stock (seat == players).
struct DominoPart {
  std::uint8_t seat = 0;
  std::uint8_t room = 0;
  CardSet absent = 0;
};
constexpr int kMaxDominoParts = 16;

// The hand's plays, draws and discards in order into k.domino (left empty when the
// position's log is incomplete: the sampler then reads the current voids alone).
void add_domino_history(const Position& pos, Knowledge& k);

// Calls add(one) for each case of k.domino (one: k with parts, spent cards and no
// history). Returns false when the cases or their parts are too many to build (add may
// have been called), or when add returns false.
bool for_each_domino_case(const Knowledge& k, const std::function<bool(const Knowledge&)>& add);

}  // namespace copas
