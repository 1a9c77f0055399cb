"""The independent reference for the perfect-information solver: a brute-force
paranoid minimax in pure Python.

It walks every legal card with Position.push/pop, scores finished hands with
Position.score() (moon rules included) and takes the paranoid min/max itself: the
seat to act at the root (with `teams`: the root seat and its partner, whose scores
are summed) minimises its own final score, every other seat maximises it (the other
way round for a high goal). Nothing of the solver's machinery (table, rank
equivalence, ordering, bounds) is used.
"""

from __future__ import annotations

from copas_ai import _core


def side_of(rules, seat: int) -> list[int]:
    """The seats whose scores the root plays for: its team (teams), else itself."""
    if not rules.teams:
        return [seat]
    return [s for s in range(rules.players) if s % rules.teams == seat % rules.teams]


def _state(pos) -> tuple:
    """Everything the rest of a hand can depend on, read from the position: the
    brute force's memo key (one position reached by several orders of play)."""
    return (tuple(pos.hands), tuple(pos.won), tuple(pos.trick), pos.turn, pos.leader, pos.hearts_broken,
            tuple(pos.tricks_won(s) for s in range(pos.players)), pos.kitty, pos.kitty_taker, pos.revoke_pending)


def brute_force_value(pos, side: list[int], low_is_good: bool = True, memo: dict | None = None) -> int:
    """Paranoid minimax value of `pos` for the root's `side` (the root alone, or with
    its partner under teams): the side's summed final hand score, which its seats
    make best (lowest, or highest for a high goal) and every other seat worst.
    Every legal card at every node, each position's value remembered (`memo`)."""
    if pos.is_over():
        scores = pos.score()
        return sum(scores[s] for s in side)
    memo = {} if memo is None else memo
    state = _state(pos)
    if state in memo:
        return memo[state]
    values = []
    for card in pos.legal_moves():
        pos.push(card)
        values.append(brute_force_value(pos, side, low_is_good, memo))
        pos.pop()
    side_to_play = pos.turn in side
    memo[state] = min(values) if side_to_play == low_is_good else max(values)
    return memo[state]


def brute_force_moves(pos, low_is_good: bool = True) -> dict:
    """{card: value} for every legal card of the seat to act."""
    side = side_of(pos.rules, pos.turn)
    out = {}
    memo: dict = {}
    for card in pos.legal_moves():
        pos.push(card)
        out[card] = brute_force_value(pos, side, low_is_good, memo)
        pos.pop()
    return out


def check_position(solver, pos, low_is_good: bool = True) -> dict:
    """solve, solve_moves and solve_plain against the brute force; returns its {card: value}."""
    root = pos.turn
    want_moves = brute_force_moves(pos, low_is_good)
    want = min(want_moves.values()) if low_is_good else max(want_moves.values())
    assert solver.solve(pos) == want, f"solve: {pos.hands} trick {pos.trick} won {pos.won}"
    got_moves = solver.solve_moves(pos)
    assert got_moves == want_moves, f"solve_moves: {pos.hands} trick {pos.trick}"
    assert _core.solve_plain(pos)[0] == want
    assert pos.turn == root  # the solver works on copies
    return want_moves


def minimax(pos, root):
    """Paranoid value for `root` (its final score, which it minimises; the others
    maximise it), by walking every legal card: independent of the solver."""
    if pos.is_over():
        return pos.score()[root]
    values = []
    for card in pos.legal_moves():
        pos.push(card)
        values.append(minimax(pos, root))
        pos.pop()
    return min(values) if pos.turn == root else max(values)
