"""An independent referee and scorer for `uno-hearts`, written from docs/RULES.md §15
(seed S000 L305-331, A48a-f) alone, sharing nothing with the core but the card names.

Two 52-card decks less one Q♠, one 8♣ and one 8♦: 101 cards. Seats are numbered
clockwise (seat + 1 is a seat's left). 13 cards each, the rest a face-down stock (a
list, top first). Each seat passes 3 cards to its right (seat - 1). The dealer's left
leads any card. A seat holding the led suit must follow. On trick 1 no heart may be
led or played while the seat has another card it may play (the Q♠ may). A heart may be
led once a heart was played in an earlier trick, or by a leader holding only hearts.
The highest card of the led suit wins; of two identical cards the later ranks higher.
For each value played twice in the trick the winner draws from the stock's top into
his won pile: the rank for 2-10, 8 for A or K, 1 for J or Q, none for hearts; a short
stock gives what is left. Then, in the order played, the 8♣ makes the winner swap his
whole hand with his left neighbour's, the 8♦ with his right neighbour's. Hearts 1,
Q♠ 13. The moon: one seat took every penalty card that left the stock (in-play; at
least one heart among them) or all 27 (all-27); it scores 0 and the others 40. The card
names and values are the two-deck referee's (the same two decks' cards).
"""

from __future__ import annotations

from collections import Counter

from support.independent_referee_two_deck import RANKS, SUITS, card_points, rank, suit

SINGLES = ("QS", "8C", "8D")
DECK = Counter({r + s: 1 if r + s in SINGLES else 2 for r in RANKS for s in SUITS})
PENALTY = {r + "H" for r in RANKS} | {"QS"}


def pair_draw(card: str) -> int:
    if suit(card) == "H":
        return 0
    r = card[0]
    return 8 if r in "AK" else 1 if r in "JQ" else 10 if r == "T" else int(r)


class UnoReferee:
    def __init__(self, hands: list[list[str]], stock: list[str], dealer: int, moon_scope: str = "in-play"):
        self.n = len(hands)
        assert 2 <= self.n <= 7 and all(len(h) == 13 for h in hands)
        assert Counter(c for h in hands for c in h) + Counter(stock) == DECK, "the 101 cards"
        self.held = [Counter(h) for h in hands]
        self.stock = list(stock)
        self.won: list[Counter] = [Counter() for _ in range(self.n)]
        self.dealer = dealer
        self.moon_scope = moon_scope
        self.turn = (dealer + 1) % self.n
        self.passed = False
        self.heart_played = False
        self.tricks_done = 0
        self.trick: list[tuple[int, str]] = []
        self.draws: list[list[str]] = []  # per trick, the cards drawn
        self.swaps: list[list[int]] = []  # per trick, the seats its winner swapped with

    def pass_cards(self, passes: list[list[str]]) -> None:
        assert not self.passed and all(len(p) == 3 for p in passes)
        for s, p in enumerate(passes):
            assert not Counter(p) - self.held[s], "a seat passes cards it holds"
        for s, p in enumerate(passes):
            self.held[s] -= Counter(p)
        for s, p in enumerate(passes):
            self.held[(s - 1) % self.n] += Counter(p)
        self.passed = True

    def over(self) -> bool:
        return self.passed and not any(self.held)

    def legal(self) -> set[str]:
        hand = set(self.held[self.turn])
        if self.trick:
            led = suit(self.trick[0][1])
            moves = {c for c in hand if suit(c) == led} or hand
        else:
            moves = hand
            if not self.heart_played:
                moves = {c for c in hand if suit(c) != "H"} or hand
        if self.tricks_done == 0:
            moves = {c for c in moves if suit(c) != "H"} or moves
        return moves

    def play(self, card: str) -> None:
        assert card in self.legal(), f"{card} is not legal"
        self.held[self.turn][card] -= 1
        self.held[self.turn] += Counter()  # drop zero counts
        self.trick.append((self.turn, card))
        if len(self.trick) < self.n:
            self.turn = (self.turn + 1) % self.n
            return
        led = suit(self.trick[0][1])
        best = 0
        for i, (_, c) in enumerate(self.trick):
            if suit(c) == led and rank(c) >= rank(self.trick[best][1]):  # >=: the later identical card wins
                best = i
        winner = self.trick[best][0]
        cards = [c for _, c in self.trick]
        self.won[winner] += Counter(cards)
        self.heart_played = self.heart_played or any(suit(c) == "H" for c in cards)
        wanted = sum(pair_draw(c) for c, k in Counter(cards).items() if k == 2)
        drawn, self.stock = self.stock[:wanted], self.stock[wanted:]
        self.won[winner] += Counter(drawn)
        self.draws.append(drawn)
        swaps = []
        for c in cards:
            if c in ("8C", "8D"):
                other = (winner + (1 if c == "8C" else -1)) % self.n
                self.held[winner], self.held[other] = self.held[other], self.held[winner]
                swaps.append(other)
        self.swaps.append(swaps)
        self.trick = []
        self.tricks_done += 1
        self.turn = winner

    def points(self, seat: int) -> int:
        return sum(card_points(c) * k for c, k in self.won[seat].items())

    def shooter(self) -> int:
        if self.moon_scope == "all-27":
            full = Counter({c: DECK[c] for c in PENALTY})
            return next((s for s in range(self.n) if not full - self.won[s]), -1)
        takers = [s for s in range(self.n) if any(c in PENALTY for c in self.won[s])]
        if len(takers) == 1 and any(suit(c) == "H" for c in self.won[takers[0]]):
            return takers[0]
        return -1

    def scores(self) -> list[int]:
        assert self.over()
        shooter = self.shooter()
        if shooter >= 0:
            return [0 if s == shooter else 40 for s in range(self.n)]
        return [self.points(s) for s in range(self.n)]


def match_over(totals: list[int]) -> bool:
    return max(totals) >= 100


def winners(totals: list[int]) -> list[int]:
    low = min(totals)
    return [s for s, t in enumerate(totals) if t == low]
