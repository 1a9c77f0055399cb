"""`uno-hearts` (docs/RULES.md §15, S000 L305-331): Uno Hearts on ordinary cards, for the core.

Two 52-card decks less one Q♠, one 8♣ and one 8♦: 101 cards, two copies of every
other card (RuleSet.copies = 2, single_copies; csrc/twin_cards.h). 3-7 seats (A48a),
13 cards each, the rest a face-down stock; 3 cards to the right every hand (A48b); the
dealer's left leads any card; on trick 1 hearts may not be led or played unless the
seat holds only hearts (the Q♠ may); a heart may be led once a heart was played (B4)
or by a leader holding only hearts; no restriction on discarding hearts after trick 1.
Of two identical cards in a trick the later wins. The winner of a trick holding two
identical cards draws from the stock's top into his won pile, face up (they score):
the face for 2-10, 8 for A or K, 1 for J or Q, none for hearts, every pair (A48c), what
is left of a short stock. Winning the 8♣ swaps the winner's hand with his left
neighbour's, the 8♦ with his right's, in the order played (A48d), after the draws and
before the next lead (csrc/uno_trick_end.cpp). Hearts 1, Q♠ 13; the moon gives the
others +40 (A48e: every penalty card that left the stock, a heart among them;
`moon-scope=all-27`: all 27); a revoke +40; the match ends at 100, the lowest wins,
ties play extra hands as in Copas Fora (end (a)); `elimination` is end (b), domino's
(A48f: the lowest of those out at once wins).
"""

from __future__ import annotations

from copas_ai._core import Card, CardSet, FirstLead, HeartsBreak, IdenticalCardWins, MoonScope, RuleSet, StockDraw
from copas_ai.variants.base_games import _copas_fora
from copas_ai.variants.types import Variant, VariantOption

_HEARTS = CardSet.suit(2)
# S000 L307: one of each of these is taken out of the two decks.
SINGLE_COPIES = CardSet(["QS", "8C", "8D"])
# S000 L327 (UNO-2): the cards a pair draws, by rank; hearts draw none.
_RANK_DRAWS = {"J": 1, "Q": 1, "K": 8, "A": 8, **{str(face): face for face in range(2, 10)}, "T": 10}
_MOON_SCOPES = {"in-play": MoonScope.IN_PLAY, "all-27": MoonScope.ALL_CARDS}


def pair_draws() -> dict[Card, int]:
    """Per card, the cards a pair of it in a trick draws from the stock (UNO-2)."""
    return {card: _RANK_DRAWS[str(card)[0]] for card in CardSet.full_deck() if card not in _HEARTS}


def uno_hearts_rules(players: int = 4, elimination: bool = False) -> RuleSet:
    """`elimination`: the match's end (b), a seat reaching 100 is out until one is left
    (csrc/elimination.h); its hands go to the seats still in, so the last two play a hand of 2."""
    fewest = 2 if elimination else 3
    if not fewest <= players <= 7:
        raise ValueError(f"uno-hearts (docs/RULES.md §15, A48a) is for {fewest} to 7 players")
    r = _copas_fora(players)
    r.copies = 2
    r.deck = CardSet.full_deck()
    r.single_copies = SINGLE_COPIES
    r.identical_card_wins = IdenticalCardWins.LATER
    r.hand_size = 13
    r.stock_draw = StockDraw.PAIRS
    r.pair_draws = pair_draws()
    r.pass_cycle = [("right", 3)]
    r.first_lead = FirstLead.DEALER_LEFT
    r.must_lead_first_card = False
    r.first_trick_banned = _HEARTS  # the Q♠ may go to trick 1; a hand of only hearts plays them
    r.hearts_break = HeartsBreak.HEART_PLAYED
    r.lead_needs_broken = True
    r.lead_break_cards = _HEARTS  # B4: a heart played in an earlier trick opens heart leads
    r.discard_needs_broken = False
    r.swap_left_cards = CardSet(["8C"])
    r.swap_right_cards = CardSet(["8D"])
    r.moon_value = 40
    r.moon_scope = MoonScope.IN_PLAY
    r.revoke_penalty = 40
    r.eliminate_at_target = elimination
    return r


def _moon_scope(rules: RuleSet, value: str | None) -> None:
    value = "in-play" if value is None else value  # the option alone names the default scope
    if value not in _MOON_SCOPES:
        raise ValueError(f"moon-scope is {' or '.join(_MOON_SCOPES)}, not {value!r}")
    rules.moon_scope = _MOON_SCOPES[value]


VARIANTS: tuple[Variant, ...] = (
    Variant("uno-hearts", "Uno Hearts on ordinary cards (101 cards, pairs draw, 8s swap hands)", 3, 7, 4, "low",
            "seeds/000 L305-331, docs/RULES.md §15", uno_hearts_rules),
)

OPTIONS: tuple[VariantOption, ...] = (
    VariantOption("moon-scope", "the moon's penalty cards: those in play, or all 27", "§15 A48e", ("uno-hearts",),
                  _moon_scope, values="in-play|all-27"),
)
