"""A match-endings arena file (copas-arena/1, `--matches --start-totals`) split by its
starting totals: per kind, the first player's win rate and points per hand less the
second's, paired by deal, with 95% intervals (docs/BENCHMARKS.md "The match objective").

    python bench/match_endings_by_kind.py bench/results/arena_match_endings_match_h1_vs_points_seed36.jsonl
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


def main(path: str) -> None:
    lines = open(path, encoding="utf-8").read().splitlines()
    starts = json.loads(lines[0])["config"]["starts"]
    games = defaultdict(dict)  # deal -> arrangement -> row
    for line in lines[1:]:
        row = json.loads(line)
        games[row["deal"]][row["arrangement"]] = row
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
    main(sys.argv[1])
