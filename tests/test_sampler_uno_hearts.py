"""The two-copy world sampler on `uno-hearts` (csrc/search/twin_sampler.h,
search/uno_knowledge.h; docs/RULES.md §15 and its Engine paragraph): exact against an
enumeration of the physical deals on small positions, as tests/test_sampler_two_deck.py.

What the seat knows, as the Engine paragraph states it, followed here from the
independent referee's hand (tests/support/independent_referee_uno.py) alone: its own
cards; every card played and every card drawn from the stock (face up); a hand it has
held (its own, or one the 8s swapped to it) whole, wherever the swaps sent it since,
less what that hand played; the 3 cards it passed to its right, in the hand it passed
them into, less what that hand played since; the suits each hand has shown it lacks
(the voids go with the hand); each seat's card count and the stock's size. The unseen
copies (labelled apart, one copy of Q♠ 8♣ 8♦) are dealt to the other hands and the
stock in every way that fits, the stock's in every order: each physical deal is one
world."""

from __future__ import annotations

import copy
import itertools
import math
import random
from collections import Counter

import pytest
from scipy.stats import chisquare
from support.independent_referee_uno import DECK, UnoReferee
from support.uno_hands import held, only_hearts_hand, passes_to, position

import copas_ai as ca
from copas_ai._core import twin_world_count, twin_worlds
from copas_ai.variants.uno_hearts import uno_hearts_rules

VARIANT = "uno-hearts"


class Hand:
    """A hand played at random on the core and the referee together, each hand (token)
    followed through the swaps: what it played, the suits it showed it lacks, and the
    referee as it stood at each play (what the play could tell of the hand that made it)."""

    def __init__(self, players: int, seed: int, me: int, after: list[list[str]] | None = None,
                 stock: list[str] | None = None, dealer: int | None = None):
        """A deal of ca.deal_twins and random passes; or, with `after` (the hands once the
        pass is made) and `stock`, that deal (support.uno_hands.passes_to's passes)."""
        self.n, self.me = players, me
        rules = uno_hearts_rules(players)
        self.rng = random.Random(seed)
        dealer = seed % players if dealer is None else dealer
        if after is None:
            hands, twins = ca.deal_twins(rules, seed)
            self.pos = ca.Position(rules, hands, dealer=dealer, twins=twins)
            dealt = [sorted(held(self.pos, s).elements()) for s in range(players)]
            self.passes = [self.rng.sample(dealt[s], 3) for s in range(players)]
        else:
            dealt, self.passes = passes_to(after)
            self.pos = position(rules, dealt, stock, dealer)
        self.ref = UnoReferee(dealt, [str(c) for c in self.pos.stock], dealer=dealer)
        for s, cards in enumerate(self.passes):
            self.pos.set_twin_pass(s, cards)
        self.ref.pass_cards(self.passes)
        self.token = list(range(players))  # the hand each seat holds, named by its holder after the pass
        self.held_by_me = {me}
        self.played = [Counter() for _ in range(players)]  # per token
        self.voids = [set() for _ in range(players)]  # per token
        self.log: list[tuple[int, str, UnoReferee]] = []  # per play: its token, its card, the referee before it

    def step(self, card: str | None = None) -> None:
        """One play: `card`, or a random legal one."""
        seat = self.ref.turn
        card = card or self.rng.choice(sorted(self.ref.legal()))
        self.log.append((self.token[seat], card, copy.deepcopy(self.ref)))
        if self.ref.trick and card[1] != self.ref.trick[0][1][1]:
            self.voids[self.token[seat]].add(self.ref.trick[0][1][1])
        self.played[self.token[seat]][card] += 1
        self.pos.push(card)
        self.ref.play(card)
        if not self.ref.trick:
            winner = self.ref.turn
            for other in self.ref.swaps[-1]:
                self.token[winner], self.token[other] = self.token[other], self.token[winner]
                self.held_by_me.add(self.token[self.me])

    def remnant(self) -> Counter:
        """What `me` passed, less what the hand it went into (to its right) played since."""
        return Counter(self.passes[self.me]) - self.played[(self.me - 1) % self.n]

    def known(self, seat: int) -> Counter:
        if self.token[seat] in self.held_by_me:
            return held(self.pos, seat)
        return self.remnant() if self.token[seat] == (self.me - 1) % self.n else Counter()

    def fits(self, x: int, cards: Counter) -> bool:
        """Whether token `x` holding `cards` now makes each of its plays legal: at each, the
        referee as it stood then, the token holding `cards` and every card it played since."""
        later = Counter()
        for token, card, before in reversed(self.log):
            if token != x:
                continue
            later[card] += 1
            saved = before.held[before.turn]
            before.held[before.turn] = cards + later
            legal = card in before.legal()
            before.held[before.turn] = saved
            if not legal:
                return False
        return True

    def worlds(self, voids_only: bool = False) -> tuple[Counter, list[int]]:
        """Every physical deal of the unseen copies that makes every play legal, counted per
        world: (per holder seat its cards, the stock top first). voids_only: those that
        keep the voids shown only (a sampler that reads nothing else of the plays)."""
        pos, me = self.pos, self.me
        played = Counter(str(c) for _, c in pos.moves)
        drawn = Counter(c for d in self.ref.draws for c in d)
        known = sum((self.known(s) for s in range(self.n) if s != me), Counter())
        unseen = sorted((DECK - held(pos, me) - played - drawn - known).elements())
        holders = [s for s in range(self.n) if s != me and sum(held(pos, s).values()) > sum(self.known(s).values())]
        counts = {s: sum(held(pos, s).values()) - sum(self.known(s).values()) for s in holders}
        stock = len(pos.stock)
        worlds: Counter = Counter()

        def deal(i: int, left: list, chosen: list) -> None:
            if i == len(holders):
                assert len(left) == stock
                for order in itertools.permutations(left):
                    worlds[tuple(chosen) + (tuple(name for _, name in order),)] += 1
                return
            h = holders[i]
            for pick in itertools.combinations(left, counts[h]):
                if any(name[1] in self.voids[self.token[h]] for _, name in pick):
                    continue
                cards = Counter(name for _, name in pick) + self.known(h)
                if not voids_only and not self.fits(self.token[h], cards):
                    continue
                hand = tuple(sorted(cards.elements()))
                deal(i + 1, [c for c in left if c not in pick], chosen + [hand])

        deal(0, list(enumerate(unseen)), [])
        return worlds, holders


def play_until(players: int, seed: int, me: int, unseen_at_most: int, stop=lambda hand: True) -> Hand | None:
    """The hand played at random until the unseen cards are few and `stop` holds; None
    when the hand ends first."""
    hand = Hand(players, seed, me)
    while not hand.pos.is_over():
        unknown = sum(sum(held(hand.pos, s).values()) - sum(hand.known(s).values()) for s in range(players) if s != me)
        if unknown + len(hand.pos.stock) <= unseen_at_most and stop(hand):
            return hand
        hand.step()
    return None


def check(hand: Hand, seed: int) -> Counter:
    pos, me = hand.pos, hand.me
    worlds, holders = hand.worlds()
    total = sum(worlds.values())
    truth = tuple(tuple(sorted(held(pos, s).elements())) for s in holders) + (tuple(str(c) for c in pos.stock),)
    assert worlds[truth] > 0, "the true world is among the enumerated ones"
    # The world count is of the deals, the stock a multiset: each deal's orders are equally many.
    stock = len(pos.stock)
    assert twin_world_count(pos, me) * math.factorial(stock) == pytest.approx(total, rel=1e-9)
    n = max(40 * len(worlds), 4000)
    seen: Counter = Counter()
    for hands, rest in twin_worlds(pos, me, n, seed):
        assert Counter(hands[me]) == held(pos, me)
        for s in range(hand.n):
            # A hand the seat knows comes out whole; the pass's remnant is in the hand it went to.
            assert not hand.known(s) - Counter(hands[s]), (s, hand.known(s), hands[s])
        seen[tuple(tuple(sorted(hands[s])) for s in holders) + (tuple(rest),)] += 1
    assert not set(seen) - set(worlds), "a sampled world fits no physical deal"
    if len(worlds) > 1:
        keys = sorted(worlds)
        expected = [worlds[k] / total * n for k in keys]
        assert chisquare([seen[k] for k in keys], expected).pvalue > 0.001
    return worlds


# (players, seed): me = seed % players; each found by seed for what it exercises.
@pytest.mark.parametrize("players,seed", [
    (5, 26),  # a hand swapped to the seat, the pass's remnant, 5 cards in the stock
    (6, 23),  # the same with 4 in the stock
    (6, 52),  # a swap, the remnant, 2 in the stock
    (7, 0),   # the remnant, 1 in the stock
    (5, 27),  # no swap, 2 in the stock, 4 hands unseen
    (6, 43),  # a swap and the remnant leave 4 worlds
    (7, 12),  # swaps, the remnant, the stock empty
])
def test_uno_hearts_sampler_is_uniform_over_the_physical_deals(players, seed):
    hand = play_until(players, seed, seed % players, 7)
    check(hand, seed)


@pytest.mark.parametrize("kind,seed", [("lead", 0), ("lead", 1), ("trick-1", 0), ("trick-1", 1)])
def test_uno_hearts_sampler_a_hand_that_showed_it_held_only_hearts_keeps_them_after_a_swap(kind, seed):
    """uno-hearts, 7 seats (support.uno_hands.only_hearts_hand): one hand showed by a play
    that it held only hearts, a heart led before hearts broke (kind "lead") or a heart
    played to trick 1 on a club lead (kind "trick-1"); an 8 then moved that hand to seat 0.
    Seat 4, which never held it, sees 12 tricks played: in every world the sampler draws,
    seat 0's last card is a heart, and the worlds match the enumeration of those that make
    every play legal (the referee's judgement of each play, the hand as the world has it).
    The hand showed no void that says as much (the enumeration by voids alone has more
    worlds): a sampler that reads the voids only fails here."""
    after, stock, dealer, plays = only_hearts_hand(kind, seed)
    hand = Hand(7, seed, 4, after=after, stock=stock, dealer=dealer)
    for card in plays:
        hand.step(card)
    hearts = 1 if kind == "lead" else 2
    assert hand.token[0] == hearts and hearts not in hand.held_by_me and not hand.pos.stock
    worlds = check(hand, seed)
    by_voids, holders = hand.worlds(voids_only=True)
    assert len(by_voids) > len(worlds), "no void shown says the hand held only hearts"
    assert all(c[1] == "H" for world in worlds for c in world[holders.index(0)])
    for hands, _stock in twin_worlds(hand.pos, 4, 500, seed):
        assert all(c.endswith("H") for c in hands[0]), hands[0]


def test_uno_hearts_sampler_keeps_a_hand_the_eights_swapped_away_whole():
    # Early in the hand (too many worlds to enumerate): right after a swap the seat took
    # part in, the hand it gave away is in every world as it is, and the pass's remnant
    # stays in the hand it went into.
    for seed in range(100):
        hand = play_until(5, seed, seed % 5, 60, stop=lambda h: len(h.held_by_me) > 1)
        if hand is None or sum(held(hand.pos, hand.me).values()) < 6:
            continue
        whole = [s for s in range(5) if s != hand.me and hand.token[s] in hand.held_by_me]
        assert whole
        for hands, stock in twin_worlds(hand.pos, hand.me, 200, seed):
            assert all(Counter(hands[s]) == held(hand.pos, s) for s in whole)
            assert all(not hand.known(s) - Counter(hands[s]) for s in range(5))
            assert len(stock) == len(hand.pos.stock)
        return
    pytest.fail("no seed gave an early swap with the seat")


def test_uno_hearts_sampler_before_the_pass_knows_only_the_seats_hand():
    rules = uno_hearts_rules(4)
    hands, twins = ca.deal_twins(rules, 3)
    pos = ca.Position(rules, hands, twins=twins)
    # 3 other hands of 13 and a stock of 49 dealt from the 88 unseen physical copies.
    deals = math.factorial(88) // (math.factorial(13) ** 3 * math.factorial(49))
    assert twin_world_count(pos, 0) == pytest.approx(deals, rel=1e-9)
    for world, stock in twin_worlds(pos, 0, 20, 3):
        assert Counter(world[0]) == held(pos, 0)
        assert all(len(world[s]) == 13 for s in range(4)) and len(stock) == 49
        assert Counter(c for h in world for c in h) + Counter(stock) == DECK


def test_uno_hearts_sampler_before_the_pass_deals_each_copy_hypergeometrically():
    # The pass search's worlds (csrc/search/pass_search.h): an unseen value's two copies
    # fall into the 49-card stock as a draw of 49 of the 88 unseen copies says, and a
    # single copy (the Q♠ here) to each other seat 13 times in 88, to the stock 49.
    rules = uno_hearts_rules(4)
    hands, twins = ca.deal_twins(rules, 11)
    pos = ca.Position(rules, hands, twins=twins)
    mine = held(pos, 0)
    assert "QS" not in mine
    value = next(c for c in sorted(DECK) if DECK[c] == 2 and c not in mine)
    n = 6000
    in_stock, queen = Counter(), Counter()
    for world, stock in twin_worlds(pos, 0, n, 11):
        in_stock[Counter(stock)[value]] += 1
        queen[next((s for s in range(1, 4) if "QS" in world[s]), 4)] += 1
    both = 49 * 48 / (88 * 87)
    none = 39 * 38 / (88 * 87)
    expected = [none * n, (1 - both - none) * n, both * n]
    assert chisquare([in_stock[k] for k in range(3)], expected).pvalue > 0.001
    assert chisquare([queen[s] for s in range(1, 5)], [13 / 88 * n] * 3 + [49 / 88 * n]).pvalue > 0.001
