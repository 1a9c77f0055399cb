"""Helpers for the rules tests: explicit deals from short specs, and playing card lists.

Seats are 0..3 = N, E, S, W as in docs/RULES.md §25; play runs 0 -> 1 -> 2 -> 3, so
"left" is the next seat. hand_no is 0-based: the 1-based hand number h of the text
is hand_no + 1, and hand_no 3 (h = 4) has no pass, so a deal goes straight to play.
"""

from __future__ import annotations

import copas_ai as ca

NO_PASS_HAND = 3  # hand_no of the 4th hand of the cycle: no pass (hands 4, 8, 12 ...)
SUITS = "CDHS"
RANKS = "23456789TJQKA"


def cards(text: str) -> ca.CardSet:
    """'2C,3C' or '2C 3C' -> CardSet ('-' or '' -> empty)."""
    text = text.replace(" ", ",").strip(",")
    return ca.CardSet.from_str(text or "-")


# Card sets the rule tests of both variants name.
CLUBS, DIAMONDS, HEARTS, SPADES = (ca.CardSet.suit(s) for s in range(4))
QS = cards("QS")
PENALTY = HEARTS | QS
DECK = ca.CardSet.full_deck()


def build_deal(spec: dict[int, str], voids: dict[int, str] | None = None) -> list[ca.CardSet]:
    """Four 13-card hands: each seat gets the cards its spec names; the rest of the deck
    is dealt deterministically (in C, D, H, S then rank order) to the seat with the most
    room left, never in a suit listed in `voids` for that seat (so a seat holds no card
    of such a suit beyond those its spec names)."""
    voids = voids or {}
    hands = [cards(spec.get(s, "")) for s in range(4)]
    given = ca.CardSet()
    for s, h in enumerate(hands):
        if len(h) > 13:
            raise ValueError(f"seat {s} spec has {len(h)} cards")
        if given & h:
            raise ValueError(f"card(s) {given & h} given to two seats")
        given = given | h
    for c in ca.CardSet.full_deck() - given:
        open_seats = [s for s in range(4) if len(hands[s]) < 13 and c.suit_char not in voids.get(s, "")]
        if not open_seats:
            raise ValueError(f"no seat can take {c}: tighten the spec")
        seat = max(open_seats, key=lambda s: (13 - len(hands[s]), -s))
        hands[seat] = hands[seat] | ca.CardSet([c])
    return hands


def position(variant: str, spec: dict[int, str], voids: dict[int, str] | None = None,
             hand_no: int = NO_PASS_HAND, dealer: int = 3) -> ca.Position:
    """A Position of `variant` on build_deal(spec, voids); by default a no-pass hand."""
    rules = ca.find_variant(variant).rules()
    return ca.Position(rules, build_deal(spec, voids), dealer=dealer, hand_no=hand_no)


def play(pos: ca.Position, sequence: str) -> None:
    """Push the cards of `sequence` ('2C 5C TC AC / AS ...'; '/' is only for reading)."""
    for token in sequence.replace("/", " ").split():
        pos.push(ca.Card.from_str(token))


def rotate(hands: list[ca.CardSet], k: int) -> list[ca.CardSet]:
    """The same deal moved k seats to the left: seat s's hand goes to seat s + k."""
    return [hands[(s - k) % 4] for s in range(4)]


# A moon deal (docs/RULES.md AM-4 / CF-4): seat 3 wins trick 1 with the A♣, then leads
# eight spades (Q♠ among them) while seats 0 and 1 shed all 13 hearts on them (after
# clubs on trick 2, so the line is legal under copas-fora's R2 as well), then loses
# the last 4 tricks, which hold no penalty card: 9 tricks and all 26 points.
MOON_DEAL = {
    0: "2C 3C 4C 5C 2H 3H 4H 5H 6H 7H 8H 6D 7D",
    1: "6C 7C 8C 9C 9H TH JH QH KH AH 8D 9D TD",
    2: "TC JC QC KC 2S 3S 4S 5S 6S JD QD KD AD",
    3: "AC 7S 8S 9S TS JS QS KS AS 2D 3D 4D 5D",
}
MOON_PLAY = (
    "2C 6C TC AC / AS 3C 7C 2S / KS 2H 9H 3S / QS 3H TH 4S / JS 4H JH 5S / TS 5H QH 6S / "
    "9S 6H KH JC / 8S 7H AH QC / 7S 8H 8C KC / 2D 6D 8D JD / QD 3D 7D 9D / KD 4D 4C TD / "
    "AD 5D 5C 9C"
)
# The same deal with seat 0 keeping the 8♥ until trick 12, where seat 2 takes it:
# seat 3 ends with 25 points and no moon.
NEAR_MOON_PLAY = (
    "2C 6C TC AC / AS 3C 7C 2S / KS 2H 9H 3S / QS 3H TH 4S / JS 4H JH 5S / TS 5H QH 6S / "
    "9S 6H KH JC / 8S 7H AH QC / 7S 4C 8C KC / 2D 6D 8D JD / QD 3D 7D 9D / KD 4D 8H TD / "
    "AD 5D 5C 9C"
)


def play_lowest(pos: ca.Position, n: int = 1) -> None:
    """Push the lowest legal card (C, D, H, S then rank order), n times."""
    for _ in range(n):
        pos.push(next(iter(pos.legal_moves())))


# CF-3 (docs/RULES.md §25.1): trick 1 all follow clubs and S (seat 2) wins it with the A♣;
# S then holds only hearts and diamonds, W hearts and spades, N hearts and clubs.
CF3_DEAL = {
    0: "2C 3C 4C 5C 6C 7C 8C 9C 2H 3H 4H 5H 6H",
    1: "JC QC KC QS KS AS 8D 9D TD JD QD KD AD",
    2: "AC 2D 3D 4D 5D 6D 7D 8H 9H TH JH QH KH",
    3: "TC 7H AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
}


# CF-9 (docs/RULES.md §25.1, copas-fora+nines-extend): N wins tricks 2 and 3 and W breaks
# hearts (B1) by discarding a club on trick 3, so N leads trick 4 with hearts broken; W
# holds no spades nor diamonds (deal with voids CF9_VOIDS). Trick 4: N 9♠, E 3♠, S K♠,
# W ♥5, then the second round N 2♠, E A♠, S 4♠, W ♥7.
CF9_DEAL = {0: "2C KC AD 9S 2S 5S 6S", 1: "3C 6C 2D 3S AS 7S 8S", 2: "4C 7C 3D KS 4S TS JS QS",
            3: "AC 5C 8C 5H 7H"}
CF9_VOIDS = {3: "SD"}
CF9_FIRST_TRICKS = "2C 3C 4C AC / 5C KC 6C 7C / AD 2D 3D 8C"
CF9_TRICK_4 = "9S 3S KS 5H / 2S AS 4S 7H"


def dealt_position(rules: ca.RuleSet, seed: int, **kwargs) -> ca.Position:
    """A random deal of any variant as a Position: two-deck's two copies of every card
    (docs/RULES.md §13) come from deal_twins, the rest from deal."""
    if rules.copies > 1:
        hands, twins = ca.deal_twins(rules, seed)
        return ca.Position(rules, hands, twins=twins, **kwargs)
    return ca.Position(rules, ca.deal(rules, seed), **kwargs)
