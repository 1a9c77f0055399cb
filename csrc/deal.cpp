#include "deal.h"

#include "cpu_features.h"

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

namespace {

// How a uniformly random card of a set is drawn: k = rng.below(cards in the set),
// then the k-th card. Two ways to find the k-th card, with the same result, so a
// seed plays the same hands on every CPU.
struct PortableDraw {
  Card operator()(CardSet from, Rng& rng) const {
    return select_card(from, [&rng](int n) { return rng.below(static_cast<std::uint32_t>(n)); });
  }
};

#ifdef COPAS_HAS_PDEP_SELECT
struct PdepDraw {
  Card operator()(CardSet from, Rng& rng) const {
    return select_card_pdep(from, [&rng](int n) { return rng.below(static_cast<std::uint32_t>(n)); });
  }
};

#endif

// Runs body(draw) with the fastest draw this CPU allows.
template <class Body>
decltype(auto) with_fastest_draw(Body&& body) {
#ifdef COPAS_HAS_PDEP_SELECT
  if (bmi2_is_fast()) return body(PdepDraw{});
#endif
  return body(PortableDraw{});
}

template <class Draw>
CardSet random_subset_with(CardSet from, int k, Rng& rng, Draw draw) {
  CardSet chosen = 0;
  for (; k > 0; --k) {
    const Card c = draw(from, rng);
    chosen |= c.bit();
    from &= ~c.bit();
  }
  return chosen;
}

// The decisions due before the play (turbo's charges, queens' plan), drawn like cards from their
// choices. Out of line: the play loop stays as it is for hands without any.
template <class Draw>
[[gnu::noinline]] void decide_with(Position& pos, Rng& rng, Draw draw) {
  while (pos.phase() == Phase::kDeciding) pos.decide(draw(pos.decision_choices(), rng).index);
}

// blind-forward (docs/RULES.md §2.2 L47): one of the link's passes uniformly, the
// forward (its unseen packet) or 3 of its own cards. Out of line, as decide_with.
template <class Draw>
[[gnu::noinline]] void random_blind_pass(Position& pos, int s, CardSet packet, Rng& rng, Draw draw) {
  const CardSet own = pos.hand(s) & ~packet;
  const int k = pos.pass_plan().parts[0].count;
  std::uint64_t own_passes = 1;  // C(|own|, k), exact at each step
  for (int i = 0; i < k; ++i)
    own_passes = own_passes * static_cast<std::uint64_t>(count(own) - i) / static_cast<std::uint64_t>(i + 1);
  const bool forward = rng.below(static_cast<std::uint32_t>(own_passes + 1)) == 0;
  pos.set_pass(s, forward ? packet : random_subset_with(own, k, rng, draw));
}

template <class Draw>
void play_out_with(Position& pos, Rng& rng, Draw draw) {
  if (pos.phase() == Phase::kDeciding) [[unlikely]] decide_with(pos, rng, draw);  // queens' plan, before the pass
  if (pos.phase() == Phase::kPassing) {
    const PassPlan plan = pos.pass_plan();
    for (int s; (s = pos.next_passer()) >= 0;) {
      if (const CardSet packet = pos.blind_packet(); packet) [[unlikely]] {
        random_blind_pass(pos, s, packet, rng, draw);
        continue;
      }
      // Part by part, so a split pass is as random as a one-way one (no draw for an empty part).
      const CardSet first = random_subset_with(pos.hand(s), plan.parts[0].count, rng, draw);
      if (plan.parts[1].count == 0) [[likely]] {
        pos.set_pass(s, first);
        continue;
      }
      const CardSet second = random_subset_with(pos.hand(s) & ~first, plan.parts[1].count, rng, draw);
      pos.set_pass(s, first, second, random_subset_with(pos.hand(s) & ~first & ~second, plan.parts[2].count, rng, draw));
    }
    if (pos.pool_pending()) pos.deal_pool(rng);
  }
  if (pos.phase() == Phase::kDeciding) [[unlikely]] decide_with(pos, rng, draw);
  while (pos.phase() == Phase::kPlaying) pos.play(draw(pos.legal_moves(), rng));
}

template <class Draw>
PlayoutStats random_hands_with(const RuleSet& rules, std::uint64_t count, std::uint64_t seed, Draw draw) {
  PlayoutStats stats;
  Rng rng(seed);
  Dealer dealer(rules);
  CardSet hands[kMaxPlayers];
  std::int32_t scores[kMaxPlayers];
  Position pos(&rules, rules.players - 1, 0);  // one position, reset for every hand
  for (std::uint64_t h = 0; h < count; ++h) {
    pos.reset(rules.players - 1, static_cast<int>(h % 4));
    if (rules.copies > 1) [[unlikely]] {
      CardSet twins[kMaxPlayers];
      deal_random_twins(rules, rng, hands, twins);
      pos.deal_twins(hands, twins);
    } else {
      dealer.deal(rng, hands);
      pos.deal(hands);
    }
    play_out_with(pos, rng, draw);
    pos.hand_scores(scores);
    stats.hands++;
    stats.plays += static_cast<std::uint64_t>(pos.num_plays());
    if (pos.moon_shooter() >= 0) stats.moons++;
    for (int s = 0; s < rules.players; ++s) stats.score_sum[s] += scores[s];
  }
  return stats;
}

}  // namespace

Card random_card(CardSet from, Rng& rng) {
  return with_fastest_draw([&](auto draw) { return draw(from, rng); });
}

CardSet random_subset(CardSet from, int k, Rng& rng) {
  return with_fastest_draw([&](auto draw) { return random_subset_with(from, k, rng, draw); });
}

void play_out_randomly(Position& pos, Rng& rng) {
  with_fastest_draw([&](auto draw) { play_out_with(pos, rng, draw); });
}

PlayoutStats random_hands(const RuleSet& rules, std::uint64_t count, std::uint64_t seed) {
  return with_fastest_draw([&](auto draw) { return random_hands_with(rules, count, seed, draw); });
}

}  // namespace copas
