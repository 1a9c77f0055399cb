"""`auction` (docs/RULES.md §20, A53a-b; AU-1 of §25.9) inside a hand: the bids and the
winner's suit are decisions before the first lead (`<seat>:bid=<n>|pass`,
`<seat>:suit=<c|d|h|s>`), the winner leads any card, the named suit scores 1 a card,
undo takes each back, and the played hand settles the chips (AU-2, AU-3) as the
independent scorer (tests/support/independent_scorer_chips.py) reads it."""

from __future__ import annotations

import random

import pytest
from support.independent_scorer_chips import auction_choices, auction_settle, suit_taken

import copas_ai as ca

N, E, S, W = range(4)  # clockwise, as §25.9 seats them


def auction_rules() -> ca.RuleSet:
    rules = ca.find_variant("betting-chips").rules(4)
    rules.auction = True
    return rules


def new_hand(seed: int, dealer: int, chips: list[int] | None = None) -> ca.Position:
    rules = auction_rules()
    p = ca.Position(rules, ca.deal(rules, seed), dealer=dealer, hand_no=0)
    if chips is not None:
        p.set_bid_limits(chips)
    return p


def test_auction_au1_in_a_hand_w_opens_n_wins_at_3_names_diamonds_and_leads_any_card():
    """AU-1 through a hand: the dealer is S, W opens 2, N raises to 3, E, S and W pass; N
    names diamonds and leads any card; only diamonds score."""
    p = new_hand(7, dealer=S)
    assert p.phase == "deciding" and p.decision == (W, "bid") and "bid=pass" not in p.decision_choices
    for seat, bid in ((W, "2"), (N, "3"), (E, "pass"), (S, "pass")):
        p.decide(f"bid={bid}", seat)
    assert p.decision == (W, "bid")
    p.decide("bid=pass", W)
    assert p.decision == (N, "suit") and p.decision_choices == ["suit=c", "suit=d", "suit=h", "suit=s"]
    p.decide("suit=d", N)
    assert p.phase == "playing" and p.turn == N and p.legal_moves() == p.hand(N)  # no restriction (B0)
    assert p.decisions == [(0, W, "bid=2"), (0, N, "bid=3"), (0, E, "bid=pass"), (0, S, "bid=pass"),
                           (0, W, "bid=pass"), (0, N, "suit=d")]
    rng = random.Random(7)
    plays = []
    while not p.is_over():
        card = rng.choice(sorted(p.legal_moves(), key=int))
        plays.append(str(card))
        p.push(card)
    assert p.score() == suit_taken(plays, 4, N, "D")


def test_auction_a53b_bids_in_a_hand_are_refused_with_the_reason():
    p = new_hand(1, dealer=N, chips=[50, 2, 50, 50])
    with pytest.raises(ca.IllegalMoveError, match="opening bid may not be a pass"):
        p.decide("bid=pass")
    with pytest.raises(ca.IllegalMoveError, match="seat 1's bid is due, not seat 2's"):
        p.decide("bid=1", S)
    with pytest.raises(ca.IllegalMoveError, match="seat 1 holds 2 chips and may not bid 3"):
        p.decide("bid=3", E)
    with pytest.raises(ca.IllegalMoveError, match="'x' is not a value of bid"):
        p.decide("bid=x")
    with pytest.raises(ca.IllegalMoveError, match="no suit is due now"):
        p.decide("suit=h")
    p.decide("bid=2")
    with pytest.raises(ca.IllegalMoveError, match="raise the highest, 2, by at least 1"):
        p.decide("bid=2")
    assert p.decision_choices[0] == "bid=pass"


def test_auction_undo_takes_back_the_suit_and_each_bid_and_the_rules_return_to_the_variants():
    """auction: pop() takes back the first card, the suit (the hand's rules are the
    variant's again: the named suit no longer scores) and the bids one by one."""
    p = new_hand(3, dealer=E)
    moves = ["bid=1", "bid=pass", "bid=4", "bid=pass", "bid=pass", "bid=pass"]
    for m in moves:
        p.decide(m)
    p.decide("suit=s")
    first = sorted(p.legal_moves(), key=int)[0]
    p.push(first)
    assert p.pop() == first and p.pop() == "suit=s"
    assert p.decision == (N, "suit")  # dealer E: S opens, N's 4 stands
    for m in reversed(moves):
        assert p.pop() == m
    assert p.decision == (S, "bid") and p.decisions == []
    p.decide("bid=1")
    for m in ["bid=pass"] * 3:
        p.decide(m)
    p.decide("suit=c")
    assert p.turn == S


@pytest.mark.parametrize("seed", range(30))
def test_auction_random_bidding_in_a_hand_agrees_with_the_independent_bidding(seed):
    """auction, seed <seed>: random chips and bids through the Position: each step's
    choices as the independent reading of A53a-b, the last bidder names the suit."""
    rng = random.Random(seed)
    chips = [rng.randint(1, 70) for _ in range(4)]
    dealer = rng.randrange(4)
    p = new_hand(seed, dealer, chips)
    bids: list[str] = []
    while p.decision[1] == "bid":
        choices = [c.removeprefix("bid=") for c in p.decision_choices]
        assert choices == auction_choices(chips, dealer, bids)
        value = rng.choice(choices + ["pass"] * 4 if bids else choices)
        p.decide(f"bid={value}")
        bids.append(value)
    last = max(i for i, b in enumerate(bids) if b != "pass")
    assert p.decision == ((dealer + 1 + last) % 4, "suit")
    assert [d[2] for d in p.decisions] == [f"bid={b}" for b in bids]


@pytest.mark.parametrize("seed", range(20))
def test_auction_a_played_hand_settles_the_bid_and_the_suit_as_the_independent_scorer(seed):
    """auction, seed <seed>: a random auction and hand; MatchState.add_hand pays the
    winner's bid and settles the named suit's cards (AU-2's split, AU-3's carry) as
    auction_settle does."""
    rng = random.Random(seed)
    chips = [rng.randint(5, 40) for _ in range(4)]
    dealer = rng.randrange(4)
    p = new_hand(seed, dealer, chips)
    high, winner = 0, None
    while p.decision[1] == "bid":
        value, seat = rng.choice(p.decision_choices[:4]), p.decision[0]
        if value != "bid=pass":
            high, winner = int(value.removeprefix("bid=")), seat
        p.decide(value)
    suit = rng.choice("cdhs")
    p.decide(f"suit={suit}")
    plays = []
    while not p.is_over():
        card = rng.choice(sorted(p.legal_moves(), key=int))
        plays.append(str(card))
        p.push(card)
    match = ca.MatchState(chips)
    match.pot = pot = rng.randint(0, 5)
    match.add_hand(p)
    before = list(chips)
    before[winner] -= high
    assert (match.totals, match.pot) == auction_settle(before, pot + high, suit_taken(plays, 4, winner, suit.upper()))
