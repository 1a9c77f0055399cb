"""An independent referee and scorer for `domino`, written from docs/RULES.md §17
(seed S000 L353-371, A50a-g) alone, sharing nothing with the core but the card names.

Seats are numbered clockwise (seat + 1 is a seat's left). 6 cards each, the rest a
face-down stock drawn from the top. The dealer's right leads any card. A seat whose
turn comes in a trick and that lacks the led suit draws from the stock one card at a
time until it holds one, and must play it; void with the stock empty it puts a card
of its choice face down as the new stock and passes. A seat holding the led suit
plays one. The trick is N led-suit cards (N = the seats at the deal); turns rotate,
skipping empty hands. Once every seat still holding cards has passed in a row since
the last card joined, the trick ends (A50f). The highest led card wins and its
player leads, or the first seat to his left with cards. When one seat alone holds
cards (the trick in progress ends there, as a stuck one would), it adds them to its
won cards and the hand is scored: hearts 1 each, the Q♠ nothing; a seat with all 13
hearts scores 0 and every other seat 13 (A50g).

What the other seats know (the sampler's facts): a discard shows its maker lacked
the led suit, until it draws again (a drawn card may be of any suit); a seat whose
draws found the led suit plays that one card, so it lacks the suit again (its other
shown voids dropped with the draw); the discard itself is face down, known to its
maker alone while it lies as the stock (to the others: a card of none of the suits its
maker showed it lacks).
"""

from __future__ import annotations

RANKS = "23456789TJQKA"


def rank(card: str) -> int:
    return RANKS.index(card[0])


def suit(card: str) -> str:
    return card[1]


class DominoReferee:
    def __init__(self, hands: list[list[str]], stock: list[str], dealer: int):
        self.n = len(hands)
        self.held = [set(h) for h in hands]
        self.stock = list(stock)
        self.won: list[set[str]] = [set() for _ in range(self.n)]
        self.drawn: list[set[str]] = [set() for _ in range(self.n)]  # the cards each seat drew, kept
        self.trick: list[tuple[int, str]] = []  # led-suit cards only
        self.passed: set[int] = set()
        self.shown_void: list[set[str]] = [set() for _ in range(self.n)]  # suits shown lacking since the last draw
        self.stock_discarder: int | None = None  # whose face-down discard the stock is
        self.draws_that_followed = 0  # turns whose draws found the led suit
        self.turn = (dealer - 1) % self.n  # A50c: the dealer's right
        self.over = False
        self.tricks: list[tuple[list[tuple[int, str]], int]] = []  # (cards, winner)

    def led(self) -> str | None:
        return suit(self.trick[0][1]) if self.trick else None

    def legal(self) -> set[str]:
        hand = self.held[self.turn]
        led = self.led()
        follow = {c for c in hand if suit(c) == led}
        return follow or set(hand)  # nothing of the led suit: a discard (the stock is empty by now)

    def play(self, card: str) -> None:
        if self.over:
            raise ValueError("the hand is over")
        if card not in self.legal():
            raise ValueError(f"seat {self.turn} may not play {card}")
        seat = self.turn
        self.held[seat].discard(card)
        if self.trick and suit(card) != self.led():
            if self.stock:
                raise ValueError("a discard onto a stock that still holds cards")
            self.stock = [card]
            self.passed.add(seat)
            self.shown_void[seat].add(self.led())
            self.stock_discarder = seat
        else:
            self.trick.append((seat, card))
            self.passed = set()
        holders = {s for s in range(self.n) if self.held[s]}
        if len(self.trick) == self.n or holders <= self.passed or len(holders) <= 1:
            self._end_trick(holders)
            return
        nxt = (seat + 1) % self.n
        while not self.held[nxt]:
            nxt = (nxt + 1) % self.n
        self.turn = nxt
        led = self.led()
        if any(suit(c) == led for c in self.held[nxt]):
            return
        while not any(suit(c) == led for c in self.held[nxt]) and self.stock:
            card = self.stock.pop(0)
            self.held[nxt].add(card)
            self.drawn[nxt].add(card)
            self.shown_void[nxt] = set()
            self.stock_discarder = None
        if any(suit(c) == led for c in self.held[nxt]):
            self.shown_void[nxt] = {led}  # it had none, drew one and must play it: it lacks the suit again
            self.draws_that_followed += 1

    def _end_trick(self, holders: set[int]) -> None:
        led = self.led()
        winner = max(self.trick, key=lambda sc: rank(sc[1]) if suit(sc[1]) == led else -1)[0]
        self.won[winner] |= {c for _, c in self.trick}
        self.tricks.append((list(self.trick), winner))
        self.trick = []
        self.passed = set()
        if len(holders) <= 1:
            for s in holders:  # DO-4: the last seat's cards join its won cards
                self.won[s] |= self.held[s]
                self.held[s] = set()
            self.over = True
            return
        lead = winner
        while not self.held[lead]:  # DO-3
            lead = (lead + 1) % self.n
        self.turn = lead

    def scores(self) -> list[int]:
        return domino_scores(self.won)


def domino_scores(won) -> list[int]:
    """The hand's score of each seat from the cards it won (the last seat's hand included)."""
    hearts = [sum(1 for c in w if suit(c) == "H") for w in won]
    if 13 in hearts:  # A50g: the scaled moon
        return [0 if h == 13 else 13 for h in hearts]
    return hearts


class EliminationTally:
    """The match's totals and end from the refereed hand scores: end (a), the first total
    to reach 100 ends it and the lowest wins (a tie: more hands); end (b) (`eliminate`), a
    seat reaching 100 is out, the last one in wins (readings: when every seat still in
    reaches it in the same hand none is out and the lowest of them wins, shared on a tie)."""

    def __init__(self, players: int, eliminate: bool):
        self.totals = [0] * players
        self.out: set[int] = set()
        self.eliminate = eliminate

    def add(self, seats: list[int], scores: list[int]) -> None:
        """One hand's scores, `scores[i]` for match seat `seats[i]` (the seats still in)."""
        for seat, score in zip(seats, scores):
            self.totals[seat] += score
        reached = {s for s in seats if self.totals[s] >= 100}
        if self.eliminate and reached != set(seats):
            self.out |= reached

    def outcome(self) -> tuple[bool, set[int]]:
        left = [s for s in range(len(self.totals)) if s not in self.out]
        if self.eliminate:
            below = [s for s in left if self.totals[s] < 100]
            if len(below) > 1:
                return False, set()
            if below:
                return True, set(below)
        elif all(self.totals[s] < 100 for s in left):
            return False, set()
        best = min(self.totals[s] for s in left)
        winners = {s for s in left if self.totals[s] == best}
        if not self.eliminate and len(winners) > 1:
            return False, set()  # end (a)'s tie: more hands (copas-fora's A11)
        return True, winners
