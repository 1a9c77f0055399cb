#include "deal.h"

namespace copas {

Dealer::Dealer(const RuleSet& rules)
    : deck_(rules.deck), players_(rules.players), hand_size_(rules.hand_size) {
  for (CardSet d = rules.deck; d;) cards_[deck_size_++] = pop_lowest(d).bit();
  const int dealt = players_ * hand_size_;
  last_is_rest_ = dealt == deck_size_;
  shuffled_ = last_is_rest_ ? dealt - hand_size_ : dealt;
}

void Dealer::deal(Rng& rng, CardSet* hands) {
  // Fisher-Yates over just the positions that decide the hands.
  for (int i = 0; i < shuffled_; ++i) {
    const int j = i + static_cast<int>(rng.below(static_cast<std::uint32_t>(deck_size_ - i)));
    const CardSet t = cards_[i];
    cards_[i] = cards_[j];
    cards_[j] = t;
  }
  CardSet taken = 0;
  for (int s = 0; s < players_; ++s) {
    CardSet h = 0;
    if (last_is_rest_ && s == players_ - 1) {
      h = deck_ & ~taken;
    } else {
      for (int i = 0; i < hand_size_; ++i) h |= cards_[s * hand_size_ + i];
    }
    hands[s] = h;
    taken |= h;
  }
}

void deal_random(const RuleSet& rules, Rng& rng, CardSet* hands) { Dealer(rules).deal(rng, hands); }

Card random_card(CardSet from, Rng& rng) {
  return select_card(from, [&rng](int n) { return rng.below(static_cast<std::uint32_t>(n)); });
}

CardSet random_subset(CardSet from, int k, Rng& rng) {
  CardSet chosen = 0;
  for (; k > 0; --k) {
    const Card c = random_card(from, rng);
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
    pos.play(random_card(pos.legal_moves(), rng));
  }
}

PlayoutStats random_hands(const RuleSet& rules, std::uint64_t count, std::uint64_t seed) {
  PlayoutStats stats;
  Rng rng(seed);
  Dealer dealer(rules);
  CardSet hands[kMaxPlayers];
  std::int32_t scores[kMaxPlayers];
  Position pos(&rules, rules.players - 1, 0);  // one position, reset for every hand
  for (std::uint64_t h = 0; h < count; ++h) {
    pos.reset(rules.players - 1, static_cast<int>(h % 4));
    dealer.deal(rng, hands);
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
