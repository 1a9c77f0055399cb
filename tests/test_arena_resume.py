"""The arena's results file: a run killed halfway and resumed gives the same
games and totals as an uninterrupted run; a torn last line is dropped."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from copas_ai.arena import ArenaConfig, RunOptions, run_arena
from copas_ai.arena.results import ResultsMismatchError

PLAYERS = ("ismcts:iterations=200", "heuristic")
DEALS = 16
HANG_GUARD_S = 120.0  # not a timing assertion: only keeps a stuck run from hanging the suite


def _cli(out, *extra):
    return [sys.executable, "-m", "copas_ai", "arena", *PLAYERS, "--deals", str(DEALS), "--seed", "8",
            "--workers", "1", "--out", str(out), *extra]


def _games(path):
    lines = path.read_text().splitlines()
    return sorted((json.loads(line) for line in lines[1:]), key=lambda r: (r["deal"], r["arrangement"]))


def _final(stdout):
    return stdout[stdout.index("final:"):]


def test_killed_run_resumed_equals_uninterrupted_run(tmp_path):
    """american, search vs heuristic: SIGKILL after some games, then --resume."""
    whole = tmp_path / "whole.jsonl"
    uninterrupted = subprocess.run(_cli(whole), capture_output=True, text=True, timeout=HANG_GUARD_S, check=True)

    cut = tmp_path / "cut.jsonl"
    proc = subprocess.Popen(_cli(cut), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + HANG_GUARD_S
    while (not cut.exists() or cut.read_text().count("\n") < 8) and time.monotonic() < deadline:
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    played = len(_games(cut))
    assert 6 < played < 2 * DEALS, "the kill must land halfway for this test to mean anything"

    resumed = subprocess.run(_cli(cut, "--resume"), capture_output=True, text=True, timeout=HANG_GUARD_S, check=True)
    assert _games(cut) == _games(whole)
    assert _final(resumed.stdout) == _final(uninterrupted.stdout)


def test_torn_last_line_is_dropped_and_the_game_replayed(tmp_path):
    out = tmp_path / "r.jsonl"
    config = ArenaConfig(("heuristic", "random"), deals=4, seed=5)
    full = run_arena(config, RunOptions(out=out, workers=1))
    text = out.read_text()
    out.write_text(text[: text.rindex("\n", 0, len(text) - 1) + 1] + text.splitlines()[-1][:20])
    again = run_arena(config, RunOptions(out=out, workers=1, resume=True))
    assert out.read_text() == text
    assert again == full


def test_resume_refuses_another_tournament_and_out_refuses_to_overwrite(tmp_path):
    out = tmp_path / "r.jsonl"
    run_arena(ArenaConfig(("heuristic", "random"), deals=2, seed=5), RunOptions(out=out, workers=1))
    with pytest.raises(ResultsMismatchError):
        run_arena(ArenaConfig(("heuristic", "random"), deals=2, seed=6), RunOptions(out=out, workers=1, resume=True))
    with pytest.raises(FileExistsError):
        run_arena(ArenaConfig(("heuristic", "random"), deals=2, seed=5), RunOptions(out=out, workers=1))


def test_resume_with_more_deals_extends_the_run(tmp_path):
    """The deal count is not part of a tournament's identity: a finished run can be extended."""
    out = tmp_path / "r.jsonl"
    run_arena(ArenaConfig(("heuristic", "random"), deals=3, seed=5), RunOptions(out=out, workers=1))
    extended = run_arena(ArenaConfig(("heuristic", "random"), deals=6, seed=5), RunOptions(out=out, workers=1, resume=True))
    fresh = run_arena(ArenaConfig(("heuristic", "random"), deals=6, seed=5), RunOptions(workers=1))
    assert extended == fresh
