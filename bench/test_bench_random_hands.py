"""pytest-benchmark: random full hands per second (deal, pass, play, score), copas_ai's
C++ simulator and OpenSpiel's C++ Hearts with uniform random bots, in the same run.

    python -m pytest bench --benchmark-only -q

Each benchmark's extra_info holds its hands per second; the OpenSpiel one also holds
the ratio copas_ai / OpenSpiel, which is printed too. The functions timed, and the
clock (process CPU time), are those of bench/random_hands_report.py, whose docstring
says what a hand is on each side.
"""

from __future__ import annotations

import itertools
import time

import pytest
from random_hands_report import (
    COPAS_BATCH,
    OPENSPIEL_BATCH,
    copas_hands,
    median_hands_per_second,
    openspiel_hands,
    summary,
)

ROUNDS = 7
hands_per_second: dict[str, float] = {}
# CPU time of the process, as random_hands_report.py: steadier on a shared machine.
cpu_clock = pytest.mark.benchmark(timer=time.process_time)


def time_batches(benchmark, name: str, play, batch: int) -> float:
    seeds = itertools.count(1)
    hands = benchmark.pedantic(lambda: play(batch, next(seeds)), rounds=ROUNDS, iterations=1, warmup_rounds=1)
    assert hands == batch
    rate = batch / benchmark.stats.stats.median
    benchmark.extra_info["hands_per_second"] = round(rate)
    hands_per_second[name] = rate
    return rate


@cpu_clock
def test_copas_ai_random_hands(benchmark):
    time_batches(benchmark, "copas_ai", copas_hands, COPAS_BATCH)


@cpu_clock
def test_openspiel_random_hands(benchmark, capsys):
    openspiel_rate = time_batches(benchmark, "openspiel", openspiel_hands, OPENSPIEL_BATCH)
    # Run alone (-k openspiel), the copas_ai side is timed here without the fixture.
    copas_rate = hands_per_second.get("copas_ai") or median_hands_per_second(copas_hands, COPAS_BATCH, ROUNDS)
    benchmark.extra_info["copas_ai_hands_per_second"] = round(copas_rate)
    benchmark.extra_info["ratio_copas_ai_to_openspiel"] = round(copas_rate / openspiel_rate, 1)
    with capsys.disabled():
        print("\n" + summary(copas_rate, openspiel_rate))
