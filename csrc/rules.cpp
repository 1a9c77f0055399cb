#include "rules.h"

#include "decision.h"

namespace copas {

int pass_offset(PassDirection d, int players) {
  switch (d) {
    case PassDirection::kLeft: return 1;
    case PassDirection::kRight: return players - 1;
    case PassDirection::kAcross: return players / 2;
    case PassDirection::kSecondLeft: return 2 % players;
    case PassDirection::kSecondRight: return (players - 2) % players;
    case PassDirection::kNone: break;
  }
  return 0;
}

std::string pass_offset_name(int offset, int players) {
  if (offset == 1) return "left";
  if (offset == players - 1) return "right";
  if (2 * offset == players) return "across";
  return std::to_string(offset) + " seats left";
}

std::string pass_toward(int offset, int players) {
  const std::string name = pass_offset_name(offset, players);
  return name == "across" ? name : (offset == 1 || offset == players - 1 ? "to the " : "to ") + name;
}

PassPlan RuleSet::pass_plan(int hand_no) const {
  PassPlan plan;
  if (pool_cards) {  // A13: the pool in every hand, whatever the cycle
    plan.parts[0].count = pool_cards;
    return plan;
  }
  if (pass_cycle_length == 0) return plan;
  const int i = hand_no % pass_cycle_length;
  // The parts in cycle order, empty ones dropped: a split entry fills both.
  const PassDirection directions[2] = {pass_cycle[i], pass_cycle_second[i]};
  const std::uint8_t counts[2] = {pass_cycle_counts[i], pass_cycle_second_counts[i]};
  int filled = 0;
  for (int p = 0; p < 2; ++p) {
    const int offset = pass_offset(directions[p], players);
    if (offset == 0 || counts[p] == 0) continue;
    plan.parts[filled].offset = static_cast<std::int8_t>(offset);
    plan.parts[filled++].count = counts[p];
  }
  return plan;
}

namespace {

// What the two-copy layer (twin_cards.h, twin_play.cpp) does not carry yet: each of
// these rules reads a hand or a pile as a set of distinct cards.
std::string twin_rules_error(const RuleSet& r) {
  // uno-hearts (§15) carries a one-way pass and the stock its pairs draw from (uno_trick_end.cpp).
  bool split = r.pass_chain || r.pass_blind || r.dealer_plans_pass;
  for (int i = 0; i < r.pass_cycle_length; ++i) split = split || r.pass_cycle_second_counts[i];
  const char* what = split || r.pool_cards                         ? "a pass chain, split pass or pool"
                     : r.charge_cards                              ? "charges"
                     : r.stock_draw != StockDraw::kNone && r.stock_draw != StockDraw::kPairs ? "a stock"
                     : r.extend_cards                     ? "tricks with a second round"
                     : r.kitty_use == KittyUse::kIntoHand ? "the into-hand kitty's discards"
                     : r.dealer_plans_pass || r.auction   ? "a decision before the play"
                     : r.start_chips                      ? "chips"
                     : r.first_lead == FirstLead::kHolderOfCard && r.must_lead_first_card
                         ? "a named opening card"
                         : nullptr;
  return what ? std::string("two copies of a card (docs/RULES.md §13, §14) cannot be played with ") + what + " yet" : "";
}

}  // namespace

std::string check_rules(const RuleSet& r) {
  if (r.players < 2 || r.players > kMaxPlayers)
    return "players must be 2 to " + std::to_string(kMaxPlayers) + ", not " + std::to_string(r.players);
  if (r.copies < 1 || r.copies > 2) return "copies must be 1 or 2, not " + std::to_string(r.copies);
  if (r.copies == 2) {
    if (std::string e = twin_rules_error(r); !e.empty()) return e;
  } else if (r.identical_card_wins == IdenticalCardWins::kCancel) {
    return "identical_card_wins = cancel (cancellation, docs/RULES.md §14) needs copies = 2";
  }
  if (r.deck & ~kFullDeck) return "the deck holds cards outside the 52";
  if (r.single_copies && (r.copies != 2 || (r.single_copies & ~r.deck)))
    return "single copies (uno-hearts) are cards of a two-copy deck";
  if (r.stock_draw == StockDraw::kPairs && r.copies != 2) return "a pair's draws (uno-hearts) need two copies";
  if ((r.swap_left_cards | r.swap_right_cards) & ~r.deck) return "a hand-swapping card is not in the deck";
  const int deck_size = count(r.deck) * r.copies - count(r.single_copies);
  if (r.hand_size == 0 || r.players * r.hand_size > deck_size)
    return "cannot deal " + std::to_string(r.hand_size) + " cards to " + std::to_string(r.players) +
           " seats from " + std::to_string(deck_size);
  if (r.players * r.hand_size > kMaxPlays) return "too many cards for one hand";
  if (r.kitty_size != 0 && r.players * r.hand_size + r.kitty_size != deck_size)
    return "the hands and the kitty of " + std::to_string(r.kitty_size) + " must make up the deck";
  if (r.stock_draw != StockDraw::kNone) {
    const int stock = deck_size - r.players * r.hand_size;
    if (r.kitty_size) return "a stock and a kitty cannot both hold the undealt cards";
    if (stock < 1 || stock > kMaxStock) return "a stock needs 1 to " + std::to_string(kMaxStock) + " undealt cards";
    if (r.extend_cards) return "a stock's draws and tricks with a second round cannot be combined";
  }
  if (r.extend_cards && !(r.extend_cards & r.deck))
    return "the trick-extending cards " + cardset_str(r.extend_cards) + " are not in this deck";
  if (r.kitty_use == KittyUse::kIntoHand && r.kitty_peek)
    return "kitty-peek is for the add-to-trick kitty; an into-hand taker sees the kitty anyway";
  for (int i = 0; i < r.pass_cycle_length; ++i) {
    const PassPlan plan = r.pass_plan(i);
    if (plan.total() >= r.hand_size) return "a pass must leave cards in hand";
    if (plan.parts[1].count && plan.parts[0].offset == plan.parts[1].offset)
      return "the two parts of a split pass must go to different seats";
    if (plan.parts[1].count && r.pass_chain)
      return "a pass chain (peek-pass) goes one way: it cannot be split between directions";
  }
  if (r.pool_cards && r.pool_cards >= r.hand_size) return "the pool must leave cards in hand";
  if (r.pool_cards && r.pass_chain) return "the pool (kitty-swap) replaces the pass: no pass chain";
  if (r.pass_blind && !r.pass_chain) return "blind-forward passes along a pass chain: set pass_chain too";
  if (r.teams != 0 && (r.teams < 2 || r.players % r.teams != 0))
    return std::to_string(r.players) + " seats cannot form " + std::to_string(r.teams) + " equal teams";
  if ((r.charge_cards | r.charge_whole_suit) & ~r.deck) return "a chargeable card is not in the deck";
  if (r.charge_cards && r.kitty_size) return "charges with a kitty are not supported";
  if (r.super_charge && (!r.charge_cards || !negates_signs(r.moon)))
    return "super charges (gong-zhu+super-charge) need the charge phase and gong-zhu's signed scoring";
  if (r.dealer_plans_pass && (r.players % 2 || r.pass_chain || r.pool_cards || r.charge_cards || r.hand_size <= 3))
    return "the dealer's pass plan (queens) needs an even number of seats (a seat across), no pass chain, "
           "pool or charges, and more than 3 cards a hand";
  if (r.moon_shooter_choice && (r.moon != MoonRule::kOthersPlus || r.reverse_moon_if_losing))
    return "reverse-moon=shooter-choice chooses between the normal moon (others +) and its reverse";
  if (r.start_chips < 0) return "the starting chips cannot be negative";
  if (r.start_chips && (r.teams || r.moon != MoonRule::kNone || r.kitty_size || r.match_hands))
    return "chips (betting-chips) are settled seat by seat: no teams, moon, kitty or fixed hand count";
  if (r.eliminate_at_target && (r.goal != Goal::kLow || r.start_chips || r.teams || r.match_hands || r.exact_score))
    return "elimination at the target (domino's end (b)) is for points, lowest wins: no chips, teams, fixed hand "
           "count or exact-score";
  if ((r.exact_score & kExactTargetToHalfPlusOne) && (r.exact_score & kExactTargetToHalfThenZero))
    return "exact-score modes (a) and (c) exclude each other (A26)";
  return "";
}

namespace {

bool reached(const RuleSet& rules, std::int32_t total) {
  return rules.goal == Goal::kLow ? total >= rules.target : total <= rules.target;
}

}  // namespace

double relative_value(const RuleSet& rules, const std::int32_t* scores, int seat) {
  std::int32_t sides[kMaxPlayers];
  side_sums(rules, scores, rules.players, sides);
  const std::uint32_t mine = side_of(rules, seat);
  double others = 0;
  int count = 0;
  for (int s = 0; s < rules.players; ++s) {
    // One seat per other side (a side's sum is repeated on each of its seats).
    if ((mine >> s) & 1 || (side_of(rules, s) & ((1u << s) - 1))) continue;
    others += sides[s];
    ++count;
  }
  return sides[seat] - (count ? others / count : 0.0);
}

double moon_form_value(const RuleSet& rules, const std::int32_t* scores, int shooter) {
  std::int32_t own[kMaxPlayers];
  side_sums(rules, scores, rules.players, own);
  return relative_value(rules, scores, shooter) + 1e-4 * own[shooter];
}

int favoured_moon_form(const RuleSet& rules, const std::int32_t* normal, const std::int32_t* reversed, int shooter) {
  const double sign = rules.goal == Goal::kLow ? 1.0 : -1.0;  // once signed, lower is better
  return sign * moon_form_value(rules, reversed, shooter) < sign * moon_form_value(rules, normal, shooter)
             ? kMoonReverse
             : kMoonNormal;
}

void side_sums(const RuleSet& rules, const std::int32_t* values, int players, std::int32_t* out) {
  std::int32_t in[kMaxPlayers];
  for (int s = 0; s < players; ++s) in[s] = values[s];  // out may be values itself
  if (rules.teams == 0) {  // the search calls this once per playout: keep it cheap
    for (int s = 0; s < players; ++s) out[s] = in[s];
    return;
  }
  for (int s = 0; s < players; ++s) {
    out[s] = 0;
    for (int t = 0; t < players; ++t)
      if ((side_of(rules, s) >> t) & 1) out[s] += in[t];
  }
}

std::uint32_t side_of(const RuleSet& rules, int seat) {
  if (rules.teams == 0) return 1u << seat;
  std::uint32_t side = 0;
  for (int s = seat % rules.teams; s < rules.players; s += rules.teams) side |= 1u << s;
  return side;
}

bool target_reached(const RuleSet& rules, const std::int32_t* totals, int players) {
  std::int32_t judged[kMaxPlayers];
  side_sums(rules, totals, players, judged);
  // individual-tally (L121): a seat's own total ends the match, team sums rank it.
  const std::int32_t* ends = rules.team_individual_tally ? totals : judged;
  for (int s = 0; s < players; ++s)
    if (reached(rules, ends[s])) return true;
  return false;
}

std::string solver_unsupported(const RuleSet& rules) {
  // Every other scoring rule of a RuleSet is scored (solver/outcome.h); what the solver
  // still refuses is a position, not rules (an unproven revoke, a kitty still lying).
  // Its trick bounds, trick control, relaxed ceiling and key assume one card per seat
  // in every trick.
  if (rules.copies > 1)
    return "two copies of a card (docs/RULES.md §13, §14): the solver's tables, keys and bounds hold "
           "one copy of each card";
  if (rules.extend_cards)
    return "nines-extend (A21): tricks of a second round; the solver's trick bounds assume one card per seat";
  if (negates_signs(rules.moon))
    return "gong-zhu's scoring (docs/RULES.md §9: the all-hearts sign change, the 10♣'s +50, the grand slam) "
           "is not in the solver's bounds";
  if (rules.charge_cards)
    return "turbo's charges (docs/RULES.md §8) change card values after the deal, and the solver's "
           "point tables hold the rules' values";
  if (rules.stock_draw == StockDraw::kUntilFollow)
    return "domino's tricks (docs/RULES.md §17): N cards from any seats, with draws and discards to a new "
           "stock; the solver's bounds assume one card per seat per trick";
  if (rules.stock_draw != StockDraw::kNone)
    return "two-player's stock (docs/RULES.md §18): the hands refill after each trick, and the solver's "
           "bounds and key assume the hands hold every card still to be played";
  if (rules.moon_shooter_choice)
    return "reverse-moon=shooter-choice (docs/RULES.md §2.3): the shooter's choice of the moon's form after "
           "the last card; the solver scores a moon in one form";
  return "";
}

}  // namespace copas
