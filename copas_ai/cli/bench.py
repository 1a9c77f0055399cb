"""`python -m copas_ai bench`: a determinism signature in the manner of
Stockfish's `bench`. Fixed positions (built from fixed deals by the core's
heuristic player), a fixed seed, a fixed iteration count, one thread: the total
iterations and the signature (CRC-32 over each search's best move and per-move
visit counts) must come out the same on every run and machine. A change that
alters the search's choices (the sampler, the playout policy, the selection
rule) changes the signature; tests/test_arena_bench.py holds the stored value.

    python -m copas_ai bench [--iterations 10000] [--algorithm auto]
"""

from __future__ import annotations

import argparse
import sys
import time
import zlib
from dataclasses import dataclass

from copas_ai._core import Position, deal, heuristic_card, heuristic_pass
from copas_ai.search import ALGORITHMS, Limit, Searcher
from copas_ai.variants import find_variant

# (variant, deal seed, hand number, heuristic plays before the search): the
# pass decision (hand 0, no plays) and play decisions early, mid and late in the hand.
BENCH_POSITIONS = (
    ("american", 11, 0, 0),
    ("american", 12, 3, 5),
    ("american", 13, 3, 17),
    ("american", 14, 1, 30),
    ("american", 15, 3, 42),
    ("copas-fora", 16, 3, 9),
    ("copas-fora", 17, 3, 25),
)


@dataclass
class BenchResult:
    positions: int
    iterations: int
    signature: int
    seconds: float


def bench_position(variant: str, seed: int, hand_no: int, plays: int) -> Position:
    rules = find_variant(variant).rules()
    position = Position(rules, deal(rules, seed), dealer=rules.players - 1, hand_no=hand_no)
    if plays and position.phase == "passing":
        count = sum(k for _, k in position.pass_plan)
        for s in range(position.players):
            position.set_pass(s, heuristic_pass(rules, position.hand(s), count))
    for i in range(plays):
        position.push(heuristic_card(position, seed=i))
    return position


def run_bench(iterations: int = 10000, algorithm: str = "auto", seed: int = 1) -> BenchResult:
    crc = 0
    total = 0
    start = time.perf_counter()
    for n, spec in enumerate(BENCH_POSITIONS):
        position = bench_position(*spec)
        seat = position.turn if position.phase == "playing" else 0
        result = Searcher(threads=1, hash_mb=16, seed=seed + n, algorithm=algorithm).search(
            position, seat, Limit(iterations=iterations))
        total += result.iterations
        line = f"{n} {result.best} " + " ".join(f"{m.move}:{m.visits}" for m in result.moves)
        crc = zlib.crc32(line.encode(), crc)
    return BenchResult(len(BENCH_POSITIONS), total, crc, time.perf_counter() - start)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="fixed-position search benchmark and determinism signature")
    p.add_argument("--iterations", type=int, default=10000, help="iterations per position")
    p.add_argument("--algorithm", choices=ALGORITHMS, default="auto")
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    if args.iterations <= 0:
        print("error: --iterations must be positive", file=sys.stderr)
        return 2
    r = run_bench(args.iterations, args.algorithm, args.seed)
    rate = r.iterations / r.seconds if r.seconds > 0 else 0.0
    print(f"positions   {r.positions}\niterations  {r.iterations}\ntime        {r.seconds * 1000:.0f} ms\n"
          f"it/s        {rate:.0f}\nsignature   {r.signature:08x}")
    return 0
