"""Fixed workloads whose instructions callgrind counts, the same calls on any build:

    valgrind --tool=callgrind python bench/callgrind/work.py random|ismcts|solver4|solver6|solver8|solver10

docs/BENCHMARKS.md quotes the instructions inside _core.so (callgrind_annotate).
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # bench/: peer.py, solver_cases.py
import copas_ai as ca
from copas_ai import _core
what = sys.argv[1]
if what == "none": sys.exit(0)
if what == "random":
    print(ca.random_hands(ca.find_variant("american").rules(), 20000, 7)["plays"])
elif what == "ismcts":
    from peer import fixed_positions
    from copas_ai.search import Limit, Searcher
    total = 0
    for pos in fixed_positions()[:3]:
        r = Searcher(seed=1, algorithm="ismcts").search(pos, pos.turn, Limit(iterations=4000))
        total += r.iterations
    print(total)
elif what.startswith("solver"):
    from solver_cases import solver_cases, CASE_COUNTS
    depth = int(what[6:])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else CASE_COUNTS[depth]
    solver = _core.Solver(hash_mb=64, threads=1)
    nodes = 0
    for pos in solver_cases("american", depth, count):
        solver.clear(); solver.solve(pos, node_limit=200_000_000); nodes += solver.nodes
    print("nodes", nodes)
elif what.startswith("cases"):
    from solver_cases import solver_cases, CASE_COUNTS
    depth = int(what[5:])
    print(len(solver_cases("american", depth, CASE_COUNTS[depth])))
