#include "solver.h"

#include <algorithm>
#include <optional>
#include <thread>
#include <utility>

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

// The helper threads of one solve: started with it on `pos`, and at its end (also
// when the owner's search throws) told to stop and joined.
class Solver::HelperThreads {
 public:
  HelperThreads(Solver& owner, const Position& pos) {
    // Read before any thread starts: the owner may publish its first test before a
    // helper is running, and the helper must not take that one for an earlier solve's.
    const std::uint64_t earlier = owner.pass_.current();
    for (auto& h : owner.helpers_) threads_.emplace_back([&, earlier] { h->help(pos, owner.pass_, stop_, earlier); });
  }
  HelperThreads(const HelperThreads&) = delete;
  HelperThreads& operator=(const HelperThreads&) = delete;
  ~HelperThreads() {
    stop_.store(true, std::memory_order_relaxed);
    for (std::thread& t : threads_) t.join();
  }

 private:
  std::atomic<bool> stop_{false};
  std::vector<std::thread> threads_;
};

Solver::Solver(std::size_t table_bytes)
    : own_table_(std::make_unique<TranspositionTable>(table_bytes)),
      table_(own_table_.get()),
      own_busy_(std::make_unique<BusyMarks>()),
      busy_(own_busy_.get()) {}

Solver::Solver(TranspositionTable& shared, BusyMarks& busy, const Solver& owner)
    : table_(&shared), busy_(&busy), owner_(&owner) {}

Solver::~Solver() = default;

void Solver::set_threads(int threads) {
  helpers_.clear();
  for (int k = 1; k < threads; ++k) helpers_.push_back(std::unique_ptr<Solver>(new Solver(*table_, *busy_, *this)));
  if (threads > 1) helpers_[0]->cashes_ = true;
}

void Solver::start(const Position& pos) {
  if (!have_rules_ || !rules_.same_play(pos.rules())) {
    // Entries are facts about the old rules (the owner clears; a helper starts after it).
    if (have_rules_ && own_table_) table_->clear();
    rules_ = SolverRules(pos.rules());
    relaxed_.forget_suit_hashes();  // hashed by the old rules' card classes
    have_rules_ = true;
  }
  pos_ = pos;
  root_ = pos.turn();
  side_ = side_of(pos.rules(), root_);
  nodes_ = 0;
  // Before the helpers start (each zeroes its own nodes_ then): their published
  // counts from the last solve must not count against this one's limit.
  published_nodes_.store(0, std::memory_order_relaxed);
  for (auto& h : helpers_) h->published_nodes_.store(0, std::memory_order_relaxed);
  arm_checks();
  if (own_table_) table_->new_generation();
  killers_.clear();
  probing_ = false;  // a node limit or stop may have ended the last solve inside a probe
}

int Solver::solve(const Position& pos) {
  start(pos);
  root_move_ = -1;
  const HelperThreads helpers(*this, pos);
  return rules_.cost_sign() * mtdf(first_guess());
}

int Solver::solve_moves(const Position& pos, Card* cards, int* values) {
  start(pos);
  const CardSet legal = pos_.legal_moves();
  const CardSet separating = separating_cards(rules_, pos_);
  int rep_value[64];
  {
    const HelperThreads helpers(*this, pos);
    solve_representatives(run_representatives(rules_, legal, separating), rep_value);
  }
  int n = 0;
  for (CardSet rest = legal; rest; ++n) {
    const Card c = pop_lowest(rest);
    cards[n] = c;
    values[n] = rules_.cost_sign() * rep_value[run_representative(rules_, c, legal, separating).index];
  }
  return n;
}

void Solver::solve_representatives(CardSet representatives, int* rep_value) {
  int guess = 0;
  bool have_guess = false;
  for (CardSet rest = representatives; rest;) {
    const Card c = pop_lowest(rest);
    pos_.play(c);
    if (!have_guess) {
      guess = first_guess();
      have_guess = true;
    }
    root_move_ = c.index;
    guess = rep_value[c.index] = mtdf(guess);
    pos_.undo();
  }
}

void Solver::help(const Position& pos, SharedPass& pass, const std::atomic<bool>& stop, std::uint64_t earlier) {
  watched_pass_ = &pass;
  stop_flag_ = &stop;
  watched_test_ = earlier;
  set_stop_check([](void* self) { return static_cast<const Solver*>(self)->helper_should_stop(); }, this);
  start(pos);  // after the stop check is set: start() arms it
  while (!stop.load(std::memory_order_relaxed)) {
    const std::uint64_t test = pass.current();
    if (test == watched_test_) {  // the owner's test is done here: wait for its next
      std::this_thread::yield();
      continue;
    }
    watched_test_ = test;
    if (SharedPass::move(test) >= 0) pos_.play(Card(static_cast<std::uint8_t>(SharedPass::move(test))));
    first_play_ = pos_.num_plays();
    try {
      const int beta = SharedPass::beta(test);
      pass.answer(test, search(beta - 1, beta));
    } catch (const Stopped&) {
      // The owner moved on: what this thread found is in the table.
    }
    abandon_search(pos);
  }
}

bool Solver::helper_should_stop() const {
  return stop_flag_->load(std::memory_order_relaxed) || watched_pass_->current() != watched_test_ ||
         owner_->published_so_far() > owner_->node_limit_;
}

int Solver::first_guess() {
  const int playout = playout_cost();
  if (bit_count(pos_.hand(root_)) < kMiddleGuessMinTricks) return playout;
  const CostRange range = reachable_costs(rules_, pos_, root_, moon_candidates(rules_, pos_));
  return std::max(playout, (range.lo + range.hi + 1) / 2);
}

int Solver::playout_cost() {
  int plays = 0;
  while (pos_.phase() == Phase::kPlaying) {
    Card order[kMaxMoves];
    order_moves(rules_, pos_, root_, MovePlan{}, representative_moves(rules_, pos_), TranspositionTable::kNoMove, order);
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
    if (helpers_.empty()) {
      g = search(beta - 1, beta);
    } else {
      current_test_ = pass_.publish(root_move_, beta);
      g = search_or_take_answer(beta);
    }
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

void Solver::arm_checks() {
  const bool asks = stop_check_ || !helpers_.empty();
  next_check_ = asks ? std::min(node_limit_, nodes_ + kStopCheckNodes) : node_limit_;
}

std::uint64_t Solver::nodes() const {
  std::uint64_t all = nodes_;  // read between solves, when the helpers have stopped
  for (const auto& h : helpers_) all += h->nodes_;
  return all;
}

std::uint64_t Solver::published_so_far() const {
  std::uint64_t all = published_nodes_.load(std::memory_order_relaxed);
  for (const auto& h : helpers_) all += h->published_nodes_.load(std::memory_order_relaxed);
  return all;
}

void Solver::check_limits() {
  published_nodes_.store(nodes_, std::memory_order_relaxed);  // first: the sum below then holds this count exactly
  if (published_so_far() > node_limit_) throw NodeLimitReached{};
  if (stop_check_ && stop_check_(stop_context_)) throw Stopped{};
  if (!helpers_.empty() && pass_.answered(current_test_, helper_value_)) throw HelperAnswered{};
  arm_checks();
}

void Solver::abandon_search(const Position& at) {
  pos_ = at;         // the search left its cards played
  probing_ = false;  // and may have ended inside a probe
}

int Solver::search_or_take_answer(int beta) {
  const Position at_test = pos_;
  try {
    return search(beta - 1, beta);
  } catch (const HelperAnswered&) {
    abandon_search(at_test);
    return helper_value_;
  }
}

int Solver::search(int alpha, int beta) {
  const bool may_defer = std::exchange(defer_if_busy_, false);
  if (++nodes_ > next_check_) [[unlikely]] check_limits();
  if (pos_.phase() == Phase::kOver) return final_cost(rules_, pos_, root_);
  // Within a trick the cards in play and the cards won do not change, so the
  // bounds and the plan are those of the trick's first node: searched with the
  // same null window, any cut-off they give was taken there.
  TrickFacts& facts = trick_facts_[pos_.tricks_done()];
  // The table is used at trick boundaries, after the first trick (whose forced
  // opening card the key does not describe), before the last (played out).
  std::optional<PositionKey> key;
  const bool at_last_trick = last_trick(pos_);
  if (pos_.trick_length() == 0 || pos_.num_plays() == first_play_) {
    facts.candidates = moon_candidates(rules_, pos_);
    if (pos_.trick_length() == 0 && pos_.tricks_done() > 0 && !at_last_trick) {
      // Keyed first, so its bucket loads from memory while the bounds are worked out.
      key.emplace(rules_, pos_, root_, facts.candidates);
      table_->prefetch(*key);
    }
    facts.range = reachable_costs(rules_, pos_, root_, facts.candidates);
    if (facts.range.lo >= beta || facts.range.lo == facts.range.hi) return facts.range.lo;
    if (facts.range.hi <= alpha) return facts.range.hi;
    facts.plan = move_plan(facts.range, facts.candidates, beta);
    facts.points_known = false;
  }
  if (at_last_trick) return play_out_last_trick();
  const std::uint32_t candidates = facts.candidates;
  // Inside a trick (not the first, whose special endings these do not model),
  // once no moon is possible: the trick's winner, once partly decided, narrows the
  // bounds. Only point cards on the table make them tighter than the trick start's.
  // They count plain points, so scoring options and teams' side values go without.
  if (rules_.plain_scoring() && (pos_.trick_cards() & rules_.point_cards()) && pos_.tricks_done() > 0) {
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
  if (!key) return probing_ ? kUnknownCost : expand(alpha, beta, TranspositionTable::kNoMove, plan).value;

  // Cost already fixed by the past, when the table stores the rest of the hand alone.
  const int offset = past_cost(rules_, pos_, root_, candidates);
  int first = TranspositionTable::kNoMove;
  if (TableEntry e; table_->find(*key, e)) {
    const int lo = std::max(range.lo, e.lower + offset);
    const int hi = std::min(range.hi, e.upper + offset);
    if (lo >= beta || lo == hi) return lo;
    if (hi <= alpha) return hi;
    if (e.move != TranspositionTable::kNoMove) first = key->absolute_card(e.move).index;
  }
  // The dearer ceiling, only where the cheap bounds and the table left the node open.
  if (const int ceiling = losing_next_trick_ceiling(rules_, pos_, root_, candidates); ceiling <= alpha) return ceiling;
  if (probing_) return kUnknownCost;  // before the store: a probe learns nothing new
  // The relaxed game's ceiling (relaxed_ceiling.h), dearer still: asked last.
  const int tricks_left = bit_count(pos_.hand(pos_.turn()));
  if (range.hi > alpha && tricks_left >= kRelaxedMinTricks && tricks_left <= kRelaxedMaxTricks &&
      RelaxedCeiling::applies(rules_, pos_)) {
    const std::uint64_t before = relaxed_.nodes();
    // Its positions count as the solve's, within the node limit.
    const std::uint64_t budget = std::min(kRelaxedBudget, node_limit_ - std::min(node_limit_, nodes_));
    const bool holds = relaxed_.at_most(rules_, *table_, pos_, root_, alpha, budget);
    nodes_ += relaxed_.nodes() - before;
    if (holds) {
      table_->store(*key, INT16_MIN, alpha - offset, TranspositionTable::kNoMove, tricks_left);
      return alpha;
    }
  }
  if (may_defer && busy_->busy(key->check())) return kDeferred;
  std::optional<BusyMarks::Guard> busy;
  if (shares_work()) busy.emplace(*busy_, key->check());
  const Expansion x = expand(alpha, beta, first, plan);
  // Fail-soft: below the window the value is at most x.value, above it at least.
  const int lower = x.value > alpha ? x.value - offset : INT16_MIN;
  const int upper = x.value < beta ? x.value - offset : INT16_MAX;
  table_->store(*key, lower, upper, x.move == TranspositionTable::kNoMove ? x.move : key->relative_card(Card(x.move)),
               bit_count(pos_.hand(pos_.turn())));
  return x.value;
}

MovePlan Solver::move_plan(const CostRange& range, std::uint32_t candidates, int beta) const {
  MovePlan plan;
  const std::uint32_t others = candidates & ~(1u << root_);
  // Only a moon of another seat can take the root's cost up to beta.
  if (others && range.without_moon_hi < beta) plan.shooter = likely_shooter(rules_, pos_, others);
  plan.stop_root_moon = (candidates >> root_ & 1) && root_moon_cost(rules_) < beta;
  plan.root_cashes = cashes_ && candidates != 0;
  return plan;
}

Solver::Expansion Solver::expand(int alpha, int beta, int first, const MovePlan& plan) {
  Card order[kMaxMoves];
  const int n = order_moves(rules_, pos_, root_, plan, representative_moves(rules_, pos_), first, order);
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
  // Searches order[i]; true when it cuts the node off, or (with `may_defer`) false
  // and leaves it in `deferred` when another thread is expanding its position.
  int deferred[kMaxMoves];
  int n_deferred = 0;
  auto visit = [&](int i, bool may_defer) {
    pos_.play(order[i]);
    defer_if_busy_ = may_defer;
    const int v = search(alpha, beta);
    pos_.undo();
    if (v == kDeferred) {
      deferred[n_deferred++] = i;
      return false;
    }
    if (minimising ? v < best : v > best) {
      best = v;
      best_move = order[i].index;
    }
    if (minimising) {
      beta = std::min(beta, best);
    } else {
      alpha = std::max(alpha, best);
    }
    if (alpha < beta) return false;
    if (root_lead) killers_.record(pos_.tricks_done(), order[i]);
    return true;
  };
  // With other threads, a move may be left for later while another thread
  // expands its position (busy_marks.h): any move of the other side, whose nodes
  // the costly last test of MTD(f) searches whole, but not the root side's first,
  // which usually cuts its node off and which every thread needs first. Deferring
  // only later moves: 2 threads, 13/1 + 13/4 + 13/10, 64.3 M nodes 4.3 s against
  // 55.5-58.8 M 3.7 s; all of 10 tricks 13.1 M 1.20 s against 11.9 M 0.82 s.
  const bool shares = shares_work();
  for (int i = 0; i < n; ++i)
    if (visit(i, shares && (i > 0 || !minimising))) return {best, best_move};
  for (int k = 0; k < n_deferred; ++k)
    if (visit(deferred[k], false)) break;
  return {best, best_move};
}

}  // namespace copas::solver
