"""`two-player` (docs/RULES.md §18, S000 L373-385): two seats, 7 cards each and a
38-card face-down stock; after each trick both draw one card, the winner first
(csrc/stock_draw.cpp), so there are 19 tricks with draws, then 7. Hearts 1 each,
the Q♠ nothing; no pass, no restriction (B0, A51), no moon; the follower must
follow suit, and one who does not cannot win the trick. One deal is the game:
the seat with more points loses (13 points, so never a tie).
"""

from __future__ import annotations

from copas_ai._core import Card, CardSet, FirstLead, Goal, HeartsBreak, MoonRule, RuleSet, StockDraw, TieRule
from copas_ai.variants.types import Variant


def _two_player(players: int) -> RuleSet:
    r = RuleSet()
    r.players = players
    r.hand_size = 7
    r.stock_draw = StockDraw.REFILL  # the 38 undealt cards, drawn winner first after each trick
    hearts = CardSet.suit(2)
    r.card_points = {card: 1 for card in hearts}  # the Q♠ is worth nothing (L375)
    r.point_cards = hearts
    r.pass_cycle = []
    # L379: the first leader is drawn by lot. The lot is the match's seeded choice of the
    # dealer (game.Match.first_dealer); the other seat, the dealer's left, leads, any card.
    r.first_lead = FirstLead.DEALER_LEFT
    r.must_lead_first_card = False
    r.first_trick_banned = CardSet()
    r.hearts_break = HeartsBreak.NEVER  # A51: B0 at all times
    r.lead_needs_broken = False
    r.discard_needs_broken = False
    r.moon = MoonRule.NONE  # A51: taking all 13 hearts simply loses
    r.moon_cards = CardSet()
    r.goal = Goal.LOW
    r.match_hands = 1  # L385: one deal is the game; the lower total wins (13 is odd: no tie)
    r.tie_rule = TieRule.SHARED
    r.revoke_penalty_defined = False  # A51's permissive reading (the offender loses) is not built
    return r


VARIANTS: tuple[Variant, ...] = (
    Variant("two-player", "Two-player Copas (a stock, replenished after each trick)", 2, 2, 2, "low",
            "seeds/000 L373-385, docs/RULES.md §18", _two_player),
)
