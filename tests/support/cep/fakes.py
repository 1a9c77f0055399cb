"""Test doubles for the engine protocol's tests: a searcher, a solver and a
world construction that stand in for the real ones until they land.

They exist to exercise the protocol's plumbing (threads, limits, info lines,
bestmove, the one-hand boundary); they make no claim about playing well.
"""

from __future__ import annotations

import threading
import time

import copas_ai as ca
from copas_ai.cep.facade import Engine
from copas_ai.search import Limit, MoveStat, SearchResult


def lowest_choice(position: ca.Position, seat: int) -> ca.Card | ca.CardSet:
    """The lowest legal card, or the lowest cards of the hand for a pass."""
    if position.phase == "passing":
        k = sum(count for _, count in position.pass_plan)
        return ca.CardSet(list(position.hand(seat))[:k])
    return next(iter(position.legal_moves()))


class FakeSearcher:
    """Picks the lowest legal card; "searches" in steps of `step_s` seconds,
    reporting each step through on_info, until the limit or stop().

    max_steps caps the work whatever the limit (an in-process fuzz must not
    wait for `go infinite`)."""

    def __init__(self, step_s: float = 0.005, max_steps: int | None = None) -> None:
        self.step_s = step_s
        self.max_steps = max_steps
        self._stop = threading.Event()
        self.calls: list[tuple[int, Limit, ca.MatchState | None]] = []  # (seat, limit, match) per search

    def search(self, position, seat, limit, on_info=None, *, match=None):
        self._stop.clear()
        self.calls.append((seat, limit, match))
        started = time.monotonic()
        steps = 0
        while not self._stop.is_set():
            elapsed_ms = (time.monotonic() - started) * 1000
            if limit.iterations is not None and steps >= limit.iterations:
                break
            if limit.movetime_ms is not None and elapsed_ms >= limit.movetime_ms:
                break
            if self.max_steps is not None and steps >= self.max_steps:
                break
            steps += 1
            if self.step_s:
                time.sleep(self.step_s)
            if on_info:
                on_info({"iterations": steps, "time_ms": (time.monotonic() - started) * 1000})
        best = lowest_choice(position, seat)
        moves = []
        if position.phase == "playing":
            moves = [MoveStat(card, float(i), 0.25, steps) for i, card in enumerate(position.legal_moves())]
        return SearchResult(best, moves, steps, (time.monotonic() - started) * 1000)

    def stop(self) -> None:
        self._stop.set()


class FakeSolver:
    """A value per legal card: its index among the legal cards (so the lowest wins)."""

    def __init__(self, hash_mb: int = 16) -> None:
        self.hash_mb = hash_mb

    def solve_moves(self, position):
        return {card: i for i, card in enumerate(position.legal_moves())}


def naive_world(rules, seat, hand, passed, received, moves, dealer, hand_no):
    """A world for a one-hand view, for tests only and only in easy cases: a hand
    without a pass, or nothing passed and nothing played yet. Each other seat is
    dealt the cards it played plus any unseen cards, in order; shown voids are
    ignored, so the replay may fail (then InvalidPositionError, as the real one)."""
    n = rules.players
    if passed is not None or received is not None:
        if not rules.pass_plan(hand_no):
            raise ca.InvalidPositionError("there is no pass in this hand")
        raise NotImplementedError("naive_world: a view with a pass is beyond this double")
    if moves and rules.pass_plan(hand_no):
        raise NotImplementedError("naive_world: play after a pass is beyond this double")
    dealt = [ca.CardSet() for _ in range(n)]
    dealt[seat] = ca.CardSet(hand)
    for mover, card in moves:
        if mover != seat:
            dealt[mover].add(card)
    unseen = [c for c in rules.deck if not any(c in d for d in dealt)]
    for s in range(n):
        while s != seat and len(dealt[s]) < rules.hand_size and unseen:
            dealt[s].add(unseen.pop(0))
    world = ca.Position(rules, dealt, dealer=dealer, hand_no=hand_no)
    for mover, card in moves:
        try:
            world.push(card, seat=mover)
        except ca.IllegalMoveError as exc:
            raise ca.InvalidPositionError(str(exc)) from None
    return world


def fake_engine(**kw) -> Engine:
    """Our facade with the doubles: an instant searcher, the solver, the naive world."""
    kw.setdefault("searcher_factory", lambda options: FakeSearcher(step_s=0, max_steps=40))
    kw.setdefault("solver_factory", lambda options: FakeSolver(options.hash_mb))
    kw.setdefault("world_builder", naive_world)
    return Engine(**kw)
