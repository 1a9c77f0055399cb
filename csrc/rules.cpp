#include "rules.h"

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

PassPlan RuleSet::pass_plan(int hand_no) const {
  PassPlan plan;
  if (pass_cycle_length == 0) return plan;
  int i = hand_no % pass_cycle_length;
  int offset = pass_offset(pass_cycle[i], players);
  if (offset != 0 && pass_cycle_counts[i] > 0) {
    plan.parts[0].offset = static_cast<std::int8_t>(offset);
    plan.parts[0].count = pass_cycle_counts[i];
  }
  return plan;
}

int RuleSet::points_of(CardSet cards) const {
  int total = 0;
  while (cards) total += card_points[pop_lowest(cards).index];
  return total;
}

std::string check_rules(const RuleSet& r) {
  if (r.players < 2 || r.players > kMaxPlayers)
    return "players must be 2 to " + std::to_string(kMaxPlayers) + ", not " + std::to_string(r.players);
  if (r.copies != 1) return "two-deck variants are not implemented yet";
  if (r.deck & ~kFullDeck) return "the deck holds cards outside the 52";
  if (r.hand_size == 0 || r.players * r.hand_size > count(r.deck))
    return "cannot deal " + std::to_string(r.hand_size) + " cards to " + std::to_string(r.players) +
           " seats from " + std::to_string(count(r.deck));
  if (r.players * r.hand_size > kMaxPlays) return "too many cards for one hand";
  if (r.kitty_size != 0 && r.players * r.hand_size + r.kitty_size != count(r.deck))
    return "the hands and the kitty of " + std::to_string(r.kitty_size) + " must make up the deck";
  for (int i = 0; i < r.pass_cycle_length; ++i)
    if (r.pass_cycle_counts[i] >= r.hand_size) return "a pass must leave cards in hand";
  return "";
}

MatchOutcome match_outcome(const RuleSet& rules, const std::int32_t* totals, int players) {
  MatchOutcome out;
  bool reached = false;
  for (int s = 0; s < players; ++s) {
    if (rules.goal == Goal::kLow ? totals[s] >= rules.target : totals[s] <= rules.target)
      reached = true;
  }
  if (!reached) return out;
  // The best total: lowest for a penalty game, highest for a bonus game.
  std::int32_t best = totals[0];
  for (int s = 1; s < players; ++s)
    best = rules.goal == Goal::kLow ? (totals[s] < best ? totals[s] : best)
                                    : (totals[s] > best ? totals[s] : best);
  std::uint32_t winners = 0;
  for (int s = 0; s < players; ++s)
    if (totals[s] == best) winners |= 1u << s;
  bool tied = (winners & (winners - 1)) != 0;
  if (tied && rules.tie_rule == TieRule::kExtraHands) return out;
  out.over = true;
  out.winners = winners;
  return out;
}

}  // namespace copas
