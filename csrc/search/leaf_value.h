// What a finished hand is worth at a search leaf, for every seat: the objective
// as data. `points` (no equity table): the hand's score (as the match counts it
// where the variant reads the match, A24; teams: the side's sum), mapped to a
// reward by the variant's score range. `match` (a MatchEquity): the seat's (its
// side's) chance of winning the match from the totals after the hand; the
// reported value is that chance too.
#pragma once

#include "../match.h"
#include "../position.h"
#include "match_equity.h"
#include "score_scale.h"

namespace copas {

class LeafValue {
 public:
  // `match`: the match the hand is played in (required with `equity`).
  LeafValue(const RuleSet& rules, const MatchState* match, const MatchEquity* equity)
      : scale_(rules), match_(match), equity_(equity) {}

  // Every seat's value of the finished `hand` in the objective's unit (hand
  // points, or the match-winning chance): what the statistics report.
  void operator()(const Position& hand, double* value) const {
    const int n = hand.players();
    std::int32_t scores[kMaxPlayers];
    if (equity_) [[unlikely]] {
      MatchState after = *match_;
      add_hand(hand, after, scores);
      float chance[kMaxPlayers];
      equity_->values(after, chance);
      for (int s = 0; s < n; ++s) value[s] = chance[s];
      return;
    }
    counted_hand_scores(hand, match_, scores);
    side_sums(hand.rules(), scores, n, scores);  // teams play for the side
    for (int s = 0; s < n; ++s) value[s] = scores[s];
  }
  // A value as the bandits' reward in [0, 1] (1 = best); only for the seats
  // that need it (the movers on the path), as a chance already is one.
  double reward(double value) const { return equity_ ? value : scale_.reward(value); }

 private:
  ScoreScale scale_;
  const MatchState* match_;
  const MatchEquity* equity_;
};

}  // namespace copas
