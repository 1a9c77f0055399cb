"""A stock (two-player, docs/RULES.md §18; domino, §17) as a seat knows it: the cards it
drew, in the order it drew them (the core makes every draw; csrc/stock_draw.cpp,
csrc/domino_play.cpp)."""

from __future__ import annotations

from copas_ai._core import Card, Position, StockDraw


def drawn_in_order(position: Position, seat: int) -> list[Card]:
    """The cards `seat` drew so far, in order (what CEP's `drawn <seat> <cards>` gives);
    domino's in card order."""
    if position.rules.stock_draw == StockDraw.UNTIL_FOLLOW:
        # domino: the draws come inside the tricks and the core keeps each seat's as a set
        # (Position.drawn): in card order here.
        return list(position.drawn[seat])
    return [card for trick in position.draws for drawer, card in trick if drawer == seat]
