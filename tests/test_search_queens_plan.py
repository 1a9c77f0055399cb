"""queens' pass plan (docs/RULES.md §11) searched by the engine: every plan evaluated
over the same sampled worlds (csrc/search/decision_search.cpp), each world's passes
and play by the playout policy, valued as the dealer's hand score less the others'
mean (lower is better). Seeded: a dealer holding the Q♠ with the A♠ and K♠, the Q♣,
Q♦, Q♥ and high hearts passes (not passing is the worst plan); a dealer with only
low cards keeps them (it can only receive worse).

Seat 0 deals and holds only the cards named (build_deal's voids).
"""

import pytest
from support.hands import build_deal

import copas_ai as ca
from copas_ai.search import Limit, Searcher

DANGEROUS = {0: "QS AS KS QD QC AH KH QH 2C 3C 4C 5C 6C"}
LOW = {0: "2S 3S 4S 5S 2D 3D 4D 5D 2C 3C 4C 5C 6C"}


def plan_search(spec: dict[int, str], seed: int):
    rules = ca.find_variant("queens").rules()
    pos = ca.Position(rules, build_deal(spec, {0: "CDHS"}), dealer=0, hand_no=0)
    result = Searcher(seed=seed).search(pos, 0, Limit(iterations=300))
    assert result.algorithm == "decision-sampled"
    assert sorted(m.move for m in result.moves) == sorted(f"0:{c}" for c in pos.decision_choices)
    return result


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_queens_plan_search_passes_a_dangerous_hand(seed):
    """queens (seed <seed>): Q♠ A♠ K♠ with the three other queens and A♥ K♥: the search chooses a
    plan that passes, and `plan=none` (keeping all of it) has the worst value of the eleven."""
    result = plan_search(DANGEROUS, seed)
    assert result.best != "0:plan=none"
    worst = max(result.moves, key=lambda m: m.score)
    assert worst.move == "0:plan=none"


@pytest.mark.parametrize("seed", [1, 2])
def test_queens_plan_search_keeps_a_hand_of_low_cards(seed):
    """queens (seed <seed>): thirteen low cards (2-6): any pass only brings worse cards in, so the
    search chooses `plan=none`."""
    assert plan_search(LOW, seed).best == "0:plan=none"


def test_queens_plan_search_is_deterministic_for_a_seed():
    """queens: the same seed and iterations give the same statistics."""
    runs = [plan_search(DANGEROUS, 7) for _ in range(2)]
    assert [(m.move, m.score, m.visits) for m in runs[0].moves] == [(m.move, m.score, m.visits) for m in runs[1].moves]
