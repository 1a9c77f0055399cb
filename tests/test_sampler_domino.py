"""The world sampler under `domino` (docs/RULES.md §17, A50a-g): a seat sees its own
hand, every card played, each seat's hand size and the stock's size; the other seats'
hands and the stock (its order too) share the rest. A seat that discarded (void with
the stock empty) showed it lacked the led suit, until it draws again; one whose draws
found the led suit played that one card and lacks the suit again; the discard is
face down, known to its maker alone while it lies as the stock. A world fixes the
hands and the stock's order, and the sampler draws it uniformly. Small late positions
are enumerated in full here, from the independent referee's facts
(tests/support/independent_referee_domino.py), and the sampler's count and
uniformity (chi-square) checked against them.

As under two-player's stock, a draw drops what the drawer had shown it lacked of
the other suits (the draw may refill them): a coarser knowledge than the whole
history (not modelled: an old void makes the suit's cards a little less likely in the
hand; the cards a seat drew and did not play were not of the suit led then, which
bounds how many of it the seat may hold later; where a drawn discard went, for its
maker)."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest
from scipy.stats import chisquare
from support.independent_referee_domino import DominoReferee, suit

import copas_ai as ca
from copas_ai._core import WorldSampler
from copas_ai.variants.domino import domino_rules

VARIANT = "domino"
SUITS = "CDHS"


def names(cardset) -> set[str]:
    return {str(c) for c in cardset}


def unseen_cards(pos: ca.Position, ref: DominoReferee, me: int) -> list[str]:
    """The deck less me's hand, the cards played and, when me made it, the stock's discard."""
    seen = names(pos.hand(me)) | {c for t, _ in ref.tricks for _, c in t} | {c for _, c in ref.trick}
    if ref.stock_discarder == me:
        seen |= set(ref.stock)
    return sorted(f + s for s in SUITS for f in "23456789TJQKA" if f + s not in seen)


def enumerated_worlds(pos: ca.Position, ref: DominoReferee, me: int):
    """Every (other hands, stock order) me cannot tell from the truth: each other seat
    holds as many cards as it does, none of a suit it showed it lacks; the stock is the
    rest, in any order (its one card when it is me's own discard)."""
    others = [s for s in range(ref.n) if s != me]
    unseen = unseen_cards(pos, ref, me)
    worlds = set()

    def place(i: int, left: list[str], hands: tuple):
        if i == len(others):
            stock = [ref.stock[0]] if ref.stock_discarder == me and ref.stock else left
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


@pytest.mark.parametrize("case", sorted(CASES))
def test_domino_sampler_places_hands_and_stock_order_exactly_uniformly(case):
    """domino, <case>: the sampler of the seat to move counts the (hands, stock order)
    worlds the enumeration finds and draws them uniformly."""
    players, wanted = CASES[case]
    seed, pos, ref, me, others, worlds = find_position(players, wanted)
    assert pos.stock_discarder == (-1 if ref.stock_discarder is None or not ref.stock else ref.stock_discarder)
    truth = (tuple(frozenset(names(pos.hand(s))) for s in others), tuple(str(c) for c in pos.stock))
    assert truth in worlds
    sampler = WorldSampler(pos, me)
    assert sampler.ready
    for s in others:
        assert sampler.hand_count(s) == len(ref.held[s])
        assert {suit(c) for c in names(sampler.absent(s))} == ref.shown_void[s]
    # The sampler's count is of card placements; each stock's order is then drawn apart.
    orders = 1 if ref.stock_discarder == me else math.factorial(len(ref.stock))
    assert sampler.exact_world_count() * orders == len(worlds)
    seen = Counter()
    for i in range(40 * len(worlds)):
        world = sampler.sample_position(seed * 100003 + i)
        assert world.hand(me) == pos.hand(me)
        seen[(tuple(frozenset(names(world.hand(s))) for s in others), tuple(str(c) for c in world.stock))] += 1
    assert set(seen) <= worlds
    assert chisquare([seen[w] for w in sorted(worlds, key=repr)]).pvalue > 0.001


@pytest.mark.parametrize("players", [3, 5, 8])
def test_domino_sampled_worlds_play_on_to_a_legal_end(players):
    """domino at <players> seats: every sampled world keeps the seat's hand, every hand's
    size and the stock's size, and plays on to the end under the core's rules, its
    hearts all counted but those left in the stock (DO-4), or the scaled moon (A50g)."""
    checked = 0
    for seed, pos, ref in random_positions(players, range(3)):
        if pos.phase != "playing" or len(pos.moves) % 7:
            continue
        me = pos.turn
        world = WorldSampler(pos, me).sample_position(seed)
        assert world.hand(me) == pos.hand(me)
        assert [len(world.hand(s)) for s in range(players)] == [len(pos.hand(s)) for s in range(players)]
        assert world.stock_left == pos.stock_left and world.turn == pos.turn
        rng = random.Random(seed)
        while not world.is_over():
            world.push(rng.choice(sorted(names(world.legal_moves()))))
        in_stock = sum(1 for c in world.stock if c.suit == 2)
        assert sum(world.score()) in (13 - in_stock, 13 * (players - 1))
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("players", [3, 5])
def test_domino_sampler_absences_are_the_referees_shown_voids_along_whole_hands(players):
    """domino at <players> seats: at every turn of 6 random hands, the mover's sampler
    keeps each other seat off exactly the suits the referee says it showed it lacks: the
    led suit of its discard, or of the draws that found it a card to follow."""
    followed = 0
    for seed, pos, ref in random_positions(players, range(6)):
        me = pos.turn
        sampler = WorldSampler(pos, me)
        assert sampler.ready
        for s in range(players):
            if s != me:
                assert {suit(c) for c in names(sampler.absent(s))} == ref.shown_void[s]
        followed = max(followed, ref.draws_that_followed)
    assert followed > 0
