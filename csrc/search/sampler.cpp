#include "sampler.h"

#include <algorithm>
#include <array>

#include "kitty_view.h"

namespace copas {

namespace {

constexpr WorldCount kUncounted = ~WorldCount{0};

// Binomial coefficients C(n, k) for n <= 64 (the largest, C(64, 32), fits in 64 bits).
constexpr int kMaxBinomial = 64;
using BinomialTable = std::array<std::array<std::uint64_t, kMaxBinomial + 1>, kMaxBinomial + 1>;
constexpr BinomialTable make_binomials() {
  BinomialTable c{};
  for (int n = 0; n <= kMaxBinomial; ++n) {
    c[n][0] = 1;
    for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k < n ? c[n - 1][k] : 0);
  }
  return c;
}
constexpr BinomialTable kBinomial = make_binomials();

// Exactly uniform in [0, bound), bound > 0: Lemire's multiply-shift with its
// rejection step (Rng::below skips that step and is biased by ~2^-58).
std::uint64_t uniform_below(Rng& rng, std::uint64_t bound) {
  unsigned __int128 product = static_cast<unsigned __int128>(rng.next()) * bound;
  auto low = static_cast<std::uint64_t>(product);
  if (low < bound) {
    const std::uint64_t threshold = (0 - bound) % bound;
    while (low < threshold) {
      product = static_cast<unsigned __int128>(rng.next()) * bound;
      low = static_cast<std::uint64_t>(product);
    }
  }
  return static_cast<std::uint64_t>(product >> 64);
}

// Exactly uniform in [0, bound) for counts past 64 bits: masked draws, rejected
// when too large (fewer than two draws on average).
WorldCount uniform_below(Rng& rng, WorldCount bound) {
  if ((bound >> 64) == 0) return uniform_below(rng, static_cast<std::uint64_t>(bound));
  const auto high_bits = static_cast<std::uint64_t>((bound - 1) >> 64);
  const std::uint64_t high_mask = high_bits ? ~std::uint64_t{0} >> __builtin_clzll(high_bits) : 0;
  for (;;) {
    const WorldCount draw = (static_cast<WorldCount>(rng.next() & high_mask) << 64) | rng.next();
    if (draw < bound) return draw;
  }
}

// total += c * n, flagging overflow.
void add_product(WorldCount& total, std::uint64_t c, WorldCount n, bool& overflow) {
  WorldCount product;
  if (__builtin_mul_overflow(static_cast<WorldCount>(c), n, &product) ||
      __builtin_add_overflow(total, product, &total))
    overflow = true;
}

}  // namespace

WorldSampler::WorldSampler(const Knowledge& knowledge, std::size_t table_limit)
    : knowledge_(knowledge), table_limit_(table_limit) {
  const std::string error = knowledge_error(knowledge);
  if (!error.empty()) {
    fail(Status::kMalformed, error);
    return;
  }
  const bool hidden = std::any_of(std::begin(knowledge.hidden_charges), std::end(knowledge.hidden_charges),
                                  [](std::uint8_t n) { return n > 0; });
  if (hidden) {
    Knowledge base = knowledge;
    std::fill(std::begin(base.hidden_charges), std::end(base.hidden_charges), std::uint8_t{0});
    if (build_hidden_charge_cases(base, 0, 0) && cases_.empty())
      fail(Status::kNoWorld, "no deal gives every seat the cards of its face-down charges");
  } else if (knowledge.take_seat >= 0) {
    build_take_cases(knowledge);
  } else if (knowledge.domino.size > 0) {
    build_domino_cases(knowledge);
  } else {
    build_untaken(knowledge);
  }
}

void WorldSampler::build_untaken(const Knowledge& k) {
  if (k.opening_holder >= 0) {
    build_opening_cases(k);
  } else {
    build(k);
  }
}

void WorldSampler::build_take_cases(const Knowledge& k) {
  Knowledge base = k;
  base.take_seat = -1;
  const int taker = k.take_seat;
  // The bounded cards whose place is open; those the taker must hold count already.
  const CardSet open = k.unseen() & k.before_take_absent;
  const int room = k.take_room - count(k.must_hold[taker] & k.before_take_absent);
  if (room < 0) {
    fail(Status::kNoWorld,
         "seat " + std::to_string(taker) + " holds more cards it lacked before its take than the kitty brought");
    return;
  }
  if (room >= count(open)) {  // the bound cannot bind
    build_untaken(base);
    return;
  }
  auto add_take_case = [&](CardSet in_take) {
    Knowledge one = base;
    for (int s = 0; s < k.players; ++s)
      if (s != k.me && s != taker) one.absent[s] |= in_take;
    one.absent[taker] |= open & ~in_take;
    one.pile_absent |= open & ~in_take;
    return add_case(one);
  };
  for (int held = 0; held <= room; ++held)
    if (!for_each_subset(open, held, add_take_case)) return;  // too many worlds: failed
  if (cases_.empty()) fail(Status::kNoWorld, "no deal fits seat " + std::to_string(taker) + "'s take of the kitty");
}

void WorldSampler::build_domino_cases(const Knowledge& k) {
  Knowledge base = k;
  base.domino.size = 0;
  std::size_t entries_left = kMaxDominoCaseEntries;  // the cases' tables share one budget
  // A first walk builds nothing (it is cheap beside the tables), so too many cases cost no tables.
  const bool built = for_each_domino_case(k, [](const Knowledge&) { return true; }) &&
                     for_each_domino_case(k, [&](const Knowledge& one) { return add_case(one, 0, &entries_left); });
  if (built) {
    if (cases_.empty()) fail(Status::kNoWorld, "no history of draws and discards fits the moves");
    return;
  }
  // Too many cases, parts or table entries: the seats' current voids alone (coarser, docs/RULES.md §17).
  fail(Status::kReady, "");
  cases_cumulative_.clear();
  overflow_ = false;
  build_untaken(base);
}

bool WorldSampler::build_hidden_charge_cases(const Knowledge& k, int seat, CardSet chosen) {
  if (seat == k.players) return add_case(k, chosen);
  const int n = knowledge_.hidden_charges[seat];
  if (n == 0) return build_hidden_charge_cases(k, seat + 1, chosen);
  // The seat's possible charged cards: hidden chargeable ones it may hold (seen
  // in no other place, not known absent) or surely holds, not chosen for another seat.
  const CardSet may = (k.unseen() & ~k.absent[seat]) | k.must_hold[seat];
  const CardSet candidates = k.hidden_charge_cards & may & ~chosen;
  return for_each_subset(candidates, n, [&](CardSet cards) {
    Knowledge one = k;
    one.must_hold[seat] |= cards;
    return build_hidden_charge_cases(one, seat + 1, chosen | cards);
  });
}

bool WorldSampler::add_case(const Knowledge& one, CardSet charged, std::size_t* entries_left) {
  WorldSampler sampler(one, entries_left ? *entries_left : kMaxTableEntries);
  if (entries_left) *entries_left -= sampler.table_.size();  // never more than it was given
  if (sampler.status() == Status::kTooLarge) {
    fail(Status::kTooLarge, sampler.problem());
    return false;
  }
  if (!sampler.ready()) return true;
  if (__builtin_add_overflow(world_count_, sampler.exact_world_count(), &world_count_)) {
    fail(Status::kTooLarge, "the number of worlds exceeds 128 bits");
    return false;
  }
  cases_.push_back(std::move(sampler));
  cases_cumulative_.push_back(world_count_);
  cases_charged_.push_back(charged);
  return true;
}

void WorldSampler::build_opening_cases(const Knowledge& k) {
  const int leader = k.opening_holder;
  const Card named = k.opening_card;
  Knowledge base = k;
  base.opening_holder = -1;
  CardSet elsewhere = k.own_hand | k.played;  // cards the opening card cannot be
  for (int s = 0; s < k.players; ++s)
    if (s != leader) elsewhere |= k.must_hold[s];
  // The named card opens if dealt; otherwise the lowest card dealt, which lies
  // below the seat's own cards, with every deck card under it left undealt.
  CardSet candidates = k.deck & ~elsewhere;
  if (k.own_hand) candidates &= lowest(k.own_hand).bit() - 1;
  candidates |= k.deck & named.bit() & ~elsewhere;
  for (CardSet rest = candidates; rest;) {
    const Card opening = pop_lowest(rest);
    Knowledge one = base;
    one.must_hold[leader] |= opening.bit();
    if (opening != named) {
      const CardSet below = k.deck & ((opening.bit() - 1) | named.bit());
      if ((below & (elsewhere | k.must_hold[leader])) || count(below) > k.undealt) continue;
      for (int s = 0; s < k.players; ++s)
        if (s != k.me) one.absent[s] |= below;
    }
    if (!add_case(one)) return;
  }
  if (cases_.empty()) fail(Status::kNoWorld, "no card can be the opening card its leader holds");
}

void WorldSampler::fail(Status status, std::string why) {
  status_ = status;
  problem_ = std::move(why);
  world_count_ = 0;
  table_.clear();
  cases_.clear();
  cases_charged_.clear();
}

void WorldSampler::build(const Knowledge& k) {
  const int pile = k.players;  // the undealt cards' slot in fixed_ and holder_seat_
  // Holders: each other seat with room for unseen cards, then the undealt pile
  // (domino's parts instead, when given).
  for (int s = 0; s < k.players; ++s) {
    if (s == k.me) {
      fixed_[s] = k.own_hand;
      continue;
    }
    fixed_[s] = k.must_hold[s];
    if (k.parts) continue;
    if (k.must_hold[s] & k.absent[s]) {
      fail(Status::kNoWorld, "seat " + std::to_string(s) + " must hold " +
                                 card_str(lowest(k.must_hold[s] & k.absent[s])) + " yet cannot hold it");
      return;
    }
    const int room = k.hand_count[s] - count(k.must_hold[s]);
    if (room > 0) {
      holder_seat_[holders_] = static_cast<std::uint8_t>(s);
      room_[holders_++] = static_cast<std::uint8_t>(room);
    }
  }
  if (k.undealt > 0 && !k.parts) {
    holder_seat_[holders_] = static_cast<std::uint8_t>(pile);
    room_[holders_++] = static_cast<std::uint8_t>(k.undealt);
  }
  for (int p = 0; p < k.parts; ++p) {
    holder_seat_[holders_] = k.part[p].seat;
    room_[holders_++] = k.part[p].room;
  }
  spent_ = k.spent;

  // Each unseen card's possible holders (a spent card's are given); a card with one is placed now.
  Card open_cards[64];
  std::uint16_t open_holders[64];
  int open = 0;
  for (CardSet unseen = k.unseen() | k.spent; unseen;) {
    const Card c = pop_lowest(unseen);
    std::uint16_t holders = 0;
    if (contains(k.spent, c)) {
      holders = k.spent_parts[c.index];
    } else if (k.parts) {
      for (int h = 0; h < holders_; ++h)
        if (!contains(k.part[h].absent, c)) holders |= static_cast<std::uint16_t>(1u << h);
    } else {
      for (int h = 0; h < holders_; ++h)
        if (!contains(holder_seat_[h] == pile ? k.pile_absent : k.absent[holder_seat_[h]], c)) holders |= 1u << h;
    }
    if (holders == 0) {
      fail(Status::kNoWorld, "no seat can hold " + card_str(c));
      return;
    }
    if ((holders & (holders - 1)) == 0) {
      const int h = __builtin_ctz(holders);
      if (room_[h] == 0) {
        fail(Status::kNoWorld, "seat " + std::to_string(holder_seat_[h]) +
                                   " is the only place for more cards than it holds");
        return;
      }
      fixed_[holder_seat_[h]] |= c.bit();
      --room_[h];
    } else {
      open_cards[open] = c;
      open_holders[open++] = holders;
    }
  }

  // Groups of interchangeable cards: the same holder set.
  int placed = 0;
  for (int i = 0; i < open; ++i) {
    const std::uint16_t holders = open_holders[i];
    bool known = false;
    for (const Group& g : groups_) known |= g.holders == holders;
    if (known) continue;
    Group group{static_cast<std::uint8_t>(placed), 0, holders};
    for (int j = i; j < open; ++j)
      if (open_holders[j] == holders) group_cards_[placed++] = open_cards[j].index;
    group.size = static_cast<std::uint8_t>(placed - group.first_card);
    groups_.push_back(group);
  }
  if (!plan_steps()) return;

  if (steps_.empty()) {
    world_count_ = 1;  // every unseen card had one place (or there are none)
    return;
  }
  std::uint8_t room[kMaxHolders];
  std::copy(room_, room_ + holders_, room);
  world_count_ = count_from(0, groups_[0].size, room);
  if (overflow_) {
    fail(Status::kTooLarge, "the number of worlds exceeds 128 bits");
  } else if (world_count_ == 0) {
    fail(Status::kNoWorld, "no deal of the unseen cards fits every seat's card count and absences");
  }
}

// The steps, each holder's first and last step, and the live states of each step.
bool WorldSampler::plan_steps() {
  int first[kMaxHolders], last[kMaxHolders];
  std::fill(first, first + holders_, -1);
  std::fill(last, last + holders_, -1);
  auto seen_at = [&](int h, int step) {
    if (first[h] < 0) first[h] = step;
    last[h] = step;
  };
  for (int g = 0; g < static_cast<int>(groups_.size()); ++g) {
    std::uint8_t members[kMaxHolders];
    int m = 0;
    for (unsigned bits = groups_[g].holders; bits; bits &= bits - 1)
      members[m++] = static_cast<std::uint8_t>(__builtin_ctz(bits));
    for (int j = 0; j + 1 < m; ++j) {
      Step st;
      st.group = static_cast<std::uint8_t>(g);
      st.holder = members[j];
      seen_at(members[j], static_cast<int>(steps_.size()));
      if (j + 2 == m) {
        st.rest_holder = members[m - 1];
        seen_at(members[m - 1], static_cast<int>(steps_.size()));
      }
      steps_.push_back(st);
    }
  }
  for (int h = 0; h < holders_; ++h)
    if (room_[h] > 0 && first[h] < 0) {
      fail(Status::kNoWorld, "seat " + std::to_string(holder_seat_[h]) + " can hold none of the cards it lacks");
      return false;
    }
  std::uint64_t entries = 0;
  for (int k = 0; k < static_cast<int>(steps_.size()); ++k) {
    Step& st = steps_[k];
    st.holder_done = last[st.holder] == k;
    st.rest_done = st.rest_holder != kNoHolder && last[st.rest_holder] == k;
    st.offset = static_cast<std::uint32_t>(entries);
    std::uint64_t states = 1;
    for (int h = 0; h < holders_; ++h) {
      if (first[h] < k && k <= last[h]) {
        st.stride[h] = static_cast<std::uint32_t>(states);
        states *= room_[h] + 1u;
      }
    }
    entries += states;
    if (entries > table_limit_) {
      fail(Status::kTooLarge, "the counting table would exceed " + std::to_string(table_limit_) + " entries");
      return false;
    }
  }
  table_.assign(entries, kUncounted);
  return true;
}

void WorldSampler::split_range(const Step& st, int left, const std::uint8_t* room, int& lo, int& hi) const {
  const int h = st.holder;
  lo = 0;
  hi = std::min(left, static_cast<int>(room[h]));
  if (st.holder_done) lo = room[h];  // x = room[h]: its hand must be full after this step
  if (st.rest_holder != kNoHolder) {
    const int need = left - room[st.rest_holder];  // the rest may not overflow its holder
    lo = std::max(lo, need);
    if (st.rest_done) hi = std::min(hi, need);  // ... and must fill it when it is done
  }
}

std::uint32_t WorldSampler::state_index(const Step& st, const std::uint8_t* room) const {
  std::uint32_t index = 0;
  for (int h = 0; h < holders_; ++h) index += room[h] * st.stride[h];
  return index;
}

// Completions from `step`, with `left` cards of its group still to give out and
// `room` the slots left per holder (restored before returning).
WorldCount WorldSampler::count_from(int step, int left, std::uint8_t* room) {
  const Step& st = steps_[step];
  WorldCount& memo = table_[st.offset + state_index(st, room)];
  if (memo != kUncounted) return memo;
  const bool last_step = step + 1 == static_cast<int>(steps_.size());
  const int h = st.holder, r = st.rest_holder;
  int lo, hi;
  split_range(st, left, room, lo, hi);
  WorldCount total = 0;
  for (int x = lo; x <= hi; ++x) {
    const int rest = r == kNoHolder ? 0 : left - x;
    WorldCount below = 1;
    if (!last_step) {
      room[h] = static_cast<std::uint8_t>(room[h] - x);
      if (r != kNoHolder) room[r] = static_cast<std::uint8_t>(room[r] - rest);
      const int next_left = r == kNoHolder ? left - x : groups_[steps_[step + 1].group].size;
      below = count_from(step + 1, next_left, room);
      room[h] = static_cast<std::uint8_t>(room[h] + x);
      if (r != kNoHolder) room[r] = static_cast<std::uint8_t>(room[r] + rest);
    }
    add_product(total, kBinomial[left][x], below, overflow_);
  }
  if (total == kUncounted) overflow_ = true;
  memo = total;  // the recursion never resizes table_, so the reference holds
  return total;
}

// Draws x in [lo, hi] with weight C(left, x) * completions after the step.
int WorldSampler::draw_split(int step, int left, const std::uint8_t* room, int lo, int hi, Rng& rng) const {
  const Step& st = steps_[step];
  WorldCount u = uniform_below(rng, table_[st.offset + state_index(st, room)]);
  const bool last_step = step + 1 == static_cast<int>(steps_.size());
  // The next state's index is linear in x: base + x * slope.
  std::int64_t base = 0, slope = 0;
  if (!last_step) {
    const Step& next = steps_[step + 1];
    base = state_index(next, room);
    slope = -static_cast<std::int64_t>(next.stride[st.holder]);
    if (st.rest_holder != kNoHolder) {
      base -= static_cast<std::int64_t>(left) * next.stride[st.rest_holder];
      slope += next.stride[st.rest_holder];
    }
    base += next.offset;
  }
  int x = lo;
  for (; x < hi; ++x) {
    const WorldCount after = last_step ? 1 : table_[static_cast<std::size_t>(base + x * slope)];
    const WorldCount weight = kBinomial[left][x] * after;
    if (u < weight) break;
    u -= weight;
  }
  return x;
}

bool WorldSampler::sample(Rng& rng, CardSet* hands, CardSet* charged) const {
  if (!ready()) return false;
  CardSet all[kMaxPlayers + 1];
  if (charged) *charged = 0;
  draw(rng, all, charged);
  std::copy(all, all + knowledge_.players, hands);
  return true;
}

void WorldSampler::draw(Rng& caller_rng, CardSet* all, CardSet* charged) const {
  if (!cases_.empty()) {
    const WorldCount u = uniform_below(caller_rng, world_count_);
    // The case whose range of the running total holds u (hundreds of cases under a take bound).
    const auto at = std::upper_bound(cases_cumulative_.begin(), cases_cumulative_.end(), u);
    const auto i = at - cases_cumulative_.begin();
    if (charged) *charged |= cases_charged_[static_cast<std::size_t>(i)];
    cases_[static_cast<std::size_t>(i)].draw(caller_rng, all, charged);
    return;
  }
  Rng rng = caller_rng;  // a local copy stays in registers; written back at the end
  // Whole fixed-size arrays: copies the compiler inlines.
  CardSet out[kMaxPlayers + 1];
  std::copy(std::begin(fixed_), std::end(fixed_), out);
  std::uint8_t room[kMaxHolders];
  std::copy(std::begin(room_), std::end(room_), room);
  std::uint8_t take[kMaxHolders];
  std::uint8_t cards[64];  // every group's cards, each group shuffled in its own range
  std::copy(std::begin(group_cards_), std::end(group_cards_), cards);
  const int num_steps = static_cast<int>(steps_.size());
  int step = 0;
  for (int g = 0; g < static_cast<int>(groups_.size()); ++g) {
    const Group& group = groups_[g];
    int left = group.size;
    for (; step < num_steps && steps_[step].group == g; ++step) {
      const Step& st = steps_[step];
      int lo, hi;
      split_range(st, left, room, lo, hi);
      const int x = lo == hi ? lo : draw_split(step, left, room, lo, hi, rng);
      take[st.holder] = static_cast<std::uint8_t>(x);
      room[st.holder] = static_cast<std::uint8_t>(room[st.holder] - x);
      left -= x;
      if (st.rest_holder != kNoHolder) {
        take[st.rest_holder] = static_cast<std::uint8_t>(left);
        room[st.rest_holder] = static_cast<std::uint8_t>(room[st.rest_holder] - left);
        left = 0;
      }
    }
    // Deal the group's cards: a partial Fisher-Yates shuffle, `take` cards per holder.
    int next_card = group.first_card;
    const int end_card = group.first_card + group.size;
    for (unsigned bits = group.holders; bits; bits &= bits - 1) {
      const int h = __builtin_ctz(bits);
      CardSet& hand = out[holder_seat_[h]];
      const bool last_holder = (bits & (bits - 1)) == 0;  // takes the rest, no draw needed
      for (int i = 0; i < take[h]; ++i, ++next_card) {
        if (!last_holder) {
          const auto unpicked = static_cast<std::uint64_t>(end_card - next_card);
          const int j = next_card + static_cast<int>(uniform_below(rng, unpicked));
          std::swap(cards[next_card], cards[j]);
        }
        hand |= CardSet{1} << cards[next_card];
      }
    }
  }
  if (spent_) [[unlikely]]
    for (CardSet& hand : out) hand &= ~spent_;  // domino: the played cards came out of these parts
  std::copy(out, out + knowledge_.players + 1, all);  // the pile too (holder seat `players`)
  caller_rng = rng;
}

bool WorldSampler::sample(Rng& rng, Position& out) const {
  CardSet hands[kMaxPlayers];
  CardSet charged = 0;
  if (!sample(rng, hands, &charged)) return false;
  CardSet placed = out.played();
  for (int s = 0; s < knowledge_.players; ++s) {
    out.set_hand(s, hands[s]);
    placed |= hands[s];
  }
  // Face-down charges (A40): the world's own choice of the charged cards.
  if (charged) out.set_face_down_charges(charged);
  // The cards left undealt in this world are its kitty (taken or not), or an
  // into-hand taker's discards; then a kitty he could have taken, for the history.
  if (out.rules().kitty_size) out.set_unheld(knowledge_.deck & ~placed);
  // A stock (two-player): the cards left are in it, in an order as unknown as they are.
  if (out.rules().stock_draw != StockDraw::kNone) deal_stock_order(knowledge_.deck & ~placed, rng, out);
  if (knowledge_.take_seat >= 0) {
    const int t = knowledge_.take_seat;
    CardSet played_since = 0;
    for (int i = out.trick_start(out.kitty_trick() + 1); i < out.num_plays(); ++i)
      if (out.play_record(i).seat == t) played_since |= out.play_record(i).card.bit();
    const CardSet at_take = out.hand(t) | out.discards() | played_since;
    out.set_kitty(draw_take_kitty(at_take, knowledge_.before_take_absent, out.rules().kitty_size, rng));
  }
  return true;
}

void deal_stock_order(CardSet cards, Rng& rng, Position& out) {
  // A Fisher-Yates shuffle with exact uniform draws.
  Card order[kMaxStock];
  int n = 0;
  for (CardSet rest = cards; rest && n < kMaxStock;) order[n++] = pop_lowest(rest);
  for (int i = n - 1; i > 0; --i) std::swap(order[i], order[uniform_below(rng, static_cast<std::uint64_t>(i + 1))]);
  out.set_stock(order, n);
}

}  // namespace copas
