"""The search's Python entry point.

    from copas_ai.search import Searcher, Limit
    result = Searcher(seed=1).search(position, seat, Limit(iterations=20000))
    result.best, result.moves[0].score

`position` is a fully known Position (a real deal, or a world consistent with
the seat's view); the search reads only what `seat` knows in it. Everything
runs in C++ with the GIL released; `stop()` works from another thread.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Callable

from copas_ai import _core
from copas_ai._core import Card, CardSet, Position
from copas_ai.pass_parts import PassValue

ALGORITHMS = ("auto", "ismcts", "pimc")


@dataclass
class Limit:
    movetime_ms: int | None = None
    iterations: int | None = None
    infinite: bool = False


@dataclass
class MoveStat:
    move: Card | PassValue  # a card, or the cards of a pass (a split pass: its parts, pass_parts.py)
    score: float  # the seat's expected hand score (variant units; lower is better for goal low)
    stderr: float
    visits: int


@dataclass
class SearchResult:
    best: Card | PassValue
    moves: list[MoveStat] = field(default_factory=list)
    iterations: int = 0
    time_ms: float = 0.0
    algorithm: str = ""


class Searcher:
    """A reusable search (its Hash is allocated once)."""

    def __init__(self, threads: int = 1, hash_mb: int = 64, seed: int = 0, algorithm: str = "auto",
                 **tuning: float) -> None:
        if algorithm not in ALGORITHMS:
            raise ValueError(f"unknown algorithm '{algorithm}' ({', '.join(ALGORITHMS)})")
        self._core = _core.Searcher(threads=threads, hash_mb=hash_mb, seed=seed, algorithm=algorithm, **tuning)

    def search(self, position: Position, seat: int, limit: Limit | None = None,
               on_info: Callable[[dict], None] | None = None, info_interval_s: float = 0.5) -> SearchResult:
        """Searches `seat`'s decision; `on_info` gets {'time_ms', 'iterations', 'ips'} about
        every `info_interval_s` while the search runs (from a helper thread)."""
        limit = limit or Limit()
        done = threading.Event()
        reporter = None
        if on_info is not None:
            def report() -> None:
                while not done.wait(info_interval_s):
                    on_info(self.progress())
            reporter = threading.Thread(target=report, daemon=True)
            reporter.start()
        try:
            raw = self._core.search(
                position, seat,
                iterations=-1 if limit.iterations is None else limit.iterations,
                movetime_ms=-1 if limit.movetime_ms is None else limit.movetime_ms,
                infinite=limit.infinite,
            )
        finally:
            done.set()
            if reporter is not None:
                reporter.join()
        moves = [MoveStat(m.get("pass_parts", m.get("pass", m.get("card"))), m["score"], m["stderr"], m["visits"])
                 for m in raw["moves"]]
        return SearchResult(moves[raw["best"]].move, moves, raw["iterations"], raw["time_ms"], raw["algorithm"])

    def progress(self) -> dict:
        time_ms = self._core.elapsed_ms
        iterations = self._core.iterations
        return {"time_ms": int(time_ms), "iterations": iterations,
                "ips": int(iterations * 1000 / time_ms) if time_ms > 0 else 0}

    def stop(self) -> None:
        """Ends a running search from another thread; its result follows promptly."""
        self._core.stop()


def _pass_arg(value):
    # A split pass's parts go to the core as they are; anything else is one set of cards.
    if isinstance(value, tuple) and all(isinstance(part, CardSet) for part in value):
        return value
    return CardSet(value or [])


def world_from_view(rules, seat: int, hand, passed=None, received=None, moves=(), dealer: int | None = None,
                    hand_no: int = 0, seed: int = 1) -> Position:
    """A full Position consistent with what `seat` knows: its dealt `hand`, the cards it
    `passed` and `received` (a split pass: its parts, as Position.set_pass takes them), and the `moves` so far (Card, 'QS', or (seat, card) pairs).
    The unseen cards are drawn uniformly from every deal the view allows; raises
    InvalidPositionError naming the first move that no deal fits."""
    pairs = []
    for move in moves:
        if isinstance(move, tuple):
            s, card = move
            s = -1 if s is None else s
        else:
            s, card = -1, move
        pairs.append((s, card if isinstance(card, Card) else Card.from_str(card)))
    return _core.world_from_view(
        rules, seat, CardSet(hand), _pass_arg(passed), _pass_arg(received), pairs,
        rules.players - 1 if dealer is None else dealer, hand_no, seed)
