"""A match-endings arena file (copas-arena/1, `--matches --start-totals`) split by its
starting totals: per kind, the first player's win rate and points per hand less the
second's, paired by deal, with 95% intervals (docs/BENCHMARKS.md "The match objective").

    python bench/match_endings_by_kind.py bench/results/arena_match_endings_match_h1_vs_points_seed36.jsonl

With `--by-chance`, split instead by each seat's chance of winning the match at the start
(american's match-equity table): per seat of a deal, the first player's points per hand and
match wins at that seat less the second's at the same seat (the other seating of the deal).

    python bench/match_endings_by_kind.py --by-chance bench/results/arena_match_endings_match_h1_vs_points_seed36.jsonl
"""

from __future__ import annotations

import json
import statistics
import sys
from collections import defaultdict


def _interval(values: list[float]) -> str:
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}]"


def _games(path: str) -> tuple[list[list[int]], dict[int, dict[int, dict]]]:
    """The file's starting totals, and its rows by deal and arrangement."""
    lines = open(path, encoding="utf-8").read().splitlines()
    starts = json.loads(lines[0])["config"]["starts"]
    games = defaultdict(dict)  # deal -> arrangement -> row
    for line in lines[1:]:
        row = json.loads(line)
        games[row["deal"]][row["arrangement"]] = row
    return starts, games


CHANCE_BANDS = ((0.0, 0.03), (0.03, 0.15), (0.15, 0.85), (0.85, 0.97), (0.97, 1.01))


def by_chance(path: str) -> None:
    from copas_ai._core import MatchState
    from copas_ai.equity import load_equity
    from copas_ai.variants import find_variant

    starts, games = _games(path)
    equity = load_equity(find_variant("american"), len(starts[0]))
    chances = [equity.values(MatchState(start)) for start in starts]
    wins, points = defaultdict(list), defaultdict(list)
    for deal, rows in games.items():
        if len(rows) < 2:
            continue
        start = starts[deal % len(starts)]
        for seat in range(len(start)):
            first = next(r for r in rows.values() if r["seats"][seat] == 0)
            second = next(r for r in rows.values() if r["seats"][seat] == 1)
            band = next(b for b in CHANCE_BANDS if b[0] <= chances[deal % len(starts)][seat] < b[1])
            points[band].append((first["points"][seat] - start[seat]) / first["hands"]
                                - (second["points"][seat] - start[seat]) / second["hands"])
            wins[band].append((seat in first["winners"]) / len(first["winners"])
                              - (seat in second["winners"]) / len(second["winners"]))
    for band in sorted(wins):
        print(f"chance {band[0]:.2f}-{min(band[1], 1):.2f}  {len(wins[band])} seats  win {_interval(wins[band])}  "
              f"points per hand {_interval(points[band])}")


def main(path: str) -> None:
    starts, games = _games(path)
    wins, points = defaultdict(list), defaultdict(list)
    for deal, rows in games.items():
        if len(rows) < 2:
            continue  # a deal counts once both seatings are played
        start = starts[deal % len(starts)]
        win = pts = 0.0
        for row in rows.values():
            mine = [s for s, p in enumerate(row["seats"]) if p == 0]
            theirs = [s for s, p in enumerate(row["seats"]) if p == 1]
            win += (sum(s in mine for s in row["winners"]) - sum(s in theirs for s in row["winners"])) / len(row["winners"])
            gained = [row["points"][s] - start[s] for s in range(len(start))]
            pts += (statistics.mean(gained[s] for s in mine) - statistics.mean(gained[s] for s in theirs)) / row["hands"]
        kind = deal % len(starts)
        wins[kind].append(win / len(rows) / 2)  # a seat's share: two seats a player
        points[kind].append(pts / len(rows))
    for kind in sorted(wins):
        print(f"{starts[kind]}  {len(wins[kind])} deals  win rate {_interval(wins[kind])}  "
              f"points per hand {_interval(points[kind])}")


if __name__ == "__main__":
    if sys.argv[1] == "--by-chance":
        by_chance(sys.argv[2])
    else:
        main(sys.argv[1])
