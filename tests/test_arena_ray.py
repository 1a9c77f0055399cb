"""The arena's Ray backend: a local Ray instance plays the same games as the
process backend for the same seed (iteration-limited search, so every game is
fixed by its seed). Needs the optional extra: pip install 'copas_ai[ray]'."""

import pytest

from copas_ai.arena import ArenaConfig
from copas_ai.arena.backends import run_games
from copas_ai.arena.schedule import schedule

pytest.importorskip("ray", reason="Ray is not installed (pip install 'copas_ai[ray]')")


def _sorted(records):
    return sorted(records, key=lambda r: (r["deal"], r["arrangement"]))


@pytest.mark.slow  # Ray's start-up, 36 s under the sanitizers, and no core code the process backend does not run
def test_local_ray_backend_plays_the_same_games_as_processes():
    """american, search vs random, 4 deals x 2 arrangements on 2 workers each way."""
    config = ArenaConfig(("ismcts:iterations=80", "random"), deals=4, seed=9)
    games = schedule(4, 2, 4)
    by_process = _sorted(run_games(config, games, "process", workers=2))
    by_ray = _sorted(run_games(config, games, "ray", workers=2))
    assert by_ray == by_process
    assert len(by_ray) == 8
