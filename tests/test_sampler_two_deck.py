"""The two-copy world sampler (csrc/search/twin_sampler.h; two-deck, docs/RULES.md §13):
exact against an enumeration of the physical deals on small positions. Each copy of a
card is a distinct physical card: a world (each seat's and the kitty's multiset) has
the probability of the physical deals that give it, among those that fit each seat's
count and the suits it has shown it lacks. The enumeration here is written from that
statement alone. cancellation (§14) shares the sampler: a carried trick's cards are played
cards like any other."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest
from scipy.stats import chisquare

import copas_ai as ca
from copas_ai._core import InvalidPositionError, twin_world_count, twin_worlds
from copas_ai.variants.two_deck import two_deck_rules

VARIANT = "two-deck"
DECK = Counter({r + s: 2 for r in "23456789TJQKA" for s in "CDHS"})


def held(pos: ca.Position, seat: int) -> Counter:
    return Counter(str(c) for c in pos.hand(seat)) + Counter(str(c) for c in pos.twins[seat])


def voids(pos: ca.Position, seat: int) -> set[str]:
    return {"CDHS"[i] for i in pos.shown_voids(seat)}


def physical_worlds(pos: ca.Position, me: int) -> Counter:
    """Every deal of the unseen physical cards (copies labelled apart) to the other seats
    and the kitty that fits their counts and voids, counted per world."""
    n = pos.players
    played = Counter(str(c) for _, c in pos.moves)
    unseen = sorted(((DECK - held(pos, me) - played)).elements())
    cards = list(enumerate(unseen))  # (label, name): the two copies of a name are two labels
    holders = [s for s in range(n) if s != me] + (["kitty"] if pos.rules.kitty_size else [])
    counts = {s: sum(held(pos, s).values()) for s in holders if s != "kitty"}
    counts["kitty"] = pos.rules.kitty_size
    worlds: Counter = Counter()

    def deal(i: int, left: list, chosen: dict) -> None:
        if i == len(holders):
            worlds[tuple(tuple(sorted(chosen[h])) for h in holders)] += 1
            return
        h = holders[i]
        lacks = voids(pos, h) if h != "kitty" else set()
        for pick in itertools.combinations(left, counts[h]):
            if any(name[1] in lacks for _, name in pick):
                continue
            rest = [c for c in left if c not in pick]
            deal(i + 1, rest, {**chosen, h: [name for _, name in pick]})

    deal(0, cards, {})
    return worlds, holders


def small_position(players: int, seed: int, unseen_at_most: int, me: int):
    """A hand played at random until the cards `me` cannot see are few."""
    rules = two_deck_rules(players)
    rng = random.Random(seed)
    hands, twins = ca.deal_twins(rules, seed)
    pos = ca.Position(rules, hands, dealer=seed % players, twins=twins)
    while True:
        others = sum(sum(held(pos, s).values()) for s in range(players) if s != me)
        if others + rules.kitty_size <= unseen_at_most or pos.is_over():
            return pos
        pos.push(rng.choice(sorted(str(c) for c in pos.legal_moves())))


def check(pos: ca.Position, me: int, seed: int) -> Counter:
    worlds, holders = physical_worlds(pos, me)
    total = sum(worlds.values())
    assert twin_world_count(pos, me) == pytest.approx(total, rel=1e-9)
    true_world = tuple(tuple(sorted(held(pos, h).elements())) if h != "kitty" else None for h in holders)
    n = max(40 * len(worlds), 4000)
    seen: Counter = Counter()
    for hands, kitty in twin_worlds(pos, me, n, seed):
        assert sorted(hands[me]) == sorted(held(pos, me).elements())  # its own cards stay
        seen[tuple(tuple(sorted(hands[h])) if h != "kitty" else tuple(sorted(kitty)) for h in holders)] += 1
    assert not set(seen) - set(worlds), "a sampled world fits no physical deal"
    assert any(all(t is None or t == w[i] for i, t in enumerate(true_world)) for w in worlds)
    if len(worlds) > 1:
        keys = sorted(worlds)
        expected = [worlds[k] / total * n for k in keys]
        assert chisquare([seen[k] for k in keys], expected).pvalue > 0.001
    return worlds


@pytest.mark.parametrize("players,seed", [(6, 1), (6, 2), (7, 3), (8, 4), (9, 5), (10, 6)])
def test_two_deck_sampler_is_uniform_over_the_physical_deals(players, seed):
    me = seed % players
    pos = small_position(players, seed, 8, me)
    check(pos, me, seed)


def test_two_deck_sampler_weighs_a_value_with_two_unseen_copies_as_physical_cards():
    # Found by seed: a position where some unseen value has both copies unseen and some
    # seat has shown a void, so both the doubled weight and the void table are exercised.
    for seed in range(200):
        players = 6 + seed % 5
        me = seed % players
        pos = small_position(players, seed, 8, me)
        played = Counter(str(c) for _, c in pos.moves)
        unseen = DECK - held(pos, me) - played
        lacking = any(voids(pos, s) for s in range(players) if s != me)
        if 2 in unseen.values() and lacking:
            worlds = check(pos, me, seed)
            doubled = [w for w in worlds if any(len(h) != len(set(h)) for h in w)]
            assert doubled, "a world with both copies in one holder exists"
            return
    pytest.fail("no seed gave a doubled unseen value with a shown void")


@pytest.mark.parametrize("algorithm", ["ismcts", "pimc", "auto"])
def test_two_deck_search_runs_ismcts_over_the_two_copy_worlds(algorithm):
    # PIMC's solver refuses two copies (solver_unsupported), so pimc and auto run ISMCTS.
    rules = two_deck_rules(7)
    rng = random.Random(5)
    hands, twins = ca.deal_twins(rules, 5)
    pos = ca.Position(rules, hands, dealer=3, twins=twins)
    for plays in range(40):
        pos.push(rng.choice(sorted(str(c) for c in pos.legal_moves())))
    results = [ca.Searcher(seed=9, algorithm=algorithm).search(pos, pos.turn, ca.Limit(iterations=400))
               for _ in range(2)]
    assert results[0].algorithm == "ismcts" and results[0].iterations == 400
    assert {str(m.move) for m in results[0].moves} == {str(c) for c in pos.legal_moves()}
    assert results[0].best == results[1].best and results[0].moves == results[1].moves  # seeded


def test_two_deck_sampler_a_revoke_not_yet_proven_shows_no_void():
    # Revokes penalize (docs/RULES.md §1.3): a seat that failed to follow may still hold
    # the suit, so the worlds where it does are drawn too (its true hand among them).
    rules = two_deck_rules(8)
    for seed in range(100):
        hands, twins = ca.deal_twins(rules, seed)
        pos = ca.Position(rules, hands, dealer=7, twins=twins)
        pos.revokes = "penalize"
        pos.push(sorted(str(c) for c in pos.legal_moves())[0])
        led = str(pos.moves[0][1])[1]
        seat = pos.turn
        other = [str(c) for c in pos.hand(seat) if str(c)[1] != led]
        if not other or not pos.is_revoke(other[0]):
            continue
        pos.push(other[0])
        assert pos.revoke_pending
        me = (seat + 1) % 8
        worlds = twin_worlds(pos, me, 300, seed)
        assert any(any(c[1] == led for c in hands_[seat]) for hands_, _ in worlds)
        return
    pytest.fail("no seed gave a revoke on the first trick")


def test_two_deck_sampler_refuses_one_copy_rules():
    rules = ca.find_variant("american").rules()
    pos = ca.Position(rules, ca.deal(rules, 1))
    with pytest.raises(InvalidPositionError, match="one copy of each card"):
        twin_world_count(pos, 0)


def pending_position(seed: int, me: int, unseen_at_most: int):
    """cancellation (docs/RULES.md §14): a 6-seat hand played at random, pairing where it can,
    until few cards are unseen; None unless a carried trick's cards are then pending."""
    rules = ca.find_variant("cancellation").rules(6)
    rng = random.Random(seed)
    hands, twins = ca.deal_twins(rules, seed)
    pos = ca.Position(rules, hands, dealer=seed % 6, twins=twins)
    while sum(sum(held(pos, s).values()) for s in range(6) if s != me) + rules.kitty_size > unseen_at_most:
        legal = sorted(str(c) for c in pos.legal_moves())
        pairing = [c for c in legal if c in {str(card) for _, card in pos.trick}]
        pos.push(rng.choice(pairing or legal))
    return pos if len(pos.pending) else None


def test_cancellation_sampler_is_uniform_with_a_carried_trick_pending():
    # The carried cards are played cards: the two-copy sampler needs nothing new for them.
    for seed in range(300):
        pos = pending_position(seed, seed % 6, 8)
        if pos is not None:
            assert pos.carried_tricks
            check(pos, seed % 6, seed)
            return
    pytest.fail("no seed left a carried trick pending with few cards unseen")


@pytest.mark.parametrize("algorithm", ["ismcts", "pimc", "auto"])
def test_cancellation_search_runs_ismcts_with_a_carried_trick_pending(algorithm):
    for seed in range(300):
        pos = pending_position(seed, seed % 6, 40)
        if pos is not None and not pos.is_over():
            results = [ca.Searcher(seed=3, algorithm=algorithm).search(pos, pos.turn, ca.Limit(iterations=300))
                       for _ in range(2)]
            assert results[0].algorithm == "ismcts" and results[0].iterations == 300
            assert {str(m.move) for m in results[0].moves} == {str(c) for c in pos.legal_moves()}
            assert results[0].best == results[1].best and results[0].moves == results[1].moves  # seeded
            return
    pytest.fail("no seed left a carried trick pending")
