// RuleSet for Python: every field readable and writable, so the variant
// registry (copas_ai/variants/) builds each variant as data.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "boxes.h"
#include "errors.h"
#include "../csrc/match.h"
#include "../csrc/rule_view.h"

namespace py = pybind11;

namespace copas::py_api {

namespace {

// A CardSet field of RuleSet as a CardSet property.
template <CardSet RuleSet::*Field>
void def_cardset_field(py::class_<RuleSet>& cls, const char* name, const char* doc) {
  cls.def_property(
      name, [](const RuleSet& r) { return CardSetBox{r.*Field}; },
      [](RuleSet& r, const CardSetBox& b) { r.*Field = b.bits; }, doc);
}

// A per-card table of the rules as {Card: value} for every card whose value is not 0.
template <class T, std::size_t N, std::array<T, N> RuleSet::*Field>
void def_card_table(py::class_<RuleSet>& cls, const char* name, const char* doc) {
  cls.def_property(
      name,
      [](const RuleSet& r) {
        py::dict d;
        for (CardSet deck = kFullDeck; deck;) {
          const Card c = pop_lowest(deck);
          if ((r.*Field)[c.index]) d[py::cast(c)] = (r.*Field)[c.index];
        }
        return d;
      },
      [](RuleSet& r, const py::dict& d) {
        (r.*Field).fill(0);
        for (auto item : d) (r.*Field)[item.first.cast<Card>().index] = item.second.cast<T>();
      },
      doc);
}

PassDirection direction_from_str(const std::string& s) {
  if (s == "left") return PassDirection::kLeft;
  if (s == "right") return PassDirection::kRight;
  if (s == "across") return PassDirection::kAcross;
  if (s == "none") return PassDirection::kNone;
  if (s == "2nd-left") return PassDirection::kSecondLeft;
  if (s == "2nd-right") return PassDirection::kSecondRight;
  throw std::invalid_argument("unknown pass direction '" + s + "' (left, right, across, 2nd-left, 2nd-right, none)");
}

// rule_view(rules) for Python: the facts the tests check per variant.
py::dict rule_view_facts(const RuleSet& r) {
  const RuleView& v = rule_view(r);
  py::dict cost;
  for (CardSet rest = v.scoring_cards; rest;) {
    const Card c = pop_lowest(rest);
    cost[py::str(card_str(c))] = v.cost[c.index];
  }
  py::dict out;
  out["identity_ranks"] = v.identity_ranks;
  out["scoring_cards"] = CardSetBox{v.scoring_cards};
  out["costly_cards"] = CardSetBox{v.costly_cards};
  out["bonus_cards"] = CardSetBox{v.bonus_cards};
  out["top_cards"] = CardSetBox{v.top_cards};
  out["top_guards"] = CardSetBox{v.top_guards};
  out["break_cards"] = CardSetBox{v.break_cards};
  out["cost"] = cost;
  return out;
}

const char* direction_str(PassDirection d) {
  switch (d) {
    case PassDirection::kLeft: return "left";
    case PassDirection::kRight: return "right";
    case PassDirection::kAcross: return "across";
    case PassDirection::kSecondLeft: return "2nd-left";
    case PassDirection::kSecondRight: return "2nd-right";
    case PassDirection::kNone: break;
  }
  return "none";
}

}  // namespace

void register_rules(py::module_& m) {
  py::enum_<FirstLead>(m, "FirstLead")
      .value("HOLDER_OF_CARD", FirstLead::kHolderOfCard)
      .value("DEALER_LEFT", FirstLead::kDealerLeft)
      .value("DEALER", FirstLead::kDealer)
      .value("DEALER_RIGHT", FirstLead::kDealerRight);
  py::enum_<HeartsBreak>(m, "HeartsBreak")
      .value("NEVER", HeartsBreak::kNever)
      .value("OFF_SUIT_PLAYED", HeartsBreak::kOffSuitPlayed)
      .value("HEART_DISCARDED", HeartsBreak::kHeartDiscarded)
      .value("HEART_PLAYED", HeartsBreak::kHeartPlayed)
      .value("HEART_OR_QUEEN_PLAYED", HeartsBreak::kHeartOrQueenPlayed);
  py::enum_<MoonRule>(m, "MoonRule")
      .value("NONE", MoonRule::kNone)
      .value("OTHERS_PLUS", MoonRule::kOthersPlus)
      .value("SELF_MINUS", MoonRule::kSelfMinus)
      .value("NEGATE_OWN", MoonRule::kNegateOwn)
      .value("NEGATE_ALL", MoonRule::kNegateAll);
  py::enum_<TieRule>(m, "TieRule")
      .value("SHARED", TieRule::kShared)
      .value("EXTRA_HANDS", TieRule::kExtraHands)
      .value("STANDS", TieRule::kStands);
  py::enum_<KittyTaker>(m, "KittyTaker")
      .value("FIRST_TRICK_WINNER", KittyTaker::kFirstTrickWinner)
      .value("FIRST_POINT_TAKER", KittyTaker::kFirstPointTaker);
  py::enum_<KittyUse>(m, "KittyUse")
      .value("ADD_TO_TRICK", KittyUse::kAddToTrick)
      .value("INTO_HAND", KittyUse::kIntoHand);
  py::enum_<StockDraw>(m, "StockDraw")
      .value("NONE", StockDraw::kNone)
      .value("REFILL", StockDraw::kRefill)
      .value("UNTIL_FOLLOW", StockDraw::kUntilFollow)
      .value("PAIRS", StockDraw::kPairs);
  py::enum_<MoonScope>(m, "MoonScope")
      .value("ALL_CARDS", MoonScope::kAllCards)
      .value("IN_PLAY", MoonScope::kInPlay);
  py::enum_<Goal>(m, "Goal").value("LOW", Goal::kLow).value("HIGH", Goal::kHigh);
  py::enum_<IdenticalCardWins>(m, "IdenticalCardWins")
      .value("EARLIER", IdenticalCardWins::kEarlier)
      .value("LATER", IdenticalCardWins::kLater)
      .value("CANCEL", IdenticalCardWins::kCancel);

  py::class_<RuleSet> cls(m, "RuleSet", "A variant as plain data (see csrc/rules.h).");
  cls.def(py::init<>())
      .def_readwrite("players", &RuleSet::players)
      .def_readwrite("hand_size", &RuleSet::hand_size)
      .def_readwrite("copies", &RuleSet::copies)
      .def_readwrite("identical_card_wins", &RuleSet::identical_card_wins)
      .def_readwrite("kitty_size", &RuleSet::kitty_size)
      .def_readwrite("kitty_taker", &RuleSet::kitty_taker)
      .def_readwrite("kitty_peek", &RuleSet::kitty_peek)
      .def_readwrite("kitty_use", &RuleSet::kitty_use)
      .def_readwrite("stock_draw", &RuleSet::stock_draw)
      .def_readwrite("moon_scope", &RuleSet::moon_scope,
                     "uno-hearts (A48e): the moon's cards, all of them or those that left the stock")
      .def_readwrite("rank_strength", &RuleSet::rank_strength)
      .def_readwrite("first_lead", &RuleSet::first_lead)
      .def_readwrite("first_lead_card", &RuleSet::first_lead_card)
      .def_readwrite("must_lead_first_card", &RuleSet::must_lead_first_card)
      .def_readwrite("hearts_break", &RuleSet::hearts_break)
      .def_readwrite("lead_needs_broken", &RuleSet::lead_needs_broken)
      .def_readwrite("discard_needs_broken", &RuleSet::discard_needs_broken)
      .def_readwrite("led_heart_breaks", &RuleSet::led_heart_breaks)
      .def_readwrite("lead_bans_points", &RuleSet::lead_bans_points)
      .def_readwrite("heart_lead_over_queen", &RuleSet::heart_lead_over_queen)
      .def_readwrite("forced_queen", &RuleSet::forced_queen)
      .def_readwrite("dealer_plans_pass", &RuleSet::dealer_plans_pass)
      .def_readwrite("moon_wins_match", &RuleSet::moon_wins_match)
      .def_readwrite("pass_chain", &RuleSet::pass_chain)
      .def_readwrite("pass_blind", &RuleSet::pass_blind)
      .def_readwrite("pool_cards", &RuleSet::pool_cards)
      .def_readwrite("first_lead_ban_alone", &RuleSet::first_lead_ban_alone)
      .def_readwrite("revoke_penalty_defined", &RuleSet::revoke_penalty_defined)
      .def_readwrite("stuck_lead_ends_hand", &RuleSet::stuck_lead_ends_hand)
      .def_readwrite("first_trick_stuck_annuls", &RuleSet::first_trick_stuck_annuls)
      .def_readwrite("revoke_penalty", &RuleSet::revoke_penalty)
      .def_readwrite("moon", &RuleSet::moon)
      .def_readwrite("moon_value", &RuleSet::moon_value)
      .def_readwrite("goal", &RuleSet::goal)
      .def_readwrite("target", &RuleSet::target)
      .def_readwrite("match_hands", &RuleSet::match_hands)
      .def_readwrite("tie_rule", &RuleSet::tie_rule)
      .def_readwrite("super_moon", &RuleSet::super_moon)
      .def_readwrite("reverse_moon_if_losing", &RuleSet::reverse_moon_if_losing)
      .def_readwrite("moon_shooter_choice", &RuleSet::moon_shooter_choice)
      .def_readwrite("super_charge", &RuleSet::super_charge,
                     "gong-zhu+super-charge: each charge is followed by its face (face=down|up, A40)")
      .def_readwrite("clean_hand_points", &RuleSet::clean_hand_points)
      .def_readwrite("hand_floor_zero", &RuleSet::hand_floor_zero)
      .def_readwrite("doubling_alone_points", &RuleSet::doubling_alone_points,
                     "gong-zhu: a doubling card taken with no point card scores this (charged: twice)")
      .def_readwrite("grand_slam_points", &RuleSet::grand_slam_points,
                     "gong-zhu+grand-slam: the score of a seat taking every grand_slam_cards card")
      .def_readwrite("exact_score", &RuleSet::exact_score, "ExactScore flags: 1 (a), 2 (b), 4 (c)")
      .def_readwrite("teams", &RuleSet::teams, "partnerships: seat s in team s % teams; 0 = none")
      .def_readwrite("team_individual_tally", &RuleSet::team_individual_tally)
      .def_readwrite("start_chips", &RuleSet::start_chips)
      .def_readwrite("eliminate_at_target", &RuleSet::eliminate_at_target,
                     "domino's end (b) (§17): a seat whose total reaches the target is out; the last one in wins")
      .def_readwrite("auction", &RuleSet::auction, "auction (§20): the bidding and the winner's suit open each hand")
      .def_readwrite("chip_base_all_hearts", &RuleSet::chip_base_all_hearts)
      .def_property(
          "pass_cycle",
          [](const RuleSet& r) {
            py::list out;
            for (int i = 0; i < r.pass_cycle_length; ++i)
              out.append(py::make_tuple(direction_str(r.pass_cycle[i]), r.pass_cycle_counts[i]));
            return out;
          },
          [](RuleSet& r, const std::vector<std::pair<std::string, int>>& cycle) {
            if (cycle.size() > kMaxPassCycle)
              throw std::invalid_argument("a pass cycle has at most 8 entries");
            for (std::size_t i = 0; i < cycle.size(); ++i) {
              r.pass_cycle[i] = direction_from_str(cycle[i].first);
              r.pass_cycle_counts[i] = static_cast<std::uint8_t>(cycle[i].second);
            }
            r.pass_cycle_second = {};  // a one-way cycle: no second parts
            r.pass_cycle_second_counts = {};
            r.pass_cycle_length = static_cast<std::uint8_t>(cycle.size());
          },
          "[(direction, cards)] by hand number, cycling; [] never passes (one way per hand: "
          "pass_cycle_parts also gives split passes)")
      .def_property(
          "pass_cycle_parts",
          [](const RuleSet& r) {
            py::list out;
            for (int i = 0; i < r.pass_cycle_length; ++i) {
              py::list entry;
              entry.append(py::make_tuple(direction_str(r.pass_cycle[i]), r.pass_cycle_counts[i]));
              if (r.pass_cycle_second_counts[i])
                entry.append(py::make_tuple(direction_str(r.pass_cycle_second[i]), r.pass_cycle_second_counts[i]));
              out.append(entry);
            }
            return out;
          },
          [](RuleSet& r, const std::vector<std::vector<std::pair<std::string, int>>>& cycle) {
            if (cycle.size() > kMaxPassCycle)
              throw std::invalid_argument("a pass cycle has at most 8 entries");
            r.pass_cycle_second = {};
            r.pass_cycle_second_counts = {};
            for (std::size_t i = 0; i < cycle.size(); ++i) {
              if (cycle[i].empty() || cycle[i].size() > 2)
                throw std::invalid_argument("a pass cycle entry has one or two parts (direction, cards)");
              r.pass_cycle[i] = direction_from_str(cycle[i][0].first);
              r.pass_cycle_counts[i] = static_cast<std::uint8_t>(cycle[i][0].second);
              if (cycle[i].size() == 2) {
                r.pass_cycle_second[i] = direction_from_str(cycle[i][1].first);
                r.pass_cycle_second_counts[i] = static_cast<std::uint8_t>(cycle[i][1].second);
              }
            }
            r.pass_cycle_length = static_cast<std::uint8_t>(cycle.size());
          },
          "[[(direction, cards), (direction, cards)?]] by hand number, cycling: one or two parts per "
          "hand (split-pass sends part of the pass each way)")
      .def("pass_plan",
           [](const RuleSet& r, int hand_no) {
             PassPlan p = r.pass_plan(hand_no);
             py::list out;
             for (const PassPart& part : p.parts)
               if (part.count) out.append(py::make_tuple(part.offset, part.count));
             return out;
           },
           py::arg("hand_no"), "[(seat offset to the left, cards)] for that hand (0-based)")
      .def("points_of", [](const RuleSet& r, const CardSetBox& b) { return rule_view(r).points(b.bits); })
      .def_property_readonly("total_points", [](const RuleSet& r) { return rule_view(r).points(r.deck); })
      .def("view", &rule_view_facts,
           "What the core derives from these rules (rule_view.h): identity_ranks, scoring_cards, "
           "costly_cards, bonus_cards, top_cards, top_guards, break_cards, cost {card: cost}")
      .def(
          "opening_lead_rule", [](const RuleSet& r, int hand_no) { return opening_lead_rule(r, hand_no); },
          py::arg("hand_no"), "who leads that hand (gong-zhu: the dealer after hand 0)")
      .def("copy", [](const RuleSet& r) { return r; });
  def_card_table<std::int16_t, 64, &RuleSet::card_points>(
      cls, "card_points", "{Card: points} for every card worth something (negative = bonus)");
  def_card_table<std::uint8_t, 64, &RuleSet::pair_draws>(
      cls, "pair_draws", "uno-hearts (§15): {Card: cards a pair of it in a trick draws from the stock}");
  def_cardset_field<&RuleSet::deck>(cls, "deck", "the cards in play");
  def_cardset_field<&RuleSet::point_cards>(cls, "point_cards", "the penalty cards for the restrictions");
  def_cardset_field<&RuleSet::first_trick_banned>(cls, "first_trick_banned",
                                                  "cards barred from trick 1 while another is legal");
  def_cardset_field<&RuleSet::first_lead_banned>(cls, "first_lead_banned",
                                                 "cards the opening lead may not be while the leader holds another");
  def_cardset_field<&RuleSet::moon_cards>(cls, "moon_cards", "the cards a moon needs");
  def_cardset_field<&RuleSet::single_copies>(cls, "single_copies",
                                             "uno-hearts: the cards of a two-copy deck with one copy only");
  def_cardset_field<&RuleSet::swap_left_cards>(cls, "swap_left_cards",
                                               "uno-hearts: taking one, the winner swaps hands with his left");
  def_cardset_field<&RuleSet::swap_right_cards>(cls, "swap_right_cards",
                                                "uno-hearts: taking one, the winner swaps hands with his right");
  def_cardset_field<&RuleSet::doubling_cards>(cls, "doubling_cards", "taking one doubles the hand score");
  def_cardset_field<&RuleSet::charge_cards>(cls, "charge_cards",
                                            "turbo: the cards a seat may charge after the pass (one each)");
  def_cardset_field<&RuleSet::charge_whole_suit>(cls, "charge_whole_suit",
                                                 "turbo: charged, they double their suit for the taker (A♥)");
  def_cardset_field<&RuleSet::moon_negated>(cls, "moon_negated",
                                            "gong-zhu: the cards whose points change sign under a NEGATE moon");
  def_cardset_field<&RuleSet::grand_slam_cards>(cls, "grand_slam_cards",
                                                "gong-zhu+grand-slam: taking all of them scores grand_slam_points");
  def_cardset_field<&RuleSet::lead_taker_card>(cls, "lead_taker_card",
                                               "gong-zhu: its taker leads (as the dealer) the next hand");
  m.attr("EXACT_TARGET_TO_HALF_PLUS_ONE") = static_cast<int>(kExactTargetToHalfPlusOne);
  m.attr("EXACT_HALF_TO_ZERO") = static_cast<int>(kExactHalfToZero);
  m.attr("EXACT_TARGET_TO_HALF_THEN_ZERO") = static_cast<int>(kExactTargetToHalfThenZero);
  m.attr("EXACT_TARGET_FLIPS") = static_cast<int>(kExactTargetFlips);
  m.def("rules_unsupported", &check_rules, py::arg("rules"),
        "Why no Position can be played under these rules (empty when one can): what Position() refuses.");
  m.def("solver_unsupported", static_cast<std::string (*)(const RuleSet&)>(&solver_unsupported), py::arg("rules"),
        "why the exact solver cannot score these rules ('' when it can)");

  def_cardset_field<&RuleSet::lead_break_cards>(cls, "lead_break_cards",
                                                "hearts may be led once one of these is played (empty: the flag)");
  def_cardset_field<&RuleSet::extend_cards>(cls, "extend_cards",
                                            "nines-extend (A21): a trick holding one of these of its led suit "
                                            "gets a second round (empty: one card per seat)");

  m.def(
      "sides",
      [](const RuleSet& r) {
        std::vector<std::vector<int>> out;
        std::uint32_t seen = 0;
        for (int s = 0; s < r.players; ++s) {
          if ((seen >> s) & 1) continue;
          const std::uint32_t side = side_of(r, s);
          seen |= side;
          std::vector<int> seats;
          for (int t = 0; t < r.players; ++t)
            if ((side >> t) & 1) seats.push_back(t);
          out.push_back(seats);
        }
        return out;
      },
      py::arg("rules"), "the seats of each side, by lowest seat: partners together (teams), else one seat each");
}

}  // namespace copas::py_api
