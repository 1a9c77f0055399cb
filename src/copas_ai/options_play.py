"""Options of `copas-fora` that change what may be played (VARIANTS.md §2.2).

Each option is data over the RuleSet; the core's legal-move filter reads it.
"""

from __future__ import annotations

from copas_ai._core import CardSet, HeartsBreak, RuleSet
from copas_ai.variant_types import VariantOption

# The seeds apply the Copas Fora options to these bases (VARIANTS.md §0.4).
COPAS_FORA_FAMILY = ("copas-fora",)


def _hearts_anytime(rules: RuleSet, value: str | None) -> None:
    # A15: hearts are free everywhere, trick 1 included; the Q♠ stays barred there.
    rules.hearts_break = HeartsBreak.NEVER
    rules.first_trick_banned = rules.first_trick_banned - CardSet.suit(2)


OPTIONS: tuple[VariantOption, ...] = (
    VariantOption("hearts-anytime", "hearts may be played at any time", "§2.2 L57, A15",
                  COPAS_FORA_FAMILY, _hearts_anytime),
)

