"""Rules of `uno-hearts` in the core (docs/RULES.md §15, seed S000 L305-331, A48a-f;
worked examples UNO-1..UNO-4 of §25.7): 101 cards (one Q♠, one 8♣, one 8♦), 3-7 seats,
13 cards each and a stock, 3 cards to the right, the dealer's left leads, no heart on
trick 1, heart leads after a heart (B4), the later of two identical cards wins, pairs
draw from the stock into the winner's pile, the 8s swap hands, hearts 1 and Q♠ 13, the
moon of the cards in play (+40), a revoke +40. Built by
copas_ai.variants.uno_hearts.uno_hearts_rules; whole hands are checked step by step
against the independent referee of tests/support/independent_referee_uno.py."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from support.independent_referee_uno import DECK, UnoReferee
from support.uno_hands import after_pass, fill, held, passes_to, position, won

import copas_ai as ca
from copas_ai._core import IllegalMoveError, InvalidPositionError, MoonScope, solver_unsupported
from copas_ai.variants.uno_hearts import uno_hearts_rules

VARIANT = "uno-hearts"


def names(cards) -> set[str]:
    return {str(c) for c in cards}


def play(pos: ca.Position, *cards: str) -> None:
    for card in cards:
        pos.push(card)


# UNO-4 and A48a: the deck and the deal.

@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_uno_hearts_uno4_deck_of_101_one_queen_of_spades_and_the_rest_a_stock(players):
    rules = uno_hearts_rules(players)
    hands, twins = ca.deal_twins(rules, players)
    pos = ca.Position(rules, hands, twins=twins)
    dealt = sum((held(pos, s) for s in range(players)), Counter()) + Counter(str(c) for c in pos.stock)
    assert dealt == DECK and sum(dealt.values()) == 101
    assert dealt["QS"] == dealt["8C"] == dealt["8D"] == 1
    assert sum(k for c, k in dealt.items() if c[1] == "H") == 26
    assert all(sum(held(pos, s).values()) == 13 for s in range(players))
    assert len(pos.stock) == 101 - 13 * players  # UNO-4: 49 with 4 players
    assert pos.kitty == ca.CardSet([])


def test_uno_hearts_a48a_three_to_seven_seats_and_two_only_under_elimination():
    for players in (2, 8):
        with pytest.raises(ValueError, match="3 to 7 players"):
            uno_hearts_rules(players)
    assert uno_hearts_rules(2, elimination=True).players == 2


def test_uno_hearts_refuses_a_second_copy_of_the_single_cards_by_name():
    rules = uno_hearts_rules(4)
    hands, _ = fill(4, [["QS", "QS"], [], [], []])
    with pytest.raises(InvalidPositionError, match="QS is dealt twice .this deck holds one"):
        position(rules, hands, [], dealer=3)
    hands, stock = fill(4, [[], [], [], []])
    with pytest.raises(InvalidPositionError, match="impossible stock"):
        position(rules, hands, stock[1:] + stock[:1] + ["2C"], dealer=3)


# A48b: the pass.

def test_uno_hearts_a48b_every_hand_passes_three_to_the_right():
    rules = uno_hearts_rules(4)
    for hand_no in range(5):
        plan = ca.Position(rules, *ca.deal_twins(rules, hand_no)[:1], twins=ca.deal_twins(rules, hand_no)[1],
                           hand_no=hand_no).pass_plan
        assert plan == [(3, 3)]  # 3 cards to the seat 3 to the left: the right at 4 seats
    after, stock = fill(4, [["5C", "5C"], [], [], []], seed=3)
    pos = after_pass(rules, after, stock, dealer=3)
    assert all(held(pos, s) == Counter(after[s]) for s in range(4))
    assert names(pos.received_parts[3]) == set(after[3][-3:])  # seat 0 passed these to its right, seat 3


def test_uno_hearts_a48b_a_seat_may_pass_both_copies_of_a_card():
    rules = uno_hearts_rules(4)
    after, stock = fill(4, [[], ["7D", "7D", "2C"], [], []], seed=4)
    after[1] = after[1][3:] + after[1][:3]  # seat 1's last three (7D 7D 2C) are what seat 2 passed it
    dealt, passes = passes_to(after)
    assert Counter(passes[2]) == Counter({"7D": 2, "2C": 1})
    pos = position(rules, dealt, stock, dealer=3)
    single = next(c for c in dealt[0] if dealt[0].count(c) == 1)
    other = next(c for c in dealt[0] if c != single)
    with pytest.raises(IllegalMoveError, match=f"holds one {single}, not two"):
        pos.set_twin_pass(0, [single, single, other])
    with pytest.raises(IllegalMoveError, match="passed 3 times"):
        pos.set_twin_pass(0, [single, single, single])
    for s, cards in enumerate(passes):
        pos.set_twin_pass(s, cards)
    assert held(pos, 1)["7D"] == 2 and names(pos.passed_twins[2]) == {"7D"}


# The play's restrictions (S000 L313).

def test_uno_hearts_the_dealers_left_leads_any_card_but_a_heart_on_trick_1():
    rules = uno_hearts_rules(4)
    after, stock = fill(4, [["QS", "2H", "AC"], ["3H"], [], []], seed=5)
    pos = after_pass(rules, after, stock, dealer=2)
    assert pos.turn == 3  # the dealer's left
    pos2 = after_pass(rules, after, stock, dealer=3)
    assert pos2.turn == 0
    legal = names(pos2.legal_moves())
    assert "QS" in legal and not any(c[1] == "H" for c in legal)  # the Q♠ may go to trick 1
    assert names(pos2.legal_moves()) == {c for c in after[0] if c[1] != "H"}
    assert "hearts may not be led" in pos2.illegal_reason("2H")


def test_uno_hearts_trick_1_a_void_seat_may_not_discard_a_heart_but_the_queen():
    rules = uno_hearts_rules(4)
    after, stock = fill(4, [["2C"], ["QS", "4H"], [], []], seed=6, avoid={1: "C"})
    pos = after_pass(rules, after, stock, dealer=3)
    play(pos, "2C")
    legal = names(pos.legal_moves())
    assert "QS" in legal and "4H" not in legal
    assert "penalty cards may not be played to the first trick" in pos.illegal_reason("4H")


def test_uno_hearts_trick_1_a_seat_of_only_hearts_plays_them():
    rules = uno_hearts_rules(4)
    hearts = [r + "H" for r in "23456789TJQKA"]
    after, stock = fill(4, [["2C"], hearts, [], []], seed=7)
    pos = after_pass(rules, after, stock, dealer=3)
    play(pos, "2C")
    assert names(pos.legal_moves()) == set(hearts)


def test_uno_hearts_b4_a_heart_is_led_only_after_a_heart_was_played():
    rules = uno_hearts_rules(4)
    # Seat 0 leads the A♣ and wins trick 1 (nobody else holds a club): no heart played yet.
    after, stock = fill(4, [["AC", "5H"], ["6H"], ["7H"], ["9H"]], seed=8, avoid={1: "C", 2: "C", 3: "C"})
    pos = after_pass(rules, after, stock, dealer=3)
    play(pos, "AC")
    for _ in range(3):
        pos.push(sorted(names(pos.legal_moves()) - {c for c in names(pos.legal_moves()) if c[1] == "H"})[0])
    assert pos.turn == 0 and "5H" not in names(pos.legal_moves())
    assert "hearts may not be led" in pos.illegal_reason("5H")
    # After trick 1 a void seat may discard a heart; once one is played, hearts may be led.
    after, stock = fill(4, [["AC", "KC", "5H"], ["6H"], [], []], seed=9, avoid={1: "C", 2: "C", 3: "C"})
    pos = after_pass(rules, after, stock, dealer=3)
    play(pos, "AC")
    for _ in range(3):
        pos.push(sorted(c for c in names(pos.legal_moves()) if c[1] != "H")[0])
    play(pos, "KC")
    assert "6H" in names(pos.legal_moves())
    play(pos, "6H")
    for _ in range(2):
        pos.push(sorted(names(pos.legal_moves()))[0])
    assert pos.turn == 0 and "5H" in names(pos.legal_moves())


# UNO-1, UNO-2, A48c: the later identical card wins; the pairs' draws.

def uno1_position(stock_top: list[str], seed: int = 10) -> ca.Position:
    # A leads the 5♣ (seat 0), B (seat 1) the K♣, C (seat 2) the 2♣, D (seat 3) the other K♣.
    rules = uno_hearts_rules(4)
    fixed = [["5C"], ["KC"], ["2C"], ["KC"]]
    after, stock = fill(4, fixed, stock_top=stock_top, seed=seed, avoid={0: "C", 1: "C", 2: "C", 3: "C"})
    return after_pass(rules, after, stock, dealer=3)


def test_uno_hearts_uno1_the_later_king_wins_and_draws_8_into_the_won_pile():
    top = ["2H", "QS", "3C", "3H", "4D", "JS", "9S", "7C", "TD"]
    pos = uno1_position(top)
    play(pos, "5C", "KC", "2C", "KC")
    assert pos.turn == 3  # D: the later of the two kings
    assert [str(c) for c in pos.pair_draws(0)] == top[:8]
    assert won(pos, 3) == Counter(["5C", "KC", "2C", "KC"]) + Counter(top[:8])
    assert pos.points_taken() [3] == 15  # 2 hearts and the Q♠ from the draw
    assert [str(c) for c in pos.stock][:1] == ["TD"] and len(pos.stock) == 49 - 8


@pytest.mark.parametrize("pair, suit_cards, drawn", [("JS", "S", 1), ("TD", "D", 10), ("AC", "C", 8), ("7S", "S", 7)])
def test_uno_hearts_uno2_a_pair_draws_its_count(pair, suit_cards, drawn):
    rules = uno_hearts_rules(4)
    low = {"S": "2S", "D": "2D", "C": "2C"}[suit_cards]
    after, stock = fill(4, [[low], [pair], [pair], []], seed=11, avoid={0: suit_cards, 1: suit_cards,
                                                                         2: suit_cards, 3: suit_cards})
    pos = after_pass(rules, after, stock, dealer=3)
    play(pos, low, pair, pair)
    pos.push(sorted(names(pos.legal_moves()))[0])
    assert pos.turn == 2 and [str(c) for c in pos.pair_draws(0)] == stock[:drawn]


def test_uno_hearts_uno2_a_pair_of_hearts_draws_nothing_but_scores():
    # Seats 1 and 2 hold only hearts (all 26), one 6♥ each: on trick 1 they play them.
    hearts = [r + "H" for r in "23456789TJQKA"]
    rules = uno_hearts_rules(4)
    after, stock = fill(4, [["9C"], hearts, list(hearts), []], seed=12, avoid={3: "C"})
    after[1] = ["6H"] + [c for c in after[1] if c != "6H"]
    after[2] = ["6H"] + [c for c in after[2] if c != "6H"]
    pos = after_pass(rules, after, stock, dealer=3)
    play(pos, "9C", "6H", "6H")
    pos.push(sorted(names(pos.legal_moves()))[0])
    assert pos.pair_draws(0) == [] and len(pos.stock) == 49
    assert pos.points_taken()[0] == 2


def test_uno_hearts_a48c_two_pairs_in_a_trick_both_draw_and_a_short_stock_gives_what_is_left():
    # 6 seats: 9♣ 9♣ 5♣ 5♣ led and followed: 14 wanted, the stock holds 23; then at 7 seats,
    # holding 10, a trick of T♣ T♣ 9♣ 9♣ wants 19 and gets the 10.
    rules = uno_hearts_rules(6)
    after, stock = fill(6, [["5C"], ["9C"], ["9C"], ["5C"], ["2C"], ["3C"]], seed=13)
    pos = after_pass(rules, after, stock, dealer=5)
    play(pos, "5C", "9C", "9C", "5C", "2C", "3C")
    assert pos.turn == 2 and [str(c) for c in pos.pair_draws(0)] == stock[:14]
    rules = uno_hearts_rules(7)
    after, stock = fill(7, [["TC"], ["9C"], ["9C"], ["TC"], ["2C"], ["3C"], ["4C"]], seed=14)
    pos = after_pass(rules, after, stock, dealer=6)
    play(pos, "TC", "9C", "9C", "TC", "2C", "3C", "4C")
    assert pos.turn == 3 and [str(c) for c in pos.pair_draws(0)] == stock[:10] and pos.stock == []


# UNO-3, A48d: the 8s swap hands.

def test_uno_hearts_uno3_the_eight_of_clubs_swaps_the_winners_hand_with_the_left_neighbours():
    rules = uno_hearts_rules(4)
    after, stock = fill(4, [["8C"], ["AC"], ["2C"], ["3C"]], seed=15, avoid={s: "C" for s in range(4)})
    pos = after_pass(rules, after, stock, dealer=3)
    play(pos, "8C", "AC", "2C", "3C")  # seat 1 wins the 8♣: swaps with seat 2, its left
    rest = [Counter(after[s]) - Counter([after[s][0]]) for s in range(4)]
    assert held(pos, 1) == rest[2] and held(pos, 2) == rest[1] and held(pos, 0) == rest[0]
    assert pos.hand_swaps(0) == [2] and won(pos, 1) == Counter(["8C", "AC", "2C", "3C"])  # piles stay
    assert pos.turn == 1  # the winner leads from the hand he received
    pos.pop()
    assert held(pos, 1) == rest[1] and held(pos, 2) == rest[2]  # undone with the trick


def test_uno_hearts_uno3_the_eight_of_diamonds_swaps_with_the_right_neighbour():
    rules = uno_hearts_rules(4)
    after, stock = fill(4, [["8D"], ["AD"], ["2D"], ["3D"]], seed=16, avoid={s: "D" for s in range(4)})
    pos = after_pass(rules, after, stock, dealer=3)
    play(pos, "8D", "AD", "2D", "3D")  # seat 1 wins the 8♦: swaps with seat 0, its right
    rest = [Counter(after[s]) - Counter([after[s][0]]) for s in range(4)]
    assert held(pos, 1) == rest[0] and held(pos, 0) == rest[1] and pos.hand_swaps(0) == [0]


def test_uno_hearts_a48d_both_eights_swap_in_the_order_played():
    # 5 seats, seat 2 leads the A♠ and wins; seats 0 and 1, void in spades, discard the 8♦
    # then the 8♣: seat 2 swaps with seat 1 (its right), then with seat 3 (its left).
    rules = uno_hearts_rules(5)
    after, stock = fill(5, [["8D"], ["8C"], ["AS"], ["2S"], ["3S"]], seed=18, avoid={0: "S", 1: "S"})
    pos = after_pass(rules, after, stock, dealer=1)
    r = UnoReferee(*_dealt(after, stock), dealer=1)
    r.pass_cards(passes_to(after)[1])
    before = [held(pos, s) for s in range(5)]
    for card in ("AS", "2S", "3S", "8D", "8C"):
        pos.push(card)
        r.play(card)
    assert pos.turn == 2 and pos.hand_swaps(0) == [1, 3] and r.swaps == [[1, 3]]
    # Seat 2 ends with seat 3's hand, seat 1 with seat 2's, seat 3 with seat 1's.
    left = [before[s] - Counter([after[s][0]]) for s in range(5)]
    assert held(pos, 2) == left[3] and held(pos, 1) == left[2] and held(pos, 3) == left[1]
    assert all(held(pos, s) == r.held[s] for s in range(5))


def _dealt(after, stock):
    dealt, _ = passes_to(after)
    return dealt, stock


# A48e: the moon and the points.

def moon_position(stock_top: list[str], pair: str = "KC", scope: MoonScope = MoonScope.IN_PLAY) -> ca.Position:
    """uno-hearts+elimination's hand of 2 (A48f): no penalty card, 8♣ or 8♦ in the hands and
    no value twice but `pair`, one each; seat 0 leads it, seat 1 (its only club) plays the
    other and draws from the stock: `stock_top`, then the other penalty cards."""
    rules = uno_hearts_rules(2, elimination=True)
    rules.moon_scope = scope
    penalty = Counter([r + "H" for r in "23456789TJQKA"] * 2 + ["QS"])
    stock_head = stock_top + list((penalty - Counter(stock_top)).elements()) + ["8C", "8D"]
    after, stock = fill(2, [[pair], [pair]], stock_top=stock_head, seed=19, avoid={1: "C"}, distinct=True)
    return after_pass(rules, after, stock, dealer=1)


def finish_at_random(pos: ca.Position, seed: int) -> None:
    rng = random.Random(seed)
    while not pos.is_over():
        pos.push(rng.choice(sorted(names(pos.legal_moves()))))


EIGHT_HEARTS = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"]


def test_uno_hearts_a48e_the_moon_is_every_penalty_card_that_left_the_stock():
    pos = moon_position(EIGHT_HEARTS)
    play(pos, "KC", "KC")
    finish_at_random(pos, 1)
    assert pos.moon_shooter() == 1 and pos.score() == [40, 0]  # 8 hearts; the other 19 stay in the stock


def test_uno_hearts_a48e_moon_scope_all_27_asks_for_every_copy():
    pos = moon_position(EIGHT_HEARTS, scope=MoonScope.ALL_CARDS)
    play(pos, "KC", "KC")
    finish_at_random(pos, 1)
    assert pos.moon_shooter() is None and pos.score() == [0, 8]


def test_uno_hearts_a48e_the_queen_alone_is_no_moon():
    pos = moon_position(["QS"], pair="JC")  # a pair of jacks draws 1
    play(pos, "JC", "JC")
    finish_at_random(pos, 2)
    assert pos.moon_shooter() is None and pos.score() == [0, 13]


def test_uno_hearts_values_hearts_1_queen_13_and_a_revoke_40():
    rules = uno_hearts_rules(4)
    assert rules.points_of(ca.CardSet(["QS", "2H", "AH"])) == 15
    assert rules.moon_value == 40 and rules.revoke_penalty == 40
    # Revokes penalize: seat 1 keeps its clubs on the A♣ and proves it with the 2♣ later (+40, S000 L319).
    after, stock = fill(4, [["AC", "KD"], ["2C", "4S"], [], []], seed=20, avoid={1: "D", 2: "C", 3: "C"})
    pos = after_pass(rules, after, stock, dealer=3)
    pos.revokes = "penalize"
    play(pos, "AC", "4S")
    for _ in range(2):
        pos.push(sorted(c for c in names(pos.legal_moves()) if c[1] != "H")[0])
    assert pos.turn == 0
    play(pos, "KD", "2C")
    assert pos.is_over() and pos.score() == [0, 40, 0, 0]


# Whole hands against the independent referee, and undo.

def referee_hand(players: int, seed: int, scope: str = "in-play"):
    rules = uno_hearts_rules(players)
    if scope == "all-27":
        rules.moon_scope = MoonScope.ALL_CARDS
    rng = random.Random(seed)
    hands, twins = ca.deal_twins(rules, seed)
    pos = ca.Position(rules, hands, dealer=seed % players, twins=twins)
    dealt = [sorted(held(pos, s).elements()) for s in range(players)]
    ref = UnoReferee(dealt, [str(c) for c in pos.stock], dealer=seed % players, moon_scope=scope)
    passes = [rng.sample(dealt[s], 3) for s in range(players)]
    for s, cards in enumerate(passes):
        pos.set_twin_pass(s, cards)
    ref.pass_cards(passes)
    return pos, ref, rng


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_uno_hearts_whole_hands_match_the_independent_referee(players):
    for seed in range(12):
        pos, ref, rng = referee_hand(players, seed, "all-27" if seed % 4 == 3 else "in-play")
        while not pos.is_over():
            assert names(pos.legal_moves()) == ref.legal(), (players, seed, pos.num_plays)
            assert pos.turn == ref.turn
            card = rng.choice(sorted(ref.legal()))
            pos.push(card)
            ref.play(card)
            if not ref.trick:
                t = ref.tricks_done - 1
                assert [str(c) for c in pos.pair_draws(t)] == ref.draws[t]
                assert pos.hand_swaps(t) == ref.swaps[t]
                assert all(held(pos, s) == ref.held[s] and won(pos, s) == ref.won[s] for s in range(players))
        assert ref.over() and pos.score() == ref.scores(), (players, seed)
        assert [str(c) for c in pos.stock] == ref.stock


@pytest.mark.parametrize("players", [3, 7])
def test_uno_hearts_undo_takes_every_trick_back_to_the_pass(players):
    for seed in range(4):
        pos, _, rng = referee_hand(players, seed)
        start = ([held(pos, s) for s in range(players)], [str(c) for c in pos.stock], pos.shown_voids(0))
        states = []
        while not pos.is_over():
            states.append(([held(pos, s) for s in range(players)], [won(pos, s) for s in range(players)],
                           [str(c) for c in pos.stock], [pos.shown_voids(s) for s in range(players)]))
            pos.push(rng.choice(sorted(names(pos.legal_moves()))))
        while states:
            pos.pop()
            assert ([held(pos, s) for s in range(players)], [won(pos, s) for s in range(players)],
                    [str(c) for c in pos.stock], [pos.shown_voids(s) for s in range(players)]) == states.pop()
        assert ([held(pos, s) for s in range(players)], [str(c) for c in pos.stock], pos.shown_voids(0)) == start


def test_uno_hearts_the_solver_refuses_it_by_name():
    # Two copies of a card: PIMC's solver refuses it, so the search is ISMCTS over the
    # two-copy sampler's worlds (tests/test_sampler_uno_hearts.py, test_search_uno_hearts.py).
    rules = uno_hearts_rules(4)
    hands, twins = ca.deal_twins(rules, 1)
    pos = ca.Position(rules, hands, twins=twins)
    for s in range(4):
        pos.set_pass(s, ca.CardSet(sorted(names(pos.hand(s)))[:3]))
    assert "two copies of a card" in solver_unsupported(pos, ca.MatchState([0] * 4))
