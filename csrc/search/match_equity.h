// The match-equity model (docs/MATCH_EQUITY.md): each seat's probability of
// winning the match from the totals, for the `match` objective of the search.
// Built once per variant by dynamic programming over the totals, with the hand
// scores that the playout policy makes in simulated hands; the search then reads
// the cells around the totals after each finished hand (values), with no allocation. The model treats the
// seats alike: a cell holds the chances of the seats in the order of their
// totals, for one sorted tuple of buckets of totals.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../match.h"
#include "../rules.h"

namespace copas {

// One simulated hand's scores, as recorded for the model: `normal` with its moon
// (if any) in the variant's form, `reversed` in the self-minus form for the
// conditional reverse moon (A24), which the match chooses between.
struct HandOutcome {
  std::int32_t normal[kMaxPlayers] = {};
  std::int32_t reversed[kMaxPlayers] = {};
  std::int32_t shooter = -1;
  double weight = 0;  // the outcome's share of the simulated hands
};

// Hand numbers cycle through this many in simulated hands and matches (a
// multiple of every pass cycle's length from 1 to 7 hands).
constexpr int kHandCycle = 420;

// Why the model cannot value matches of `rules` (empty when it can).
std::string match_equity_unsupported(const RuleSet& rules);

// `hands` hands of `rules` played by the playout policy (passes by hand number
// cycling, noise `noise`), their distinct outcomes merged with their weights, each
// also counted at every rotation of the seats (the model ignores seat order).
std::vector<HandOutcome> simulate_hand_outcomes(const RuleSet& rules, std::int64_t hands, std::uint64_t seed,
                                                double noise);

// Cells per table at most (each `players` floats, under 1 MB): the build's time
// is cells x distinct hand outcomes. A table coarser than kMinEquityCells is refused.
constexpr double kMaxEquityCells = 22000;
constexpr double kMinEquityCells = 4000;

class MatchEquity {
 public:
  // The table's shape for `rules` (not yet built: every cell an equal share), the
  // finest whose cells are at most `max_cells`.
  explicit MatchEquity(const RuleSet& rules, double max_cells = kMaxEquityCells);
  // The most cells a table solved over `outcomes` distinct hand outcomes may have
  // within the build's work budget (at most kMaxEquityCells): rules with many
  // outcomes (queens' 25,000) get a coarser table rather than none.
  static double cells_within_budget(std::size_t outcomes);
  double max_cells() const { return max_cells_; }

  // Solves the table for `outcomes` by Gauss-Seidel sweeps until no cell moves
  // more than `tolerance` (or `max_sweeps`); returns the sweeps made.
  int build(const std::vector<HandOutcome>& outcomes, int max_sweeps = 60, double tolerance = 1e-5);
  // Why solving the table for `outcomes` is beyond the work budget (empty when it
  // is not): a sweep costs cells x outcomes, and rules whose totals can fall need
  // several (turbo's charges make tens of thousands of outcomes over a wide span).
  std::string over_budget(const std::vector<HandOutcome>& outcomes) const;
  int sweeps() const { return sweeps_; }          // of the last build
  std::size_t outcomes() const { return outcomes_; }  // distinct hand outcomes it used

  // Every seat's match-winning chance in `match` (a state between hands): exact
  // when the match is over (a shared win split between the winning sides), an
  // equal share between the leaders during tie-break hands, else the table's
  // cells interpolated between the buckets' points (up to 2^players cells).
  void values(const MatchState& match, float* out) const;

  // Every seat's lowest and highest chance after one hand from `match`, over
  // the extreme hands: none scores, one seat takes every point, one seat's moon.
  // The search stretches its rewards to this spread (leaf_value.h).
  void spread(const MatchState& match, float* low, float* high) const;

  // Whether `hands` more hands can end the match from `match`: some seat scoring the
  // rules' worst (or best) hand score in each of them reaches the end.
  bool can_end_within(const MatchState& match, int hands) const;

  const RuleSet& rules() const { return rules_; }
  int players() const { return players_; }
  std::int32_t low() const { return low_; }      // the lowest total the table tells apart
  std::int32_t width() const { return width_; }  // the points one bucket spans
  int buckets() const { return buckets_; }       // per seat
  std::vector<float>& cells() { return cells_; }  // C(buckets+players-1, players) cells of players floats
  const std::vector<float>& cells() const { return cells_; }

 private:
  // values, the cells interpolated (`smooth`) or the one cell of the totals.
  void value_of(const MatchState& match, float* out, bool smooth) const;
  // Adds `weight` times the cell of one bucket per seat to `acc`, seat by seat.
  void add_cell(const std::int32_t* bucket, double weight, double* acc) const;
  // The cell of a sorted tuple of buckets (the combinatorial number system).
  std::size_t cell_of_sorted(const std::int32_t* sorted) const;
  void cell_values(const std::int32_t* sorted, const std::vector<HandOutcome>& outcomes, double* out) const;
  // Whether one sweep from the highest totals down settles the table: every
  // outcome moves some total up a bucket and none down.
  bool one_sweep_settles(const std::vector<HandOutcome>& outcomes) const;

  RuleSet rules_;
  int players_ = 0;
  std::int32_t low_ = 0;
  std::int32_t width_ = 1;
  double step_ = 1;  // between the buckets' points (low_ and target - 1 are the first and last)
  int buckets_ = 1;
  std::vector<float> cells_;
  std::vector<std::uint32_t> binomial_;  // C(c, k) at c * (players + 1) + k
  double max_cells_;
  int sweeps_ = 0;
  std::size_t outcomes_ = 0;
};

}  // namespace copas
