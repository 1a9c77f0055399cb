"""Solver cost per node: per depth (tricks left), each bench position's value and
node count (deterministic) and the CPU time of its solve from an empty table, so two
builds can be compared on the same positions (run this file with each venv's python).

    VENV/bin/python bench/solver_node_cost.py [--depths 8,10,13] [--variant american] [--limit N]

CPU time is time.process_time (a shared machine's load moves it less than wall time).
"""

from __future__ import annotations

import argparse
import statistics
import time

from solver_cases import solver_cases

from copas_ai import _core


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depths", default="8,10,13")
    parser.add_argument("--variant", default="american")
    parser.add_argument("--limit", type=int, default=0, help="only the first N positions of each depth")
    args = parser.parse_args()
    solver = _core.Solver(hash_mb=64)
    for depth in (int(d) for d in args.depths.split(",")):
        positions = solver_cases(args.variant, depth)
        if args.limit:
            positions = positions[: args.limit]
        rows = []
        for pos in positions:
            solver.clear()
            start = time.process_time()
            value = solver.solve(pos)
            rows.append((value, solver.nodes, time.process_time() - start))
        nodes = [r[1] for r in rows]
        cpu = [r[2] for r in rows]
        print(f"{depth} tricks, {len(rows)} positions: median nodes {statistics.median(nodes):,.0f}, "
              f"median CPU {statistics.median(cpu):.3f} s, {1e9 * sum(cpu) / sum(nodes):.1f} ns/node")
        print("  (value, nodes):", [(r[0], r[1]) for r in rows], flush=True)


if __name__ == "__main__":
    main()
