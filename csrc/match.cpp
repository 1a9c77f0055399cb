#include "match.h"

namespace copas {

namespace {

// reverse-moon=conditional (A24): the normal moon, unless it would end the
// match without the shooter's side as the only winner; then the reverse form.
void score_moon_for_match(const Position& hand, const std::int32_t* totals, std::int32_t* out) {
  const RuleSet& r = hand.rules();
  const int n = hand.players();
  hand.hand_scores(out);
  const int shooter = hand.moon_shooter();
  if (!r.reverse_moon_if_losing || hand.phase() != Phase::kOver || shooter < 0) return;
  std::int32_t after[kMaxPlayers];
  for (int s = 0; s < n; ++s) after[s] = totals[s] + out[s];
  if (!target_reached(r, after, n)) return;
  const MatchOutcome o = match_outcome(r, after, n);
  if (o.over && o.winners == side_of(r, shooter)) return;
  hand.hand_scores_with_moon(MoonRule::kSelfMinus, out);
}

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

void add_hand(const Position& hand, MatchScore& match, std::int32_t* hand_out) {
  const RuleSet& r = hand.rules();
  score_moon_for_match(hand, match.totals, hand_out);
  for (int s = 0; s < hand.players(); ++s) {
    if (r.exact_score == 0 || r.goal != Goal::kLow) {
      match.totals[s] += hand_out[s];
      continue;
    }
    bool pending = (match.exact_pending >> s) & 1;
    match.totals[s] = exact_reset(r, match.totals[s], hand_out[s], pending);
    match.exact_pending = (match.exact_pending & ~(1u << s)) | (std::uint32_t{pending} << s);
  }
}

}  // namespace copas
