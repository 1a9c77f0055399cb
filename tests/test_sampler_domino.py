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

The referee's facts here are the current ones (each hand's size, the shown voids, the
stock's size), coarser than the whole history the sampler reads (a draw after a shown
void, where the seat's own drawn discard went: docs/RULES.md §17), so the sampler draws
among the enumerated worlds, the truth among them, each with its count of histories,
which only a brute force over whole deals gives: tests/test_sampler_domino_exact.py
checks those weights."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from support.domino_worlds import CASES, find_position, names, random_positions
from support.independent_referee_domino import suit

from copas_ai._core import WorldSampler

VARIANT = "domino"


@pytest.mark.parametrize("case", sorted(CASES))
def test_domino_sampler_places_hands_and_stock_order_among_the_enumerated_worlds(case):
    """domino, <case>: the sampler of the seat to move keeps each seat's count and shown
    voids, and draws only (hands, stock order) worlds the enumeration finds, the true one
    among them."""
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
    seen = Counter()
    for i in range(40 * len(worlds)):
        world = sampler.sample_position(seed * 100003 + i)
        assert world.hand(me) == pos.hand(me)
        seen[(tuple(frozenset(names(world.hand(s))) for s in others), tuple(str(c) for c in world.stock))] += 1
    assert set(seen) <= worlds and truth in seen


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
