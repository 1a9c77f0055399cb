"""`python -m copas_ai arena`: the report a reader sees, and clear errors (exit 2)."""

import json
import sys

import pytest

from copas_ai.cli import main


def test_arena_reports_points_difference_and_interval(capsys, tmp_path):
    """american, heuristic vs random over 30 duplicate deals, written to a results file."""
    out = tmp_path / "r.jsonl"
    assert main(["arena", "heuristic", "random", "--deals", "30", "--workers", "1", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    final = text[text.index("final:"):]
    assert "30 deals, 60 games" in final
    assert "heuristic - random:" in final and "95% [" in final
    assert "heuristic is stronger (95% interval excludes 0)" in final
    lines = out.read_text().splitlines()
    assert json.loads(lines[0])["format"] == "copas-arena/1" and len(lines) == 61


def test_arena_match_mode_reports_win_rates(capsys):
    """copas-fora, whole matches."""
    assert main(["arena", "heuristic", "random", "--variant", "copas-fora", "--matches", "--deals", "2",
                 "--workers", "1", "--reference", "heuristic"]) == 0
    final = capsys.readouterr().out.split("final:")[1]
    assert "pts/match" in final and "win rate" in final and "random - heuristic:" in final


@pytest.mark.parametrize("argv,message", [
    (["nobody"], "unknown player 'nobody'"),
    (["heuristic", "--deals", "0"], "--deals and --max-hands must be positive"),
    (["heuristic", "random", "--workers", "0"], "--workers must be positive"),
    (["heuristic", "random", "--reference", "zz"], "--reference 'zz' is none of the players"),
    (["heuristic", "random", "--resume"], "--resume needs --out"),
    (["heuristic", "random", "--variant", "nope"], "unknown variant 'nope'"),
    (["heuristic", "random", "--seats", "9"], "not 9"),
    (["heuristic", "random", "--variant", "three-five", "--seats", "4"], "is for 3,5 seats, not 4"),
    (["heuristic", "random", "--variant", "spanish+kitty", "--seats", "4"], "is for 3 seats, not 4"),
    (["a", "b", "c", "d", "e"], "unknown player 'a'"),
    (["random"] * 5, "need 1 to 4 players for 4 seats, got 5"),
    (["openspiel", "random"], "--no-pass"),
    (["heuristic", "random", "--matches", "--no-pass"], "cannot be combined"),
    # queens (docs/RULES.md §11): the dealer plans every hand's pass.
    (["heuristic", "random", "--variant", "queens", "--no-pass"], "the dealer chooses every hand's pass"),
])
def test_arena_bad_input_is_an_error_with_exit_status_2(capsys, argv, message):
    assert main(["arena", *argv, "--workers", "1"] if "--workers" not in argv else ["arena", *argv]) == 2
    assert message in capsys.readouterr().err


def test_arena_names_a_cep_engines_refusal_once(capsys, tmp_path):
    """A `cep:` engine that refuses the seat's position: the arena stops with exit 2 and
    quotes the engine's own error line once (not "error: error position ...")."""
    script = tmp_path / "refuser.py"
    script.write_text(
        "import sys\n"
        "for line in sys.stdin:\n"
        "    word = line.split()[0] if line.split() else ''\n"
        "    if word == 'copas': print('id name refuser'); print('copasok')\n"
        "    elif word == 'isready': print('readyok')\n"
        "    elif word == 'position': print('error position hand 0: refused by this test engine')\n"
        "    elif word == 'quit': break\n"
        "    sys.stdout.flush()\n")
    assert main(["arena", f"cep[iterations=5]:{sys.executable} {script}", "random", "--deals", "1",
                 "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert "a CEP engine answered 'error position hand 0: refused by this test engine'" in err
    assert "error: error" not in err
