"""The world sampler under queens' dealer's plan (docs/RULES.md §11): the plan is
public, so a seat knows where each part of its pass went (a split plan sends its
parts to two seats) and every world keeps those cards, still unplayed, with their
receivers. Small late positions are enumerated in full by the independent reference
(tests/support/sampler_oracle.py) and the sampler's count and uniformity checked
against it (chi-square).
"""

import pytest
from support.sampler_oracle import check_exact_count_and_uniformity, pass_parts_sent, random_position

import copas_ai as ca
from copas_ai._core import WorldSampler

RULES = ca.find_variant("queens").rules()


def late_position(plan: str, plays: int, me: int) -> ca.Position:
    """A seed whose position, `plays` cards in, still has a card of each part of me's pass out
    with its receiver, and another seat's shown void."""
    for seed in range(300):
        p = random_position(RULES, seed, 0, plays, keep_passed_by=me, plan=plan)
        parts_out = all(sent & p.hand(receiver).bits for receiver, sent in pass_parts_sent(p, me))
        if parts_out and any(p.shown_voids(s) for s in range(4) if s != me):
            return p
    raise AssertionError("no seed gives the situation")


@pytest.mark.parametrize("plan, plays, me", [("2l1a", 40, 0), ("1r2a", 41, 1), ("2l1r", 42, 2), ("3a", 40, 3),
                                              ("1l1r1a", 40, 1), ("1l1r1a", 41, 2)])
def test_queens_plan_world_count_is_exact_and_samples_are_uniform(plan, plays, me):
    """queens, plan <plan>, <plays> cards played: seat <me>'s sampler holds each part of its pass
    with that part's receiver, counts exactly the worlds the enumeration finds and draws them
    uniformly."""
    p = late_position(plan, plays, me)
    sampler = WorldSampler(p, me)
    for receiver, sent in pass_parts_sent(p, me):
        assert sampler.must_hold(receiver).bits & sent & p.hand(receiver).bits
    worlds = check_exact_count_and_uniformity(p, me, seed=plays)
    assert len(worlds) > 1
