"""`python -m copas_ai equity build <variant>`: builds a match-equity table ahead of
time into the cache (docs/MATCH_EQUITY.md); `equity show <variant> T1 T2 ...`
prints every seat's match-winning chance at those totals."""

from __future__ import annotations

import argparse
import sys
import time

from copas_ai._core import MatchState
from copas_ai.equity import EQUITY_HANDS, EquityUnavailableError, build_equity, load_equity
from copas_ai.variants import VariantNotFoundError, find_variant, variant_ids


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("equity", help="build or show a match-equity table (the `match` objective)",
                       description="Builds a variant's match-equity table into the cache, or shows its values.")
    p.add_argument("action", choices=("build", "show"))
    p.add_argument("variant", help=f"variant id ({', '.join(variant_ids())})")
    p.add_argument("totals", nargs="*", type=int, help="show: one total per seat")
    p.add_argument("--players", type=int, default=None, help="number of seats")
    p.add_argument("--hands", type=int, default=EQUITY_HANDS, help=f"simulated hands (default {EQUITY_HANDS})")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        variant = find_variant(args.variant)
        if args.action == "build":
            start = time.perf_counter()
            table, path = build_equity(variant, args.players, hands=args.hands)
            print(f"{variant.id} at {table.players} seats: {table.outcomes} distinct hand outcomes, "
                  f"buckets of {table.width} points, {time.perf_counter() - start:.1f} s -> {path}")
            return 0
        table = load_equity(variant, args.players)
        if len(args.totals) != table.players:
            raise ValueError(f"give {table.players} totals, one per seat (got {len(args.totals)})")
        for seat, value in enumerate(table.values(MatchState(args.totals))):
            print(f"seat {seat}: {value:.3f}")
        return 0
    except (VariantNotFoundError, EquityUnavailableError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
