// The perfect-information ("double-dummy") solver.
//
// The value of a fully known position is PARANOID for the seat to act (the
// root seat): its final hand score (hand_scores: moon rules and the scoring
// options included, points already taken counted) when it plays for its best
// score and every other seat plays for its worst. With teams (rules.teams) the
// value is the root's SIDE's score, the sum of its seats' hand scores: the root
// and its partners play for the side's best, the other seats for its worst. That is a two-sided game, so it is solved by alpha-beta
// with null-window searches narrowed MTD(f)-style, a transposition table probed
// at trick boundaries (position_key.h), one move per run of interchangeable
// cards (rank_equivalence.h), heuristic move ordering (move_order.h) with
// killer leads (killer_moves.h), enhanced transposition cutoffs where the
// root's side ends a trick (enhanced_cutoffs.cpp) and cheap bounds on what the hand can still
// come to (outcome.h), worked out once per trick, narrowed inside a trick by who
// can still win it (trick_bounds.h).
#pragma once

#include <climits>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "../position.h"
#include "killer_moves.h"
#include "move_order.h"
#include "outcome.h"
#include "solver_rules.h"
#include "transposition_table.h"
#include "trick_bounds.h"

namespace copas::solver {

class Solver {
 public:
  // `table_bytes` of transposition table, allocated here once.
  explicit Solver(std::size_t table_bytes = std::size_t{64} << 20);

  // Thrown when a solve would search more positions than its node limit allows.
  struct NodeLimitReached {};
  // Thrown when the stop check (set_stop_check) says a solve must end now.
  struct Stopped {};

  // Paranoid value of `pos` (phase kPlaying) for the seat to act.
  int solve(const Position& pos);
  // Value of each legal card of the seat to act (the root seat's final score
  // after playing it): writes the cards lowest first and returns their number.
  int solve_moves(const Position& pos, Card* cards, int* values);

  // The most positions one solve or solve_moves may search (0: no limit);
  // beyond it the call throws NodeLimitReached (the table keeps what it learnt).
  void set_node_limit(std::uint64_t nodes) { node_limit_ = nodes ? nodes : UINT64_MAX; }
  // Asked every kStopCheckNodes positions (0: never); when it answers true the
  // solve throws Stopped. A search's clock and stop flag end a long solve this way.
  using StopCheck = bool (*)(void* context);
  void set_stop_check(StopCheck check, void* context) { stop_check_ = check, stop_context_ = context; }
  static constexpr std::uint64_t kStopCheckNodes = 4096;

  // Positions searched by the last solve or solve_moves.
  std::uint64_t nodes() const { return nodes_; }
  std::size_t table_bytes() const { return table_.bytes(); }
  void clear_table() { table_.clear(); }

 private:
  void start(const Position& pos);
  int mtdf(int guess);
  // The root's cost at the end of a playout of the move ordering's first choices:
  // where MTD(f) starts.
  int playout_guess();
  // Fail-soft alpha-beta for the root's cost.
  int search(int alpha, int beta);
  // The children of the position to move, searched best-first within (alpha, beta).
  struct Expansion {
    int value;  // fail-soft
    int move;   // the card that gave it, or kNoMove
  };
  Expansion expand(int alpha, int beta, int first, const MovePlan& plan);
  // What the move ordering should try first for this window (move_order.h).
  MovePlan move_plan(const CostRange& range, std::uint32_t candidates, int beta) const;
  int play_out_last_trick();
  // Enhanced transposition cutoffs (enhanced_cutoffs.cpp), where the move of the
  // root's side ends the trick: the first of `order` whose child is already
  // known to cost <= alpha, without expanding any.
  std::optional<Expansion> known_refutation(const Card* order, int n, int alpha, int beta);
  // While set, search() stops where it would expand a node and returns
  // kUnknownCost: it then only reads what bounds and the table already know.
  bool probing_ = false;
  static constexpr int kUnknownCost = INT_MIN;  // no cost is that low

  TranspositionTable table_;
  SolverRules rules_;
  bool have_rules_ = false;
  CardSet point_cards_ = 0;  // cards worth points (either sign) under rules_
  Position pos_;
  int root_ = 0;
  std::uint32_t side_ = 0;  // the root's side (bit per seat): these seats minimise its cost
  std::uint64_t nodes_ = 0;
  std::uint64_t node_limit_ = UINT64_MAX;
  std::uint64_t next_check_ = UINT64_MAX;  // the node count at which limits are looked at again
  StopCheck stop_check_ = nullptr;
  void* stop_context_ = nullptr;
  // The slow path of the node count: the node limit, then the stop check.
  void check_limits();
  KillerMoves killers_;
  // What search() works out at the first node of each trick (by tricks done),
  // for the other nodes of the trick.
  struct TrickFacts {
    std::uint32_t candidates = 0;
    CostRange range{};
    PlainPoints points{};  // for the in-trick bounds (trick_bounds.h)
    bool points_known = false;
    MovePlan plan;
  };
  TrickFacts trick_facts_[kMaxPlays];
  int first_play_ = 0;  // plays made at the position a search starts from
};

}  // namespace copas::solver
