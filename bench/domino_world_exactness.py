"""How far domino's sampled worlds are from exact (docs/RULES.md §17): along random hands
on the small deck of tests/support/domino_deals.py, at every turn, the brute force's
distribution of the seat's worlds (each world weighed by its count of deals and face-down
discards) against the worlds drawn by the search's sampler (WorldSampler from the full
position) or, with --view, by the seat's one-seat view (world_from_view), grouped by the
facts of the history that the sampler long did not model ("void then draw": another seat
drew after showing a void; "own discard drawn": another seat drew the seat's own discard).

A position is off when a drawn world is not among the brute force's, or when the counts
of 40 draws per world (--draws; at most 20,000, --cap; fixed seeds) fail a chi-square test against the
brute force's weights at p < 0.001 (one position in a thousand by chance). The TV columns
are the total variation between the brute force and the draws' frequencies, so they
carry the draws' noise (about 0.1 with 40 draws a world).

    python bench/domino_world_exactness.py --players 3 --hands 40 [--view]
"""
import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

from scipy.stats import chisquare

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the oracle: tests/support/
from support.domino_deals import DECK, exact_worlds, lost_facts, random_hand, small_position, world_key  # noqa: E402

from copas_ai._core import WorldSampler  # noqa: E402
from copas_ai.moves.domino_view import domino_dealt, domino_view  # noqa: E402
from copas_ai.search import world_from_view  # noqa: E402

P_OFF = 0.001


def drawer(pos, me: int, view: bool):
    """i -> the i-th drawn world, from the search's sampler or the seat's view."""
    if not view:
        sampler = WorldSampler(pos, me)
        return lambda i: sampler.sample_position(1000 + i)
    args = domino_view(pos, me).world_args()
    dealt = domino_dealt(pos, me)
    return lambda i: world_from_view(pos.rules, me, dealt, dealer=pos.dealer, hand_no=pos.hand_no, seed=2000 + i, **args)


def judge(draw, worlds: Counter, me: int, per_world: int, cap: int) -> tuple[bool, float]:
    """(off, TV between the exact weights and the draws' frequencies)."""
    total = sum(worlds.values())
    n = min(per_world * len(worlds), cap)
    seen = Counter(world_key(draw(i), me) for i in range(n))
    outside = set(seen) - set(worlds)
    tv = 0.5 * sum(abs(seen[w] / n - worlds.get(w, 0) / total) for w in set(seen) | set(worlds))
    if outside:
        return True, tv
    if len(worlds) == 1:
        return False, tv
    keys = sorted(worlds, key=repr)
    p = chisquare([seen[w] for w in keys], [n * worlds[w] / total for w in keys]).pvalue
    return p < P_OFF, tv


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--max-worlds", type=int, default=2000, help="skip positions with more exact worlds")
    ap.add_argument("--view", action="store_true", help="the worlds of the seat's one-seat view")
    ap.add_argument("--draws", type=int, default=40, help="draws per exact world")
    ap.add_argument("--cap", type=int, default=20000, help="at most this many draws per position")
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
            pos = small_position(args.players, hands, stock, dealer, moves[:i + 1])
            by_facts[facts].append(judge(drawer(pos, me, args.view), worlds, me, args.draws, args.cap))
    print("| seats | worlds of | facts in the history | positions | off the brute force | mean TV | max TV |")
    print("|---|---|---|---|---|---|---|")
    for facts, results in sorted(by_facts.items()):
        off = sum(1 for bad, _ in results if bad)
        tvs = [tv for _, tv in results]
        print(f"| {args.players} | {'view' if args.view else 'search'} | {facts} | {len(results)} | {off} | "
              f"{sum(tvs) / len(tvs):.3f} | {max(tvs):.3f} |")


if __name__ == "__main__":
    main()
