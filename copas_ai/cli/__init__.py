"""The command line: `python -m copas_ai <command>`, one module a command.

  play     deal and play one hand (or a whole match) and print every step;
           with --seat N, a person plays seat N against the engine
  engine   speak the engine protocol CEP/1 on stdin/stdout (docs/PROTOCOL.md)
  analyse  judge every decision of a game record (copas-game/1); docs/ANALYSIS.md
  selfplay bots play a match and write its game record
  arena    a duplicate tournament between engines and bots
  bench    fixed-position search: node count and determinism signature
  gui      play and review in the browser (a local web server)
  equity   build or show a match-equity table (the `match` objective)

Only the chosen command's module is imported, so the engine process loads
neither the arena nor the analysis.
"""

from __future__ import annotations

import argparse
import importlib
from typing import Sequence

from copas_ai import __version__

COMMANDS = ("play", "engine", "analyse", "selfplay", "arena", "bench", "gui", "equity")


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser; with argv, only the command named in it gets its arguments."""
    parser = argparse.ArgumentParser(prog="python -m copas_ai", description="copas_ai: a Hearts engine")
    parser.add_argument("--version", action="version", version=f"copas_ai {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    chosen = next((word for word in argv or () if word in COMMANDS), None)
    for command in COMMANDS:
        if chosen in (None, command):
            importlib.import_module(f"copas_ai.cli.{command}").register(sub)
        else:
            sub.add_parser(command)  # a name for argparse's list; its arguments load when chosen
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    import sys

    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(argv).parse_args(argv)
    return args.func(args)


def engine_main() -> int:
    """The console script copas-engine: the same as `python -m copas_ai engine`."""
    return main(["engine"])
