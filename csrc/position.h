// Position: one hand of a variant in progress, fully known (every seat's cards).
//
// Holds the hands, the pass, the trick in progress, each seat's won cards, the
// turn and the hearts-broken flag. play()/undo() are O(players) with no heap
// allocation; legal_moves() is a handful of mask operations. The search works on
// copies of this object; the seat's view of a hand is built in search/.
#pragma once

#include <cstdint>
#include <string>

#include "cards.h"
#include "rules.h"

namespace copas {

enum class Phase : std::uint8_t { kPassing, kPlaying, kOver };


// What undo() needs to restore one play.
struct PlayRecord {
  Card card;
  std::uint8_t seat = 0;
  std::uint8_t prev_voids = 0;  // the seat's shown voids before this play
  bool prev_broken = false;
};

class Position {
 public:
  Position() = default;
  // An empty hand: deal() gives the cards. `rules` must outlive the position.
  Position(const RuleSet* rules, int dealer, int hand_no);

  // Dealing: the hands before any pass (unchecked; see check_deal()).
  void deal(const CardSet* hands);

  // Dealing when the pass is already made: the hands after it, and what each
  // seat passed and received as far as known (0 where unknown). Play starts.
  void deal_after_pass(const CardSet* hands, const CardSet* passed, const CardSet* received);

  // Passing (phase kPassing): every seat sets its pass; the last one applies them.
  PassPlan pass_plan() const { return pass_plan_; }
  bool pass_is_set(int seat) const { return (passes_set_ >> seat) & 1; }
  void set_pass(int seat, CardSet cards);  // unchecked; see pass_error()
  CardSet passed(int seat) const { return passed_[seat]; }
  CardSet received(int seat) const { return received_[seat]; }

  // Play.
  CardSet legal_moves() const;
  bool is_legal(Card c) const { return (legal_moves() & c.bit()) != 0; }
  void play(Card c);  // unchecked: c must be legal
  void undo();

  // Why `c` may not be played by the seat to act now (empty when it may).
  std::string illegal_reason(Card c) const;
  // What playing `c` now tells the other seats, who do not see the hand: the
  // cards the player cannot hold, or a rule would have barred `c` (a heart led
  // before hearts are broken means no other suit; a penalty card on trick 1
  // means no clean card). Voids shown by not following are included.
  CardSet revealed_absent(Card c) const;

  // Replaces a seat's current cards: how the search puts a sampled world's
  // unseen cards into a copy of the position (the history stays as it is).
  void set_hand(int seat, CardSet cards) { hands_[seat] = cards; }

  // Reading.
  const RuleSet& rules() const { return *rules_; }
  int players() const { return n_; }
  int dealer() const { return dealer_; }
  int hand_no() const { return hand_no_; }
  Phase phase() const { return phase_; }
  int turn() const { return turn_; }
  int leader() const { return leader_; }
  CardSet hand(int seat) const { return hands_[seat]; }
  CardSet won(int seat) const { return won_[seat]; }
  int tricks_won(int seat) const { return tricks_won_[seat]; }
  unsigned shown_voids(int seat) const { return voids_[seat]; }
  int tricks_done() const { return tricks_done_; }
  int trick_length() const { return trick_len_; }
  CardSet trick_cards() const { return trick_set_; }
  bool hearts_broken() const { return hearts_broken_; }
  int num_plays() const { return num_plays_; }
  const PlayRecord& play_record(int i) const { return history_[i]; }
  Suit led_suit() const { return history_[num_plays_ - trick_len_].card.suit(); }
  CardSet played() const { return played_; }

  // Scoring. points_taken: raw card points won so far. hand_scores: the hand's
  // score per seat, moon rules applied once the hand is over.
  int points_taken(int seat) const { return rules_->points_of(won_[seat]); }
  void hand_scores(std::int32_t* out) const;
  // The seat that shot the moon, or -1.
  int moon_shooter() const;

 private:
  struct RuleFilters;
  RuleFilters rule_filters() const;
  void start_play();
  void finish_trick();
  bool trick_breaks_hearts() const;

  const RuleSet* rules_ = nullptr;
  std::uint8_t n_ = 0;
  std::uint8_t dealer_ = 0;
  std::uint16_t hand_no_ = 0;
  Phase phase_ = Phase::kPassing;
  std::uint8_t turn_ = 0;
  std::uint8_t leader_ = 0;
  std::uint8_t trick_len_ = 0;
  std::uint8_t tricks_done_ = 0;
  std::uint8_t num_plays_ = 0;
  bool hearts_broken_ = false;
  Card first_card_;  // the card the first leader must lead (when the rules say so)
  std::uint16_t passes_set_ = 0;
  PassPlan pass_plan_;
  CardSet trick_set_ = 0;
  CardSet played_ = 0;
  CardSet hands_[kMaxPlayers] = {};
  CardSet won_[kMaxPlayers] = {};
  CardSet passed_[kMaxPlayers] = {};
  CardSet received_[kMaxPlayers] = {};
  std::uint8_t tricks_won_[kMaxPlayers] = {};
  std::uint8_t voids_[kMaxPlayers] = {};
  PlayRecord history_[kMaxPlays];
};

// Checks a deal against the rules (card counts, duplicates, cards outside the
// deck). Returns an empty string when it is valid, else the first problem.
std::string check_deal(const RuleSet& rules, const CardSet* hands);
// Why `cards` cannot be `seat`'s pass in `pos` (empty when they can).
std::string pass_error(const Position& pos, int seat, CardSet cards);

}  // namespace copas
