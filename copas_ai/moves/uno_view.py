"""What one seat of an `uno-hearts` hand sees beyond its cards, the pass and the plays
(docs/RULES.md §15; docs/PROTOCOL.md, "### uno-hearts"): every card the pairs drew, face up,
in order, and each hand the 8s' swaps gave it, as it received it. The arena, the GUI table
and `analyse` write a seat's view from a full position with it."""

from __future__ import annotations

from collections import Counter

from copas_ai._core import Card, Position
from copas_ai.moves.twins import dealt_twins, received_twins


def drawn_by_pairs(position: Position) -> list[Card]:
    """Every card the pairs drew from the stock so far, in order (public: face up)."""
    return [card for t in range(position.tricks_done) for card in position.pair_draws(t)]


def hands_got(position: Position, seat: int) -> list[Counter]:
    """The hands the swaps gave `seat` so far, in order, each as it received it (a winner
    of both 8s sees its left neighbour's hand before passing it on to the right)."""
    replay = position.copy()
    while replay.moves:
        replay.pop()
    got = []
    for mover, card in position.moves:
        done = replay.tricks_done
        replay.push(card, seat=mover)
        if replay.tricks_done == done or replay.turn is None or not (partners := replay.hand_swaps(done)):
            continue
        winner = replay.turn  # the trick's winner leads the next one
        held = {s: Counter(replay.hand(s)) + Counter(replay.twins[s]) for s in range(replay.players)}
        for p in reversed(partners):  # the hands as they were before the swaps
            held[winner], held[p] = held[p], held[winner]
        for p in partners:
            held[winner], held[p] = held[p], held[winner]
            if seat in (winner, p):
                got.append(Counter(held[seat]))
    return got


def uno_view_args(position: Position, seat: int) -> dict:
    """`seat`'s view of a full position as copas_ai.uno_world.uno_world_from_view takes it:
    its dealt hand, its pass and what it received (once exchanged), the moves, the draws and
    the hands it got."""
    once, twice = dealt_twins(position, seat)
    args = {"hand": Counter(once) + Counter(twice), "moves": list(position.moves), "dealer": position.dealer,
            "hand_no": position.hand_no, "draws": drawn_by_pairs(position), "got": hands_got(position, seat)}
    if position.pass_plan and position.phase != "passing":
        once, twice = received_twins(position, seat)
        args["passed"] = Counter(position.passed_parts[seat]) + Counter(position.passed_twins[seat])
        args["received"] = Counter(once) + Counter(twice)
    return args
