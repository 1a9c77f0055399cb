// The search for Python: Searcher (ISMCTS, PIMC, pass bandit) with the GIL
// released while it runs, so stop() and progress work from other threads; and
// the heuristic policy as a bot.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <tuple>

#include "../csrc/search/match_equity.h"
#include "../csrc/search/playout_policy.h"
#include "../csrc/search/searcher.h"
#include "../csrc/search/view.h"
#include "boxes.h"
#include "errors.h"
#include "inference_args.h"
#include "pass_cards.h"

namespace py = pybind11;

namespace copas::py_api {

namespace {

Algorithm algorithm_from_str(const std::string& s) {
  if (s == "auto") return Algorithm::kAuto;
  if (s == "ismcts") return Algorithm::kIsmcts;
  if (s == "pimc") return Algorithm::kPimc;
  throw std::invalid_argument("unknown algorithm '" + s + "' (auto, ismcts, pimc)");
}

py::dict result_dict(const SearchResult& r, const Position& pos) {
  py::list moves;
  for (const MoveStats& m : r.moves) {
    py::dict d;
    if (m.decision >= 0) {
      d["decision"] = decision_str(pos.decision_word(), m.decision);
    } else if (m.pass) {
      d["pass"] = CardSetBox{m.pass};
      if (m.pass_third)
        d["pass_parts"] = py::make_tuple(CardSetBox{m.pass & ~m.pass_second & ~m.pass_third}, CardSetBox{m.pass_second},
                                         CardSetBox{m.pass_third});
      else if (m.pass_second)
        d["pass_parts"] = py::make_tuple(CardSetBox{m.pass & ~m.pass_second}, CardSetBox{m.pass_second});
    } else {
      d["card"] = m.card;
    }
    d["score"] = m.mean();
    d["stderr"] = m.std_error();
    d["visits"] = m.visits;
    moves.append(d);
  }
  py::dict out;
  out["moves"] = moves;
  out["best"] = r.best;
  out["iterations"] = r.iterations;
  out["time_ms"] = r.time_ms;
  out["algorithm"] = r.algorithm;
  out["objective"] = r.match_objective ? "match" : "points";
  out["pool_effective_size"] = r.pool_effective_size;
  return out;
}

}  // namespace

void register_searcher(py::module_& m) {
  m.attr("PIMC_MAX_TRICKS") = SearchOptions{}.pimc_max_tricks;  // auto's default: PIMC from this many cards in hand
  py::class_<Searcher>(m, "Searcher", "Search for one seat's best decision from its own information.")
      .def(py::init([](int threads, int hash_mb, std::uint64_t seed, const std::string& algorithm,
                       int pimc_max_tricks, double exploration, double playout_noise, int match_horizon,
                       int inference_pool, double inference_noise, const std::vector<float>& inference_model,
                       double match_points_weight, bool uno_pass_search) {
             if (threads < 1 || threads > 256) throw std::invalid_argument("threads must be 1..256");
             if (hash_mb < 1 || hash_mb > 65536) throw std::invalid_argument("hash_mb must be 1..65536");
             SearchOptions o;
             o.threads = threads;
             o.hash_bytes = static_cast<std::size_t>(hash_mb) << 20;
             o.seed = seed;
             o.algorithm = algorithm_from_str(algorithm);
             o.pimc_max_tricks = pimc_max_tricks;
             if (match_horizon < 0) throw std::invalid_argument("match_horizon must be 0 (always the match) or more hands");
             o.match_horizon = match_horizon;
             if (inference_pool < 0 || inference_pool > 65536)
               throw std::invalid_argument("inference_pool must be 0 (off) to 65536 worlds");
             o.inference = inference_params(inference_pool, inference_noise, inference_model, "inference_noise");
             o.ismcts.exploration = exploration;
             o.ismcts.playout_noise = playout_noise;
             if (!(match_points_weight >= 0 && match_points_weight <= 1))
               throw std::invalid_argument("match_points_weight must be 0 (the match only) to 1 (the points only)");
             o.ismcts.match_points_weight = match_points_weight;
             o.uno_pass_search = uno_pass_search;
             py::gil_scoped_release release;  // allocating the Hash takes a moment
             return std::make_unique<Searcher>(o);
           }),
           py::arg("threads") = 1, py::arg("hash_mb") = 64, py::arg("seed") = 0, py::arg("algorithm") = "auto",
           py::arg("pimc_max_tricks") = SearchOptions{}.pimc_max_tricks, py::arg("exploration") = 0.7, py::arg("playout_noise") = 0.1,
           py::arg("match_horizon") = 0, py::arg("inference_pool") = 0, py::arg("inference_noise") = 0.5,
           py::arg("inference_model") = std::vector<float>{}, py::arg("match_points_weight") = 0.0,
           py::arg("uno_pass_search") = false)
      .def("search",
           [](Searcher& s, const PositionBox& b, int seat, std::int64_t iterations, std::int64_t movetime_ms,
              bool infinite, const MatchBox* match, const MatchEquity* equity) {
             std::string error = search_error(b.pos, seat);
             if (equity && !(equity->rules() == *b.rules))
               throw std::invalid_argument("the match-equity table was built for other rules than the position's");
             if (!error.empty()) throw IllegalMoveError("cannot search: " + error);
             if (match && match->players != b.pos.players())
               throw InvalidPositionError("the match state has " + std::to_string(match->players) +
                                          " totals for a " + std::to_string(b.pos.players()) + "-player hand");
             SearchLimits limits;
             limits.iterations = iterations;
             limits.movetime_ms = movetime_ms;
             limits.infinite = infinite;
             SearchResult r;
             {
               py::gil_scoped_release release;
               r = s.search(b.pos, seat, limits, match ? &match->state : nullptr, equity);
             }
             if (r.best < 0)
               throw InvalidPositionError("no world can be sampled from seat " + std::to_string(seat) +
                                          "'s view (none is consistent with it, or there are too many to count)");
             return result_dict(r, b.pos);
           },
           py::arg("position"), py::arg("seat"), py::arg("iterations") = -1, py::arg("movetime_ms") = -1,
           py::arg("infinite") = false, py::arg("match") = py::none(), py::arg("equity") = py::none(),
           "Search `seat`'s decision (its card, its pass, or a decision such as a charge) from what it knows, in the MatchState "
           "`match` when given (a hand whose value the match decides is scored as it counts it); with a "
           "MatchEquity `equity` it plays for the match (the scores are then match-winning chances); returns "
           "{'moves': [{card|pass|decision ('word=value'), score, stderr, visits}], 'best': index, 'iterations', "
           "'time_ms', 'algorithm', 'objective'}.")
      .def("stop", &Searcher::stop, "End a running search (from another thread); it returns promptly.")
      .def_property_readonly("iterations", &Searcher::iterations, "iterations of the running or last search")
      .def_property_readonly("elapsed_ms", &Searcher::elapsed_ms);

  m.def(
      "world_from_view",
      [](const RuleSet& rules, int seat, const CardSetBox& hand, const py::object& passed,
         const py::object& received, const std::vector<std::pair<int, Card>>& moves, int dealer, int hand_no,
         std::uint64_t seed, const CardSetBox& kitty, const CardSetBox& discarded, bool discard_made,
         const std::string& revokes, const std::vector<std::tuple<int, int, std::string>>& decisions,
         const std::vector<int>& forwarded, const std::vector<Card>& drawn, bool drawn_complete,
         const std::vector<std::int32_t>& bid_limits, const std::vector<int>& draws,
         const std::vector<int>& face_down) {
        std::string error = check_rules(rules);
        if (!error.empty()) throw InvalidPositionError("unsupported rules: " + error);
        const bool domino = rules.stock_draw == StockDraw::kUntilFollow;  // its discards are moves too
        if (moves.size() > static_cast<std::size_t>(domino ? kMaxViewMoves : kMaxPlays))
          throw InvalidPositionError("too many moves");
        if (dealer < 0 || dealer >= rules.players) throw InvalidPositionError("no dealer seat " + std::to_string(dealer));
        if (hand_no < 0 || hand_no > kMaxHandNo)
          throw InvalidPositionError("hand number must be 0.." + std::to_string(kMaxHandNo));
        SeatView v;
        v.seat = seat;
        v.dealer = dealer;
        v.hand_no = hand_no;
        v.dealt = hand.bits;
        v.kitty_seen = kitty.bits;
        v.discarded = discarded.bits;
        v.discard_made = discard_made;
        v.num_moves = static_cast<int>(moves.size());
        v.revokes_penalize = revokes_penalize_mode(revokes, rules);
        for (int s : forwarded) {
          if (s < 0 || s >= rules.players) throw InvalidPositionError("forwarded: no seat " + std::to_string(s));
          if (!rules.pass_blind) throw InvalidPositionError("forwarded: only blind-forward's chain forwards unseen");
          v.forwarded |= 1u << s;
        }
        if (!drawn.empty() && rules.stock_draw == StockDraw::kNone)
          throw InvalidPositionError("drawn: this variant has no stock");
        if (drawn.size() > kMaxStock) throw InvalidPositionError("drawn: more cards than the stock holds");
        v.num_drawn = static_cast<int>(drawn.size());
        v.drawn_complete = drawn_complete;
        std::copy(drawn.begin(), drawn.end(), v.drawn);
        for (std::size_t i = 0; i < moves.size(); ++i) {
          if (moves[i].first < -1 || moves[i].first >= rules.players)
            throw InvalidPositionError("move " + std::to_string(moves[i].first) + ":" + card_str(moves[i].second) +
                                       ": no seat " + std::to_string(moves[i].first));
          v.move_seat[i] = static_cast<std::int8_t>(moves[i].first);
          v.move_card[i] = moves[i].second;
        }
        // domino (docs/RULES.md §17): another seat's draws before each move, its face-down discards.
        if (!(draws.empty() && face_down.empty()) && rules.stock_draw != StockDraw::kUntilFollow)
          throw InvalidPositionError("draws, face_down: only domino's views have them");
        if (!draws.empty() && draws.size() != moves.size())
          throw InvalidPositionError("draws: one count per move, " + std::to_string(moves.size()) + ", not " +
                                     std::to_string(draws.size()));
        for (std::size_t i = 0; i < draws.size(); ++i) {
          if (draws[i] < 0 || draws[i] > kMaxStock)
            throw InvalidPositionError("draws: " + std::to_string(draws[i]) + " is not a count of stock cards");
          v.move_draws[i] = static_cast<std::uint8_t>(draws[i]);
        }
        for (int i : face_down) {
          if (i < 0 || i >= v.num_moves) throw InvalidPositionError("face_down: no move " + std::to_string(i));
          v.move_face_down[i] = true;
        }
        if (!bid_limits.empty()) {
          if (static_cast<int>(bid_limits.size()) != rules.players)
            throw InvalidPositionError("bid_limits: " + std::to_string(bid_limits.size()) + " for " +
                                       std::to_string(rules.players) + " seats");
          std::copy(bid_limits.begin(), bid_limits.end(), v.bid_limit);
          v.bid_limits_known = true;
        }
        for (const auto& [at, who, text] : decisions) {
          const int i = v.num_decisions;
          DecisionWord word;
          int value = 0;
          if (std::string e = parse_decision(text, word, value, true); !e.empty())
            throw InvalidPositionError("move " + std::to_string(who) + ":" + text + ": " + e);
          if (word == DecisionWord::kBid) {
            // auction: the bids (public) come before every other decision and card, kept apart.
            if (at != 0 || i > 0 || value < 0 || v.num_bids == kMaxAuctionMoves)
              throw InvalidPositionError("move " + std::to_string(who) + ":" + text +
                                         ": out of place (the bids come first, before any card)");
            v.bid_seat[v.num_bids] = static_cast<std::int8_t>(who);
            v.bid_value[v.num_bids++] = static_cast<std::uint8_t>(value);
            continue;
          }
          if (i == kMaxDecisions) throw InvalidPositionError("too many decisions");
          if (at < 0 || at > v.num_moves || (i > 0 && at < v.decision_at[i - 1]))
            throw InvalidPositionError("move " + std::to_string(who) + ":" + text + ": out of place");
          v.decision_word[i] = word;
          v.decision_at[i] = static_cast<std::uint8_t>(at);
          v.decision_seat[i] = static_cast<std::int8_t>(who < 0 || who >= rules.players ? -1 : who);
          if (v.decision_seat[i] < 0)
            throw InvalidPositionError("move " + std::to_string(who) + ":" + text + ": no seat " + std::to_string(who));
          v.decision_value[i] = static_cast<std::int16_t>(value);
          ++v.num_decisions;
        }
        // After the decisions: queens' plan (the first of them) splits the pass.
        const PassPlan plan = plan_of_view(rules, v);
        const PassCards sent = pass_cards(plan, rules.players, passed);
        const PassCards got = pass_cards(plan, rules.players, received);
        v.passed = sent.all();
        v.received = got.all();
        v.passed_second = sent.second;
        v.received_second = got.second;
        v.passed_third = sent.third;
        v.received_third = got.third;
        PositionBox b;
        b.rules = std::make_shared<const RuleSet>(rules);
        b.revokes_penalize = v.revokes_penalize;
        Rng rng(seed);
        error = world_from_view(*b.rules, v, rng, b.pos);
        if (!error.empty()) throw InvalidPositionError(error);
        return b;
      },
      py::arg("rules"), py::arg("seat"), py::arg("hand"), py::arg("passed"), py::arg("received"), py::arg("moves"),
      py::arg("dealer"), py::arg("hand_no"), py::arg("seed") = 1, py::arg("kitty") = CardSetBox{},
      py::arg("discarded") = CardSetBox{}, py::arg("discard_made") = false, py::arg("revokes") = "forbid",
      py::arg("decisions") = std::vector<std::tuple<int, int, std::string>>{},
      py::arg("forwarded") = std::vector<int>{}, py::arg("drawn") = std::vector<Card>{},
      py::arg("drawn_complete") = true, py::arg("bid_limits") = std::vector<std::int32_t>{},
      py::arg("draws") = std::vector<int>{}, py::arg("face_down") = std::vector<int>{},
      "A full Position consistent with one seat's view (its dealt hand, its pass, the cards it "
      "received (each as set_pass takes a pass: parts for a split pass), the moves as (seat or -1, "
      "Card)); the unseen cards are drawn uniformly. An into-hand "
      "kitty taker's view also gives the kitty it took and its discard (discard_made: the discard is "
      "down though no move follows it; another taker's discard is face down). Raises "
      "InvalidPositionError naming the first offending move when no world fits. revokes='penalize': "
      "a failure to follow suit is a void until the seat's later card of that suit proves a revoke. "
      "decisions: [(moves before it, seat, 'word=value')] (another seat's unrevealed one: 'word=?'). "
      "forwarded: blind-forward's seats seen to forward their packet unseen (the view's own seat "
      "included, which then passes no cards it saw). drawn: a stock's cards the seat drew, in order "
      "(two-player; the other seat's draws are unseen); drawn_complete=False lets it run ahead of the moves. "
      "domino: draws, the cards another seat drew before each move (one count per move), and face_down, the "
      "moves that are another seat's face-down discards (their cards mean nothing).");

  m.def(
      "heuristic_discard",
      [](const RuleSet& rules, const CardSetBox& hand, int count) {
        if (count < 0 || count > copas::count(hand.bits))
          throw InvalidPositionError("cannot discard " + std::to_string(count) + " of " +
                                     std::to_string(copas::count(hand.bits)) + " cards");
        return CardSetBox{heuristic_discard(rules, hand.bits, count)};
      },
      py::arg("rules"), py::arg("hand"), py::arg("count"),
      "The `count` cards an into-hand kitty taker would discard from `hand` (they score for "
      "him): bonus cards, then the clean cards most likely to win tricks, then the cheapest.");
  m.def(
      "heuristic_card",
      [](const PositionBox& b, std::uint64_t seed, double noise) {
        if (b.pos.phase() != Phase::kPlaying) throw IllegalMoveError("no card to play: the hand is not in play");
        Rng rng(seed);
        return heuristic_card(b.pos, rng, noise);
      },
      py::arg("position"), py::arg("seed") = 0, py::arg("noise") = 0.0,
      "The rule-of-thumb card for the seat to act (ducks, dumps the most costly cards, leads low).");
  m.def(
      "heuristic_decision",
      [](const PositionBox& b) {
        if (b.pos.phase() != Phase::kDeciding) throw IllegalMoveError("no decision is due now");
        Rng rng(1);
        return decision_str(b.pos.decision_word(), heuristic_decision(b.pos, rng));
      },
      py::arg("position"),
      "The rule-of-thumb value of the decision due, as 'word=value' (turbo's charge: the Q♠ guarded "
      "by four lower spades, else none).");
  m.def(
      "heuristic_pass",
      [](const RuleSet& rules, const CardSetBox& hand, int count) {
        if (count < 0 || count > copas::count(hand.bits)) throw IllegalMoveError("cannot pass " + std::to_string(count) + " cards");
        return CardSetBox{heuristic_pass(rules, hand.bits, count)};
      },
      py::arg("rules"), py::arg("hand"), py::arg("count"));
  m.def(
      "heuristic_blind_pass",
      [](const PositionBox& b) {
        if (!b.pos.blind_packet()) throw IllegalMoveError("no blind-forward link is due to pass (no unseen packet)");
        return CardSetBox{heuristic_blind_pass(b.pos)};
      },
      py::arg("position"),
      "blind-forward (docs/RULES.md §2.2): the rule-of-thumb pass of the link due, its packet "
      "unseen: the packet itself (forward) when its own cards hold no point card and no spade "
      "above the J, else 3 of its own.");
}

}  // namespace copas::py_api
