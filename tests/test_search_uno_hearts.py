"""The search on `uno-hearts` (docs/RULES.md §15, its Engine paragraph): ISMCTS over the
two-copy sampler's worlds (csrc/search/twin_sampler.h, uno_knowledge.h), the stock redealt
in each world; PIMC's solver refuses two copies, so `pimc` and `auto` run ISMCTS. The pass
is the playout policy's (heuristic_pass), unsearched, by default; with uno_pass_search it is
searched (the pass bandit, csrc/search/pass_search.h, over the same worlds before the pass),
one copy of each value a candidate."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from support.uno_hands import fill, position

import copas_ai as ca
from copas_ai.variants.uno_hearts import uno_hearts_rules

VARIANT = "uno-hearts"


def held(pos: ca.Position, seat: int) -> list[str]:
    return sorted((Counter(str(c) for c in pos.hand(seat)) + Counter(str(c) for c in pos.twins[seat])).elements())


def dealt_hand(players: int, seed: int, stock: list[str] | None = None):
    """A random deal (the stock's order as given, else the deal's own), random passes."""
    rules = uno_hearts_rules(players)
    rng = random.Random(seed)
    hands, twins = ca.deal_twins(rules, seed)
    pos = ca.Position(rules, hands, dealer=seed % players, twins=twins, stock=stock)
    passes = [rng.sample(held(pos, s), 3) for s in range(players)]
    for s, cards in enumerate(passes):
        pos.set_twin_pass(s, cards)
    return pos, rng, (rules, hands, twins)


def played_to(players: int, seed: int, plays: int, stock: list[str] | None = None) -> ca.Position:
    pos, rng, _ = dealt_hand(players, seed, stock)
    for _ in range(plays):
        pos.push(rng.choice(sorted(str(c) for c in pos.legal_moves())))
    return pos


def search(pos: ca.Position, algorithm: str = "auto", iterations: int = 400):
    return ca.Searcher(seed=9, algorithm=algorithm).search(pos, pos.turn, ca.Limit(iterations=iterations))


@pytest.mark.parametrize("players,plays", [(3, 10), (4, 21), (7, 30)])
@pytest.mark.parametrize("algorithm", ["ismcts", "pimc", "auto"])
def test_uno_hearts_search_runs_ismcts_over_the_two_copy_worlds(players, plays, algorithm):
    pos = played_to(players, players, plays)
    results = [search(pos, algorithm) for _ in range(2)]
    assert results[0].algorithm == "ismcts" and results[0].iterations == 400
    assert {str(m.move) for m in results[0].moves} == {str(c) for c in pos.legal_moves()}
    assert results[0].best == results[1].best and results[0].moves == results[1].moves  # seeded


def test_uno_hearts_search_does_not_read_the_stocks_order():
    # The same hand with the undrawn part of the stock reversed: the seat to move cannot
    # tell them apart, and the same seed searches them alike.
    for seed in range(30):
        pos = played_to(4, seed, 14)
        if len(pos.stock) < 2 or pos.is_over():
            continue
        drawn = [str(c) for c in pos.dealt_stock][: len(pos.dealt_stock) - len(pos.stock)]
        other = played_to(4, seed, 14, stock=drawn + [str(c) for c in reversed(pos.stock)])
        assert [str(c) for c in other.stock] != [str(c) for c in pos.stock]
        assert other.moves == pos.moves and held(other, other.turn) == held(pos, pos.turn)
        assert search(other).moves == search(pos).moves
        return
    pytest.fail("no seed left two different cards in the stock")


def test_uno_hearts_search_right_after_an_eight_swapped_the_leaders_hand():
    # The winner of a trick with an 8 swaps hands before leading: the search leads from the
    # hand it received (and knows the one it gave away).
    for seed in range(60):
        pos, rng, _ = dealt_hand(5, seed)
        while not pos.is_over():
            pos.push(rng.choice(sorted(str(c) for c in pos.legal_moves())))
            if pos.trick or pos.is_over() or not pos.hand_swaps(pos.tricks_done - 1):
                continue
            result = search(pos, iterations=300)
            assert {str(m.move) for m in result.moves} == {str(c) for c in pos.legal_moves()}
            assert result.iterations == 300
            return
    pytest.fail("no seed swapped a hand before the last trick")


def pass_search(pos: ca.Position, seat: int, iterations: int, seed: int = 1):
    return ca.Searcher(seed=seed, uno_pass_search=True).search(pos, seat, ca.Limit(iterations=iterations))


def test_uno_hearts_search_passes_the_playout_policys_pass_unsearched_by_default():
    rules = uno_hearts_rules(4)
    hands, twins = ca.deal_twins(rules, 4)
    pos = ca.Position(rules, hands, twins=twins)
    result = ca.Searcher(seed=1).search(pos, 2, ca.Limit(iterations=100))
    assert result.algorithm == "heuristic-pass" and result.iterations == 0
    assert result.best == ca.heuristic_pass(rules, pos.hand(2), 3)


def test_uno_hearts_pass_search_rates_every_pass_of_one_copy_each_and_repeats_with_a_seed():
    rules = uno_hearts_rules(4)
    hands, twins = ca.deal_twins(rules, 4)
    pos = ca.Position(rules, hands, twins=twins)
    assert len(pos.twins[2]) > 0  # the seat holds both copies of some value
    result = pass_search(pos, 2, 600)
    assert result.algorithm == "pass-ucb" and result.iterations == 600
    distinct = list(pos.hand(2))
    # The candidates: every 3 of the values held, one copy each (a value held twice passes one).
    assert sorted(str(m.move) for m in result.moves) == sorted(
        str(ca.CardSet(list(c))) for c in itertools.combinations(distinct, 3))
    assert sum(m.visits for m in result.moves) == 600
    assert max(result.moves, key=lambda m: m.visits).visits == next(m for m in result.moves if m.move == result.best).visits
    again = pass_search(pos, 2, 600)
    assert again.best == result.best and again.moves == result.moves  # seeded
    after = pos.copy()
    after.set_pass(2, result.best)  # legal: 3 cards of the hand
    assert len(after.passed_parts[2]) == 3 and after.passed_parts[2] == result.best


def test_uno_hearts_pass_search_does_not_read_the_other_seats_passes():
    # The passes are simultaneous: those already set are not the seat's to see.
    rules = uno_hearts_rules(4)
    hands, twins = ca.deal_twins(rules, 6)
    pos = ca.Position(rules, hands, twins=twins)
    passed = pos.copy()
    passed.set_pass(0, ca.CardSet(list(pos.hand(0))[:3]))
    passed.set_pass(3, ca.CardSet(list(pos.hand(3))[-3:]))
    assert pass_search(passed, 1, 300).moves == pass_search(pos, 1, 300).moves


def mean_of(moves, keep) -> float:
    chosen = [m for m in moves if keep(m.move)]
    return sum(m.score * m.visits for m in chosen) / sum(m.visits for m in chosen)


@pytest.mark.parametrize("fixed,wanted", [
    # The Q♠ with the A♠ and K♠ and no other spade, the rest low: she goes.
    (["QS", "AS", "KS", "2C", "3C", "4C", "5C", "6C", "2D", "3D", "4D", "5D", "6D"], {"QS"}),
    # Both copies of the A♥, K♥ and Q♥, the rest low clubs: a high heart goes.
    (["AH", "AH", "KH", "KH", "QH", "QH", "2C", "3C", "4C", "5C", "6C", "7C", "9C"], {"AH", "KH", "QH"}),
])
def test_uno_hearts_pass_search_sheds_the_dangerous_cards_of_a_constructed_hand(fixed, wanted):
    rules = uno_hearts_rules(4)
    hands, stock = fill(4, [fixed, [], [], []], seed=5)
    pos = position(rules, hands, stock, dealer=3)
    result = pass_search(pos, 0, 6000)
    assert any(str(c) in wanted for c in result.best), result.best
    # Keeping them costs more points on average than passing them.
    danger = lambda cards: any(str(c) in wanted for c in cards)
    assert mean_of(result.moves, danger) < mean_of(result.moves, lambda cards: not danger(cards))
