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

import math
import random
from collections import Counter

import pytest
from scipy.stats import chisquare
from support.domino_worlds import CASES, find_position, names, random_positions
from support.independent_referee_domino import suit

from copas_ai._core import WorldSampler

VARIANT = "domino"


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
