"""A slow, independent chip scorer for `betting-chips`, written from docs/RULES.md §19
(A52a-c) and not from the core: the hearts each seat took, read from the order of
play alone, and the settlement of one hand in chips.

Cards are strings, rank then suit ("QS", "TH"). A hand's seats are the match seats
still holding chips, in seat order; the first lead is the dealer's left's, the
highest card of the led suit (ace high) takes the trick, its winner leads the next.
"""

from __future__ import annotations

RANKS = "23456789TJQKA"


def hearts_taken(plays: list[str], players: int, dealer: int) -> list[int]:
    """The hearts each hand seat took, from the cards in order of play."""
    taken = [0] * players
    leader = (dealer + 1) % players
    for start in range(0, len(plays), players):
        trick = plays[start:start + players]
        led = trick[0][1]
        best = max((i for i, card in enumerate(trick) if card[1] == led), key=lambda i: RANKS.index(trick[i][0]))
        winner = (leader + best) % players
        taken[winner] += sum(card[1] == "H" for card in trick)
        leader = winner
    return taken


def settle(chips: list[int], pot: int, hearts: list[int], dealer: int, base_13: bool = False) -> tuple[list[int], int]:
    """(chips, pot) after one hand. `chips`: every match seat's; `hearts`: per seat in
    play (the seats with chips, in order); `dealer`: a hand seat. Each of the N seats
    pays h x (N - 1), or all it has (A52c); then each takes B - h with B the hearts in
    play (A52b; 13 under betting-base=13), in turn from the dealer's left, while the pot
    holds it (the engine's reading of a short pot, docs/RULES.md A52c)."""
    seats = [s for s, c in enumerate(chips) if c > 0]
    n = len(seats)
    assert len(hearts) == n
    chips = list(chips)
    for i, s in enumerate(seats):
        paid = min(hearts[i] * (n - 1), chips[s])
        chips[s] -= paid
        pot += paid
    base = 13 if base_13 else sum(hearts)
    for j in range(n):
        i = (dealer + 1 + j) % n
        take = min(base - hearts[i], pot)
        chips[seats[i]] += take
        pot -= take
    return chips, pot


def outcome(chips: list[int]) -> tuple[bool, list[int]]:
    """Over once at most one seat holds chips; that seat wins (none: every seat draws)."""
    alive = [s for s, c in enumerate(chips) if c > 0]
    if len(alive) > 1:
        return False, []
    return True, alive or list(range(len(chips)))
