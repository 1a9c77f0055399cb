"""Where games run: here (one worker), a local process pool (the default, one
worker per core), or a Ray cluster (`pip install copas_ai[ray]`). Each backend
yields game records as they finish, in any order; closing the generator cancels
what has not started. At most a few games per worker are queued at a time so an
early stop wastes little."""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
from typing import Iterator, Sequence

from copas_ai.arena.config import ArenaConfig
from copas_ai.arena.play import play_game
from copas_ai.arena.schedule import Game

BACKENDS = ("process", "ray")
_QUEUED_PER_WORKER = 2


def default_workers() -> int:
    return os.cpu_count() or 1


def run_local(config: ArenaConfig, games: Sequence[Game], workers: int) -> Iterator[dict]:
    if workers <= 1:
        for game in games:
            yield play_game(config, game)
        return
    # spawn, not fork: a forked child would inherit the parent's threads' locks (engine clients, Ray).
    context = multiprocessing.get_context("spawn")
    pending: set[concurrent.futures.Future] = set()
    todo = iter(games)
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
        try:
            while True:
                for game in todo:
                    pending.add(pool.submit(play_game, config, game))
                    if len(pending) >= workers * _QUEUED_PER_WORKER:
                        break
                if not pending:
                    return
                finished, pending = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
                for future in finished:
                    yield future.result()
        finally:
            for future in pending:
                future.cancel()


def run_ray(config: ArenaConfig, games: Sequence[Game], workers: int, address: str | None = None) -> Iterator[dict]:
    try:
        import ray
    except ImportError:
        raise RuntimeError("--backend ray needs Ray: pip install 'copas_ai[ray]'") from None
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    remote_play = ray.remote(num_cpus=1)(play_game)
    config_ref = ray.put(config)
    pending: list = []
    todo = iter(games)
    try:
        while True:
            for game in todo:
                pending.append(remote_play.remote(config_ref, game))
                if len(pending) >= workers * _QUEUED_PER_WORKER:
                    break
            if not pending:
                return
            finished, pending = ray.wait(pending, num_returns=1)
            for record in ray.get(finished):
                yield record
    finally:
        for ref in pending:
            ray.cancel(ref)
        if started:
            ray.shutdown()


def run_games(config: ArenaConfig, games: Sequence[Game], backend: str = "process", workers: int | None = None,
              address: str | None = None) -> Iterator[dict]:
    workers = workers or default_workers()
    if backend == "process":
        return run_local(config, games, workers)
    if backend == "ray":
        return run_ray(config, games, workers, address)
    raise ValueError(f"unknown backend '{backend}' ({', '.join(BACKENDS)})")
