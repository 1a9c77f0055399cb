"""Solver figures for the README: median CPU time and nodes to solve random
american deals played randomly down to TRICKS tricks left, optionally with the
plain alpha-beta baseline (no table, no ordering) on the same positions.

    python bench/solver_figures.py TRICKS COUNT [plain]
"""
import copas_ai as ca, random, time, statistics, sys
r=ca.find_variant("american").rules()
tricks=int(sys.argv[1]); n=int(sys.argv[2]); plain=len(sys.argv)>3
ts=[]; nodes=[]; pn=[]
for seed in range(n):
    p=ca.Position(r, ca.deal(r,seed), hand_no=3)
    rng=random.Random(seed)
    while len(p.moves) < 52-4*tricks: p.push(rng.choice(list(p.legal_moves())))
    s=ca.Solver(64); t=time.process_time(); v=s.solve(p); ts.append(time.process_time()-t); nodes.append(s.nodes)
    if plain:
        v2,nn=ca._core.solve_plain(p); assert v2==v; pn.append(nn)
print(f"{tricks} tricks left: median {statistics.median(ts)*1000:.2f} ms, nodes {statistics.median(nodes):.0f}" + (f", plain alpha-beta nodes {statistics.median(pn):.0f} ({statistics.median(pn)/statistics.median(nodes):.0f}x)" if plain else ""))
