"""The command line: `python -m copas_ai <command>`.

  play     deal and play one hand (or a whole match) and print every step
  engine   speak the engine protocol CEP/1 on stdin/stdout (../shared/PROTOCOL.md)
  analyse  judge every decision of a game record (copas-game/1); docs/ANALYSIS.md
  selfplay bots play a match and write its game record
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from copas_ai import __version__, cli_analyse, cli_arena, cli_bench, cli_selfplay
from copas_ai.bots import BOT_NAMES, make_bot
from copas_ai.game import Match, TrickReport, play_hand
from copas_ai.pass_parts import pass_text
from copas_ai.selfplay import seat_bots
from copas_ai.variants import VariantNotFoundError, find_variant, variant_ids

_DIRECTION_WORDS = {1: "left", -1: "right"}


def _pass_words(plan: list[tuple[int, int]], players: int) -> str:
    if not plan:
        return "no pass"
    parts = []
    for offset, count in plan:
        if offset == players // 2 and players % 2 == 0 and offset != 1:
            word = "across"
        else:
            word = _DIRECTION_WORDS.get(offset if offset <= players // 2 else offset - players, f"+{offset}")
        parts.append(f"{count} card{'' if count == 1 else 's'} {word}")
    return "pass " + " and ".join(parts)


def _print_hand(match: Match, bots, out) -> None:
    position = match.deal_next_hand()
    n = match.players
    dealt = position.hands
    out.write(f"Hand {position.hand_no + 1}  dealer: seat {position.dealer}  "
              f"{_pass_words(position.pass_plan, n)}\n")
    for seat in range(n):
        out.write(f"  seat {seat} dealt     {dealt[seat]}\n")

    def show_passes(pos) -> None:
        for seat in range(n):
            out.write(f"  seat {seat} passes    {pass_text(pos.passed_parts[seat])}  "
                      f"receives {pass_text(pos.received_parts[seat])}\n")

    def show_trick(trick: TrickReport) -> None:
        cards = " ".join(str(card) for _, card in trick.plays)
        s = "" if trick.points == 1 else "s"
        out.write(f"  trick {trick.number:2d}  seat {trick.plays[0][0]} leads: {cards:<{3 * n}} "
                  f"seat {trick.winner} takes {trick.points} pt{s}\n")

    play_hand(position, bots, on_passes=show_passes, on_trick=show_trick)
    record = match.record_hand(dealt, position)
    shooter = position.moon_shooter()
    moon = f"  (seat {shooter} shot the moon)" if shooter is not None else ""
    out.write(f"  score  {' '.join(f'{s:3d}' for s in record.score)}{moon}\n")
    out.write(f"  totals {' '.join(f'{t:3d}' for t in match.totals)}\n")


def _cmd_play(args: argparse.Namespace) -> int:
    try:
        variant = find_variant(args.variant)
        match = Match.new(variant, players=args.players, seed=args.seed)
        names = seat_bots(args.bots.split(","), match.players)
        bots = [make_bot(name, seed=args.seed * 1000 + seat) for seat, name in enumerate(names)]
    except (VariantNotFoundError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    out = sys.stdout
    out.write(f"copas_ai {__version__}  variant {variant.id} ({variant.name})  "
              f"seed {args.seed}  players {', '.join(names)}\n")
    hands = 0
    while True:
        _print_hand(match, bots, out)
        hands += 1
        if not args.match or match.is_over() or hands >= args.max_hands:
            break
    if args.match:
        over, winners = match.outcome()
        if over:
            out.write(f"match over after {hands} hands: winner{'s' if len(winners) > 1 else ''} "
                      f"seat {', '.join(map(str, winners))}\n")
        else:
            out.write(f"match not over after {hands} hands (limit --max-hands)\n")
    return 0


def _cmd_engine(args: argparse.Namespace) -> int:
    from copas_ai.protocol import serve  # the engine's imports are not needed by the other commands

    return serve()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m copas_ai", description="copas_ai: a Hearts engine")
    parser.add_argument("--version", action="version", version=f"copas_ai {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play and print one hand (or a match) from a seed")
    play.add_argument("--variant", default="american", help=f"variant id ({', '.join(variant_ids())})")
    play.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots")
    play.add_argument("--players", type=int, default=None,
                      help="number of seats: one the variant allows (`variants` lists them; default: its usual)")
    play.add_argument("--bots", default="auto,heuristic,heuristic,heuristic", help=f"comma-separated bots per seat ({', '.join(BOT_NAMES)})")
    play.add_argument("--match", action="store_true", help="play a whole match, not one hand")
    play.add_argument("--max-hands", type=int, default=200, help="stop a match after this many hands")
    play.set_defaults(func=_cmd_play)
    engine = sub.add_parser("engine", help="run as a CEP/1 engine on stdin/stdout")
    engine.set_defaults(func=_cmd_engine)
    cli_analyse.register(sub)
    cli_selfplay.register(sub)
    cli_arena.add_parser(sub)
    cli_bench.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


def engine_main() -> int:
    """The console script copas-engine: the same as `python -m copas_ai engine`."""
    return main(["engine"])
