"""`python -m copas_ai gui`: play and review in the browser (copas_ai.gui)."""

from __future__ import annotations

import argparse
import sys


def run(args: argparse.Namespace) -> int:
    from copas_ai.gui.server import serve

    try:
        return serve(args.host, args.port, args.engine, args.open)
    except OSError as exc:  # the address is taken or cannot be bound
        print(f"error: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 2


def register(sub: argparse._SubParsersAction) -> None:
    from copas_ai.gui.table import DEFAULT_ENGINE

    gui = sub.add_parser("gui", help="play and review in the browser (a local web server)")
    gui.add_argument("--host", default="127.0.0.1", help="address to listen on (default: loopback only)")
    gui.add_argument("--port", type=int, default=0, help="port (default 0: any free one)")
    gui.add_argument("--engine", default=DEFAULT_ENGINE, help="the CEP engine command line of every table")
    gui.add_argument("--open", action="store_true", help="open the address in a browser")
    gui.set_defaults(func=run)
