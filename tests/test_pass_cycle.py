"""Each hand's pass, hand by hand: a Position copies its hand's plan from the rules'
derived table (RuleView, one plan per hand of the cycle) instead of resolving the
cycle's directions at every reset; the copy must be RuleSet.pass_plan for that hand
number in every registered variant, over two of the longest cycles (the kitty-swap pool in
every hand, split passes with both parts, the empty plan of a hold hand).
"""

from __future__ import annotations

import pytest
from support.hands import dealt_position

import copas_ai as ca

MAX_CYCLE = 8  # kMaxPassCycle: the longest cycle a RuleSet holds

# Each family's default seat count, and the pass options that change the plan's shape.
CASES = sorted(set(ca.variant_ids()) | {"copas-fora+split-pass", "copas-fora+kitty-swap", "three-five@5"})


def rules_of(case: str):
    name, _, players = case.partition("@")
    variant = ca.find_variant(name)
    return variant.rules(int(players)) if players else variant.rules()


@pytest.mark.parametrize("case", CASES)
def test_every_hands_plan_is_the_rules_plan_for_that_hand(case):
    rules = rules_of(case)
    if rules.dealer_plans_pass:
        pytest.skip("queens: the dealer plans each hand's pass (tests/test_rules_queens.py)")
    for hand_no in range(2 * MAX_CYCLE + 1):
        position = dealt_position(rules, hand_no, hand_no=hand_no)
        assert position.pass_plan == rules.pass_plan(hand_no), (case, hand_no)


def test_copas_fora_cycle_left_right_across_hold_hand_by_hand():
    # copas-fora (docs/RULES.md §2.1): left, right, across, hold, then again.
    rules = ca.find_variant("copas-fora").rules()
    plans = [ca.Position(rules, ca.deal(rules, 1), hand_no=h).pass_plan for h in range(5)]
    assert plans == [[(1, 3)], [(3, 3)], [(2, 3)], [], [(1, 3)]]
