#include "decision_search.h"

#include "../auction.h"
#include "playout_policy.h"

namespace copas {

namespace {

constexpr int kClockEvery = 16;
// auction: the bids a searched seat weighs, beside the pass: raises by 1 to this
// (a CEP game may still carry any legal bid; docs/RULES.md §20 Engine).
constexpr int kBidRaises = 3;

// auction: what the played hand `trial` costs `seat` in chips: its chips before the
// settlement (the bid paid, the pot claimed) less after, in `match` (or, with none,
// from the start chips and an empty pot). A cost, as the goal is low: less is better.
double chips_lost(const Position& trial, const MatchState* match, int seat) {
  MatchState after;
  if (match) {
    after = *match;
  } else {
    for (int s = 0; s < trial.players(); ++s) after.totals[s] = trial.rules().start_chips;
  }
  const std::int32_t before = after.totals[seat];
  settle_auction_play(trial, after);
  return before - after.totals[seat];
}

}  // namespace

Position decision_root(const Position& pos, int /*seat*/) {
  Position root = pos;
  while (root.phase() == Phase::kDeciding && root.last_move_is_decision() &&
         decision_info(root.last_decision().word).hidden_until_done)
    root.undo_decision();
  return root;
}

DecisionSearch::DecisionSearch(const Position& pos, int seat) : root_(decision_root(pos, seat)), seat_(seat) {
  // The seat's own decisions taken back with the hidden ones (its charge, when its
  // face is due): every world makes them again as made.
  for (int i = root_.num_decisions(); i < pos.num_decisions(); ++i)
    if (pos.decision_record(i).seat == seat) own_[num_own_++] = pos.decision_record(i).value;
  // The seat's own choices: the root's when the decision is due from it now, else
  // (earlier seats' hidden decisions come first) its cards decide them at its turn.
  Position at = root_;
  Rng none(1);
  for (int own = 0; at.phase() == Phase::kDeciding && (at.turn() != seat || own < num_own_);)
    at.decide(at.turn() == seat ? own_[own++] : heuristic_decision(at, none));
  // +super-charge (A40): a card charged is weighed face down and face up, each an option.
  const bool with_face = at.rules().super_charge && at.decision_word() == DecisionWord::kCharge;
  DecisionChoices choices = at.decision_choices();
  if (at.decision_word() == DecisionWord::kBid)  // the pass, or a raise by 1..kBidRaises
    choices &= (DecisionChoices{2} << (at.auction().high + kBidRaises)) - 1;
  for (DecisionChoices c = choices; c;) {
    MoveStats m;
    m.decision = static_cast<std::int16_t>(pop_lowest(c).index);
    const bool card = with_face && m.decision != kNoCardValue;
    for (int face : {kFaceDown, kFaceUp}) {
      if (!card && face == kFaceUp) break;
      options_.push_back(m);
      faces_.push_back(card ? face : -1);
    }
  }
}

std::vector<MoveStats> DecisionSearch::stats() const {
  // One entry per value of the due word: a charged card with its better face's figures.
  std::vector<MoveStats> out;
  for (std::size_t i = 0; i < options_.size(); ++i) {
    if (i > 0 && options_[i].decision == options_[i - 1].decision) {
      if (options_[i].mean() > out.back().mean()) out.back() = options_[i];
      continue;
    }
    out.push_back(options_[i]);
  }
  return out;
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
    for (std::size_t i = 0; i < options_.size(); ++i) {
      MoveStats& option = options_[i];
      trial = world;
      Rng local = stream;
      // The seat: its decisions made already, then the option (and its face).
      int own = 0;
      bool chosen = false;
      while (trial.phase() == Phase::kDeciding) {
        int value;
        if (trial.turn() != seat_) {
          value = heuristic_decision(trial, local);
        } else if (own < num_own_) {
          value = own_[own++];
        } else if (!chosen) {
          value = option.decision;
          chosen = true;
        } else {
          value = faces_[i] >= 0 ? faces_[i] : heuristic_decision(trial, local);
        }
        trial.decide(value);
      }
      play_out_heuristic(trial, local, params.playout_noise);
      if (trial.rules().auction) {
        option.add(chips_lost(trial, match, seat_));  // the bid and the suit weighed in chips
        continue;
      }
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
