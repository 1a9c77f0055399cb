"""`uno-hearts` deals for the tests (docs/RULES.md §15): hands with chosen cards, the rest
of the 101 dealt at random or in a given order, the stock's top chosen, and the pass
that leads from the dealt hands to the hands wanted after it (each seat passes 3 to its
right)."""

from __future__ import annotations

import random
from collections import Counter

from support.independent_referee_two_deck import rank
from support.independent_referee_uno import DECK, UnoReferee

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


# Both copies of the hearts A down to 9: a hand that leads them from the top wins every trick.
TOP_HEARTS = [r + "H" for r in "AKQJT9" for _ in range(2)]
# 11 low hearts and the K♦: a hand that follows 11 heart leads and keeps the K♦ to the last.
LOW_HEARTS_KD = [r + "H" for r in "87654" for _ in range(2)] + ["3H", "KD"]


def only_hearts_hand(kind: str, seed: int) -> tuple[list[list[str]], list[str], int, list[str]]:
    """7 seats, dealer 0: a hand whose plays show that one hand (token) held only hearts,
    then an 8 moves that hand to another seat; played on the independent referee to the end
    of trick 12 (one card left each). Returns the hands once the pass is made (`after`,
    for passes_to), the stock, the dealer and the 84 cards played.

    kind "lead": seat 1 (it leads trick 1) holds the A♣ and the 12 top hearts; trick 1 is
    all clubs, so at trick 2 it leads a heart before hearts broke, holding only hearts.
    kind "trick-1": seat 2 holds the 2♥ and the 12 top hearts and plays the 2♥ to trick
    1 (clubs led): it held only hearts; seat 1 takes that trick with the A♣, and seat 3's
    8♣ in it swaps seat 1's hand with seat 2's (so seat 1 holds the hearts from trick 2 on).
    Either way the hand of hearts then leads its hearts from the top, winning every trick,
    so it shows no void by the play (kind "trick-1": clubs only); seat 3 (no hearts)
    discards the 8♦ to trick 12, so the winner, seat 1, swaps with seat 0, which then
    holds the hand of hearts. Seat 5 holds 11 low hearts and the K♦, so it follows every
    heart lead and holds the K♦ at the end: by the voids alone the K♦ might be in the hand
    of hearts and its 9♥ in seat 5's. Trick 1's two pairs (9♣, 5♣) draw the stock empty.
    The other cards are dealt by `seed` and played at random (the 8s kept back)."""
    n, hearts_seat = 7, 1 if kind == "lead" else 2
    if kind == "lead":
        fixed = [["3C"], ["AC"] + TOP_HEARTS, ["2C"], ["9C", "8C", "8D"], ["9C"], ["5C"] + LOW_HEARTS_KD, ["5C"]]
        trick1 = {1: "AC", 3: "9C", 4: "9C", 5: "5C", 6: "5C"}  # the other A♣ tops the stock
    else:
        fixed = [["5C"], ["AC", "AC"], ["2H"] + TOP_HEARTS, ["8C", "8D", "2C"], ["9C"], ["9C"] + LOW_HEARTS_KD, ["5C"]]
        trick1 = {1: "AC", 2: "2H", 3: "8C", 4: "9C", 5: "9C", 6: "5C", 0: "5C"}
    after, stock = fill(n, fixed, stock_top=["AC"] if kind == "lead" else [], seed=seed, avoid={3: "H"})
    dealt, passes = passes_to(after)
    ref = UnoReferee(dealt, stock, dealer=0)
    ref.pass_cards(passes)
    rng = random.Random(seed)
    token = list(range(n))
    plays = []
    while ref.tricks_done < 12:
        seat, legal = ref.turn, sorted(ref.legal())
        if ref.tricks_done == 0 and seat in trick1:
            card = trick1[seat]
        elif token[seat] == hearts_seat:
            card = max(legal, key=rank)
        elif ref.tricks_done == 11 and seat == 3 and "8D" in legal:
            card = "8D"
        else:
            card = rng.choice([c for c in legal if c not in ("8C", "8D")] or legal)
        assert card in legal, (seat, card, legal)
        plays.append(card)
        ref.play(card)
        if not ref.trick:
            for other in ref.swaps[-1]:
                token[ref.turn], token[other] = token[other], token[ref.turn]
    assert token.index(hearts_seat) == 0 and not ref.stock, "the hand of hearts went to seat 0; the stock is empty"
    return after, stock, 0, plays
