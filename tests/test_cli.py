"""The command line: `python -m copas_ai play` prints a whole hand from a seed."""

import subprocess
import sys

from copas_ai.cli import main


def test_play_prints_a_whole_american_hand(capsys):
    assert main(["play", "--variant", "american", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "variant american" in out
    assert out.count("dealt") == 4 and out.count("passes") == 4
    assert out.count("trick ") == 13
    score_line = next(line for line in out.splitlines() if line.strip().startswith("score"))
    assert sum(int(x) for x in score_line.split()[1:5]) in (26, 78)


def test_play_is_deterministic_for_a_seed(capsys):
    main(["play", "--seed", "4"])
    first = capsys.readouterr().out
    main(["play", "--seed", "4"])
    assert capsys.readouterr().out == first


def test_play_queens_names_the_dealers_plan_before_the_passes(capsys):
    """queens (docs/RULES.md §11): the hand's header gives the pass the dealer planned
    (heuristic dealer, seed 2: 3 left), then the four passes by it."""
    assert main(["play", "--variant", "queens", "--seed", "2", "--bots", "heuristic,heuristic,heuristic,heuristic"]) == 0
    out = capsys.readouterr().out
    assert "dealer: seat 0  pass 3 cards left (the dealer plans 3l)" in out
    assert out.count("passes") == 4


def test_play_match_reports_the_winner(capsys):
    assert main(["play", "--variant", "copas-fora", "--seed", "2", "--match"]) == 0
    assert "match over after" in capsys.readouterr().out


def test_unknown_variant_is_a_clear_error_with_exit_status_2():
    proc = subprocess.run(
        [sys.executable, "-m", "copas_ai", "play", "--variant", "nope"],
        capture_output=True, text=True,
    )
    assert proc.returncode == 2
    assert "unknown variant 'nope'" in proc.stderr
    assert "Traceback" not in proc.stderr
