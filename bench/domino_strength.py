"""domino's search strength on fixed deals, in process (docs/RULES.md §17). The variant
is not in the registry yet, so variants_arena_report.py cannot seat it; this compares
the engine with an opponent bot hand by hand instead:

    python bench/domino_strength.py [--players 4] [--deals 200] [--iterations 1000]

For each deal seat 0 is played once by the engine (SearchBot, `auto`: ISMCTS, the
solver refusing domino) and once by the opponent bot; the other seats are the
opponent bot, seeded alike both times. Prints, per opponent, the mean of (the
engine's points - the opponent's points) at seat 0 with a 95% interval (normal
approximation); negative means the engine takes fewer points, the goal being low.
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import copas_ai as ca  # noqa: E402
from copas_ai.bots import make_bot  # noqa: E402
from copas_ai.game import play_hand  # noqa: E402
from copas_ai.variants.domino import domino_rules  # noqa: E402


def seat0_points(players: int, seed: int, seat0, opponent: str) -> int:
    r = domino_rules(players)
    pos = ca.Position(r, ca.deal(r, seed), dealer=seed % players)
    bots = [seat0] + [make_bot(opponent, seed * 100 + s) for s in range(1, players)]
    return play_hand(pos, bots).score()[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--iterations", type=int, default=1000)
    args = ap.parse_args()
    for opponent in ("random", "heuristic"):
        diffs = []
        for seed in range(args.deals):
            engine = make_bot("auto", seed + 1, iterations=args.iterations)
            diffs.append(seat0_points(args.players, seed, engine, opponent) -
                         seat0_points(args.players, seed, make_bot(opponent, seed * 100), opponent))
        mean = statistics.mean(diffs)
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
        print(f"domino {args.players} seats, {args.deals} deals, {args.iterations} iterations: engine - {opponent} "
              f"at seat 0 = {mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}] points a hand")


if __name__ == "__main__":
    main()
