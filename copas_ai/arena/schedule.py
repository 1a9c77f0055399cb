"""The duplicate schedule: every deal is played once per seat arrangement, the
arrangements being the distinct rotations of the lineup (the players repeated to
fill the seats: A,B -> A,B,A,B), so each player sits each seat of each deal
equally often and the cards' luck cancels.

Every random choice of a game comes from (seed, deal, arrangement): a game
played in any process, on any Ray node, or after a resume is the same game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

# Hand numbers walk the variant's pass cycle (any cycle of length 1, 2, 3, 4, 6 or 12).
_HAND_NO_CYCLE = 12
# The american pass cycle's fourth hand: no passing.
NO_PASS_HAND_NO = 3


def lineup(n_players: int, seats: int) -> list[int]:
    """Player index per seat, the players repeated in order: 2 players, 4 seats -> 0,1,0,1."""
    if n_players < 1 or n_players > seats:
        raise ValueError(f"need 1 to {seats} players for {seats} seats, got {n_players}")
    return [s % n_players for s in range(seats)]


def arrangements(n_players: int, seats: int) -> list[list[int]]:
    """The distinct rotations of the lineup: for each, the player index per seat."""
    base = lineup(n_players, seats)
    out: list[list[int]] = []
    for shift in range(seats):
        rotated = base[shift:] + base[:shift]
        if rotated not in out:
            out.append(rotated)
    return out


def derived_seed(*parts: object) -> int:
    """A 63-bit seed from the parts (stable across processes and Python runs)."""
    return random.Random("/".join(map(str, parts))).getrandbits(63)


@dataclass(frozen=True)
class Game:
    """One game of the schedule: a deal played in one seat arrangement."""

    deal: int
    arrangement: int
    seats: tuple[int, ...]  # player index per seat

    def deal_seed(self, seed: int) -> int:
        return derived_seed(seed, "deal", self.deal)

    def bot_seed(self, seed: int, seat: int) -> int:
        return derived_seed(seed, "bot", self.deal, self.arrangement, seat)

    def dealer(self, seed: int, seats: int) -> int:
        return derived_seed(seed, "dealer", self.deal) % seats

    def hand_no(self, no_pass: bool) -> int:
        return NO_PASS_HAND_NO if no_pass else self.deal % _HAND_NO_CYCLE


def schedule(deals: int, n_players: int, seats: int, first_deal: int = 0) -> list[Game]:
    """The games of deals first_deal .. first_deal+deals-1, deal by deal."""
    rotations = arrangements(n_players, seats)
    return [Game(d, a, tuple(r)) for d in range(first_deal, first_deal + deals) for a, r in enumerate(rotations)]
