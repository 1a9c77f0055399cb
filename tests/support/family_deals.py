"""Deals and plays for the rules tests of the variant families (any seat count, any deck).

Seats are 0..n-1, play runs 0 -> 1 -> ... (the next seat is the left neighbour).
"""

from __future__ import annotations

import copas_ai as ca

SUITS = "CDHS"


def cards(text: str) -> ca.CardSet:
    """'2C,3C' or '2C 3C' -> CardSet ('' -> empty)."""
    text = text.replace(" ", ",").strip(",")
    return ca.CardSet.from_str(text or "-")


HEARTS = ca.CardSet.suit(2)
QS = cards("QS")


def build_deal(rules: ca.RuleSet, spec: dict[int, str], voids: dict[int, str] | None = None,
               kitty: str = "") -> list[ca.CardSet]:
    """hand_size cards per seat from the rules' deck less `kitty` (the cards left undealt):
    each seat gets what its spec names, the rest goes (in C, D, H, S then rank order) to
    the seat with the most room left, never in a suit listed in `voids` for that seat."""
    voids = voids or {}
    n, size = rules.players, rules.hand_size
    hands = [cards(spec.get(s, "")) for s in range(n)]
    given = cards(kitty)
    for s, h in enumerate(hands):
        if len(h) > size or h - rules.deck or given & h:
            raise ValueError(f"bad spec for seat {s}: {h}")
        given = given | h
    for c in rules.deck - given:
        open_seats = [s for s in range(n) if len(hands[s]) < size and c.suit_char not in voids.get(s, "")]
        if not open_seats:
            raise ValueError(f"no seat can take {c}: tighten the spec")
        seat = max(open_seats, key=lambda s: (size - len(hands[s]), -s))
        hands[seat] = hands[seat] | ca.CardSet([c])
    return hands


def position(variant: str, spec: dict[int, str], players: int | None = None,
             voids: dict[int, str] | None = None, hand_no: int = 0, dealer: int = 0,
             no_pass: bool = False, kitty: str = "") -> ca.Position:
    """A Position of `variant` on build_deal(spec, voids, kitty); passes (if any) still
    to make, or none at all with no_pass."""
    rules = ca.find_variant(variant).rules(players)
    if no_pass:
        rules.pass_cycle = []
    return ca.Position(rules, build_deal(rules, spec, voids, kitty), dealer=dealer, hand_no=hand_no)


def play(pos: ca.Position, sequence: str) -> None:
    """Push the cards of `sequence` ('2C 5C TC AC / AS ...'; '/' is only for reading)."""
    for token in sequence.replace("/", " ").split():
        pos.push(ca.Card.from_str(token))


def top_cards(rules: ca.RuleSet) -> ca.CardSet:
    """hand_size cards that each top the rest of their suit: the best card of every suit,
    then the second best of every suit, ... (clubs first)."""
    by_suit = [sorted(rules.deck & ca.CardSet.suit(s), key=lambda c: -rules.rank_strength[c.face]) for s in range(4)]
    chosen: list[ca.Card] = []
    depth = 0
    while len(chosen) < rules.hand_size:
        chosen += [suit[depth] for suit in by_suit if depth < len(suit)][:rules.hand_size - len(chosen)]
        depth += 1
    return ca.CardSet(chosen)


def sweep(variant: str, players: int | None = None, shooter: int = 1, dealer: int = 0,
          tricks_left: int = 0) -> ca.Position:
    """A no-pass hand where `shooter` holds top_cards() and so wins every trick, played
    out with the lowest legal card everywhere: the shooter takes the whole deck (and
    the kitty, when the rules have one: the highest other cards). With tricks_left, the
    play stops that many tricks before the end (a moon still on)."""
    rules = ca.find_variant(variant).rules(players)
    rules.pass_cycle = []
    top = top_cards(rules)
    kitty = ca.CardSet(list(rules.deck - top)[len(rules.deck - top) - rules.kitty_size:])
    pos = ca.Position(rules, build_deal(rules, {shooter: str(top)}, kitty=str(kitty)), dealer=dealer, hand_no=0)
    while len(pos.moves) < rules.players * (rules.hand_size - tricks_left):
        pos.push(next(iter(pos.legal_moves())))
    return pos
