"""An independent referee for `cancellation`, written from docs/RULES.md §14 (seed S000
L299-303, A47, CA-1..CA-4 of §25.7) alone, sharing nothing with the core but the card
names. The seed's "identical to Copas de Dois Baralhos" is the two-deck referee
(independent_referee_two_deck.py: the deal, the kitty, following suit, the scores,
the moon of every copy, partners, the end at 200); only the trick's end differs.

Two identical cards in a trick cancel: the trick goes to the highest card of the
suit that led it that appears once in it. With no such card (every card paired, or
only the led suit's, A47) nobody takes it: its cards wait, the seat that led it leads
again, and the next trick decides them. While cards wait, the seed (L301) names the
suit "da que iniciou a rodada inicial": a later trick goes to its highest unpaired
card of the suit that led the first waiting trick, whatever suit led the later one,
and a trick without such a card waits too. The hand's last trick always goes to
someone: to its leader when nothing wins it, with every waiting card. The kitty goes
with the first trick, to whoever takes that.
"""

from __future__ import annotations

from collections import Counter

from support.independent_referee_two_deck import TwoDeckReferee, rank, suit


class CancellationReferee(TwoDeckReferee):
    def __init__(self, hands: list[list[str]], dealer: int):
        super().__init__(hands, dealer)
        self.pending: list[str] = []  # the cards of the tricks nobody took yet
        self.initial_suit = ""  # the suit that led the first of them
        self.kitty_taken = False

    def end_trick(self) -> None:
        trick, self.trick = self.trick, []
        times = Counter(c for _, c in trick)
        led = self.initial_suit if self.pending else suit(trick[0][1])
        standing = [(seat, c) for seat, c in trick if suit(c) == led and times[c] == 1]
        self.pending += [c for _, c in trick]
        leader = trick[0][0]
        if not standing and not self.over():
            self.initial_suit = led
            self.tricks.append((trick, None))  # carried: nobody takes it, the leader again
            self.turn = leader
            return
        winner = max(standing, key=lambda play: rank(play[1]))[0] if standing else leader
        self.won[winner].update(self.pending)
        self.pending = []
        if not self.kitty_taken:
            self.won[winner].update(self.kitty)
            self.kitty_taken = True
        self.tricks.append((trick, winner))
        self.turn = winner
