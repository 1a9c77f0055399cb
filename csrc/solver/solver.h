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
// can still win it (trick_bounds.h). Where those leave a trick boundary open, a
// small search of a relaxed game may still prove the root's cost low enough
// (relaxed_ceiling.h). Helper threads share the work ABDADA-style (busy_marks.h).
#pragma once

#include <atomic>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "../position.h"
#include "busy_marks.h"
#include "killer_moves.h"
#include "move_order.h"
#include "outcome.h"
#include "relaxed_ceiling.h"
#include "solver_rules.h"
#include "transposition_table.h"
#include "trick_bounds.h"

namespace copas::solver {

class Solver {
 public:
  // `table_bytes` of transposition table, allocated here once.
  explicit Solver(std::size_t table_bytes = std::size_t{64} << 20);
  ~Solver();

  // Thrown when a solve would search more positions than its node limit allows.
  struct NodeLimitReached {};
  // Thrown when the stop check (set_stop_check) says a solve must end now.
  struct Stopped {};

  // Paranoid value of `pos` (phase kPlaying) for the seat to act.
  int solve(const Position& pos);
  // Value of each legal card of the seat to act (the root seat's final score
  // after playing it): writes the cards lowest first and returns their number.
  int solve_moves(const Position& pos, Card* cards, int* values);

  // The most positions one solve or solve_moves may search, all threads together
  // (0: no limit); beyond it the call throws NodeLimitReached (the table keeps what
  // it learnt). Helper threads' counts are read every kStopCheckNodes of theirs.
  void set_node_limit(std::uint64_t nodes) { node_limit_ = nodes ? nodes : UINT64_MAX; }
  // Asked every kStopCheckNodes positions (0: never); when it answers true the
  // solve throws Stopped. A search's clock and stop flag end a long solve this way.
  using StopCheck = bool (*)(void* context);
  void set_stop_check(StopCheck check, void* context) { stop_check_ = check, stop_context_ = context; }
  static constexpr std::uint64_t kStopCheckNodes = 4096;

  // Threads for each solve and solve_moves (1: this one alone). The others
  // search the same tests and share the table; each leaves for later the
  // positions another is expanding (busy_marks.h), so they split the replies
  // that must all be searched (and the first helper orders the root's moves its
  // own way). The value is the same exact value.
  void set_threads(int threads);
  int threads() const { return static_cast<int>(helpers_.size()) + 1; }

  // Positions searched by the last solve or solve_moves, by every thread.
  std::uint64_t nodes() const;
  std::size_t table_bytes() const { return table_->bytes(); }
  void clear_table() { table_->clear(); }

 private:
  // A helper searching with its owner's table and busy marks.
  Solver(TranspositionTable& shared, BusyMarks& busy, const Solver& owner);
  class HelperThreads;
  void start(const Position& pos);
  // The owner's current null-window test (the root move it follows, or -1, and
  // beta), published for its helper threads as one word.
  class SharedPass {
   public:
    std::uint64_t publish(int move, int beta) {
      ++count_;
      const std::uint64_t test =
          count_ << 32 | std::uint64_t(std::uint16_t(move + 1)) << 16 | std::uint16_t(beta + 0x8000);
      word_.store(test, std::memory_order_release);
      return test;
    }
    std::uint64_t current() const { return word_.load(std::memory_order_acquire); }
    static int move(std::uint64_t test) { return static_cast<int>(test >> 16 & 0xffff) - 1; }
    static int beta(std::uint64_t test) { return static_cast<int>(test & 0xffff) - 0x8000; }
    // A helper's result for `test` (fail-soft, as search() returns it).
    void answer(std::uint64_t test, int value) {
      answer_.store((test >> 32) << 32 | std::uint16_t(value + 0x8000), std::memory_order_release);
    }
    // True, with the value, when a helper has answered `test`.
    bool answered(std::uint64_t test, int& value) const {
      const std::uint64_t a = answer_.load(std::memory_order_acquire);
      if (a >> 32 != test >> 32) return false;
      value = static_cast<int>(a & 0xffff) - 0x8000;
      return true;
    }

   private:
    std::uint64_t count_ = 0;  // written by the owner alone
    std::atomic<std::uint64_t> word_{0};
    std::atomic<std::uint64_t> answer_{0};
  };
  // Thrown in the owner when a helper has answered its current test first.
  struct HelperAnswered {};
  // Back to `at` after a search ended by an exception (a helper's answer, a stop).
  void abandon_search(const Position& at);
  // The owner's test: searched here, unless a helper answers it first.
  int search_or_take_answer(int beta);
  // Sets the node count at which limits, stop and helpers' answers are looked at.
  void arm_checks();
  // What a helper thread runs while its owner solves `pos`: each test the owner
  // publishes in `pass` after `earlier` (the last test of an earlier solve),
  // searched alongside it, until `stop`.
  void help(const Position& pos, SharedPass& pass, const std::atomic<bool>& stop, std::uint64_t earlier);
  // A helper's stop check: the run is over, the owner has moved to another test, or
  // all threads' published counts are past the owner's node limit (the owner may
  // not be running to see it: its thread can wait for a core).
  bool helper_should_stop() const;
  // The value of each of the root's representative moves (solve_moves), by card index.
  void solve_representatives(CardSet representatives, int* rep_value);
  int mtdf(int guess);
  // Where MTD(f) starts: playout_cost(), or with many tricks left the middle of the
  // reachable costs if higher.
  int first_guess();
  // Three seats play against the root, and early in the hand a playout of the
  // heuristic's choices rarely sees how hard they can: it mostly guesses low, and
  // each MTD(f) test below the value is a costly proof. Raising the guess to the
  // middle: 13-trick deals 0-5, 9, 10 45.1 M -> 40.9 M nodes (the median deal 8.5 M
  // -> 7.4 M), all 10-trick deals 7.58 M -> 6.74 M; but 8 tricks 1.86 M -> 2.04 M,
  // 6 tricks 175 k -> 226 k, where the playout is the better guess.
  static constexpr int kMiddleGuessMinTricks = 10;
  // The root's cost at the end of a playout of the move ordering's first choices.
  int playout_cost();
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
  // What search() returns for a trick boundary another thread is expanding, when
  // the caller lets it defer (defer_if_busy_): the caller searches it after its
  // other moves.
  static constexpr int kDeferred = INT_MIN + 1;
  bool defer_if_busy_ = false;  // read (and reset) by the next search() call alone

  std::unique_ptr<TranspositionTable> own_table_;  // none in a helper
  TranspositionTable* table_;
  std::unique_ptr<BusyMarks> own_busy_;  // none in a helper
  BusyMarks* busy_;
  bool shares_work() const { return !helpers_.empty() || watched_pass_; }
  std::vector<std::unique_ptr<Solver>> helpers_;
  // The first helper tries the root's moves in another order (move_order.h), which
  // finds the refutation sooner on some positions; the deferrals split the rest.
  // Two threads, medians: 13 tricks 5.3 s (4.75 s with the owner's order), 10
  // tricks 0.31 s (0.43 s).
  bool cashes_ = false;
  std::uint64_t current_test_ = 0;  // the owner's test being searched
  int helper_value_ = 0;            // a helper's answer to it
  SharedPass pass_;       // the owner's tests
  int root_move_ = -1;    // the root move the owner's test follows (solve_moves), or -1
  const Solver* owner_ = nullptr;             // a helper's owner
  const SharedPass* watched_pass_ = nullptr;  // a helper's owner's tests
  const std::atomic<bool>* stop_flag_ = nullptr;
  std::uint64_t watched_test_ = 0;
  SolverRules rules_;
  bool have_rules_ = false;
  Position pos_;
  int root_ = 0;
  std::uint32_t side_ = 0;  // the root's side (bit per seat): these seats minimise its cost
  std::uint64_t nodes_ = 0;
  // nodes_, copied at each check for the node limit (read by the other threads).
  std::atomic<std::uint64_t> published_nodes_{0};
  // Every thread's last published count (any thread may ask; the owner's limit check
  // publishes its own count first).
  std::uint64_t published_so_far() const;
  std::uint64_t node_limit_ = UINT64_MAX;
  std::uint64_t next_check_ = UINT64_MAX;  // the node count at which limits are looked at again
  StopCheck stop_check_ = nullptr;
  void* stop_context_ = nullptr;
  // The slow path of the node count: the node limit, then the stop check.
  void check_limits();
  KillerMoves killers_;
  // The relaxed game's ceiling (relaxed_ceiling.h), with its entries in table_.
  // Each question may search this many of its positions (no answer counts as
  // "no"): 1,000, 2,000 and 4,000 gave 50.3 M, 49.2 M and 48.6 M nodes on three
  // 13-trick deals (13/1, 13/4, 13/10), and about the same time.
  RelaxedCeiling relaxed_;
  static constexpr std::uint64_t kRelaxedBudget = 2000;
  // It is asked with this many tricks left or more: with fewer, the real search
  // settles a boundary about as cheaply. Summed nodes (its own counted) at 6 / 8 /
  // 10 tricks: asked from 2 tricks left 404 k / 4.55 M / 22.8 M, from 4 387 k /
  // 4.63 M / 23.0 M, from 6 219 k / 5.10 M / 29.4 M; never 174 k / 3.53 M / 47.0 M.
  static constexpr int kRelaxedMinTricks = 4;
  // And with this many tricks left or fewer: with more, its questions mostly run
  // out of budget. At most 7 / 8 / 9 / 10: 35.3 M / 32.0 M / 31.2 M / 31.9 M nodes
  // on the same deals (at most 6 / 7 / 8 gave 51.9 M / 49.2 M / 52.8 M before its
  // tighter possible winners and the stoppable moons made each question cheaper).
  static constexpr int kRelaxedMaxTricks = 9;
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
