"""`uno-hearts` deals for the tests (docs/RULES.md §15): hands with chosen cards, the rest
of the 101 dealt at random or in a given order, the stock's top chosen, and the pass
that leads from the dealt hands to the hands wanted after it (each seat passes 3 to its
right)."""

from __future__ import annotations

import random
from collections import Counter

from support.independent_referee_uno import DECK

import copas_ai as ca


def fill(players: int, fixed: list[list[str]], stock_top: list[str] = (), seed: int = 0,
         avoid: dict[int, str] | None = None, distinct: bool = False) -> tuple[list[list[str]], list[str]]:
    """Each seat's `fixed` cards, then cards of the rest (not of the suits in avoid[seat];
    with `distinct` no value a seat or another seat already holds) to 13, shuffled by
    `seed`; the stock is `stock_top` then the rest."""
    rest = DECK - Counter(c for f in fixed for c in f) - Counter(stock_top)
    pool = list(rest.elements())
    random.Random(seed).shuffle(pool)
    hands = [list(f) for f in fixed]
    for s in range(players):
        for card in list(pool):
            if len(hands[s]) == 13:
                break
            if card[1] in (avoid or {}).get(s, "") or (distinct and any(card in h for h in hands)):
                continue
            hands[s].append(card)
            pool.remove(card)
        assert len(hands[s]) == 13, "the cards left must fit the seat"
    return hands, list(stock_top) + pool


def position(rules, hands: list[list[str]], stock: list[str], dealer: int) -> ca.Position:
    """The dealt position (the pass still to make), hands as card lists (a card twice
    where the seat holds both copies)."""
    once = [ca.CardSet(sorted(set(h))) for h in hands]
    twice = [ca.CardSet(sorted(c for c, k in Counter(h).items() if k == 2)) for h in hands]
    return ca.Position(rules, once, dealer=dealer, twins=twice, stock=stock)


def passes_to(hands_after: list[list[str]]) -> tuple[list[list[str]], list[list[str]]]:
    """The dealt hands and the passes that give `hands_after` once each seat passes 3 to its
    right: seat s passes the last 3 cards of seat s - 1's hand after (its right neighbour
    keeps them), so its dealt hand is its hand after less its own last 3 plus those."""
    n = len(hands_after)
    passes = [hands_after[(s - 1) % n][-3:] for s in range(n)]
    dealt = [hands_after[s][:-3] + passes[s] for s in range(n)]
    return dealt, passes


def after_pass(rules, hands_after: list[list[str]], stock: list[str], dealer: int) -> ca.Position:
    """The position once the pass is made, each seat holding `hands_after` (the last 3 cards
    of each were passed to it)."""
    dealt, passes = passes_to(hands_after)
    pos = position(rules, dealt, stock, dealer)
    for s, cards in enumerate(passes):
        pos.set_twin_pass(s, cards)
    return pos


def held(pos: ca.Position, seat: int) -> Counter:
    return Counter(str(c) for c in pos.hand(seat)) + Counter(str(c) for c in pos.twins[seat])


def won(pos: ca.Position, seat: int) -> Counter:
    return Counter(str(c) for c in pos.won[seat]) + Counter(str(c) for c in pos.won_twins[seat])
