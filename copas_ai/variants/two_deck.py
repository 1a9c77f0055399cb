"""`two-deck` (docs/RULES.md §13, S000 L287-297): Copas de Dois Baralhos' rules for the core.

Two 52-card decks shuffled together, two copies of every card (RuleSet.copies = 2;
csrc/twin_cards.h), for 6 to 10 players: 17, 14, 13, 11 or 10 cards each and the
rest (2, 6, 0, 5, 4 cards) a kitty by three-five's method, first-trick-winner and
add-to-trick (§4's defaults); no pass; the dealer's left leads any card, B0; hearts
1 each and each Q♠ 13 (52 in all); the moon is both copies of every heart and of
the Q♠ (A46b) and gives the others +52; a revoke +52; the match ends at 200, the
lowest total wins, ties play extra hands as in Copas Fora. Of two identical cards
in a trick the earlier wins (L295). With `partners` (6, 8 or 10 seats, A46a) the
pairs sit opposite, n/2 seats apart, and their totals are summed as in `teams`.

The registry's `two-deck` seats 8 by default: the one count that deals the usual 13
cards each with no kitty (§13's table). `two-deck+partners` is A46a's partnership game
(6, 8 or 10 seats).
"""

from __future__ import annotations

from copas_ai._core import CardSet, IdenticalCardWins, KittyTaker, KittyUse, RuleSet
from copas_ai.variants.base_games import _copas_fora
from copas_ai.variants.families import _free_play
from copas_ai.variants.types import Variant, VariantOption

# §13: cards per seat and the kitty, by seat count.
DEAL = {6: (17, 2), 7: (14, 6), 8: (13, 0), 9: (11, 5), 10: (10, 4)}


def two_deck_rules(players: int = 8, partners: bool = False) -> RuleSet:
    if players not in DEAL:
        raise ValueError("two-deck (docs/RULES.md §13) is for 6 to 10 players")
    r = _copas_fora(players)
    r.deck = CardSet.full_deck()
    r.copies = 2
    r.identical_card_wins = IdenticalCardWins.EARLIER
    r.hand_size, r.kitty_size = DEAL[players]
    r.kitty_taker = KittyTaker.FIRST_TRICK_WINNER
    r.kitty_use = KittyUse.ADD_TO_TRICK
    r.pass_cycle = []
    _free_play(r)
    # The values are copas-fora's (hearts 1, Q♠ 13) and count per copy: 52 in all.
    r.moon_value = 52
    r.revoke_penalty = 52
    r.target = 200
    if partners:
        _partners(r)
    return r


def _partners(r: RuleSet, value: str | None = None) -> None:
    if r.players % 2:
        raise ValueError("partnerships with two copies of a card (A46a) need 6, 8 or 10 players")
    r.teams = r.players // 2  # seat s plays in team s % (n/2): partners n/2 apart


VARIANTS: tuple[Variant, ...] = (
    Variant("two-deck", "Copas de Dois Baralhos (two decks, two copies of every card)", 6, 10, 8, "low",
            "seeds/000 L287-297, docs/RULES.md §13", two_deck_rules),
)

OPTIONS: tuple[VariantOption, ...] = (
    VariantOption("partners", "partners seated opposite, n/2 apart, their points summed", "§13 L289, A46a",
                  ("two-deck", "cancellation"), _partners),
)
