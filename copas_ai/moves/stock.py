"""two-player's stock (docs/RULES.md §18) as a seat knows it: the cards it drew, in the
order it drew them (the core makes every draw; csrc/stock_draw.cpp)."""

from __future__ import annotations

from copas_ai._core import Card, Position


def drawn_in_order(position: Position, seat: int) -> list[Card]:
    """The cards `seat` drew so far, in order (what CEP's `drawn <seat> <cards>` gives)."""
    return [card for trick in position.draws for drawer, card in trick if drawer == seat]
