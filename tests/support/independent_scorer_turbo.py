"""turbo's hand score for the tests, written from docs/RULES.md §8 (S000 L185-203),
not from the RuleSet: score = (H·a + q + j)·m for the cards a seat took, given
which cards were charged; a moon ignores the charges (A35) and is scored as
copas-fora+jd-bonus+ten-of-death scores it (TU-6, CF-7, CF-8).

Cards are strings ("QS", "TC"). Options on turbo: the jd-bonus and ten-of-death
agreements (`turbo+jd-bonus=moon-needs-jd`), and nines-extend (§2.3: it changes the
tricks, not what a card taken scores); any other raises ValueError.
"""

from __future__ import annotations

from typing import Collection, Sequence

HEARTS = frozenset(r + "H" for r in "23456789TJQKA")
AGREEMENTS = ("jd-bonus", "ten-of-death")
PLAY_ONLY = ("nines-extend",)  # changes who takes the cards, which the caller gives


def moon_cards(options: dict[str, str | None]) -> set[str]:
    """13 hearts and the Q♠, plus the J♦ / 10♣ when the agreements say the moon needs them."""
    cards = set(HEARTS) | {"QS"}
    if "moon-needs-jd" in (options.get("jd-bonus") or ""):
        cards.add("JD")
    if "moon-needs-tc" in (options.get("ten-of-death") or ""):
        cards.add("TC")
    return cards


def seat_score(cards: Collection[str], charged: Collection[str]) -> int:
    """§8: H hearts taken, a = 2 with the charged A♥ taken; q = 26/13/0 for the Q♠
    (charged / not / not taken); j = -20/-10/0 for the J♦; m = 4/2/1 for the 10♣."""
    taken = set(cards)
    hearts = len(taken & HEARTS)
    a = 2 if "AH" in taken and "AH" in charged else 1
    q = (26 if "QS" in charged else 13) if "QS" in taken else 0
    j = (-20 if "JD" in charged else -10) if "JD" in taken else 0
    m = (4 if "TC" in charged else 2) if "TC" in taken else 1
    return (hearts * a + q + j) * m


def turbo_scores(won: Sequence[Collection[str]], options: dict[str, str | None],
                 charged: Collection[str] = ()) -> list[int]:
    unknown = set(options) - set(AGREEMENTS) - set(PLAY_ONLY)
    if unknown:
        raise ValueError(f"the turbo scorer knows no option {sorted(unknown)}")
    moon = moon_cards(options)
    shooter = next((s for s, cards in enumerate(won) if moon <= set(cards)), None)
    if shooter is None:
        return [seat_score(cards, charged) for cards in won]
    # A35: the moon as without charges: the shooter 0, the others 26 plus what they
    # took outside the moon (the J♦: 16), doubled by the 10♣ (52).
    scores = []
    for s, cards in enumerate(won):
        rest = set(cards) - moon
        value = 26 + (-10 if "JD" in rest else 0)
        scores.append(0 if s == shooter else value * (2 if "TC" in rest else 1))
    return scores
