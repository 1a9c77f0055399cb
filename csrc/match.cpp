#include "match.h"

#include "auction.h"
#include "chips.h"
#include "elimination.h"

namespace copas {

namespace {

// The match's end condition, before ties: the fixed number of hands played (rook,
// §16), else a total at the target.
bool end_reached(const RuleSet& r, const MatchState& match, int players) {
  if (r.match_hands > 0) return match.hands_played >= r.match_hands;
  return match.flipped_end || target_reached(r, match.totals, players);
}

}  // namespace

// reverse-moon=conditional (A24): the normal moon, unless it would take some
// total to the target without the shooter's side as the only winner; then the
// reverse form. Judged on the match as it stands (a tie-break under way included).
void score_moon_for_match(const Position& hand, const MatchState& match, std::int32_t* out) {
  if (hand.moon_due()) [[unlikely]] {
    std::int32_t normal[kMaxPlayers], reversed[kMaxPlayers];
    hand.hand_scores_with_moon(hand.rules().moon, normal);
    hand.hand_scores_with_moon(MoonRule::kSelfMinus, reversed);
    choose_moon_form(hand.rules(), hand.players(), match, hand.turn(), normal, reversed, out);
    return;
  }
  hand.hand_scores(out);
  const int shooter = hand.moon_shooter();
  if (!hand_value_reads_match(hand.rules()) || hand.phase() != Phase::kOver || shooter < 0) return;
  std::int32_t normal[kMaxPlayers], reversed[kMaxPlayers];
  for (int s = 0; s < hand.players(); ++s) normal[s] = out[s];
  hand.hand_scores_with_moon(MoonRule::kSelfMinus, reversed);
  choose_moon_form(hand.rules(), hand.players(), match, shooter, normal, reversed, out);
}

void choose_moon_form(const RuleSet& r, int n, const MatchState& match, int shooter, const std::int32_t* normal,
                      const std::int32_t* reversed, std::int32_t* out) {
  for (int s = 0; s < n; ++s) out[s] = normal[s];
  if (!moon_form_reads_match(r) || shooter < 0) return;
  MatchState after = match;
  for (int s = 0; s < n; ++s) after.totals[s] += out[s];
  ++after.hands_played;
  if (!end_reached(r, after, n)) {
    if (r.moon_shooter_choice && favoured_moon_form(r, normal, reversed, shooter) == kMoonReverse)
      for (int s = 0; s < n; ++s) out[s] = reversed[s];
    return;
  }
  const MatchOutcome o = match_outcome(r, after, n);
  if (o.over && o.winners == side_of(r, shooter)) return;
  for (int s = 0; s < n; ++s) out[s] = reversed[s];
}

namespace {

// The most any seat can score in a hand whose moon counts in its normal form:
// the moon (super-moon doubled) plus every positive card outside the moon
// cards, a doubling card's x2, a positive clean-hand term. A ceiling only.
std::int32_t normal_moon_ceiling(const RuleSet& r) {
  std::int32_t outside = 0;
  for (int i = 0; i < 64; ++i)
    if (contains(r.deck & ~r.moon_cards, Card(i)) && r.card_points[i] > 0) outside += r.card_points[i];
  std::int32_t most = r.moon_value * (r.super_moon ? 2 : 1) + outside;
  if (r.doubling_cards) most *= 2;
  return most + (r.clean_hand_points > 0 ? r.clean_hand_points : 0);
}

}  // namespace

std::string solver_unsupported(const Position& hand) {
  const RuleSet& rules = hand.rules();
  if (rules.stock_draw != StockDraw::kRefill || hand.stock_left() > 0) return solver_unsupported(rules);
  RuleSet drawn_out = rules;  // the stock's only effect, the draws, is over
  drawn_out.stock_draw = StockDraw::kNone;
  return solver_unsupported(drawn_out);
}

std::string solver_unsupported(const Position& hand, const MatchState& match) {
  const RuleSet& rules = hand.rules();
  const int players = hand.players();
  std::string why = solver_unsupported(hand);
  if (!why.empty() || !hand_value_reads_match(rules) || rules.moon == MoonRule::kNone || !rules.moon_cards) return why;
  // Moon cards already taken by two seats: no moon left in this hand to count.
  int takers = 0;
  for (int s = 0; s < players; ++s) takers += (hand.won(s) & rules.moon_cards) != 0;
  if (takers > 1) return why;
  // The form flips only if a normal moon can take a total to the target: with
  // every seat at its ceiling, the target still out of reach means never.
  const char* reason = "reverse-moon=conditional (A24): these match totals may count a moon reversed, "
                       "and the solver scores a moon in its normal form only";
  if (rules.goal != Goal::kLow) return reason;  // the ceiling below bounds a penalty game only
  MatchState after = match;
  const std::int32_t most = normal_moon_ceiling(rules);
  for (int s = 0; s < players; ++s) after.totals[s] += most;
  if (!target_reached(rules, after.totals, players)) return why;
  return reason;
}

namespace {

// exact-score (A26) for one seat's new total; `pending` is its (c) memory.
std::int32_t exact_reset(const RuleSet& r, std::int32_t before, std::int32_t score, bool& pending) {
  const std::int32_t total = before + score;
  const bool was_pending = pending;
  pending = false;
  // (c): a scoreless hand after the drop.
  if (score == 0) return was_pending && (r.exact_score & kExactTargetToHalfThenZero) ? 0 : total;
  if (total == r.target && (r.exact_score & kExactTargetToHalfPlusOne)) return r.target / 2 + 1;
  if (total == r.target && (r.exact_score & kExactTargetToHalfThenZero)) {
    pending = true;
    return r.target / 2;
  }
  if (total == r.target / 2 && (r.exact_score & kExactHalfToZero)) return 0;
  return total;
}

}  // namespace

void add_hand(const Position& hand, MatchState& match, std::int32_t* hand_out) {
  if (hand.rules().eliminate_at_target) [[unlikely]] return add_eliminating_hand(hand, match, hand_out);
  if (plays_for_chips(hand.rules())) [[unlikely]] {
    hand.hand_scores(hand_out);
    if (hand.rules().auction) {
      settle_auction_play(hand, match);  // auction.h: the bid, then the penalty cards
    } else {
      settle_betting_hand(hand, match);
    }
    ++match.hands_played;
    return;
  }
  score_moon_for_match(hand, match, hand_out);
  // queens: the hand's scores still count (the moon as copas-fora scores it), but the
  // match is won; first, so that no tie-break begins (add_scores reads the outcome).
  if (hand.rules().moon_wins_match && hand.phase() == Phase::kOver && hand.moon_shooter() >= 0)
    match.moon_winner = static_cast<std::int8_t>(hand.moon_shooter());
  add_scores(hand.rules(), hand.players(), hand_out, match);
  if (const CardSet card = hand.rules().lead_taker_card) {
    match.next_dealer = -1;
    for (int s = 0; s < hand.players(); ++s)
      if (hand.won(s) & card) match.next_dealer = static_cast<std::int8_t>(s);
  }
}

void add_scores(const RuleSet& r, int n, const std::int32_t* scores, MatchState& match) {
  for (int s = 0; s < n; ++s) {
    if (r.exact_score & kExactTargetFlips) [[unlikely]] {
      match.totals[s] += scores[s];
      if (match.totals[s] == r.target) match.totals[s] = -r.target, match.flipped_end = true;
      continue;
    }
    if (r.exact_score == 0 || r.goal != Goal::kLow) {
      match.totals[s] += scores[s];
      continue;
    }
    bool pending = (match.reset_pending >> s) & 1;
    match.totals[s] = exact_reset(r, match.totals[s], scores[s], pending);
    match.reset_pending = (match.reset_pending & ~(1u << s)) | (std::uint32_t{pending} << s);
  }
  ++match.hands_played;
  // A11: the target reached and the match not over means a shared best total
  // under kExtraHands: tie-break hands begin, and stay until one side is best.
  if (!match.tiebreak && end_reached(r, match, n) && !match_outcome(r, match, n).over)
    match.tiebreak = true;
}

MatchOutcome match_outcome(const RuleSet& rules, const MatchState& match, int players) {
  if (plays_for_chips(rules)) [[unlikely]]
    return rules.auction ? auction_outcome(match, players) : chips_outcome(match, players);
  if (rules.eliminate_at_target) [[unlikely]]
    return elimination_outcome(rules, match, players);
  MatchOutcome out;
  if (match.moon_winner >= 0) [[unlikely]] {  // queens: the moon won the match at once
    out.over = true;
    out.winners = side_of(rules, match.moon_winner);
    return out;
  }
  // A11b: once tie-break hands have begun the target (or the hand count) is no longer consulted.
  if (!match.tiebreak && !end_reached(rules, match, players)) return out;
  // The best total: lowest for a penalty game, highest for a bonus game; with
  // teams every seat carries its team's sum, so a side wins or ties as one.
  std::int32_t judged[kMaxPlayers];
  side_sums(rules, match.totals, players, judged);
  std::int32_t best = judged[0];
  for (int s = 1; s < players; ++s)
    best = rules.goal == Goal::kLow ? (judged[s] < best ? judged[s] : best)
                                    : (judged[s] > best ? judged[s] : best);
  std::uint32_t winners = 0;
  for (int s = 0; s < players; ++s)
    if (judged[s] == best) winners |= 1u << s;
  const bool tied = winners != side_of(rules, __builtin_ctz(winners));
  if (tied && (match.tiebreak || rules.tie_rule == TieRule::kExtraHands)) return out;
  out.over = true;
  out.winners = winners;
  return out;
}

}  // namespace copas
