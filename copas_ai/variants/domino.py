"""`domino` (docs/RULES.md §17, S000 L353-371): Domino Hearts' rules for the core.

6 cards each to 3-8 seats (A50a), the rest a face-down stock; no pass (A50b); the
dealer's right leads any card (A50c), B0 (A50e); a seat void in the led suit draws
until it can follow, or, the stock empty, discards a card face down as the new
stock and passes (csrc/domino_play.cpp); tricks of N cards from any seats (A50d),
a full round of passes ends a stuck trick (A50f); hearts 1 each, the Q♠ nothing,
a scaled moon of 13 (A50g); the match ends at 100, the lowest total wins (end (a)),
or, by agreement, a seat at 100 is out until one is left (end (b), elimination).
The registry's `domino` is end (a); `domino+elimination` is end (b), whose last two
play hands of 2 (the option widens the seat counts to 2).
"""

from __future__ import annotations

from copas_ai._core import CardSet, FirstLead, MoonRule, RuleSet, StockDraw
from copas_ai.variants.base_games import _copas_fora
from copas_ai.variants.families import _free_play, _set_values
from copas_ai.variants.types import Variant, VariantOption


def domino_rules(players: int = 4, elimination: bool = False) -> RuleSet:
    """`elimination`: the match's end (b), a seat reaching 100 is out until one is left;
    its hands go to the seats still in, so the last two play a hand of 2 (csrc/elimination.h)."""
    fewest = 2 if elimination else 3
    if not fewest <= players <= 8:
        raise ValueError(f"domino (docs/RULES.md §17, A50a) is for {fewest} to 8 players")
    r = _copas_fora(players)
    r.deck = CardSet.full_deck()
    r.hand_size = 6
    r.stock_draw = StockDraw.UNTIL_FOLLOW
    r.pass_cycle = []
    _free_play(r)
    r.first_lead = FirstLead.DEALER_RIGHT  # A50c: "à direita do carteador", as written
    _set_values(r, {card: 1 for card in CardSet.suit(2)}, moon_value=13)  # A50g: the scaled moon
    r.moon = MoonRule.OTHERS_PLUS
    r.revoke_penalty_defined = False  # a void seat draws: there is no failing to follow
    r.eliminate_at_target = elimination
    return r


def _built_by_the_base(rules: RuleSet, value: str | None) -> None:
    """elimination: domino_rules(players, elimination=True) builds it (build_args)."""


VARIANTS: tuple[Variant, ...] = (
    Variant("domino", "Domino Hearts (draw until able to follow)", 3, 8, 4, "low",
            "seeds/000 L353-371, docs/RULES.md §17", domino_rules),
)

OPTIONS: tuple[VariantOption, ...] = (
    # uno-hearts' end (b) is the same (§15, A48f): its builder takes `elimination` too.
    VariantOption("elimination", "a seat at 100 is out until one is left (end (b))", "§17 end (b), §15 A48f",
                  ("domino", "uno-hearts"),
                  _built_by_the_base, build_args=(("elimination", True),), min_players=2),
)
