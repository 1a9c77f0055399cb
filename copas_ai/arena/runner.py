"""A tournament from start (or resume) to summary."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Callable

from copas_ai._core import Goal
from copas_ai.arena.backends import run_games
from copas_ai.arena.config import ArenaConfig
from copas_ai.arena.play import seat_count
from copas_ai.arena.results import ResultsFile
from copas_ai.arena.schedule import arrangements, schedule
from copas_ai.arena.stats import SEQUENTIAL_Z, Summary, sequential_stop, summarize, whole_deals
from copas_ai.variants import find_variant


@dataclass
class RunOptions:
    out: str | os.PathLike | None = None  # the JSON Lines file; None: kept in memory only
    resume: bool = False
    backend: str = "process"
    workers: int | None = None  # None: one per core
    address: str | None = None  # a Ray cluster's address; None: a local Ray instance
    reference: int | None = None  # index of the reference player; None: the last one
    sequential: bool = False  # stop once every difference excludes zero (see stats.SEQUENTIAL_Z)
    check_every: int = 20
    min_deals: int = 40
    report_every: int = 10  # whole deals between progress reports


def run_arena(config: ArenaConfig, options: RunOptions | None = None,
              on_progress: Callable[[Summary], None] | None = None) -> Summary:
    options = options or RunOptions()
    if options.workers is not None and options.workers < 1:
        raise ValueError("--workers must be positive")
    if options.check_every < 1 or options.min_deals < 1 or options.report_every < 1:
        raise ValueError("--check-every and --min-deals must be positive")
    seats = seat_count(config)
    n = len(config.players)
    rotations = len(arrangements(n, seats))
    reference = n - 1 if options.reference is None else options.reference
    if not 0 <= reference < n:
        raise ValueError(f"reference player {reference} out of range (0..{n - 1})")
    rules = find_variant(config.variant).rules(seats)
    # A chips match's totals are chips (docs/RULES.md §19): more is better, whatever the hand's goal.
    goal_low = rules.goal == Goal.LOW and not (config.matches and rules.start_chips)
    labels = config.labels()

    def summary(records: list[dict], max_deals: int) -> Summary:
        return summarize(records, labels, rotations, reference, goal_low, max_deals)

    def stop_point(records: list[dict]) -> int | None:
        if not options.sequential:
            return None
        return sequential_stop(records, n, rotations, reference, options.check_every, options.min_deals,
                               SEQUENTIAL_Z)

    store = ResultsFile(options.out, config, options.resume) if options.out else None
    records = [r for r in store.records if r["deal"] < config.deals] if store else []
    try:
        stop = stop_point(records)
        done = {(r["deal"], r["arrangement"]) for r in records}
        todo = [g for g in schedule(config.deals, n, seats) if (g.deal, g.arrangement) not in done]
        reported = len(whole_deals(records, rotations)) // options.report_every
        if stop is None and todo:
            games = run_games(config, todo, options.backend, options.workers, options.address)
            try:
                for record in games:
                    if store:
                        store.append(record)
                    records.append(record)
                    whole = len(whole_deals(records, rotations))
                    if on_progress and whole // options.report_every > reported:
                        reported = whole // options.report_every
                        on_progress(summary(records, config.deals))
                    stop = stop_point(records)
                    if stop is not None:
                        break
            finally:
                games.close()
    finally:
        if store:
            store.close()
    return summary(records, stop or config.deals)
