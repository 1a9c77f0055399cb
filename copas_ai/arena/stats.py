"""Tournament statistics from game records, deal by deal.

The unit of independence is the deal: all its arrangements together. Per deal
and player: mean points per hand over the seats the player held. The difference
against the reference player is taken per deal, so each deal's luck cancels;
its standard error is the spread of those per-deal differences / sqrt(deals),
and the 95% interval is mean ± 1.96 SE (normal: the tests and the README use
200+ deals). Only whole deals count (every arrangement finished).
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Iterable

Z95 = 1.96
# The optional sequential stop looks every `check_every` deals; with repeated
# looks the boundary must be wider than 1.96 to keep ~5% false stops: 2.63 is
# Pocock's constant for 20 looks at two-sided 5%.
SEQUENTIAL_Z = 2.63


@dataclass
class PlayerStats:
    label: str
    points_per_hand: float
    points_per_match: float | None  # matches only
    win_rate: float | None  # matches only: share of matches won by one of its seats (a shared win split)
    seat_hands: int


@dataclass
class Difference:
    label: str
    mean: float  # player minus reference, points per hand (per deal)
    se: float
    low: float
    high: float

    def excludes_zero(self, z: float = Z95) -> bool:
        return abs(self.mean) > z * self.se


@dataclass
class Summary:
    deals: int
    games: int
    reference: str
    goal_low: bool
    players: list[PlayerStats] = field(default_factory=list)
    differences: list[Difference] = field(default_factory=list)
    # Matches only: the share of matches won, player minus reference (per deal, as above).
    win_differences: list[Difference] = field(default_factory=list)


def whole_deals(records: Iterable[dict], arrangements: int) -> dict[int, list[dict]]:
    """Records grouped by deal, only the deals with every arrangement played."""
    by_deal: dict[int, dict[int, dict]] = defaultdict(dict)
    for r in records:
        by_deal[r["deal"]][r["arrangement"]] = r
    return {d: [games[a] for a in sorted(games)] for d, games in sorted(by_deal.items()) if len(games) == arrangements}


def _per_deal_means(games: list[dict], n_players: int) -> list[float]:
    points = [0.0] * n_players
    hands = [0] * n_players
    for g in games:
        for seat, p in enumerate(g["seats"]):
            points[p] += g["points"][seat]
            hands[p] += g["hands"]
    return [points[p] / hands[p] for p in range(n_players)]


def _per_deal_wins(games: list[dict], n_players: int) -> list[float]:
    # Each player's share of the deal's matches won over the seats it held (a shared win split).
    wins = [0.0] * n_players
    seats = [0] * n_players
    for g in games:
        for seat, p in enumerate(g["seats"]):
            seats[p] += 1
            if seat in g["winners"]:
                wins[p] += 1 / len(g["winners"])
    return [wins[p] / seats[p] for p in range(n_players)]


def difference(label: str, diffs: list[float]) -> Difference:
    mean = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    return Difference(label, mean, se, mean - Z95 * se, mean + Z95 * se)


def summarize(records: Iterable[dict], labels: list[str], arrangements: int, reference: int,
              goal_low: bool = True, max_deals: int | None = None) -> Summary:
    """The summary over the whole deals (the first `max_deals` of them, if given)."""
    deals = whole_deals(records, arrangements)
    chosen = list(deals.values())[:max_deals]
    n = len(labels)
    summary = Summary(len(chosen), sum(len(g) for g in chosen), labels[reference], goal_low)
    if not chosen:
        return summary
    points = [0.0] * n
    hands = [0] * n
    seat_games = [0] * n
    wins = [0.0] * n
    matches = "winners" in chosen[0][0]
    for games in chosen:
        for g in games:
            for seat, p in enumerate(g["seats"]):
                points[p] += g["points"][seat]
                hands[p] += g["hands"]
                seat_games[p] += 1
                if matches and seat in g["winners"]:
                    wins[p] += 1 / len(g["winners"])
    for p, label in enumerate(labels):
        summary.players.append(PlayerStats(
            label, points[p] / hands[p],
            points[p] / seat_games[p] if matches else None,
            wins[p] / summary.games if matches else None, hands[p]))
    means = [_per_deal_means(games, n) for games in chosen]
    for p, label in enumerate(labels):
        if p != reference:
            summary.differences.append(difference(label, [m[p] - m[reference] for m in means]))
    if matches:
        won = [_per_deal_wins(games, n) for games in chosen]
        summary.win_differences = [difference(label, [w[p] - w[reference] for w in won])
                                   for p, label in enumerate(labels) if p != reference]
    return summary


def sequential_stop(records: Iterable[dict], n_players: int, arrangements: int, reference: int,
                    check_every: int, min_deals: int, z: float = SEQUENTIAL_Z) -> int | None:
    """The first look (after min_deals, then every check_every whole deals in deal
    order) at which every player's difference against the reference excludes zero
    at `z`; None if none has yet. Deal order makes the answer the same however
    the games were scheduled."""
    deals = whole_deals(records, arrangements)
    ordered = [games for d, games in deals.items()]
    # Only the unbroken prefix 0..k-1 counts, so a look never depends on which games finished first.
    prefix = 0
    for d in deals:
        if d != prefix:
            break
        prefix += 1
    means = [_per_deal_means(games, n_players) for games in ordered[:prefix]]
    look = max(min_deals, check_every)
    while look <= prefix:
        window = means[:look]
        if all(difference("", [m[p] - m[reference] for m in window]).excludes_zero(z)
               for p in range(n_players) if p != reference):
            return look
        look += check_every
    return None
