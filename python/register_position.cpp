// Position for Python: checked dealing, passing and play (push/pop), legal
// moves, scoring. Every check is the core's; this layer only raises the errors.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <optional>

#include "../csrc/auction.h"
#include "../csrc/deal.h"
#include "../csrc/perft.h"
#include "boxes.h"
#include "errors.h"
#include "pass_cards.h"

namespace py = pybind11;

namespace copas::py_api {

namespace {

const char* phase_str(Phase p) {
  switch (p) {
    case Phase::kPassing: return "passing";
    case Phase::kPlaying: return "playing";
    case Phase::kDeciding: return "deciding";
    case Phase::kOver: break;
  }
  return "over";
}

const char* hand_end_str(HandEnd e) {
  switch (e) {
    case HandEnd::kStuckLead: return "stuck-lead";
    case HandEnd::kAnnulled: return "annulled";
    case HandEnd::kRevoke: return "revoke";
    case HandEnd::kNone: break;
  }
  return "";
}

}  // namespace

Card to_card(const py::object& obj) {
  if (py::isinstance<py::str>(obj)) {
    Card c;
    std::string text = obj.cast<std::string>();
    if (!parse_card(text, c))
      throw InvalidCardError("invalid card '" + text +
                             "': expected a rank (2-9, T or 10, J, Q, K, A) then a suit (C, D, H, S)");
    return c;
  }
  if (!py::isinstance<Card>(obj))
    throw InvalidCardError("expected a Card or a card string, got " +
                           std::string(py::str(py::type::of(obj).attr("__name__"))));
  return obj.cast<Card>();
}

namespace {

CardSetBox to_cardset(const py::object& obj) {
  return py::module_::import("copas_ai._core").attr("CardSet")(obj).cast<CardSetBox>();
}

std::shared_ptr<const RuleSet> frozen_rules(const RuleSet& rules) {
  std::string error = check_rules(rules);
  if (!error.empty()) throw InvalidPositionError("unsupported rules: " + error);
  return std::make_shared<const RuleSet>(rules);
}

// A stock's order (two-player, docs/RULES.md §18) given as card strings or Cards, top first.
std::vector<Card> stock_order(const py::object& cards) {
  std::vector<Card> order;
  for (const py::handle c : cards) order.push_back(to_card(py::reinterpret_borrow<py::object>(c)));
  return order;
}

std::vector<CardSet> seat_sets(const py::object& sets) {
  std::vector<CardSet> out;
  for (const py::handle h : sets) out.push_back(to_cardset(py::reinterpret_borrow<py::object>(h)).bits);
  return out;
}

PositionBox make_position(const RuleSet& rules, const py::object& hands, int dealer, int hand_no,
                          const py::object& stock, const py::object& twins) {
  PositionBox b;
  b.rules = frozen_rules(rules);
  const int n = b.rules->players;
  if (dealer == -1) dealer = n - 1;
  if (dealer < 0 || dealer >= n) throw InvalidPositionError("no dealer seat " + std::to_string(dealer));
  if (hand_no < 0 || hand_no > kMaxHandNo)
    throw InvalidPositionError("hand number must be 0.." + std::to_string(kMaxHandNo));
  b.pos = Position(b.rules.get(), dealer, hand_no);
  const std::vector<CardSet> dealt = seat_sets(hands);
  if (static_cast<int>(dealt.size()) != n)
    throw InvalidPositionError("expected " + std::to_string(n) + " hands, got " + std::to_string(dealt.size()));
  // Two copies of every card (two-deck): `twins`, each seat's values held twice.
  const std::vector<CardSet> second = twins.is_none() ? std::vector<CardSet>(n, 0) : seat_sets(twins);
  if (!twins.is_none() && b.rules->copies == 1)
    throw InvalidPositionError("this variant has one copy of each card: no twins to deal");
  if (static_cast<int>(second.size()) != n)
    throw InvalidPositionError("expected " + std::to_string(n) + " sets of twins, got " + std::to_string(second.size()));
  std::string error = b.rules->copies > 1 ? check_twin_deal(*b.rules, dealt.data(), second.data())
                                          : check_deal(*b.rules, dealt.data());
  if (!error.empty()) throw InvalidPositionError("impossible deal: " + error);
  if (b.rules->copies > 1)
    b.pos.deal_twins(dealt.data(), second.data());
  else
    b.pos.deal(dealt.data());
  if (!stock.is_none()) {
    if (b.rules->stock_draw == StockDraw::kNone) throw InvalidPositionError("this variant has no stock");
    const std::vector<Card> order = stock_order(stock);
    if (std::string e = stock_error(b.pos, order.data(), static_cast<int>(order.size())); !e.empty())
      throw InvalidPositionError("impossible stock: " + e);
    b.pos.set_stock(order.data(), static_cast<int>(order.size()));
  }
  if (b.rules->stock_draw == StockDraw::kUntilFollow) b.dealt = b.pos;
  return b;
}

// domino (docs/RULES.md §17): what the core does not keep for it, refused by name.
void refuse_for_domino(const PositionBox& b, const std::string& why) {
  if (b.rules->stock_draw == StockDraw::kUntilFollow) throw InvalidPositionError("domino: " + why);
}

// domino: the position one move back, replayed from the deal; returns the move taken back.
Card replay_all_but_last(PositionBox& b) {
  if (b.moves.empty()) throw py::index_error("no card played to take back");
  const Card last = b.moves.back().second;
  b.moves.pop_back();
  b.pos = b.dealt;
  for (const auto& [seat, c] : b.moves) b.pos.play(c);
  return last;
}

// The stock as dealt from its `from`-th card on, top first.
std::vector<Card> stock_from(const Position& pos, int from) {
  std::vector<Card> out;
  for (int i = from; i < pos.stock_size(); ++i) out.push_back(pos.dealt_stock_card(i));
  return out;
}

// The cards drawn after trick t, each with its drawer (the trick's winner first).
py::list trick_draws(const Position& pos, int t) {
  Card cards[kMaxPlayers];
  const int k = pos.draws_after_trick(t, cards);
  // The winner of trick t leads trick t + 1.
  int seat = t + 1 == pos.tricks_done() ? pos.leader() : pos.play_record(pos.trick_start(t + 1)).seat;
  py::list out;
  for (int i = 0; i < k; ++i, seat = (seat + 1) % pos.players()) out.append(py::make_tuple(seat, cards[i]));
  return out;
}

// Each seat's pass (or what it received) as Python carries a pass (pass_cards.h).
py::list seat_pass_values(const PositionBox& b, CardSet (Position::*all)(int) const,
                          CardSet (Position::*part)(int, int) const) {
  py::list out;
  for (int s = 0; s < b.pos.players(); ++s)
    out.append(pass_value(b.pos.pass_plan(), (b.pos.*all)(s), (b.pos.*part)(s, 1), (b.pos.*part)(s, 2)));
  return out;
}

py::list seat_cards(const PositionBox& b, CardSet (Position::*getter)(int) const) {
  py::list out;
  for (int s = 0; s < b.pos.players(); ++s) out.append(CardSetBox{(b.pos.*getter)(s)});
  return out;
}

// One layer (TwinSet::once or ::twice) of each seat's multiset (two-deck, csrc/twin_cards.h).
py::list seat_layer(const PositionBox& b, TwinSet (Position::*getter)(int) const, CardSet TwinSet::*layer) {
  py::list out;
  for (int s = 0; s < b.pos.players(); ++s) out.append(CardSetBox{(b.pos.*getter)(s).*layer});
  return out;
}

// `word=value` as a decision: IllegalMoveError when it is not one.
int parse_decision_move(const std::string& text, DecisionWord& word) {
  int value = 0;
  if (std::string error = parse_decision(text, word, value); !error.empty()) throw IllegalMoveError(error);
  return value;
}

py::list play_records(const Position& pos, int from) {
  py::list out;
  for (int i = from; i < pos.num_plays(); ++i)
    out.append(py::make_tuple(static_cast<int>(pos.play_record(i).seat), pos.play_record(i).card));
  return out;
}

}  // namespace

void register_position(py::module_& m) {
  py::class_<PositionBox>(m, "Position", "One hand of a variant with every seat's cards known.")
      .def(py::init(&make_position), py::arg("rules"), py::arg("hands"), py::arg("dealer") = -1,
           py::arg("hand_no") = 0, py::arg("stock") = py::none(), py::arg("twins") = py::none(),
           "Deal `hands` (before the pass) under `rules`; hand_no (0-based) fixes the pass. With a "
           "stock (two-player), `stock` is its order, top first (default: shuffled from the hands). "
           "With two copies of every card (two-deck), `twins` gives the cards each seat holds twice "
           "(each is in its hand too). Raises InvalidPositionError for an impossible deal.")
      .def_property_readonly("stock", [](const PositionBox& b) { return stock_from(b.pos, b.pos.draws_made()); },
                             "the cards still in the stock, top first (two-player; [] without a stock)")
      .def_property_readonly("dealt_stock", [](const PositionBox& b) {
        // domino: a discard lies in the slot after the dealt cards; it was not dealt.
        std::vector<Card> out = stock_from(b.pos, 0);
        const RuleSet& r = *b.rules;  // uno-hearts: two copies less the single ones
        const int dealt = count(r.deck) * r.copies - count(r.single_copies) - b.pos.players() * r.hand_size;
        out.resize(std::min(out.size(), static_cast<std::size_t>(dealt)));
        return out;
      }, "the stock as dealt, top first, the cards drawn so far included (two-player, domino)")
      .def_property_readonly("stock_left", [](const PositionBox& b) { return b.pos.stock_left(); })
      .def_property_readonly("drawn", [](const PositionBox& b) { return seat_cards(b, &Position::drawn); },
                             "per seat, the cards it drew from the stock this hand")
      .def_property_readonly("draws", [](const PositionBox& b) {
        refuse_for_domino(b, "its draws come inside the tricks; Position.drawn gives each seat's");
        py::list out;
        for (int t = 0; t < b.pos.tricks_done(); ++t) out.append(trick_draws(b.pos, t));
        return out;
      }, "per finished trick, the draws after it: [(seat, card), ...], the winner's first")
      .def_property_readonly("rules", [](const PositionBox& b) { return *b.rules; })
      .def_property_readonly("players", [](const PositionBox& b) { return b.pos.players(); })
      .def_property_readonly("dealer", [](const PositionBox& b) { return b.pos.dealer(); })
      .def_property_readonly("hand_no", [](const PositionBox& b) { return b.pos.hand_no(); })
      .def_property_readonly("phase", [](const PositionBox& b) { return phase_str(b.pos.phase()); },
                             "'passing', 'deciding' (a decision other than a card is due: `decision`), 'playing' or 'over'")
      .def_property_readonly("turn", [](const PositionBox& b) -> py::object {
        if (b.pos.phase() != Phase::kPlaying) return py::none();
        return py::int_(b.pos.turn());
      }, "the seat to play, or None outside the play")
      .def_property_readonly("leader", [](const PositionBox& b) { return b.pos.leader(); })
      .def_property_readonly("hearts_broken", [](const PositionBox& b) { return b.pos.hearts_broken(); })
      .def_property_readonly("hand_end", [](const PositionBox& b) { return hand_end_str(b.pos.hand_end()); },
                             "why the hand ended early: '' (played out or going on), 'stuck-lead', "
                             "'annulled' (nobody scores) or 'revoke' (a proven revoke)")
      .def_property_readonly("tricks_done", [](const PositionBox& b) { return b.pos.tricks_done(); })
      .def_property_readonly("trick_starts", [](const PositionBox& b) {
        refuse_for_domino(b, "its tricks hold N cards from any seats and are not indexed");
        std::vector<int> out;
        for (int t = 0; t <= b.pos.tricks_done(); ++t) out.push_back(b.pos.trick_start(t));
        return out;
      }, "the index in moves where each trick began, the trick in progress (or the next) last: "
         "a trick with a second round (nines-extend) holds 2 cards per seat")
      .def_property_readonly("trick_passes", [](const PositionBox& b) { return b.pos.trick_passes(); },
                             "domino (docs/RULES.md §17): the seats that passed since the trick's last card, a bit each")
      .def_property_readonly("stock_discarder", [](const PositionBox& b) { return b.pos.stock_discarder(); },
                             "domino (docs/RULES.md §17): the seat whose face-down discard is the stock (only it "
                             "knows the card), -1 when the stock holds dealt cards or none")
      .def_property_readonly("trick_size", [](const PositionBox& b) { return b.pos.trick_size(); },
                             "the cards the trick in progress holds when whole, as decided so far "
                             "(2 per seat once nines-extend gave it a second round)")
      .def_property_readonly("pass_plan", [](const PositionBox& b) {
        py::list out;
        for (const PassPart& p : b.pos.pass_plan().parts)
          if (p.count) out.append(py::make_tuple(p.offset, p.count));
        return out;
      }, "[(seat offset to the left, cards)] of this hand's pass")
      .def_property_readonly("hands", [](const PositionBox& b) { return seat_layer(b, &Position::held, &TwinSet::once); },
                             "each seat's cards (two copies of a card, as in two-deck, cancellation and uno-hearts: the cards it holds at least once; `twins` those it holds twice)")
      .def_property_readonly("twins", [](const PositionBox& b) { return seat_layer(b, &Position::held, &TwinSet::twice); },
                             "the cards each seat holds twice (two-copy decks; empty with one copy of each card)")
      .def_property_readonly("won_twins",
                             [](const PositionBox& b) { return seat_layer(b, &Position::won_cards, &TwinSet::twice); },
                             "the cards each seat has taken twice (two-copy decks)")
      .def_property_readonly("kitty_twins", [](const PositionBox& b) { return CardSetBox{b.pos.kitty_cards().twice}; },
                             "the cards the kitty holds twice (two-copy decks)")
      .def_property_readonly("pending", [](const PositionBox& b) { return CardSetBox{b.pos.pending_cards().once}; },
                             "cancellation (docs/RULES.md §14): the carried tricks' cards no trick has taken yet "
                             "(`pending_twins` those there twice)")
      .def_property_readonly("pending_twins", [](const PositionBox& b) { return CardSetBox{b.pos.pending_cards().twice}; },
                             "cancellation: the carried cards there twice")
      .def_property_readonly("carried_tricks", [](const PositionBox& b) {
        std::vector<int> out;
        for (int t = 0; t < b.pos.tricks_done(); ++t)
          if (b.pos.trick_carried(t)) out.push_back(t);
        return out;
      }, "cancellation (docs/RULES.md §14, A47): the finished tricks (0-based) that had no winner and were carried")
      .def_property_readonly("won", [](const PositionBox& b) { return seat_cards(b, &Position::won); })
      .def_property_readonly("kitty", [](const PositionBox& b) { return CardSetBox{b.pos.kitty()}; },
                             "the cards dealt to nobody (the kitty), taken or not")
      .def_property_readonly("kitty_taker", [](const PositionBox& b) -> py::object {
        return b.pos.kitty_taker() < 0 ? py::none() : py::cast(b.pos.kitty_taker());
      }, "the seat that took the kitty, or None")
      .def_property_readonly("discarding", [](const PositionBox& b) { return b.pos.discarding(); },
                             "the into-hand kitty's taker (the seat to act) must discard now")
      .def_property_readonly("discards_left", [](const PositionBox& b) { return b.pos.discards_left(); })
      .def_property_readonly("discards", [](const PositionBox& b) { return CardSetBox{b.pos.discards()}; },
                             "the into-hand kitty taker's discards (face down, they score for him)")
      .def_property_readonly("kitty_trick", [](const PositionBox& b) -> py::object {
        return b.pos.kitty_trick() < 0 ? py::none() : py::cast(b.pos.kitty_trick());
      }, "the index of the trick that took the kitty, or None")
      .def("discard", [](PositionBox& b, const py::object& cards, std::optional<int> seat) {
        const CardSet bits = to_cardset(cards).bits;
        if (seat && b.pos.discarding() && *seat != b.pos.turn())
          throw IllegalMoveError("seat " + std::to_string(*seat) + " cannot discard: seat " +
                                 std::to_string(b.pos.turn()) + " took the kitty");
        std::string error = b.pos.discard_error(bits);
        if (!error.empty()) throw IllegalMoveError("illegal discard " + cardset_str(bits) + ": " + error);
        for (CardSet rest = bits; rest;) b.pos.play(pop_lowest(rest));  // the core's ascending order
      }, py::arg("cards"), py::arg("seat") = py::none(),
         "The into-hand kitty taker's whole discard (as many cards as the kitty held); "
         "raises IllegalMoveError for a wrong one. pop() takes the cards back one at a time.")
      .def_property_readonly("decision", [](const PositionBox& b) -> py::object {
        if (b.pos.phase() != Phase::kDeciding) return py::none();
        return py::make_tuple(b.pos.turn(), decision_info(b.pos.decision_word()).name);
      }, "(seat, word) of the decision due now (docs/PROTOCOL.md `<seat>:<word>=<value>`), or None")
      .def_property_readonly("decision_choices", [](const PositionBox& b) {
        std::vector<std::string> out;
        for (DecisionChoices c = b.pos.decision_choices(); c;)
          out.push_back(decision_str(b.pos.decision_word(), pop_lowest(c).index));
        return out;
      }, "the choices of the decision due, as 'word=value' (none outside phase 'deciding')")
      .def("decide", [](PositionBox& b, const std::string& text, std::optional<int> seat) {
        DecisionWord word;
        const int value = parse_decision_move(text, word);
        std::string error = b.pos.decision_error(seat ? *seat : b.pos.turn(), word, value);
        if (!error.empty()) throw IllegalMoveError("illegal decision " + text + ": " + error);
        b.pos.decide(value);
      }, py::arg("decision"), py::arg("seat") = py::none(),
         "Make the decision due ('charge=QS', 'charge=none'); raises IllegalMoveError naming what is "
         "wrong. pop() takes it back.")
      .def_property_readonly("decisions", [](const PositionBox& b) {
        py::list out;
        const auto add = [&out](const DecisionRecord& d) {
          out.append(py::make_tuple(static_cast<int>(d.at_play), static_cast<int>(d.seat), decision_str(d.word, d.value)));
        };
        for (int i = 0; i < b.pos.num_bids(); ++i) add(b.pos.bid_record(i));  // auction: the bids come first
        for (int i = 0; i < b.pos.num_decisions(); ++i) add(b.pos.decision_record(i));
        return out;
      }, "[(cards played before it, seat, 'word=value')] of the decisions made, in order (auction's bids first)")
      .def_property_readonly("bid_limits", [](const PositionBox& b) {
        const Auction a = b.pos.auction();
        return std::vector<std::int32_t>(a.chips, a.chips + b.pos.players());
      }, "auction: the most each seat may bid this hand (its chips, capped at MAX_BID)")
      .def("set_bid_limits", [](PositionBox& b, const std::vector<std::int32_t>& chips) {
        if (static_cast<int>(chips.size()) != b.pos.players())
          throw py::value_error("set_bid_limits: " + std::to_string(chips.size()) + " chip counts for " +
                                std::to_string(b.pos.players()) + " seats");
        b.pos.set_bid_limits(chips.data());
      }, py::arg("chips"), "auction: each seat's chips, the most it may bid (capped at MAX_BID)")
      .def_property_readonly("charged", [](const PositionBox& b) { return CardSetBox{b.pos.charged()}; },
                             "turbo: the charged cards, public once every seat's charge is down (else empty)")
      .def_property_readonly("super_charged", [](const PositionBox& b) { return CardSetBox{b.pos.super_charged()}; },
                             "gong-zhu+super-charge: of the charged cards, those charged face up (A40)")
      .def_property_readonly("passed", [](const PositionBox& b) { return seat_cards(b, &Position::passed); })
      .def_property_readonly("received", [](const PositionBox& b) { return seat_cards(b, &Position::received); })
      .def("hand", [](const PositionBox& b, int s) { return CardSetBox{b.pos.held(check_seat(b, s)).once}; })
      .def("tricks_won", [](const PositionBox& b, int s) { return b.pos.tricks_won(check_seat(b, s)); })
      .def("shown_voids", [](const PositionBox& b, int s) {
        std::vector<int> suits;
        for (int i = 0; i < kNumSuits; ++i)
          if ((b.pos.shown_voids(check_seat(b, s)) >> i) & 1) suits.push_back(i);
        return suits;
      }, "suits the seat has shown it lacks by not following")
      .def_property_readonly("moves", [](const PositionBox& b) {
        if (b.moves.empty()) return play_records(b.pos, 0);
        py::list out;  // domino: the box's own list, its face-down discards included
        for (const auto& [seat, c] : b.moves) out.append(py::make_tuple(seat, c));
        return out;
      }, "[(seat, Card)] played so far, in order (domino: its discards too, each the card its seat "
         "put face down as the new stock)")
      .def_property_readonly("trick", [](const PositionBox& b) {
        return play_records(b.pos, b.pos.num_plays() - b.pos.trick_length());
      }, "[(seat, Card)] of the trick in progress")
      .def("pass_is_set", [](const PositionBox& b, int s) { return b.pos.pass_is_set(check_seat(b, s)); })
      .def_property_readonly("next_passer", [](const PositionBox& b) -> py::object {
        const int s = b.pos.next_passer();
        return s < 0 ? py::none() : py::cast(s);
      }, "the seat to pass next (None when nobody is): a pass chain's next link (peek-pass, "
         "docs/RULES.md §2.2 A12), else the lowest seat yet to pass")
      .def_property_readonly("blind_packet", [](const PositionBox& b) { return CardSetBox{b.pos.blind_packet()}; },
                             "blind-forward (docs/RULES.md §2.2): the cards the next link received and "
                             "has not looked at (empty when none); it forwards exactly them or passes 3 "
                             "of its other cards")
      .def("forwarded", [](const PositionBox& b, int s) { return b.pos.forwarded(check_seat(b, s)); },
           "blind-forward: whether the seat forwarded the cards it received, unseen")
      .def_property_readonly("pass_order", [](const PositionBox& b) {
        std::vector<int> order;
        for (int i = 0; i < b.pos.players() && b.pos.pass_plan().total() > 0; ++i)
          order.push_back(b.pos.rules().pass_chain ? b.pos.chain_link(i) : i);
        return order;
      }, "the seats in the order they pass this hand (none without a pass): a pass chain's links "
         "(peek-pass), else 0..n-1")
      .def_property_readonly("pool_pending", [](const PositionBox& b) { return b.pos.pool_pending(); },
                             "kitty-swap (docs/RULES.md §2.2 A13): every seat's cards are in the pool, "
                             "waiting to be dealt back (return_pool or deal_pool)")
      .def_property_readonly("pool", [](const PositionBox& b) { return CardSetBox{b.pos.pool()}; },
                             "kitty-swap: the cards put into the pool so far")
      .def("return_pool", [](PositionBox& b, const py::sequence& back) {
        if (static_cast<int>(py::len(back)) != b.pos.players())
          throw IllegalMoveError("the pool is dealt back to " + std::to_string(b.pos.players()) + " seats, not " +
                                 std::to_string(py::len(back)));
        CardSet cards[kMaxPlayers] = {};
        for (int s = 0; s < b.pos.players(); ++s) cards[s] = to_cardset(back[static_cast<std::size_t>(s)]).bits;
        const std::string error = pool_return_error(b.pos, cards);
        if (!error.empty()) throw IllegalMoveError("the pool cannot be dealt back so: " + error);
        b.pos.return_pool(cards);
      }, py::arg("back"), "kitty-swap's chance step as given (a referee's): each seat's cards from the pool")
      .def("deal_pool", [](PositionBox& b, std::uint64_t seed) {
        if (!b.pos.pool_pending()) throw IllegalMoveError("no pool is waiting to be dealt back");
        Rng rng(seed);
        b.pos.deal_pool(rng);
      }, py::arg("seed"), "kitty-swap's chance step: the pool shuffled and dealt back, from the seed")
      .def("chain_start", [](const PositionBox& b, int s) { return b.pos.chain_start(check_seat(b, s)); },
           "in a pass chain: whether the seat opens a chain (passes before it receives)")
      .def("set_pass", [](PositionBox& b, int seat, const py::object& cards) {
        const PassCards pass = pass_cards(b.pos.pass_plan(), b.pos.players(), cards);
        std::string error = pass_error(b.pos, seat, pass.first, pass.second, pass.third);
        if (!error.empty()) {
          const std::string text = cardset_str(pass.first) + (pass.parts >= 2 ? "/" + cardset_str(pass.second) : "") +
                                   (pass.parts == 3 ? "/" + cardset_str(pass.third) : "");
          throw IllegalMoveError("illegal pass " + text + ": " + error);
        }
        b.pos.set_pass(seat, pass.first, pass.second, pass.third);
      }, py::arg("seat"), py::arg("cards"),
         "Set one seat's pass; the last pass set is applied. A split pass (two or three parts in pass_plan) "
         "gives each part's cards in plan order: (CardSet, CardSet) or 'QS/AH,KC'.")
      .def_property_readonly("passed_parts", [](const PositionBox& b) {
        return seat_pass_values(b, &Position::passed, &Position::passed_part);
      }, "each seat's pass as set_pass takes it: a CardSet, or for a split pass a tuple of CardSets "
         "in plan order")
      .def_property_readonly("received_parts", [](const PositionBox& b) {
        return seat_pass_values(b, &Position::received, &Position::received_part);
      }, "what each seat received, as passed_parts: per part, from the seat that sent it that way")
      .def("rote_pass", [](const PositionBox& b, const py::object& cards) {
        const CardSet bits = to_cardset(cards).bits;
        const PassPlan plan = b.pos.pass_plan();
        return pass_value(plan, bits, rote_part(plan, bits, 1), rote_part(plan, bits, 2));
      }, py::arg("cards"),
         "A pass chosen as one set of cards, as set_pass takes it: a split plan's first part takes the "
         "lowest cards (for players that do not choose directions); a one-way plan keeps the set.")
      .def("legal_moves", [](const PositionBox& b) {
        return CardSetBox{b.pos.phase() == Phase::kPlaying ? b.pos.legal_moves() : 0};
      })
      .def(
          "legal_following",
          [](const PositionBox& b, const CardSetBox& hand, int led, bool first_trick) {
            if (led < 0 || led >= kNumSuits) throw std::invalid_argument("led must be a suit 0-3, not " + std::to_string(led));
            return CardSetBox{b.pos.legal_following(hand.bits, static_cast<Suit>(led), first_trick)};
          },
          py::arg("hand"), py::arg("led"), py::arg("first_trick"),
          "The cards of `hand` a seat may play to a trick led in suit `led` (0-3: clubs, diamonds, "
          "hearts, spades) by another seat, judged now, on trick 1 or a later one: the restriction "
          "chain of legal_moves, as the solver's bounds read it.")
      .def("is_legal", [](const PositionBox& b, const py::object& c) {
        return b.pos.phase() == Phase::kPlaying && b.pos.is_legal(to_card(c));
      })
      .def("illegal_reason", [](const PositionBox& b, const py::object& c) -> py::object {
        std::string why = b.pos.illegal_reason(to_card(c));
        if (why.empty()) return py::none();
        return py::str(why);
      }, "why the card may not be played now, or None if it may")
      .def("revealed_absent", [](const PositionBox& b, const py::object& c) {
        Card card = to_card(c);
        if (b.pos.phase() != Phase::kPlaying) throw IllegalMoveError(card_str(card) + " is not a legal card now");
        // Read from the public state alone (the rules, the trick, what is broken), so a
        // world that breaks the play may ask too (copas_ai/uno_world.py's placeholder).
        return CardSetBox{b.pos.revealed_absent(card)};
      }, "cards the seat to act cannot hold if it plays this card now legally (read from the public "
         "state, not the seat's hand: a card it may not play here is answered as for a hand that may)")
      .def("push", [](PositionBox& b, const py::object& c, std::optional<int> seat) {
        Card card = to_card(c);
        if (seat && b.pos.phase() == Phase::kPlaying && *seat != b.pos.turn())
          throw IllegalMoveError("seat " + std::to_string(*seat) + " cannot play " +
                                 card_str(card) + ": it is seat " + std::to_string(b.pos.turn()) + "'s turn");
        std::string why = b.pos.illegal_reason(card);
        if (why.empty()) {
          const int mover = b.pos.turn();
          b.pos.play(card);
          if (b.rules->stock_draw == StockDraw::kUntilFollow) b.moves.emplace_back(mover, card);
        } else if (b.revokes_penalize && b.pos.is_revoke(card)) {
          b.pos.play_revoke(card);
        } else {
          throw IllegalMoveError("illegal move " + card_str(card) + ": " + why);
        }
      }, py::arg("card"), py::arg("seat") = py::none(),
         "Play a card for the seat to act; raises IllegalMoveError naming the card and the reason. "
         "With revokes = 'penalize' a failure to follow suit that breaks no other rule is accepted.")
      .def_property(
          "revokes", [](const PositionBox& b) { return b.revokes_penalize ? "penalize" : "forbid"; },
          [](PositionBox& b, const std::string& mode) { b.revokes_penalize = revokes_penalize_mode(mode, b.pos.rules()); },
          "'forbid' (default: push refuses a failure to follow suit) or 'penalize' (docs/RULES.md "
          "§1.3: accepted; proven when the offender plays that suit, which ends the hand)")
      .def("is_revoke", [](const PositionBox& b, const py::object& c) { return b.pos.is_revoke(to_card(c)); },
           "whether the card fails to follow suit and breaks no other rule")
      .def_property_readonly("revoke_pending", [](const PositionBox& b) { return b.pos.revoke_pending(); },
                             "a revoke has been made and not yet proven")
      .def_property_readonly("revoker", [](const PositionBox& b) -> py::object {
        const int s = b.pos.revoker();
        return s < 0 ? py::none() : py::object(py::int_(s));
      }, "the seat whose proven revoke ended the hand, or None")
      .def("pop", [](PositionBox& b) -> py::object {
        if (b.pos.last_move_is_decision()) {
          const DecisionRecord d = b.pos.last_decision();
          b.pos.undo_decision();
          return py::str(decision_str(d.word, d.value));
        }
        if (b.rules->stock_draw == StockDraw::kUntilFollow) return py::cast(replay_all_but_last(b));
        if (b.pos.num_plays() == 0) throw py::index_error("no card played to take back");
        Card c = b.pos.last_move_is_discard() ? highest(b.pos.discards())
                                              : b.pos.play_record(b.pos.num_plays() - 1).card;
        b.pos.undo();
        return py::cast(c);
      }, "Take back the last card played (or discarded) and return it; a decision is returned as "
         "'word=value'.")
      .def("is_over", [](const PositionBox& b) { return b.pos.phase() == Phase::kOver; })
      .def("points_taken", [](const PositionBox& b) {
        std::vector<int> out;
        for (int s = 0; s < b.pos.players(); ++s) out.push_back(points_of(b.pos.view(), b.pos.won_cards(s)));
        return out;
      }, "raw card points each seat has won so far (two-deck: each copy counts)")
      .def("score", [](const PositionBox& b) {
        std::int32_t out[kMaxPlayers];
        b.pos.hand_scores(out);
        return std::vector<std::int32_t>(out, out + b.pos.players());
      }, "this hand's score per seat: points so far, or final (moon applied) once over")
      .def("moon_shooter", [](const PositionBox& b) -> py::object {
        if (b.pos.phase() != Phase::kOver) return py::none();
        int s = b.pos.moon_shooter();
        return s < 0 ? py::none() : py::object(py::int_(s));
      })
      .def("perft", [](PositionBox& b, int depth) {
        if (depth < 0) throw InvalidPositionError("perft depth must be >= 0");
        refuse_for_domino(b, "perft takes moves back with the core's undo, which cannot take back a discard");
        py::gil_scoped_release release;
        return perft(b.pos, depth);
      }, py::arg("depth"), "number of distinct play sequences of `depth` cards")
      .def("copy", [](const PositionBox& b) { return b; })
      .def("__copy__", [](const PositionBox& b) { return b; })
      .def("__deepcopy__", [](const PositionBox& b, const py::object&) { return b; });

  m.def(
      "plan_parts",
      [](const std::string& value, int players) {
        const int v = parse_decision_value(DecisionWord::kPlan, value);
        if (v < 0) throw std::invalid_argument("no pass plan '" + value + "'");
        if (players < 2 || players > kMaxPlayers)
          throw std::invalid_argument("players must be 2 to " + std::to_string(kMaxPlayers));
        py::list out;
        for (const PassPart& p : plan_choice(v, players).parts)
          if (p.count) out.append(py::make_tuple(p.offset, p.count));
        return out;
      },
      py::arg("value"), py::arg("players"),
      "queens: the pass a `plan=<value>` decision names, [(seat offset to the left, cards)] as Position.pass_plan");

  m.def(
      "deal",
      [](const RuleSet& rules, std::uint64_t seed) {
        std::string error = check_rules(rules);
        if (!error.empty()) throw InvalidPositionError("unsupported rules: " + error);
        if (rules.copies > 1) throw InvalidPositionError("two copies of every card: use deal_twins");
        Rng rng(seed);
        CardSet hands[kMaxPlayers];
        deal_random(rules, rng, hands);
        py::list out;
        for (int s = 0; s < rules.players; ++s) out.append(CardSetBox{hands[s]});
        return out;
      },
      py::arg("rules"), py::arg("seed"), "A random deal (one CardSet per seat) from a seed.");

  m.def(
      "deal_twins",
      [](const RuleSet& rules, std::uint64_t seed) {
        std::string error = check_rules(rules);
        if (!error.empty()) throw InvalidPositionError("unsupported rules: " + error);
        if (rules.copies < 2) throw InvalidPositionError("deal_twins deals two copies of every card: use deal");
        Rng rng(seed);
        CardSet hands[kMaxPlayers], twins[kMaxPlayers];
        deal_random_twins(rules, rng, hands, twins);
        py::list once, twice;
        for (int s = 0; s < rules.players; ++s) {
          once.append(CardSetBox{hands[s]});
          twice.append(CardSetBox{twins[s]});
        }
        return py::make_tuple(once, twice);
      },
      py::arg("rules"), py::arg("seed"),
      "A random deal of a two-copy deck (two-deck, cancellation, uno-hearts) from a seed: (hands, twins), per seat "
      "the cards held at least once and those held twice.");
}

}  // namespace copas::py_api
