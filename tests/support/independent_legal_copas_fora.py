"""Independent legal-card oracle for `copas-fora` and its play options, written
from docs/RULES.md §2.1-§2.2 (not from the core's restriction chain): the
rules are stated case by case as the catalogue states them, on card strings.

Covers R1-R3, B1/B4/B5, X1, X2 (A8), A9, dealer-lead (A14, A14b), hearts-anytime
(A15), points-first-trick (A16), lead-after-heart (A17), qs-opens-hearts,
lead-heart-over-qs (L69), qs-forced (A20, A20b), the two early ends
(stuck-lead-ends-hand A18, first-trick-stuck-annul A19), and nines-extend (§2.3 L73,
A21: a 9 of the led suit, led or played to the trick, gives it a second round of one
more card a seat, leader first, following the original suit; none when the hands are
empty; the highest card of the original suit among all of them takes it). Four seats,
52 cards.
"""

from __future__ import annotations

QS = "QS"


def _heart(card: str) -> bool:
    return card[1] == "H"


def _point(card: str) -> bool:
    return _heart(card) or card == QS


RANKS = "23456789TJQKA"
HAND_CARDS = 52  # four seats of 13: the hands are empty after the 52nd card


def split_tricks(moves: list[str], trigger: str | None, seats: int = 4,
                 hand_cards: int = HAND_CARDS) -> tuple[list[list[str]], list[str]]:
    """(the whole tricks, the trick in progress) of the cards played in order: one
    card a seat, or two when the first round holds the `trigger` face (A21: "9") of
    the led suit and cards are still in hand (fewer than `hand_cards` played)."""
    whole: list[list[str]] = []
    current: list[str] = []
    for played, card in enumerate(moves, start=1):
        current.append(card)
        led = current[0][1]
        second_round = (len(current) == seats and trigger is not None and played < hand_cards
                        and any(c[0] == trigger and c[1] == led for c in current))
        if len(current) == 2 * seats or (len(current) == seats and not second_round):
            whole.append(current)
            current = []
    return whole, current


def taker_index(trick: list[str]) -> int:
    """The place in the trick of the highest card of the (original) led suit (A-high:
    spanish's order is the same on its 40 cards); each round goes round the table once."""
    led = trick[0][1]
    return max((i for i, c in enumerate(trick) if c[1] == led), key=lambda i: RANKS.index(trick[i][0]))


def takers(moves: list[tuple[int, str]], trigger: str | None, seats: int,
           hand_cards: int) -> tuple[list[int], list[set[str]]]:
    """Each seat's tricks and cards won in a hand played out, (seat, card) in order."""
    whole, _ = split_tricks([c for _, c in moves], trigger, seats, hand_cards)
    tricks, won = [0] * seats, [set() for _ in range(seats)]
    at = 0
    for trick in whole:
        seat = moves[at + taker_index(trick)][0]
        tricks[seat] += 1
        won[seat] |= set(trick)
        at += len(trick)
    return tricks, won


def trigger_face(options: set[str]) -> str | None:
    """nines-extend (§2.3 L73) triggers on 9s; spanish's sixes-extend (§7 L179) on 6s."""
    return "9" if "nines-extend" in options else "6" if "sixes-extend" in options else None


class Table:
    """What the oracle reads of a hand in play: the options, the cards played so
    far in order (four per trick, eight in a nines-extend trick) and the hand of
    the seat to act."""

    def __init__(self, options: set[str], moves: list[str], hand: set[str]) -> None:
        self.o = options
        self.moves = moves
        self.hand = hand
        self.earlier, self.trick = split_tricks(moves, trigger_face(options))
        self.first_trick = not self.earlier

    # -- breaking -----------------------------------------------------------------------------

    def broken_b1(self) -> bool:
        """B1 (A6: earlier tricks only); hearts-anytime: always (B0)."""
        if "hearts-anytime" in self.o:
            return True
        return any(card[1] != t[0][1] for t in self.earlier for card in t)

    def open_for_lead(self) -> bool:
        """R3's condition: B1, or B4 with lead-after-heart, B5 with qs-opens-hearts too."""
        if "lead-after-heart" in self.o:
            opens = [c for t in self.earlier for c in t if _heart(c) or ("qs-opens-hearts" in self.o and c == QS)]
            return bool(opens)
        return self.broken_b1()

    def r1_banned(self, card: str) -> bool:
        """R1 on trick 1: hearts and the Q♠; hearts-anytime frees the hearts (A15),
        points-first-trick every point card (A16)."""
        if not self.first_trick or "points-first-trick" in self.o:
            return False
        if _heart(card):
            return "hearts-anytime" not in self.o
        return card == QS

    # -- the legal cards ----------------------------------------------------------------------

    def legal(self) -> set[str]:
        return self._lead() if not self.trick else self._follow()

    def _lead(self) -> set[str]:
        hand = self.hand
        if self.first_trick and "dealer-lead" not in self.o:
            return {"2C"}  # A5: the 2♣ holder leads the 2♣
        only_hearts = all(_heart(c) for c in hand)
        hearts_ok = self.open_for_lead() or only_hearts  # R3, X1
        if "lead-heart-over-qs" in self.o and all(_point(c) for c in hand):
            hearts_ok = True  # L69: hearts + Q♠ only may lead a heart
        cands = {c for c in hand if hearts_ok or not _heart(c)}
        if self.first_trick:
            # dealer-lead (L55): not a heart nor the Q♠, except what an option allows on
            # trick 1 (A14b); A14: only hearts (and the Q♠) -> X1/X2 as above.
            barred = {c for c in cands if (_heart(c) and "hearts-anytime" not in self.o)
                      or (c == QS and "points-first-trick" not in self.o)}
            if cands - barred:
                cands -= barred
        return cands

    def _follow(self) -> set[str]:
        led = self.trick[0][1]
        follow = {c for c in self.hand if c[1] == led}
        if follow:
            clean = {c for c in follow if not self.r1_banned(c)}
            return clean or follow  # A9: following suit prevails over R1
        cands = set(self.hand)
        if not self.broken_b1() and any(not _heart(c) for c in cands):
            cands = {c for c in cands if not _heart(c)}  # R2 (X1: a hand of hearts may)
        if QS in cands and "qs-forced" in self.o and (not self.first_trick or "points-first-trick" in self.o):
            return {QS}  # A20; A20b: not deferred once R1 is lifted
        clean = {c for c in cands if not self.r1_banned(c)}
        return clean or cands  # R1, X2 (A8: hearts + Q♠ -> the Q♠, R2 having dropped the hearts)

    # -- early ends ---------------------------------------------------------------------------

    def stuck_lead(self) -> bool:
        """A18: due to lead, hearts not open for a lead, only hearts in hand."""
        return (not self.trick and "stuck-lead-ends-hand" in self.o and not self.open_for_lead()
                and all(_heart(c) for c in self.hand) and "hearts-anytime" not in self.o)

    def first_trick_stuck(self) -> bool:
        """A19 as the seed says it (S000 L67): due to play to trick 1 holding only point cards."""
        return ("first-trick-stuck-annul" in self.o and self.first_trick
                and all(_point(c) for c in self.hand))
