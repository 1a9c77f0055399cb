"""Two copies of every card (two-deck, docs/RULES.md §13) in text: a hand, a pile or a
kitty lists a card twice when it holds both copies (docs/PROTOCOL.md, "Two copies of a
card"); both copies share the name, and a move names a value (the copies in a hand are
interchangeable; a trick's order tells the played copies apart).

The core keeps such a multiset as two layers (csrc/twin_cards.h): `once`, the cards held
at least once, and `twice`, those held twice; Position(..., twins=) takes the second.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from copas_ai._core import Card, CardSet, InvalidCardError, Position
from copas_ai.moves.passes import pass_text

COPIES = 2  # two decks shuffled together: no card has a third copy


def layers(counts: Counter) -> tuple[CardSet, CardSet]:
    """(cards held at least once, cards held twice) of a count per card."""
    return CardSet(list(counts)), CardSet([c for c, k in counts.items() if k >= COPIES])


def parse_twin_cards(text: str, copies: int = COPIES) -> tuple[CardSet, CardSet]:
    """`2C,KS,KS,…` as (once, twice); InvalidCardError naming a card listed more often
    than `copies` (1 for a one-deck variant: the message says it is listed twice)."""
    try:
        cards = [Card.from_str(token) for token in text.split(",")]
    except InvalidCardError:
        return CardSet.from_str(text), CardSet()  # `-` (none), or the core's error naming the bad card
    counts: Counter = Counter()
    for card in cards:
        counts[card] += 1
        if counts[card] > copies:
            times = "twice" if copies == 1 else f"{counts[card]} times (two decks hold {copies})"
            raise InvalidCardError(f"invalid card list '{text}': card {card} listed {times}")
    return layers(counts)


def twin_card_list(once: CardSet, twice: CardSet) -> list[str]:
    """The cards of both layers in card order, each card of `twice` listed twice (a record's list)."""
    return [str(c) for c in _copies(once, twice)]


def _copies(once: CardSet, twice: CardSet) -> list[Card]:
    """The cards of both layers in card order, each card of `twice` listed twice."""
    return [card for card in once for _ in range(COPIES if card in twice else 1)]


def twin_pass(once: CardSet, twice: CardSet) -> CardSet | list[Card]:
    """A one-way pass from its layers: the CardSet, or (uno-hearts, both copies of a card passed)
    the list naming each card of `twice` twice, as moves.passes.set_any_pass takes it."""
    return _copies(once, twice) if twice else once


def twin_cards_text(once: CardSet, twice: CardSet) -> str:
    return ",".join(twin_card_list(once, twice))


def dealt_twins(position: Position, seat: int) -> tuple[CardSet, CardSet]:
    """The cards `seat` was dealt in a two-copy hand: what it held when the play began
    (every card taken back: uno-hearts' swaps and draws with them, §15), plus what it
    passed, less what it received."""
    start = position.copy()
    while start.moves:
        start.pop()
    counts = Counter(start.hand(seat)) + Counter(start.twins[seat])
    if position.pass_plan and start.phase != "passing":
        counts += Counter(position.passed_parts[seat]) + Counter(position.passed_twins[seat])
        once, twice = received_twins(position, seat)
        counts -= Counter(once) + Counter(twice)
    return layers(counts)


def received_twins(position: Position, seat: int) -> tuple[CardSet, CardSet]:
    """What `seat` received in a two-copy hand's pass, as (once, twice) layers: the pass of
    the seat it comes from (with two copies every pass goes one way, uno-hearts' to the right)."""
    sender = (seat - position.pass_plan[0][0]) % position.players
    return position.passed_parts[sender], position.passed_twins[sender]


def passed_text(position: Position, seat: int) -> str:
    """What `seat` passed, a card passed twice (uno-hearts) written twice; one-copy
    variants: pass_text's (a split pass's parts)."""
    if position.rules.copies == 1:
        return pass_text(position.passed_parts[seat])
    return twin_text(position.passed_parts[seat], position.passed_twins[seat])


def received_text(position: Position, seat: int) -> str:
    """What `seat` received, as passed_text writes it (two copies: one way only)."""
    if position.rules.copies == 1:
        return pass_text(position.received_parts[seat])
    return twin_text(*received_twins(position, seat))


def twin_text(once: CardSet, twice: CardSet) -> str:
    """A multiset as `show` writes a CardSet (`-` when empty)."""
    return twin_cards_text(once, twice) or str(once)


def held_text(position: Position, seat: int, without: Sequence[Card] = ()) -> str:
    """What `seat` holds, a card held twice written twice (one-copy variants: its CardSet),
    less the cards `without` (a pass set down but not yet exchanged: each copy named)."""
    if not without:
        return twin_text(position.hand(seat), position.twins[seat])
    return twin_text(*layers(Counter(_copies(position.hand(seat), position.twins[seat])) - Counter(without)))


def won_text(position: Position, seat: int) -> str:
    return twin_text(CardSet(position.won[seat]), position.won_twins[seat])


def held_count(position: Position, seat: int) -> int:
    return len(position.hand(seat)) + len(position.twins[seat])


def cards_points(rules, cards: list[Card]) -> int:
    """The points of cards as played, each copy counted (the core values each card)."""
    return sum(rules.points_of(CardSet([card])) for card in cards)
