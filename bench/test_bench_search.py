"""pytest-benchmark: ISMCTS iterations per second on fixed positions (one thread),
OpenSpiel's ISMCTSBot on the same positions in the same run, and 1 vs 2 threads.
The full comparison table comes from bench/search_report.py."""

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from peer import fixed_positions, peer_state  # noqa: E402

from copas_ai.search import Limit, Searcher  # noqa: E402

POSITIONS = fixed_positions()


@pytest.mark.parametrize("index", range(len(POSITIONS)), ids=lambda i: f"pos{i}")
def test_ismcts_iterations(benchmark, index):
    position = POSITIONS[index]
    searcher = Searcher(seed=1, algorithm="ismcts")
    result = benchmark.pedantic(lambda: searcher.search(position, position.turn, Limit(iterations=20000)),
                                rounds=3, iterations=1)
    benchmark.extra_info["iterations_per_s"] = 20000 / benchmark.stats.stats.median
    assert result.iterations == 20000


@pytest.mark.parametrize("index", range(len(POSITIONS)), ids=lambda i: f"pos{i}")
def test_openspiel_ismcts_simulations(benchmark, index):
    pyspiel = pytest.importorskip("pyspiel")
    position = POSITIONS[index]

    def run():
        game, state = peer_state(position)
        evaluator = pyspiel.RandomRolloutEvaluator(1, 1)
        bot = pyspiel.ISMCTSBot(1, evaluator, 0.7, 2000, -1)
        action = bot.step(state)
        del bot, evaluator
        return action

    benchmark.pedantic(run, rounds=3, iterations=1)
    benchmark.extra_info["iterations_per_s"] = 2000 / benchmark.stats.stats.median


@pytest.mark.parametrize("threads", [1, 2])
def test_thread_scaling(benchmark, threads):
    position = POSITIONS[1]
    searcher = Searcher(seed=1, threads=threads, algorithm="ismcts")
    result = benchmark.pedantic(lambda: searcher.search(position, position.turn, Limit(movetime_ms=300)),
                                rounds=3, iterations=1)
    benchmark.extra_info["iterations_per_s"] = result.iterations / (result.time_ms / 1000)
    assert result.iterations > 0
