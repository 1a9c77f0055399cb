"""The world sampler under `two-player`'s stock (docs/RULES.md §18): a seat sees its own
hand, the cards played and the cards it drew; the other seat's hand (its size known)
and the stock (its size known, its order too unseen) share the rest. A world fixes
both, and the sampler draws it uniformly. Small late positions are enumerated in full
here, from the rules alone, and the sampler's count and uniformity (chi-square)
checked against them.

During the stock phase a follower that fails to follow completes the trick and then
draws, so no shown void constrains the cards held now; the sampler also drops what a
seat showed it lacked before a draw (the draw may refill the suit), a coarser
knowledge than the whole history (an old void makes the suit's cards a little less
likely in the hand; not modelled)."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest
from scipy.stats import chisquare

import copas_ai as ca
from copas_ai._core import WorldSampler

VARIANT = "two-player"


def played_to(seed: int, plays: int) -> ca.Position:
    r = ca.find_variant(VARIANT).rules()
    pos = ca.Position(r, ca.deal(r, seed), dealer=1)
    rng = random.Random(seed)
    for _ in range(plays):
        pos.push(rng.choice(sorted(pos.legal_moves(), key=int)))
    return pos


def enumerated_worlds(pos: ca.Position, me: int) -> set[tuple[int, tuple[int, ...]]]:
    """Every (other seat's hand bits, stock order) that `me` cannot tell from the truth:
    the other seat holds as many cards as it does, of the cards me has not seen (not in
    its hand, not played); the stock is the rest, in any order."""
    other = 1 - me
    played = {int(c) for _, c in pos.moves}
    unseen = [i for i in range(64) if (pos.rules.deck.bits >> i) & 1 and i not in played
              and not (pos.hand(me).bits >> i) & 1]
    worlds = set()
    for hand in itertools.combinations(unseen, len(pos.hand(other))):
        rest = [c for c in unseen if c not in hand]
        for order in itertools.permutations(rest):
            worlds.add((sum(1 << c for c in hand), order))
    return worlds


def sampled(sampler: WorldSampler, me: int, n: int, seed: int) -> Counter:
    seen = Counter()
    for i in range(n):
        world = sampler.sample_position(seed * 100003 + i)
        seen[(world.hand(1 - me).bits, tuple(int(c) for c in world.stock))] += 1
    return seen


@pytest.mark.parametrize("seed, plays, me", [(1, 36, 0), (2, 36, 1), (3, 37, 0), (4, 37, 1)])
def test_two_player_sampler_places_hand_and_stock_order_exactly_uniformly(seed, plays, me):
    """two-player, 18 tricks done (2 stock cards left), at a trick boundary or after the
    lead: seat <me>'s sampler counts the (hand, stock order) worlds the enumeration finds
    and draws them uniformly."""
    pos = played_to(seed, plays)
    assert pos.stock_left == 2
    worlds = enumerated_worlds(pos, me)
    u = len(pos.hand(1 - me)) + 2
    assert len(worlds) == math.comb(u, 2) * 2  # the hand, then the 2 stock cards in either order
    sampler = WorldSampler(pos, me)
    assert sampler.ready
    assert sampler.hand_count(1 - me) == len(pos.hand(1 - me))
    # The sampler's count is of card placements; each stock's order is then drawn apart.
    assert sampler.exact_world_count() * math.factorial(2) == len(worlds)
    truth = (pos.hand(1 - me).bits, tuple(int(c) for c in pos.stock))
    assert truth in worlds
    seen = sampled(sampler, me, 40 * len(worlds), seed)
    assert set(seen) <= worlds
    assert chisquare([seen[w] for w in sorted(worlds)]).pvalue > 0.001


def test_two_player_sampler_keeps_the_seats_own_drawn_cards_and_redeals_the_others():
    """two-player: the cards a seat drew are in its own hand in every world; the other
    seat's draws are not known to it, so they are redealt."""
    pos = played_to(7, 20)
    me = 0
    sampler = WorldSampler(pos, me)
    for i in range(50):
        world = sampler.sample_position(i)
        assert world.hand(me) == pos.hand(me)
        assert len(world.hand(1)) == len(pos.hand(1)) and world.stock_left == pos.stock_left
        assert not (world.hand(1).bits & pos.hand(me).bits)
    other_hands = {sampler.sample_position(i).hand(1).bits for i in range(50)}
    assert len(other_hands) > 1


def test_two_player_sampler_drops_voids_shown_before_a_draw():
    """two-player: a seat that failed to follow and then drew may hold that suit again."""
    for seed in range(200):
        pos = played_to(seed, 2)
        if pos.moves[1][1].suit != pos.moves[0][1].suit:
            break
    follower = pos.moves[1][0]
    assert pos.shown_voids(follower) == []
    sampler = WorldSampler(pos, 1 - follower)
    assert not sampler.absent(follower)


def test_two_player_world_from_view_gives_the_seats_draws_and_a_consistent_world():
    """two-player: a world built from seat 0's view (its dealt hand, the moves, the cards it
    drew) has seat 0's true hand, the true counts, and plays on to a legal end."""
    r = ca.find_variant(VARIANT).rules()
    pos = played_to(9, 24)
    mine = [c for d in pos.draws for s, c in d if s == 0]
    dealt = ca.Position(r, ca.deal(r, 9), dealer=1).hand(0)
    world = ca.world_from_view(r, 0, dealt, moves=[(s, c) for s, c in pos.moves], dealer=1, drawn=mine, seed=3)
    assert world.hand(0) == pos.hand(0)
    assert len(world.hand(1)) == len(pos.hand(1)) and world.stock_left == pos.stock_left
    assert world.turn == pos.turn
    rng = random.Random(1)
    while not world.is_over():
        world.push(rng.choice(sorted(world.legal_moves(), key=int)))
    assert sum(world.score()) == 13
    with pytest.raises(ca.InvalidPositionError, match="draws after this trick: give the cards it drew"):
        ca.world_from_view(r, 0, dealt, moves=[(s, c) for s, c in pos.moves], dealer=1, drawn=mine[:3])


@pytest.mark.parametrize("seed, plays, me", [(5, 36, 0), (6, 37, 1)])
def test_two_player_world_from_view_is_uniform_over_the_enumerated_worlds(seed, plays, me):
    """two-player, 18 tricks done: the worlds the protocol's path builds from seat <me>'s
    view (its dealt hand, the moves, the cards it drew) are the enumerated (hand, stock
    order) worlds, drawn uniformly (chi-square)."""
    r = ca.find_variant(VARIANT).rules()
    pos = played_to(seed, plays)
    dealt = ca.Position(r, ca.deal(r, seed), dealer=1).hand(me)
    mine = [c for d in pos.draws for s, c in d if s == me]
    moves = [(s, c) for s, c in pos.moves]
    worlds = enumerated_worlds(pos, me)
    seen = Counter()
    for i in range(40 * len(worlds)):
        world = ca.world_from_view(r, me, dealt, moves=moves, dealer=1, drawn=mine, seed=seed * 100003 + i + 1)
        assert world.hand(me) == pos.hand(me) and world.turn == pos.turn
        seen[(world.hand(1 - me).bits, tuple(int(c) for c in world.stock))] += 1
    assert set(seen) <= worlds
    assert chisquare([seen[w] for w in sorted(worlds)]).pvalue > 0.001
