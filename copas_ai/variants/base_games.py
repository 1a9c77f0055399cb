"""The base penalty-card games: `american` (§21), `copas-fora` (§2), its
partnership form `teams` (§3) and `no-pass-strict-lead` (§6).

Each variant is data: a function that fills a RuleSet. The core decides every
rule from those fields; nothing here plays or scores a card.
"""

from __future__ import annotations

from copas_ai._core import Card, CardSet, FirstLead, Goal, HeartsBreak, MoonRule, RuleSet, TieRule
from copas_ai.variants.types import Variant


_HEARTS = CardSet.suit(2)
_QS = Card.from_str("QS")


def _penalty_game(players: int) -> RuleSet:
    """What American Hearts and Copas Fora share: 52 cards, A high, hearts 1 and the
    Q♠ 13 (26 in all), the L/R/A/none pass of 3 cards, the 2♣ holder leads it, no
    penalty card on trick 1, the moon (all 26 points) gives the others +26, and the
    match ends at 100 with the lowest total winning."""
    r = RuleSet()
    r.players = players
    r.hand_size = 52 // players
    points = {card: 1 for card in _HEARTS}
    points[_QS] = 13
    r.card_points = points
    r.point_cards = _HEARTS | CardSet([_QS])
    r.pass_cycle = [("left", 3), ("right", 3), ("across", 3), ("none", 0)]
    r.first_lead = FirstLead.HOLDER_OF_CARD
    r.first_lead_card = Card.from_str("2C")
    r.must_lead_first_card = True
    r.first_trick_banned = r.point_cards
    r.moon = MoonRule.OTHERS_PLUS
    r.moon_cards = r.point_cards
    r.moon_value = 26
    r.goal = Goal.LOW
    r.target = 100
    return r


def _american(players: int) -> RuleSet:
    # S004 / docs/RULES.md §21: B2 (a heart discarded in an earlier trick; the Q♠ does
    # not break), leads only; a hand of only penalty cards may play any of them on
    # trick 1 (no R2 filter runs first, so the first-trick fallback keeps them all);
    # A54b: a heart led from an all-hearts hand breaks too; ties share the win.
    r = _penalty_game(players)
    r.hearts_break = HeartsBreak.HEART_DISCARDED
    r.lead_needs_broken = True
    r.discard_needs_broken = False
    r.led_heart_breaks = True
    r.tie_rule = TieRule.SHARED
    r.revoke_penalty_defined = False  # §1.3: S004 names no revoke penalty
    return r


def _copas_fora(players: int) -> RuleSet:
    # S000 L1-43 / docs/RULES.md §2: B1 (any off-suit card in an earlier trick) bars
    # both leading (R3) and discarding (R2) hearts; R2 runs before the trick-1 ban,
    # so hearts + Q♠ leaves only the Q♠ (X2, A8); ties play extra hands (A11).
    r = _penalty_game(players)
    r.hearts_break = HeartsBreak.OFF_SUIT_PLAYED
    r.lead_needs_broken = True
    r.discard_needs_broken = True
    r.tie_rule = TieRule.EXTRA_HANDS
    return r


def _teams(players: int) -> RuleSet:
    # S000 L115-121 / docs/RULES.md §3: Copas Fora with partners opposite (A28a: seats
    # 0+2 against 1+3, so "across" passes to the partner); a team reaching 100 loses
    # and the lower team sum wins (A28b); equal sums play copas-fora's tie-break hands
    # (L115 "the same rules"; A11b names teams' side totals); the moon is literal, the
    # partner takes +26 too (A28c).
    r = _copas_fora(players)
    r.teams = 2
    return r


def _no_pass_strict_lead(players: int) -> RuleSet:
    # S000 L155-159 / docs/RULES.md §6: copas-fora with no pass, and a point card may never
    # be led unless the hand holds only point cards; then any of them (A31), so the R3
    # filter, which would keep the Q♠ alone, is off. R1, R2 and B1 are unchanged.
    r = _copas_fora(players)
    r.pass_cycle = []
    r.lead_needs_broken = False
    r.lead_bans_points = True
    return r


VARIANTS: tuple[Variant, ...] = (
    Variant("american", "American Hearts (4 players, Q♠)", 4, 4, 4, "low",
            "seeds/004, docs/RULES.md §21", _american),
    Variant("copas-fora", "Copas Fora", 4, 4, 4, "low",
            "seeds/000 L1-43, docs/RULES.md §2", _copas_fora),
    Variant("teams", "Copas Fora in partnerships", 4, 4, 4, "low",
            "seeds/000 L115-121, docs/RULES.md §3", _teams),
    Variant("no-pass-strict-lead", "Copas Fora without passing, no point-card leads", 4, 4, 4, "low",
            "seeds/000 L155-159, docs/RULES.md §6", _no_pass_strict_lead),
)
