"""`python -m copas_ai engine`: speak the engine protocol CEP/1 on stdin/stdout (docs/PROTOCOL.md)."""

from __future__ import annotations

import argparse


def run(args: argparse.Namespace) -> int:
    from copas_ai.cep.loop import serve

    return serve()


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("engine", help="run as a CEP/1 engine on stdin/stdout")
    p.set_defaults(func=run)
