"""Built-in players for the match flow. A bot decides for one seat: the pass and
each card. Bots read the position only through what their seat may know (their
hand, the trick, the public history); the core decides what is legal."""

from __future__ import annotations

import random
from typing import Protocol

from copas_ai._core import Card, CardSet, Position


class Bot(Protocol):
    name: str

    def choose_pass(self, position: Position, seat: int, count: int) -> CardSet: ...

    def choose_card(self, position: Position, seat: int) -> Card: ...


class RandomBot:
    """Uniformly random legal choices from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose_pass(self, position: Position, seat: int, count: int) -> CardSet:
        return CardSet(self._rng.sample(list(position.hand(seat)), count))

    def choose_card(self, position: Position, seat: int) -> Card:
        return self._rng.choice(list(position.legal_moves()))


BOT_NAMES = ("random",)


def make_bot(name: str, seed: int) -> Bot:
    """A built-in bot by name; raises ValueError naming the known ones."""
    if name == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown bot '{name}'; known: {', '.join(BOT_NAMES)}")
