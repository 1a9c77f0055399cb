"""Random full hands per second: copas_ai's C++ simulator against OpenSpiel's C++
Hearts played by four uniform random bots, as a one-line summary for the README.

    python bench/random_hands_report.py [--repeats 7]

A hand is: deal, pass (copas_ai cycles left, right, across, none; OpenSpiel draws
the direction at random), uniformly random legal plays, score. copas_ai plays a
batch in one C++ call (copas_ai.random_hands); OpenSpiel plays each hand with
pyspiel.evaluate_bots on a fresh "hearts" state (qs_breaks_hearts=False, as
american). Both run on one core; the figures are medians over the repeats of hands
per second of the process's CPU time (time.process_time), which other work on a
shared machine disturbs far less than wall-clock time (on an idle machine the two
agree). bench/test_bench_random_hands.py times the same two functions, with the
same clock, under pytest-benchmark.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Callable

import pyspiel

import copas_ai as ca

AMERICAN = ca.find_variant("american").rules()
COPAS_BATCH = 200_000  # hands per copas_ai.random_hands call
OPENSPIEL_BATCH = 2_000  # hands per batch, one evaluate_bots call each


def copas_hands(count: int, seed: int) -> int:
    """Plays `count` random american hands in one call into C++; returns the hands played."""
    return ca.random_hands(AMERICAN, count, seed)["hands"]


def openspiel_hands(count: int, seed: int) -> int:
    """Plays `count` random OpenSpiel hearts hands; returns the hands played."""
    game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False})
    bots = [pyspiel.make_uniform_random_bot(player, seed + player) for player in range(4)]
    for i in range(count):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + i)
    return count


def median_hands_per_second(play: Callable[[int, int], int], count: int, repeats: int) -> float:
    play(max(count // 20, 1), 0)  # warm-up
    rates = []
    for repeat in range(1, repeats + 1):
        start = time.process_time()
        hands = play(count, repeat)
        rates.append(hands / (time.process_time() - start))
    return statistics.median(rates)


def summary(copas_rate: float, openspiel_rate: float) -> str:
    return (
        f"copas_ai {copas_rate:,.0f} hands/s, OpenSpiel {openspiel_rate:,.0f} hands/s, "
        f"ratio {copas_rate / openspiel_rate:,.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="timed batches per side (default 7)")
    args = parser.parse_args()
    copas_rate = median_hands_per_second(copas_hands, COPAS_BATCH, args.repeats)
    openspiel_rate = median_hands_per_second(openspiel_hands, OPENSPIEL_BATCH, args.repeats)
    print(summary(copas_rate, openspiel_rate))


if __name__ == "__main__":
    main()
