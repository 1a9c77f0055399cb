"""The solver's PEXT/PDEP ways (position_key.cpp, rank_equivalence.cpp: taken
where the CPU has BMI2 fast) and its portable ways search the same tree: the same
value and the same node count on every position. COPAS_PORTABLE_SELECT=1 in the
environment forces the portable ways, so each way runs in its own process. (On a
CPU without a fast BMI2 both runs are portable.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys

# Plain game, options (jd-bonus's J♦ and ten-of-death's 10♣ are card classes of
# their own), teams, three seats, and a rank order that is not face order.
VARIANTS = [
    "american",
    "copas-fora",
    "copas-fora+jd-bonus+ten-of-death+clean-hand+super-moon",
    "teams",
    "three-five",
    "spanish+sueca-order",
]

# Each variant's no-pass hand number (three seats pass on hands 0, 1 and 3).
NO_PASS = {"three-five": 2}

SCRIPT = """
import json, random
import copas_ai as ca
solver = ca.Solver(hash_mb=8)
out = {{}}
for variant in {variants!r}:
    rules = ca.find_variant(variant).rules()
    rows = []
    for i in range(8):
        seed = 4000 + 31 * i
        pos = ca.Position(rules, ca.deal(rules, seed), dealer=0, hand_no={no_pass!r}.get(variant, 3))
        rng = random.Random(seed)
        plays = rules.players * (rules.hand_size - 5 - i % 2) + i % 3  # 5 or 6 tricks left, 0-2 cards down
        while len(pos.moves) < plays and not pos.is_over():
            pos.push(rng.choice(sorted(pos.legal_moves(), key=lambda c: c.index)))
        if pos.is_over():
            continue
        solver.clear()
        value = solver.solve(pos)
        rows.append([len(pos.moves), value, solver.nodes])
    out[variant] = rows
print(json.dumps(out))
"""


def solve_all(portable: str) -> dict:
    script = SCRIPT.format(variants=VARIANTS, no_pass=NO_PASS)
    env = dict(os.environ, COPAS_PORTABLE_SELECT=portable)
    run = subprocess.run([sys.executable, "-c", script], env=env, check=True, capture_output=True, text=True)
    return json.loads(run.stdout)


def test_solver_pext_and_portable_lanes_search_the_same_tree_on_five_and_six_trick_endgames():
    """american, copas-fora (+ every scoring option), teams, three-five and spanish
    with sueca-order, five and six tricks left: solve gives the same value after the
    same number of nodes with the PEXT key and run representatives as with the
    portable ones (node counts differ as soon as a key or a run differs)."""
    fast, portable = solve_all("0"), solve_all("1")
    assert fast == portable
    assert all(len(rows) >= 6 for rows in fast.values())
