"""ISMCTS iterations per second: copas_ai against OpenSpiel's ISMCTSBot (random
rollouts) on the same fixed positions, one thread each, in one run. Rates are
iterations per second of CPU time (this machine is shared; CPU time is what the
search itself consumed).

    python bench/search_report.py [--iterations N] [--repeats R]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from peer import fixed_positions, peer_state  # noqa: E402

from copas_ai.search import Limit, Searcher  # noqa: E402


def ours_ips(position, iterations: int, repeats: int) -> float:
    rates = []
    for r in range(repeats):
        searcher = Searcher(seed=r + 1, algorithm="ismcts")
        start = time.process_time()
        result = searcher.search(position, position.turn, Limit(iterations=iterations))
        rates.append(result.iterations / (time.process_time() - start))
    return statistics.median(rates)


def peer_ips(position, simulations: int, repeats: int) -> float:
    import pyspiel

    rates = []
    for r in range(repeats):
        game, state = peer_state(position)
        evaluator = pyspiel.RandomRolloutEvaluator(1, r + 1)  # kept alive: the bot crashes if it is collected
        bot = pyspiel.ISMCTSBot(r + 1, evaluator, 0.7, simulations, -1)
        start = time.process_time()
        bot.step(state)
        rates.append(simulations / (time.process_time() - start))
        del bot, evaluator
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=100000)
    parser.add_argument("--peer-simulations", type=int, default=10000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"{'position':<28}{'copas_ai it/s':>15}{'OpenSpiel it/s':>16}{'ratio':>8}")
    ratios = []
    for position in fixed_positions():
        ours = ours_ips(position, args.iterations, args.repeats)
        peer = peer_ips(position, args.peer_simulations, args.repeats)
        ratios.append(ours / peer)
        label = f"after {len(position.moves)} cards"
        print(f"{label:<28}{ours:>15,.0f}{peer:>16,.0f}{ours / peer:>8.1f}")
    print(f"median ratio {statistics.median(ratios):.1f}x (medians of {args.repeats} runs, one thread each)")
    # Thread scaling: wall-clock iterations per second in one second of search.
    position = fixed_positions()[1]
    rates = {}
    for threads in (1, 2):
        runs = []
        for r in range(args.repeats):
            result = Searcher(seed=r + 1, threads=threads, algorithm="ismcts").search(
                position, position.turn, Limit(movetime_ms=1000))
            runs.append(result.iterations / (result.time_ms / 1000))
        rates[threads] = statistics.median(runs)
    print(f"threads: 1 -> {rates[1]:,.0f} it/s, 2 -> {rates[2]:,.0f} it/s (x{rates[2] / rates[1]:.2f}, wall clock)")


if __name__ == "__main__":
    main()
