"""An independent referee and scorer for `two-deck`, written from docs/RULES.md §13
(seed S000 L287-297, A46a-b) alone, sharing nothing with the core but the card names.

Two 52-card decks: every card twice. Seats are numbered clockwise (seat + 1 is a
seat's left). Each seat's hand is a list of card names, a name twice when it holds
both copies; the kitty is the rest of the 104 cards. No pass. The dealer's left
leads any card; a seat holding the led suit must follow, else it plays anything
(no restriction on hearts or the Q♠, B0). The highest card of the led suit wins the
trick; of two identical cards the one played first ranks higher (L295). The kitty
goes face down to the winner of the first trick and scores for him (three-five's
default method, §4). Each heart 1 and each Q♠ 13, 52 in all; a seat that took both
copies of all 13 hearts and both Q♠ (A46b) scores 0 and every other seat 52. With
partners (A46a) seat s and seat s + n/2 are a side and a side's total is the sum of
its seats'. The match ends once a total (a side's, with partners) reaches 200; the
lowest total wins.
"""

from __future__ import annotations

from collections import Counter

RANKS = "23456789TJQKA"
SUITS = "CDHS"
DEAL = {6: (17, 2), 7: (14, 6), 8: (13, 0), 9: (11, 5), 10: (10, 4)}


def suit(card: str) -> str:
    return card[1]


def rank(card: str) -> int:
    return RANKS.index(card[0])


def card_points(card: str) -> int:
    return 1 if suit(card) == "H" else 13 if card == "QS" else 0


class TwoDeckReferee:
    def __init__(self, hands: list[list[str]], dealer: int):
        self.n = len(hands)
        size, kitty = DEAL[self.n]
        assert all(len(h) == size for h in hands), "§13's hand size"
        deck = Counter({r + s: 2 for r in RANKS for s in SUITS})
        held = Counter(c for h in hands for c in h)
        assert all(held[c] <= 2 for c in held), "two copies at most"
        self.kitty = list((deck - held).elements())
        assert len(self.kitty) == kitty
        self.held = [Counter(h) for h in hands]
        self.won: list[Counter] = [Counter() for _ in range(self.n)]
        self.turn = (dealer + 1) % self.n
        self.trick: list[tuple[int, str]] = []
        self.tricks: list[tuple[list[tuple[int, str]], int]] = []

    def over(self) -> bool:
        return not any(self.held)

    def legal(self) -> set[str]:
        hand = set(self.held[self.turn].elements())
        if self.trick:
            follow = {c for c in hand if suit(c) == suit(self.trick[0][1])}
            if follow:
                return follow
        return hand

    def play(self, card: str) -> None:
        assert card in self.legal(), f"seat {self.turn} may not play {card}"
        self.held[self.turn][card] -= 1
        self.held[self.turn] += Counter()  # drop the zero counts
        self.trick.append((self.turn, card))
        if len(self.trick) < self.n:
            self.turn = (self.turn + 1) % self.n
            return
        self.end_trick()

    def end_trick(self) -> None:
        led = suit(self.trick[0][1])
        best = self.trick[0]
        for seat, c in self.trick[1:]:
            if suit(c) == led and rank(c) > rank(best[1]):  # strictly higher: the first copy keeps it
                best = (seat, c)
        winner = best[0]
        self.won[winner].update(c for _, c in self.trick)
        if not self.tricks:
            self.won[winner].update(self.kitty)
        self.tricks.append((self.trick, winner))
        self.trick = []
        self.turn = winner

    def scores(self) -> list[int]:
        points = [sum(card_points(c) * k for c, k in w.items()) for w in self.won]
        moon = [s for s in range(self.n)
                if all(self.won[s][r + "H"] == 2 for r in RANKS) and self.won[s]["QS"] == 2]
        if moon:
            return [0 if s == moon[0] else 52 for s in range(self.n)]
        return points


def side_totals(totals: list[int], partners: bool) -> list[int]:
    """Each seat's total, or with partners (A46a) its side's: seat s and s + n/2."""
    n = len(totals)
    if not partners:
        return list(totals)
    return [totals[s] + totals[(s + n // 2) % n] for s in range(n)]


def match_over(totals: list[int], partners: bool) -> bool:
    return max(side_totals(totals, partners)) >= 200


def winners(totals: list[int], partners: bool) -> list[int]:
    sides = side_totals(totals, partners)
    return [s for s in range(len(totals)) if sides[s] == min(sides)]


class TwoDeckMatch:
    """A match's totals and end (§13: ends once a total reaches 200, the lowest wins),
    a tie for the lowest playing extra hands as in Copas Fora (§1, A11b: once begun, the
    tie-break hands go on until one side is lowest, whatever the totals)."""

    def __init__(self, players: int, partners: bool):
        self.totals = [0] * players
        self.partners = partners
        self.tiebreak = False

    def lowest(self) -> list[int]:
        return winners(self.totals, self.partners)

    def unique_lowest(self) -> bool:
        low = self.lowest()
        return len(low) == 1 or (self.partners and len(low) == 2 and low[1] - low[0] == len(self.totals) // 2)

    def add_hand(self, scores: list[int]) -> None:
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        if match_over(self.totals, self.partners) and not self.unique_lowest():
            self.tiebreak = True

    def outcome(self) -> tuple[bool, list[int]]:
        over = (self.tiebreak or match_over(self.totals, self.partners)) and self.unique_lowest()
        return over, self.lowest() if over else []
