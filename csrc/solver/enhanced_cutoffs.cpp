// Enhanced transposition cutoffs (ETC) for the root's side.
//
// In the proof that the root's cost stays <= v (the last MTD(f) pass, nearly all
// of a solve's work) the root's side needs one refuting move per node, and which
// one decides the size of the subtree the other seats then search in full. Where
// the side's move ends a trick, each child is a trick boundary, and its
// trick-start bounds or table entry may already prove it cheap enough: such a
// child refutes for the price of a probe, where the move ordering's first choice
// may still need a search. Measured on the bench positions: nodes (probes
// counted) -16% on the hardest 10-trick position, about even elsewhere; tried for
// the other seats too (their cut nodes in the earlier passes), it cost time.
#include <algorithm>

#include "outcome.h"
#include "position_key.h"
#include "solver.h"

namespace copas::solver {

std::optional<int> Solver::known_cost_after(Card c, int alpha, int beta) {
  ++nodes_;  // a probe does a boundary node's work: counted, so node counts compare honestly
  pos_.play(c);
  std::optional<int> known;
  // The same facts search() reads at a trick boundary; the last trick is played
  // out there rather than stored, so it is left to the search.
  if (pos_.phase() == Phase::kPlaying && pos_.trick_length() == 0 && pos_.tricks_done() > 0 && !last_trick(pos_)) {
    const std::uint32_t candidates = moon_candidates(rules_, pos_);
    const CostRange range = reachable_costs(rules_, pos_, root_, candidates);
    int lo = range.lo, hi = range.hi;
    if (lo < beta && hi > alpha && lo != hi) {
      const PositionKey key(rules_, pos_, root_, candidates);
      if (const TableEntry* e = table_.find(key)) {
        const int offset = past_cost(rules_, pos_, root_, candidates);
        lo = std::max(lo, e->lower + offset);
        hi = std::min(hi, e->upper + offset);
      }
    }
    if (lo >= beta || lo == hi) {
      known = lo;
    } else if (hi <= alpha) {
      known = hi;
    }
  }
  pos_.undo();
  return known;
}

std::optional<Solver::Expansion> Solver::known_refutation(const Card* order, int n, int alpha, int beta) {
  for (int i = 0; i < n; ++i) {
    const std::optional<int> cost = known_cost_after(order[i], alpha, beta);
    if (cost && *cost <= alpha) return Expansion{*cost, order[i].index};  // fail-soft: the node costs at most that
  }
  return std::nullopt;
}

}  // namespace copas::solver
