"""`python -m copas_ai arena`: a duplicate tournament between players.

    python -m copas_ai arena auto:iterations=2000 random --deals 200 --out runs/a.jsonl
    python -m copas_ai arena ismcts:movetime=100 openspiel:movetime=100 --no-pass --deals 200
    python -m copas_ai arena heuristic "cep:copas-engine" --deals 50 --workers 2
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from copas_ai.arena import ArenaConfig, RunOptions, Summary, run_arena
from copas_ai.arena.backends import BACKENDS
from copas_ai.arena.players import KINDS
from copas_ai.arena.results import ResultsMismatchError
from copas_ai.arena.stats import Z95
from copas_ai.errors import EngineError
from copas_ai.variants import VariantNotFoundError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("arena", help="duplicate tournament between engines and bots",
                       description="Plays every deal once per seat arrangement of the players (duplicate) "
                                   "and reports points per hand, the difference against the reference "
                                   "player with its standard error and 95%% interval.")
    p.add_argument("players", nargs="+", help=f"player specs ({', '.join(KINDS[:-1])}, cep:<command line>; "
                                               "options like ismcts:movetime=100 or auto:iterations=5000)")
    p.add_argument("--variant", default="american")
    p.add_argument("--seats", type=int, default=None, help="number of seats (default: the variant's)")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--no-pass", action="store_true", help="play every deal as a no-pass hand")
    p.add_argument("--matches", action="store_true", help="each game is a whole match, not one hand")
    p.add_argument("--max-hands", type=int, default=200, help="guard on a match that does not end")
    p.add_argument("--start-totals", default=None, metavar="T,T,..;T,T,..",
                   help="with --matches: matches start from these totals (one per seat; several sets "
                        "separated by ';', deal d takes set d mod their number): a suite of match endings")
    p.add_argument("--out", default=None, help="JSON Lines results file, written as games finish")
    p.add_argument("--resume", action="store_true", help="continue the --out file, skipping finished games")
    p.add_argument("--backend", choices=BACKENDS, default="process")
    p.add_argument("--workers", type=int, default=None, help="parallel games (default: one per core)")
    p.add_argument("--ray-address", default=None, help="a Ray cluster to join (default: a local one)")
    p.add_argument("--reference", default=None,
                   help="player (spec or position 0..) the others are compared with (default: the last)")
    p.add_argument("--sequential", action="store_true", help="stop once every difference excludes zero")
    p.add_argument("--check-every", type=int, default=20, help="deals between sequential looks")
    p.add_argument("--min-deals", type=int, default=40, help="deals before the first sequential look")
    p.set_defaults(func=main)


def _start_totals(text: str | None) -> tuple[tuple[int, ...], ...]:
    """--start-totals "90,60,70,75;85,85,40,60" as tuples of totals."""
    if not text:
        return ()
    try:
        return tuple(tuple(int(t) for t in part.split(",")) for part in text.split(";") if part.strip())
    except ValueError:
        raise ValueError(f"--start-totals '{text}': expected whole numbers, e.g. 90,60,70,75;85,85,40,60") from None


def _reference_index(text: str | None, config: ArenaConfig) -> int | None:
    if text is None:
        return None
    labels = config.labels()
    if text in labels:
        return labels.index(text)
    if text.isdigit() and int(text) < len(labels):
        return int(text)
    raise ValueError(f"--reference '{text}' is none of the players ({', '.join(labels)})")


def print_summary(summary: Summary, out: TextIO) -> None:
    out.write(f"{summary.deals} deals, {summary.games} games\n")
    width = max(len(p.label) for p in summary.players)
    for p in summary.players:
        line = f"  {p.label:<{width}}  {p.points_per_hand:7.3f} pts/hand"
        if p.points_per_match is not None:
            line += f"  {p.points_per_match:8.2f} pts/match  win rate {p.win_rate:6.1%}"
        out.write(line + "\n")
    better = "fewer" if summary.goal_low else "more"
    for d in summary.differences:
        verdict = "no significant difference"
        if d.excludes_zero(Z95):
            stronger = (d.mean < 0) == summary.goal_low
            verdict = f"{d.label if stronger else summary.reference} is stronger (95% interval excludes 0)"
        out.write(f"  {d.label} - {summary.reference}: {d.mean:+.3f} ± {d.se:.3f} pts/hand (SE), "
                  f"95% [{d.low:+.3f}, {d.high:+.3f}]  ({better} is better; {verdict})\n")
    for d in summary.win_differences:
        out.write(f"  {d.label} - {summary.reference}: win rate {d.mean:+.1%} ± {d.se:.1%} (SE), "
                  f"95% [{d.low:+.1%}, {d.high:+.1%}]\n")
    out.flush()


def main(args: argparse.Namespace) -> int:
    try:
        config = ArenaConfig(tuple(args.players), variant=args.variant, seats=args.seats, seed=args.seed,
                             deals=args.deals, no_pass=args.no_pass, matches=args.matches,
                             max_hands=args.max_hands, starts=_start_totals(args.start_totals))
        options = RunOptions(out=args.out, resume=args.resume, backend=args.backend, workers=args.workers,
                             address=args.ray_address, reference=_reference_index(args.reference, config),
                             sequential=args.sequential, check_every=args.check_every, min_deals=args.min_deals)
        if args.resume and not args.out:
            raise ValueError("--resume needs --out")
        summary = run_arena(config, options, on_progress=lambda s: print_summary(s, sys.stdout))
    except EngineError as exc:  # its text is the engine's own line, `error <command> <reason>`
        print(f"error: a CEP engine answered '{exc}'", file=sys.stderr)
        return 2
    except (ValueError, VariantNotFoundError, FileExistsError, ResultsMismatchError, RuntimeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    sys.stdout.write("final: ")
    print_summary(summary, sys.stdout)
    return 0
