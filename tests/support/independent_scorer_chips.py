"""A slow, independent chip scorer for `betting-chips` and `auction`, written from
docs/RULES.md §19 (A52a-c) and §20 (A53a-d) and not from the core: the hearts (or the
penalty suit's cards) each seat took, read from the order of play alone, the auction's
bids and the settlement of one hand in chips.

Cards are strings, rank then suit ("QS", "TH"). A hand's seats are the match seats
still holding chips, in seat order; the first lead is the dealer's left's, the
highest card of the led suit (ace high) takes the trick, its winner leads the next.
"""

from __future__ import annotations

RANKS = "23456789TJQKA"
MAX_BID = 62  # auction: the engine's bound on a bid (docs/RULES.md §20 Engine), 62 values beside the pass


def hearts_taken(plays: list[str], players: int, dealer: int) -> list[int]:
    """The hearts each hand seat took, from the cards in order of play."""
    return suit_taken(plays, players, (dealer + 1) % players, "H")


def suit_taken(plays: list[str], players: int, leader: int, suit: str) -> list[int]:
    """The cards of `suit` ("C", "D", "H", "S") each seat took, `leader` leading trick 1."""
    taken = [0] * players
    for start in range(0, len(plays), players):
        trick = plays[start:start + players]
        led = trick[0][1]
        best = max((i for i, card in enumerate(trick) if card[1] == led), key=lambda i: RANKS.index(trick[i][0]))
        winner = (leader + best) % players
        taken[winner] += sum(card[1] == suit for card in trick)
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


def auction_choices(chips: list[int], dealer: int, bids: list[str]) -> list[str]:
    """auction (A53a-b): what the next seat may bid after `bids` ("pass" or a number, in
    turn from the dealer's left): no pass before the opening bid, which is >= 1; then a
    pass or a raise by >= 1 up to its chips (and the engine's bound, MAX_BID); nothing
    once three passes in a row follow a bid."""
    seat = (dealer + 1 + len(bids)) % len(chips)
    numbers = [int(b) for b in bids if b != "pass"]
    high = max(numbers, default=0)
    trailing = len(bids) - max((i + 1 for i, b in enumerate(bids) if b != "pass"), default=0)
    if high and trailing >= 3:
        return []
    raises = [str(v) for v in range(high + 1, min(chips[seat], MAX_BID) + 1)]
    return (["pass"] if high else []) + raises


def auction_settle(chips: list[int], pot: int, taken: list[int]) -> tuple[list[int], int]:
    """auction (§20, AU-2, AU-3, A53d): each seat pays 1 chip per penalty card it took, or
    all it has; exactly one seat with none takes the pot, two split it (the odd chip
    stays); else the pot carries."""
    chips = list(chips)
    for s, t in enumerate(taken):
        paid = min(t, chips[s])
        chips[s] -= paid
        pot += paid
    clean = [s for s, t in enumerate(taken) if t == 0]
    if len(clean) in (1, 2):
        share = pot // len(clean)
        for s in clean:
            chips[s] += share
            pot -= share
    return chips, pot


def auction_outcome(chips: list[int]) -> tuple[bool, list[int]]:
    """auction (AU-4, A53d): over once a seat has no chips; the most chips win (ties draw)."""
    if min(chips) > 0:
        return False, []
    return True, [s for s, c in enumerate(chips) if c == max(chips)]
