#include "auction.h"

#include "chips.h"

namespace copas {

DecisionChoices Auction::choices() const {
  if (over()) return 0;
  const std::int32_t top = chips[turn] < kMaxBid ? chips[turn] : kMaxBid;
  DecisionChoices bids = 0;
  // Bids high+1 .. top: the bits below top+1 less those up to high.
  if (top > high) bids = ((DecisionChoices{1} << (top + 1)) - 1) & ~((DecisionChoices{2} << high) - 1);
  // A53b: the opening bid is mandatory; after it a pass is always open.
  return high == 0 ? bids : bids | (DecisionChoices{1} << kBidPass);
}

std::string Auction::error(int seat, int value) const {
  if (over()) return "the auction is over";
  if (seat != turn) return "seat " + std::to_string(turn) + "'s bid is due, not seat " + std::to_string(seat) + "'s";
  if (value == kBidPass)
    return high == 0 ? "the opening bid may not be a pass (A53b: it is mandatory, at least 1)" : "";
  if (value < 0 || value > kMaxBid) return "a bid is pass or 1 to " + std::to_string(kMaxBid);
  if (value <= high) return "a bid must raise the highest, " + std::to_string(high) + ", by at least 1";
  if (value > chips[seat])
    return "seat " + std::to_string(seat) + " holds " + std::to_string(chips[seat]) + " chips and may not bid " +
           std::to_string(value);
  return "";
}

void Auction::bid(int value) {
  if (value == kBidPass) {
    ++passes;
  } else {
    high = static_cast<std::uint8_t>(value);
    winner = turn;
    passes = 0;
  }
  turn = static_cast<std::uint8_t>(turn + 1 == players ? 0 : turn + 1);
}

Auction open_auction(const std::int32_t* chips, int players, int dealer) {
  Auction a;
  a.players = static_cast<std::uint8_t>(players);
  a.turn = static_cast<std::uint8_t>((dealer + 1) % players);
  for (int s = 0; s < players; ++s) a.chips[s] = chips[s];
  return a;
}

std::string bid_str(int value) { return value == kBidPass ? "pass" : std::to_string(value); }

int parse_bid(const std::string& text) {
  if (text == "pass") return kBidPass;
  if (text.empty() || text.size() > 2 || text[0] == '0') return -1;
  int v = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return -1;
    v = v * 10 + (c - '0');
  }
  return v <= kMaxBid ? v : -1;
}

RuleSet penalty_suit_rules(const RuleSet& base, Suit suit) {
  RuleSet r = base;
  r.card_points.fill(0);
  r.point_cards = suit_mask(suit) & r.deck;
  for (CardSet c = r.point_cards; c;) r.card_points[pop_lowest(c).index] = 1;
  return r;
}

namespace {
// auction's hand seats are the match seats: all four stay in until a hand is settled.
constexpr int kSeatOf[kMaxPlayers] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
}  // namespace

void settle_auction_hand(MatchState& match, int players, const std::int32_t* taken) {
  // The payments first (a seat short of chips pays what it has, A53d), then the
  // claims on the pot as it then stands.
  const std::int32_t none[kMaxPlayers] = {};
  settle_chips_of(match, kSeatOf, players, taken, none, 0);
  int n_clean = 0;
  for (int s = 0; s < players; ++s) n_clean += taken[s] == 0;
  if (n_clean != 1 && n_clean != 2) return;  // AU-3: the pot carries to the next hand
  std::int32_t claims[kMaxPlayers] = {};
  for (int s = 0; s < players; ++s) claims[s] = taken[s] == 0 ? match.pot / n_clean : 0;  // AU-2: the odd chip stays
  settle_chips_of(match, kSeatOf, players, none, claims, 0);
}

void pay_auction_bid(MatchState& match, int players, int seat, int bid) {
  std::int32_t pays[kMaxPlayers] = {};
  const std::int32_t none[kMaxPlayers] = {};
  pays[seat] = bid;
  settle_chips_of(match, kSeatOf, players, pays, none, 0);
}

void settle_auction_play(const Position& hand, MatchState& match) {
  const int n = hand.players();
  if (hand.auction_log().bids == 0) return;  // no auction was held: nothing to settle
  const Auction a = hand.auction();
  pay_auction_bid(match, n, a.winner, a.high);
  std::int32_t taken[kMaxPlayers] = {};
  for (int s = 0; s < n; ++s) taken[s] = count(hand.won(s) & hand.rules().point_cards);
  settle_auction_hand(match, n, taken);
}

MatchOutcome auction_outcome(const MatchState& match, int players) {
  MatchOutcome out;
  std::int32_t most = match.totals[0];
  bool broke = false;
  for (int s = 0; s < players; ++s) {
    broke |= match.totals[s] <= 0;
    most = match.totals[s] > most ? match.totals[s] : most;
  }
  if (!broke) return out;
  out.over = true;
  for (int s = 0; s < players; ++s)
    if (match.totals[s] == most) out.winners |= 1u << s;
  return out;
}

}  // namespace copas
