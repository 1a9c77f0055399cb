// RuleSet: a Hearts variant as plain data (docs/RULES.md).
//
// Every variant is a RuleSet value; the Position, the scorer and the search read
// it and never test a variant's name. Fields marked [later] are designed here
// so that the variants still to come are data plus a small extension, but the
// core does not act on them yet: the registry (copas_ai/variants/) refuses to
// build a variant that needs one until the core implements it.
//
// How each family of docs/RULES.md maps onto these fields:
//
//  american (S004, §21)   deck 52, A-high, hearts 1 + QS 13; pass L/R/A/none x3;
//                         first lead: 2C holder must lead 2C; first_trick_banned =
//                         hearts + QS, fallback "any of them" (only penalty cards);
//                         break kHeartDiscarded (B2) + led_heart_breaks (A54b);
//                         leads restricted only; moon: all penalty cards -> others +26;
//                         match: >= 100, lowest wins, ties share (kShared).
//  copas-fora (S000, §2)  as american but break kOffSuitPlayed (B1) restricting
//                         leads and discards (R2/R3); the first-trick fallback keeps
//                         the Q♠ alone for a hand of hearts + Q♠ (X2, A8) because R2
//                         is applied before R1; ties: extra hands (A11).
//  copas-fora+options     pass_cycle (pass-cycle, split-pass: two parts per entry),
//  (§2.2, §2.3)           first_lead (dealer-lead), break/lead fields (hearts-anytime,
//                         lead-after-heart and qs-opens-hearts
//                         below), values (fatal-ace: AH 5; jd-bonus:
//                         JD -10), moon fields (reverse-moon, super-moon), match
//                         fields (target-200, tie-stands, exact_score),
//                         clean_hand_points, doubling_cards (ten-of-death), super_moon,
//                         reverse_moon_if_losing (reverse-moon=conditional, match.h),
//                         forced_queen (qs-forced), extend_cards (nines-extend).
//  copas-fora play        dealer-lead = first_lead + first_lead_banned (A14);
//  options (§2.2)         lead-after-heart / qs-opens-hearts = lead_break_cards
//                         (R3 only, A17: R2 keeps the flag); qs-forced = forced_queen;
//                         lead-heart-over-qs, stuck-lead-ends-hand, first-trick-stuck-
//                         annul: one flag each.
//  teams                  teams = 2 (partners opposite), team_individual_tally.
//  three-five             kitty_size + kitty_taker + kitty_use (the kitty is the deck
//                         less the hands; add-to-trick, or into-hand: a discard step);
//                         first_lead_card falls back to the lowest club in play.
//  negative-scoring,      values with signs, goal kHigh with a negative target;
//  spot, black-maria      only card_points and moon_value change.
//  no-pass-strict         lead_bans_points (never lead a point card unless only those)
//                         with lead_needs_broken off (A31: any point card then).
//  queens                 card_points and point_cards (every queen), target 300,
//                         dealer_plans_pass (the `plan` decision before the pass) and
//                         moon_wins_match (MatchState::moon_winner).
//  spanish                deck (cards removed) and rank_strength (Sueca); sixes-extend =
//                         extend_cards (the 6s), as nines-extend's 9s on copas-fora.
//  rook                   rank_strength (ace low), the kitty of three-five, 10♦ -10 with
//                         hand_floor_zero, no moon, match_hands = 6.
//  classic-3to6           deck per player count, first_trick_banned = {QS},
//                         3/5/6 seats: dealer's left leads under first_lead_banned
//                         (A55a); break kHeartDiscarded without led_heart_breaks
//                         (B3 literal), moon kSelfMinus.
//  turbo                  copas-fora + jd-bonus + ten-of-death values, target 300, and
//                         charge_cards: a charge phase after the pass (decisions.cpp).
//  gong-zhu               B0 free play, graded signed values, goal kHigh to -1000; the
//                         all-hearts rule as MoonRule::kNegateOwn/kNegateAll over
//                         moon_negated; doubling_alone_points (10♣ +50), grand_slam_*;
//                         lead_taker_card (the Q♠ taker leads the next hand); turbo's charges.
//  two-deck               copies = 2: two copies of every card, a second CardSet layer
//                         (twin_cards.h, Position's twin_play.cpp); identical_card_wins =
//                         earlier; the kitty of three-five; teams = players / 2 (A46a).
//  cancellation           copies = 2, identical_card_wins = cancel: identical cards in a
//                         trick cancel, a trick without a winner is carried to the next
//                         winner (cancel_trick.cpp).
//  uno-hearts             copies = 2 less single_copies (Q♠ 8♣ 8♦); identical_card_wins =
//                         later; stock_draw = kPairs (pair_draws into the won pile);
//                         swap_left/right_cards (the 8s); moon_scope (uno_trick_end.cpp).
//  two-player             stock_draw = kRefill: the deck less the hands is a stock, in an
//                         order dealt with the hands (Position::set_stock); after each
//                         trick every seat draws one card, the winner first (stock_draw.cpp).
//  domino                 stock_draw = kUntilFollow: the same stock, drawn when a void
//                         seat's turn comes until it can follow; tricks of N led-suit
//                         cards from any seats, drop-outs, the last seat's sweep
//                         (domino_play.cpp); end (b): eliminate_at_target
//                         (elimination.h). Protocol [later].
//  betting-chips          start_chips: the totals are chips (chips.h); the 52 mod N cards
//                         left undealt (no kitty), hearts 1, B0, no moon.
//  auction                auction: the bids and the suit are decisions before the first
//                         lead (auction_position.cpp); each hand's penalty-suit RuleSet,
//                         the bidding and the settlement are in auction.h.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "cards.h"

namespace copas {

constexpr int kMaxPlayers = 10;  // two-deck seats up to 10
constexpr int kMaxPlays = 104;   // cards in one hand: two-deck's 104 (8 seats x 13)

// Two copies of one card in a trick (RuleSet::copies = 2): which of them ranks higher.
enum class IdenticalCardWins : std::uint8_t {
  kEarlier,  // two-deck (§13, S000 L295): the one played first
  kLater,    // uno-hearts (§15): the one played later
  kCancel,   // cancellation (§14, CA-1): both cancel; a trick left without a winner is carried (A47)
};

// Who leads the first trick of a hand.
enum class FirstLead : std::uint8_t {
  kHolderOfCard,  // holder of first_lead_card (or the lowest club in play when it is out)
  kDealerLeft,
  kDealer,
  kDealerRight,
};

// When hearts become "broken" (docs/RULES.md §1.2). Judged from completed tricks only.
enum class HeartsBreak : std::uint8_t {
  kNever,              // B0: no restriction (leads and discards are free)
  kOffSuitPlayed,      // B1: any card not of the led suit in an earlier trick
  kHeartDiscarded,     // B2/B3: a heart played to a trick led in another suit
  kHeartPlayed,        // B4: any heart played
  kHeartOrQueenPlayed  // B5: a heart or the Q♠ played
};

// What a shot moon does (the shooter holds every card of moon_cards).
enum class MoonRule : std::uint8_t {
  kNone,
  kOthersPlus,  // shooter 0, everyone else +moon_value
  kSelfMinus,   // shooter -moon_value, the others keep what they took (i.e. 0)
  // The two forms below stay last (negates_signs).
  // gong-zhu (§9, A38): no moon value; the shooter's points on moon_negated (charges
  // included) change sign (all hearts +200, with the Q♠ +300), before the doubling.
  kNegateOwn,
  // gong-zhu+hearts-swap (A41): once one seat took every moon card, every seat's points
  // on moon_negated change sign (Q♠ +100, J♦ -100); the shooter's hearts stay as they are.
  kNegateAll,
};
// gong-zhu's forms of the all-hearts rule, scored by signed_hand_score (hand_score.h).
inline bool negates_signs(MoonRule m) { return m >= MoonRule::kNegateOwn; }

// How a match ends when several seats share the best total.
enum class TieRule : std::uint8_t {
  kShared,      // they share the win (american)
  kExtraHands,  // play on until exactly one seat has the best total (copas-fora A11)
  kStands,      // the match ends as a tie (+tie-stands)
};

enum class Goal : std::uint8_t { kLow, kHigh };

// copas-fora+exact-score (§2.3, A26): bit flags, judged on the totals after a hand.
enum ExactScore : std::uint8_t {
  kExactTargetToHalfPlusOne = 1,   // (a) landing on the target drops to target/2 + 1 (100 -> 51)
  kExactHalfToZero = 2,            // (b) landing on target/2 drops to 0 (50 -> 0)
  kExactTargetToHalfThenZero = 4,  // (c) landing on the target drops to target/2, then to 0
                                   //     after a next hand that scores nothing
  kExactTargetFlips = 8,           // gong-zhu+exact-minus-1000 (L241): landing on the target ends the
                                   // match with that total turned to its opposite (-1000 -> +1000)
};

// Who takes the kitty, face down with the trick just won (add-to-trick, §4).
enum class KittyTaker : std::uint8_t {
  kFirstTrickWinner,  // the winner of trick 1
  kFirstPointTaker,   // the winner of the first trick holding a card that scores (A29)
};

// What the taker does with the kitty (kitty_use, §4).
enum class KittyUse : std::uint8_t {
  kAddToTrick,  // it joins the trick just won, face down, and scores there
  kIntoHand,    // it joins the taker's hand, who then discards as many cards into that trick (kitty_discard.cpp)
};

// How cards come from the stock, the deck less the hands, during a hand
// (stock_draw.cpp; docs/RULES.md §18). Each draw is a forced chance step.
enum class StockDraw : std::uint8_t {
  kNone,
  kRefill,  // two-player (§18): after each trick every seat draws one card, the winner first, while it lasts
  // domino (§17, domino_play.cpp): a seat void in the led suit draws when its turn comes until it
  // can follow; void with the stock empty it discards a card face down as the new stock and passes.
  // Tricks are N led-suit cards from any seats; empty hands drop out.
  kUntilFollow,
  // uno-hearts (§15, A48c; uno_trick_end.cpp): the winner of a trick holding two identical cards
  // draws pair_draws[card] cards per pair from the top into his won pile, face up, while it lasts.
  kPairs,
};

// The longest stock: uno-hearts' 101 cards less 2 x 13 (§15: the last two seats of its
// elimination, end (b)).
constexpr int kMaxStock = 75;

// Which penalty cards a moon needs (uno-hearts, §15 A48e).
enum class MoonScope : std::uint8_t {
  kAllCards,  // every copy of moon_cards
  kInPlay,    // every penalty card that left the stock this hand (dealt or drawn), a heart among them
};

// One part of a hand's pass: `count` cards to the seat `offset` places to the left.
struct PassPart {
  std::int8_t offset = 0;  // 1 = left, -1 = right, n/2 = across; 0 = no pass (or the pool)
  std::uint8_t count = 0;
};

// A hand's pass: up to three parts (split-pass sends some cards each of two ways;
// queens' dealer may plan one card each of three ways).
struct PassPlan {
  PassPart parts[3];
  int total() const { return parts[0].count + parts[1].count + parts[2].count; }
};

constexpr int kMaxPassCycle = 8;
// Direction words used by pass cycles; kAcross resolves to n/2 seats.
// kSecondLeft/kSecondRight: two seats away (the 5-player cycle of three-five, §4).
enum class PassDirection : std::uint8_t { kNone, kLeft, kRight, kAcross, kSecondLeft, kSecondRight };

struct RuleSet {
  // Seats.
  std::uint8_t players = 4;

  // The deck: which cards are in play, and how many copies of each (two-deck, §13:
  // 2; a hand holds a multiset, twin_cards.h). kitty_size and hand_size count copies.
  CardSet deck = kFullDeck;
  std::uint8_t copies = 1;
  IdenticalCardWins identical_card_wins = IdenticalCardWins::kEarlier;
  // Under copies = 2, the cards of the deck with one copy only (uno-hearts, §15: one
  // Q♠, one 8♣, one 8♦ of 101 cards).
  CardSet single_copies = 0;
  std::uint8_t hand_size = 13;
  std::uint8_t kitty_size = 0;  // cards dealt to nobody: the kitty (three-five, §4)
  KittyTaker kitty_taker = KittyTaker::kFirstTrickWinner;
  bool kitty_peek = false;  // the taker looks at the kitty it takes (kitty_peek, §4)
  KittyUse kitty_use = KittyUse::kAddToTrick;
  // The cards dealt to nobody form a face-down stock drawn from during the hand
  // (two-player, §18); kNone: no stock (a kitty, or the whole deck dealt).
  StockDraw stock_draw = StockDraw::kNone;
  // kPairs (uno-hearts, §15): the cards a trick's pair of this card draws (UNO-2: the
  // face for 2-10, 8 for A/K, 1 for J/Q, 0 for hearts), indexed by Card::index.
  std::array<std::uint8_t, 64> pair_draws{};
  // uno-hearts (§15, A48d): taking one of these cards, the trick's winner swaps his
  // whole hand with his left (8♣) or right (8♦) neighbour's before the next lead, in
  // the order they were played; won piles stay (uno_trick_end.cpp).
  CardSet swap_left_cards = 0;
  CardSet swap_right_cards = 0;

  // Trick-taking strength of each face (higher wins); the identity is A-high.
  std::array<std::uint8_t, kNumFaces> rank_strength{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};

  // Penalty points of each card, indexed by Card::index (negative = bonus).
  std::array<std::int16_t, 64> card_points{};
  // Cards that count as "penalty cards" for the restrictions (hearts + QS usually).
  CardSet point_cards = 0;

  // Passing: the cycle indexed by hand number (0-based) modulo its length.
  std::array<PassDirection, kMaxPassCycle> pass_cycle{};
  std::array<std::uint8_t, kMaxPassCycle> pass_cycle_counts{};
  // split-pass (§2.2 L51): each entry's second part, sent another way (count 0: none).
  std::array<PassDirection, kMaxPassCycle> pass_cycle_second{};
  std::array<std::uint8_t, kMaxPassCycle> pass_cycle_second_counts{};
  std::uint8_t pass_cycle_length = 0;  // 0: never pass
  // peek-pass (§2.2 L45, A12): the pass is a chain along the pass direction, each
  // seat receiving (and seeing) before it chooses; one-way plans only.
  bool pass_chain = false;
  // blind-forward (§2.2 L47): in the chain a later link, its 3 received cards still
  // face down, either forwards them unseen or passes 3 of its own and then picks
  // them up (Position::blind_packet); needs pass_chain, excludes seeing before passing.
  bool pass_blind = false;
  // kitty-swap (§2.2 L53, A13): in every hand each seat puts this many cards face
  // down into a central pool, which is shuffled and dealt back as many to each
  // (a chance step, Position::return_pool); 0: no pool. Replaces the pass cycle.
  std::uint8_t pool_cards = 0;

  // First trick.
  FirstLead first_lead = FirstLead::kHolderOfCard;
  Card first_lead_card = kTwoOfClubs;
  bool must_lead_first_card = true;  // the holder must lead that very card
  // Cards barred from the first trick while the player has another legal card.
  CardSet first_trick_banned = 0;

  // Hearts breaking.
  HeartsBreak hearts_break = HeartsBreak::kHeartDiscarded;
  bool lead_needs_broken = true;      // R3: no heart lead before broken (unless only hearts)
  bool discard_needs_broken = false;  // R2: no heart discard before broken (unless only hearts)
  bool led_heart_breaks = true;       // A54b: a heart led from an all-hearts hand breaks
  bool lead_bans_points = false;      // no-pass-strict-lead: never lead a point card
  // R3 judged by the cards played instead of the flag: hearts may be led once a card
  // of this set has been played (B4: the hearts; B5: hearts + Q♠). 0: the flag decides.
  // Leads come between tricks, so "played" is "played in an earlier trick".
  CardSet lead_break_cards = 0;
  // lead-heart-over-qs: a leader holding only hearts + the Q♠ may lead a heart before
  // hearts are open, instead of being held to the Q♠.
  bool heart_lead_over_queen = false;
  // Cards the opening lead may not be while the leader holds another card
  // (dealer-lead, A14; classic-3to6 with 3/5/6 players, A55a).
  CardSet first_lead_banned = 0;
  // The ban above is the opening lead's only rule, so a hand of only banned cards
  // leads any of them (A55a); otherwise the lead rules still apply (A14: X1/X2).
  bool first_lead_ban_alone = false;
  // qs-forced (A20): a Q♠ holder void in the led suit must play it; on trick 1 only
  // where first_trick_banned lets the Q♠ through (A20b: points-first-trick).
  bool forced_queen = false;
  // nines-extend (§2.3, A21; spanish+sixes-extend, §7): a trick holding one of these
  // cards of its led suit (led, or played to it) gets a second round once every seat
  // has played: each plays one more card, the leader first, following the led suit,
  // under the usual restrictions; once per trick, and not when the hands are empty.
  // The highest card of the led suit among all of them takes the trick. The trigger
  // face's cards (the 9s, the 6s); 0: tricks are one card per seat.
  CardSet extend_cards = 0;

  // gong-zhu (§9): in hands after the first the opening lead is not first_lead's: the
  // previous hand's taker of this card leads, any card. The match carries that seat
  // as the next hand's dealer (MatchState::next_dealer) and the dealer leads then.
  // 0: first_lead in every hand.
  CardSet lead_taker_card = 0;

  // Hands that end early.
  // stuck-lead-ends-hand (A18): hearts not open for a lead and the leader holds only
  // hearts: the hand ends, captured cards score, unplayed cards do not.
  bool stuck_lead_ends_hand = false;
  // first-trick-stuck-annul (A19, S000 L67): a seat due to play to trick 1 holding only
  // point_cards annuls the hand: nobody scores (it still counts as played).
  bool first_trick_stuck_annuls = false;

  // Revokes (§1.3): what a proven revoke costs the offender (A10; A30c: -26 in
  // negative-scoring). Only played when the table accepts revokes (Position::play_revoke).
  std::int16_t revoke_penalty = 26;
  // False where the seeds define no revoke penalty (american S004, classic-3to6 A55f):
  // such a table only forbids revokes.
  bool revoke_penalty_defined = true;

  // Moon.
  MoonRule moon = MoonRule::kOthersPlus;
  CardSet moon_cards = 0;  // the shooter must take all of these
  std::int16_t moon_value = 26;
  MoonScope moon_scope = MoonScope::kAllCards;  // uno-hearts (A48e): kInPlay by default
  // super-moon (A25): a shooter who also won every trick makes the moon count twice.
  bool super_moon = false;
  // reverse-moon=conditional (A24): kOthersPlus in the hand; the match (match.h)
  // turns it into kSelfMinus when the normal form would end the match without
  // the shooter's side winning.
  bool reverse_moon_if_losing = false;
  // reverse-moon=shooter-choice (§2.3): kOthersPlus in the rules; once the cards are
  // played a shooter decides the form, `moon=normal|reverse` (decision.h kMoon).
  bool moon_shooter_choice = false;

  // Scoring terms beyond card points (copas-fora §2.3).
  CardSet doubling_cards = 0;          // ten-of-death: the taker's hand score doubles, after bonuses (A23)
  std::int16_t clean_hand_points = 0;  // clean-hand: added for a seat that won no trick (-5 or +5)
  // turbo (§8, A33-A35): after the pass each seat may charge (expose) one card of
  // this set it holds (decisions.cpp). A charged card counts once more for its
  // taker (Q♠ 26, J♦ -20); a charged doubling card doubles once more (10♣ x4); a
  // charged card of charge_whole_suit doubles its whole suit for its taker (A♥:
  // every heart). A moon ignores charges (A35). 0: no charge phase.
  CardSet charge_cards = 0;
  CardSet charge_whole_suit = 0;
  // gong-zhu+super-charge (§9, A40): each charge is followed by its face (decision.h
  // kFace): face down a normal charge, hidden from the other seats until played;
  // face up a super charge (A♥ hearts x4, Q♠ -400, J♦ +400, 10♣ x8 or +200).
  bool super_charge = false;
  // queens (§11, S000 L265): the dealer chooses each hand's pass plan, a decision
  // (decision.h `plan`) before the pass; the pass cycle is not read.
  bool dealer_plans_pass = false;
  // queens (§11, S000 L273): a shot moon wins the match at once, whatever the
  // totals (MatchState::moon_winner, match_outcome).
  bool moon_wins_match = false;
  // gong-zhu (§9): the cards whose points change sign under kNegateOwn/kNegateAll.
  CardSet moon_negated = 0;
  // gong-zhu (§9, L217): a seat that took a doubling card and none of point_cards
  // scores this instead (charged: twice it); 0: the doubling applies alone (0 x 2).
  std::int16_t doubling_alone_points = 0;
  // gong-zhu+grand-slam (A42): a seat taking every one of these cards scores
  // grand_slam_points, in place of the computed score. 0: no grand slam.
  CardSet grand_slam_cards = 0;
  std::int16_t grand_slam_points = 0;
  // rook (§16, A49): a seat's hand score never goes below 0 (the 10♦'s -10 reduces
  // the whole hand total, and is worth nothing to a seat that took less than 10).
  bool hand_floor_zero = false;

  // Match.
  Goal goal = Goal::kLow;
  std::int32_t target = 100;  // the match ends once a total reaches it (>= for kLow)
  // rook (§16): the match is this many hands, then tie-break hands (tie_rule); the
  // target is not consulted. 0: the target ends the match.
  std::uint8_t match_hands = 0;
  TieRule tie_rule = TieRule::kShared;
  std::uint8_t exact_score = 0;  // ExactScore flags (low goal only, but kExactTargetFlips)
  // Partnerships (teams, §3): seat s plays in team s % teams; 0 = every seat alone.
  // Totals stay per seat; the match is judged on team sums (A28a-b).
  std::uint8_t teams = 0;
  bool team_individual_tally = false;  // teams+individual-tally: a seat's total ends the match
  // Chips (betting-chips, §19): each seat's chips at the start; the totals are then
  // chips, settled per hand by csrc/chips.h into and out of MatchState::pot, and a
  // seat on 0 is out. 0: the totals are points.
  std::int32_t start_chips = 0;
  // domino's end (b) (§17): a seat whose total reaches the target is out; the hands go to
  // the seats still in and the last one wins (csrc/elimination.h). Points, low goal.
  bool eliminate_at_target = false;
  // betting-chips+betting-base=13 (A52b): each takes 13 - h, not (hearts in play) - h.
  bool chip_base_all_hearts = false;
  // auction (§20): each hand opens with the bidding and the winner's suit (decisions,
  // auction_position.cpp); the suit's RuleSet (penalty_suit_rules) then scores the hand.
  bool auction = false;

  // Field by field: equal rule sets play and score alike (caches keyed on rules use it).
  friend bool operator==(const RuleSet&, const RuleSet&) = default;

  // The pass of hand number `hand_no` (0-based) for `players` seats.
  PassPlan pass_plan(int hand_no) const;
  // Point sums, the rank order and the dangerous cards: rule_view.h.
};

// Who leads hand number `hand_no`: first_lead, except the dealer after hand 0 under
// lead_taker_card (gong-zhu: the match made the previous Q♠ taker the dealer).
inline FirstLead opening_lead_rule(const RuleSet& r, int hand_no) {
  return r.lead_taker_card && hand_no > 0 ? FirstLead::kDealer : r.first_lead;
}

// Why the core cannot play these rules (empty when it can): seat counts, deck
// sizes and the fields marked [later].
std::string check_rules(const RuleSet& rules);

// Seat offset of a pass direction for n players.
int pass_offset(PassDirection d, int players);
// How a pass part's receiver is named in messages: "left", "right", "across" or "N seats left".
std::string pass_offset_name(int offset, int players);
// The way a pass part goes, in messages: "to the left", "to the right", "across", "to 2 seats left".
std::string pass_toward(int offset, int players);

// The end of a match is match_outcome() (match.h), from the match's whole state.
// Whether some total (a seat's, or a team's when teams sum) has reached the target.
bool target_reached(const RuleSet& rules, const std::int32_t* totals, int players);
// The seats on the same side as `seat` (its team, or itself), bit per seat.
std::uint32_t side_of(const RuleSet& rules, int seat);
// Each seat's value replaced by its side's sum (a no-op without teams); `out`
// may be `values`. Totals for the match, hand scores for the search's objective.
void side_sums(const RuleSet& rules, const std::int32_t* values, int players, std::int32_t* out);
// A finished hand's value for `seat` on the points scale: its side's score less the
// mean of the other sides' (`scores` per seat, as counted). A decision that moves
// points between the others and the seat (a charge, the moon's form) is judged by it.
double relative_value(const RuleSet& rules, const std::int32_t* scores, int seat);
// A moon form's value for its shooter on the points scale (reverse-moon=shooter-choice,
// §2.3), from the hand's scores in that form: relative_value, then (the two forms tie
// whenever the others' +V equals the shooter's -V, as in copas-fora) its side's own
// score, as a ten-thousandth: too small to pass a step of relative_value (1/players).
double moon_form_value(const RuleSet& rules, const std::int32_t* scores, int shooter);
// The form (decision.h kMoonNormal or kMoonReverse) of the better moon_form_value.
int favoured_moon_form(const RuleSet& rules, const std::int32_t* normal, const std::int32_t* reversed, int shooter);

// Why the exact solver cannot score these rules (empty when it can: every RuleSet
// but extend_cards's tricks of variable length). The solver's callers refuse such
// rules with this message; PIMC then runs ISMCTS.
std::string solver_unsupported(const RuleSet& rules);

}  // namespace copas
