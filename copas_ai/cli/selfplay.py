"""`python -m copas_ai selfplay`: bots play a match and write its copas-game/1 record."""

from __future__ import annotations

import argparse
import sys

from copas_ai.bots import BOT_NAMES
from copas_ai.analysis.progress import ProgressBar
from copas_ai.analysis.record import dump_record
from copas_ai.analysis.selfplay import selfplay
from copas_ai.variants import VariantNotFoundError, variant_ids


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("selfplay", help="play a match with built-in bots and write its game record",
                       description="Plays one match (at most --hands hands, fewer once the match is over) "
                                   "and writes it as a copas-game/1 record.")
    p.add_argument("--variant", default="american", help=f"variant id ({', '.join(variant_ids())})")
    p.add_argument("--hands", type=int, default=4, help="the most hands to play (default 4)")
    p.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots")
    p.add_argument("--players", type=int, default=None, help="number of seats")
    p.add_argument("--bots", default="auto", help=f"comma-separated bots per seat, or one for all ({', '.join(BOT_NAMES)})")
    p.add_argument("--iterations", type=int, default=2000, help="search iterations per decision of search bots")
    p.add_argument("-o", "--output", default="-", help="the record file (default -: stdout)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    bar = ProgressBar(label="hands")
    try:
        if args.iterations < 1:
            raise ValueError("--iterations must be at least 1")
        record = selfplay(args.variant, args.bots.split(","), args.hands, args.seed, players=args.players,
                          iterations=args.iterations, on_hand=lambda done: bar.update(done, args.hands))
        played = len(record["hands"])
        bar.update(played, played)  # the match may end before --hands
        text = dump_record(record)
        if args.output == "-":
            sys.stdout.write(text)
        else:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(text)
    except (VariantNotFoundError, ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0
