"""queens' hand score for the tests, written from docs/RULES.md §11 (S000 L263-273),
not from the RuleSet: each heart 1, the Q♥ 13 in all (A44a), the Q♣ and Q♦ 13, the
Q♠ 26, the J♦ -10; 77 points less 10 in a hand. The moon is all 13 hearts with the
J♦, Q♠, Q♣ and Q♦: it wins the match at once (L273); the hand itself counts as
copas-fora counts a moon, the others taking the deck's whole penalty, 77 (A44c).

Cards are strings ("QS", "JD"). queens takes no option here: any raises ValueError.
"""

from __future__ import annotations

from typing import Collection, Sequence

HEARTS = frozenset(r + "H" for r in "23456789TJQKA")
VALUES = {**{h: 1 for h in HEARTS}, "QH": 13, "QC": 13, "QD": 13, "QS": 26, "JD": -10}
MOON = HEARTS | {"JD", "QS", "QC", "QD"}
MOON_VALUE = 77  # 12 hearts + Q♥ 13 + Q♠ 26 + Q♣ 13 + Q♦ 13


def queens_shooter(won: Sequence[Collection[str]]) -> int | None:
    """The seat that took every moon card (and so won the match), or None."""
    return next((s for s, cards in enumerate(won) if MOON <= set(cards)), None)


def queens_scores(won: Sequence[Collection[str]], options: dict[str, str | None]) -> list[int]:
    if options:
        raise ValueError(f"the queens scorer knows no option {sorted(options)}")
    shooter = queens_shooter(won)
    if shooter is None:
        return [sum(VALUES.get(c, 0) for c in cards) for cards in won]
    # Every moon card is the shooter's: the others took none of them.
    return [0 if s == shooter else MOON_VALUE for s in range(len(won))]
