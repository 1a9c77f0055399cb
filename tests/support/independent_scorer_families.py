"""Independent hand scorers for the variant families, written from docs/RULES.md (§5, §7,
§10, §12, §16, §22, §4) and not from the RuleSet fields: slow and plain on purpose.

Shape (what tests/support/independent_scorer.py imports when present):
    SCORERS: dict[str, Callable[[Sequence[Collection[str]], Sequence[str]], list[int]]]
keyed by base variant id; scorer(won, options) takes, seat by seat, the cards that seat
won in the hand as card strings ("QS", "TH", rank then suit) and the option tokens of
the variant id (e.g. ("alt-values",)), and returns the hand's score of every seat.
"""

from __future__ import annotations

from typing import Callable, Collection, Sequence

HEART_RANKS = "23456789TJQKA"
ALL_HEARTS = frozenset(r + "H" for r in HEART_RANKS)


def _others_plus(won, values: dict[str, int], moon_cards: Collection[str], moon: int) -> list[int]:
    """Sum of card values; a seat with every moon card scores 0, everyone else `moon`."""
    for seat, cards in enumerate(won):
        if set(moon_cards) <= set(cards):
            return [0 if s == seat else moon for s in range(len(won))]
    return [sum(values.get(c, 0) for c in cards) for cards in won]


def _copas_values() -> dict[str, int]:
    return {**{h: 1 for h in ALL_HEARTS}, "QS": 13}


def three_five(won, options=()) -> list[int]:
    # §4: scoring unchanged from copas-fora: hearts 1, Q♠ 13, moon others +26.
    return _others_plus(won, _copas_values(), ALL_HEARTS | {"QS"}, 26)


def negative_scoring(won, options=()) -> list[int]:
    # §5: hearts -1, Q♠ -13, 10♦ +10; moon (hearts + Q♠ + 10♦): shooter +26, others 0 (A30b).
    values = {**{h: -1 for h in ALL_HEARTS}, "QS": -13, "TD": 10}
    moon = ALL_HEARTS | {"QS", "TD"}
    for seat, cards in enumerate(won):
        if moon <= set(cards):
            return [26 if s == seat else 0 for s in range(len(won))]
    return [sum(values.get(c, 0) for c in cards) for cards in won]


def spanish(won, options=()) -> list[int]:
    # §7: 40 cards (no 8, 9, 10): the 10 hearts 1 each, Q♠ 10; moon others +20.
    hearts = {r + "H" for r in "234567JQKA"}
    return _others_plus(won, {**{h: 1 for h in hearts}, "QS": 10}, hearts | {"QS"}, 20)


def spot(won, options=()) -> list[int]:
    # §10: 2♥-10♥ face value, J♥ 11, Q♥ 12, K♥ 13, A♥ 14 (alt-values: J Q K 10, A 15);
    # Q♠ 25; moon others +140 (A43).
    values = {f"{r}H": int(r) for r in "23456789"}
    values["TH"] = 10
    courts = {"J": 10, "Q": 10, "K": 10, "A": 15} if "alt-values" in options else \
        {"J": 11, "Q": 12, "K": 13, "A": 14}
    values.update({f"{r}H": v for r, v in courts.items()})
    values["QS"] = 25
    return _others_plus(won, values, ALL_HEARTS | {"QS"}, 140)


def black_maria(won, options=()) -> list[int]:
    # §12: hearts 1, Q♠ 13, K♠ 10, A♠ 7; moon (all 16, A45) others +43.
    values = {**{h: 1 for h in ALL_HEARTS}, "QS": 13, "KS": 10, "AS": 7}
    return _others_plus(won, values, set(values), 43)


def classic_3to6(won, options=()) -> list[int]:
    # §22: hearts 1, Q♠ 13; all 13 hearts and the Q♠: 26 off the shooter's total
    # (a hand score of -26), the others unchanged.
    scores = [sum(_copas_values().get(c, 0) for c in cards) for cards in won]
    for seat, cards in enumerate(won):
        if ALL_HEARTS | {"QS"} <= set(cards):
            scores[seat] = -26
    return scores


def rook(won, options=()) -> list[int]:
    # §16: hearts 1 each but 5♥ 5 and 10♥ 10; Q♠ 13 as written (A49), 0 with qs-value
    # (bare or =0); the 10♦ takes 10 off its taker's hand total, never below 0; no moon
    # (all the points to one seat are simply his).
    queen = 0 if "qs-value" in options or "qs-value=0" in options else 13
    values = {**{h: 1 for h in ALL_HEARTS}, "5H": 5, "TH": 10, "QS": queen}
    scores = []
    for cards in won:
        total = sum(values.get(c, 0) for c in cards)
        scores.append(max(0, total - 10) if "TD" in cards else total)
    return scores


SCORERS: dict[str, Callable[..., list[int]]] = {
    "three-five": three_five,
    "negative-scoring": negative_scoring,
    "spanish": spanish,
    "spot": spot,
    "black-maria": black_maria,
    "rook": rook,
    "classic-3to6": classic_3to6,
}

# How a match ends on a tie for the best total, read from docs/RULES.md: the Copas
# Fora family inherits its extra hands (§4, §5 A30a, §7 "ties" unchanged; §10 and
# §12 restate only the target; §16 "extra hands until the tie is broken");
# classic-3to6 shares the win (A55f).
TIES: dict[str, str] = {
    "three-five": "extra-hands",
    "negative-scoring": "extra-hands",
    "spanish": "extra-hands",
    "spot": "extra-hands",
    "black-maria": "extra-hands",
    "rook": "extra-hands",
    "classic-3to6": "shared",
}

# Matches of a fixed number of hands instead of a target (§16: "the game ends after six hands").
HANDS: dict[str, int] = {"rook": 6}
