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


def test_play_a_betting_chips_match_deals_to_the_seats_still_in(capsys):
    """betting-chips (docs/RULES.md §19): `play --match` goes on after a seat is out, naming the
    match seats each hand is dealt to, until one seat holds every chip."""
    assert main(["play", "--variant", "betting-chips+start-chips=5", "--match", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "seats in play: match seats 0, 2, 3 as seats 0-2 of this hand" in out
    assert "match over after" in out and "winner seat 3" in out


def test_play_seat_refuses_betting_chips_at_a_table_with_the_reason(capsys):
    """The table (GUI and `play --seat`) keeps fixed seats; a chips match deals to the seats
    left after an elimination (docs/RULES.md §19), so it is refused with a reason, never
    played wrong."""
    assert main(["play", "--variant", "betting-chips", "--seat", "0"]) == 2
    assert "the table does not play for chips yet" in capsys.readouterr().err


def test_play_default_bots_fit_any_seat_count(capsys):
    """Without --bots the engine takes seat 0 and the heuristic every other seat, at 2
    seats (two-player, docs/RULES.md §18) as at 3 (three-five, §4)."""
    assert main(["play", "--variant", "two-player", "--seed", "2"]) == 0
    assert "players auto, heuristic\n" in capsys.readouterr().out
    assert main(["play", "--variant", "three-five", "--seed", "2"]) == 0
    assert "players auto, heuristic, heuristic\n" in capsys.readouterr().out
