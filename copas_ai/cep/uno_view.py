"""uno-hearts' one-seat view in a `position` command (docs/PROTOCOL.md, "### uno-hearts";
docs/RULES.md §15): the seat's hand as dealt, its `passed` and `received` (a card twice when
both copies went), `draws <cards>` (every card the pairs drew so far, in order: face up, so
public) and one `got <seat> <cards>` per swap that gave the seat a hand, in order, as it got it.
The world is copas_ai/uno_world.py's; who swaps, how many cards are drawn and every move's
legality are the core's."""

from __future__ import annotations

from collections import Counter

from copas_ai._core import Position, RuleSet
from copas_ai.errors import PositionTextError
from copas_ai.uno_world import UnoViewError, uno_world_from_view


def _counts(group) -> Counter | None:
    return None if group is None else Counter(group.cards) + Counter(group.twins)


def uno_view_world(spec, rules: RuleSet, dealer: int, revokes: str, seed: int = 1) -> Position:
    """A world for the one-seat view `spec` (a parsed `position`); PositionTextError names
    the first token no world fits."""
    hand = spec.hands[0]
    seat = hand.seat
    if spec.seat is not None and spec.seat != seat:
        raise PositionTextError(f"seat {spec.seat}: only seat {seat}'s hand is given")
    if revokes != "forbid":  # an unproven revoke would leave the placeholder's voids unknown
        raise PositionTextError(f"{hand.label}: one-seat views of uno-hearts take Revokes forbid only")
    for group in (*spec.passed, *spec.received, *spec.got):
        if group.seat != seat:
            raise PositionTextError(f"{group.label}: only seat {seat}'s hand is known")
    if spec.stock is not None:
        raise PositionTextError(f"{spec.stock.label}: seat {seat} does not see the stock")
    if spec.drawn is not None:
        raise PositionTextError(f"{spec.drawn.label}: the pairs' draws are public: write draws <cards>, in order")
    for move in spec.moves:
        if move.decision is not None:
            raise PositionTextError(f"move {move.text}: uno-hearts has no decisions")
    passed = spec.passed[0] if spec.passed else None
    received = spec.received[0] if spec.received else None
    try:
        return uno_world_from_view(rules, seat, _counts(hand), _counts(passed), _counts(received),
                                   [(m.seat, m.card) for m in spec.moves], dealer, spec.hand_no,
                                   spec.draws.cards if spec.draws is not None else [],
                                   [_counts(g) for g in spec.got], seed)
    except UnoViewError as exc:
        raise PositionTextError(f"{_label(spec, exc)}: {exc}") from None


def _label(spec, exc: UnoViewError) -> str:
    """The token a view error names."""
    if exc.kind == "move" and spec.moves:
        return f"move {spec.moves[exc.index].text}"
    if exc.kind == "got" and exc.index < len(spec.got):
        return spec.got[exc.index].label
    if exc.kind == "draws":
        return spec.draws.label if spec.draws is not None else "draws"
    groups = {"passed": spec.passed, "received": spec.received}.get(exc.kind)
    return groups[0].label if groups else "moves" if exc.kind in ("move", "got") else spec.hands[0].label
