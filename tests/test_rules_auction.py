"""`auction` (docs/RULES.md §20, A53a-d; worked examples AU-1..AU-4 of §25.9): the core's
pieces of the variant on their own: the bidding (A53a-b), the penalty
suit's points, the settlement and the end of the game (A53d), each checked against
tests/support/independent_scorer_chips.py."""

from __future__ import annotations

import random

import pytest
from support.independent_scorer_chips import (
    MAX_BID,
    auction_choices,
    auction_outcome,
    auction_settle,
    suit_taken,
)

import copas_ai as ca
from copas_ai import _core

N, E, S, W = range(4)  # clockwise, as §25.9 seats them


def new_auction(chips: list[int], dealer: int) -> _core.Auction:
    return _core.Auction(chips, dealer)


def test_auction_au1_w_opens_2_n_raises_to_3_three_passes_end_it_and_n_wins_at_3():
    """AU-1: the dealer is S, so W opens with 2; N raises to 3; E, S and W pass: three
    passes in a row end the auction and N wins at 3; N then pays 3 chips into the pot."""
    a = new_auction([50] * 4, dealer=S)
    assert a.turn == W and "pass" not in a.choices() and a.winner is None
    a.bid(W, "2")
    a.bid(N, "3")
    a.bid(E, "pass")
    a.bid(S, "pass")
    assert not a.is_over() and a.passes == 2
    a.bid(W, "pass")
    assert a.is_over() and (a.winner, a.high) == (N, 3) and a.choices() == []
    with pytest.raises(ca.IllegalMoveError, match="the auction is over"):
        a.bid(N, "4")
    match = ca.MatchState([50] * 4)
    _core.pay_auction_bid(match, N, 3)
    assert match.totals == [47, 50, 50, 50] and match.pot == 3


def test_auction_a53b_the_opening_bid_is_mandatory_and_at_least_1():
    a = new_auction([50] * 4, dealer=N)
    assert a.turn == E and a.choices()[0] == "1"
    for bad, why in (("pass", "opening bid may not be a pass"), ("0", "'0' is not a bid"), ("x", "'x' is not a bid")):
        with pytest.raises(ca.IllegalMoveError, match=why):
            a.bid(E, bad)
    with pytest.raises(ca.IllegalMoveError, match="seat 1's bid is due, not seat 2's"):
        a.bid(S, "1")


def test_auction_a53b_a_bid_beyond_the_seats_chips_is_refused_and_a_seat_short_of_a_raise_may_only_pass():
    """auction, A53b: a bid may not exceed the bidder's chips; a raise is by at least 1."""
    a = new_auction([5, 2, 50, 50], dealer=W)
    assert a.choices() == ["1", "2", "3", "4", "5"]  # N opens: 1 to its 5 chips
    a.bid(N, "2")
    assert a.choices() == ["pass"]  # E holds 2 chips: it cannot raise 2
    with pytest.raises(ca.IllegalMoveError, match="seat 1 holds 2 chips and may not bid 3"):
        a.bid(E, "3")
    a.bid(E, "pass")
    with pytest.raises(ca.IllegalMoveError, match="raise the highest, 2, by at least 1"):
        a.bid(S, "2")


def test_auction_a53b_a_seat_that_passed_may_bid_again_and_a_bid_resets_the_passes():
    a = new_auction([50] * 4, dealer=W)
    a.bid(N, "1")
    a.bid(E, "pass")
    a.bid(S, "pass")
    a.bid(W, "2")  # two passes, then a bid: the count starts again
    a.bid(N, "pass")
    assert "3" in a.choices()
    a.bid(E, "3")  # E passed before and bids again
    assert (a.winner, a.high, a.passes) == (E, 3, 0) and not a.is_over()


def test_auction_bids_are_bounded_by_the_engines_max_bid():
    """auction (docs/RULES.md §20 Engine): a bid's value fits one 64-bit choice set, so a
    seat holding more chips bids at most MAX_BID."""
    a = new_auction([100, 100, 100, 100], dealer=W)
    assert _core.MAX_BID == MAX_BID == 62 and a.choices()[-1] == "62"
    with pytest.raises(ca.IllegalMoveError, match="'63' is not a bid"):
        a.bid(N, "63")


@pytest.mark.parametrize("seed", range(40))
def test_auction_random_auctions_agree_with_the_independent_bidding(seed):
    """auction, seed <seed>: random chips and random bids, every step's choices as the
    independent reading of A53a-b gives them; the last bidder wins at the highest bid."""
    rng = random.Random(seed)
    chips = [rng.randint(1, 70) for _ in range(4)]
    dealer = rng.randrange(4)
    a = new_auction(chips, dealer)
    bids: list[str] = []
    while not a.is_over():
        assert a.choices() == auction_choices(chips, dealer, bids)
        value = rng.choice(a.choices() + ["pass"] * 3 if bids else a.choices())
        a.bid(a.turn, value)
        bids.append(value)
    assert auction_choices(chips, dealer, bids) == []
    numbers = [(i, int(b)) for i, b in enumerate(bids) if b != "pass"]
    assert a.high == numbers[-1][1] and a.winner == (dealer + 1 + numbers[-1][0]) % 4


@pytest.mark.parametrize("suit", "cdhs")
def test_auction_the_named_suits_cards_are_1_point_each_and_nothing_else_scores(suit):
    """auction (§20): once the winner names <suit>, each of its cards is 1 point and no
    other card scores (a named-spades Q♠ is an ordinary 1); a hand played at random
    scores each seat the named suit's cards it took, as the independent scorer reads them."""
    base = ca.find_variant("betting-chips").rules(4)
    r = _core.penalty_suit_rules(base, suit)
    named = ca.CardSet.suit("cdhs".index(suit))
    assert r.card_points == {c: 1 for c in named} and r.point_cards == named
    assert r.moon == ca.MoonRule.NONE and not r.pass_plan(0)
    for seed in range(3):
        p = ca.Position(r, ca.deal(r, seed), dealer=seed, hand_no=0)
        plays = []
        rng = random.Random(seed)
        while not p.is_over():
            card = rng.choice(sorted(p.legal_moves(), key=int))
            plays.append(str(card))
            p.push(card)
        assert p.score() == suit_taken(plays, 4, (seed + 1) % 4, suit.upper())
    with pytest.raises(ValueError, match="'x' is not a suit"):
        _core.penalty_suit_rules(base, "x")


def settled(chips: list[int], pot: int, taken: list[int]) -> tuple[list[int], int]:
    match = ca.MatchState(chips)
    match.pot = pot
    _core.settle_auction_hand(match, taken)
    return match.totals, match.pot


def test_auction_au2_two_seats_with_no_diamonds_split_the_pot_of_16():
    """AU-2: N won at 3 (pot 3); N takes 5 diamonds, S 8, E and W none: N and S pay 13, the
    pot is 16 and E and W take 8 each."""
    match = ca.MatchState([50] * 4)
    _core.pay_auction_bid(match, N, 3)
    _core.settle_auction_hand(match, [5, 0, 8, 0])
    assert match.totals == [42, 58, 42, 58] and match.pot == 0


def test_auction_au2_a_pot_of_17_splits_8_each_and_the_odd_chip_carries():
    assert settled([47, 50, 50, 50], 4, [5, 0, 8, 0]) == ([42, 58, 42, 58], 1)


def test_auction_exactly_one_seat_with_none_takes_the_whole_pot():
    assert settled([47, 50, 50, 50], 3, [5, 4, 4, 0]) == ([42, 46, 46, 66], 0)


@pytest.mark.parametrize("taken", [[13, 0, 0, 0], [0, 0, 13, 0], [4, 3, 3, 3], [1, 1, 1, 10]])
def test_auction_au3_all_13_to_one_seat_or_one_each_the_pot_carries(taken):
    """AU-3: <taken>: one seat took all 13 (three took none) or every seat took one: nobody
    collects, the payments stay in the pot for the next hand."""
    chips, pot = settled([47, 50, 50, 50], 3, taken)
    assert pot == 16 and chips == [c - t for c, t in zip([47, 50, 50, 50], taken)]


def test_auction_a53d_a_seat_that_cannot_pay_pays_all_it_has_and_the_game_ends():
    chips, pot = settled([2, 50, 50, 50], 0, [5, 0, 8, 0])
    assert chips == [0, 55, 42, 55] and pot == 0
    match = ca.MatchState(chips)
    assert _core.auction_outcome(match) == (True, [E, W])  # a tie for most chips: a draw between them


def test_auction_au4_e_on_zero_chips_ends_the_game_and_the_most_chips_win():
    """AU-4: after a settlement E has 0 chips: the game ends, the most chips win."""
    assert _core.auction_outcome(ca.MatchState([60, 0, 70, 70])) == (True, [S, W])
    assert _core.auction_outcome(ca.MatchState([60, 0, 71, 69])) == (True, [S])
    assert _core.auction_outcome(ca.MatchState([1, 1, 1, 197])) == (False, [])


@pytest.mark.parametrize("seed", range(60))
def test_auction_random_settlements_agree_with_the_independent_scorer(seed):
    """auction, seed <seed>: a random bid, chips, pot and split of the 13 penalty cards,
    settled by the core and by the independent scorer; the chips are conserved."""
    rng = random.Random(seed)
    chips = [rng.randint(1, 30) for _ in range(4)]
    pot = rng.randint(0, 9)
    bidder = rng.randrange(4)
    bid = rng.randint(1, chips[bidder])
    cuts = sorted(rng.randint(0, 13) for _ in range(3))
    taken = [b - a for a, b in zip([0, *cuts], [*cuts, 13])]
    match = ca.MatchState(chips)
    match.pot = pot
    _core.pay_auction_bid(match, bidder, bid)
    _core.settle_auction_hand(match, taken)
    before = list(chips)
    before[bidder] -= bid
    expected = auction_settle(before, pot + bid, taken)
    assert (match.totals, match.pot) == expected
    assert sum(match.totals) + match.pot == sum(chips) + pot
    assert _core.auction_outcome(match) == auction_outcome(match.totals)


def test_auction_bad_input_is_refused_with_the_reason():
    with pytest.raises(ValueError, match="seat 2 holds 0 chips"):
        _core.Auction([5, 5, 0, 5], 0)
    with pytest.raises(ValueError, match="no dealer seat 4"):
        _core.Auction([5, 5, 5, 5], 4)
    match = ca.MatchState([5, 5, 5, 5])
    with pytest.raises(ValueError, match="took 12 penalty cards, not 13"):
        _core.settle_auction_hand(match, [4, 4, 4, 0])
    with pytest.raises(ValueError, match="expected 4 seats' counts, got 3"):
        _core.settle_auction_hand(match, [5, 4, 4])
    with pytest.raises(ValueError, match="seat 1 cannot pay a bid of 6"):
        _core.pay_auction_bid(match, 1, 6)
    assert match.totals == [5, 5, 5, 5] and match.pot == 0

