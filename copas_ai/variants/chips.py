"""`betting-chips` (docs/RULES.md §19, S000 L387-399): Copas Fora played for chips.

Each seat starts with the same chips (`+start-chips`, default 50); a hand is dealt
to the seats still holding chips, 52 // N each, the 52 mod N left over undealt and
unseen; hearts 1, the Q♠ 0, no passing, the dealer's left leads any card, no
restrictions (B0), no moon. After the hand the core settles the chips
(csrc/chips.h): h x (N - 1) into the pot, then (hearts in play) - h out of it
(A52b; `+betting-base=13`: 13 - h); a seat that cannot pay pays what it has and
is out once on 0 (A52c); the last seat with chips wins.
"""

from __future__ import annotations

from copas_ai._core import CardSet, MoonRule, RuleSet
from copas_ai.variants.base_games import _copas_fora
from copas_ai.variants.families import _free_play, _set_values
from copas_ai.variants.types import Variant, VariantOption, option_choice

_HEARTS = CardSet.suit(2)
START_CHIPS = 50  # the seed leaves the amount to agreement; a few dozen hands of play at 4 seats


def _betting_chips(players: int) -> RuleSet:
    # A52a: 3-8 seats start a game; 2 is the last two after eliminations (26 each).
    if not 2 <= players <= 8:
        raise ValueError("§19 deals to 3 to 8 players (2 once the others are out)")
    r = _copas_fora(players)
    r.deck = CardSet.full_deck()
    r.hand_size = 52 // players  # the rest stays undealt, unseen (no kitty: nobody takes it)
    r.pass_cycle = []
    _free_play(r)
    _set_values(r, {card: 1 for card in _HEARTS}, moon_value=0)
    r.moon = MoonRule.NONE
    r.moon_cards = CardSet()
    # A52c's reading forbids revokes: a revoke's value in chips is not defined.
    r.revoke_penalty_defined = False
    r.start_chips = START_CHIPS
    return r


def _start_chips(rules: RuleSet, value: str | None) -> None:
    try:
        chips = int(value or START_CHIPS)  # bare: the default, as every catalogue entry must build
    except ValueError:
        raise ValueError(f"start-chips: '{value}' is not a number of chips") from None
    if not 1 <= chips <= 1_000_000:
        raise ValueError(f"start-chips: {chips} is not 1 to 1000000")
    rules.start_chips = chips


def _betting_base(rules: RuleSet, value: str | None) -> None:
    base = option_choice("betting-base", value, "hearts-in-play", ("hearts-in-play", "13"))
    rules.chip_base_all_hearts = base == "13"


VARIANTS: tuple[Variant, ...] = (
    Variant("betting-chips", "Copas de Aposta (chips, the pot, elimination)", 2, 8, 4, "low",
            "seeds/000 L387-399, docs/RULES.md §19", _betting_chips),
)

OPTIONS: tuple[VariantOption, ...] = (
    VariantOption("start-chips", "each seat's chips at the start", "§19 L389, §20 L401", ("betting-chips", "auction"),
                  _start_chips, values="a number of chips, 1 to 1000000 (bare or absent: 50)"),
    VariantOption("betting-base", "what the takings count from", "§19, A52b", ("betting-chips",),
                  _betting_base, values="hearts-in-play (default) or 13"),
)
