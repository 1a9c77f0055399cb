#include "relaxed_ceiling.h"

#include <algorithm>
#include <climits>
#include <iterator>

#include "fast_lanes.h"
#include "move_order.h"
#include "outcome.h"
#include "rank_equivalence.h"
#include "trick_bounds.h"
#include "trick_control.h"
#include "word_packer.h"

namespace copas::solver {

namespace {

// Keeps R1's keys apart from position_key.h's in the shared table.
constexpr std::uint64_t kRelaxedSalt = 0x52314b4559ULL;

// Where `cards` sit among the root's `root_cards` of one suit: the root's cards
// packed among both, above a sentinel bit that gives their number. It tells how
// many of `cards` lie between each two of the root's, and nothing of their order.
template <class Lanes>
[[gnu::always_inline]] inline std::uint64_t interleaving(Lane root_cards, Lane cards, Lanes) {
  const Lane both = root_cards | cards;
  return Lanes::compress(root_cards, both) | std::uint64_t{1} << Lanes::count(both);
}

// The cards of one suit in hand as R1 tells them apart, hashed: the root's cards
// by class, and for each other seat and card class where its cards sit among the
// root's (interleaving). Fields are packed into words, each word mixed once.
template <class Lanes>
[[gnu::always_inline]] inline std::uint64_t hash_suit(const SolverRules& sr, const Position& pos, int root, int suit,
                                                      Lanes lanes) {
  // A suit's fields (its count, a listed class of the root's, a class of another
  // seat's) take at most 14 bits each, so a word holds four or more of them.
  constexpr int kMaxFields = 1 + SolverRules::kMaxClassMasks + (kMaxPlayers - 1) * (SolverRules::kMaxClassMasks + 1);
  constexpr int kMaxWords = (kMaxFields + 3) / 4;
  const Lane root_cards = sr.lane(pos.hand(root), suit);
  std::uint64_t words[kMaxWords];
  WordPacker pack(words);
  pack.add(static_cast<std::uint64_t>(Lanes::count(root_cards)), 4);
  // Every class but the suit's weakest card's is listed (solver_rules.h); that
  // one is what the listed ones leave.
  const int listed = sr.class_mask_count(suit);
  for (int i = 0; i < listed; ++i) pack.add(Lanes::compress(sr.class_mask(suit, i) & root_cards, root_cards), 13);
  for (int s = 0; s < pos.players(); ++s) {
    if (s == root) continue;
    Lane rest = sr.lane(pos.hand(s), suit);
    for (int i = 0; i < listed; ++i) {
      const Lane of_class = rest & sr.class_mask(suit, i);
      rest &= ~of_class;
      pack.add(interleaving(root_cards, of_class, lanes), 14);
    }
    pack.add(interleaving(root_cards, rest, lanes), 14);
  }
  std::uint64_t h = kRelaxedSalt + static_cast<std::uint64_t>(suit);
  for (int w = 0, n = pack.finish(); w < n; ++w) h = fmix64(h ^ words[w]);
  return h;
}

}  // namespace

bool RelaxedCeiling::applies(const SolverRules& sr, const Position& pos) {
  return sr.plain_scoring() && sr.cost_sign() > 0 && pos.trick_length() == 0 && pos.tricks_done() > 0 &&
         !sr.rules().stuck_lead_ends_hand && pos.kitty() == 0;
}

bool RelaxedCeiling::at_most(const SolverRules& sr, TranspositionTable& table, Position& pos, int root,
                             int threshold, std::uint64_t budget) {
  sr_ = &sr;
  table_ = &table;
  pos_ = &pos;
  root_ = root;
  shooters_ = moon_candidates(sr, pos) & ~(1u << root);
  leaders_ = 1u << pos.turn();  // the real position: the real leader
  unhashed_ = kFullDeck;
  out_of_budget_ = false;
  node_budget_end_ = nodes_ + budget;
  const int value = search(threshold, threshold + 1);
  return !out_of_budget_ && value <= threshold;
}

bool RelaxedCeiling::others_can_shoot() const {
  return shooters_ != 0 && (pos_->won(root_) & sr_->rules().moon_cards) == 0;
}

int RelaxedCeiling::cost_if_others_may_shoot(int points) const {
  // With kOthersPlus their moon costs the root the moon's value; with kSelfMinus the
  // root keeps its points (none of the moon cards). They shoot only if it costs more.
  const RuleSet& r = sr_->rules();
  return r.moon == MoonRule::kOthersPlus ? std::max(points, static_cast<int>(r.moon_value)) : points;
}

int RelaxedCeiling::final_relaxed_cost() const {
  if (!others_can_shoot()) return final_cost(*sr_, *pos_, root_);  // the root's points, or its own moon
  return cost_if_others_may_shoot(sr_->points(pos_->won(root_)));
}

std::uint64_t RelaxedCeiling::key_hash(bool others_shoot, bool root_can_shoot) {
  const Position& pos = *pos_;
  const SolverRules& sr = *sr_;
  // Who leads matters only as "the root" or the seats the others may choose from.
  const std::uint64_t leading = pos.turn() == root_ ? 0 : leaders_;
  std::uint64_t h = fmix64(kRelaxedSalt ^ (std::uint64_t(root_) << 8 | std::uint64_t(others_shoot ? shooters_ : 0) << 16 |
                                           leading << 24 | std::uint64_t(pos.hearts_broken()) << 1 |
                                           pos.hearts_open_for_lead()));
  // While the root can shoot, its cost is not its points taken plus the rest: key them.
  if (root_can_shoot) h = fmix64(h ^ (0x10000u + static_cast<std::uint32_t>(sr.points(pos.won(root_)))));
  if (unhashed_) {
    hash_suits(unhashed_);
    unhashed_ = 0;
  }
  // Each suit's hash is mixed already, and salted by its suit: one mix joins them.
  return fmix64(h ^ suit_hash_[0] ^ suit_hash_[1] ^ suit_hash_[2] ^ suit_hash_[3]);
}

void RelaxedCeiling::hash_suits(CardSet suits) {
  const Position& pos = *pos_;
  with_lane_compress([&](auto lanes) {
    for (int suit = 0; suit < kNumSuits; ++suit) {
      if (!(suits & suit_mask(suit))) continue;
      if (pos.players() > kMemoMaxPlayers) {
        suit_hash_[suit] = hash_suit(*sr_, pos, root_, suit, lanes);
        continue;
      }
      // The suit's cards in every hand, the suit and the root: all hash_suit reads.
      std::uint64_t content = std::uint64_t{1} << 63 | std::uint64_t(suit) << 60 | std::uint64_t(root_) << 56;
      for (int s = 0; s < pos.players(); ++s) content |= (pos.hand(s) >> (suit * kLaneBits) & kLaneMask) << (kNumFaces * s);
      // Nearly every lookup finds its suit (98% on 13/3): a multiplicative index is enough.
      SuitMemo& memo = suit_memo_[(content * 0x9e3779b97f4a7c15ULL) >> (64 - kSuitMemoBits)];
      if (memo.content != content) memo = {content, hash_suit(*sr_, pos, root_, suit, lanes)};
      suit_hash_[suit] = memo.hash;
    }
  });
}

void RelaxedCeiling::forget_suit_hashes() { std::fill(std::begin(suit_memo_), std::end(suit_memo_), SuitMemo{}); }

int RelaxedCeiling::search(int alpha, int beta) {
  // Never past the budget: the solver's node limit counts these positions exactly.
  if (out_of_budget_ || nodes_ == node_budget_end_) {
    out_of_budget_ = true;
    return alpha;  // unread: at_most answers false
  }
  ++nodes_;
  Position& pos = *pos_;
  const SolverRules& sr = *sr_;
  if (pos.phase() == Phase::kOver) return final_relaxed_cost();
  if (pos.trick_length() != 0) {
    // Once no moon is possible (none was, or every possible shooter is out of a
    // trick holding a moon card), the trick's winner, once partly decided, narrows
    // the bounds (trick_bounds.h): which side wins reads only the cards.
    const TrickFacts& facts = trick_facts_[pos.tricks_done()];
    if ((pos.trick_cards() & sr.rules().point_cards) && (!others_can_shoot() || shooters_out_in_trick()) &&
        !facts.root_can_shoot) {
      if (in_trick_bounds_may_cut(sr, pos, facts.points, alpha, beta)) {
        const CostRange in_trick = plain_costs_in_trick(sr, pos, root_, facts.points);
        if (in_trick.lo >= beta) return in_trick.lo;
        if (in_trick.hi <= alpha) return in_trick.hi;
      }
    }
    return search_trick(alpha, beta);
  }
  // The others' choice of leader: each choice is a position of its own, keyed
  // apart, so that positions reached with other choices share its entry (13/1 +
  // 13/4 + 13/10: 24.4 M nodes, against 29.9 M keying the set of choices).
  if (pos.turn() != root_ && leaders_ != 1u << pos.turn()) return search_each_leader(alpha, beta);
  const bool others_shoot = others_can_shoot();
  const CardSet in_play = cards_in_play(pos);
  const bool root_can_shoot = can_shoot(sr, pos, root_, in_play);
  // Keyed first, so its bucket loads from memory while the bounds are worked out.
  const std::uint64_t h = key_hash(others_shoot, root_can_shoot);
  table_->prefetch(h);
  const PlainPoints points = plain_points(sr, pos, root_, in_play);
  const int taken = points.taken;
  int lo = taken + points.negative;
  int hi = taken + points.positive;
  if (root_can_shoot) lo = std::min(lo, root_moon_cost(sr));
  // Their moon raises the ceiling unless the root can stop each possible shooter
  // (trick_control.h): stopped, a shooter's moon card goes into a trick it played
  // below the root's card or discarded to, so it is no possible winner of that
  // trick. Asked only where the ceiling would then cut: 13/1 + 13/4 + 13/10 take
  // 35.3 M nodes with it, 42.9 M without.
  if (others_shoot && sr.rules().moon == MoonRule::kOthersPlus && hi < sr.rules().moon_value &&
      (hi > alpha || moons_stoppable(sr, pos, root_, shooters_) != shooters_))
    hi = sr.rules().moon_value;
  if (lo >= beta) return lo;
  if (hi <= alpha) return hi;
  // Losing every trick whoever leads (trick_control.h), the root takes nothing more:
  // the hand ends as if it were over now (the others shoot if they can).
  if (!root_can_shoot && can_lose_every_trick(sr, pos, root_))
    return others_shoot ? cost_if_others_may_shoot(taken) : taken;
  const std::uint64_t check = fmix64(h ^ kRelaxedSalt);
  // The rest of the hand alone, unless a moon is possible (then the key holds the root's points).
  const int offset = root_can_shoot || others_shoot ? 0 : taken;
  if (TableEntry e; table_->find(h, check, e)) {
    if (e.lower + offset >= beta) return e.lower + offset;
    if (e.upper + offset <= alpha) return e.upper + offset;
  }
  // Losing the next trick (outcome.h) keeps its points out whoever leads it. Its
  // test of a moon's end reads the real winner, not R1's possible shooters: not
  // asked while they may shoot.
  if (!others_shoot) {
    const std::uint32_t root_moon = root_can_shoot ? 1u << root_ : 0;
    if (const int ceiling = losing_next_trick_ceiling(sr, pos, root_, root_moon); ceiling <= alpha) return ceiling;
  }
  trick_facts_[pos.tricks_done()] = {root_can_shoot, points};
  const int value = search_trick(alpha, beta);
  if (out_of_budget_) return alpha;
  const int lower = value > alpha ? value - offset : INT16_MIN;
  const int upper = value < beta ? value - offset : INT16_MAX;
  table_->store(h, check, lower, upper, TranspositionTable::kNoMove, bit_count(pos.hand(root_)));
  return value;
}

int RelaxedCeiling::search_each_leader(int alpha, int beta) {
  // The trick's winner leads again before anything is undone (Position::hand_lead_to).
  Position& pos = *pos_;
  const int winner = pos.turn();
  const std::uint32_t leaders = leaders_;
  int most = INT_MIN;
  for (std::uint32_t rest = leaders; rest && most < beta; rest &= rest - 1) {
    pos.hand_lead_to(__builtin_ctz(rest));
    leaders_ = rest & -rest;
    most = std::max(most, search(alpha, beta));
  }
  leaders_ = leaders;
  pos.hand_lead_to(winner);
  return out_of_budget_ ? alpha : most;
}

RelaxedCeiling::TrickByStrength RelaxedCeiling::read_trick(int first) const {
  const Position& pos = *pos_;
  TrickByStrength t;
  t.led = pos.play_record(first).card.suit();
  for (int i = first; i < pos.num_plays(); ++i) {
    const PlayRecord& play = pos.play_record(i);
    const int strength = play.card.suit() == t.led ? sr_->strength_of(play.card) : -1;
    t.cards |= play.card.bit();
    if (play.seat == root_) {
      t.root = strength;
    } else {
      t.of_seat[play.seat] = strength;
      t.others |= 1u << play.seat;
    }
  }
  return t;
}

bool RelaxedCeiling::shooters_out_in_trick() const {
  const Position& pos = *pos_;
  if (!(pos.trick_cards() & sr_->rules().moon_cards)) return false;
  const TrickByStrength t = read_trick(pos.num_plays() - pos.trick_length());
  // Out: played off the led suit, or under the root's card of it (so under any winner's floor).
  for (std::uint32_t rest = shooters_; rest; rest &= rest - 1) {
    const int s = __builtin_ctz(rest);
    if (!(t.others >> s & 1) || t.of_seat[s] >= std::max(t.root, 0)) return false;
  }
  return true;
}

std::uint32_t RelaxedCeiling::possible_winners(const TrickByStrength& t) const {
  const Position& pos = *pos_;
  int top = -1;  // the highest card the others played
  for (std::uint32_t rest = t.others; rest; rest &= rest - 1) top = std::max(top, t.of_seat[__builtin_ctz(rest)]);
  if (top <= t.root) return 0;  // the root won
  // The root's cards of the led suit when the trick began: its hand now and its card, if it followed.
  Lane root_cards = sr_->lane(pos.hand(root_), t.led);
  if (t.root >= 0) root_cards |= Lane{1} << t.root;
  // The winner's card lies above the root's highest card below `top`; cards between
  // the same two of the root's are all R1 tells apart, so each may be the winner.
  const Lane below_top = root_cards & ((Lane{1} << top) - 1);
  const int floor = below_top ? top_strength(below_top) : -1;
  std::uint32_t seats = 0;
  for (std::uint32_t rest = t.others; rest; rest &= rest - 1)
    if (t.of_seat[__builtin_ctz(rest)] > floor) seats |= 1u << __builtin_ctz(rest);
  return seats;
}

CardSet RelaxedCeiling::moves() const {
  const Position& pos = *pos_;
  if (pos.turn() == root_) return representative_moves(*sr_, pos);
  // Another seat's cards differ only by where they sit among the root's: its hand,
  // and its card on the table when it follows the led suit (the trick's winner
  // among the others does not matter).
  CardSet separating = pos.hand(root_) | pos.hand(pos.turn());
  const int before_root = (root_ - pos.leader() + pos.players()) % pos.players();
  if (before_root < pos.trick_length()) {
    const Card root_card = pos.play_record(pos.num_plays() - pos.trick_length() + before_root).card;
    if (root_card.suit() == pos.led_suit()) separating |= root_card.bit();
  }
  return run_representatives(*sr_, pos.legal_moves(), separating);
}

int RelaxedCeiling::search_trick(int alpha, int beta) {
  Position& pos = *pos_;
  const bool root_to_play = pos.turn() == root_;
  int best = root_to_play ? INT_MAX : INT_MIN;
  // The root tries its moves in the real search's order, the others their highest card first.
  Card order[kMaxMoves];
  int n = 0;
  if (root_to_play) {
    n = order_moves(*sr_, pos, root_, MovePlan{}, moves(), TranspositionTable::kNoMove, order);
  } else {
    for (CardSet rest = moves(); rest; ++n) {
      order[n] = highest(rest);
      rest &= ~order[n].bit();
    }
  }
  for (int i = 0; i < n; ++i) {
    const std::uint32_t shooters = shooters_, leaders = leaders_;
    std::uint64_t suit_hash[kNumSuits];
    const CardSet unhashed = unhashed_;
    pos.play(order[i]);
    if (pos.trick_length() == 0) {  // the trick is over: who could have won it
      const TrickByStrength last = read_trick(pos.num_plays() - pos.players());
      const std::uint32_t winners = possible_winners(last);
      leaders_ = winners;
      if (last.cards & sr_->rules().moon_cards) shooters_ &= winners;
      std::copy(suit_hash_, suit_hash_ + kNumSuits, suit_hash);
      unhashed_ |= last.cards;  // only the suits played to have changed
    }
    const int v = search(alpha, beta);
    if (pos.trick_length() == 0) {
      std::copy(suit_hash, suit_hash + kNumSuits, suit_hash_);
      unhashed_ = unhashed;
    }
    shooters_ = shooters;
    leaders_ = leaders;
    pos.undo();
    if (root_to_play) {
      best = std::min(best, v);
      beta = std::min(beta, best);
    } else {
      best = std::max(best, v);
      alpha = std::max(alpha, best);
    }
    if (alpha >= beta || out_of_budget_) break;
  }
  return best;
}

}  // namespace copas::solver
