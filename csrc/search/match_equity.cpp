#include "match_equity.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "../deal.h"
#include "../position.h"
#include "playout_policy.h"
#include "score_scale.h"

namespace copas {

namespace {

// Cell x outcome evaluations a build may make: about a minute on this project's
// machines (american's one sweep is 22,000 x 2,234, about 4 s).
constexpr double kWorkBudget = 6e8;
// The sweeps assumed for a table that one sweep does not settle (copas-fora+jd-bonus: 2).
constexpr double kSweepsAssumed = 2;

double choose(int c, int k) {
  double v = 1;
  for (int i = 1; i <= k; ++i) v = v * (c - k + i) / i;
  return v;
}

// A win shared by several sides is split between them.
void split_win(const RuleSet& r, int n, std::uint32_t winners, float* out) {
  const int side = r.teams ? n / r.teams : 1;
  const int sides = __builtin_popcount(winners) / side;
  for (int s = 0; s < n; ++s) out[s] = (winners >> s) & 1 ? 1.0f / static_cast<float>(sides) : 0.0f;
}

}  // namespace

std::string match_equity_unsupported(const RuleSet& r) {
  if (r.goal != Goal::kLow) return "the match-equity model covers penalty games (goal low) only";
  if (r.match_hands > 0) return "a match of a fixed number of hands (match_hands) is not modelled";
  if (r.target <= 0) return "the match-equity model needs a positive target";
  if (r.teams) return "partnerships (teams) are not modelled: the model treats every seat alike";
  if (r.start_chips) return "a match for chips (the pot, elimination) is not modelled: the model reads points totals";
  if (r.eliminate_at_target)
    return "elimination at the target (domino's end (b)) is not modelled: the model ends the match at the first "
           "total to reach it";
  if (r.copies > 1) return "two copies of every card are not modelled: the simulated hands deal one copy";
  return "";
}

std::vector<HandOutcome> simulate_hand_outcomes(const RuleSet& rules, std::int64_t hands, std::uint64_t seed,
                                                double noise) {
  const int n = rules.players;
  using Key = std::array<std::int32_t, 2 * kMaxPlayers + 1>;
  std::map<Key, std::int64_t> seen;
  Rng rng(seed);
  Dealer dealer(rules);
  CardSet dealt[kMaxPlayers];
  Position pos(&rules, n - 1, 0);
  HandOutcome o;
  for (std::int64_t h = 0; h < hands; ++h) {
    pos.reset(n - 1, static_cast<int>(h % kHandCycle));
    dealer.deal(rng, dealt);
    pos.deal(dealt);
    play_out_heuristic(pos, rng, noise);
    pos.hand_scores_with_moon(rules.moon, o.normal);  // a shooter's choice still due: both forms
    o.shooter = pos.moon_shooter();
    if (o.shooter >= 0 && moon_form_reads_match(rules)) {
      pos.hand_scores_with_moon(MoonRule::kSelfMinus, o.reversed);
    } else {
      for (int s = 0; s < n; ++s) o.reversed[s] = o.normal[s];
    }
    for (int turn = 0; turn < n; ++turn) {  // new seat s is old seat s + turn
      Key k{};
      for (int s = 0; s < n; ++s) {
        k[s] = o.normal[(s + turn) % n];
        k[kMaxPlayers + s] = o.reversed[(s + turn) % n];
      }
      k[2 * kMaxPlayers] = o.shooter < 0 ? -1 : (o.shooter - turn + n) % n;
      ++seen[k];
    }
  }
  std::vector<HandOutcome> out;
  out.reserve(seen.size());
  const double all = static_cast<double>(hands) * n;
  for (const auto& [k, times] : seen) {
    HandOutcome e;
    for (int s = 0; s < n; ++s) e.normal[s] = k[s], e.reversed[s] = k[kMaxPlayers + s];
    e.shooter = k[2 * kMaxPlayers];
    e.weight = static_cast<double>(times) / all;
    out.push_back(e);
  }
  return out;
}

double MatchEquity::cells_within_budget(std::size_t outcomes) {
  const double fit = kWorkBudget / (kSweepsAssumed * static_cast<double>(std::max<std::size_t>(outcomes, 1)));
  return std::min(fit, kMaxEquityCells);
}

MatchEquity::MatchEquity(const RuleSet& rules, double max_cells)
    : rules_(rules), players_(rules.players), max_cells_(max_cells) {
  // Totals below 0 only where a hand can score below 0 (a reversed moon): then down to -target/2.
  const ScoreScale scale(rules);
  low_ = scale.best < 0 ? -rules.target / 2 : 0;
  const std::int32_t span = rules.target - low_;
  int most = 1;
  while (most < span && choose(most + players_, players_) <= max_cells) ++most;
  width_ = (span + most - 1) / most;
  buckets_ = (span + width_ - 1) / width_;
  // The buckets' points run from the lowest total to the highest before the target.
  step_ = buckets_ > 1 ? static_cast<double>(span - 1) / (buckets_ - 1) : 1.0;
  const int rows = buckets_ + players_;
  binomial_.assign(static_cast<std::size_t>(rows * (players_ + 1)), 0);
  for (int c = 0; c < rows; ++c)
    for (int k = 0; k <= players_; ++k)
      binomial_[static_cast<std::size_t>(c * (players_ + 1) + k)] = static_cast<std::uint32_t>(choose(c, k) + 0.5);
  const auto cells = static_cast<std::size_t>(choose(buckets_ + players_ - 1, players_) + 0.5);
  cells_.assign(cells * static_cast<std::size_t>(players_), 1.0f / static_cast<float>(players_));
}

std::size_t MatchEquity::cell_of_sorted(const std::int32_t* sorted) const {
  // b0 <= b1 <= ... as the strictly increasing b_k + k, ranked by sum C(b_k + k, k + 1).
  std::size_t cell = 0;
  for (int k = 0; k < players_; ++k)
    cell += binomial_[static_cast<std::size_t>((sorted[k] + k) * (players_ + 1) + k + 1)];
  return cell;
}

void MatchEquity::values(const MatchState& match, float* out) const { value_of(match, out, true); }

void MatchEquity::value_of(const MatchState& match, float* out, bool smooth) const {
  const MatchOutcome o = match_outcome(rules_, match, players_);
  if (o.over) return split_win(rules_, players_, o.winners, out);
  if (match.tiebreak) {
    // Tie-break hands (A11b): the leaders' chances taken as equal, the others' as none.
    std::int32_t judged[kMaxPlayers];
    side_sums(rules_, match.totals, players_, judged);
    std::int32_t best = judged[0];
    for (int s = 1; s < players_; ++s) best = judged[s] < best ? judged[s] : best;
    std::uint32_t leaders = 0;
    for (int s = 0; s < players_; ++s) leaders |= std::uint32_t{judged[s] == best} << s;
    return split_win(rules_, players_, leaders, out);
  }
  double acc[kMaxPlayers] = {};
  std::int32_t bucket[kMaxPlayers] = {};
  if (!smooth) {
    for (int s = 0; s < players_; ++s) {
      const auto b = static_cast<std::int32_t>(std::lround((match.totals[s] - low_) / step_));
      bucket[s] = b < 0 ? 0 : b >= buckets_ ? buckets_ - 1 : b;
    }
    add_cell(bucket, 1.0, acc);
  } else {
    // Multilinear between the buckets' points: a point more or less always
    // counts, though the points are several apart.
    std::int32_t base[kMaxPlayers];
    double frac[kMaxPlayers];
    for (int s = 0; s < players_; ++s) {
      const double x = (match.totals[s] - low_) / step_;
      const double top = buckets_ - 1;
      base[s] = x <= 0 ? 0 : x >= top ? buckets_ - 1 : static_cast<std::int32_t>(x);
      frac[s] = x <= 0 || x >= top ? 0.0 : x - base[s];
    }
    for (std::uint32_t corner = 0; corner < (1u << players_); ++corner) {
      double weight = 1;
      for (int s = 0; s < players_ && weight > 0; ++s) {
        const bool up = (corner >> s) & 1;
        weight *= up ? frac[s] : 1 - frac[s];
        bucket[s] = base[s] + up;
      }
      if (weight > 0) add_cell(bucket, weight, acc);
    }
  }
  for (int s = 0; s < players_; ++s) out[s] = static_cast<float>(acc[s]);
}

void MatchEquity::add_cell(const std::int32_t* bucket, double weight, double* acc) const {
  // The seats by bucket (insertion sort: at most 7), then the cell of that tuple.
  std::int32_t sorted[kMaxPlayers];
  int seat_at[kMaxPlayers];
  for (int s = 0; s < players_; ++s) {
    int k = s;
    for (; k > 0 && sorted[k - 1] > bucket[s]; --k) sorted[k] = sorted[k - 1], seat_at[k] = seat_at[k - 1];
    sorted[k] = bucket[s], seat_at[k] = s;
  }
  const float* cell = &cells_[cell_of_sorted(sorted) * static_cast<std::size_t>(players_)];
  for (int k = 0; k < players_; ++k) acc[seat_at[k]] += weight * cell[k];
}

void MatchEquity::spread(const MatchState& match, float* low, float* high) const {
  const std::int32_t most = static_cast<std::int32_t>(ScoreScale(rules_).worst);
  float v[kMaxPlayers];
  values(match, low);
  for (int s = 0; s < players_; ++s) high[s] = low[s];
  std::int32_t scores[kMaxPlayers];
  for (int t = 0; t < players_; ++t) {
    for (int moon = 0; moon < 2; ++moon) {
      if (moon && rules_.moon != MoonRule::kOthersPlus) continue;
      for (int s = 0; s < players_; ++s) scores[s] = moon ? (s == t ? 0 : rules_.moon_value) : (s == t ? most : 0);
      MatchState after = match;
      if (moon && rules_.moon_wins_match) after.moon_winner = static_cast<std::int8_t>(t);  // queens: won at once
      add_scores(rules_, players_, scores, after);
      values(after, v);
      for (int s = 0; s < players_; ++s) low[s] = std::min(low[s], v[s]), high[s] = std::max(high[s], v[s]);
    }
  }
}

bool MatchEquity::can_end_within(const MatchState& match, int hands) const {
  const ScoreScale scale(rules_);
  for (int t = 0; t < players_; ++t)
    for (const double extreme : {scale.worst, scale.best}) {
      std::int32_t scores[kMaxPlayers] = {};
      scores[t] = static_cast<std::int32_t>(extreme);
      MatchState after = match;
      for (int h = 0; h < hands; ++h) add_scores(rules_, players_, scores, after);
      if (match_outcome(rules_, after, players_).over) return true;
    }
  return false;
}

void MatchEquity::cell_values(const std::int32_t* sorted, const std::vector<HandOutcome>& outcomes,
                              double* out) const {
  MatchState from;
  // The bucket's point stands for the bucket; seat k holds the k-th lowest.
  for (int s = 0; s < players_; ++s) from.totals[s] = low_ + static_cast<std::int32_t>(std::lround(sorted[s] * step_));
  for (int s = 0; s < players_; ++s) out[s] = 0;
  std::int32_t scores[kMaxPlayers];
  float v[kMaxPlayers];
  for (const HandOutcome& h : outcomes) {
    choose_moon_form(rules_, players_, from, h.shooter, h.normal, h.reversed, scores);
    MatchState after = from;
    if (rules_.moon_wins_match && h.shooter >= 0) after.moon_winner = static_cast<std::int8_t>(h.shooter);  // queens
    add_scores(rules_, players_, scores, after);
    value_of(after, v, false);  // the build reads cells whole (16x faster than smoothed)
    for (int s = 0; s < players_; ++s) out[s] += h.weight * v[s];
  }
}

bool MatchEquity::one_sweep_settles(const std::vector<HandOutcome>& outcomes) const {
  if (rules_.exact_score) return false;  // a reset takes a total down
  for (const HandOutcome& h : outcomes) {
    bool rises = false;
    for (int s = 0; s < players_; ++s) {
      if (h.normal[s] < 0 || h.reversed[s] < 0) return false;
      // From a bucket's point, a score of a bucket's width always reaches a later bucket.
      rises = rises || (h.normal[s] >= width_ && (h.shooter < 0 || h.reversed[s] >= width_));
    }
    if (!rises) return false;
  }
  return true;
}

std::string MatchEquity::over_budget(const std::vector<HandOutcome>& outcomes) const {
  const double per_sweep = static_cast<double>(cells_.size() / static_cast<std::size_t>(players_)) *
                           static_cast<double>(outcomes.size());
  const double work = per_sweep * (one_sweep_settles(outcomes) ? 1 : kSweepsAssumed);
  if (work <= kWorkBudget) return "";
  return "solving the table would take " + std::to_string(static_cast<long long>(work / 1e6)) +
         " M cell evaluations (" + std::to_string(outcomes.size()) + " distinct hand outcomes), over the budget of " +
         std::to_string(static_cast<long long>(kWorkBudget / 1e6)) + " M";
}

int MatchEquity::build(const std::vector<HandOutcome>& outcomes, int max_sweeps, double tolerance) {
  // Every sorted tuple of buckets, grouped by its sum.
  std::vector<std::vector<std::array<std::int32_t, kMaxPlayers>>> by_sum(
      static_cast<std::size_t>(players_ * (buckets_ - 1) + 1));
  std::array<std::int32_t, kMaxPlayers> t{};
  for (;;) {
    int sum = 0;
    for (int s = 0; s < players_; ++s) sum += t[static_cast<std::size_t>(s)];
    by_sum[static_cast<std::size_t>(sum)].push_back(t);
    // The next non-decreasing tuple: raise the last digit below the top, copy it rightwards.
    int k = players_ - 1;
    while (k >= 0 && t[static_cast<std::size_t>(k)] == buckets_ - 1) --k;
    if (k < 0) break;
    const std::int32_t up = t[static_cast<std::size_t>(k)] + 1;
    for (int j = k; j < players_; ++j) t[static_cast<std::size_t>(j)] = up;
  }
  // Cells with the highest totals first: in a penalty game without resets the
  // totals only grow, so one sweep in this order settles the table.
  if (one_sweep_settles(outcomes)) max_sweeps = 1;
  // No more sweeps than the work budget pays for (at least the ones over_budget assumed).
  const double per_sweep = static_cast<double>(cells_.size() / static_cast<std::size_t>(players_)) *
                           static_cast<double>(std::max<std::size_t>(outcomes.size(), 1));
  max_sweeps = std::min(max_sweeps, std::max(static_cast<int>(kSweepsAssumed), static_cast<int>(kWorkBudget / per_sweep)));
  double v[kMaxPlayers];
  int sweeps = 0;
  while (sweeps < max_sweeps) {
    ++sweeps;
    double moved = 0;
    for (auto level = by_sum.rbegin(); level != by_sum.rend(); ++level) {
      for (const auto& sorted : *level) {
        cell_values(sorted.data(), outcomes, v);
        float* cell = &cells_[cell_of_sorted(sorted.data()) * static_cast<std::size_t>(players_)];
        for (int s = 0; s < players_; ++s) {
          moved = std::max(moved, std::abs(v[s] - static_cast<double>(cell[s])));
          cell[s] = static_cast<float>(v[s]);
        }
      }
    }
    if (moved <= tolerance) break;
  }
  sweeps_ = sweeps;
  outcomes_ = outcomes.size();
  return sweeps;
}

}  // namespace copas
