"""An independent referee and scorer for `two-player`, written from docs/RULES.md §18
(seed S000 L373-385) alone, sharing nothing with the core but the card names.

Two seats, 7 cards each; the other 38 cards are a face-down stock, drawn from the
top. The leader may lead any card; the follower follows suit if able, else plays any
card. The follower wins only by following with a higher card; otherwise the leader
wins. After each trick each seat draws one card from the stock, the winner first;
once the stock is empty the play goes on without drawing. Hearts are 1 point each,
nothing else scores (no moon, A51). The seat with more points loses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RANKS = "23456789TJQKA"


def rank(card: str) -> int:
    return RANKS.index(card[0])


def suit(card: str) -> str:
    return card[1]


@dataclass
class Refereed:
    points: list[int]
    tricks: list[tuple[int, list[str], int]] = field(default_factory=list)  # (leader, cards, winner)
    draws: list[list[tuple[int, str]]] = field(default_factory=list)  # per trick: (seat, card), in order
    loser: int | None = None


def two_player_scores(won) -> list[int]:
    """The hand's score of each seat from the cards it won: its hearts (§18, no moon)."""
    return [sum(1 for card in cards if suit(card) == "H") for cards in won]


def referee(hands: list[list[str]], stock: list[str], leader: int, plays: list[str]) -> Refereed:
    """Plays `plays` (cards in order) from the deal; raises ValueError on an illegal play."""
    held = [set(h) for h in hands]
    stock = list(stock)
    out = Refereed(points=[0, 0])
    i = 0
    while i < len(plays):
        lead = plays[i]
        if lead not in held[leader]:
            raise ValueError(f"play {i + 1}: seat {leader} does not hold {lead}")
        held[leader].discard(lead)
        if i + 1 >= len(plays):
            break  # an unfinished trick
        follower = 1 - leader
        reply = plays[i + 1]
        if reply not in held[follower]:
            raise ValueError(f"play {i + 2}: seat {follower} does not hold {reply}")
        if suit(reply) != suit(lead) and any(suit(c) == suit(lead) for c in held[follower]):
            raise ValueError(f"play {i + 2}: seat {follower} must follow {suit(lead)}")
        held[follower].discard(reply)
        followed_higher = suit(reply) == suit(lead) and rank(reply) > rank(lead)
        winner = follower if followed_higher else leader
        out.points[winner] += sum(1 for c in (lead, reply) if suit(c) == "H")
        out.tricks.append((leader, [lead, reply], winner))
        drawn = []
        for seat in (winner, 1 - winner):
            if stock:
                card = stock.pop(0)
                held[seat].add(card)
                drawn.append((seat, card))
        out.draws.append(drawn)
        leader = winner
        i += 2
    if not any(held) and not stock:
        out.loser = 0 if out.points[0] > out.points[1] else 1
    return out
