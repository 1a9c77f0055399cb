#include "solver.h"

#include <algorithm>

#include "move_order.h"
#include "outcome.h"
#include "position_key.h"
#include "rank_equivalence.h"
#include "trick_bounds.h"

namespace copas::solver {

namespace {

bool last_trick(const Position& pos) {
  for (int s = 0; s < pos.players(); ++s)
    if (pos.hand(s) & (pos.hand(s) - 1)) return false;  // two cards or more
  return true;
}

}  // namespace

Solver::Solver(std::size_t table_bytes) : table_(table_bytes) {}

void Solver::start(const Position& pos) {
  if (!have_rules_ || !rules_.same_play(pos.rules())) {
    if (have_rules_) table_.clear();  // entries are facts about the old rules
    rules_ = SolverRules(pos.rules());
    have_rules_ = true;
    point_cards_ = 0;
    for (int i = 0; i < 64; ++i)
      if (pos.rules().card_points[i] != 0) point_cards_ |= CardSet{1} << i;
  }
  pos_ = pos;
  root_ = pos.turn();
  side_ = side_of(pos.rules(), root_);
  nodes_ = 0;
  next_check_ = stop_check_ ? std::min(node_limit_, kStopCheckNodes) : node_limit_;
  table_.new_generation();
  killers_.clear();
  probing_ = false;  // a node limit or stop may have ended the last solve inside a probe
}

int Solver::solve(const Position& pos) {
  start(pos);
  return rules_.cost_sign() * mtdf(playout_guess());
}

int Solver::solve_moves(const Position& pos, Card* cards, int* values) {
  start(pos);
  const CardSet legal = pos_.legal_moves();
  const CardSet in_play = cards_in_play(pos_);
  const CardSet representatives = run_representatives(rules_, legal, in_play);
  int rep_value[64];
  int guess = 0;
  bool have_guess = false;
  for (CardSet rest = representatives; rest;) {
    const Card c = pop_lowest(rest);
    pos_.play(c);
    if (!have_guess) {
      guess = playout_guess();
      have_guess = true;
    }
    guess = rep_value[c.index] = mtdf(guess);
    pos_.undo();
  }
  int n = 0;
  for (CardSet rest = legal; rest; ++n) {
    const Card c = pop_lowest(rest);
    cards[n] = c;
    values[n] = rules_.cost_sign() * rep_value[run_representative(rules_, c, legal, in_play).index];
  }
  return n;
}

int Solver::playout_guess() {
  int plays = 0;
  while (pos_.phase() == Phase::kPlaying) {
    Card order[kMaxMoves];
    order_moves(rules_, pos_, root_, MovePlan{}, run_representatives(rules_, pos_.legal_moves(), cards_in_play(pos_)),
                TranspositionTable::kNoMove, order);
    pos_.play(order[0]);
    ++plays;
  }
  const int cost = final_cost(rules_, pos_, root_);
  for (; plays > 0; --plays) pos_.undo();
  return cost;
}

int Solver::mtdf(int guess) {
  const CostRange range = reachable_costs(rules_, pos_, root_, moon_candidates(rules_, pos_));
  int lower = range.lo, upper = range.hi;
  int g = std::clamp(guess, lower, upper);
  first_play_ = pos_.num_plays();
  while (lower < upper) {
    // Test "value >= beta" next to the guess; fail-soft results move the guess.
    const int beta = g == lower ? g + 1 : g;
    g = search(beta - 1, beta);
    if (g < beta) {
      upper = g;
    } else {
      lower = g;
    }
  }
  return lower;
}

int Solver::play_out_last_trick() {
  const int plays = pos_.players() - pos_.trick_length();
  for (int i = 0; i < plays; ++i) pos_.play(lowest(pos_.hand(pos_.turn())));
  const int cost = final_cost(rules_, pos_, root_);
  for (int i = 0; i < plays; ++i) pos_.undo();
  return cost;
}

void Solver::check_limits() {
  if (nodes_ > node_limit_) throw NodeLimitReached{};
  if (stop_check_ && stop_check_(stop_context_)) throw Stopped{};
  next_check_ = stop_check_ ? std::min(node_limit_, nodes_ + kStopCheckNodes) : node_limit_;
}

int Solver::search(int alpha, int beta) {
  if (++nodes_ > next_check_) [[unlikely]] check_limits();
  if (pos_.phase() == Phase::kOver) return final_cost(rules_, pos_, root_);
  // Within a trick the cards in play and the cards won do not change, so the
  // bounds and the plan are those of the trick's first node: searched with the
  // same null window, any cut-off they give was taken there.
  TrickFacts& facts = trick_facts_[pos_.tricks_done()];
  if (pos_.trick_length() == 0 || pos_.num_plays() == first_play_) {
    facts.candidates = moon_candidates(rules_, pos_);
    facts.range = reachable_costs(rules_, pos_, root_, facts.candidates);
    if (facts.range.lo >= beta || facts.range.lo == facts.range.hi) return facts.range.lo;
    if (facts.range.hi <= alpha) return facts.range.hi;
    facts.plan = move_plan(facts.range, facts.candidates, beta);
    facts.points_known = false;
  }
  if (last_trick(pos_)) return play_out_last_trick();
  const std::uint32_t candidates = facts.candidates;
  // Inside a trick (not the first, whose special endings these do not model),
  // once no moon is possible: the trick's winner, once partly decided, narrows the
  // bounds. Only point cards on the table make them tighter than the trick start's.
  // They count plain points, so scoring options and teams' side values go without.
  if (rules_.plain_scoring() && (pos_.trick_cards() & point_cards_) && pos_.tricks_done() > 0) {
    if (!facts.points_known) {  // worked out once per trick, and only where needed
      facts.points = plain_points(rules_, pos_, root_);
      facts.points_known = true;
    }
    if (in_trick_bounds_may_cut(rules_, pos_, facts.points, alpha, beta) &&
        moon_ended_in_trick(rules_, pos_, candidates)) {
      const CostRange in_trick = plain_costs_in_trick(rules_, pos_, root_, facts.points);
      if (in_trick.lo >= beta) return in_trick.lo;
      if (in_trick.hi <= alpha) return in_trick.hi;
    }
  }
  const MovePlan plan = facts.plan;
  const CostRange range = facts.range;
  // The table is used at trick boundaries, after the first trick (whose forced
  // opening card the key does not describe).
  if (pos_.trick_length() != 0 || pos_.tricks_done() == 0)
    return probing_ ? kUnknownCost : expand(alpha, beta, TranspositionTable::kNoMove, plan).value;

  const PositionKey key(rules_, pos_, root_, candidates);
  // Cost already fixed by the past, when the table stores the rest of the hand alone.
  const int offset = past_cost(rules_, pos_, root_, candidates);
  int first = TranspositionTable::kNoMove;
  if (const TableEntry* e = table_.find(key)) {
    const int lo = std::max(range.lo, e->lower + offset);
    const int hi = std::min(range.hi, e->upper + offset);
    if (lo >= beta || lo == hi) return lo;
    if (hi <= alpha) return hi;
    if (e->move != TranspositionTable::kNoMove) first = key.absolute_card(e->move).index;
  }
  if (probing_) return kUnknownCost;  // before the store: a probe learns nothing new
  const Expansion x = expand(alpha, beta, first, plan);
  // Fail-soft: below the window the value is at most x.value, above it at least.
  const int lower = x.value > alpha ? x.value - offset : INT16_MIN;
  const int upper = x.value < beta ? x.value - offset : INT16_MAX;
  table_.store(key, lower, upper, x.move == TranspositionTable::kNoMove ? x.move : key.relative_card(Card(x.move)),
               bit_count(pos_.hand(pos_.turn())));
  return x.value;
}

MovePlan Solver::move_plan(const CostRange& range, std::uint32_t candidates, int beta) const {
  MovePlan plan;
  const std::uint32_t others = candidates & ~(1u << root_);
  // Only a moon of another seat can take the root's cost up to beta.
  if (others && range.without_moon_hi < beta) plan.shooter = likely_shooter(rules_, pos_, others);
  plan.stop_root_moon = (candidates >> root_ & 1) && root_moon_cost(rules_) < beta;
  return plan;
}

Solver::Expansion Solver::expand(int alpha, int beta, int first, const MovePlan& plan) {
  const CardSet in_play = cards_in_play(pos_);
  Card order[kMaxMoves];
  const int n = order_moves(rules_, pos_, root_, plan,
                            run_representatives(rules_, pos_.legal_moves(), in_play), first, order);
  const bool minimising = (side_ >> pos_.turn()) & 1;
  const bool root_lead = minimising && pos_.trick_length() == 0;
  // Killers go after the table's move and the heuristic's first choice: put
  // before it they refute faster on average but much slower on some positions.
  const int after = (n > 0 && order[0].index == first ? 1 : 0) + 1;
  if (root_lead && after < n) killers_.promote(pos_.tricks_done(), order, after, n);
  if (minimising && n > 1 && pos_.trick_length() == pos_.players() - 1)
    if (const std::optional<Expansion> known = known_refutation(order, n, alpha, beta)) return *known;
  int best = minimising ? INT16_MAX : INT16_MIN;
  int best_move = TranspositionTable::kNoMove;
  for (int i = 0; i < n; ++i) {
    pos_.play(order[i]);
    const int v = search(alpha, beta);
    pos_.undo();
    if (minimising ? v < best : v > best) {
      best = v;
      best_move = order[i].index;
    }
    if (minimising) {
      beta = std::min(beta, best);
    } else {
      alpha = std::max(alpha, best);
    }
    if (alpha >= beta) {
      if (root_lead) killers_.record(pos_.tricks_done(), order[i]);
      break;
    }
  }
  return {best, best_move};
}

}  // namespace copas::solver
