"""`selfplay`: built-in bots play a match and write a copas-game/1 record that
the strict reader accepts; the shipped example is such a record."""

from __future__ import annotations

import json
import pathlib

import pytest

from copas_ai.cli import main
from copas_ai.analysis.record import dump_record, read_record
from copas_ai.analysis.selfplay import selfplay

EXAMPLE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "match_american.json"


def test_american_selfplay_writes_a_record_the_reader_accepts(tmp_path):
    out = tmp_path / "games.json"
    assert main(["selfplay", "--variant", "american", "--hands", "3", "--seed", "2", "--bots", "heuristic",
                 "-o", str(out)]) == 0
    record = read_record(out.read_text())
    assert len(record.hands) == 3
    assert [h.hand_no for h in record.hands] == [0, 1, 2]
    assert record.names == ["heuristic 0", "heuristic 1", "heuristic 2", "heuristic 3"]
    assert all(record.finished(h) for h in record.hands)


def test_selfplay_is_deterministic_for_a_seed():
    first = selfplay("copas-fora", ["random", "heuristic", "random", "heuristic"], 2, seed=9)
    assert dump_record(first) == dump_record(selfplay("copas-fora", ["random", "heuristic", "random", "heuristic"],
                                                      2, seed=9))
    assert first != selfplay("copas-fora", ["random", "heuristic", "random", "heuristic"], 2, seed=10)


def test_selfplay_stops_when_the_match_is_over():
    """copas-fora ends at 100: random bots reach it long before 60 hands."""
    data = selfplay("copas-fora", ["random"], 60, seed=1)
    record = read_record(data)
    totals = [sum(h.score[s] for h in record.hands) for s in range(4)]
    assert len(record.hands) < 60 and max(totals) >= 100


def test_american_selfplay_with_the_engine_writes_to_stdout(capsys):
    assert main(["selfplay", "--hands", "1", "--seed", "3", "--bots", "auto,heuristic,heuristic,heuristic",
                 "--iterations", "200"]) == 0
    captured = capsys.readouterr()
    record = read_record(captured.out)
    assert record.names[0] == "auto 0" and len(record.hands) == 1
    assert captured.err == ""  # no progress bar when stderr is not a terminal


@pytest.mark.parametrize("args,message", [
    (["--variant", "nope"], "error: unknown variant 'nope'"),
    (["--bots", "auto,heuristic"], "error: --bots needs 1 or 4 names, got 2"),
    (["--bots", "genius"], "error: unknown bot 'genius'"),
    (["--hands", "0"], "error: --hands must be at least 1"),
])
def test_selfplay_bad_options_exit_2_with_one_message(args, message, capsys):
    assert main(["selfplay", *args]) == 2
    assert capsys.readouterr().err.startswith(message)


def test_the_shipped_example_is_a_valid_american_match_record():
    data = json.loads(EXAMPLE.read_text())
    record = read_record(data)
    assert record.variant.id == "american" and len(record.hands) >= 2
    assert all(record.finished(h) for h in record.hands)
