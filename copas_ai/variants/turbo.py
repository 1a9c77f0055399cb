"""`turbo` (docs/RULES.md §8, S000 L185-203): Copas Fora with the J♦ at -10 (as
`+jd-bonus`), the 10♣ doubling (as `+ten-of-death`, the J♦ first: A23), the match
to 300, and the charging phase after the pass (A33-A35): each seat may charge one
of the Q♠, A♥, J♦, 10♣ it holds (csrc/decisions.cpp), which the core scores
(csrc/hand_score.h) and restricts on the first trick led in its suit (A34).

The agreements of jd-bonus and ten-of-death are those options' values on turbo
(`turbo+jd-bonus=moon-needs-jd`); the other copas-fora options apply, unverified.
"""

from __future__ import annotations

from copas_ai._core import Card, CardSet, RuleSet
from copas_ai.variants.base_games import _copas_fora
from copas_ai.variants.scoring_options import _jd_bonus, _ten_of_death
from copas_ai.variants.types import Variant

CHARGE_CARDS = CardSet([Card.from_str(c) for c in ("QS", "AH", "JD", "TC")])


def _turbo(players: int) -> RuleSet:
    r = _copas_fora(players)
    _jd_bonus(r, None)
    _ten_of_death(r, None)
    r.target = 300
    r.charge_cards = CHARGE_CARDS
    r.charge_whole_suit = CardSet([Card.from_str("AH")])  # the charged A♥ doubles every heart
    return r


VARIANTS: tuple[Variant, ...] = (
    Variant("turbo", "Copas Turbo (charges)", 4, 4, 4, "low", "seeds/000 L185-203, docs/RULES.md §8", _turbo),
)
