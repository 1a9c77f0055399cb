// WorldSampler: deals the cards a seat cannot see, exactly uniformly over every
// world consistent with its Knowledge (no rejection, so no bias).
//
// How: each unseen card may go to a set of "holders" (the other seats that have
// room and are not known to lack it, plus the undealt pile when the deck is not
// all dealt). Cards with one possible holder are placed once and for all. The
// rest are grouped by that holder set; cards of a group are interchangeable, so
// a world is a split of each group's size among its holders, times a choice of
// which cards go where. The walk through a world is a list of steps, one per
// holder of each group but the last (who takes the rest): "x of the group's
// remaining cards go to this holder". A dynamic programme, built once, counts
// the completions below each step state with binomial coefficients; a sample
// walks the steps, picking each x with probability proportional to C(left, x)
// times the completions after it, then deals each group's cards by a partial
// Fisher-Yates shuffle. Counts are exact 128-bit integers and every random
// choice is an exact uniform draw, so each world has the same chance.
//
// A step's state is the room left by the holders that are "live" there: seen in
// an earlier step and seen again later. A holder not yet seen still has all its
// room, and one past its last step must have none left (its hand is full), so
// neither adds to the state: the table stays small (one entry per step when no
// seat has shown a void).
//
// Two kinds of knowledge are a union of disjoint cases, each plain knowledge: the
// sampler builds one sampler per case and first picks a case with probability
// proportional to its world count, so the union stays exactly uniform.
//  - An opening_holder: which card opened the hand.
//  - Face-down charges (Knowledge::hidden_charges): a case per choice of the
//    charged cards (which the case's seats then must hold), so each world counts
//    once per way to choose them; sample() can report the case's choice.
//  - An into-hand kitty take (Knowledge::take_seat) bounds how many of some
//    cards the taker's hand and the pile hold together: a case per set of those
//    cards they hold (within the bound), the others then being in neither.
//  - domino's history (Knowledge::domino, domino_history.h): a case per part each
//    face-down discard left; a case's holders are the parts of the other hands.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../position.h"
#include "../rng.h"
#include "knowledge.h"

namespace copas {

using WorldCount = unsigned __int128;

// A stock's cards (two-player, docs/RULES.md §18) put into `out`'s stock in an order
// drawn exactly uniformly: the order of a world's stock is as unseen as its cards.
void deal_stock_order(CardSet cards, Rng& rng, Position& out);

class WorldSampler {
 public:
  enum class Status : std::uint8_t {
    kReady,      // at least one world; sample() works
    kNoWorld,    // the knowledge is well formed but no deal satisfies it
    kMalformed,  // knowledge_error() found a problem
    kTooLarge,   // the counting table or the counts exceed the limits below
  };

  // Builds the counting table (the only allocation); sampling never allocates.
  explicit WorldSampler(const Knowledge& knowledge) : WorldSampler(knowledge, kMaxTableEntries) {}

  Status status() const { return status_; }
  bool ready() const { return status_ == Status::kReady; }
  // Why status() is not kReady (empty when it is).
  const std::string& problem() const { return problem_; }

  // The number of consistent worlds (0 unless ready()).
  WorldCount exact_world_count() const { return world_count_; }
  double world_count() const { return static_cast<double>(world_count_); }
  const Knowledge& knowledge() const { return knowledge_; }
  // How many cases it is the union of (face-down charges, the opening card, a take, domino's
  // histories); 0 for one plain table, as when domino falls back to the current voids.
  int case_count() const { return static_cast<int>(cases_.size()); }

  // One world: every seat's current hand into hands[0 .. players-1], the seat's
  // own hand included. Returns false, writing nothing, when not ready(). Const,
  // so threads may share one sampler (each with its own Rng).
  // With face-down charges, `charged` (when given) receives the world's charged
  // cards (those of hidden_charge_cards the case chose); else it receives 0.
  bool sample(Rng& rng, CardSet* hands, CardSet* charged = nullptr) const;
  // The same world written into a copy of the position the knowledge describes
  // (set_hand on every seat; the history is left as it is). Returns false, and
  // leaves `out` unchanged, when there is no world. During the pass, sample into
  // a position where no other seat has set its pass: those passes are true cards.
  // Face-down charges: the world's charged cards replace the position's hidden ones.
  bool sample(Rng& rng, Position& out) const;

  // Limits: dense table entries, and holders (other seats + the undealt pile).
  // 2^22: rook at 7 seats (seven hands and a kitty) needs just over 2^20 in some views;
  // the table is sized to the view, so this bounds only the worst case (64 MB).
  static constexpr std::size_t kMaxTableEntries = std::size_t{1} << 22;
  // domino's cases (one per history of the discards) share one budget of entries: past
  // it the sampler reads the current voids alone. Without it the worst late positions
  // built 241 cases of 172 million entries (2.7 GB, 2.6 s) before giving up.
  static constexpr std::size_t kMaxDominoCaseEntries = std::size_t{1} << 21;
  static constexpr int kMaxHolders = kMaxDominoParts;  // other seats and the pile, or domino's parts

 private:
  static constexpr std::uint8_t kNoHolder = 0xFF;

  // One step of the walk: how many of the current group's remaining cards go to
  // `holder`; on a group's last step the rest go to `rest_holder`.
  struct Step {
    std::uint8_t group = 0;
    std::uint8_t holder = 0;
    std::uint8_t rest_holder = kNoHolder;  // kNoHolder except on a group's last step
    bool holder_done = false;              // the holder's last step: it must end with no room
    bool rest_done = false;                // the same for rest_holder
    std::uint32_t offset = 0;              // where this step's states start in table_
    std::uint32_t stride[kMaxHolders] = {};  // weight of each live holder's room (0: not live)
  };

  struct Group {
    std::uint8_t first_card;  // offset into group_cards_
    std::uint8_t size;
    std::uint16_t holders;    // bit per holder
  };

  // With at most `table_limit` counting table entries (else kTooLarge).
  WorldSampler(const Knowledge& knowledge, std::size_t table_limit);
  // One world: hands[0 .. players-1], then the pile.
  void draw(Rng& rng, CardSet* all, CardSet* charged) const;
  void fail(Status status, std::string why);
  // The sampler of knowledge without a take bound (with one: build_take_cases).
  void build_untaken(const Knowledge& k);
  void build(const Knowledge& k);
  void build_opening_cases(const Knowledge& k);
  void build_take_cases(const Knowledge& k);
  // domino: a case per history of the discards (domino_history.h); the current voids
  // alone when they are too many.
  void build_domino_cases(const Knowledge& k);
  // A case per choice of the face-down charged cards, seat by seat from `seat`.
  bool build_hidden_charge_cases(const Knowledge& k, int seat, CardSet chosen);
  // Adds the worlds of `one` as a case; false (having failed) when they are too many, or
  // when its table would pass `entries_left` (when given; then taken from it).
  bool add_case(const Knowledge& one, CardSet charged = 0, std::size_t* entries_left = nullptr);
  bool plan_steps();
  WorldCount count_from(int step, int left, std::uint8_t* room);
  // The values of x that `step` may give its holder, with `left` cards of the
  // group to place and `room` per holder; empty when lo > hi.
  void split_range(const Step& st, int left, const std::uint8_t* room, int& lo, int& hi) const;
  std::uint32_t state_index(const Step& st, const std::uint8_t* room) const;
  int draw_split(int step, int left, const std::uint8_t* room, int lo, int hi, Rng& rng) const;

  Knowledge knowledge_;
  Status status_ = Status::kReady;
  std::string problem_;
  WorldCount world_count_ = 0;
  bool overflow_ = false;
  std::size_t table_limit_ = kMaxTableEntries;

  int holders_ = 0;
  std::uint8_t holder_seat_[kMaxHolders] = {};  // seat of each holder; `players` is the undealt pile
  std::uint8_t room_[kMaxHolders] = {};         // unplaced slots per holder once forced cards are down
  CardSet fixed_[kMaxPlayers + 1] = {};         // per seat (and the pile): must-hold and forced cards
  CardSet spent_ = 0;                           // domino: played cards dealt to parts, dropped after

  std::vector<Group> groups_;
  std::vector<Step> steps_;
  std::uint8_t group_cards_[64] = {};
  std::vector<WorldCount> table_;  // completions per (step, live state); kUncounted until counted

  // Only for knowledge made of cases (above): one sampler per case, and the
  // running total of their world counts.
  std::vector<WorldSampler> cases_;
  std::vector<WorldCount> cases_cumulative_;
  std::vector<CardSet> cases_charged_;  // per case: the face-down charged cards it chose
};

}  // namespace copas
