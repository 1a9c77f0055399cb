#include "view.h"

#include <algorithm>

#include "../auction.h"
#include "../deal.h"
#include "kitty_view.h"
#include "knowledge.h"
#include "sampler.h"

namespace copas {

namespace {

std::string seat_name(int s) { return "seat " + std::to_string(s); }

std::string move_name(const SeatView& v, int i) {
  return "move " + (v.move_seat[i] >= 0 ? std::to_string(v.move_seat[i]) + ":" : std::string()) +
         card_str(v.move_card[i]);
}

// The pass facts the view gives, seat by seat (0 where nobody in the view knows);
// a split pass's part-1 cards are also in `second`, part 2's in `third`.
struct PassFacts {
  CardSet passed[kMaxPlayers] = {};
  CardSet received[kMaxPlayers] = {};
  CardSet second = 0;
  CardSet third = 0;
  int receiver[3] = {-1, -1, -1};  // who got each part of the view seat's pass
  CardSet sent[3] = {};            // the cards of each part
  unsigned forwarded = 0;          // blind-forward: the seats that forwarded (public)
};

std::string decision_name(const SeatView& v, int d);

// queens (§11): the dealer's plan, the view's first decision (-1: not made yet, or
// the rules have none: their pass cycle gives the plan).
int view_plan(const RuleSet& rules, const SeatView& v) {
  const bool made = rules.dealer_plans_pass && v.num_decisions > 0 && v.decision_word[0] == DecisionWord::kPlan;
  return made && v.decision_value[0] >= 0 ? v.decision_value[0] : -1;
}

// queens: the plan is due first, from the dealer, and is public (no '?').
std::string check_plan(const RuleSet& rules, const SeatView& v) {
  if (!rules.dealer_plans_pass) return "";
  const int plan = view_plan(rules, v);
  if (plan < 0 && v.num_decisions > 0 && v.decision_word[0] == DecisionWord::kPlan)
    return decision_name(v, 0) + ": the dealer's plan is public: write its value";
  if (plan < 0) {
    if (v.passed || v.received || v.num_moves || v.num_decisions)
      return "seat " + std::to_string(v.dealer) + "'s plan (the dealer's) is due first: write it, e.g. " +
             std::to_string(v.dealer) + ":plan=3l";
    return "";
  }
  Position probe(&rules, v.dealer, v.hand_no);
  const CardSet none[kMaxPlayers] = {};
  probe.deal(none);
  if (v.decision_at[0] != 0) return "the dealer's plan comes before the first card";
  if (std::string e = probe.decision_error(v.decision_seat[0], DecisionWord::kPlan, plan); !e.empty())
    return "the plan: " + e;
  return "";
}

// blind-forward (§2.2 L47): from `seat`, the next link along the chain (step: the
// pass offset, or minus it to go back) that did not forward, skipping the forwarders.
int blind_hop(int players, unsigned forwarded, int seat, int step) {
  int s = ((seat + step) % players + players) % players;
  for (int i = 0; i < players && ((forwarded >> s) & 1); ++i) s = ((s + step) % players + players) % players;
  return s;
}

// A blind-forward view: the seat forwarded (no cards seen), or passed 3 of its own
// and then picked up what it received; which links forwarded is public, so the seat's
// cards surely stay with the first link after it that did not forward.
std::string check_blind_pass(const RuleSet& rules, const SeatView& v, PassFacts& facts) {
  const int n = rules.players;
  const Position probe(&rules, v.dealer, v.hand_no);
  const PassPlan plan = rules.pass_plan(v.hand_no);
  if (v.forwarded >> n) return "forwarded: there is no seat " + std::to_string(std::bit_width(v.forwarded) - 1);
  for (int s = 0; s < n; ++s)
    if (((v.forwarded >> s) & 1) && probe.chain_start(s))
      return seat_name(s) + " opens the pass chain: it has received nothing to forward";
  const bool forwarded = (v.forwarded >> v.seat) & 1;
  if (forwarded && (v.passed || v.received))
    return seat_name(v.seat) + " forwarded what it received unseen: it passed and received no cards it saw";
  if (v.num_moves > 0 && !forwarded && (!v.passed || !v.received))
    return "the play has begun, so " + seat_name(v.seat) + "'s pass and the cards it received are needed";
  if (v.passed & ~v.dealt) return "passed " + card_str(lowest(v.passed & ~v.dealt)) + ": not in the hand";
  if (v.received && !v.passed)
    return seat_name(v.seat) + " picks up what it received only after passing its own (blind-forward)";
  const CardSet kept = probe.chain_start(v.seat) ? v.dealt & ~v.passed : v.dealt;  // A12b: an opener's own may return
  if (v.received & kept) return "received " + card_str(lowest(v.received & kept)) + ": already in the hand";
  if (v.received & ~rules.deck) return "received a card outside the deck";
  if (v.passed)
    if (std::string e = pass_part_error(plan, 0, v.passed, n); !e.empty()) return e;
  if (v.received)
    if (std::string e = pass_part_error(plan, 0, v.received, n); !e.empty()) return e;
  facts.forwarded = v.forwarded;
  facts.passed[v.seat] = v.passed;
  facts.received[v.seat] = v.received;
  const int offset = plan.parts[0].offset;
  if (v.passed) {
    const int keeper = blind_hop(n, v.forwarded, v.seat, offset);
    if (keeper != v.seat) {  // every other link forwarded: the opener's own came back
      facts.receiver[0] = keeper;
      facts.sent[0] = v.passed;
      facts.received[keeper] |= v.passed;
    }
  }
  if (v.received) facts.passed[blind_hop(n, v.forwarded, v.seat, -offset)] |= v.received;
  return "";
}

std::string check_pass(const RuleSet& rules, const SeatView& v, PassFacts& facts) {
  const PassPlan plan = plan_of_view(rules, v);
  const int k = plan.total();
  const int n = rules.players;
  if (k == 0) {
    if (v.passed || v.received) return "there is no pass in hand " + std::to_string(v.hand_no);
    return "";
  }
  if (rules.pass_blind) return check_blind_pass(rules, v, facts);
  if (v.num_moves > 0 && (!v.passed || !v.received))
    return "the play has begun, so " + seat_name(v.seat) + "'s pass and the cards it received are needed";
  // A pass chain (peek-pass, A12): a seat receives before it passes, and may pass
  // on what it received, except a chain's first link, which passes first.
  const Position probe(&rules, v.dealer, v.hand_no);
  const bool chain = rules.pass_chain;
  const bool opens = probe.chain_start(v.seat);
  const CardSet passable = chain ? v.dealt | v.received : v.dealt;
  if (plan.parts[1].count == 0 && (v.passed_second || v.received_second))
    return "this hand's pass goes one way: no second part";
  if (plan.parts[2].count == 0 && (v.passed_third || v.received_third))
    return "this hand's pass has two parts, not three";
  if ((v.passed_second & ~v.passed) || (v.received_second & ~v.received) || (v.passed_third & ~v.passed) ||
      (v.received_third & ~v.received) || (v.passed_second & v.passed_third) || (v.received_second & v.received_third))
    return "a split pass's later parts must be among its cards, each card in one part";
  const CardSet sent[3] = {v.passed & ~v.passed_second & ~v.passed_third, v.passed_second, v.passed_third};
  const CardSet got[3] = {v.received & ~v.received_second & ~v.received_third, v.received_second, v.received_third};
  if (v.passed) {
    if (v.passed & ~passable) return "passed " + card_str(lowest(v.passed & ~passable)) + ": not in the hand";
    if (chain && !opens && !v.received)
      return seat_name(v.seat) + " receives before it passes in the pass chain: give what it received";
    for (int p = 0; p < 3; ++p)
      if (std::string e = pass_part_error(plan, p, sent[p], n); !e.empty()) return e;
  }
  if (v.received) {
    if (!v.passed && (!chain || opens)) return "cards received before passing";
    // A chain's first link may get back cards it passed (A12b), and so may a seat from the pool (A13).
    const CardSet kept = (chain && opens) || rules.pool_cards ? v.dealt & ~v.passed : v.dealt;
    if (v.received & kept) return "received " + card_str(lowest(v.received & kept)) + ": already in the hand";
    if (v.received & ~rules.deck) return "received a card outside the deck";
    for (int p = 0; p < 3; ++p)
      if (std::string e = pass_part_error(plan, p, got[p], n); !e.empty()) return e;
  }
  facts.passed[v.seat] = v.passed;
  facts.received[v.seat] = v.received;
  facts.second = v.passed_second | v.received_second;
  facts.third = v.passed_third | v.received_third;
  // The pool (kitty-swap) has no receiver: the seat's cards may come back to anyone.
  for (int p = 0; p < 3 && plan.parts[p].count && !rules.pool_cards; ++p) {
    const int offset = plan.parts[p].offset;
    const int receiver = (v.seat + offset) % n;
    const int sender = (v.seat - offset + n) % n;
    // A chain's later link may pass on what it got: only a first link surely keeps it.
    if (!chain || probe.chain_start(receiver)) {
      facts.receiver[p] = receiver;
      facts.sent[p] = sent[p];
    }
    facts.received[receiver] |= sent[p];
    facts.passed[sender] |= got[p];
  }
  return "";
}

// Which seat holds `c` because the view seat passed it to it (-1: none).
int pass_holder(const PassFacts& facts, Card c) {
  for (int p = 0; p < 3; ++p)
    if (contains(facts.sent[p], c)) return facts.receiver[p];
  return -1;
}

// A pass chain up to the view seat's turn (and its own pass, when given): the
// links before it pass at random, the one before it the cards the seat received
// (dealt to that link, deal_pass_world). Any such world will do: the search
// redeals every card the seat has not seen (knowledge_of).
void run_chain_to_seat(const SeatView& v, Rng& rng, Position& out) {
  const bool forwards = (v.forwarded >> v.seat) & 1;  // blind-forward: the seat forwarded
  for (int s; (s = out.next_passer()) >= 0 && !(s == v.seat && !v.passed && !forwards);) {
    if (s == v.seat) {
      out.set_pass(s, forwards ? out.blind_packet() : v.passed);
      break;
    }
    if (out.rules().pass_blind) {  // the public forwards; the other links pass 3 of their own
      const CardSet packet = out.blind_packet();
      const int k = out.pass_plan().parts[0].count;
      out.set_pass(s, (v.forwarded >> s) & 1 ? packet : random_subset(out.hand(s) & ~packet, k, rng));
      continue;
    }
    const bool gives_mine = (s + out.pass_plan().parts[0].offset + out.players()) % out.players() == v.seat;
    if (gives_mine && !v.received) break;  // the seat waits for its cards: the world stops there
    out.set_pass(s, gives_mine ? v.received
                               : random_subset(out.hand(s) & ~v.received, out.pass_plan().parts[0].count, rng));
  }
}

// The passing phase: the seat's cards, the rest dealt at random (in a pass chain
// the cards it received dealt to the link before it).
void deal_pass_world(const RuleSet& rules, const SeatView& v, Rng& rng, Position& out) {
  CardSet rest = rules.deck & ~v.dealt & ~v.received;
  CardSet hands[kMaxPlayers] = {};
  hands[v.seat] = v.dealt;
  if (v.received) {
    const int offset = plan_of_view(rules, v).parts[0].offset;
    hands[(v.seat - offset + 2 * rules.players) % rules.players] = v.received;
  }
  for (int s = 0; s < rules.players; ++s) {
    if (s == v.seat) continue;
    while (count(hands[s]) < rules.hand_size) {
      const Card c = nth_card(rest, static_cast<int>(rng.below(static_cast<std::uint32_t>(count(rest)))));
      hands[s] |= c.bit();
      rest &= ~c.bit();
    }
  }
  out = Position(&rules, v.dealer, v.hand_no);
  out.deal(hands);
  if (const int plan = view_plan(rules, v); plan >= 0) out.decide(plan);  // queens: the dealer's plan
  if (rules.pass_chain) {
    run_chain_to_seat(v, rng, out);
    return;
  }
  if (v.passed) out.set_pass(v.seat, v.passed & ~v.passed_second & ~v.passed_third, v.passed_second, v.passed_third);
}

// gong-zhu's first hand (L209): the holder of the named card leads, any card; a lead of
// another card leaves the named card with the leader. Its bit, or 0.
CardSet held_opening_card(const RuleSet& rules, const SeatView& v) {
  const Card named = rules.first_lead_card;
  const bool free_lead =
      opening_lead_rule(rules, v.hand_no) == FirstLead::kHolderOfCard && !rules.must_lead_first_card;
  const bool whole_deck = contains(rules.deck, named) && rules.players * rules.hand_size == count(rules.deck);
  return free_lead && whole_deck && v.num_moves > 0 && v.move_card[0] != named ? named.bit() : 0;
}

// The first lead by a seat other than the view's: which seat leads is public
// (the protocol names it), and when the rules fix the opening card, it must be
// that card. Restarts the skeleton with the leader holding its card.
std::string place_opening_lead(const RuleSet& rules, const SeatView& v, CardSet own, CardSet* skeleton,
                               const PassFacts& facts, Position& replay) {
  const Card c = v.move_card[0];
  const bool holder_leads = opening_lead_rule(rules, v.hand_no) == FirstLead::kHolderOfCard;
  const bool opening_card_fixed = holder_leads && rules.must_lead_first_card &&
                                  contains(rules.deck, rules.first_lead_card) &&
                                  rules.players * rules.hand_size == count(rules.deck);
  if (opening_card_fixed && c != rules.first_lead_card)
    return move_name(v, 0) + ": the first lead must be " + card_str(rules.first_lead_card);
  int seat = replay.leader();  // the seat to act may owe a decision first (turbo's charges)
  if (holder_leads) {
    if (contains(own, rules.first_lead_card))
      return move_name(v, 0) + ": " + seat_name(v.seat) + " holds " + card_str(rules.first_lead_card) + " and leads";
    seat = v.move_seat[0];
    if (seat < 0) return move_name(v, 0) + ": say which seat leads (e.g. 1:" + card_str(c) + ")";
    if (seat >= rules.players) return move_name(v, 0) + ": no " + seat_name(seat);
    if (seat == v.seat) return move_name(v, 0) + ": " + seat_name(v.seat) + " does not hold " + card_str(c);
  }
  skeleton[seat] |= c.bit();
  // The leader holds the named card still (a free lead), which puts the lead with him.
  if (const CardSet held = held_opening_card(rules, v)) {
    for (int s = 0; s < rules.players; ++s)
      if (s != seat && (skeleton[s] & held))
        return move_name(v, 0) + ": " + seat_name(s) + " holds " + card_str(rules.first_lead_card);
    skeleton[seat] |= held;
  }
  replay = Position(&rules, v.dealer, v.hand_no);
  replay.deal_after_pass(skeleton, facts.passed, facts.received, facts.second, view_plan(rules, v), facts.third,
                          facts.forwarded);
  if (replay.leader() != seat) return move_name(v, 0) + ": " + seat_name(replay.leader()) + " leads the first trick";
  skeleton[seat] &= ~c.bit();
  replay.set_hand(seat, replay.hand(seat) & ~c.bit());
  return "";
}

std::string decision_name(const SeatView& v, int d) {
  const std::string value = v.decision_value[d] < 0 ? std::string("?")
                                                    : decision_value_str(v.decision_word[d], v.decision_value[d]);
  return "move " + std::to_string(v.decision_seat[d]) + ":" + decision_info(v.decision_word[d]).name + "=" + value;
}

// gong-zhu+super-charge (A40): decision d is another seat's hidden charge whose face
// follows (`charge=?` then `face=down`): it stays hidden once the charges are down.
bool face_down_hidden(const SeatView& v, int d) {
  return v.decision_word[d] == DecisionWord::kCharge && v.decision_value[d] < 0 && d + 1 < v.num_decisions &&
         v.decision_word[d + 1] == DecisionWord::kFace && v.decision_seat[d + 1] == v.decision_seat[d];
}

// Makes the view's decisions placed before move `at` in `pos` (hidden ones as none);
// `next` is the first not made yet. Checks each against the position. `phantoms`:
// `pos` is the skeleton, whose phantom cards keep the hand from ending, so a decision
// due at the hand's end (the moon's form) is left to the world's replay to check.
// `face_down`: the world's face-down charged cards (a hidden face-down charge takes
// the one its seat holds); the skeleton makes such a charge as none, without its face.
// auction: the view's bids, each checked, before anything else of the hand (once).
std::string replay_bids(const SeatView& v, Position& pos) {
  pos.set_bid_limits(v.bid_limits_known ? v.bid_limit : nullptr);
  for (int i = 0; i < v.num_bids; ++i) {
    const int seat = v.bid_seat[i];
    if (std::string e = pos.decision_error(seat, DecisionWord::kBid, v.bid_value[i]); !e.empty())
      return "move " + std::to_string(seat) + ":bid=" + bid_str(v.bid_value[i]) + ": " + e;
    pos.decide(v.bid_value[i]);
  }
  return "";
}

std::string replay_decisions(const SeatView& v, int at, int& next, Position& pos, bool phantoms = false,
                             CardSet face_down = 0) {
  if (at == 0 && pos.rules().auction && pos.num_bids() == 0 && v.num_bids)
    if (std::string e = replay_bids(v, pos); !e.empty()) return e;
  for (; next < v.num_decisions && v.decision_at[next] == at; ++next) {
    if (phantoms && decision_info(v.decision_word[next]).at_hand_end) {
      if (at != v.num_moves)
        return decision_name(v, next) + ": a " + decision_info(v.decision_word[next]).name +
               " is due only once the cards are played";
      continue;
    }
    int value = v.decision_value[next] < 0 ? kNoCardValue : v.decision_value[next];
    if (v.decision_value[next] < 0 && (!decision_info(v.decision_word[next]).card_valued ||
                                       v.decision_seat[next] == v.seat))
      return decision_name(v, next) + ": only another seat's hidden decision may be written '?'";
    const bool hidden_face_down = face_down_hidden(v, next);
    if (hidden_face_down) {
      if (v.decision_value[next + 1] != kFaceDown)
        return decision_name(v, next + 1) + ": a face-up charge is public: write its card";
      const CardSet mine = face_down & pos.hand(v.decision_seat[next]);
      if (!phantoms && mine) value = lowest(mine).index;
    }
    if (std::string e = pos.decision_error(v.decision_seat[next], v.decision_word[next], value); !e.empty())
      return decision_name(v, next) + ": " + e;
    pos.decide(value);
    if (hidden_face_down && value == kNoCardValue) ++next;  // the skeleton: no face follows a none
    // A33: hidden decisions are revealed together, so none may stay hidden once the phase is over
    // (but a face-down charge, A40).
    if (pos.phase() != Phase::kDeciding)
      for (int d = 0; d <= next; ++d)
        if (v.decision_value[d] < 0 && decision_info(v.decision_word[d]).hidden_until_done && !face_down_hidden(v, d))
          return decision_name(v, d) + ": every " + decision_info(v.decision_word[d]).name +
                 " is down, so it is revealed: write its value" +
                 (pos.rules().super_charge ? " (a face-down charge: charge=? then face=down)" : "");
  }
  return "";
}

}  // namespace

PassPlan plan_of_view(const RuleSet& rules, const SeatView& v) {
  if (!rules.dealer_plans_pass) return rules.pass_plan(v.hand_no);
  const int plan = view_plan(rules, v);
  return plan < 0 ? PassPlan{} : plan_choice(plan, rules.players);
}

std::string world_from_view(const RuleSet& rules, const SeatView& v, Rng& rng, Position& out) {
  const int n = rules.players;
  if (v.seat < 0 || v.seat >= n) return "no " + seat_name(v.seat);
  if (rules.copies > 1) return kTwinsNotSearched;
  if (v.dealt & ~rules.deck) return "the hand holds cards outside the deck";
  if (count(v.dealt) != rules.hand_size)
    return "the hand has " + std::to_string(count(v.dealt)) + " cards, not " + std::to_string(rules.hand_size);
  if (rules.stock_draw == StockDraw::kUntilFollow) return domino_world_from_view(rules, v, rng, out);
  PassFacts facts;
  if (std::string e = check_plan(rules, v); !e.empty()) return e;
  if (std::string e = check_pass(rules, v, facts); !e.empty()) return e;
  const bool passing = plan_of_view(rules, v).total() > 0 && v.num_moves == 0 &&
                       (rules.pass_chain ? !(v.passed && v.received) && !((v.forwarded >> v.seat) & 1) : !v.received);
  // queens: before the dealer's plan, the world is the deal alone.
  if (passing || (rules.dealer_plans_pass && view_plan(rules, v) < 0)) {
    deal_pass_world(rules, v, rng, out);
    return "";
  }
  // A chain's later link may pass on received cards; its first link may get its own back.
  const bool passes_received =
      rules.pass_chain && !rules.pass_blind && !Position(&rules, v.dealer, v.hand_no).chain_start(v.seat);
  const CardSet own = passes_received ? (v.dealt | v.received) & ~v.passed : (v.dealt & ~v.passed) | v.received;

  // No card can be played twice, nor one outside the deck.
  CardSet played_by[kMaxPlayers] = {};
  CardSet played = 0;
  for (int i = 0; i < v.num_moves; ++i) {
    const Card c = v.move_card[i];
    if (!contains(rules.deck, c)) return move_name(v, i) + ": not in this variant's deck";
    if (contains(played, c)) return move_name(v, i) + ": " + card_str(c) + " was played already";
    played |= c.bit();
  }

  // Replay on a skeleton where every other seat holds just the cards it plays,
  // added as it plays them: the rules' public consequences (turns, tricks,
  // hearts broken, shown voids) and what each play reveals do not depend on
  // the hidden cards.
  // Each other seat also holds a phantom card, a padding bit outside every
  // deck that is never played, so no hand looks empty before its time.
  constexpr Card kPhantom{kClubs, 15};
  CardSet skeleton[kMaxPlayers] = {};
  for (int s = 0; s < n; ++s) skeleton[s] = s == v.seat ? own : kPhantom.bit();
  // Another seat's revealed charge: it holds that card (until it plays it).
  CardSet charged_by[kMaxPlayers] = {};
  for (int d = 0; d < v.num_decisions; ++d) {
    const int s = v.decision_seat[d];
    if (s < 0 || s >= n) return decision_name(v, d) + ": no " + seat_name(s);
    if (v.decision_word[d] != DecisionWord::kCharge || v.decision_value[d] < 0 ||
        v.decision_value[d] == kNoCardValue || s == v.seat)
      continue;
    const Card c(v.decision_value[d]);
    if (contains(own, c)) return decision_name(v, d) + ": " + seat_name(v.seat) + " holds " + card_str(c);
    if (const int holder = pass_holder(facts, c); holder >= 0 && s != holder)
      return decision_name(v, d) + ": " + seat_name(holder) + " holds " + card_str(c);
    charged_by[s] |= c.bit();
    skeleton[s] |= c.bit();
  }
  Position replay(&rules, v.dealer, v.hand_no);
  replay.deal_after_pass(skeleton, facts.passed, facts.received, facts.second, view_plan(rules, v), facts.third,
                          facts.forwarded);
  // A stock (two-player): the skeleton's is phantoms, the seat's own draws put in as it makes them.
  const bool stock = rules.stock_draw != StockDraw::kNone;
  Card phantom_stock[kMaxStock];
  const int stock_size = count(rules.deck) - n * rules.hand_size;
  std::fill(phantom_stock, phantom_stock + kMaxStock, kPhantom);
  if (stock) replay.set_stock(phantom_stock, stock_size);
  int draws_by[kMaxPlayers] = {};
  int own_draws = 0;
  CardSet own_drawn = 0;
  // queens: the plan was made by deal_after_pass, before the pass.
  const int first_replayed = view_plan(rules, v) >= 0 ? 1 : 0;
  int next_decision = first_replayed;
  CardSet absent[kMaxPlayers] = {};
  int revoker = -1;  // the seat whose revoke a move proved: the hand ended there
  int revoked_suit = 0;
  TakeView take;
  for (int i = 0; i < v.num_moves; ++i) {
    const Card c = v.move_card[i];
    if (revoker >= 0) return move_name(v, i) + ": the hand is over: " + seat_name(revoker) + "'s revoke was proven";
    // The opening lead's seat is placed first: it deals the skeleton again, before any decision.
    if (i == 0 && !contains(own, c)) {
      if (std::string e = place_opening_lead(rules, v, own, skeleton, facts, replay); !e.empty()) return e;
      if (stock) replay.set_stock(phantom_stock, stock_size);
    }
    if (std::string e = replay_decisions(v, i, next_decision, replay, true); !e.empty()) return e;
    if (replay.phase() == Phase::kDeciding)
      return move_name(v, i) + ": seat " + std::to_string(replay.turn()) + "'s " +
             decision_info(replay.decision_word()).name + " is due first";
    if (replay.phase() != Phase::kPlaying) return move_name(v, i) + ": the hand is over";
    const int seat = replay.turn();
    if (v.move_seat[i] >= 0 && v.move_seat[i] != seat)
      return move_name(v, i) + ": it is " + seat_name(seat) + "'s turn";
    if (seat != v.seat) {
      if (contains(own | own_drawn, c)) return move_name(v, i) + ": " + seat_name(v.seat) + " holds " + card_str(c);
      if (const int holder = pass_holder(facts, c); holder >= 0 && seat != holder)
        return move_name(v, i) + ": " + seat_name(holder) + " holds " + card_str(c);
      // A card of a suit the seat failed to follow proves a revoke when revokes are penalised.
      if (v.revokes_penalize && ((replay.shown_voids(seat) >> c.suit()) & 1)) {
        revoker = seat;
        revoked_suit = c.suit();
      } else if (contains(absent[seat], c)) {
        return move_name(v, i) + ": " + seat_name(seat) + " has shown it cannot hold " + card_str(c);
      }
      replay.set_hand(seat, replay.hand(seat) | c.bit());
    }
    played_by[seat] |= c.bit();
    const int draws_before = replay.draws_made();
    if (seat == v.seat && v.revokes_penalize && replay.is_revoke(c)) {
      replay.play_revoke(c);
    } else if (seat == v.seat) {
      if (std::string why = replay.illegal_reason(c); !why.empty()) return move_name(v, i) + ": " + why;
      replay.play(c);
      if (replay.revoker() >= 0) revoker = v.seat;
    } else {
      absent[seat] |= replay.revealed_absent(c);
      replay.play(c);
    }
    // The trick's draws, its winner (now the leader) first: a drawer's older absences may
    // have come back; the seat's own draw is the next card it says it drew.
    for (int d = draws_before, drawer = replay.leader(); d < replay.draws_made(); ++d, drawer = (drawer + 1) % n) {
      ++draws_by[drawer];
      absent[drawer] = 0;
      if (drawer != v.seat) continue;
      if (own_draws == v.num_drawn)
        return move_name(v, i) + ": " + seat_name(v.seat) + " draws after this trick: give the cards it drew";
      const Card got = v.drawn[own_draws++];
      if (!contains(rules.deck, got) || contains(own | own_drawn | replay.played(), got))
        return move_name(v, i) + ": " + seat_name(v.seat) + " cannot have drawn " + card_str(got) +
               " (dealt, drawn or played already)";
      own_drawn |= got.bit();
      replay.set_hand(v.seat, (replay.hand(v.seat) & ~kPhantom.bit()) | got.bit());
    }
    if (replay.discarding()) {
      take.first_move_after = i + 1;
      if (std::string e = settle_take(v, played, i + 1 < v.num_moves || v.discard_made, replay, absent, take);
          !e.empty())
        return move_name(v, i) + ": " + e;
    }
  }

  if (std::string e = replay_decisions(v, v.num_moves, next_decision, replay, true); !e.empty()) return e;
  if (next_decision < v.num_decisions) return decision_name(v, next_decision) + ": out of place";
  if (own_draws < v.num_drawn && v.drawn_complete)
    return seat_name(v.seat) + " has drawn " + std::to_string(own_draws) + " cards so far, not " +
           std::to_string(v.num_drawn);

  // What the seat knows now, then a uniform world from it.
  Knowledge k;
  k.players = n;
  k.me = v.seat;
  k.deck = rules.deck;
  k.undealt = count(rules.deck) - n * rules.hand_size;
  k.own_hand = replay.hand(v.seat);
  k.played = played;
  for (int s = 0; s < n; ++s) {
    k.hand_count[s] = static_cast<std::uint8_t>(rules.hand_size - count(played_by[s]) + draws_by[s]);
    if (s == v.seat) continue;
    k.absent[s] = absent[s] & rules.deck;
    for (int suit = 0; suit < kNumSuits; ++suit)
      if ((replay.shown_voids(s) >> suit) & 1) k.absent[s] |= suit_mask(suit) & rules.deck;
  }
  for (int p = 0; p < 3; ++p)
    if (facts.receiver[p] >= 0) k.must_hold[facts.receiver[p]] |= facts.sent[p] & ~played;
  for (int s = 0; s < n; ++s) k.must_hold[s] |= charged_by[s] & ~played_by[s];
  // gong-zhu+super-charge (A40): each hidden face-down charge is one of the chargeable
  // cards neither played nor charged in the open.
  CardSet open_charged = 0;
  for (int s = 0; s < n; ++s) open_charged |= charged_by[s];
  bool any_hidden = false;
  for (int d = 0; d < v.num_decisions; ++d)
    if (face_down_hidden(v, d)) {
      ++k.hidden_charges[v.decision_seat[d]];
      any_hidden = true;
    }
  if (any_hidden) k.hidden_charge_cards = rules.charge_cards & ~played & ~open_charged;
  if (const CardSet held = held_opening_card(rules, v) & ~played; held && replay.num_plays() > 0)
    if (const int leader = replay.play_record(0).seat; leader != v.seat) k.must_hold[leader] |= held;
  // The revoker held the suit it failed to follow: its shown void was not one.
  if (revoker >= 0 && revoker != v.seat) k.absent[revoker] &= ~suit_mask(revoked_suit);
  // With cards left undealt (a kitty), an opening lead other than the named card
  // shows that card and every deck card below the one led to be undealt (A29).
  CardSet undealt = 0;
  if (k.undealt > 0 && v.num_moves > 0 && rules.first_lead == FirstLead::kHolderOfCard &&
      rules.must_lead_first_card && v.move_card[0] != rules.first_lead_card) {
    undealt = rules.deck & ((v.move_card[0].bit() - 1) | rules.first_lead_card.bit());
    for (int s = 0; s < n; ++s)
      if (s != v.seat) k.absent[s] |= undealt;
  }
  if (take.taker >= 0) add_take_knowledge(v, replay, take, undealt, absent, played_by, k);
  if (stock) k.undealt = replay.stock_left();
  if (v.revokes_penalize) allow_unproven_revokes(k, replay);
  if (std::string e = knowledge_error(k); !e.empty()) return "impossible position: " + e;
  const WorldSampler sampler(k);
  CardSet hands[kMaxPlayers];
  CardSet face_down = 0;
  if (!sampler.sample(rng, hands, &face_down))
    return "no deal of the unseen cards fits the moves: " + sampler.problem();

  if (stock) {
    // The world is the skeleton with the sampled hands and stock: the draws already
    // made stay phantoms in its history (a search never undoes past its root).
    out = replay;
    CardSet placed = played;
    for (int s = 0; s < n; ++s) {
      out.set_hand(s, hands[s]);
      placed |= hands[s];
    }
    deal_stock_order(rules.deck & ~placed, rng, out);
    return "";
  }
  // The world: the sampled hands plus each seat's played cards, replayed.
  for (int s = 0; s < n; ++s) hands[s] |= played_by[s];
  CardSet discards = 0;
  if (take.taker >= 0)
    if (std::string e = take_world_hands(rules, v, take, k, played_by, rng, hands, discards); !e.empty())
      return "no deal of the unseen cards fits the moves: " + e;
  out = Position(&rules, v.dealer, v.hand_no);
  out.deal_after_pass(hands, facts.passed, facts.received, facts.second, view_plan(rules, v), facts.third,
                          facts.forwarded);
  int made = first_replayed;
  for (int i = 0; i < v.num_moves; ++i) {
    if (std::string e = replay_decisions(v, i, made, out, false, face_down); !e.empty()) return e;
    if (out.discarding()) discard_cards(out, discards);
    const Card c = v.move_card[i];
    if (v.revokes_penalize && out.is_revoke(c)) {
      out.play_revoke(c);
      continue;
    }
    std::string why = out.illegal_reason(c);
    if (!why.empty()) return move_name(v, i) + ": " + why;
    out.play(c);
  }
  if (out.discarding() && discards) discard_cards(out, discards);
  return replay_decisions(v, v.num_moves, made, out, false, face_down);
}

}  // namespace copas
