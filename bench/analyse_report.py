"""Time to analyse one full hand (`python -m copas_ai analyse`) at a given movetime.

    python bench/analyse_report.py                    # hand 1 of examples/match_american.json, 200 ms
    python bench/analyse_report.py --movetime 100 --hand 2 --dd-trick 0

Every pass and card of the hand is judged (forced cards are not searched; a pass
gets --pass-scale times the movetime), then the double-dummy line is solved.
Prints the wall-clock and CPU time of the whole hand and of each part.
"""

from __future__ import annotations

import argparse
import pathlib
import time

from copas_ai import Solver
from copas_ai.analysis.analyse import AnalysisSettings, analyse, double_dummy
from copas_ai.analysis.record import load_record
from copas_ai.search import Limit

EXAMPLE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "match_american.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", default=str(EXAMPLE))
    parser.add_argument("--hand", type=int, default=1, help="1-based hand of the record")
    parser.add_argument("--movetime", type=int, default=200, help="ms per decision")
    parser.add_argument("--pass-scale", type=int, default=10)
    parser.add_argument("--dd-trick", type=int, default=6, help="0: no double-dummy line")
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()

    record = load_record(args.record)
    settings = AnalysisSettings(limit=Limit(movetime_ms=args.movetime), threads=args.threads,
                                hands=(args.hand, args.hand), pass_scale=args.pass_scale, double_dummy_trick=None)
    wall, cpu = time.perf_counter(), time.process_time()
    analysis = analyse(record, settings)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    searched = [d for d in analysis.decisions if not d.forced]
    passes = sum(1 for d in searched if d.trick is None)
    print(f"record {args.record} hand {args.hand}: {len(analysis.decisions)} decisions, {len(searched)} searched "
          f"({passes} passes at {args.movetime * args.pass_scale} ms, {len(searched) - passes} cards at "
          f"{args.movetime} ms)")
    print(f"decisions: {wall:.1f} s wall, {cpu:.1f} s CPU")
    if args.dd_trick:
        hand = record.hands[args.hand - 1]
        wall, cpu = time.perf_counter(), time.process_time()
        values = double_dummy(record, hand, Solver(), args.dd_trick, settings.double_dummy_nodes)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        solved = sum(v is not None for v in values)
        print(f"double-dummy line from trick {args.dd_trick} ({solved} of {record.players} seats solved): "
              f"{wall:.2f} s wall, {cpu:.2f} s CPU")

if __name__ == "__main__":
    main()
