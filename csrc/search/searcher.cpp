#include "searcher.h"

#include <chrono>
#include <optional>
#include <random>
#include <string>
#include <thread>

#include "decision_search.h"
#include "knowledge.h"
#include "pass_search.h"
#include "pimc.h"
#include "playout_policy.h"
#include "sampler.h"

namespace copas {

namespace {

// Half of the Hash for the trees, half for the solvers' tables, split by thread.
std::size_t share(const SearchOptions& o) {
  const int t = o.threads < 1 ? 1 : o.threads;
  return o.hash_bytes / 2 / static_cast<std::size_t>(t);
}

// A pass position with no pass set: the sampler deals into it, and every seat's
// pass is chosen inside the iterations.
Position without_passes(const Position& pos) {
  Position clean(&pos.rules(), pos.dealer(), pos.hand_no());
  CardSet hands[kMaxPlayers];
  for (int s = 0; s < pos.players(); ++s) hands[s] = pos.hand(s);
  if (pos.two_copies()) {  // uno-hearts: the second copies too (the stock's order: the sampler redeals it)
    CardSet twins[kMaxPlayers];
    for (int s = 0; s < pos.players(); ++s) twins[s] = pos.held(s).twice;
    clean.deal_twins(hands, twins);
  } else {
    clean.deal(hands);
  }
  // queens: the dealer's plan (always the hand's first decision) is public and stays.
  if (clean.phase() == Phase::kDeciding && pos.num_decisions() > 0) clean.decide(pos.decision_record(0).value);
  return clean;
}

// The candidate with the most visits; ties go to the better mean (`low`: the lower).
int best_index(const std::vector<MoveStats>& moves, bool low) {
  int best = -1;
  for (int i = 0; i < static_cast<int>(moves.size()); ++i) {
    if (best < 0 || moves[i].visits > moves[best].visits) {
      best = i;
    } else if (moves[i].visits == moves[best].visits) {
      const bool better = low ? moves[i].mean() < moves[best].mean() : moves[i].mean() > moves[best].mean();
      if (better) best = i;
    }
  }
  return best;
}

}  // namespace

std::string search_error(const Position& pos, int seat) {
  if (seat < 0 || seat >= pos.players()) return "no seat " + std::to_string(seat);
  if (pos.phase() == Phase::kOver) return "the hand is over";
  if (pos.phase() == Phase::kPassing) {
    if (pos.pool_pending()) return "every seat's cards are in the pool: it is dealt back next";
    if (pos.pass_is_set(seat)) return "seat " + std::to_string(seat) + " has passed already";
    if (pos.rules().pass_chain && pos.next_passer() != seat)
      return "the pass chain's next link is seat " + std::to_string(pos.next_passer()) + ", not seat " +
             std::to_string(seat);
    return "";
  }
  if (pos.turn() != seat) return "it is seat " + std::to_string(pos.turn()) + "'s turn, not " + std::to_string(seat) + "'s";
  return "";
}

Searcher::Searcher(const SearchOptions& options) : options_(options) {
  if (options_.threads < 1) options_.threads = 1;
  for (int t = 0; t < options_.threads; ++t) trees_.push_back(std::make_unique<IsmctsTree>(share(options_)));
}

Searcher::~Searcher() = default;

SearchResult Searcher::search(const Position& position, int seat, const SearchLimits& limits,
                              const MatchState* match, const MatchEquity* equity) {
  control_.start(limits);
  // The decision search values turbo's charges in hand points only: under the match
  // objective it still answers, on the points scale (its result says so). A decision
  // due at the hand's end (the moon's form) reads the match equity.
  if (position.phase() == Phase::kDeciding && !decision_info(position.decision_word()).at_hand_end)
    equity = nullptr;
  const MatchState from_zero;
  if (equity && !match) match = &from_zero;
  if (equity && options_.match_horizon > 0 && !equity->can_end_within(*match, options_.match_horizon))
    equity = nullptr;  // the end is beyond the horizon: the hand's points (and PIMC's solver)
  std::uint64_t seed = options_.seed;
  if (seed == 0) seed = std::random_device{}() ^ static_cast<std::uint64_t>(
                            std::chrono::steady_clock::now().time_since_epoch().count());
  Algorithm algorithm = options_.algorithm;
  if (position.phase() == Phase::kPassing || position.phase() == Phase::kDeciding) {
    algorithm = Algorithm::kIsmcts;  // the pass bandit and the decision search play out like ISMCTS
  } else if (position.kitty_pending()) {
    algorithm = Algorithm::kIsmcts;  // the solver values a hand only once its kitty is taken
  } else if (algorithm == Algorithm::kAuto) {
    const int tricks_left = count(position.hand(seat));
    const bool endgame = tricks_left <= options_.pimc_max_tricks &&
                         tricks_left * position.players() <= options_.pimc_max_cards;
    algorithm = endgame ? Algorithm::kPimc : Algorithm::kIsmcts;
  }
  const RuleSet& rules = position.rules();
  // The playouts read the match only where it changes a hand's value: the plain path stays as it was.
  const MatchState* counted = match && (equity || hand_value_reads_match(rules)) ? match : nullptr;
  if (equity) algorithm = Algorithm::kIsmcts;  // the solver values a hand's points only
  // PIMC solves worlds exactly: rules (or a match) the solver cannot score are searched by ISMCTS.
  if (algorithm == Algorithm::kPimc &&
      !(counted ? solver_unsupported(position, *counted) : solver_unsupported(position)).empty())
    algorithm = Algorithm::kIsmcts;
  SearchResult result = run(position, seat, algorithm, seed, counted, equity);
  result.iterations = control_.iterations();
  result.time_ms = control_.elapsed_ms();
  result.match_objective = equity != nullptr;
  result.best = best_index(result.moves, !equity && rules.goal == Goal::kLow);
  // PIMC that solved no world before the time ran out: the playout policy's card.
  if (algorithm == Algorithm::kPimc && result.iterations == 0 && !result.moves.empty()) {
    Rng rng(seed);
    const Card c = heuristic_card(position, rng, 0.0);
    for (int i = 0; i < static_cast<int>(result.moves.size()); ++i)
      if (result.moves[i].card == c) result.best = i;
  }
  return result;
}

SearchResult Searcher::run(const Position& position, int seat, Algorithm algorithm, std::uint64_t seed,
                           const MatchState* counted, const MatchEquity* equity) {
  SearchResult result;
  const bool passing = position.phase() == Phase::kPassing;
  if (passing && position.two_copies() && !options_.uno_pass_search) {
    // uno-hearts' pass (docs/RULES.md §15): the playout policy's pass, unsearched, unless
    // asked (SearchOptions::uno_pass_search).
    MoveStats pass;
    pass.pass = heuristic_pass(position.rules(), position.hand(seat), position.pass_plan().total());
    result.moves.push_back(pass);
    result.algorithm = "heuristic-pass";
    return result;
  }
  // A pass chain's root keeps the links made so far (the seat saw what it received;
  // the sampler redeals every unseen card, so the other links' cards stay hidden).
  const bool deciding = position.phase() == Phase::kDeciding;
  const Position root = passing ? (position.rules().pass_chain ? position : without_passes(position))
                        : deciding ? decision_root(position, seat)
                                   : position;
  // Two copies of every card (two-deck, uno-hearts): ISMCTS over twin_sampler.h's worlds
  // (uno-hearts' pass: the pass bandit over them; PIMC's solver refuses two copies).
  std::optional<TwinWorldSampler> twin;
  if (root.two_copies()) twin.emplace(root, seat);
  const WorldSampler sampler(twin ? Knowledge{} : knowledge_of(root, seat));
  if (twin ? !twin->ready() : !sampler.ready()) return result;
  // The card play's worlds, weighted by the other seats' cards when inference is on:
  // one pool for every thread, drawn with a generator of its own.
  const bool infer = !passing && !deciding && !twin && options_.inference.pool > 0;
  Rng pool_rng(seed ^ 0x5851f42d4c957f2dULL);
  const WorldPool pool(root, sampler, seat, infer ? options_.inference : InferenceParams{}, pool_rng);
  const WorldSource worlds(sampler, &pool);
  result.pool_effective_size = pool.empty() ? 0.0 : pool.effective_size();
  const int threads = options_.threads;
  const std::int64_t cap = control_.limits().infinite ? -1 : control_.limits().iterations;
  if (algorithm == Algorithm::kPimc) {
    for (int t = static_cast<int>(solvers_.size()); t < threads; ++t)
      solvers_.push_back(std::make_unique<solver::Solver>(share(options_)));
  }
  std::vector<std::vector<MoveStats>> per_thread(static_cast<std::size_t>(threads));
  auto work = [&](int t) {
    Rng rng(seed + 0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(t));
    // Split an iteration cap evenly; the first threads take the remainder.
    std::int64_t mine = -1;
    if (cap >= 0) mine = cap / threads + (t < cap % threads ? 1 : 0);
    auto& stats = per_thread[static_cast<std::size_t>(t)];
    if (deciding) {
      DecisionSearch ds(position, seat);  // its root is `root`; it keeps the seat's own decisions
      ds.run(sampler, options_.ismcts, control_, rng, mine, counted, equity);
      stats = ds.stats();
    } else if (passing) {
      PassSearch ps(root, seat);
      if (twin)
        ps.run(*twin, options_.ismcts, control_, rng, mine, counted, equity);
      else
        ps.run(sampler, options_.ismcts, control_, rng, mine, counted, equity);
      stats = ps.stats();
    } else if (algorithm == Algorithm::kPimc) {
      run_pimc(root, worlds, *solvers_[static_cast<std::size_t>(t)], control_, rng, mine, stats);
    } else if (twin) {
      trees_[static_cast<std::size_t>(t)]->run(root, *twin, options_.ismcts, control_, rng, mine, counted, equity);
      trees_[static_cast<std::size_t>(t)]->root_stats(stats);
    } else {
      trees_[static_cast<std::size_t>(t)]->run(root, worlds, options_.ismcts, control_, rng, mine, counted, equity);
      trees_[static_cast<std::size_t>(t)]->root_stats(stats);
    }
  };
  if (threads == 1) {
    work(0);
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(work, t);
    for (auto& th : pool) th.join();
  }
  // Merge by move, in the first thread's order.
  for (const auto& stats : per_thread) {
    for (const MoveStats& m : stats) {
      MoveStats* slot = nullptr;
      for (MoveStats& r : result.moves)
        if (r.card == m.card && r.pass == m.pass && r.pass_second == m.pass_second && r.pass_third == m.pass_third && r.decision == m.decision)
          slot = &r;
      if (slot) {
        slot->merge(m);
      } else {
        result.moves.push_back(m);
      }
    }
  }
  result.algorithm = deciding ? "decision-sampled" : passing ? "pass-ucb" : algorithm == Algorithm::kPimc ? "pimc" : "ismcts";
  return result;
}

}  // namespace copas
