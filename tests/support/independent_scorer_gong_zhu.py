"""gong-zhu's hand score for the tests, written from docs/RULES.md §9 and the seed
(S000 L205-253), not from the RuleSet: the card table of A36, the 10♣ rule of L217
(A37), the all-hearts rule of L219 with the charged totals of L225-229 (A38), and
the options +face-value-hearts, +hearts-swap (A41), +grand-slam (A42),
+exact-minus-1000 and +no-charge (the last two do not change a hand's score), and
+super-charge's super charges (L245-253, A40).

Cards are strings ("QS", "TC"); `charged` is the set of charged cards (with
+super-charge, those charged face down), `super_charged` those super-charged (face up).
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
KNOWN = ("face-value-hearts", "hearts-swap", "grand-slam", "exact-minus-1000", "no-charge", "super-charge")
# The charged effect of L223-231 and the super-charged one of L245-253, as a factor of the
# card's plain effect: A♥ the taker's hearts, Q♠ -100, J♦ +100, 10♣ the doubling and its +50.
CHARGE_FACTOR = {"plain": 1, "charged": 2, "super": 4}


def heart_table(options: dict[str, str | None]) -> dict[str, int]:
    return FACE_VALUE if "face-value-hearts" in options else STANDARD


def seat_score(cards: Collection[str], charged: Collection[str], options: dict[str, str | None],
               all_hearts_by: int | None, me: int, super_charged: Collection[str] = ()) -> int:
    """One seat's score: hearts (x2 with the charged A♥ taken, x4 super-charged), Q♠ -100
    (-200 charged, -400 super), J♦ +100 (+200, +400); the all-hearts taker's hearts and Q♠
    turn positive (L219, L225-227, L247-249), or with +hearts-swap every seat's Q♠ and J♦
    change sign (L237); then the 10♣: x2 (x4 charged, x8 super) when any heart, the Q♠ or
    the J♦ was taken, else +50 (+100, +200)."""
    taken = set(cards)
    if "grand-slam" in options and HEARTS | {"QS", "JD", "TC"} <= taken:
        return 1000  # A42: replaces the score

    def factor(card: str) -> int:
        kind = "super" if card in super_charged else "charged" if card in charged else "plain"
        return CHARGE_FACTOR[kind]

    table = heart_table(options)
    hearts = sum(table[c] for c in taken & HEARTS) * (factor("AH") if "AH" in taken else 1)
    queen = -100 * factor("QS") if "QS" in taken else 0
    jack = 100 * factor("JD") if "JD" in taken else 0
    if all_hearts_by is not None and "hearts-swap" in options:
        queen, jack = -queen, -jack
    elif all_hearts_by == me:
        hearts, queen = -hearts, -queen
    total = hearts + queen + jack
    if "TC" in taken:
        if not taken & (HEARTS | {"QS", "JD"}):
            return 50 * factor("TC")
        total *= 2 * factor("TC")
    return total


def gong_zhu_scores(won: Sequence[Collection[str]], options: dict[str, str | None],
                    charged: Collection[str] = (), super_charged: Collection[str] = ()) -> list[int]:
    unknown = set(options) - set(KNOWN)
    if unknown:
        raise ValueError(f"the gong-zhu scorer knows no option {sorted(unknown)}")
    if super_charged and "super-charge" not in options:
        raise ValueError("super charges need the option super-charge")
    if set(charged) & set(super_charged):
        raise ValueError(f"cards both charged and super-charged: {sorted(set(charged) & set(super_charged))}")
    by = next((s for s, cards in enumerate(won) if HEARTS <= set(cards)), None)
    return [seat_score(cards, charged, options, by, s, super_charged) for s, cards in enumerate(won)]
