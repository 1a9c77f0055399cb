"""The solver with helper threads (Solver(threads=n)): the same exact values.

Helpers search the owner's null-window tests in another order and share the
table, so a position's value, and the value of each legal card, must equal
those of a one-thread solver. Checked on american, copas-fora and teams
endgames of five to eight tricks (moons included in the "feeding" kind), and on
the brute-force reference of tests/support/solver_oracle.py for short ones.
"""

from __future__ import annotations

import pytest

from copas_ai import _core

from support.endgames import endgames
from support.solver_oracle import brute_force_moves


@pytest.mark.parametrize("variant", ["american", "copas-fora", "teams"])
@pytest.mark.parametrize("kind", ["random", "hoarding", "feeding"])
def test_two_threads_give_the_one_thread_values(variant, kind):
    """american / copas-fora / teams, 5-8 tricks left: solve and solve_moves with
    two threads equal one thread's, position after position on the same solvers."""
    one = _core.Solver(hash_mb=8)
    two = _core.Solver(hash_mb=8, threads=2)
    for tricks_left, count in ((5, 4), (6, 3), (8, 1)):
        for pos in endgames(variant, kind, tricks_left, count, base_seed=9100):
            assert two.solve(pos) == one.solve(pos), f"solve: {pos.hands} trick {pos.trick}"
            assert two.solve_moves(pos) == one.solve_moves(pos), f"solve_moves: {pos.hands}"


@pytest.mark.parametrize("threads", [2, 3])
def test_threads_match_the_brute_force_on_short_endgames(threads):
    """american, 2-3 tricks left, feeding play (moons on): three-thread and
    two-thread solvers against the independent minimax."""
    solver = _core.Solver(hash_mb=4, threads=threads)
    for tricks_left, count in ((2, 40), (3, 15)):
        for pos in endgames("american", "feeding", tricks_left, count, base_seed=9300):
            want = brute_force_moves(pos)
            assert solver.solve_moves(pos) == want
            assert solver.solve(pos) == min(want.values())


def test_a_node_limit_still_ends_a_threaded_solve():
    """american, 10 tricks left: with helpers running, the node limit raises
    TimeoutError, and the solver answers the next position exactly."""
    solver = _core.Solver(hash_mb=8, threads=2)
    big = next(endgames("american", "random", 10, 1, base_seed=9500))
    with pytest.raises(TimeoutError):
        solver.solve(big, node_limit=20_000)
    small = next(endgames("american", "random", 3, 1, base_seed=9501))
    assert solver.solve(small) == min(brute_force_moves(small).values())


@pytest.mark.parametrize("threads", [1, 2])
def test_the_node_limit_and_the_node_count_cover_every_thread(threads):
    """american, 10 tricks left, limit 100,000 nodes: the solve stops once all its
    threads together pass the limit, and `nodes` counts them all. Helpers' counts
    are read every 4,096 of their nodes, so two threads may overshoot by a few
    of those; one thread stops at the limit exactly."""
    limit = 100_000
    solver = _core.Solver(hash_mb=8, threads=threads)
    big = next(endgames("american", "random", 10, 1, base_seed=9500))
    with pytest.raises(TimeoutError):
        solver.solve(big, node_limit=limit)
    if threads == 1:
        assert solver.nodes == limit + 1
    else:
        assert limit < solver.nodes <= limit + 8 * 4096


def test_threads_are_reported_and_checked():
    assert _core.Solver(hash_mb=2, threads=2).threads == 2
    assert _core.Solver(hash_mb=2).threads == 1
    with pytest.raises(ValueError, match="threads must be between 1 and 256"):
        _core.Solver(hash_mb=2, threads=0)
