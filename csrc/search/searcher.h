// The search facade: one entry point for every algorithm, with limits, threads
// (root parallel: each thread its own tree and generator, statistics merged),
// a stop from any thread, and memory bounded by the Hash size. The search sees
// the true position only through knowledge_of(position, seat).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "../match.h"
#include "../position.h"
#include "../solver/solver.h"
#include "inference.h"
#include "ismcts.h"
#include "match_equity.h"
#include "move_stats.h"
#include "search_control.h"

namespace copas {

enum class Algorithm : std::uint8_t { kAuto, kIsmcts, kPimc };

struct SearchOptions {
  int threads = 1;
  std::size_t hash_bytes = std::size_t{64} << 20;
  std::uint64_t seed = 0;  // 0: a fresh random seed per search
  Algorithm algorithm = Algorithm::kAuto;
  int pimc_max_tricks = 4;  // auto: solve worlds exactly once this few tricks remain
  // ... and once no more cards than this remain in the hands (4 tricks of 6 seats): at
  // 7 seats 4 tricks are 28 cards, and one PIMC move there solved for minutes.
  int pimc_max_cards = 24;
  // The match objective's horizon: with a table, play for the hand's points while no
  // `match_horizon` hands can end the match, for the match from then on (0: always
  // for the match).
  int match_horizon = 0;
  IsmctsParams ismcts;
  // Inference (inference.h): the card play's worlds weighted by the other seats' play.
  InferenceParams inference;
  // uno-hearts (docs/RULES.md §15): search the pass (pass_search.h over the two-copy worlds)
  // instead of passing the playout policy's pass; off by default, as the searched pass lost
  // to the heuristic's in the duplicate arena (docs/BENCHMARKS.md).
  bool uno_pass_search = false;
};

class Searcher {
 public:
  explicit Searcher(const SearchOptions& options);
  ~Searcher();

  // The best decision for `seat` (the seat to play, or any seat still to pass)
  // in `position`, within `limits`. Blocks; call stop() from another thread.
  // `match` (or nullptr): the match the hand is played in; where a hand's value
  // depends on it (hand_value_reads_match), the hands are scored as it counts them.
  // `equity` (or nullptr): the objective. nullptr plays for the hand's points;
  // a table plays for the match (leaf_value.h), from `match` (0-0 when nullptr),
  // by ISMCTS (the solver values points only), the moves' statistics then in
  // match-winning chance.
  SearchResult search(const Position& position, int seat, const SearchLimits& limits,
                      const MatchState* match = nullptr, const MatchEquity* equity = nullptr);
  void stop() { control_.stop(); }
  std::int64_t iterations() const { return control_.iterations(); }
  double elapsed_ms() const { return control_.elapsed_ms(); }
  const SearchOptions& options() const { return options_; }

 private:
  SearchResult run(const Position& root, int seat, Algorithm algorithm, std::uint64_t seed,
                   const MatchState* counted, const MatchEquity* equity);

  SearchOptions options_;
  SearchControl control_;
  std::vector<std::unique_ptr<IsmctsTree>> trees_;        // one per thread
  std::vector<std::unique_ptr<solver::Solver>> solvers_;  // one per thread, made on first use
};

// Why `seat` cannot search in `position` now (empty when it can).
std::string search_error(const Position& position, int seat);

}  // namespace copas
