"""`queens` (docs/RULES.md §11, S000 L263-273): Copas Fora where every queen scores
(Q♠ 26, Q♣/Q♦/Q♥ 13, A44a), the J♦ is -10 (as `+jd-bonus`), the match ends at 300,
the dealer chooses each hand's pass plan (a decision searched by the engine,
csrc/decisions.cpp `plan`) and the moon, every heart with the J♦, Q♠, Q♣ and Q♦,
wins the match at once (csrc/match.cpp).
"""

from __future__ import annotations

from copas_ai._core import Card, CardSet, RuleSet
from copas_ai.variants.base_games import _copas_fora
from copas_ai.variants.scoring_options import _add_points, _jd_bonus
from copas_ai.variants.types import Variant

_QUEENS = CardSet([Card.from_str(c) for c in ("QC", "QD", "QH", "QS")])
_JD = Card.from_str("JD")


def _queens(players: int) -> RuleSet:
    r = _copas_fora(players)
    _jd_bonus(r, None)  # S000 L267: "as in Copas Fora's J♦ bonus" (A22's defaults)
    for card in _QUEENS:  # A44a: the Q♥ is 13 in all, not 13 + 1
        _add_points(r, card, 26 if str(card) == "QS" else 13)
    # A44b: every queen and heart is a point card for R1 (and R2's X2 keeps its form).
    r.point_cards = CardSet.suit(2) | _QUEENS
    r.first_trick_banned = r.point_cards
    r.moon_cards = CardSet.suit(2) | _QUEENS | CardSet([_JD])
    # A44c: the moon's hand is scored in copas-fora's form, the others taking the
    # deck's whole penalty (77); the match then ends whatever the totals.
    r.moon_value = 77
    r.moon_wins_match = True
    r.pass_cycle = []
    r.dealer_plans_pass = True
    r.target = 300
    return r


VARIANTS: tuple[Variant, ...] = (
    Variant("queens", "Queens (the dealer's pass plan, every queen scores)", 4, 4, 4, "low",
            "seeds/000 L263-273, docs/RULES.md §11", _queens),
)
