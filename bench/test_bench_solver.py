"""Solver benchmarks (pytest-benchmark): time per solve of fixed seeded
positions at 4, 6, 8, 10 and 13 tricks left, each solve from an empty table,
with the plain alpha-beta baseline in the same run where it finishes (4 and 6
tricks). Nodes per solve go into extra_info. Run:

    VENV/bin/python -m pytest bench/test_bench_solver.py --benchmark-columns=median,mean,rounds

bench/solver_report.py prints the same figures as one table.
"""

from __future__ import annotations

import itertools
import statistics

import pytest

from copas_ai import _core
from solver_cases import BASELINE_DEPTHS, CASE_COUNTS, NODE_LIMIT, solver_cases

DEPTHS = sorted(CASE_COUNTS)


@pytest.fixture(scope="module")
def solver():
    return _core.Solver(hash_mb=64)


@pytest.mark.parametrize("tricks_left", DEPTHS)
def test_bench_solver(benchmark, solver, tricks_left):
    positions = solver_cases("american", tricks_left)
    nodes = []
    turn = itertools.cycle(positions)

    def setup():
        solver.clear()  # every solve starts from an empty table
        return (next(turn),), {}

    def solve(pos):
        try:
            solver.solve(pos, node_limit=NODE_LIMIT)
        except TimeoutError:
            pass
        nodes.append(solver.nodes)

    benchmark.pedantic(solve, setup=setup, rounds=len(positions), iterations=1)
    benchmark.extra_info["median_nodes"] = statistics.median(nodes)
    benchmark.extra_info["positions"] = len(positions)


@pytest.mark.parametrize("tricks_left", BASELINE_DEPTHS)
def test_bench_plain_baseline(benchmark, tricks_left):
    positions = solver_cases("american", tricks_left)
    nodes = []
    turn = itertools.cycle(positions)

    def setup():
        return (next(turn),), {}

    def solve(pos):
        nodes.append(_core.solve_plain(pos)[1])

    benchmark.pedantic(solve, setup=setup, rounds=len(positions), iterations=1)
    benchmark.extra_info["median_nodes"] = statistics.median(nodes)
    benchmark.extra_info["positions"] = len(positions)
