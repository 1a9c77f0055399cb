"""gong-zhu's hand score for the tests, written from docs/RULES.md §9 and the seed
(S000 L205-253), not from the RuleSet: the card table of A36, the 10♣ rule of L217
(A37), the all-hearts rule of L219 with the charged totals of L225-229 (A38), and
the options +face-value-hearts, +hearts-swap (A41), +grand-slam (A42),
+exact-minus-1000 and +no-charge (the last two do not change a hand's score).

Cards are strings ("QS", "TC"); `charged` is the set of charged cards.
"""

from __future__ import annotations

from typing import Collection, Sequence

HEARTS = frozenset(r + "H" for r in "23456789TJQKA")
# A36: A♥ -50, K♥ -40, Q♥ -30, J♥ -20, 10♥..5♥ -10, 4♥..2♥ 0.
STANDARD = {"AH": -50, "KH": -40, "QH": -30, "JH": -20, **{r + "H": -10 for r in "56789T"},
            "4H": 0, "3H": 0, "2H": 0}
# L235: numerals at minus face value, the 4♥ -10.
FACE_VALUE = {**STANDARD, **{r + "H": -int(v) for r, v in zip("56789", "56789")}, "TH": -10,
              "4H": -10, "3H": -3, "2H": -2}
KNOWN = ("face-value-hearts", "hearts-swap", "grand-slam", "exact-minus-1000", "no-charge")


def heart_table(options: dict[str, str | None]) -> dict[str, int]:
    return FACE_VALUE if "face-value-hearts" in options else STANDARD


def seat_score(cards: Collection[str], charged: Collection[str], options: dict[str, str | None],
               all_hearts_by: int | None, me: int) -> int:
    """One seat's score: hearts (x2 with the charged A♥ taken), Q♠ -100 (-200 charged),
    J♦ +100 (+200 charged); the all-hearts taker's hearts and Q♠ turn positive (L219,
    L225-227), or with +hearts-swap every seat's Q♠ and J♦ change sign (L237); then
    the 10♣: x2 (x4 charged) when any heart, the Q♠ or the J♦ was taken, else +50
    (+100 charged)."""
    taken = set(cards)
    if "grand-slam" in options and HEARTS | {"QS", "JD", "TC"} <= taken:
        return 1000  # A42: replaces the score
    table = heart_table(options)
    hearts = sum(table[c] for c in taken & HEARTS)
    if "AH" in taken and "AH" in charged:
        hearts *= 2
    queen = (-200 if "QS" in charged else -100) if "QS" in taken else 0
    jack = (200 if "JD" in charged else 100) if "JD" in taken else 0
    if all_hearts_by is not None and "hearts-swap" in options:
        queen, jack = -queen, -jack
    elif all_hearts_by == me:
        hearts, queen = -hearts, -queen
    total = hearts + queen + jack
    if "TC" in taken:
        charged_ten = "TC" in charged
        if not taken & (HEARTS | {"QS", "JD"}):
            return 100 if charged_ten else 50
        total *= 4 if charged_ten else 2
    return total


def gong_zhu_scores(won: Sequence[Collection[str]], options: dict[str, str | None],
                    charged: Collection[str] = ()) -> list[int]:
    unknown = set(options) - set(KNOWN)
    if unknown:
        raise ValueError(f"the gong-zhu scorer knows no option {sorted(unknown)}")
    by = next((s for s, cards in enumerate(won) if HEARTS <= set(cards)), None)
    return [seat_score(cards, charged, options, by, s) for s, cards in enumerate(won)]
