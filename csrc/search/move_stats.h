// Per-candidate statistics of a search, in the variant's own score units: the
// seat's expected hand score after the move, its standard error and visits (under
// the match objective: its chance of winning the match).
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "../cards.h"

namespace copas {

struct MoveStats {
  Card card;         // the move, in the play
  CardSet pass = 0;  // the cards, when the decision is a pass
  CardSet pass_second = 0;  // of those, the ones sent the second way (a split pass)
  CardSet pass_third = 0;   // and the third way (queens' 1l1r1a)
  std::int16_t decision = -1;  // a decision's value (decision.h), when the move is one
  double sum = 0;    // of the seat's final hand score over visits
  double sum_sq = 0;
  std::uint64_t visits = 0;

  void add(double score) {
    sum += score;
    sum_sq += score * score;
    ++visits;
  }
  void merge(const MoveStats& o) {
    sum += o.sum;
    sum_sq += o.sum_sq;
    visits += o.visits;
  }
  double mean() const { return visits ? sum / static_cast<double>(visits) : 0.0; }
  double std_error() const {
    if (visits < 2) return 0.0;
    const double n = static_cast<double>(visits);
    const double var = (sum_sq - sum * sum / n) / (n - 1);
    return var > 0 ? std::sqrt(var / n) : 0.0;
  }
};

struct SearchResult {
  std::vector<MoveStats> moves;  // every candidate
  int best = -1;                 // index into moves
  std::int64_t iterations = 0;
  double time_ms = 0;
  const char* algorithm = "";
  bool match_objective = false;  // the statistics are match-winning chances (higher is better)
  double pool_effective_size = 0;  // the inference pool's effective size (0: inference off)
};

}  // namespace copas
