"""Two-copy hands (two-deck, cancellation: docs/RULES.md §13-§14) as Counters of card
names, a name counted twice when both copies are there; a Position built from such lists."""

from __future__ import annotations

from collections import Counter

import copas_ai as ca


def layers(once, twice) -> Counter:
    """A multiset from a first layer (each value there) and a second (those there twice)."""
    return Counter(map(str, once)) + Counter(map(str, twice))


def held(pos: ca.Position, seat: int) -> Counter:
    return layers(pos.hand(seat), pos.twins[seat])


def taken(pos: ca.Position, seat: int) -> Counter:
    return layers(pos.won[seat], pos.won_twins[seat])


def twin_position(rules, hands: list[list[str]], dealer: int) -> ca.Position:
    """A Position from each seat's card list (a name twice where it holds both copies)."""
    once = [ca.CardSet(sorted(set(h))) for h in hands]
    twice = [ca.CardSet(sorted(c for c, k in Counter(h).items() if k == 2)) for h in hands]
    return ca.Position(rules, once, dealer=dealer, twins=twice)
