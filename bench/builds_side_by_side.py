"""Two builds of copas_ai side by side on the standard game's speed: random full hands
per second, ISMCTS iterations per second and the solver's median time (as solves per
second: 1 / the median of bench/solver_cases.py's 12 american positions 8 tricks from
the end), one core, each figure the process CPU time of one child run, the two builds' runs alternated pair by pair so
that a shared machine's load falls on both alike.

    python bench/builds_side_by_side.py /path/to/before/python /path/to/after/python \
        [--workload random|ismcts|solver] [--pairs 20]

Each interpreter must have its build installed (`pip install .` into its venv). Prints
each build's median and the median of the after/before ratios of the pairs.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
from pathlib import Path

BENCH = str(Path(__file__).resolve().parent)  # solver_cases.py, for the solver child

# One measurement in a fresh process: a warm-up, then the timed call.
CHILD = {
    "random": """
import time, copas_ai as ca
r = ca.find_variant("american").rules()
ca.random_hands(r, 20000, 1)
t = time.process_time(); ca.random_hands(r, 200000, 7); print(200000 / (time.process_time() - t))
""",
    "ismcts": """
import time, copas_ai as ca
from copas_ai.search import Limit, Searcher
r = ca.find_variant("american").rules()
pos = ca.Position(r, ca.deal(r, 3), hand_no=3)
for i in range(9):
    pos.push(ca.heuristic_card(pos, seed=i))
s = Searcher(seed=7, algorithm="ismcts")
s.search(pos, pos.turn, Limit(iterations=5000))
t = time.process_time(); s.search(pos, pos.turn, Limit(iterations=100000)); print(100000 / (time.process_time() - t))
""",
    "solver": f"""
import statistics, sys, time
sys.path.insert(0, {BENCH!r})
from solver_cases import solver_cases
from copas_ai import _core
solver = _core.Solver(hash_mb=64, threads=1)
times = []
for pos in solver_cases("american", 8):
    solver.clear(); t = time.process_time(); solver.solve(pos, node_limit=200_000_000)
    times.append(time.process_time() - t)
print(1 / statistics.median(times))
""",
}


def measure(python: str, workload: str) -> float:
    out = subprocess.run([python, "-c", CHILD[workload]], capture_output=True, text=True, check=True, cwd="/")
    return float(out.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--workload", choices=sorted(CHILD), default="random")
    parser.add_argument("--pairs", type=int, default=20)
    args = parser.parse_args()
    pairs = [(measure(args.before, args.workload), measure(args.after, args.workload)) for _ in range(args.pairs)]
    before = statistics.median(b for b, _ in pairs)
    after = statistics.median(a for _, a in pairs)
    ratio = statistics.median(a / b for b, a in pairs)
    unit = {"random": "hands/s", "ismcts": "iterations/s", "solver": "solves/s (1 / median)"}[args.workload]
    print(f"{args.workload}: before {before:,.0f} {unit}, after {after:,.0f} {unit}, "
          f"after/before {after / before:.3f} (median of the {args.pairs} pairs' ratios {ratio:.3f})")


if __name__ == "__main__":
    main()
