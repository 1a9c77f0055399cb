"""How far domino's sampled worlds are from exact (docs/RULES.md §17, "Coarser than the
whole history"): along random hands on the small deck of tests/support/domino_deals.py,
at every turn, the total variation distance between the brute force's distribution of
the seat's worlds (each world weighed by its count of deals and face-down discards) and
the search's sampler's (uniform over the worlds its knowledge allows), grouped by which
facts the sampler does not model arise in the history.

    python bench/domino_world_exactness.py --players 3 --hands 40
"""
import argparse
import math
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the oracle: tests/support/
from support.domino_deals import DECK, exact_worlds, lost_facts, random_hand, small_position  # noqa: E402

from copas_ai._core import WorldSampler  # noqa: E402


def distance(pos, me: int, worlds) -> float:
    """Total variation between the exact worlds and the sampler's uniform ones, whose
    worlds hold the exact ones (the sampler only drops facts, never adds one)."""
    sampler = WorldSampler(pos, me)
    own = pos.stock_discarder == me
    n = int(sampler.exact_world_count()) * (1 if own else math.factorial(len(pos.stock)))
    total = sum(worlds.values())
    return 0.5 * (sum(abs(c / total - 1 / n) for c in worlds.values()) + (n - len(worlds)) / n)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--max-worlds", type=int, default=2000, help="skip positions with more exact worlds")
    args = ap.parse_args()
    by_facts = defaultdict(list)
    for seed in range(args.hands):
        dealer = seed % args.players
        hands, stock, moves, states = random_hand(DECK, args.players, 2, dealer, seed)
        for i, ref in enumerate(states):
            if ref.over:
                continue
            me = ref.turn
            worlds = exact_worlds(hands, stock, dealer, moves[:i + 1], me)
            if len(worlds) > args.max_worlds:
                continue
            facts = " + ".join(sorted(lost_facts(hands, stock, dealer, moves[:i + 1], me))) or "neither"
            by_facts[facts].append(distance(small_position(args.players, hands, stock, dealer, moves[:i + 1]), me, worlds))
    print("| seats | facts in the history | positions | off the brute force | mean TV | max TV |")
    print("|---|---|---|---|---|---|")
    for facts, tvs in sorted(by_facts.items()):
        off = sum(1 for tv in tvs if tv > 1e-9)
        print(f"| {args.players} | {facts} | {len(tvs)} | {off} | {sum(tvs) / len(tvs):.3f} | {max(tvs):.3f} |")


if __name__ == "__main__":
    main()
