"""How long the search's sampler takes to build in domino (its knowledge, cases and
counting tables: once per search, before the first iteration), at every position of hands
played by the heuristic, for the seat to move, and how often it is built from the whole
history of draws and discards (`case_count` > 0) rather than the current voids alone (the
fallback past its limits), by tricks played. Prints the median, the 90th and 99th
percentiles, the largest and the sum of the build times (docs/BENCHMARKS.md, "domino's
worlds from the whole history").

    python bench/domino_sampler_build_time.py --players 4 --hands 10
"""

from __future__ import annotations

import argparse
import statistics
import time

from copas_ai._core import WorldSampler
from copas_ai.bots import make_bot
from copas_ai.game import Match

BANDS = ((0, 3, "tricks 1-3"), (3, 6, "tricks 4-6"), (6, 99, "trick 7 on"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hands", type=int, default=10)
    args = parser.parse_args()
    times = []
    whole = {label: [0, 0] for _, _, label in BANDS}  # from the whole history, positions
    for seed in range(args.hands):
        position = Match.new("domino", args.players, seed=seed).deal_next_hand()
        bots = [make_bot("heuristic", seed=seed * 10 + s) for s in range(args.players)]
        while not position.is_over():
            seat = position.turn
            start = time.perf_counter()
            sampler = WorldSampler(position, seat)
            times.append(time.perf_counter() - start)
            label = next(label for lo, hi, label in BANDS if lo <= position.tricks_done < hi)
            whole[label][0] += sampler.case_count > 0 or not position.moves  # the first lead: no history yet
            whole[label][1] += 1
            position.push(bots[seat].choose_card(position, seat), seat=seat)
    times.sort()
    ms = [1000 * t for t in times]
    print(f"domino, {args.players} seats, {len(ms)} positions: median {statistics.median(ms):.2f} ms, "
          f"90% {ms[int(0.9 * len(ms))]:.1f} ms, 99% {ms[int(0.99 * len(ms))]:.1f} ms, largest {ms[-1]:.1f} ms, "
          f"sum {sum(times):.1f} s")
    print("from the whole history: " + ", ".join(
        f"{label} {100 * n / total:.1f}% ({total})" for label, (n, total) in whole.items() if total))


if __name__ == "__main__":
    main()
