"""domino's one-seat view in a `position` command (docs/PROTOCOL.md, "The stock and the
discards (domino)"; docs/RULES.md §17): the seat's hand at the deal, `drawn <seat> <cards>`
(its own draws, in order), the moves with another seat's draws as `<seat>:+<k>` before its
card and its discards face down as `<seat>:?`. The tokens become the core's
world_from_view arguments; every check (the turns, the stock's size, who may draw or
discard) is the core's (csrc/search/domino_view.cpp)."""

from __future__ import annotations

from copas_ai._core import IllegalMoveError, InvalidCardError, InvalidPositionError, Position, RuleSet
from copas_ai.errors import PositionTextError
from copas_ai.moves.domino_view import DominoView


def domino_view_world(spec, rules: RuleSet, dealer: int, world_builder) -> Position:
    """A world for the one-seat view `spec` (a parsed `position`); PositionTextError names
    the first token that no world fits."""
    hand = spec.hands[0]
    seat = hand.seat
    if spec.seat is not None and spec.seat != seat:
        raise PositionTextError(f"seat {spec.seat}: only seat {seat}'s hand is given")
    for group in (*spec.passed, *spec.received):
        raise PositionTextError(f"{group.label}: domino has no pass")
    if spec.stock is not None:
        raise PositionTextError(f"{spec.stock.label}: seat {seat} does not see the stock")
    if spec.drawn is not None and spec.drawn.seat != seat:
        raise PositionTextError(f"{spec.drawn.label}: seat {seat} sees only how many cards seat "
                                f"{spec.drawn.seat} draws: write {spec.drawn.seat}:+<count> before its card")
    seen = DominoView(spec.drawn.cards if spec.drawn is not None else [], [])
    pending = None  # a `<seat>:+<k>` waiting for that seat's card or face-down discard
    for move in spec.moves:
        if move.decision is not None:
            raise PositionTextError(f"move {move.text}: domino has no decisions")
        if pending is not None and (move.draws or move.seat not in (None, pending.seat)):
            raise PositionTextError(f"move {pending.text}: the draws are followed by seat {pending.seat}'s "
                                    "card or its face-down discard")
        if move.draws:
            pending = move
            continue
        seen.moves.append((-1 if move.seat is None else move.seat, None if move.face_down else move.card,
                           pending.draws if pending is not None else 0))
        pending = None
    if pending is not None:
        raise PositionTextError(f"move {pending.text}: seat {pending.seat}'s draws are seen with the card it "
                                "then plays or its face-down discard")
    try:
        args = seen.world_args()
        return world_builder(rules, seat, hand.cards, None, None, args.pop("moves"), dealer, spec.hand_no, **args)
    except (InvalidPositionError, IllegalMoveError, InvalidCardError) as exc:
        message = str(exc)
        label = spec.drawn.label if spec.drawn is not None and "drawn" in message else hand.label
        raise PositionTextError(message if message.startswith("move ") else f"{label}: {message}") from None
