"""`python -m copas_ai play --seat N` (copas_ai.gui.terminal): a person plays one seat in the
terminal against the CEP engine, with the browser's table, hints and undo."""

from __future__ import annotations

import subprocess
import sys

from copas_ai.analysis.record import load_record
from copas_ai.gui.table import Table, TableSettings
from support.gui_client import ENGINE, ITERATIONS, play_in_terminal


def test_american_hand_played_at_seat_2_in_the_terminal_with_hint_undo_and_save(tmp_path):
    table = Table(TableSettings("american", people=(2,), seed=6, iterations=ITERATIONS, movetime_ms=None, engine=ENGINE))
    asked: list[str] = []
    saved = tmp_path / "game.json"
    before_undo: list = []
    after_undo: list = []
    at_save: list = []  # the last trick's cards when seat 2 saved, before its own

    def read(prompt: str) -> str:
        asked.append(prompt)
        s = table.state()
        legal = [card for card in s["hand"] if s["legal"][card] is None]
        if prompt.startswith("pass"):
            return " ".join(card.lower() for card in s["hand"][:3])
        if "hint" not in asked and len(legal) > 1:
            asked.append("hint")
            return "hint"
        if asked[-2:-1] == ["undo"]:
            after_undo.append((s["tricks_done"], list(s["hand"])))
        if "undo" not in asked and s["tricks_done"] == 2 and s["can_undo"]:
            before_undo.append(list(s["hand"]))
            asked.append("undo")
            return "undo"
        if len(s["hand"]) == 1:
            if saved.exists():
                return legal[0]
            at_save.extend(s["trick"])
            return f"save {saved}"
        return legal[0]

    code, out = play_in_terminal(table, read)
    text = "\n".join(out)
    assert code == 0
    assert "pass 3 cards left" in text and "engine's choice" in text
    assert text.count("takes it") == 14 and text.count("  trick  2 ") == 2  # trick 2 shown again after the undo
    assert "hand 1 over: score" in text
    # The undo took back seat 2's card of trick 2 (and the cards after it): one more card in hand.
    assert after_undo[0][0] == 1 and len(after_undo[0][1]) == len(before_undo[0]) + 1
    assert any("your hand" in line and "(" in line for line in out)  # illegal cards in parentheses
    record = load_record(str(saved))
    assert len(record.hands) == 1 and len(record.hands[0].plays) == 48 + len(at_save)  # the hand so far


def test_play_seat_from_the_command_line_reads_stdin_and_stops_at_quit(tmp_path):
    run = subprocess.run([sys.executable, "-m", "copas_ai", "play", "--seat", "0", "--seed", "2",
                          "--iterations", "30"], input="hint\nquit\n", capture_output=True, text=True,
                         timeout=120, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "you are seat 0" in run.stdout and "pass 3 cards>" in run.stdout
    assert "engine's choice" in run.stdout


def test_play_seat_refuses_a_seat_the_variant_lacks(tmp_path):
    run = subprocess.run([sys.executable, "-m", "copas_ai", "play", "--seat", "4"], capture_output=True,
                         text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 2 and "seats 0..3" in run.stderr and "Traceback" not in run.stderr
