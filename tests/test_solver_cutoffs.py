"""Enhanced transposition cutoffs (csrc/solver/enhanced_cutoffs.cpp) against the
plain alpha-beta (no table, ordering, equivalence or bounds).

Where a card of the root's side ends the trick, the solver probes each child's
trick-start bounds and table entry before searching any, and takes the first
child already known to refute. The probes read what earlier searches stored, so
the checks keep one solver (and its table) across positions of the same deals.
"""

from __future__ import annotations

import random

import pytest

import copas_ai as ca
from copas_ai import _core


def root_plays_last(variant: str, seed: int, tricks_left: int):
    """A seeded random deal of `variant` played randomly until `tricks_left` tricks
    remain and three cards of the next trick are down: the seat to act ends the trick."""
    rules = ca.find_variant(variant).rules()
    rng = random.Random(seed)
    pos = ca.Position(rules, ca.deal(rules, seed), dealer=3, hand_no=3)  # hand_no 3: no pass
    while len(pos.moves) < 52 - 4 * tricks_left + 3:
        pos.push(rng.choice(list(pos.legal_moves())))
    return pos


@pytest.mark.parametrize("variant", ["american", "copas-fora", "copas-fora+jd-bonus+ten-of-death+clean-hand", "teams"])
def test_root_ending_the_trick_takes_known_refutations_soundly(variant):
    """<variant>, five tricks left, the root seat (with teams: its side) to play the
    last card of the trick: solve and the best solve_moves value equal the plain
    alpha-beta; the table (the cutoffs' source) is warmed by MTD(f)'s earlier
    passes and by the positions before."""
    solver = _core.Solver(hash_mb=8)
    for seed in range(30):
        pos = root_plays_last(variant, 500 + seed, 5)
        want = _core.solve_plain(pos)[0]
        assert solver.solve(pos) == want, f"solve: seed {seed}"
        assert min(solver.solve_moves(pos).values()) == want, f"solve_moves: seed {seed}"


def test_a_solve_stopped_inside_a_probe_leaves_the_solver_sound():
    """american, five tricks left, the root to play last to the trick: solves cut
    short by node limits of every size up to the whole solve (some end inside a
    probe of a child) leave the next full solve equal to the plain alpha-beta."""
    pos = root_plays_last("american", 503, 5)
    want = _core.solve_plain(pos)[0]
    solver = _core.Solver(hash_mb=8)
    solver.solve(pos)
    total = solver.nodes
    for limit in range(1, total, max(1, total // 300)):
        solver.clear()
        with pytest.raises(TimeoutError):
            solver.solve(pos, node_limit=limit)
        solver.clear()
        assert solver.solve(pos) == want, f"after a stop at {limit} nodes"
