"""turbo's charge (docs/RULES.md §8, A33) searched by the engine: every choice evaluated
over the same sampled worlds (csrc/search/decision_search.cpp), valued as the seat's
hand score less the others' mean. Seeded: it charges the Q♠ when a long run of low
spades guards it and not when it is unguarded; the heuristic bot's charge rule.

Seat 0 decides first (dealer 3, hand_no 3: no pass). The other hands are dealt by
support.hands.build_deal.
"""

import pytest
from support.hands import position

import copas_ai as ca
from copas_ai.search import Limit, Searcher

LONG_SAFE = {0: "QS 2S 3S 4S 5S 6S 3C 4C 5C 2D 3D 4D 5D"}
QUEEN_WITH_ACE = {0: "QS AS 3C 4C 5C 6C 2D 3D 4D 5D 6D 7D 8D"}
QUEEN_ALONE = {0: "QS 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 7D 8D"}


def best_charge(spec: dict[int, str], seed: int) -> str:
    result = Searcher(seed=seed).search(position("turbo", spec), 0, Limit(iterations=400))
    assert result.algorithm == "decision-sampled"
    assert sorted(m.move for m in result.moves) == sorted(f"0:{c}" for c in position("turbo", spec).decision_choices)
    return result.best


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_turbo_search_charges_the_queen_guarded_by_five_low_spades(seed):
    """turbo (seed <seed>): Q♠ with 2♠-6♠: the Q♠ can be kept until another seat must take it,
    so charging it (26 to its taker) is chosen."""
    assert best_charge(LONG_SAFE, seed) == "0:charge=QS"


@pytest.mark.parametrize("spec", [QUEEN_WITH_ACE, QUEEN_ALONE], ids=["with the ace", "alone"])
@pytest.mark.parametrize("seed", [1, 2])
def test_turbo_search_does_not_charge_an_unguarded_queen(spec, seed):
    """turbo (seed <seed>): a Q♠ with no lower spade (<spec>) is not charged: A34 then forces it
    onto the first spade trick or the seat takes it, at 26."""
    assert best_charge(spec, seed) != "0:charge=QS"


def test_turbo_charge_search_is_deterministic_for_a_seed():
    """turbo: the same seed and iterations give the same statistics."""
    runs = [Searcher(seed=7).search(position("turbo", LONG_SAFE), 0, Limit(iterations=100)) for _ in range(2)]
    assert [(m.move, m.score, m.visits) for m in runs[0].moves] == [(m.move, m.score, m.visits) for m in runs[1].moves]


def test_turbo_heuristic_charges_the_queen_only_with_four_lower_spades():
    """turbo: the heuristic bot (and the playouts) charge the Q♠ held with at least four lower
    spades, and nothing otherwise."""
    assert ca._core.heuristic_decision(position("turbo", LONG_SAFE)) == "charge=QS"
    four_below = {0: "QS 2S 3S 4S 5S AS", 1: "6S 7S 8S 9S TS JS KS"}  # seat 1 holds the other spades
    three_below = {0: "QS 2S 3S 4S AS KS", 1: "5S 6S 7S 8S 9S TS JS"}
    assert ca._core.heuristic_decision(position("turbo", four_below)) == "charge=QS"
    assert ca._core.heuristic_decision(position("turbo", three_below)) == "charge=none"
    assert ca._core.heuristic_decision(position("turbo", QUEEN_WITH_ACE)) == "charge=none"


def test_turbo_search_of_a_later_seat_ignores_the_charges_made_before_it():
    """turbo A33: seat 1 decides without seeing seat 0's charge: the same search whatever seat 0 chose."""
    results = []
    for first in ("charge=QS", "charge=none"):
        pos = position("turbo", LONG_SAFE)
        pos.decide(first)
        r = Searcher(seed=5).search(pos, 1, Limit(iterations=100))
        results.append([(m.move, m.score) for m in r.moves])
    assert results[0] == results[1]
