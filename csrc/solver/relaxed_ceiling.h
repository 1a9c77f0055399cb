// A ceiling on the root's cost from a relaxed game ("R1") in which the other
// seats get one power the rules do not give them: whenever one of them wins a
// trick, they choose which of them leads the next. Every line of play of the real
// game is a line of R1 (they choose the winner), so R1's paranoid value is at
// least the real one, and "in R1 the root's cost is at most t" proves the same
// of the real game. Where the root is safe by a wide margin, R1 usually sees it
// several tricks ahead; the real search's bounds see one trick ahead at most.
//
// Why R1 is cheap: once no other seat can shoot the moon, which of them wins a
// trick no longer matters to the root (they pick the next leader anyway, and
// their points are not the root's), only where their cards sit among the root's
// cards does. So their cards of one suit and card class that no card of the root
// separates are interchangeable: R1 searches one move per such run, and its table
// entries are keyed on that coarser picture, which many real positions share.
//
// While another seat can still shoot, R1 gives the others a second power: they
// choose whom their tricks count for, so they shoot whenever the root takes no moon
// card for the rest of the hand (if that costs the root more). The real moons are
// among those lines, and which of them wins a trick still does not matter.
//
// Asked at trick boundaries after the first trick, in the plain game with a low
// goal, and without the rules that read who leads (a kitty, a stuck lead ending
// the hand).
#pragma once

#include <cstdint>

#include "../position.h"
#include "solver_rules.h"
#include "transposition_table.h"

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

  // Positions R1 has searched, all questions together.
  std::uint64_t nodes() const { return nodes_; }

 private:
  // Fail-soft alpha-beta for the root's cost in R1, at a trick boundary or inside a trick.
  int search(int alpha, int beta);
  int search_trick(int alpha, int beta);
  // The moves R1 tells apart for the seat to act.
  CardSet moves() const;
  // The position's class in R1 (see above), hashed; the two flags as search() found them.
  std::uint64_t key_hash(bool others_shoot, bool root_can_shoot) const;
  // Whether the others can still shoot in R1: they could when asked, and the root
  // has taken no moon card.
  bool others_can_shoot() const;
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
  bool others_could_shoot_ = false;  // when asked
};

}  // namespace copas::solver
