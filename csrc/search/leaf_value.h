// What a finished hand is worth at a search leaf, for every seat: the objective
// as data. The search loops are templates over these two types, so the `points`
// loop compiles as it did before the `match` objective existed.
//   PointsLeaf: the hand's score (as the match counts it where the variant reads
//     the match, A24; teams: the side's sum), made a reward by the score range.
//   MatchLeaf: the seat's (its side's) chance of winning the match from the
//     totals after the hand (a MatchEquity table: one cell per leaf).
#pragma once

#include "../match.h"
#include "../position.h"
#include "match_equity.h"
#include "score_scale.h"

namespace copas {

class PointsLeaf {
 public:
  // `match` (or nullptr): the match, where the variant's hand value reads it.
  PointsLeaf(const RuleSet& rules, const MatchState* match) : scale_(rules), match_(match) {}
  // Every seat's value of the finished `hand`, in the unit the statistics report.
  void operator()(const Position& hand, double* value) const {
    std::int32_t scores[kMaxPlayers];
    counted_hand_scores(hand, match_, scores);
    side_sums(hand.rules(), scores, hand.players(), scores);  // teams play for the side
    for (int s = 0; s < hand.players(); ++s) value[s] = scores[s];
  }
  // `seat`'s value as the bandits' reward in [0, 1] (1 = best).
  double reward(double value, int /*seat*/) const { return scale_.reward(value); }

 private:
  ScoreScale scale_;
  const MatchState* match_;
};

class MatchLeaf {
 public:
  // `points_weight` in [0, 1]: the share of the reward that is the hand's points
  // (a tie-break where the match chances are flat, e.g. a last hand already won or lost).
  MatchLeaf(const MatchState& match, const MatchEquity& equity, const RuleSet& rules, double points_weight = 0)
      : match_(match), equity_(equity), points_(rules), points_weight_(points_weight) {
    float high[kMaxPlayers];
    equity.spread(match, low_, high);
    for (int s = 0; s < equity.players(); ++s) scale_[s] = high[s] > low_[s] ? 1.0 / (high[s] - low_[s]) : 1.0;
  }
  void operator()(const Position& hand, double* value) const {
    MatchState after = match_;
    std::int32_t scores[kMaxPlayers];
    add_hand(hand, after, scores);
    float chance[kMaxPlayers];
    equity_.values(after, chance);
    for (int s = 0; s < hand.players(); ++s) value[s] = chance[s];
    if (points_weight_ > 0) {
      side_sums(hand.rules(), scores, hand.players(), scores);
      for (int s = 0; s < hand.players(); ++s) points_reward_[s] = points_.reward(scores[s]);
    }
  }
  // The chance stretched to the spread one hand can make from this match: early
  // in a match every hand moves the chances a little, and rewards within a few
  // hundredths of each other would leave the bandits exploring blindly. With a
  // points weight, mixed with the points of the hand the last call valued.
  double reward(double value, int seat) const {
    double r = (value - low_[seat]) * scale_[seat];
    r = r < 0 ? 0 : r > 1 ? 1 : r;
    return points_weight_ > 0 ? (1 - points_weight_) * r + points_weight_ * points_reward_[seat] : r;
  }

 private:
  const MatchState& match_;
  const MatchEquity& equity_;
  ScoreScale points_;
  double points_weight_;
  float low_[kMaxPlayers];
  double scale_[kMaxPlayers];
  // The last valued hand's points as rewards: the loops call reward() right after operator().
  mutable double points_reward_[kMaxPlayers] = {};
};

}  // namespace copas
