"""The search under tricks of variable length (`copas-fora+nines-extend`,
`spanish+sixes-extend`; docs/RULES.md §2.3 A21): the world sampler stays exact and
uniform when a seat showed a void only in a trick's second round, ISMCTS plays such
positions, and PIMC, whose solver refuses these rules (solver_unsupported names A21),
searches them with ISMCTS instead.
"""

from __future__ import annotations

import random

import pytest
from support.sampler_oracle import check_exact_count_and_uniformity, no_pass_hand_no

import copas_ai as ca
from copas_ai.search import Limit, Searcher

VARIANTS = ["copas-fora+nines-extend", "spanish+sixes-extend"]


def _round_two_void(pos: ca.Position) -> int | None:
    """A seat that followed the led suit in the first round of an extended trick and
    failed to in its second round (the void it showed there), or None."""
    n = pos.players
    moves = pos.moves
    starts = pos.trick_starts
    for a, b in zip(starts, starts[1:]):
        if b - a != 2 * n:
            continue
        led = moves[a][1].suit
        for i in range(n):
            first, second = moves[a + i], moves[a + n + i]
            if first[1].suit == led and second[1].suit != led:
                return first[0]
    return None


def _late_position(variant_id: str, seed: int, left: int, me: int) -> ca.Position:
    """A random no-pass hand played until seat `me` holds `left` cards, mid-trick when
    another seat is to play."""
    rules = ca.find_variant(variant_id).rules()
    rng = random.Random(seed)
    pos = ca.Position(rules, ca.deal(rules, seed), dealer=rules.players - 1, hand_no=no_pass_hand_no(rules))
    while not pos.is_over() and (len(pos.hand(me)) > left or pos.turn == me and pos.trick):
        pos.push(rng.choice(sorted(pos.legal_moves(), key=int)))
    return pos


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_nines_extend_sampler_exact_and_uniform_after_a_second_round_void(variant_id):
    """<variant_id>: a position where another seat showed a void only in an extended
    trick's second round: the sampler counts exactly the worlds the independent
    enumeration (replaying the history from each world) finds, and draws them uniformly."""
    me = 0
    for seed in range(400):
        pos = _late_position(variant_id, seed, 3, me)
        voided = _round_two_void(pos)
        if not pos.is_over() and voided is not None and voided != me and pos.trick:
            break
    else:
        raise AssertionError("no seed gives a second-round void")
    worlds = check_exact_count_and_uniformity(pos, me, seed=seed)
    assert len(worlds) > 1
    assert pos.trick_starts[-1] < len(pos.moves)  # mid-trick


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_nines_extend_ismcts_plays_inside_a_second_round(variant_id):
    """<variant_id>: ISMCTS searched in a trick's second round answers one of the legal
    cards (the led suit when the seat holds it), with every iteration a playout of
    tricks of variable length."""
    for seed in range(200):
        pos = _late_position(variant_id, seed, 6, 1)
        if not pos.is_over() and pos.trick_size == 2 * pos.players and len(pos.trick) >= pos.players:
            break
    else:
        raise AssertionError("no seed reaches a second round")
    result = Searcher(seed=3, algorithm="ismcts").search(pos, pos.turn, Limit(iterations=600))
    assert result.algorithm == "ismcts" and result.iterations == 600
    assert result.best in pos.legal_moves()


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_nines_extend_pimc_falls_back_to_ismcts(variant_id):
    """<variant_id>: PIMC (and auto near the end) cannot solve worlds whose tricks may
    have a second round: the search runs ISMCTS and answers a legal card."""
    pos = _late_position(variant_id, 5, 3, 0)
    assert not pos.is_over()
    assert "A21" in ca.solver_unsupported(pos.rules)
    for algorithm in ("pimc", "auto"):
        result = Searcher(seed=2, algorithm=algorithm).search(pos, pos.turn, Limit(iterations=300))
        assert result.algorithm == "ismcts"
        assert result.best in pos.legal_moves()


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_nines_extend_random_hands_play_out(variant_id):
    """<variant_id>: the core's random-hand driver (the simulator's loop, with its
    extended tricks) plays thousands of hands, every card of each deal."""
    rules = ca.find_variant(variant_id).rules()
    stats = ca.random_hands(rules, 2000, 11)
    assert stats["plays"] == 2000 * rules.players * rules.hand_size
