"""Options of `copas-fora` that change the score or the match (VARIANTS.md §2.3).

Each option is data over the RuleSet; the core's scorer and match rules read it.
"""

from __future__ import annotations

from copas_ai._core import Card, RuleSet, TieRule
from copas_ai.options_play import COPAS_FORA_FAMILY
from copas_ai.variant_types import VariantOption


def _target_200(rules: RuleSet, value: str | None) -> None:
    rules.target = 200


def _tie_stands(rules: RuleSet, value: str | None) -> None:
    # A27: tied for the lowest total when someone reaches the target: the match ends drawn.
    rules.tie_rule = TieRule.STANDS


def _fatal_ace(rules: RuleSet, value: str | None) -> None:
    # L89: the A♥ is worth 5 (30 points in the deck), and a moon gives the others +30.
    points = rules.card_points
    points[Card.from_str("AH")] = 5
    rules.card_points = points
    rules.moon_value = rules.total_points


OPTIONS: tuple[VariantOption, ...] = (
    VariantOption("fatal-ace", "the A♥ is worth 5", "§2.3 L89", COPAS_FORA_FAMILY, _fatal_ace),
    VariantOption("tie-stands", "a tie at the end stands", "§2.3 L113, A27", COPAS_FORA_FAMILY,
                  _tie_stands),
    VariantOption("target-200", "the match ends at 200", "§2.3", COPAS_FORA_FAMILY, _target_200),
)
