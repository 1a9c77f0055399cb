"""The worlds a domino seat cannot tell apart (docs/RULES.md §17), enumerated in full from
the independent referee's facts (independent_referee_domino.py): each other seat holds as
many cards as it does, none of a suit it showed it lacks; the stock is the rest, in any
order (its one card when it is the seat's own discard; when it is another seat's, none of
a suit that seat showed it lacks). The sampler's and the one-seat view's worlds are
checked against it; domino_deals.py is the brute force over whole deals."""

from __future__ import annotations

import itertools
import random

from support.independent_referee_domino import DominoReferee, suit

import copas_ai as ca
from copas_ai.variants.domino import domino_rules

SUITS = "CDHS"


def names(cardset) -> set[str]:
    return {str(c) for c in cardset}


def unseen_cards(pos, ref: DominoReferee, me: int) -> list[str]:
    """The deck less me's hand, the cards played and, when me made it, the stock's discard."""
    seen = names(pos.hand(me)) | {c for t, _ in ref.tricks for _, c in t} | {c for _, c in ref.trick}
    if ref.stock_discarder == me:
        seen |= set(ref.stock)
    return sorted(f + s for s in SUITS for f in "23456789TJQKA" if f + s not in seen)


def enumerated_worlds(pos, ref: DominoReferee, me: int):
    """Every (other hands, stock order) me cannot tell from the truth: each other seat
    holds as many cards as it does, none of a suit it showed it lacks; the stock is the
    rest, in any order (its one card when it is me's own discard; another seat's discard
    lacks what that seat showed it lacks)."""
    others = [s for s in range(ref.n) if s != me]
    unseen = unseen_cards(pos, ref, me)
    worlds = set()

    def place(i: int, left: list[str], hands: tuple):
        if i == len(others):
            stock = [ref.stock[0]] if ref.stock_discarder == me and ref.stock else left
            maker = ref.stock_discarder
            if maker not in (None, me) and any(suit(c) in ref.shown_void[maker] for c in stock):
                return  # another seat's discard: put down from a hand lacking what it showed it lacked
            for order in itertools.permutations(stock):
                worlds.add((hands, order))
            return
        s = others[i]
        allowed = [c for c in left if suit(c) not in ref.shown_void[s]]
        for hand in itertools.combinations(allowed, len(ref.held[s])):
            place(i + 1, [c for c in left if c not in hand], hands + (frozenset(hand),))

    place(0, unseen, ())
    return others, worlds


def random_positions(players: int, seeds: range):
    """Positions along random hands, the core and the independent referee side by side."""
    r = domino_rules(players)
    for seed in seeds:
        rng = random.Random(seed)
        pos = ca.Position(r, ca.deal(r, seed), dealer=seed % players)
        ref = DominoReferee([sorted(names(h)) for h in pos.hands], [str(c) for c in pos.stock], seed % players)
        while not pos.is_over():
            yield seed, pos, ref
            card = rng.choice(sorted(names(pos.legal_moves())))
            pos.push(card)
            ref.play(card)


def find_position(players: int, wanted, max_worlds: int = 400):
    """The first position along the random hands where `wanted(pos, ref, me)` holds for
    the seat to move and the worlds are few enough to enumerate."""
    for seed, pos, ref in random_positions(players, range(300)):
        me = pos.turn
        unseen = unseen_cards(pos, ref, me)
        if 3 <= len(unseen) <= 8 and wanted(pos, ref, me):
            others, worlds = enumerated_worlds(pos, ref, me)
            if 2 <= len(worlds) <= max_worlds:
                return seed, pos.copy(), ref, me, others, worlds
    raise AssertionError("no such position in 300 random hands")


# Late positions worth enumerating: (seats, what the position must show).
def _another_shows_a_void(pos, ref, me):
    return any(ref.shown_void[s] and ref.held[s] for s in range(ref.n) if s != me)


def _stock_of_dealt_cards(pos, ref, me):
    return len(ref.stock) >= 2


def _me_discarded_the_stock(pos, ref, me):
    return ref.stock_discarder == me and ref.stock


def _another_discarded_the_stock(pos, ref, me):
    return ref.stock_discarder not in (None, me) and ref.stock


CASES = {
    "another seat shows a void": (3, _another_shows_a_void),
    "the stock holds dealt cards in an unseen order": (3, _stock_of_dealt_cards),
    "the stock is the seat's own discard": (3, _me_discarded_the_stock),
    "the stock is another seat's discard": (4, _another_discarded_the_stock),
}
