"""The search's Python entry point.

    from copas_ai.search import Searcher, Limit
    result = Searcher(seed=1).search(position, seat, Limit(iterations=20000))
    result.best, result.moves[0].score

`position` is a fully known Position (a real deal, or a world consistent with
the seat's view); the search reads only what `seat` knows in it. Everything
runs in C++ with the GIL released; `stop()` works from another thread.

The objective: `points` (the default) plays for the hand's points; `match`
plays for the match, valuing each finished hand by the seat's chance of winning
the match from the totals after it (a MatchEquity table, copas_ai.equity):

    table = load_equity(find_variant("american"))
    Searcher(seed=1).search(position, seat, Limit(iterations=20000), match=state,
                            objective="match", equity=table)
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Callable

from copas_ai import _core
from copas_ai._core import Card, CardSet, MatchEquity, MatchState, Position
from copas_ai.equity import check_objective
from copas_ai.moves.passes import PassValue

ALGORITHMS = ("auto", "ismcts", "pimc")


@dataclass
class Limit:
    """How long a search may think: wall-clock milliseconds and/or iterations, or
    until stopped. The Python search and the CEP client (copas_ai.engine) share it."""

    movetime_ms: int | None = None
    iterations: int | None = None
    infinite: bool = False

    def go_command(self) -> str:
        """The CEP `go` line asking for this limit."""
        words = ["go"]
        if self.movetime_ms is not None:
            words += ["movetime", str(int(self.movetime_ms))]
        if self.iterations is not None:
            words += ["iterations", str(int(self.iterations))]
        if self.infinite:
            words.append("infinite")
        return " ".join(words)


@dataclass
class MoveStat:
    # a card, the cards of a pass (a split pass: its parts, pass_parts.py), or a
    # decision's move text `<seat>:<word>=<value>` (moves/decisions.py)
    move: Card | PassValue | str
    # the seat's expected hand score (variant units; lower is better for goal low); under the
    # match objective its chance of winning the match (higher is better)
    score: float
    stderr: float
    visits: int


@dataclass
class SearchResult:
    best: Card | PassValue
    moves: list[MoveStat] = field(default_factory=list)
    iterations: int = 0
    time_ms: float = 0.0
    algorithm: str = ""
    decision: str = ""  # "discard": best is the into-hand kitty taker's whole discard
    objective: str = "points"  # what the scores measure: "points" or "match"


class Searcher:
    """A reusable search (its Hash is allocated once)."""

    def __init__(self, threads: int = 1, hash_mb: int = 64, seed: int = 0, algorithm: str = "auto",
                 **tuning: float) -> None:
        if algorithm not in ALGORITHMS:
            raise ValueError(f"unknown algorithm '{algorithm}' ({', '.join(ALGORITHMS)})")
        self._core = _core.Searcher(threads=threads, hash_mb=hash_mb, seed=seed, algorithm=algorithm, **tuning)

    def search(self, position: Position, seat: int, limit: Limit | None = None,
               on_info: Callable[[dict], None] | None = None, info_interval_s: float = 0.5,
               match: MatchState | None = None, objective: str = "points",
               equity: MatchEquity | None = None) -> SearchResult:
        """Searches `seat`'s decision; `on_info` gets {'time_ms', 'iterations', 'ips'} about
        every `info_interval_s` while the search runs (from a helper thread). `match`: the
        match the hand is played in; where the variant's hand value depends on it (the
        conditional reverse moon, A24) the hands are scored as that match counts them.
        `objective` "match" plays for the match from `match` (0-0 when None) with the
        MatchEquity table `equity` (copas_ai.equity.load_equity)."""
        limit = limit or Limit()
        if check_objective(objective) == "points":
            equity = None
        elif equity is None:
            raise ValueError("objective 'match' needs the variant's MatchEquity table "
                             "(copas_ai.equity.load_equity(variant))")
        if position.discarding:
            return self._search_discard(position, seat, limit, on_info, info_interval_s, match, equity)
        return self._search_move(position, seat, limit, on_info, info_interval_s, match, equity)

    def _search_move(self, position: Position, seat: int, limit: Limit,
                     on_info: Callable[[dict], None] | None, info_interval_s: float,
                     match: MatchState | None = None, equity: MatchEquity | None = None) -> SearchResult:
        """One core search: a card, a pass, or the next card of a discard."""
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
                match=match,
                equity=equity,
            )
        finally:
            done.set()
            if reporter is not None:
                reporter.join()
        # A decision (turbo's charge) is the move text `<seat>:<word>=<value>`.
        moves = [MoveStat(f"{seat}:{m['decision']}" if "decision" in m else
                          m.get("pass_parts", m.get("pass", m.get("card"))), m["score"], m["stderr"], m["visits"])
                 for m in raw["moves"]]
        return SearchResult(moves[raw["best"]].move, moves, raw["iterations"], raw["time_ms"], raw["algorithm"],
                            objective=raw["objective"])

    def _search_discard(self, position: Position, seat: int, limit: Limit,
                        on_info: Callable[[dict], None] | None, info_interval_s: float,
                        match: MatchState | None, equity: MatchEquity | None) -> SearchResult:
        """The into-hand kitty's discard: the core takes it card by card in ascending
        order, so k searches in a row on a copy, each with 1/k of the limit; the
        moves reported are the first card's (the lowest of the discard)."""
        k = position.discards_left
        share = Limit(None if limit.movetime_ms is None else max(1, limit.movetime_ms // k),
                      None if limit.iterations is None else max(1, limit.iterations // k), limit.infinite)
        work = position.copy()
        first: SearchResult | None = None
        iterations, time_ms = 0, 0.0
        while work.discarding:
            step = self._search_move(work, seat, share, on_info, info_interval_s, match, equity)
            first = first or step
            iterations += step.iterations
            time_ms += step.time_ms
            work.push(step.best)
        assert first is not None
        return SearchResult(work.discards - position.discards, first.moves, iterations, time_ms,
                            first.algorithm, decision="discard", objective=first.objective)

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
                    hand_no: int = 0, seed: int = 1, kitty=None, discarded=None,
                    discard_made: bool = False, revokes: str = "forbid", decisions=(), forwarded=(), drawn=(), drawn_complete: bool = True,
                    bid_limits=(), draws=(), face_down=()) -> Position:
    """A full Position consistent with what `seat` knows: its dealt `hand`, the cards it
    `passed` and `received` (a split pass: its parts, as Position.set_pass takes them), and
    the `moves` so far (Card, "QS", or (seat, card) pairs), and `decisions`: [(cards
    played before it, seat, 'word=value' or another seat's hidden 'word=?')] (turbo's charges).
    The unseen cards are drawn uniformly from every deal the view allows; raises
    InvalidPositionError naming the first move that no deal fits. The into-hand kitty
    (three-five+kitty+kitty-use): `kitty` and `discarded` are the cards the seat took and
    discarded when it is the taker; discard_made says the taker's discard is down when no
    move follows it (another seat's discard is face down). revokes="penalize" (docs/RULES.md
    §1.3): another seat's failure to follow is a void until its later card of that suit
    proves the revoke, which ends the hand. `forwarded` (copas-fora+blind-forward, docs/RULES.md
    §2.2): the seats seen to forward their packet unseen, `seat` included when it did (it then
    gives no `passed` or `received`). `drawn` (two-player, docs/RULES.md §18): the stock's cards
    `seat` drew, in order; the other seat's draws and the stock stay unseen (drawn_complete=False:
    `drawn` may hold cards drawn after the last move). `bid_limits` (auction, docs/RULES.md §20):
    each seat's chips, the most it may bid (default: the start chips); its bids are among
    `decisions`, first. domino (docs/RULES.md §17): `draws`, the cards another seat drew just
    before each move (one count per move), and `face_down`, the indices of the moves that are
    another seat's face-down discards (their cards are placeholders)."""
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
        rules.players - 1 if dealer is None else dealer, hand_no, seed,
        CardSet(kitty or []), CardSet(discarded or []), discard_made, revokes, list(decisions), list(forwarded),
        [c if isinstance(c, Card) else Card.from_str(c) for c in drawn], drawn_complete, list(bid_limits),
        list(draws), list(face_down))
