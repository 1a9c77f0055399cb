// Position: one hand of a variant in progress, fully known (every seat's cards).
//
// Holds the hands, the pass, the trick in progress, each seat's won cards, the
// turn and the hearts-broken flag. play()/undo() are O(players) with no heap
// allocation; legal_moves() is a handful of mask operations. The search works on
// copies of this object; the seat's view of a hand is built in search/.
#pragma once

#include <bit>
#include <cstdint>
#include <string>

#include "cards.h"
#include "decision.h"
#include "hand_score.h"
#include "rng.h"
#include "rule_view.h"
#include "rules.h"
#include "twin_cards.h"

namespace copas {

// Hand numbers are kept in 16 bits; a match of 65,536 hands is beyond any table.
constexpr int kMaxHandNo = 65535;

// kDeciding: after the pass, before trick 1, seats make a decision other than a
// card in turn (turbo's charges, decision.h); turn() is the seat it is due from.
enum class Phase : std::uint8_t { kPassing, kPlaying, kOver, kDeciding };

// Decisions one hand can hold: a charge per seat and a few more.
constexpr int kMaxDecisions = kMaxPlayers + 2;

struct Auction;  // auction.h

// Why a hand is over before its cards are all played (kNone: it was played out).
enum class HandEnd : std::uint8_t {
  kNone,
  kStuckLead,  // stuck-lead-ends-hand: the leader held only hearts, not yet open
  kAnnulled,   // first-trick-stuck-annul: nobody scores
  kRevoke,     // a revoke was proven (§1.3): the offender scores revoke_penalty, nobody else
};


// domino (docs/RULES.md §17): a draw or a discard, which the history of tricks' cards
// leaves out; the sampler rebuilds what each seat held when from them (domino_history.h).
struct DominoEvent {
  static constexpr std::uint8_t kDiscard = 1, kFound = 2, kFromDiscard = 4;
  std::uint8_t at_play = 0;  // the plays in the history before it
  std::uint8_t seat = 0;
  std::uint8_t flags = 0;    // kDiscard (else a draw), kFound (its last card follows), kFromDiscard
  std::uint8_t suit = 0;     // the led suit
  std::uint8_t value = 0;    // a draw from the dealt stock: how many; else the card's index
};

// What undo() needs to restore one play.
struct PlayRecord {
  Card card;
  std::uint8_t seat = 0;
  std::uint8_t prev_voids = 0;  // the seat's shown voids before this play
  bool prev_broken = false;
  std::uint8_t prev_revoked = 0;  // the seat's unproven revokes (suit bits) before this play
};

class Position {
 public:
  Position() = default;
  // An empty hand: deal() gives the cards. `rules` must outlive the position
  // and stay unchanged (the position caches facts derived from it).
  Position(const RuleSet* rules, int dealer, int hand_no);

  // Starts another empty hand under the same rules, as the constructor would but
  // without re-deriving what the rules imply: deal() gives the cards.
  void reset(int dealer, int hand_no);

  // Dealing: the hands before any pass (unchecked; see check_deal()).
  void deal(const CardSet* hands);

  // Dealing when the pass is already made: the hands after it, and what each
  // seat passed and received as far as known (0 where unknown). Play starts.
  // A split pass also gives the cards known to have gone the second way.
  // queens: `plan` (a `plan` value, -1 for none) is the dealer's plan, decided first.
  // blind-forward: `forwarded`, a bit per seat that forwarded its packet unseen.
  void deal_after_pass(const CardSet* hands, const CardSet* passed, const CardSet* received,
                       CardSet pass_second = 0, int plan = -1, CardSet pass_third = 0,
                       unsigned forwarded = 0);

  // Passing (phase kPassing): every seat sets its pass; the last one applies them.
  // A split pass (two or three parts in the plan) gives each part's cards: `cards`
  // go the way of parts[0], `second` of parts[1], `third` of parts[2] (queens'
  // 1l1r1a); a one-way pass has no second.
  PassPlan pass_plan() const { return pass_plan_; }
  bool pass_is_set(int seat) const { return (passes_set_ >> seat) & 1; }
  // The seat to pass next (-1 when nobody is to pass): in a pass chain
  // (peek-pass, docs/RULES.md §2.2 A12) the chain's next link, else the lowest
  // seat yet to pass (the passes are simultaneous: any order gives the same hand).
  int next_passer() const {
    if (phase_ != Phase::kPassing) return -1;
    if (rules_->pass_chain) [[unlikely]] return chain_link(std::popcount(static_cast<unsigned>(passes_set_)));
    const int s = std::countr_zero(static_cast<unsigned>(~passes_set_));
    return s < n_ ? s : -1;  // all in: the pool waits to be dealt back
  }
  // The seat that passes `i`-th (0-based) in this hand's pass chain (peek-pass).
  int chain_link(int i) const;
  // The pool (kitty-swap, docs/RULES.md §2.2 A13): every seat's cards are in and
  // wait to be dealt back, a chance step: return_pool gives each seat's cards
  // (unchecked; see pool_return_error), deal_pool deals them at random. Then play starts.
  bool pool_pending() const { return rules_->pool_cards && phase_ == Phase::kPassing && passes_set_ == (1u << n_) - 1; }
  CardSet pool() const;
  void return_pool(const CardSet* back);
  void deal_pool(Rng& rng);
  // In a pass chain: whether `seat` opens a chain, passing before it receives
  // (it then keeps what the chain's last link passes it).
  bool chain_start(int seat) const;
  // blind-forward (docs/RULES.md §2.2 L47): the 3 cards the next link received and
  // has not looked at (0 when none). They are in its hand(), face down: it passes
  // exactly them on (forwards) or 3 of the rest, and only then are they its own.
  CardSet blind_packet() const {
    if (!rules_->pass_blind) [[likely]] return 0;
    const int s = next_passer();
    return s >= 0 && !chain_start(s) ? received_[s] : 0;
  }
  // blind-forward, for a sampled world: the next link's packet becomes `cards` (drawn
  // from the cards it cannot see; not in any hand), and so do the passes that carried
  // it there, its sender's and the forwards between.
  void redeal_blind_packet(CardSet cards);
  // blind-forward: whether `seat` forwarded what it received, unseen (public; kept
  // apart from the cards, which a seat's view does not know).
  bool forwarded(int seat) const { return (forwarded_ >> seat) & 1; }
  void set_pass(int seat, CardSet cards, CardSet second = 0, CardSet third = 0);  // unchecked; see pass_error()
  CardSet passed(int seat) const { return passed_[seat]; }      // every part
  CardSet received(int seat) const { return received_[seat]; }  // from every giver
  // One part of the pass (plan order): what the seat sent that way, and what it
  // got from the seat that sends it that part.
  CardSet passed_part(int seat, int part) const { return passed_[seat] & part_mask(part); }
  CardSet received_part(int seat, int part) const { return received_[seat] & part_mask(part); }

  // Play. In the into-hand discard step the moves are the discards (see below).
  // Always inlined: the solver's move generators and the playouts call it per node.
  [[gnu::always_inline]] CardSet legal_moves() const {
    if (discards_left_) [[unlikely]] return discard_choices();
    return legal_from(hands_[turn_]);
  }
  // The cards of `hand` the rules allow the seat to act now (inline below: the
  // simulator's hottest call, through legal_moves()).
  CardSet legal_from(CardSet hand) const;
  // The cards of `hand` a seat may play to a trick led in `led` by another seat,
  // judged in the state before that trick, as trick 1 or as a later trick (the
  // solver's bounds read the restrictions through this, trick_control.cpp): the
  // chain legal_from runs.
  CardSet legal_following(CardSet hand, Suit led, bool first_trick) const;
  bool is_legal(Card c) const { return (legal_moves() & c.bit()) != 0; }
  void play(Card c);  // unchecked: c must be legal; inline below, with legal_moves()
  void undo();
  // At a trick boundary, `seat` leads the next trick instead of the last trick's
  // winner (the solver's relaxed game, relaxed_ceiling.h). The winner's lead must
  // be given back (hand_lead_to(winner)) before that trick is undone.
  void hand_lead_to(int seat) { leader_ = turn_ = static_cast<std::uint8_t>(seat); }

  // Revokes (docs/RULES.md §1.3, A3), for refereeing a table that plays "Revokes
  // penalize": a failure to follow suit is accepted, and once the offender plays a
  // card of the suit he failed to follow the revoke is proven and the hand ends
  // (A10: the offender scores revoke_penalty, the other points are discarded).
  // is_revoke: `c` fails to follow suit and breaks no other rule (it would be legal
  // were the seat void in the led suit). play_revoke plays it (unchecked).
  bool is_revoke(Card c) const;
  void play_revoke(Card c);
  unsigned revoked_suits(int seat) const { return revoked_[seat]; }
  bool revoke_pending() const;
  int revoker() const { return end_ == HandEnd::kRevoke ? revoker_ : -1; }

  // Why `c` may not be played by the seat to act now (empty when it may).
  std::string illegal_reason(Card c) const;
  // What playing `c` now tells the other seats, who do not see the hand: the
  // cards the player cannot hold, or a rule would have barred `c` (a heart led
  // before hearts are broken means no other suit; a penalty card on trick 1
  // means no clean card). Voids shown by not following are included.
  CardSet revealed_absent(Card c) const;

  // The kitty: the deck's cards dealt to nobody, when the rules have one (§4). The
  // taker the rules name adds it to the trick it wins (add-to-trick), once.
  CardSet kitty() const { return kitty_; }
  int kitty_taker() const { return kitty_seat_; }  // -1 until taken
  // Not settled yet: still lying, or (into-hand) its discards not all made.
  bool kitty_pending() const { return (kitty_ != 0 && kitty_seat_ < 0) || discards_left_ != 0; }
  // Replaces the kitty's cards (and the taker's copy of them): a sampled world's.
  void set_kitty(CardSet cards);

  // The into-hand kitty (KittyUse::kIntoHand, kitty_discard.cpp): the trick that
  // takes it puts it into the taker's hand, and before anything else the taker
  // discards as many cards, face down into his won cards, where they score. Each
  // discard is one play() of the seat to act, in ascending card order, so each
  // set of discards is one line of play; legal_moves() lists the cards that may
  // come next and undo() takes the last one back. The take also clears the
  // taker's shown voids: the kitty may refill a suit (voids_before_take() keeps them).
  bool discarding() const { return discards_left_ != 0; }
  int discards_left() const { return discards_left_; }
  CardSet discards() const { return discards_; }
  unsigned voids_before_take() const { return voids_at_take_; }
  int kitty_trick() const { return kitty_seat_ < 0 ? -1 : kitty_trick_; }  // index of the taking trick
  // Whether the last move was a discard (undo() takes it back: the highest of discards()).
  bool last_move_is_discard() const { return discards_ && num_plays_ == take_plays_; }
  // Why `cards` cannot be the whole discard now (empty when they can).
  std::string discard_error(CardSet cards) const;
  // Replaces the discards made (and the taker's won copy): a sampled world's.
  void set_discards(CardSet cards);
  // A sampled world's cards that nobody holds and nobody played: the kitty while
  // it lies (or its add-to-trick copy), the into-hand discards once taken.
  void set_unheld(CardSet cards);

  // Decisions other than cards and passes (decision.h, decisions.cpp). In phase
  // kDeciding the seat to act (turn()) owes a decision of decision_word() with
  // these choices; decide() makes it (unchecked: see decision_error) and
  // undo_decision() takes back the last move when last_move_is_decision().
  DecisionWord decision_word() const { return due_word_; }
  DecisionChoices decision_choices() const;
  // Why `seat` cannot decide `value` for `word` now (empty when it can).
  std::string decision_error(int seat, DecisionWord word, int value) const;
  void decide(int value);
  void undo_decision();
  bool last_move_is_decision() const {
    // A pass made after queens' plan is the last move (passes are not taken back).
    // auction: a bid is the last move while the suit is not named (bids are not logged).
    return (decisions_made_ && decision_log_[decisions_made_ - 1].at_play == num_plays_ && !passes_set_) ||
           (auction_.bids && !decisions_made_);
  }
  // The last decision made (a bid included): what undo_decision() takes back.
  DecisionRecord last_decision() const;
  int num_decisions() const { return decisions_made_; }
  const DecisionRecord& decision_record(int i) const { return decision_log_[i]; }
  // auction (docs/RULES.md §20, auction_position.cpp): after the deal the seats bid
  // (kBid, from the dealer's left), then the winner names the suit (kSuit) and leads;
  // from then on rules() are that suit's (penalty_suit_rules), until undone or reset.
  // The match sets each seat's bid limit, its chips (at most kMaxBid), before the
  // hand; unset, each seat holds the rules' start_chips.
  Auction auction() const;  // the bidding's state (auction.h)
  const AuctionLog& auction_log() const { return auction_; }
  void set_bid_limits(const std::int32_t* chips);
  // The bids and passes made, in order: num_bids() of them, bid_record(i) each (at_play 0).
  int num_bids() const { return auction_.moves(); }
  DecisionRecord bid_record(int i) const;
  // turbo (§8): the charged cards, public once every seat's charge is down (A33:
  // revealed together; 0 before), and those still barred from the first trick
  // led in their suit (A34).
  CardSet charged() const { return charged_; }
  CardSet charge_restricted() const { return charge_restricted_; }
  // gong-zhu+super-charge (A40): of charged(), those charged face up (super charges);
  // the others are face down, hidden from the other seats while held.
  CardSet super_charged() const { return super_charged_; }
  // A sampled world's face-down charged cards (each face-down charge still held
  // takes the one of `cards` its seat holds); A34's restriction follows.
  void set_face_down_charges(CardSet cards);

  // The stock (RuleSet::stock_draw; two-player, docs/RULES.md §18; stock_draw.cpp):
  // the deck less the hands, face down in an order dealt with them (deal() shuffles
  // it from the hands; set_stock gives the true one). After each trick the seats
  // draw from its top, the winner first, while it lasts: a forced step of the
  // trick's end that undo() takes back. A draw clears the drawer's shown voids
  // (it may refill the suit). stock_card(i): the i-th card from the top, 0 <= i <
  // stock_left(); drawn(seat): what the seat drew this hand, which only it sees.
  int stock_left() const { return stock_size_ - stock_next_; }
  Card stock_card(int i) const { return stock_[stock_next_ + i]; }
  CardSet stock_cards() const;
  int draws_made() const { return stock_next_; }
  // The stock as dealt, drawn cards included: its i-th card from the top, 0 <= i < stock_size().
  int stock_size() const { return stock_size_; }
  Card dealt_stock_card(int i) const { return stock_[i]; }
  CardSet drawn(int seat) const { return drawn_[seat]; }
  // The last trick (0-based) after which `seat` drew, -1 before its first draw.
  int last_draw_trick(int seat) const;
  // The cards drawn after trick t (0-based), in the order drawn (the trick's winner
  // first): up to players() cards into `out`; returns how many.
  int draws_after_trick(int t, Card* out) const;
  // Replaces the cards still in the stock, top first (unchecked; see stock_error):
  // a dealt order (records, the protocol) or a sampled world's.
  void set_stock(const Card* order, int count);
  // domino (StockDraw::kUntilFollow, docs/RULES.md §17; domino_play.cpp): a seat void
  // in the led suit draws when its turn comes until it can follow (a forced step);
  // void with the stock empty, its move is a discard: any card, face down as the new
  // stock (a one-card stock), and the turn passes. A trick ends at N led-suit cards,
  // or once every seat holding cards has passed in a row (A50f). Empty hands drop
  // out; when one seat alone holds cards it adds them to its won cards and the hand
  // is over. The history keeps the tricks' cards only, so undo() cannot take a domino
  // move back: replay the hand from its deal (the bindings do). Shown voids: a draw
  // clears the drawer's; the led card its draws found, once played, marks the suit again.
  // The seats that passed (discarded) since the trick's last card, a bit per seat.
  unsigned trick_passes() const { return trick_passes_; }
  // The draws and discards of the hand so far, in order; the log is incomplete once they
  // outnumber the history's slots a domino hand leaves free (kMaxPlays less the deck).
  int domino_events() const { return domino_events_ == kDominoLogLost ? 0 : domino_events_; }
  DominoEvent domino_event(int i) const;
  bool domino_log_complete() const { return domino_events_ != kDominoLogLost; }
  // The seat whose face-down discard is the stock, -1 when the stock holds dealt
  // cards or none: only that seat knows the card (the sampler's knowledge).
  int stock_discarder() const {
    return stock_next_ == count(rules_->deck) - n_ * rules_->hand_size && stock_next_ < stock_size_ ? stock_discarder_ : -1;
  }

  // Two copies of every card (RuleSet::copies = 2: two-deck, docs/RULES.md §13;
  // twin_play.cpp). A hand, a won pile and the kitty are multisets (twin_cards.h):
  // hand()/won()/kitty() are their `once` layers, the values held at least once, and
  // the legal moves come from them (a move names a value). The second layer is
  // touched only under these rules, at a trick's end: until then a seat that played
  // one of its two copies shows neither in hand() (held() resolves it), and a
  // card taken back from the trick in progress may be missing from trick_cards()
  // and played() while its other copy is in (trick_multiset(), played_cards()).
  // deal_twins: the hands' once layers and their second copies (unchecked; see
  // check_twin_deal); the kitty (or uno-hearts' stock) is the two decks less both.
  void deal_twins(const CardSet* hands, const CardSet* twins);
  bool two_copies() const { return rare_rules_ & kRareTwins; }
  TwinSet held(int seat) const;
  TwinSet won_cards(int seat) const { return {won_[seat], won_twins_[seat]}; }
  TwinSet kitty_cards() const { return {kitty_, kitty_twins_}; }
  TwinSet trick_multiset() const;
  TwinSet played_cards() const;
  // A sampled world's (search/twin_sampler.h): a seat's cards as held() gives them,
  // and the kitty's (in the taker's won pile too once taken).
  void set_held(int seat, TwinSet cards);
  void set_twin_kitty(TwinSet cards);
  // cancellation (identical_card_wins = cancel, docs/RULES.md §14; cancel_trick.cpp):
  // whether finished trick `t` had no winner and was carried (A47), and the carried
  // cards no trick has taken yet. Read back from the history: nothing is stored.
  bool trick_carried(int t) const;
  TwinSet pending_cards() const;

  // uno-hearts (docs/RULES.md §15; uno_trick_end.cpp): a pass of two copies of a value
  // (set_pass passes one copy of each card); what a seat passed, as a multiset (the
  // seat the plan sends it to received it). The stock as a multiset; where trick t's
  // pair draws start in the dealt stock (they end where trick t + 1's start, or at
  // draws_made() for the last trick done); the neighbour each 8 of trick t sent its
  // winner's hand to, in play order (up to 2 into `with`; returns how many).
  void set_twin_pass(int seat, TwinSet cards);  // unchecked; see twin_pass_error()
  TwinSet passed_cards(int seat) const { return {passed_[seat], passed_twins_[seat]}; }
  TwinSet stock_multiset() const;
  int pair_draws_before(int t) const;
  int swaps_after_trick(int t, int* with) const;

  // Replaces a seat's current cards: how the search puts a sampled world's
  // unseen cards into a copy of the position (the history stays as it is).
  void set_hand(int seat, CardSet cards) { hands_[seat] = cards; }

  // Reading.
  const RuleSet& rules() const { return *rules_; }
  const RuleView& view() const { return *view_; }
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
  // nines-extend (RuleSet::extend_cards, A21): whether trick `t` (0-based, the one in
  // progress included) has its second round; the cards the trick in progress holds
  // when whole, as decided so far; the play index trick `t` starts at.
  bool trick_extended(int t) const { return t < tricks_done_ ? (extended_ >> t) & 1 : trick_end_ > n_; }
  int trick_size() const { return trick_end_; }
  int trick_start(int t) const {
    return n_ * (t + std::popcount(extended_ & static_cast<std::uint32_t>((std::uint64_t{1} << t) - 1)));
  }
  CardSet trick_cards() const { return trick_set_; }
  bool hearts_broken() const { return hearts_broken_; }
  // Whether a heart may be led now (R3's condition: the flag, or lead_break_cards played).
  bool hearts_open_for_lead() const {
    return rules_->lead_break_cards ? (played_ & rules_->lead_break_cards) != 0 : hearts_broken_;
  }
  HandEnd hand_end() const { return end_; }
  int num_plays() const { return num_plays_; }
  const PlayRecord& play_record(int i) const { return history_[i]; }
  Suit led_suit() const { return static_cast<Suit>(led_); }  // while a trick is in progress
  CardSet played() const { return played_; }

  // Scoring. points_taken: raw card points won so far. hand_scores: the hand's
  // score per seat, moon rules applied once the hand is over (doubling cards
  // always; the clean-hand term once over). hand_scores_with_moon: the same with
  // the moon scored in the given form (the match's conditional reverse moon).
  // Under reverse-moon=shooter-choice the form is the shooter's choice once made;
  // while it is due, the better one for the shooter's hand (moon_form_).
  int points_taken(int seat) const;
  void hand_scores(std::int32_t* out) const { hand_scores_with_moon(moon_form_, out); }
  void hand_scores_with_moon(MoonRule moon, std::int32_t* out) const;
  // The seat that shot the moon, or -1.
  int moon_shooter() const;
  // What the scoring reads of the hand (hand_score.h).
  // A moon choice due (shooter-choice) comes after the last card: the hand scores as over.
  HandTally tally() const {
    return {won_, tricks_won_, tricks_done_, phase_ == Phase::kOver || moon_due(), view_, charged_, super_charged_};
  }
  // reverse-moon=shooter-choice (§2.3): the cards are played and the shooter's moon form is due.
  bool moon_due() const { return phase_ == Phase::kDeciding && due_word_ == DecisionWord::kMoon; }
  // The form (kMoonNormal or kMoonReverse) the due moon's shooter (turn()) favours on
  // the hand alone: its side's score less the others' mean, then its side's own score.
  int hand_moon_form() const;

 private:
  struct RuleFilters;
  RuleFilters rule_filters() const;
  struct Narrow;  // the chain's step for legal_from
  // The rule filter chain (position.cpp explains it): calls visit(mask, reason) for
  // each narrowing mask, in order. legal_moves() runs it directly; rule_filters()
  // collects it for illegal_reason() and revealed_absent(), so all share one chain.
  // `leading`/`led`/`first_trick`: the seat leads, or plays to a trick led in
  // `led`, on trick 1 or later (the trick in progress, or a hypothetical one for
  // legal_following).
  template <class Visit>
  [[gnu::always_inline]] void visit_rule_filters(Visit&& visit, bool leading, Suit led, bool first_trick) const;
  template <class Visit>
  [[gnu::always_inline]] void visit_rule_filters(Visit&& visit) const {
    visit_rule_filters(visit, trick_len_ == 0, led_suit(), tricks_done_ == 0);
  }
  int next_seat(int seat) const { return seat + 1 == n_ ? 0 : seat + 1; }
  CardSet part_mask(int part) const {
    return part == 0 ? ~(pass_second_ | pass_third_) : part == 1 ? pass_second_ : pass_third_;
  }
  int chain_offset() const;  // the pass's seats to the left, 0..n-1 (a chain's one direction)
  int chain_count() const;   // how many independent pass chains (gcd of the offset and n)
  void set_rare_pass(int seat, CardSet cards);  // peek-pass's chain or kitty-swap's pool
  void set_chain_pass(int seat, CardSet cards);
  void set_pool_pass(int seat, CardSet cards);
  [[gnu::noinline]] void exchange_passes();  // the last pass is down: every part goes its way
  void clear();  // everything but the rules, dealer, hand number and pass plan
  void start_play();
  void open_play();  // the play proper begins: the leader to act, unless stuck
  void finish_trick();
  // finish_trick's first step under the rare rules: whether the trick is complete (a
  // second round or domino's turn may go on instead); two copies settle (twin_play.cpp).
  [[gnu::noinline]] bool rare_trick_complete();
  // finish_trick's end under the rare rules (kRareTrickEnd): the draws, the hand's
  // end, turbo's A34 and the stuck lead.
  void finish_rare_trick(int winner, Suit led);
  // The stock (stock_draw.cpp): its order from the hands at the deal; the draws
  // after a trick; undone with the trick (its cards: `trick`, `len` records).
  void deal_stock(CardSet dealt);
  // Two copies (twin_play.cpp): at a trick's end, before its winner is read, the
  // seats' second copies settle, the trick and played cards are rebuilt from the
  // history and the winner's pile (and the kitty it takes) added as multisets;
  // undo_twin_trick takes that back. twin_hand_scores: hand_scores' multiset form.
  // settle_twin_trick is false when the trick is carried (cancellation: carry_trick).
  bool settle_twin_trick();
  void undo_twin_trick(int winner, const PlayRecord* trick, int len);
  // cancellation (cancel_trick.cpp): the place of the trick's winner, -1 when no
  // card of the deciding suit `led` is played once (CA-1, A47); the first trick of
  // the pile pending when trick `t` starts (t when none); the deciding suit of
  // `trick` (in the history): the led suit of that first trick (the seed, L301); a
  // carried trick's end (the same leader again); undo()'s reopened trick (the piles
  // again from the history).
  int cancel_place(const PlayRecord* trick, int len, Suit led) const;
  int pending_from(int t) const;
  Suit cancel_suit(const PlayRecord* trick) const;
  void carry_trick();
  void undo_cancel_trick(int winner);
  void twin_hand_scores(MoonRule moon, std::int32_t* out) const;
  int twin_moon_shooter(MoonRule moon, const HandTally& t) const;
  // uno-hearts (uno_trick_end.cpp): the moon of the penalty cards in play (A48e); the
  // pass's exchange of multisets; a pair's draws into the winner's pile (from
  // draw_after_trick) and the hand swaps of the 8s (from finish_rare_trick), and their
  // undoing (from undo_trick_extras); the draws a trick's pairs ask for; the stock's order.
  int in_play_moon_shooter(MoonRule moon, const HandTally& t) const;
  void exchange_twin_passes();
  void draw_pairs(int winner);
  void undo_pair_draws(int winner);
  void swap_hands(int winner, const PlayRecord* trick, bool undo);
  int pair_draws_wanted(const PlayRecord* trick) const;
  void deal_twin_stock(TwinSet rest);
  void shuffle_stock();
  // The place in `trick` (len cards, `led` led) of its winner by rank_strength:
  // the first of the strongest, or (identical_card_wins = later) the last; under
  // cancel, the strongest played once of the pile's first led suit, not `led`
  // (the leader's when none, CA-3: the hand's last trick; a carried one never gets here).
  int strongest_place(const PlayRecord* trick, int len, Suit led) const {
    if (rules_->identical_card_wins == IdenticalCardWins::kCancel) [[unlikely]] {
      const int place = cancel_place(trick, len, cancel_suit(trick));
      return place < 0 ? 0 : place;
    }
    const int later = rules_->identical_card_wins == IdenticalCardWins::kLater;
    int best = 0;
    for (int i = 1; i < len; ++i) {
      const Card c = trick[i].card;
      // Strengths are distinct per face, so +1 lets only an identical card tie and win.
      if (c.suit() == led && rules_->rank_strength[c.face()] + later > rules_->rank_strength[trick[best].card.face()])
        best = i;
    }
    return best;
  }
  // Whether the trick just completed takes the kitty (first-trick-winner, or the
  // first trick holding a card that scores, A29).
  bool takes_kitty() const {
    return kitty_seat_ < 0 && kitty_ &&
           (rules_->kitty_taker == KittyTaker::kFirstTrickWinner || (trick_set_ & view_->scoring_cards));
  }
  void draw_after_trick(int winner);
  void undo_draws(int winner, const PlayRecord* trick, int len);
  // undo()'s reopened trick, the rare parts: the kitty taken with it, A34's charges, draws.
  [[gnu::noinline]] void undo_trick_extras(int winner, const PlayRecord* trick, int len);
  // domino (domino_play.cpp), from finish_trick after every card: whether the trick
  // is over; if not, the turn passes on (its draws made). After a trick: the next
  // leader, or the last seat's sweep.
  bool domino_trick_over();
  void domino_next_lead(int winner);
  void domino_draw(int seat);
  void domino_log(int seat, std::uint8_t flags, std::uint8_t value);
  // nines-extend (A21), from finish_trick: opens the trick's second round when its
  // first holds a trigger of the led suit and cards are left (true), else readies
  // the next trick's length.
  bool open_second_round();
  // Decisions (decisions.cpp): the turbo charges' phase, and A34's restriction
  // recomputed from the tricks led (after an undo).
  void begin_charges();
  void begin_plan();  // queens: the dealer's plan is due (the pass waits for it)
  void restrict_charges();
  // auction (auction_position.cpp): the bidding opens; a bid or pass made and taken
  // back; the suit named (the hand's rules switched, the winner to lead) and taken back.
  void begin_auction();
  void bid(int value);
  void undo_bid();
  void name_suit(int suit);
  void unname_suit();
  // The seat to bid once `moves` bids and passes are made.
  int bidder_after(int moves) const { return (dealer_ + 1 + moves) % n_; }
  // The seat's charge (and face) is down: the next seat's is due, or the play begins.
  void next_charge();
  void reveal_charges();  // charged_ and super_charged_ from the decisions made
  // The last trick is over: the hand is, unless a shot moon's form is due first
  // (offer_moon_choice: shooter-choice).
  void end_hand();
  void offer_moon_choice();
  // Ends the hand early when the rules say the seat to act is stuck (HandEnd).
  void check_stuck();
  void prove_revoke(int seat);
  bool trick_breaks_hearts() const;
  // The into-hand kitty (kitty_discard.cpp).
  CardSet discard_choices() const;
  void take_into_hand(int seat);
  void discard_card(Card c);
  void undo_discard();
  void untake_from_hand(int seat);

  const RuleSet* rules_ = nullptr;
  const RuleView* view_ = nullptr;  // rule_view(*rules_): point tables, rank order
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
  HandEnd end_ = HandEnd::kNone;
  std::uint8_t led_ = 0;  // suit of the current trick's first card
  Card first_card_;  // the card the first leader must lead (when the rules say so)
  std::uint16_t passes_set_ = 0;
  std::uint16_t forwarded_ = 0;  // blind-forward: the seats that forwarded their packet
  std::int8_t kitty_seat_ = -1;  // who took the kitty, -1 while it lies
  std::uint8_t kitty_trick_ = 0;  // the trick it was taken with
  std::uint8_t discards_left_ = 0;  // into-hand: discards still due from the taker
  std::uint8_t voids_at_take_ = 0;  // into-hand: the taker's shown voids before the take
  std::uint8_t take_plays_ = 0;     // into-hand: num_plays_ at the take (discards follow it)
  CardSet discards_ = 0;            // into-hand: the taker's discards so far
  DecisionWord due_word_ = DecisionWord::kCharge;  // what the seat to act owes in kDeciding
  std::uint8_t decisions_made_ = 0;
  PassPlan pass_plan_;
  CardSet charged_ = 0;
  CardSet charge_restricted_ = 0;
  CardSet kitty_ = 0;
  CardSet trick_set_ = 0;
  CardSet played_ = 0;
  // Split pass: every card sent the second way. Cards are unique, so one set marks
  // each seat's part 1 in passed_ and received_ (and keeps the copied object small).
  CardSet pass_second_ = 0;
  CardSet pass_third_ = 0;  // queens' three-way plan: every card sent the third way
  CardSet hands_[kMaxPlayers] = {};
  CardSet won_[kMaxPlayers] = {};
  CardSet passed_[kMaxPlayers] = {};
  CardSet received_[kMaxPlayers] = {};
  std::uint8_t tricks_won_[kMaxPlayers] = {};
  std::uint8_t voids_[kMaxPlayers] = {};
  std::uint8_t revoked_[kMaxPlayers] = {};  // suits each seat failed to follow, unproven
  std::uint8_t revoker_ = 0;
  // bit t: trick t has its second round (extend_cards); written at its n-th card, so
  // the trick in progress's bit means nothing before that (trick_end_ says it).
  std::uint32_t extended_ = 0;
  std::uint8_t trick_end_ = 0;  // the cards that complete the trick in progress: n, or 2n (A21)
  // Rules off the standard game's path, so that it pays one test for them all:
  // kRareFilters, the last masks of the legal chain (qs-forced, charges);
  // kRareTrickEnd, finish_trick's extra steps (nines-extend, charges, stuck leads);
  // kRarePasses, set_pass's other kinds (a pass chain, the pool).
  // kRareOpenTricks, domino's tricks of N led-suit cards from any seats.
  // kRareTwins, two copies of every card (with kRareTrickEnd: settled at a trick's end).
  static constexpr std::uint8_t kRareFilters = 1, kRareTrickEnd = 2, kRarePasses = 4, kRareOpenTricks = 8,
                                kRareTwins = 16;
  std::uint8_t rare_rules_ = 0;
  PlayRecord history_[kMaxPlays];
  DecisionRecord decision_log_[kMaxDecisions];
  // The form hand_scores counts a moon in: the rules' moon, or (shooter-choice) the
  // shooter's choice, made or due (decisions.cpp). Read only once the cards are
  // played. Last, in the tail padding: the hot members keep their places.
  MoonRule moon_form_ = MoonRule::kOthersPlus;
  // domino: how many draws and discards are logged (domino_event), or kDominoLogLost; in
  // the padding byte before super_charged_.
  static constexpr std::uint8_t kDominoLogLost = 0xFF;
  std::uint8_t domino_events_ = 0;
  CardSet super_charged_ = 0;  // +super-charge's face-up charges (after the hot members)
  // The stock (two-player): its cards top first; stock_next_ of them drawn so far.
  std::uint8_t stock_size_ = 0;
  std::uint8_t stock_next_ = 0;
  std::uint16_t trick_passes_ = 0;  // domino: seats that passed since the trick's last card
  std::int8_t stock_discarder_ = -1;  // domino: who made the last discard (stock_discarder())
  std::int8_t drew_to_follow_ = -1;   // domino: the seat whose draws found the led suit, till it plays it
  Card stock_[kMaxStock];
  CardSet drawn_[kMaxPlayers] = {};
  // auction (after the hot members): the bids, the rules before the suit was named
  // (null before it: rules_ is the variant's), each seat's bid limit.
  AuctionLog auction_;
  const RuleSet* auction_base_ = nullptr;
  std::uint8_t bid_limit_[kMaxPlayers] = {};
  // Two copies (after the hot members; zero unless kRareTwins): the second layer of
  // each hand, each won pile and the kitty (twin_cards.h: a subset of the first).
  CardSet twins_[kMaxPlayers] = {};
  CardSet won_twins_[kMaxPlayers] = {};
  CardSet kitty_twins_ = 0;
  CardSet passed_twins_[kMaxPlayers] = {};  // uno-hearts: the values each seat passed both copies of
};

// Always inlined: as a call, the legal-move mask would go through memory.
// visit(mask, trigger, reason): the filter narrows to `mask` when the cards still
// allowed meet `trigger` (a subset of mask; most filters use the mask itself).
template <class Visit>
[[gnu::always_inline]] inline void Position::visit_rule_filters(Visit&& visit, bool leading, Suit led,
                                                                  bool first_trick) const {
  const RuleSet& r = *rules_;
  if (leading) {
    if (first_trick && r.first_lead == FirstLead::kHolderOfCard && r.must_lead_first_card)
      visit(first_card_.bit(), first_card_.bit(), "the first lead must be the opening card");
    if (first_trick && r.first_lead_banned) {
      visit(~r.first_lead_banned, ~r.first_lead_banned, "the opening lead may not be a penalty card");
      if (r.first_lead_ban_alone) return;  // A55a: a hand of only those leads any of them
    }
    if (r.lead_needs_broken && !hearts_open_for_lead()) {
      // lead-heart-over-qs: a hand of only hearts + Q♠ keeps its hearts.
      const CardSet trigger = r.heart_lead_over_queen ? ~(kHeartsMask | kQueenOfSpades.bit()) : ~kHeartsMask;
      visit(~kHeartsMask, trigger, "hearts may not be led before they are broken");
    }
    if (r.lead_bans_points) visit(~r.point_cards, ~r.point_cards, "a penalty card may not be led");
  } else {
    visit(suit_mask(led), suit_mask(led), "must follow suit");
    if (r.discard_needs_broken && !hearts_broken_)
      visit(~kHeartsMask, ~kHeartsMask, "hearts may not be discarded before they are broken");
  }
  if (first_trick && r.first_trick_banned)
    visit(~r.first_trick_banned, ~r.first_trick_banned, "penalty cards may not be played to the first trick");
  if (!(rare_rules_ & kRareFilters)) [[likely]] return;  // one test for the filters below
  if (r.forced_queen && !leading) {
    // A20: only a seat void in the led suit is held to it. After R1, so R1 takes
    // precedence: while R1 bars the Q♠ (and the seat has another card) it is not among
    // the moves left and the filter is skipped, deferring it past trick 1; where
    // points-first-trick lifts R1 nothing defers it (A20b).
    const CardSet queen_or_follow = suit_mask(led) | kQueenOfSpades.bit();
    visit(queen_or_follow, queen_or_follow, "the Q♠ must be played to the first trick its holder cannot follow");
  }
  if (charge_restricted_) {
    // turbo (A34): a charged card may not go to the first trick led in its suit,
    // leading included, while its holder has another card of that suit.
    for (CardSet c = charge_restricted_ & (leading ? ~CardSet{0} : suit_mask(led)); c;) {
      const Card x = pop_lowest(c);
      visit(~x.bit(), suit_mask(x.suit()) & ~x.bit(),
            "a charged card may not be played to the first trick led in its suit unless it is the only card of that suit");
    }
  }
}

// Legal = the hand, narrowed by each mask of the chain whose trigger it meets.
struct Position::Narrow {
  CardSet& moves;
  void operator()(CardSet mask, CardSet trigger, const char*) const {
    // moves & mask when moves meets trigger, else moves; branch-free (voids come at random).
    moves = (moves & mask) | (moves & (CardSet{0} - CardSet{(moves & trigger) == 0}));
  }
};

// Always inlined (as legal_moves is): GCC stopped inlining it once the chain grew a loop.
[[gnu::always_inline]] inline CardSet Position::legal_from(CardSet hand) const {
  visit_rule_filters(Narrow{hand});
  return hand;
}

[[gnu::always_inline]] inline CardSet Position::legal_following(CardSet hand, Suit led, bool first_trick) const {
  visit_rule_filters(Narrow{hand}, false, led, first_trick);
  return hand;
}

inline void Position::play(Card c) {
  if (discards_left_) [[unlikely]] {
    discard_card(c);
    return;
  }
  const int seat = turn_;
  const CardSet bit = c.bit();
  history_[num_plays_++] = PlayRecord{c, static_cast<std::uint8_t>(seat), voids_[seat], hearts_broken_, revoked_[seat]};
  // A lead sets the suit, a card of another suit shows a void. Branch-free: random
  // play makes the second unpredictable.
  led_ = trick_len_ == 0 ? static_cast<std::uint8_t>(c.suit()) : led_;
  voids_[seat] |= static_cast<std::uint8_t>(unsigned{c.suit() != led_} << led_);
  hands_[seat] &= ~bit;
  trick_set_ |= bit;
  played_ |= bit;
  if ((revoked_[seat] >> c.suit()) & 1) [[unlikely]] {
    ++trick_len_;
    prove_revoke(seat);  // the hand stops here, the trick unfinished
    return;
  }
  if (++trick_len_ == trick_end_) {
    finish_trick();  // or, under nines-extend, its second round (A21)
  } else {
    turn_ = static_cast<std::uint8_t>(next_seat(seat));
    if (tricks_done_ == 0 && rules_->first_trick_stuck_annuls) check_stuck();
  }
}

inline int Position::points_taken(int seat) const { return view_->points(won_[seat]); }

// Why `order` (top first) cannot be the cards still in `pos`'s stock (empty when
// it can): every undealt card not yet drawn, each once.
std::string stock_error(const Position& pos, const Card* order, int size);

// Checks a deal against the rules (card counts, duplicates, cards outside the
// deck). Returns an empty string when it is valid, else the first problem.
std::string check_deal(const RuleSet& rules, const CardSet* hands);
// The same for two copies of every card (twin_play.cpp): `hands` the values each seat
// holds, `twins` those it holds twice; no value dealt more than twice.
std::string check_twin_deal(const RuleSet& rules, const CardSet* hands, const CardSet* twins);
// uno-hearts (uno_trick_end.cpp): why `cards` cannot be `seat`'s pass (empty when they
// can); why `order` (top first) cannot be the two-copy stock still to draw.
std::string twin_pass_error(const Position& pos, int seat, TwinSet cards);
std::string twin_stock_error(const Position& pos, const Card* order, int size);
// Why `cards` (+ `second`, a split pass's part 1) cannot be `seat`'s pass in
// `pos` (empty when they can).
std::string pass_error(const Position& pos, int seat, CardSet cards, CardSet second = 0, CardSet third = 0);
// Why `cards` cannot be part `part` of a pass by `plan` (empty when the count fits).
std::string pass_part_error(const PassPlan& plan, int part, CardSet cards, int players);
// Why `back` (each seat's cards) cannot be the pool dealt back in `pos` (empty when it can).
std::string pool_return_error(const Position& pos, const CardSet* back);
// A pass chosen as one set of cards, split over the plan by rote for players that
// do not choose directions: the first part takes the lowest cards, the next part
// the next lowest. Returns part `part`'s cards (0 for a part the plan lacks).
CardSet rote_part(const PassPlan& plan, CardSet cards, int part);

}  // namespace copas
