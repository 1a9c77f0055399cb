"""A pass as the Python side carries it (copas-fora+split-pass, docs/RULES.md §2.2 L51).

A one-way pass is a CardSet. A split pass (two parts in `Position.pass_plan`) is
a tuple of CardSets in plan order: `(left cards, right cards)` for the plan
`[(1, 1), (3, 2)]`. `Position.set_pass` takes either, and `Position.passed_parts`
/ `received_parts` give them back. As text the parts are separated by '/'
("QS/AH,KC"); in a copas-game/1 record a seat's pass stays one flat card list,
the parts concatenated in plan order (the plan's counts cut it back). uno-hearts'
pass may send both copies of a card (docs/RULES.md §15): it is then a list of cards
naming that card twice, which `set_any_pass` gives to `Position.set_twin_pass`.
"""

from __future__ import annotations

from typing import Iterable, Sequence, Union

from copas_ai._core import Card, CardSet

PassValue = Union[CardSet, tuple[CardSet, ...], list[Card]]

# blind-forward (docs/RULES.md §2.2 L47): a chain link's pass of the 3 cards it received,
# unseen (`passed <seat> forward`, `legal pass 3 <cards> forward`, `bestmove forward`).
FORWARD = "forward"


def one_way_pass(cards: Sequence[Card]) -> CardSet | list[Card]:
    """A one-way pass's cards: a CardSet, or (two copies of a card) the list naming it twice."""
    return list(cards) if len(set(cards)) < len(cards) else CardSet(list(cards))


def set_any_pass(position, seat: int, value: PassValue) -> None:
    """Sets `seat`'s pass in `position`, whichever form it takes (a list: both copies of a card)."""
    if isinstance(value, list) and position.rules.copies > 1:
        position.set_twin_pass(seat, value)
    else:  # one copy of each card: a card named twice is refused by name (InvalidCardError)
        position.set_pass(seat, CardSet(value) if isinstance(value, list) else value)


def plan_counts(plan: Sequence[tuple[int, int]]) -> list[int]:
    """The cards of each part of a pass plan ([(offset, count)]), in plan order."""
    return [count for _, count in plan]


def is_split(plan: Sequence[tuple[int, int]]) -> bool:
    return len(plan) > 1


def all_cards(value: PassValue) -> CardSet:
    """Every card of a pass, whatever way it goes."""
    if isinstance(value, CardSet):
        return value
    out = CardSet()
    for part in value:
        out = out | part
    return out


def pass_text(value: PassValue) -> str:
    """'QS,AH,KC' for a one-way pass, 'QS/AH,KC' for a split one (parts in plan order)."""
    if isinstance(value, (CardSet, str)):  # a str: FORWARD
        return str(value)
    if isinstance(value, list):  # both copies of a card: named twice
        return ",".join(str(card) for card in value)
    return "/".join(str(part) for part in value)


def parse_pass_text(text: str) -> PassValue:
    """The inverse of pass_text (raises InvalidCardError on a bad card)."""
    if "/" not in text:
        return CardSet.from_str(text)
    return tuple(CardSet.from_str(part) for part in text.split("/"))


def flat_cards(value: PassValue) -> list[Card]:
    """A pass as one card list, parts concatenated in plan order (each part's cards ascending;
    a pass of both copies of a card names it twice)."""
    if isinstance(value, list):
        return list(value)
    parts = (value,) if isinstance(value, CardSet) else value
    return [card for part in parts for card in part]


def from_flat(plan: Sequence[tuple[int, int]], cards: Iterable[Card]) -> PassValue:
    """A flat card list cut into the plan's parts by their counts, in the list's order
    (a record's `passes` entry, or a random player's draw order).

    A list of the wrong length is cut as far as it goes; set_pass then says what is wrong."""
    cards = list(cards)
    if not is_split(plan):
        return CardSet(cards)
    parts, start = [], 0
    for count in plan_counts(plan):
        parts.append(CardSet(cards[start:start + count]))
        start += count
    parts[-1] = parts[-1] | CardSet(cards[start:])  # extra cards: kept, so the count check names them
    return tuple(parts)


_DIRECTION_WORDS = {1: "left", -1: "right"}


def plan_words(plan: Sequence[tuple[int, int]], players: int) -> str:
    """The pass plan in words for a person: 'pass 3 cards left', 'no pass'."""
    if not plan:
        return "no pass"
    parts = []
    for offset, count in plan:
        if offset == 0:  # kitty-swap's pool (docs/RULES.md §2.2 A13)
            return f"put {count} cards into the pool"
        if offset == players // 2 and players % 2 == 0 and offset != 1:
            word = "across"
        else:
            word = _DIRECTION_WORDS.get(offset if offset <= players // 2 else offset - players, f"+{offset}")
        parts.append(f"{count} card{'' if count == 1 else 's'} {word}")
    return "pass " + " and ".join(parts)
