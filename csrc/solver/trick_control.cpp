#include "trick_control.h"

#include <algorithm>
#include <climits>

namespace copas::solver {

namespace {

Lane below(int strength) { return (1u << strength) - 1; }

// The most and the least positive points of one card of `cards` (0 for none).
int richest(const SolverRules& sr, CardSet cards) {
  int most = 0;
  for (CardSet rest = cards & sr.positive_cards(); rest;) most = std::max(most, sr.positive_card_points(pop_lowest(rest)));
  return most;
}
int poorest(const SolverRules& sr, CardSet cards) {
  if (cards & ~sr.positive_cards()) return 0;  // the common case: a card worth nothing
  int least = INT_MAX;
  for (CardSet rest = cards; rest;) least = std::min(least, sr.positive_card_points(pop_lowest(rest)));
  return least == INT_MAX ? 0 : least;
}

// The most positive points of a card of `suit` among the strengths of `lane`.
int richest_in_lane(const SolverRules& sr, int suit, Lane lane) {
  int most = 0;
  for (; lane; lane &= lane - 1) most = std::max(most, sr.positive_card_points(sr.card_at(suit, __builtin_ctz(lane))));
  return most;
}

// The least positive points `seat` adds to a trick led in `suit`: it follows
// suit, or plays any card of its hand.
int cheapest_play(const SolverRules& sr, CardSet hand, int suit) {
  const CardSet follow = hand & suit_mask(suit);
  return poorest(sr, follow ? follow : hand);
}

// The richest card the seat may discard to a trick led in `suit`, which it cannot
// follow: the restriction chain of legal_moves, read before the trick (hearts
// only get freer within it).
int richest_discard(const SolverRules& sr, const Position& pos, CardSet hand, int suit) {
  return richest(sr, pos.legal_following(hand, static_cast<Suit>(suit), pos.tricks_done() == 0));
}

// The cards of `hand` that a discard restriction may make the seat play to a
// trick it cannot follow (the forced Q♠; a ban on discarding hearts, which leaves
// only the other suits): such a card may leave before its suit's tricks come.
// Judged for each suit the seat may become void in, on its whole hand less that
// suit (a later hand is a subset, and a subset is restricted only if this is),
// now and after trick 1 (hearts only get freer, but the forced Q♠ starts then).
CardSet forceable(const Position& pos, CardSet hand) {
  CardSet forced = 0;
  for (int led = 0; led < kNumSuits; ++led) {
    const CardSet discards = hand & ~suit_mask(led);
    for (const bool first_trick : {false, true}) {
      if (first_trick && pos.tricks_done() != 0) break;
      const CardSet allowed = pos.legal_following(discards, static_cast<Suit>(led), first_trick);
      forced |= allowed == discards ? 0 : allowed;
    }
  }
  return forced;
}

}  // namespace

std::uint32_t seats_taking_every_trick(const SolverRules& sr, const Position& pos) {
  const int n = pos.players();
  std::uint32_t able = (1u << n) - 1;
  for (int suit = 0; suit < kNumSuits && able; ++suit) {
    Lane lanes[kMaxPlayers];
    Lane all = 0;
    for (int s = 0; s < n; ++s) all |= lanes[s] = sr.lane(pos.hand(s), suit);
    if (!all) continue;
    // Only the holder of the suit's top card can take every trick: any other
    // seat holds no card above it, and a suit where it holds none is lost.
    const Lane top_card = 1u << top_strength(all);
    int top = 0;
    while (!(lanes[top] & top_card)) ++top;
    able &= 1u << top;
    const Lane others = all & ~lanes[top];
    if (!able || !others) continue;
    int most = 0;  // the longest holding among the others
    for (int s = 0; s < n; ++s)
      if (s != top && bit_count(lanes[s]) > most) most = bit_count(lanes[s]);
    if (bit_count(lanes[top] & strengths_above(top_strength(others))) < most) able = 0;
  }
  return able;
}

bool can_lose_every_trick(const SolverRules& sr, const Position& pos, int seat) {
  CardSet others = 0;
  for (int s = 0; s < pos.players(); ++s)
    if (s != seat) others |= pos.hand(s);
  CardSet safe_leads = 0;  // suits the seat could lead under a card of another seat
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const Lane mine = sr.lane(pos.hand(seat), suit);
    if (!mine) continue;
    const Lane theirs = sr.lane(others, suit);
    if (theirs & ~strengths_above(top_strength(mine))) return false;  // another seat holds a lower card
    if (theirs) safe_leads |= suit_mask(suit);
  }
  if (pos.turn() != seat) return true;
  return (pos.legal_moves() & safe_leads) != 0;
}

int points_shed_losing_next_trick(const SolverRules& sr, const Position& pos, int seat, std::uint32_t rivals) {
  const int n = pos.players();
  const int leader = pos.turn();
  if (rivals >> leader & 1) return 0;  // a rival leading may win the trick
  const CardSet mine = pos.hand(seat);
  const CardSet leads = pos.legal_moves();
  int shed = leader == seat ? 0 : INT_MAX;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    if (!(leads & suit_mask(suit))) continue;
    int others_share = 0;  // the other seats but the leader (the seat itself when it leads)
    int lowest_above = -1;  // the highest of the other seats' lowest cards of the suit
    Lane rival_cards = 0;   // the rivals' cards of the suit
    for (int s = 0; s < n; ++s) {
      if (s == seat) continue;
      const Lane lane = sr.lane(pos.hand(s), suit);
      if (lane) lowest_above = std::max(lowest_above, __builtin_ctz(lane));
      if (rivals >> s & 1) rival_cards |= lane;
      if (s != leader) others_share += cheapest_play(sr, pos.hand(s), suit);
    }
    if (leader == seat) {
      // Its leads of the suit below another seat's whole holding of it, and
      // above every rival's card of it.
      if (lowest_above < 0) continue;
      Lane losing = sr.lane(leads, suit) & below(lowest_above);
      if (rival_cards) losing &= strengths_above(top_strength(rival_cards));
      if (losing) shed = std::max(shed, richest_in_lane(sr, suit, losing) + others_share);
    } else {
      // A rival above the leader's lowest lead of the suit may win the trick.
      if (rival_cards && top_strength(rival_cards) >= __builtin_ctz(sr.lane(leads, suit))) return 0;
      const Lane own = sr.lane(mine, suit);
      // Below any card led, or below a whole holding of a seat that must follow.
      const Lane losing = own & below(std::max(lowest_above, __builtin_ctz(sr.lane(leads, suit))));
      int own_share;
      if (!own) {
        own_share = richest_discard(sr, pos, mine, suit);
      } else if (losing) {
        own_share = richest_in_lane(sr, suit, losing);
      } else {
        return 0;  // a lead of this suit may make it win
      }
      shed = std::min(shed, poorest(sr, leads & suit_mask(suit)) + own_share + others_share);
    }
  }
  return shed == INT_MAX ? 0 : shed;
}

std::uint32_t moons_stoppable(const SolverRules& sr, const Position& pos, int seat, std::uint32_t rivals) {
  const RuleSet& r = sr.rules();
  if (!rivals || r.stuck_lead_ends_hand) return 0;  // stuck: the rival's cards of S may never be played
  const CardSet mine = pos.hand(seat);
  const CardSet forced_out = forceable(pos, mine);
  std::uint32_t stopped = 0;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const Lane own = sr.lane(mine, suit);
    if (!own) continue;
    // A top card of S that a discard restriction may force out cannot stop
    // anything; the seat's next cards of S count as well (below) unless one of
    // them may be forced out.
    const CardSet forced = forced_out & suit_mask(suit);
    if (contains(forced, sr.card_at(suit, top_strength(own)))) continue;
    const bool kept = forced == 0;
    for (std::uint32_t rest = rivals & ~stopped; rest; rest &= rest - 1) {
      const int rival = __builtin_ctz(rest);
      const CardSet theirs = pos.hand(rival) & suit_mask(suit);
      if (!theirs || (theirs & ~r.moon_cards)) continue;
      Lane my_left = own, their_left = sr.lane(theirs, suit);
      // Holding no more cards of S than the rival, the seat never has to discard one
      // before the rival's are gone (those tricks are the rival's cards of other
      // suits), so it plays its i-th highest to the i-th trick of S: when that beats
      // the rival's i-th highest, the rival cannot win each of those i tricks.
      const int compared = kept && bit_count(own) <= bit_count(their_left) ? bit_count(own) : 1;
      for (int i = 0; i < compared; ++i) {
        if (top_strength(my_left) > top_strength(their_left)) {
          stopped |= 1u << rival;
          break;
        }
        my_left &= ~(1u << top_strength(my_left));
        their_left &= ~(1u << top_strength(their_left));
      }
    }
  }
  return stopped;
}

}  // namespace copas::solver
