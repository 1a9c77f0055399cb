"""`auction` (docs/RULES.md §20, S000 L401-415; A53a-d): Copas Fora for chips with an
auction for the penalty suit.

Four seats with the same chips (`+start-chips`, default 50), 13 cards each, no pass
(A53c). Every hand opens with the auction (A53a-b): the dealer's left bids at least 1,
clockwise each raises by at least 1 within its chips or passes, three passes in a row
end it; the highest bidder names the suit (`bid=<n>|pass`, `suit=<c|d|h|s>`, decisions
of the hand: csrc/auction_position.cpp), pays the bid into the pot and leads any card
(B0). Each card of that suit is 1 point, nothing else scores, no moon. The core then
settles the chips (csrc/auction.h): 1 chip per card taken, the pot to the one seat
with none, split by two (the odd chip stays), else carried; the game ends once a seat
holds no chips and the most chips win (a tie for most draws).
"""

from __future__ import annotations

from copas_ai._core import RuleSet
from copas_ai.variants.chips import _betting_chips
from copas_ai.variants.types import Variant


def _auction(players: int) -> RuleSet:
    if players != 4:
        raise ValueError("§20 is played by 4 players")
    r = _betting_chips(players)  # chips, the pot, 13 cards each, no pass, B0, no moon
    r.auction = True  # the bidding and the suit open each hand; the suit's RuleSet scores it
    return r


VARIANTS: tuple[Variant, ...] = (
    Variant("auction", "Leilão (an auction for the penalty suit, with chips)", 4, 4, 4, "low",
            "seeds/000 L401-415, docs/RULES.md §20", _auction),
)
