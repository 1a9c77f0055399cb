"""World sampler speed: worlds dealt per second into a position copy (the search's
path, WorldSampler.sample_batch, GIL released), and the cost of building a sampler
(knowledge replay + counting table), at fixed american positions.

Run: python -m pytest bench/test_bench_sampler.py --benchmark-columns=min,mean,rounds
(add --benchmark-json=FILE to keep the figures). Each sampling test records
samples_per_second and ns_per_sample_mean / ns_per_sample_min in extra_info.
"""

from __future__ import annotations

import random

import pytest

import copas_ai as ca
from copas_ai._core import WorldSampler

BATCH = 20000

# (id, hand_no, plays, seat): american, deal seed 12345, random legal play (seed 7).
POSITIONS = [
    ("start of play after a pass", 0, 0, 0),
    ("mid-hand, 6 tricks done", 0, 24, 1),
    ("mid-hand mid-trick, 7 tricks + 2 cards", 1, 30, 2),
    ("late, 2 tricks left", 2, 44, 3),
]


def position(hand_no: int, plays: int) -> ca.Position:
    rules = ca.find_variant("american").rules()
    rng = random.Random(7)
    p = ca.Position(rules, ca.deal(rules, 12345), dealer=3, hand_no=hand_no)
    if p.phase == "passing":
        for s in range(4):
            p.set_pass(s, sorted(p.hand(s), key=int)[-3:])
    for _ in range(plays):
        p.push(rng.choice(sorted(p.legal_moves(), key=int)))
    return p


@pytest.mark.parametrize("name,hand_no,plays,seat", POSITIONS, ids=[p[0] for p in POSITIONS])
def test_bench_sample_worlds(benchmark, name, hand_no, plays, seat):
    sampler = WorldSampler(position(hand_no, plays), seat)
    assert sampler.ready
    benchmark(sampler.sample_batch, BATCH, 1)
    stats = benchmark.stats.stats
    benchmark.extra_info["world_count"] = sampler.world_count()
    benchmark.extra_info["samples_per_second"] = round(BATCH / stats.mean)
    benchmark.extra_info["ns_per_sample_mean"] = round(stats.mean / BATCH * 1e9, 1)
    # The best round: the figure least disturbed by other work on a shared machine.
    benchmark.extra_info["ns_per_sample_min"] = round(stats.min / BATCH * 1e9, 1)


@pytest.mark.parametrize("name,hand_no,plays,seat", POSITIONS, ids=[p[0] for p in POSITIONS])
def test_bench_build_sampler(benchmark, name, hand_no, plays, seat):
    p = position(hand_no, plays)
    sampler = benchmark(WorldSampler, p, seat)
    assert sampler.ready
