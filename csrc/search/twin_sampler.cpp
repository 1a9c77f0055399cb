#include "twin_sampler.h"

#include "uno_knowledge.h"

#include <algorithm>
#include <cmath>

namespace copas {

namespace {

// C(n, k) for n <= 26, as doubles (exact: the largest, C(26, 13), is about 10^7).
struct Binomials {
  double at[27][27] = {};
  Binomials() {
    for (int n = 0; n <= 26; ++n) {
      at[n][0] = 1;
      for (int k = 1; k <= n; ++k) at[n][k] = at[n - 1][k - 1] + (k <= n - 1 ? at[n - 1][k] : 0);
    }
  }
};
const Binomials kBinomials;

}  // namespace

TwinWorldSampler::TwinWorldSampler(const Position& pos, int seat) : players_(pos.players()), seat_(seat) {
  if (!pos.two_copies()) {
    problem_ = "the rules hold one copy of each card: use WorldSampler";
    return;
  }
  const RuleSet& rules = pos.rules();
  stock_ = rules.stock_draw == StockDraw::kPairs;
  if ((rules.stock_draw != StockDraw::kNone && !stock_) || (rules.single_copies && !stock_)) {
    problem_ = "a stock other than uno-hearts' (docs/RULES.md §15), or single copies without it, is not sampled";
    return;
  }
  own_ = pos.held(seat);
  // The unseen copies: two of each card of the deck (one of a single copy), less the
  // seat's, the played ones, the stock's drawn ones and those it knows in other hands.
  TwinSet seen = own_;
  seen.add(pos.played_cards());
  unsigned play_voids[kMaxPlayers] = {};  // uno-hearts: the suits a hand's plays showed it lacks
  if (stock_) {
    const UnoHandKnowledge k = uno_hand_knowledge(pos, seat);
    for (int s = 0; s < players_; ++s) {
      if (s == seat) continue;
      known_[s] = k.whole[s] ? pos.held(s) : k.part[s];
      seen.add(known_[s]);
      // The deal goes by suit: a suit counts when the absence covers it whole, as
      // uno-hearts' rule filters (whole suits, Position::visit_rule_filters) always do.
      for (int suit = 0; suit < kNumSuits; ++suit)
        if (!(rules.deck & suit_mask(suit) & ~k.absent[s])) play_voids[s] |= 1u << suit;
    }
    for (int i = 0; i < pos.draws_made(); ++i) seen.add(pos.dealt_stock_card(i).bit());
  }
  for (int suit = 0; suit < kNumSuits; ++suit) {
    for (CardSet c = rules.deck & suit_mask(suit); c;) {
      const Card card = pop_lowest(c);
      const int copies = 2 - contains(rules.single_copies, card) - contains(seen.once, card) - contains(seen.twice, card);
      for (int i = 0; i < copies; ++i) unseen_[suit][unseen_count_[suit]++] = card;
    }
  }
  for (int s = 0; s < players_; ++s) {
    const int unknown = pos.held(s).size() - known_[s].size();
    if (s == seat || unknown == 0) continue;
    holder_seat_[holders_] = s;
    count_[holders_] = unknown;
    // A revoke not yet proven (the Revokes option) shows no void: the seat may hold the suit.
    voids_[holders_++] = (pos.shown_voids(s) | play_voids[s]) & ~pos.revoked_suits(s);
  }
  if (rules.kitty_size || (stock_ && pos.stock_left())) {  // face down, taken or not: nobody has seen it
    holder_seat_[holders_] = players_;
    count_[holders_++] = stock_ ? pos.stock_left() : rules.kitty_size;
  }
  int total = 0, unseen = 0;
  for (int h = 0; h < holders_; ++h) total += count_[h];
  for (int suit = 0; suit < kNumSuits; ++suit) unseen += unseen_count_[suit];
  if (total != unseen) {
    problem_ = "the other seats and the kitty hold " + std::to_string(total) + " cards, but " +
               std::to_string(unseen) + " are unseen";
    return;
  }
  for (int h = 0; h < holders_; ++h) {
    bool lacks = false;  // a void matters only in a suit with unseen copies
    for (int suit = 0; suit < kNumSuits; ++suit) lacks |= ((voids_[h] >> suit) & 1) && unseen_count_[suit];
    (lacks ? void_holders_ : free_holders_).push_back(h);
  }
  table_.assign(void_holders_.size(), std::vector<double>(kLanes * kLanes * kLanes, -1.0));
  const double tables = count_completions(0, unseen_count_);
  // Times the deals of the rest to the holders with no void: rest! / prod counts!.
  double rest = 0;
  int left = 0;
  for (const int h : free_holders_) {
    left += count_[h];
    rest -= std::lgamma(count_[h] + 1.0);
  }
  rest += std::lgamma(left + 1.0);
  world_count_ = tables * std::exp(rest);
  if (tables <= 0) problem_ = "no deal of the unseen cards fits every seat's count and shown voids";
}

template <class Visit>
void TwinWorldSampler::for_each_split(int level, const int* left, Visit&& visit) const {
  const int h = void_holders_[level];
  const int k = count_[h];
  int cap[kNumSuits];
  for (int suit = 0; suit < kNumSuits; ++suit) cap[suit] = ((voids_[h] >> suit) & 1) ? 0 : std::min(left[suit], k);
  int x[kNumSuits];
  for (x[0] = 0; x[0] <= cap[0]; ++x[0])
    for (x[1] = 0; x[1] <= cap[1] && x[0] + x[1] <= k; ++x[1])
      for (x[2] = 0; x[2] <= cap[2] && x[0] + x[1] + x[2] <= k; ++x[2]) {
        x[3] = k - x[0] - x[1] - x[2];
        if (x[3] > cap[3]) continue;
        double w = 1;
        for (int suit = 0; suit < kNumSuits; ++suit) w *= kBinomials.at[left[suit]][x[suit]];
        visit(x, w);
      }
}

double TwinWorldSampler::count_completions(int level, const int* left) {
  if (level == static_cast<int>(void_holders_.size())) return 1;  // the rest: the same for every table
  double& cell = table_[level][index(left)];
  if (cell >= 0) return cell;
  double sum = 0;
  for_each_split(level, left, [&](const int* x, double w) {
    int after[kNumSuits];
    for (int suit = 0; suit < kNumSuits; ++suit) after[suit] = left[suit] - x[suit];
    sum += w * count_completions(level + 1, after);
  });
  return cell = sum;
}

void TwinWorldSampler::draw(Rng& rng, TwinSet* hands, TwinSet& kitty, Card* stock) const {
  Card pile[kNumSuits][2 * kNumFaces];
  int left[kNumSuits];
  for (int suit = 0; suit < kNumSuits; ++suit) {
    left[suit] = unseen_count_[suit];
    std::copy_n(unseen_[suit], left[suit], pile[suit]);
  }
  TwinSet got[kMaxPlayers + 1];
  // The holders with a void: their suit counts in proportion to the worlds below, then
  // that many copies of each suit drawn from what is left of it.
  for (int level = 0; level < static_cast<int>(void_holders_.size()); ++level) {
    const bool last = level + 1 == static_cast<int>(void_holders_.size());
    double u = rng.uniform() * completions(level, left);
    int chosen[kNumSuits] = {};
    bool done = false;
    for_each_split(level, left, [&](const int* x, double w) {
      if (done) return;
      int after[kNumSuits];
      for (int suit = 0; suit < kNumSuits; ++suit) after[suit] = left[suit] - x[suit];
      const double weight = w * (last ? 1.0 : completions(level + 1, after));
      if (weight <= 0) return;
      std::copy_n(x, kNumSuits, chosen);  // the last split with weight also takes any rounding remainder
      if (u < weight)
        done = true;
      else
        u -= weight;
    });
    TwinSet& hand = got[void_holders_[level]];
    for (int suit = 0; suit < kNumSuits; ++suit)
      for (int i = 0; i < chosen[suit]; ++i) {
        const int j = static_cast<int>(rng.below(static_cast<std::uint32_t>(left[suit])));
        hand.add(pile[suit][j].bit());
        pile[suit][j] = pile[suit][--left[suit]];
      }
  }
  // The rest, every suit together, to the holders with no void.
  Card rest[4 * kNumFaces * 2];
  int n = 0;
  for (int suit = 0; suit < kNumSuits; ++suit) n = static_cast<int>(std::copy_n(pile[suit], left[suit], rest + n) - rest);
  for (const int h : free_holders_) {
    // The stock (never void) is a free holder: its cards come out in a uniform order.
    Card* order = stock_ && stock && holder_seat_[h] == players_ ? stock : nullptr;
    for (int i = 0; i < count_[h]; ++i) {
      const int j = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
      got[h].add(rest[j].bit());
      if (order) order[i] = rest[j];
      rest[j] = rest[--n];
    }
  }
  kitty = {};
  for (int s = 0; s < players_; ++s) hands[s] = known_[s];
  for (int h = 0; h < holders_; ++h) {
    if (holder_seat_[h] == players_)
      kitty = got[h];
    else
      hands[holder_seat_[h]].add(got[h]);
  }
  hands[seat_] = own_;
}

bool TwinWorldSampler::sample(Rng& rng, Position& out) const {
  if (!ready()) return false;
  TwinSet hands[kMaxPlayers];
  TwinSet kitty;
  Card stock[kMaxStock];
  draw(rng, hands, kitty, stock_ ? stock : nullptr);
  for (int s = 0; s < players_; ++s) out.set_held(s, hands[s]);
  if (out.rules().kitty_size) out.set_twin_kitty(kitty);
  if (stock_) out.set_stock(stock, out.stock_left());
  return true;
}

}  // namespace copas
