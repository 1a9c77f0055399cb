"""Rules of `two-player` (docs/RULES.md §18, seed S000 L373-385; worked examples TP-1
and TP-2 of §25.8): two seats, 7 cards each and a 38-card stock; the follower follows
suit if able and wins only by following higher; after each trick both draw, the
winner first, 19 tricks with draws then 7; hearts 1, the Q♠ 0, no moon (A51), no
restriction (B0, A51); one deal, the seat with more points loses. Whole hands are
checked against the independent referee of tests/support/independent_scorer_two_player.py."""

from __future__ import annotations

import random

import pytest
from support.family_deals import cards
from support.independent_scorer_two_player import referee
from support.solver_oracle import check_position

import copas_ai as ca
from copas_ai.bots import HeuristicBot, RandomBot
from copas_ai.game import Match, play_match

VARIANT = "two-player"


def rules() -> ca.RuleSet:
    return ca.find_variant(VARIANT).rules()


def deck_rest(*hands: str) -> list[str]:
    """The cards of the deck outside `hands`, in C, D, H, S then rank order."""
    used = set(" ".join(hands).split())
    return [f + s for s in "CDHS" for f in "23456789TJQKA" if f + s not in used]


def dealt(north: str, south: str, stock_top: str = "") -> ca.Position:
    """Seat 0 (N, the dealer's left: it leads) and seat 1 (S, the dealer) with the
    stock's top cards given, the rest of the stock after them in deck order."""
    top = stock_top.split()
    stock = top + [c for c in deck_rest(north, south) if c not in top]
    return ca.Position(rules(), [cards(north), cards(south)], dealer=1, stock=stock)


def names(cardset) -> set[str]:
    return {str(c) for c in cardset}


def test_two_player_deals_7_cards_each_and_a_38_card_stock():
    r = rules()
    assert (r.players, r.hand_size, r.stock_draw) == (2, 7, ca.StockDraw.REFILL)
    pos = ca.Position(r, ca.deal(r, 5), dealer=1)
    assert [len(h) for h in pos.hands] == [7, 7]
    assert pos.stock_left == 38
    assert names(pos.stock) | names(pos.hands[0]) | names(pos.hands[1]) == set(deck_rest())
    assert pos.phase == "playing" and pos.turn == 0  # no pass; the dealer's left leads


def test_two_player_values_hearts_1_and_the_queen_of_spades_0():
    r = rules()
    assert r.points_of(ca.CardSet.suit(2)) == 13
    assert r.points_of(cards("QS")) == 0


def test_two_player_refuses_other_seat_counts():
    with pytest.raises(ValueError, match="two-player is for 2 players, not 3"):
        ca.find_variant(VARIANT).rules(3)


def test_two_player_leader_may_lead_anything_hearts_included_b0():
    pos = dealt("2H 3H 4H 5H 6H 7H 8H", "2C 3C 4C 5C 6C 7C 8C")
    assert names(pos.legal_moves()) == {"2H", "3H", "4H", "5H", "6H", "7H", "8H"}


def test_two_player_follower_must_follow_suit_when_able():
    pos = dealt("9D 2C 3C 4C 5C 6C 7C", "2D AH KH QH JH TH 9H")
    pos.push("9D")
    assert names(pos.legal_moves()) == {"2D"}
    assert "must follow suit" in pos.illegal_reason("AH")


def test_two_player_tp1_follower_does_not_follow_leader_wins_and_draws_first():
    # TP-1: N leads the 9♦; S has no diamond and plays the A♥: N wins (the follower did
    # not follow), takes the A♥ (1 point) and draws first, then S.
    pos = dealt("9D 2C 3C 4C 5C 6C 7C", "AH 8S 9S TS JS QS KS", stock_top="2S 3S")
    pos.push("9D")
    assert names(pos.legal_moves()) == names(pos.hand(1))  # void: any card
    pos.push("AH")
    assert pos.leader == 0 and pos.turn == 0
    assert pos.points_taken() == [1, 0]
    assert pos.draws == [[(0, ca.Card.from_str("2S")), (1, ca.Card.from_str("3S"))]]
    assert "2S" in names(pos.hand(0)) and "3S" in names(pos.hand(1))
    assert [len(h) for h in pos.hands] == [7, 7] and pos.stock_left == 36


def test_two_player_follower_wins_only_by_following_higher():
    higher = dealt("9D 2C 3C 4C 5C 6C 7C", "TD 8S 9S TS JS QS KS", stock_top="2S 3S")
    higher.push("9D")
    higher.push("TD")
    assert higher.leader == 1
    assert higher.draws[0] == [(1, ca.Card.from_str("2S")), (0, ca.Card.from_str("3S"))]  # the winner first
    lower = dealt("9D 2C 3C 4C 5C 6C 7C", "8D 8S 9S TS JS QS KS")
    lower.push("9D")
    lower.push("8D")
    assert lower.leader == 0


def test_two_player_a_draw_clears_the_drawers_shown_void():
    # S shows no diamonds, then draws the 2♦ from the stock: the void no longer holds.
    pos = dealt("9D 2C 3C 4C 5C 6C 7C", "AH 8S 9S TS JS QS KS", stock_top="3D 2D")
    pos.push("9D")
    pos.push("AH")
    assert pos.shown_voids(1) == []
    assert "2D" in names(pos.hand(1))
    pos.pop()  # the draw goes back with the trick
    assert "2D" not in names(pos.hand(1)) and pos.stock_left == 38


def test_two_player_undo_takes_the_draws_back_with_the_trick():
    r = rules()
    pos = ca.Position(r, ca.deal(r, 11), dealer=1)
    rng = random.Random(11)
    states = []
    while not pos.is_over():
        states.append((pos.hands, pos.stock, pos.drawn, [pos.shown_voids(s) for s in range(2)], pos.won))
        pos.push(rng.choice(list(pos.legal_moves())))
    while states:
        pos.pop()
        assert (pos.hands, pos.stock, pos.drawn, [pos.shown_voids(s) for s in range(2)], pos.won) == states.pop()


def test_two_player_refuses_a_stock_that_is_not_the_undealt_cards():
    r = rules()
    hands = ca.deal(r, 3)
    rest = [c for c in deck_rest() if c not in names(hands[0]) | names(hands[1])]
    with pytest.raises(ca.InvalidPositionError, match="impossible stock: the stock holds 38 cards, not 37"):
        ca.Position(r, hands, dealer=1, stock=rest[:-1])
    with pytest.raises(ca.InvalidPositionError, match="is not in the stock"):
        ca.Position(r, hands, dealer=1, stock=[str(next(iter(hands[0])))] + rest[1:])
    with pytest.raises(ca.InvalidPositionError, match="this variant has no stock"):
        ca.Position(ca.find_variant("american").rules(), ca.deal(ca.find_variant("american").rules(), 3), stock=rest)


@pytest.mark.parametrize("seed", range(40))
def test_two_player_tp2_whole_hands_match_the_independent_referee(seed):
    # TP-2: 19 tricks with draws, then 7; 13 points in all, so the loser has more.
    r = rules()
    pos = ca.Position(r, ca.deal(r, seed), dealer=seed % 2)
    hands = [sorted(names(h)) for h in pos.hands]
    stock = [str(c) for c in pos.stock]
    leader = pos.turn
    rng = random.Random(seed)
    while not pos.is_over():
        pos.push(rng.choice(list(pos.legal_moves())))
    plays = [str(c) for _, c in pos.moves]
    ref = referee(hands, stock, leader, plays)
    assert pos.tricks_done == 26
    assert [len(d) for d in pos.draws] == [2] * 19 + [0] * 7
    assert [[(s, str(c)) for s, c in d] for d in pos.draws] == [d for d in ref.draws]
    assert pos.score() == ref.points
    assert sum(pos.score()) == 13 and pos.score()[0] != pos.score()[1]
    assert [winner for _, _, winner in ref.tricks][-1] == pos.leader


def test_two_player_tp2_one_deal_is_the_game_and_the_lower_total_wins():
    for seed in range(6):
        match = play_match(Match.new(VARIANT, seed=seed), [HeuristicBot(), RandomBot(seed)])
        assert len(match.hands) == 1
        over, winners = match.outcome()
        totals = match.totals
        assert over and winners == [totals.index(min(totals))] and sum(totals) == 13


def test_two_player_the_first_leader_is_drawn_by_lot_from_the_match_seed():
    leaders = {Match.new(VARIANT, seed=seed).deal_next_hand().turn for seed in range(20)}
    assert leaders == {0, 1}
    assert Match.new(VARIANT, seed=4).deal_next_hand().stock == Match.new(VARIANT, seed=4).deal_next_hand().stock


def test_two_player_the_solver_refuses_the_stock_by_name():
    assert "two-player's stock" in ca.solver_unsupported(rules())


def _past_the_stock(seed: int, extra: int) -> ca.Position:
    """A seeded random two-player hand played until the stock is empty and `extra` cards more."""
    r = rules()
    pos = ca.Position(r, ca.deal(r, seed), dealer=1)
    rng = random.Random(seed)
    while pos.stock_left or extra:
        extra -= 0 if pos.stock_left else 1
        pos.push(rng.choice(sorted(pos.legal_moves(), key=int)))
    return pos


# 7 tricks left (extra 0) for two seeds only: the brute force takes seconds there.
@pytest.mark.parametrize("seed, extra", [(0, 0), (1, 0)] + [(s, e) for s in range(6) for e in (2, 3, 5)])
def test_two_player_solver_values_the_hands_once_the_stock_is_empty_as_brute_force_does(seed, extra):
    """two-player: with the stock drawn out (the last 7 tricks) every card still to be
    played is in a hand, so the solver values the position; its values equal an
    independent brute-force minimax (tests/support/solver_oracle.py)."""
    pos = _past_the_stock(seed, extra)
    assert pos.stock_left == 0 and pos.tricks_done >= 19
    check_position(ca.Solver(hash_mb=8), pos)


def test_two_player_the_solver_refuses_a_position_with_a_stock_left():
    r = rules()
    with pytest.raises(ca.InvalidPositionError, match="two-player's stock"):
        ca.Solver(hash_mb=8).solve(ca.Position(r, ca.deal(r, 1), dealer=1))
