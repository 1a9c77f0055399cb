"""Short duplicate-arena runs of the engine against `random` and `heuristic` in every
registered family (and some option combinations), printed as the README's variants
table. Each row is one `python -m copas_ai arena` tournament (the command is printed
beside it); results go to bench/results/variants/*.jsonl, so `--resume` reprints them.

    python bench/variants_arena_report.py [--deals 40] [--engine auto:iterations=2000]
        [--opponents random,heuristic] [--part k/n] [--variants rook,spot]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from copas_ai.arena import ArenaConfig, RunOptions, run_arena

# (variant id, seats): every base at each seat count it supports, and option samples.
CASES = [
    ("american", 4), ("copas-fora", 4), ("copas-fora+split-pass", 4), ("teams", 4), ("no-pass-strict-lead", 4),
    ("three-five", 3), ("three-five", 5), ("three-five+kitty", 5),
    ("three-five+kitty+kitty-use", 3), ("three-five+kitty+kitty-use", 5),
    ("negative-scoring", 4), ("spanish", 3), ("spanish", 4), ("spanish+sueca-order", 5),
    ("spot", 4), ("black-maria", 4),
    ("rook", 3), ("rook", 4), ("rook", 5), ("rook", 6), ("rook", 7),
    ("classic-3to6", 3), ("classic-3to6", 4), ("classic-3to6", 5), ("classic-3to6", 6),
    ("copas-fora+qs-forced+lead-after-heart+qs-opens-hearts", 4),
    ("copas-fora+jd-bonus+ten-of-death+clean-hand", 4),
    ("copas-fora+dealer-lead+points-first-trick+stuck-lead-ends-hand", 4),
    # Tricks of variable length (A21): PIMC falls back to ISMCTS there (no solver).
    ("copas-fora+nines-extend", 4), ("teams+nines-extend", 4), ("three-five+nines-extend", 3), ("three-five+nines-extend", 5),
    ("spanish+sixes-extend", 4),
    ("copas-fora+peek-pass", 4), ("copas-fora+kitty-swap", 4),  # the pass chain and the pool (issue 28)
    ("copas-fora+blind-forward", 4),  # the chain's unseen forward (issue 28)
    ("turbo", 4), ("turbo+nines-extend", 4),
    ("queens", 4),  # the dealer's pass plan searched (issue 28)
    ("gong-zhu", 4),  # goal high: the engine is better when its points per hand are higher (difference > 0)
    ("gong-zhu+super-charge", 4),  # the faces searched, face-down charges hidden (issue 28)
    ("gong-zhu+face-value-hearts+hearts-swap+grand-slam+exact-minus-1000", 4), ("gong-zhu+no-charge", 4),
    ("copas-fora+reverse-moon=shooter-choice", 4),  # the shooter's moon choice after the hand (issue 28)
    # Chips (issue 29): a hand's points are the hearts taken, each worth N chips (docs/RULES.md §19).
    ("betting-chips", 4), ("betting-chips", 5),  # 5: two cards removed unseen
    ("two-player", 2),  # a stock drawn inside the hand, sampled per world; no solver (issue 29)
    # Draws until one can follow, discards to a new stock; ISMCTS only (issue 29, docs/RULES.md §17).
    ("domino", 3), ("domino", 4), ("domino", 8),
    # The bids and the suit searched (issue 29); a hand's points are the named suit's cards taken,
    # the bids' chips are not counted here (docs/RULES.md §20).
    ("auction", 4),
    # Two copies of every card (issue 29, docs/RULES.md §13): ISMCTS over the two-copy sampler (no solver);
    # 6 seats deal 17 cards and a kitty of 2, 8 seats 13 and none.
    ("two-deck", 6), ("two-deck", 8),
    # Identical cards cancel, tricks without a winner carried (issue 29, docs/RULES.md §14): two-deck's search.
    ("cancellation", 6), ("cancellation", 8),
    # One copy of Q♠ 8♣ 8♦, a stock drawn by pairs, the 8s' hand swaps (issue 29, docs/RULES.md §15):
    # ISMCTS over the two-copy sampler, the stock redealt per world; the pass is the heuristic's.
    ("uno-hearts", 4),
]
OPPONENTS = ("random", "heuristic")
RESULTS = Path(__file__).parent / "results" / "variants"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--engine", default="auto:iterations=2000")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--opponents", default=",".join(OPPONENTS), help="comma-separated")
    parser.add_argument("--part", default="1/1", help="k/n: only every n-th case from the k-th (parallel runs)")
    parser.add_argument("--variants", default="", help="comma-separated: only the cases of these variant ids")
    args = parser.parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    print("| variant | seats | opponent | deals | engine pts/hand | opponent pts/hand | difference ± SE | 95% interval |")
    print("|---|---|---|---|---|---|---|---|")
    k, n = map(int, args.part.split("/"))
    chosen = [c for c in CASES if not args.variants or c[0] in args.variants.split(",")]
    for variant, seats in chosen[k - 1::n]:
        for opponent in args.opponents.split(","):
            engine_name = args.engine.replace(":", "-").replace("=", "")
            out = RESULTS / f"{variant}-{seats}-{engine_name}-{opponent}.jsonl"
            config = ArenaConfig(players=(args.engine, opponent), variant=variant, seats=seats,
                                 seed=args.seed, deals=args.deals)
            summary = run_arena(config, RunOptions(out=out, resume=out.exists(), workers=args.workers,
                                                   reference=1))
            engine, other = summary.players
            d = summary.differences[0]
            print(f"| `{variant}` | {seats} | {opponent} | {summary.deals} | {engine.points_per_hand:.2f} | "
                  f"{other.points_per_hand:.2f} | {d.mean:+.2f} ± {d.se:.2f} | [{d.low:+.2f}, {d.high:+.2f}] |",
                  flush=True)


if __name__ == "__main__":
    main()
