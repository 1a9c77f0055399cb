"""The world sampler under the into-hand kitty (three-five+kitty+kitty-use, docs/RULES.md §4):
the kitty and the taker's discards are unseen by the other seats, and what the taker
showed he lacked before the take may have come back with the kitty.

The reference is a brute-force enumeration independent of the C++ knowledge: every
deal (hands and kitty) that agrees with the viewing seat's dealt hand (and with the
kitty it took, when it is the taker), every discard the taker could have made, and the
whole public history replayed legally; a world is the seat's-eye state that results
(every seat's current hand, hence the discards too). The sampler must draw exactly
those worlds, uniformly (chi-square), and count them exactly, the take's bound included
(one case per set of bounded cards the taker and the pile hold).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest
from scipy.stats import chisquare

import copas_ai as ca
from copas_ai._core import WorldSampler

TEN_CARDS = ca.CardSet.from_str("2C,3C,4C,5C,6C,2H,3H,4H,QS,KS")


def tiny_rules(taker: str, extend: bool = False) -> ca.RuleSet:
    """three-five+kitty=<taker>+kitty-use cut down to 3 seats of 3 cards from 10 cards
    and a 1-card kitty, no pass, so every deal can be enumerated. With `extend`, the
    4s are the trigger of nines-extend's second round (A21)."""
    r = ca.find_variant(f"three-five+kitty={taker}+kitty-use" + ("+nines-extend" if extend else "")).rules(3)
    if extend:
        r.extend_cards = ca.CardSet.from_str("4C,4H")
    r.deck = TEN_CARDS
    r.hand_size = 3
    r.kitty_size = 1
    r.pass_cycle = []
    return r


def replay_worlds(rules: ca.RuleSet, hands: list[ca.CardSet], moves, true_pos: ca.Position, me: int):
    """The current-hand tuples this deal reaches under the public moves, over every
    discard the taker could make (the seat's own when it is the taker)."""
    out = set()

    def go(pos: ca.Position, i: int) -> None:
        if i == len(moves) and pos.discarding == true_pos.discarding:
            if pos.kitty_taker == true_pos.kitty_taker:
                out.add(tuple(h.bits for h in pos.hands))
            return
        if pos.discarding:
            if pos.kitty_taker != true_pos.kitty_taker:
                return
            choices = ([true_pos.discards] if pos.turn == me else
                       [ca.CardSet(c) for c in itertools.combinations(list(pos.hand(pos.turn)), pos.discards_left)])
            for d in choices:
                q = pos.copy()
                try:
                    q.discard(d)
                except ca.IllegalMoveError:
                    continue
                go(q, i)
            return
        if i == len(moves):
            return
        seat, card = moves[i]
        if pos.turn != seat or not pos.is_legal(card):
            return
        pos.push(card)
        go(pos, i + 1)

    go(ca.Position(rules, hands, dealer=0, hand_no=0), 0)
    return out


def all_worlds(rules: ca.RuleSet, dealt: list[ca.CardSet], true_pos: ca.Position, me: int) -> set:
    rest = list(rules.deck - dealt[me])
    others = [s for s in range(rules.players) if s != me]
    worlds = set()
    for first in itertools.combinations(rest, rules.hand_size):
        left = [c for c in rest if c not in first]
        for second in itertools.combinations(left, rules.hand_size):
            kitty = ca.CardSet([c for c in left if c not in second])
            if true_pos.kitty_taker == me and kitty != true_pos.kitty:
                continue
            hands = [ca.CardSet() for _ in range(rules.players)]
            hands[me] = dealt[me]
            hands[others[0]], hands[others[1]] = ca.CardSet(first), ca.CardSet(second)
            worlds |= replay_worlds(rules, hands, true_pos.moves, true_pos, me)
    return worlds


def positions_after_the_take(taker: str, want_void_before_take: bool, extend: bool = False):
    """Random tiny hands stopped after the take at each later point (discard step
    included), with whether the taker showed a void before the take; with `extend`,
    only those whose taking trick had a second round."""
    rules = tiny_rules(taker, extend)
    for seed in range(400):
        rng = random.Random(seed)
        deck = list(rules.deck)
        rng.shuffle(deck)
        dealt = [ca.CardSet(deck[3 * s:3 * s + 3]) for s in range(3)]
        pos = ca.Position(rules, dealt, dealer=0, hand_no=0)
        while not pos.is_over():
            if pos.discarding:
                pos.discard(ca.CardSet(rng.sample(list(pos.hand(pos.turn)), pos.discards_left)))
            else:
                pos.push(rng.choice(list(pos.legal_moves())))
            if pos.kitty_taker is None or pos.is_over():
                continue
            starts = pos.trick_starts  # 6 cards in a trick with a second round
            void = any(seat == pos.kitty_taker and card.suit != pos.moves[starts[t]][1].suit
                       for t in range(pos.kitty_trick + 1) for seat, card in pos.moves[starts[t]:starts[t + 1]])
            extended = starts[pos.kitty_trick + 1] - starts[pos.kitty_trick] == 6
            if void == want_void_before_take and extended == extend:
                yield rules, dealt, pos.copy()


def check_uniform(rules, dealt, pos, me, seed):
    worlds = all_worlds(rules, dealt, pos, me)
    assert tuple(h.bits for h in pos.hands) in worlds
    sampler = WorldSampler(pos, me)
    n = max(40 * len(worlds), 2000)
    seen = Counter(sampler.sample_many(n, seed))
    assert set(seen) <= worlds, "sampled a world no deal and discard leads to"
    if len(worlds) > 1:
        assert chisquare([seen[w] for w in sorted(worlds)]).pvalue > 0.001
    # Counted with the take's bound: a count without it is larger where the bound bites.
    assert sampler.exact_world_count() == len(worlds)
    return len(worlds)


@pytest.mark.parametrize("taker, void, extend", [("first-trick-winner", False, False), ("first-point-taker", True, False),
                                                  ("first-trick-winner", False, True)],
                         ids=["first-trick-winner", "first-point-taker with a void shown before the take",
                              "nines-extend: the taking trick had a second round"])
def test_three_five_into_hand_other_seats_sample_exactly_the_consistent_worlds(taker, void, extend):
    """three-five+kitty=<taker>+kitty-use on a 10-card deck (3 seats x 3, kitty 1): from
    every other seat's view after the take (the discard step too), the sampled worlds
    are exactly the enumerated ones and uniform. With first-point-taker the taker showed
    a void before the take: the kitty may have refilled that suit, but only by one card
    (the take's bound, which the sampler splits into cases and counts exactly). Under
    nines-extend (A21) the taking trick had 6 cards: the plays after the take start
    where the core says that trick ended."""
    checked = bigger = 0
    for rules, dealt, pos in itertools.islice(positions_after_the_take(taker, void, extend), 12):
        for me in range(3):
            if me == pos.kitty_taker or (pos.discarding and pos.turn != me and len(pos.discards)):
                continue
            bigger += check_uniform(rules, dealt, pos, me, seed=checked) > 1
            checked += 1
    assert checked >= 12 and bigger >= 3


def test_three_five_into_hand_taker_samples_with_its_kitty_and_discards_known():
    """three-five+kitty+kitty-use on a 10-card deck: the taker knows the kitty and its
    discard, so its worlds keep both (only the other seats' cards vary), uniformly."""
    checked = 0
    for rules, dealt, pos in itertools.islice(positions_after_the_take("first-trick-winner", False), 8):
        if pos.discarding:
            continue
        me = pos.kitty_taker
        for world in WorldSampler(pos, me).sample_many(50, 1):
            assert world[me] == pos.hand(me).bits
        check_uniform(rules, dealt, pos, me, seed=checked)
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("players", [3, 5])
def test_three_five_into_hand_world_from_view_agrees_with_the_true_hand_from_every_seat(players):
    """three-five+kitty=first-point-taker+kitty-use, 3 and 5 players: from every seat's own
    view (its dealt hand, the moves, and its kitty and discard when it is the taker) at
    random points of random hands, world_from_view builds a world with the same moves,
    the same taker, the seat's own cards, every hand count, and the discard step where
    the true hand has it; the taker's own world keeps its true kitty and discard."""
    rules = ca.find_variant("three-five+kitty=first-point-taker+kitty-use").rules(players)
    rules.pass_cycle = []
    built = 0
    for seed in range(6):
        dealt = ca.deal(rules, seed)
        pos = ca.Position(rules, dealt, dealer=0, hand_no=0)
        rng = random.Random(seed)
        while not pos.is_over():
            if pos.discarding:
                pos.discard(ca.CardSet(rng.sample(list(pos.hand(pos.turn)), pos.discards_left)))
            else:
                pos.push(rng.choice(list(pos.legal_moves())))
            if not (pos.discarding or rng.random() < 0.2):
                continue
            taker = pos.kitty_taker
            for seat in range(players):
                own = taker == seat
                world = ca.world_from_view(rules, seat, dealt[seat], moves=pos.moves, dealer=0, seed=seed,
                                           kitty=pos.kitty if own else None,
                                           discarded=pos.discards if own else None,
                                           discard_made=taker is not None and not pos.discarding)
                assert world.moves == pos.moves and world.hand(seat) == pos.hand(seat)
                assert world.kitty_taker == taker and world.discarding == pos.discarding
                assert [len(h) for h in world.hands] == [len(h) for h in pos.hands]
                assert len(world.discards) == len(pos.discards)
                if own:
                    assert world.kitty == pos.kitty and world.discards == pos.discards
                built += 1
    assert built > 100


def test_three_five_into_hand_world_from_view_needs_the_takers_kitty():
    """three-five+kitty+kitty-use, 3 players: the taker's own view must say which kitty it
    took (it holds it); without it, or with a card it cannot be, the view is refused."""
    rules = ca.find_variant("three-five+kitty+kitty-use").rules(3)
    rules.pass_cycle = []
    dealt = ca.deal(rules, 4)
    pos = ca.Position(rules, dealt, dealer=0, hand_no=0)
    while pos.kitty_taker is None:
        pos.push(next(iter(pos.legal_moves())))
    taker = pos.kitty_taker
    with pytest.raises(ca.InvalidPositionError, match="took the kitty"):
        ca.world_from_view(rules, taker, dealt[taker], moves=pos.moves, dealer=0)
    with pytest.raises(ca.InvalidPositionError, match="cannot be in the kitty"):
        ca.world_from_view(rules, taker, dealt[taker], moves=pos.moves, dealer=0,
                           kitty=ca.CardSet([next(iter(dealt[taker]))]))


def test_three_five_into_hand_sampled_worlds_draw_a_kitty_the_taker_could_have_taken():
    """three-five+kitty=first-point-taker+kitty-use, 5 players: another seat's sampled world
    does not keep the true kitty (it is unseen): its kitty is 2 cards the taker held after
    the take (held now, discarded, or played since), varies between worlds, and popping the
    world back past the take gives every seat a hand of 10 without a card in two places."""
    rules = ca.find_variant("three-five+kitty=first-point-taker+kitty-use").rules(5)
    rules.pass_cycle = []
    pos = ca.Position(rules, ca.deal(rules, 12), dealer=0, hand_no=0)
    rng = random.Random(12)
    while pos.kitty_taker is None or pos.discarding or len(pos.moves) % 5 != 2:
        if pos.discarding:
            pos.discard(ca.CardSet(rng.sample(list(pos.hand(pos.turn)), 2)))
        else:
            pos.push(rng.choice(list(pos.legal_moves())))
    taker = pos.kitty_taker
    me = next(s for s in range(5) if s != taker)
    sampler = WorldSampler(pos, me)
    kitties = set()
    for seed in range(30):
        world = sampler.sample_position(seed)
        since = ca.CardSet([c for i, (s, c) in enumerate(world.moves) if s == taker and i >= (world.kitty_trick + 1) * 5])
        assert len(world.kitty) == 2 and world.kitty <= world.hand(taker) | world.discards | since
        kitties.add(str(world.kitty))
        while world.moves:
            world.pop()
        assert world.kitty_taker is None and [len(h) for h in world.hands] == [10] * 5
        assert len(ca.CardSet([c for h in world.hands for c in h]) | world.kitty) == 52
    assert len(kitties) > 3


def test_three_five_into_hand_take_bound_holds_when_almost_no_unbounded_deal_meets_it():
    """three-five+kitty=first-point-taker+kitty-use, 3 seats, seen by seat 0: seat 1 shows
    voids in clubs and diamonds, then takes the kitty (by winning the Q♠) and discards.
    The kitty may have brought it one club or diamond, no more: with 12 such cards unseen
    among 29, about 1 deal in 10,000 meets that when the bound is left out, so a sampler
    that rejects draws past it cannot keep it. Counted exactly (a closed form: the pile
    holds 1 of the 15 cards seat 1 and the pile share, which hold 0 or 1 of the 12) and
    every draw keeps it; the one-club-or-diamond worlds come up in their true share."""
    r = ca.find_variant("three-five+kitty=first-point-taker+kitty-use").rules(3)
    hands = [ca.CardSet.from_str("2C,3C,4C,5C,6C,7C,3D,4D,5D,6D,7D,8D,QS,5S,6S,7S,8S"),
             ca.CardSet.from_str("2H,3H,4H,5H,6H,7H,8H,9H,TH,JH,QH,KH,AH,AS,KS,3S,4S"),
             ca.CardSet.from_str("8C,9C,TC,JC,QC,KC,AC,9D,TD,JD,QD,KD,AD,2S,9S,TS,JS")]
    pos = ca.Position(r, hands, dealer=0, hand_no=2)  # no pass; the kitty is the 2D
    for card in "2C 3S 8C 9D 3D 4S 2S QS AS".split():  # seat 1 follows neither clubs nor diamonds
        pos.push(card)
    assert pos.discarding and pos.kitty_taker == 1
    pos.discard(ca.CardSet.from_str("2D"))
    bounded = (ca.CardSet.from_str("9C,TC,JC,QC,KC,AC,TD,JD,QD,KD,AD,2D")).bits  # unseen by seat 0
    other = 17  # the unseen hearts and spades
    worlds = {0: math.comb(other, 15), 1: 12 * math.comb(other, 14)}  # by bounded cards with seat 1 or the pile
    sampler = WorldSampler(pos, 0)
    assert sampler.exact_world_count() == 15 * (worlds[0] + worlds[1])
    played = ca.CardSet([card for _, card in pos.moves]).bits
    deck = r.deck.bits
    draws = 4000
    seen = Counter()
    for world in sampler.sample_many(draws, 5):
        pile = deck & ~(world[0] | world[1] | world[2]) & ~played
        seen[bin((world[1] | pile) & bounded).count("1")] += 1
    assert set(seen) <= {0, 1}
    share = worlds[0] / (worlds[0] + worlds[1])  # about 1.6%
    sigma = math.sqrt(draws * share * (1 - share))
    assert abs(seen[0] - draws * share) < 4 * sigma
