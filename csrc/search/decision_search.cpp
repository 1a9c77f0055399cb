#include "decision_search.h"

#include "playout_policy.h"

namespace copas {

namespace {

constexpr int kClockEvery = 16;

}  // namespace

Position decision_root(const Position& pos, int /*seat*/) {
  Position root = pos;
  while (root.phase() == Phase::kDeciding && root.last_move_is_decision() &&
         decision_info(root.decision_record(root.num_decisions() - 1).word).hidden_until_done)
    root.undo_decision();
  return root;
}

DecisionSearch::DecisionSearch(const Position& root, int seat) : root_(root), seat_(seat) {
  // The seat's own choices: the root's when the decision is due from it now, else
  // (earlier seats' hidden decisions come first) its cards decide them at its turn.
  Position at = root;
  Rng none(1);
  while (at.phase() == Phase::kDeciding && at.turn() != seat) at.decide(heuristic_decision(at, none));
  for (DecisionChoices c = at.decision_choices(); c;) {
    MoveStats m;
    m.decision = static_cast<std::int16_t>(pop_lowest(c).index);
    options_.push_back(m);
  }
}

void DecisionSearch::value_at_hand_end(const MatchState* match, const MatchEquity* equity) {
  std::int32_t scores[kMaxPlayers];
  for (MoveStats& option : options_) {
    Position trial = root_;
    trial.decide(option.decision);
    if (equity) {
      MatchState after = *match;
      add_hand(trial, after, scores);
      float chance[kMaxPlayers];
      equity->values(after, chance);
      option.add(chance[seat_]);
      continue;
    }
    counted_hand_scores(trial, match, scores);
    option.add(moon_form_value(trial.rules(), scores, seat_));  // the points objective
  }
}

std::int64_t DecisionSearch::run(const WorldSampler& sampler, const IsmctsParams& params, SearchControl& control,
                                 Rng& rng, std::int64_t max_iterations, const MatchState* match,
                                 const MatchEquity* equity) {
  if (decision_info(root_.decision_word()).at_hand_end) {
    value_at_hand_end(match, equity);
    control.add_and_check(1, false);
    return 1;
  }
  std::int32_t scores[kMaxPlayers];
  std::int64_t done = 0;
  Position world, trial;
  while (max_iterations < 0 || done < static_cast<std::int64_t>(max_iterations)) {
    world = root_;
    if (!sampler.sample(rng, world)) break;
    const Rng stream = rng;  // every choice plays out from the same random stream
    for (MoveStats& option : options_) {
      trial = world;
      Rng local = stream;
      while (trial.phase() == Phase::kDeciding)
        trial.decide(trial.turn() == seat_ ? option.decision : heuristic_decision(trial, local));
      play_out_heuristic(trial, local, params.playout_noise);
      counted_hand_scores(trial, match, scores);
      option.add(relative_value(trial.rules(), scores, seat_));
    }
    rng.next();
    ++done;
    if (done % kClockEvery == 0 && control.add_and_check(kClockEvery, true)) break;
  }
  control.add_and_check(done % kClockEvery, false);
  return done;
}

}  // namespace copas
