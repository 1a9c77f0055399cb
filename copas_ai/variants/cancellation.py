"""`cancellation` (docs/RULES.md §14, S000 L299-303): two-deck where identical cards cancel.

Everything is `two-deck`'s (§13: 6 to 10 players, two copies of every card, the deal
and kitty table, no pass, the dealer's left leads any card, 52 points, moon +52, game
to 200, the `partners` option) but the trick (RuleSet.identical_card_wins = CANCEL,
csrc/cancel_trick.cpp): two identical cards in a trick cancel and the highest led-suit
card played once wins (CA-1). A trick with no such card (every card paired, or only
the led suit's, A47 and CA-4) has no winner: its leader leads again and the next trick
whose highest card played once of the suit that led the first carried trick (the
seed's L301, whatever suit leads the new one) takes it too, else it is carried as well
(CA-2); the hand's last trick without a winner goes to its leader with every carried
trick (CA-3), so a hand of cancelled tricks is the first leader's moon.
"""

from __future__ import annotations

from copas_ai._core import IdenticalCardWins, RuleSet
from copas_ai.variants.two_deck import two_deck_rules
from copas_ai.variants.types import Variant


def cancellation_rules(players: int = 8, partners: bool = False) -> RuleSet:
    if not 6 <= players <= 10:
        raise ValueError("cancellation (docs/RULES.md §14) is for 6 to 10 players")
    r = two_deck_rules(players, partners)
    r.identical_card_wins = IdenticalCardWins.CANCEL
    return r


VARIANTS: tuple[Variant, ...] = (
    Variant("cancellation", "Cancellation Hearts (two decks, identical cards in a trick cancel)", 6, 10, 8, "low",
            "seeds/000 L299-303, docs/RULES.md §14", cancellation_rules),
)
