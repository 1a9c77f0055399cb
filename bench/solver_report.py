"""Solver figures as one table: per depth (tricks left), the median time and
nodes of a solve from an empty table over fixed seeded positions, and the plain
alpha-beta baseline on the same positions where it finishes (4 and 6 tricks).

    VENV/bin/python bench/solver_report.py [--variant american] [--quick] [--threads N] [--depths 10,13]

--quick uses a quarter of the positions and skips 13 tricks. --threads N runs
the solver with N threads (wall-clock times; nodes count every thread).
--depths runs only those rows.
"""

from __future__ import annotations

import argparse
import statistics
import time

from copas_ai import _core
from solver_cases import BASELINE_DEPTHS, CASE_COUNTS, NODE_LIMIT, solver_cases


def measure(solve, positions, prepare=lambda: None):
    times, nodes, unsolved = [], [], 0
    for pos in positions:
        prepare()  # not timed
        start = time.perf_counter()
        n, solved = solve(pos)
        times.append(time.perf_counter() - start)
        nodes.append(n)
        unsolved += not solved
    return times, nodes, unsolved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="american")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--hash-mb", type=float, default=64)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--depths", default=",".join(map(str, sorted(CASE_COUNTS))),
                        help="comma-separated tricks-left rows, of " + ", ".join(map(str, sorted(CASE_COUNTS))))
    args = parser.parse_args()

    solver = _core.Solver(hash_mb=args.hash_mb, threads=args.threads)

    def solve(pos):
        try:
            solver.solve(pos, node_limit=NODE_LIMIT)
            return solver.nodes, True
        except TimeoutError:
            return solver.nodes, False

    def plain(pos):
        return _core.solve_plain(pos)[1], True

    print(f"variant {args.variant}; solver table {args.hash_mb:g} MiB, cleared before each solve; "
          f"{args.threads} thread(s); node limit {NODE_LIMIT:,}")
    print("| tricks left | positions | solver median s | solver median nodes | solver max s "
          "| baseline median s | baseline median nodes | nodes ratio (median of per-position) |")
    print("|---|---|---|---|---|---|---|---|")
    depths = sorted({int(d) for d in args.depths.split(",")})
    if unknown := [d for d in depths if d not in CASE_COUNTS]:
        parser.error(f"--depths: no positions for {unknown} tricks left (have {sorted(CASE_COUNTS)})")
    for depth in depths:
        if args.quick and depth == 13:
            continue
        count = max(2, CASE_COUNTS[depth] // 4) if args.quick else CASE_COUNTS[depth]
        positions = solver_cases(args.variant, depth, count)
        times, nodes, unsolved = measure(solve, positions, prepare=solver.clear)
        row = [str(depth), str(len(positions)), f"{statistics.median(times):.4f}",
               f"{statistics.median(nodes):,.0f}", f"{max(times):.3f}"]
        if depth in BASELINE_DEPTHS:
            b_times, b_nodes, _ = measure(plain, positions)
            ratios = [b / max(s, 1) for b, s in zip(b_nodes, nodes)]
            row += [f"{statistics.median(b_times):.4f}", f"{statistics.median(b_nodes):,.0f}",
                    f"{statistics.median(ratios):,.0f}x"]
        else:
            row += ["-", "-", "-"]
        if unsolved:
            row[1] += f" ({unsolved} over the node limit)"
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
