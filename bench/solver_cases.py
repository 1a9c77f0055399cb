"""Fixed, seeded positions for the solver benchmarks.

A case is a deal from copas_ai.deal(rules, seed) played without a pass (hand
number 3) by uniformly random legal cards from random.Random(seed) until
`tricks_left` whole tricks remain; 13 tricks left is the deal itself.
"""

from __future__ import annotations

import random

import copas_ai

# Positions per depth: enough for a median, few enough for a short run.
CASE_COUNTS = {4: 40, 6: 20, 8: 12, 10: 8, 13: 3}
# Depths where the plain alpha-beta baseline finishes in reasonable time.
BASELINE_DEPTHS = (4, 6)
# A full deal may take long: stop a solve after this many nodes.
NODE_LIMIT = 400_000_000


def solver_case(variant: str, seed: int, tricks_left: int):
    rules = copas_ai.find_variant(variant).rules()
    pos = copas_ai.Position(rules, copas_ai.deal(rules, seed), dealer=3, hand_no=3)
    rng = random.Random(seed)
    while len(pos.moves) < 52 - 4 * tricks_left:
        pos.push(rng.choice(list(pos.legal_moves())))
    return pos


def solver_cases(variant: str, tricks_left: int, count: int | None = None):
    count = CASE_COUNTS[tricks_left] if count is None else count
    return [solver_case(variant, 10_000 + 101 * i + tricks_left, tricks_left) for i in range(count)]
