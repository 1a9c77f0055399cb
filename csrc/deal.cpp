#include "deal.h"

namespace copas {

void deal_random(const RuleSet& rules, Rng& rng, CardSet* hands) {
  Card cards[64];
  int n = 0;
  for (CardSet d = rules.deck; d;) cards[n++] = pop_lowest(d);
  // Fisher-Yates over just the cards dealt out.
  const int dealt = rules.players * rules.hand_size;
  for (int i = 0; i < dealt; ++i) {
    int j = i + static_cast<int>(rng.below(static_cast<std::uint32_t>(n - i)));
    Card t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
  for (int s = 0; s < rules.players; ++s) {
    CardSet h = 0;
    for (int i = 0; i < rules.hand_size; ++i) h |= cards[s * rules.hand_size + i].bit();
    hands[s] = h;
  }
}

CardSet random_subset(CardSet from, int k, Rng& rng) {
  CardSet chosen = 0;
  for (int i = 0; i < k; ++i) {
    Card c = nth_card(from, static_cast<int>(rng.below(static_cast<std::uint32_t>(count(from)))));
    chosen |= c.bit();
    from &= ~c.bit();
  }
  return chosen;
}

void play_out_randomly(Position& pos, Rng& rng) {
  if (pos.phase() == Phase::kPassing) {
    const int k = pos.pass_plan().total();
    for (int s = 0; s < pos.players(); ++s)
      if (!pos.pass_is_set(s)) pos.set_pass(s, random_subset(pos.hand(s), k, rng));
  }
  while (pos.phase() == Phase::kPlaying) {
    const CardSet moves = pos.legal_moves();
    pos.play(nth_card(moves, static_cast<int>(rng.below(static_cast<std::uint32_t>(count(moves))))));
  }
}

PlayoutStats random_hands(const RuleSet& rules, std::uint64_t count, std::uint64_t seed) {
  PlayoutStats stats;
  Rng rng(seed);
  CardSet hands[kMaxPlayers];
  std::int32_t scores[kMaxPlayers];
  for (std::uint64_t h = 0; h < count; ++h) {
    const int hand_no = static_cast<int>(h % 4);
    Position pos(&rules, rules.players - 1, hand_no);
    deal_random(rules, rng, hands);
    pos.deal(hands);
    play_out_randomly(pos, rng);
    pos.hand_scores(scores);
    stats.hands++;
    stats.plays += static_cast<std::uint64_t>(pos.num_plays());
    if (pos.moon_shooter() >= 0) stats.moons++;
    for (int s = 0; s < rules.players; ++s) stats.score_sum[s] += scores[s];
  }
  return stats;
}

}  // namespace copas
