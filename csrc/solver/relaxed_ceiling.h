// A ceiling on the root's cost from a relaxed game ("R1") in which the other
// seats get powers the rules do not give them. Every line of play of the real
// game is a line of R1, so R1's paranoid value is at least the real one, and "in
// R1 the root's cost is at most t" proves the same of the real game. Where the
// root is safe by a wide margin, R1 usually sees it several tricks ahead; the
// real search's bounds see one trick ahead at most.
//
// The powers. Call the other seats that could have won a trick the root did not
// win its "possible winners": those whose card of the led suit lies above every
// card of the root's (its hand when the trick began) that the trick's best card
// beats, so between the same two of the root's cards as the best; all that played
// the led suit when the root had none. The real winner is one of them, and R1
// cannot tell them apart (below). Taking every seat above the root's own card
// instead: 47.1 M nodes against 42.9 M on 13/1 + 13/4 + 13/10.
//  - Leading: the next trick is led by whichever possible winner they choose.
//  - The moon: a seat that could still shoot when asked stays a possible shooter
//    while it is a possible winner of every trick holding a moon card; they shoot
//    (the moon goes to the root's cost if that is more) when a possible shooter
//    is left at the end and the root took no moon card.
//
// Why R1 is cheap: which of the other seats wins a trick no longer matters to the
// root, only whether its card is above or below the root's, which the root's
// cards decide. So their cards of one suit and card class that no card of the
// root separates are interchangeable: R1 searches one move per such run, and its
// table entries are keyed on that coarser picture (with the possible leaders and
// shooters), which many real positions share.
//
// Asked at trick boundaries after the first trick, in the plain game with a low
// goal, and without the rules that read who leads (a kitty, a stuck lead ending
// the hand).
#pragma once

#include <cstdint>

#include "../position.h"
#include "solver_rules.h"
#include "transposition_table.h"
#include "trick_bounds.h"

namespace copas::solver {

class RelaxedCeiling {
 public:
  // Whether R1 may be asked about `pos` (see above).
  static bool applies(const SolverRules& sr, const Position& pos);

  // True when R1 holds the root's cost of `pos` to at most `threshold`; false when
  // it does not, or `budget` positions did not settle it. R1's bounds are kept in
  // `table` under keys of their own. `pos` is given back as it was.
  bool at_most(const SolverRules& sr, TranspositionTable& table, Position& pos, int root, int threshold,
               std::uint64_t budget);

  // Empties the suit hashes kept from earlier questions (when the rules change).
  void forget_suit_hashes();

  // Positions R1 has searched, all questions together.
  std::uint64_t nodes() const { return nodes_; }

 private:
  // Fail-soft alpha-beta for the root's cost in R1, at a trick boundary or inside a trick.
  int search(int alpha, int beta);
  int search_trick(int alpha, int beta);
  // The moves R1 tells apart for the seat to act.
  CardSet moves() const;
  // The position's class in R1 (see above), hashed; the two flags as search() found them.
  std::uint64_t key_hash(bool others_shoot, bool root_can_shoot);
  // Works out suit_hash_ for the suits of `suits`' cards.
  void hash_suits(CardSet suits);
  // Whether the others can still shoot in R1: a possible shooter is left, and the
  // root has taken no moon card.
  bool others_can_shoot() const;
  // The trick in progress or just ended, from its play `first` on: each card's
  // strength in the led suit, -1 off it.
  struct TrickByStrength {
    Suit led;
    int root = -1;                   // the root's card (-1 also when it has not played)
    int of_seat[kMaxPlayers];        // the others' cards, set (and read) for the seats in `others` alone
    std::uint32_t others = 0;        // the other seats that have played, bit per seat
    CardSet cards = 0;               // every card played to it
  };
  TrickByStrength read_trick(int first) const;
  // Whether the trick in progress holds a moon card and every possible shooter
  // has played to it off the led suit or under the root's card: none can win it,
  // so none can shoot.
  bool shooters_out_in_trick() const;
  // The possible winners (see above) of the trick just ended, read by read_trick, bit per seat.
  std::uint32_t possible_winners(const TrickByStrength& t) const;
  // The most R1 costs the root when the others lead: search() with each seat they
  // may choose leading, until one reaches `beta`.
  int search_each_leader(int alpha, int beta);
  // The root's cost at the end of the hand in R1.
  int final_relaxed_cost() const;
  // The root's cost when the hand ends with its card points at `points` and the
  // others still able to shoot.
  int cost_if_others_may_shoot(int points) const;

  const SolverRules* sr_ = nullptr;
  TranspositionTable* table_ = nullptr;
  Position* pos_ = nullptr;
  int root_ = 0;
  std::uint64_t nodes_ = 0;
  std::uint64_t node_budget_end_ = 0;
  bool out_of_budget_ = false;
  std::uint32_t shooters_ = 0;  // the other seats that could still shoot, bit per seat
  std::uint32_t leaders_ = 0;   // the seats the others may lead from when they lead
  // What the in-trick bounds read, fixed within a trick: worked out at its first
  // node (by tricks done) for the others.
  struct TrickFacts {
    bool root_can_shoot = false;
    PlainPoints points{};
  };
  TrickFacts trick_facts_[kMaxPlays];
  // Each suit's cards in hand as R1 tells them apart (key_hash), hashed: a trick
  // changes only the suits played to it, and those are hashed again only when a
  // key is needed (not at the hand's end, nor where the others choose a leader).
  std::uint64_t suit_hash_[kNumSuits] = {};
  CardSet unhashed_ = 0;  // cards of the suits whose suit_hash_ is out of date
  // The last suit hashes worked out, by the suit's cards in every hand: the same
  // suit contents come back in many positions and questions.
  struct SuitMemo {
    std::uint64_t content = 0;  // 0: empty (a content has its top bit set)
    std::uint64_t hash = 0;
  };
  static constexpr int kSuitMemoBits = 12;
  static constexpr int kSuitMemoSize = 1 << kSuitMemoBits;
  static constexpr int kMemoMaxPlayers = 4;  // four 13-bit lanes fit a content word
  SuitMemo suit_memo_[kSuitMemoSize];
};

}  // namespace copas::solver
