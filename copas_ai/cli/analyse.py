"""`python -m copas_ai analyse GAME.json`: judge every decision of a recorded game."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys

from copas_ai.analysis.analyse import AnalysisSettings, analyse
from copas_ai.equity import OBJECTIVES
from copas_ai.analysis.plot import PlotUnavailableError, plot_losses, require_matplotlib
from copas_ai.analysis.progress import ProgressBar
from copas_ai.analysis.record import RecordError, load_record
from copas_ai.analysis.report import report_json, write_text
from copas_ai.search import ALGORITHMS, Limit

DEFAULT_MOVETIME_MS = 200
_RANGE = re.compile(r"([0-9]{1,6})(?:-([0-9]{1,6}))?")


def hand_range(text: str) -> tuple[int, int]:
    """`3` or `2-5` (1-based, inclusive)."""
    match = _RANGE.fullmatch(text)
    if not match:
        raise argparse.ArgumentTypeError(f"'{text}': expected a hand number or a range like 2-5")
    first = int(match.group(1))
    last = int(match.group(2) or first)
    if not 1 <= first <= last:
        raise argparse.ArgumentTypeError(f"'{text}': hands count from 1, first <= last")
    return first, last


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("analyse", help="judge every decision of a recorded game (copas-game/1)",
                       description="Searches every pass and card of a game record from what the deciding "
                                   "seat knew and reports what each decision cost (docs/ANALYSIS.md).")
    p.add_argument("game", help="a copas-game/1 record file, or - for stdin")
    limit = p.add_mutually_exclusive_group()
    limit.add_argument("--movetime", type=int, metavar="MS",
                       help=f"search time per decision in ms (default {DEFAULT_MOVETIME_MS})")
    limit.add_argument("--iterations", type=int, metavar="N", help="search iterations per decision")
    p.add_argument("--threads", type=int, default=1, help="search threads")
    p.add_argument("--seed", type=int, default=1, help="seed of the worlds and the search (not 0)")
    p.add_argument("--algorithm", choices=ALGORITHMS, default="auto", help="the search")
    p.add_argument("--objective", choices=OBJECTIVES, default="points",
                   help="judge by expected hand points (points) or by match-winning chance (match)")
    p.add_argument("--seat", type=int, help="only this seat's decisions")
    p.add_argument("--hands", type=hand_range, metavar="RANGE", help="only these hands: 3 or 2-5 (1-based)")
    p.add_argument("--json", action="store_true", help="print the copas-analysis/1 JSON report, not the table")
    p.add_argument("--plot", metavar="FILE.png", help="draw each player's loss per decision (needs matplotlib)")
    p.add_argument("--dd-trick", type=int, default=6, metavar="K",
                   help="solve each seat's double-dummy value from trick K (0: skip; default 6)")
    p.add_argument("--dd-nodes", type=int, default=20_000_000, metavar="N",
                   help="node limit of each double-dummy solve (past it: unknown)")
    p.set_defaults(func=run)


def _settings(args: argparse.Namespace, players: int, hand_size: int) -> AnalysisSettings:
    if args.seed == 0:
        raise ValueError("--seed 0 is random; give a fixed seed")
    for name in ("movetime", "iterations", "threads", "dd_nodes"):
        value = getattr(args, name)
        if value is not None and value < 1:
            raise ValueError(f"--{name.replace('_', '-')} must be at least 1")
    if args.seat is not None and not 0 <= args.seat < players:
        raise ValueError(f"--seat {args.seat}: the game has seats 0-{players - 1}")
    if not 0 <= args.dd_trick <= hand_size:
        raise ValueError(f"--dd-trick {args.dd_trick}: must be 0 (skip) to {hand_size}")
    if args.iterations is not None:
        limit = Limit(iterations=args.iterations)
    else:
        limit = Limit(movetime_ms=args.movetime or DEFAULT_MOVETIME_MS)
    return AnalysisSettings(limit=limit, threads=args.threads, seed=args.seed, algorithm=args.algorithm,
                            seats=None if args.seat is None else {args.seat}, hands=args.hands,
                            double_dummy_trick=args.dd_trick or None, double_dummy_nodes=args.dd_nodes,
                            objective=args.objective)


def run(args: argparse.Namespace) -> int:
    try:
        if args.plot:
            require_matplotlib()  # before the long analysis, not after it
        record = load_record(args.game)
        settings = _settings(args, record.players, record.rules.hand_size)
        analysis = analyse(record, settings, on_progress=ProgressBar().update)
        if args.plot:
            plot_losses(analysis, args.plot)
    except (RecordError, ValueError, PlotUnavailableError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        if args.json:
            json.dump(report_json(analysis), sys.stdout, indent=1)
            sys.stdout.write("\n")
        else:
            write_text(analysis, sys.stdout)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader (`| head`) left: end quietly, as the Python docs advise.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0
