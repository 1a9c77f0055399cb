"""`python -m copas_ai play`: deal and play one hand (or a whole match) and print every step."""

from __future__ import annotations

import argparse
import sys

from copas_ai import __version__
from copas_ai.analysis.selfplay import seat_bots
from copas_ai.bots import BOT_NAMES, make_bot
from copas_ai.game import Match, TrickReport, decide_plan, play_hand
from copas_ai.match_text import match_words
from copas_ai.moves.passes import pass_text, plan_words
from copas_ai.moves.twins import held_text
from copas_ai.variants import VariantNotFoundError, find_variant, variant_ids


def _print_hand(match: Match, bots, out) -> None:
    seats = match.seats_in_play()  # chips (docs/RULES.md §19): the seats still holding chips
    bots = [bots[s] for s in seats]
    position = match.deal_next_hand()
    n = position.players
    dealt = position.hands
    plan = decide_plan(position, bots)  # queens: the dealer's plan decides the pass named below
    out.write(f"Hand {position.hand_no + 1}  dealer: seat {position.dealer}  "
              f"{plan_words(position.pass_plan, n)}{' (the dealer plans ' + plan[5:] + ')' if plan else ''}\n")
    if n < match.players:
        out.write(f"  seats in play: match seats {', '.join(map(str, seats))} as seats 0-{n - 1} of this hand\n")
    for seat in range(n):
        out.write(f"  seat {seat} dealt     {held_text(position, seat)}\n")  # two-deck: a card held twice, twice

    def show_passes(pos) -> None:
        for seat in range(n):
            out.write(f"  seat {seat} passes    {pass_text(pos.passed_parts[seat])}  "
                      f"receives {pass_text(pos.received_parts[seat])}\n")

    def show_trick(trick: TrickReport) -> None:
        cards = " ".join(str(card) for _, card in trick.plays)
        s = "" if trick.points == 1 else "s"
        taker = "pending:" if trick.winner is None else f"seat {trick.winner} takes"  # cancellation's carried trick
        carried = f" + {trick.carried} carried" if trick.carried else ""
        out.write(f"  trick {trick.number:2d}  seat {trick.plays[0][0]} leads: {cards:<{3 * n}} "
                  f"{taker} {trick.points} pt{s}{carried}\n")

    play_hand(position, bots, on_passes=show_passes, on_trick=show_trick)
    record = match.record_hand(dealt, position)
    shooter = position.moon_shooter()
    moon = f"  (seat {shooter} shot the moon)" if shooter is not None else ""
    out.write(f"  score  {' '.join(f'{s:3d}' for s in record.score)}{moon}\n")
    # A tie-break under way or a pending reset (docs/PROTOCOL.md, "The match state"), as `score` words it.
    state = " ".join(match_words(match.state))
    out.write(f"  totals {' '.join(f'{t:3d}' for t in match.totals)}{'  match ' + state if state else ''}\n")


def run_seat(args: argparse.Namespace) -> int:
    """A person at seat args.seat, the other seats the CEP engine (copas_ai.gui.terminal)."""
    from copas_ai.gui.table import DEFAULT_ENGINE, Table, TableError, TableSettings
    from copas_ai.gui.terminal import HELP, TerminalPlay

    settings = TableSettings(variant=args.variant, players=args.players, people=(args.seat,), seed=args.seed,
                             movetime_ms=None if args.iterations else args.movetime, iterations=args.iterations,
                             engine=args.engine or DEFAULT_ENGINE)
    try:
        table = Table(settings)
    except (VariantNotFoundError, TableError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"copas_ai {__version__}  variant {table.variant_id}  seed {args.seed}  you are seat {args.seat}; {HELP}")
    try:
        return TerminalPlay(table, input, print, whole_match=args.match).run()
    except KeyboardInterrupt:
        return 130
    finally:
        table.close()


def run(args: argparse.Namespace) -> int:
    if args.seat is not None:
        return run_seat(args)
    try:
        variant = find_variant(args.variant)
        match = Match.new(variant, players=args.players, seed=args.seed)
        # By default the engine on seat 0 and the heuristic on every other seat, whatever their number.
        names = seat_bots(args.bots.split(",") if args.bots else ["auto"] + ["heuristic"] * (match.players - 1),
                          match.players)
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


def register(sub: argparse._SubParsersAction) -> None:
    play = sub.add_parser("play", help="play and print one hand (or a match) from a seed")
    play.add_argument("--variant", default="american", help=f"variant id ({', '.join(variant_ids())})")
    play.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots")
    play.add_argument("--players", type=int, default=None,
                      help="number of seats: one the variant allows (`variants` lists them; default: its usual)")
    play.add_argument("--bots", default=None,
                      help=f"comma-separated bots per seat, or one for every seat ({', '.join(BOT_NAMES)}; "
                           "default: auto on seat 0, heuristic on the others)")
    play.add_argument("--match", action="store_true", help="play a whole match, not one hand")
    play.add_argument("--max-hands", type=int, default=200, help="stop a match after this many hands")
    play.add_argument("--seat", type=int, default=None,
                      help="play this seat yourself against the CEP engine, with hints (the other seats ignore --bots)")
    play.add_argument("--engine", default=None, help="with --seat: the CEP engine command line")
    play.add_argument("--movetime", type=int, default=500, help="with --seat: the engine's ms a move")
    play.add_argument("--iterations", type=int, default=None, help="with --seat: the engine's iterations a move (instead of time)")
    play.set_defaults(func=run)
