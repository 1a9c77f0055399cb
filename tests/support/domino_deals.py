"""Brute force for `domino`'s worlds (docs/RULES.md §17, A50a-g): every deal and every
choice of the other seats' face-down discards that one seat cannot tell from the truth,
found by replaying the hand's moves on each candidate deal with the independent referee
(independent_referee_domino.py), on a small deck so that every deal can be tried.

What the seat sees at each move: who moved, the card (another seat's discard: only that
it was one), each hand's size, the stock's size, the turn, and its own hand (so its own
draws by name). A candidate deal (the other hands and the stock's order; the seat's own
hand is its own) with a choice for each face-down discard is consistent when its replay
shows the same at every move. Uniform over those (deal, discards) pairs, each world (the
other hands and the stock's order now) has the chance of its count of them; the sampler's
and the view's worlds are compared with that, not with a model of what the moves tell."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from support.independent_referee_domino import DominoReferee, suit

import copas_ai as ca
from copas_ai._core import CardSet
from copas_ai.variants.domino import domino_rules

# The small deck: 10 cards of three suits (2 each at 3 and 4 seats, the rest the stock).
DECK = [f + s for s in "CDH" for f in "2345"][:10]


def small_position(players: int, hands: list[list[str]], stock: list[str], dealer: int, moves: list[str]):
    """The core's Position of domino on DECK (2 cards each) after `moves`."""
    r = domino_rules(players)
    r.deck = CardSet(DECK)
    r.hand_size = 2
    pos = ca.Position(r, [CardSet(h) for h in hands], dealer=dealer, stock=stock)
    for card in moves:
        pos.push(card)
    return pos


def world_key(world, me: int) -> tuple:
    """A world as exact_worlds() keys it: the other hands, then the stock top first."""
    others = tuple(frozenset(str(c) for c in world.hand(s)) for s in range(world.players) if s != me)
    return others, tuple(str(c) for c in world.stock)


def clone(ref: DominoReferee) -> DominoReferee:
    other = DominoReferee.__new__(DominoReferee)
    other.__dict__.update(ref.__dict__)
    for name in ("held", "won", "drawn", "shown_void"):
        setattr(other, name, [set(x) for x in getattr(ref, name)])
    other.stock, other.trick, other.passed, other.tricks = list(ref.stock), list(ref.trick), set(ref.passed), list(ref.tricks)
    return other


def is_discard(ref: DominoReferee, card: str) -> bool:
    return bool(ref.trick) and suit(card) != ref.led()


def play_seen(ref: DominoReferee, card: str, me: int) -> tuple:
    """Plays `card` and returns what `me` sees of the move: who made it, the card ("?" for
    another seat's discard), each hand's size, the stock's size, the turn, me's hand."""
    seat, face = ref.turn, "?" if seat_hides(ref, card, me) else card
    ref.play(card)
    return seat, face, tuple(len(h) for h in ref.held), len(ref.stock), ref.turn, ref.over, frozenset(ref.held[me])


def seat_hides(ref: DominoReferee, card: str, me: int) -> bool:
    return ref.turn != me and is_discard(ref, card)


def world_of(ref: DominoReferee, me: int) -> tuple:
    others = tuple(frozenset(ref.held[s]) for s in range(ref.n) if s != me)
    return others, tuple(ref.stock)


def exact_worlds(hands: list[list[str]], stock: list[str], dealer: int, moves: list[str], me: int) -> Counter:
    """Each world me cannot tell from the truth after `moves` (cards, discards included),
    with its count of (deal, face-down discards) pairs."""
    truth = DominoReferee(hands, stock, dealer)
    seen = [play_seen(truth, card, me) for card in moves]
    pool = sorted({c for h in hands for c in h} | set(stock))
    rest = [c for c in pool if c not in set(hands[me])]
    sizes = [len(h) for h in hands]
    worlds: Counter = Counter()

    def replay(ref: DominoReferee, i: int) -> None:
        if i == len(moves):
            worlds[world_of(ref, me)] += 1
            return
        card = moves[i]
        if seen[i][1] == "?":
            # Another seat's face-down discard: any card it may discard there.
            if ref.turn != seen[i][0] or ref.stock or not ref.trick or any(suit(c) == ref.led() for c in ref.held[ref.turn]):
                return
            for choice in sorted(ref.legal()):
                branch = clone(ref)
                if play_seen(branch, choice, me) == seen[i]:
                    replay(branch, i + 1)
            return
        if ref.turn != seen[i][0] or card not in ref.legal() or seat_hides(ref, card, me):
            return
        if play_seen(ref, card, me) == seen[i]:
            replay(ref, i + 1)

    for deal in deals(rest, [s for s in range(len(hands)) if s != me], sizes):
        dealt = [list(hands[me]) if s == me else sorted(deal[0][s]) for s in range(len(hands))]
        replay(DominoReferee(dealt, list(deal[1]), dealer), 0)
    return worlds


def deals(cards: list[str], others: list[int], sizes: list[int]):
    """Every (hands of `others`, stock order) of `cards`."""

    def place(i: int, left: list[str], hands: dict):
        if i == len(others):
            for order in itertools.permutations(left):
                yield hands, order
            return
        for hand in itertools.combinations(left, sizes[others[i]]):
            yield from place(i + 1, [c for c in left if c not in hand], {**hands, others[i]: set(hand)})

    yield from place(0, cards, {})


def random_hand(deck: list[str], players: int, hand_size: int, dealer: int, seed: int):
    """A random deal of `deck` and a random legal play of it: (hands, stock, moves, referees
    after each move), the referee being the independent one."""
    rng = random.Random(seed)
    cards = list(deck)
    rng.shuffle(cards)
    hands = [sorted(cards[i * hand_size:(i + 1) * hand_size]) for i in range(players)]
    stock = cards[players * hand_size:]
    ref = DominoReferee(hands, stock, dealer)
    moves, states = [], []
    while not ref.over:
        card = rng.choice(sorted(ref.legal()))
        moves.append(card)
        ref.play(card)
        states.append(clone(ref))
    return hands, stock, moves, states


def lost_facts(hands: list[list[str]], stock: list[str], dealer: int, moves: list[str], me: int) -> set[str]:
    """Which facts of the history that the sampler does not model (docs/RULES.md §17's Engine
    paragraph) arise before `moves` end, from me's seat: "void then draw" (another seat
    drew after showing a void: its older voids bound only its older cards), "own discard
    drawn" (another seat drew me's face-down discard: where it went is known to me)."""
    ref = DominoReferee(hands, stock, dealer)
    shown = [False] * ref.n
    facts = set()
    for card in moves:
        mover, discard = ref.turn, is_discard(ref, card)
        own_stock = (discard and mover == me) or (not discard and ref.stock_discarder == me and bool(ref.stock))
        before = 1 if discard else len(ref.stock)
        ref.play(card)
        shown[mover] |= discard
        drew = before - len(ref.stock)
        if drew and not ref.over and ref.turn != me:
            if shown[ref.turn]:
                facts.add("void then draw")
            if own_stock:
                facts.add("own discard drawn")
        if drew:
            shown[ref.turn] = True
    return facts
