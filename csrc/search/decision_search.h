// Choosing a decision other than a card or a pass (decision.h; turbo's charge) by
// sampling: every choice is evaluated in the same sampled worlds. Each iteration
// deals the unseen cards from the sampler, then once per choice lets the seats
// decide (the searching seat its choice, the others by heuristic_decision),
// plays the hand out with the heuristic policy from the same random stream, and
// scores it. Under gong-zhu+super-charge a charge is two options, face down and
// face up (A40), both played out in the same worlds. The value is the seat's hand score less the mean of the other
// sides' (a charge moves points between the others and the seat, which the
// seat's own score alone does not see: a charged Q♠ dumped on another seat
// costs the seat nothing and that seat 13 more).
#pragma once

#include <cstdint>
#include <vector>

#include "../match.h"
#include "../position.h"
#include "../rng.h"
#include "ismcts.h"
#include "match_equity.h"
#include "move_stats.h"
#include "sampler.h"
#include "search_control.h"

namespace copas {

class DecisionSearch {
 public:
  // `pos`: phase kDeciding with `seat` to decide; the search starts from
  // decision_root(pos, seat), the seat's own decisions made since kept.
  DecisionSearch(const Position& pos, int seat);

  // `match` (or nullptr): the hands end scored as that match counts them. `equity`
  // (with `match`): a decision due at the hand's end (the moon's form) is valued as
  // the seat's chance of winning the match after the hand.
  std::int64_t run(const WorldSampler& sampler, const IsmctsParams& params, SearchControl& control, Rng& rng,
                   std::int64_t max_iterations, const MatchState* match = nullptr,
                   const MatchEquity* equity = nullptr);
  // One entry per choice of the due decision (MoveStats::decision: its value); under
  // +super-charge a charged card has the figures of its better face.
  std::vector<MoveStats> stats() const;

 private:
  Position root_;
  int seat_;
  std::vector<MoveStats> options_;  // MoveStats::decision: the choice's value
  std::vector<int> faces_;          // per option: the face its charge gets (+super-charge), or -1
  int own_[kMaxDecisions] = {};     // the seat's decisions made since the root, in order
  int num_own_ = 0;
  // A decision due once the cards are played: nothing is hidden, each choice is valued once, exactly.
  void value_at_hand_end(const MatchState* match, const MatchEquity* equity);
};

// The position `seat` decides from: the decisions it cannot see yet (a word
// hidden_until_done, made earlier in the phase) taken back, to be re-decided in
// every sampled world.
Position decision_root(const Position& pos, int seat);

}  // namespace copas
