"""pytest-benchmark, CI-sized: the `bench` command's fixed-position searches
(copas_ai.cli.bench, 300 iterations a position) and arena throughput (duplicate
games per second, heuristic vs random, one process). Each records its rate in
extra_info; `--benchmark-json=FILE` keeps them.

    python -m pytest bench/test_bench_arena.py --benchmark-only
"""

from __future__ import annotations

from copas_ai.arena import ArenaConfig, RunOptions, run_arena
from copas_ai.cli.bench import run_bench

BENCH_ITERATIONS = 300
ARENA_DEALS = 20


def test_bench_command_positions(benchmark):
    result = benchmark.pedantic(run_bench, args=(BENCH_ITERATIONS,), rounds=3, iterations=1)
    benchmark.extra_info["iterations"] = result.iterations
    benchmark.extra_info["iterations_per_s"] = round(result.iterations / benchmark.stats.stats.median)
    benchmark.extra_info["signature"] = f"{result.signature:08x}"


def test_bench_arena_games(benchmark):
    config = ArenaConfig(("heuristic", "random"), deals=ARENA_DEALS, seed=1)
    summary = benchmark.pedantic(run_arena, args=(config, RunOptions(workers=1)), rounds=3, iterations=1)
    benchmark.extra_info["games_per_s"] = round(summary.games / benchmark.stats.stats.median, 1)
    assert summary.games == 2 * ARENA_DEALS
