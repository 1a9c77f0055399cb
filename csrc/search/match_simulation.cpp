#include "match_simulation.h"

#include "../deal.h"
#include "../position.h"
#include "match_equity.h"
#include "playout_policy.h"

namespace copas {

void simulate_match_wins(const RuleSet& rules, const MatchState& from, std::int64_t matches, std::uint64_t seed,
                         double noise, double* wins, int max_hands) {
  const int n = rules.players;
  const int side = rules.teams ? n / rules.teams : 1;
  for (int s = 0; s < n; ++s) wins[s] = 0;
  Rng rng(seed);
  Dealer dealer(rules);
  CardSet dealt[kMaxPlayers];
  std::int32_t scores[kMaxPlayers];
  Position pos(&rules, n - 1, 0);
  for (std::int64_t m = 0; m < matches; ++m) {
    MatchState match = from;
    MatchOutcome o = match_outcome(rules, match, n);
    for (int h = 0; !o.over && h < max_hands; ++h) {
      // The dealer moves left each hand; the hand number picks the pass.
      pos.reset((n - 1 + match.hands_played) % n, match.hands_played % kHandCycle);
      dealer.deal(rng, dealt);
      pos.deal(dealt);
      play_out_heuristic(pos, rng, noise);
      add_hand(pos, match, scores);
      o = match_outcome(rules, match, n);
    }
    const std::uint32_t winners = o.over ? o.winners : (1u << n) - 1;
    const double sides = static_cast<double>(__builtin_popcount(winners) / side);
    for (int s = 0; s < n; ++s)
      if ((winners >> s) & 1) wins[s] += 1.0 / sides;
  }
  for (int s = 0; s < n; ++s) wins[s] /= static_cast<double>(matches);
}

}  // namespace copas
