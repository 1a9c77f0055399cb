"""`domino`'s sampler from the whole history is bounded (docs/RULES.md §17): its cases
(one per history of the face-down discards) share one budget of counting-table entries
(WorldSampler.kMaxDominoCaseEntries, 2^21), and past it, as past its cases, parts or walk
steps, the sampler reads the seats' current voids alone (`case_count` 0). Without the
budget, the position below built 48 cases of 45 million entries (720 MB, 0.7 s) before
the search's first iteration.

The hand: 4 seats, `Match.new("domino", 4, seed=6)`, the cards the heuristic played
(fixed here, so the position does not move with the heuristic)."""

from __future__ import annotations

import pytest

from copas_ai._core import WorldSampler
from copas_ai.game import Match

VARIANT = "domino"
PLAYS = ("2D KD 7D 3D 4C KC JC AC 7S 5S 9S 2S 5D QD 9D AD 6S 4S QS 8S 6D 4D AH JD TD 9C 6C 2C 8C "
         "3H 5H QH 8H AS KS AH AH JH").split()


def _position(plays: int):
    position = Match.new(VARIANT, 4, seed=6).deal_next_hand()
    for card in PLAYS[:plays]:
        position.push(card)
    return position


@pytest.mark.parametrize("plays, cases", [
    (4, 1),    # trick 2, nothing face down yet: one history
    (23, 4),   # a face-down discard: a case per part it may have left
    (38, 48),  # 48 cases within the budget
])
def test_domino_positions_within_the_limits_are_sampled_from_the_whole_history(plays, cases):
    position = _position(plays)
    sampler = WorldSampler(position, position.turn)
    assert sampler.ready and sampler.case_count == cases


def test_domino_position_past_the_case_table_budget_reads_the_current_voids_alone():
    position = _position(37)  # 48 cases whose tables hold over 2^21 entries
    seat = position.turn
    sampler = WorldSampler(position, seat)
    assert sampler.ready and sampler.case_count == 0
    counts = [len(position.hands[s]) for s in range(4)]
    for seed in range(50):
        world = sampler.sample_position(seed)
        assert world.hands[seat] == position.hands[seat]
        assert [len(world.hands[s]) for s in range(4)] == counts
        for other in set(range(4)) - {seat}:
            assert not {card.suit for card in world.hands[other]} & set(position.shown_voids(other))
