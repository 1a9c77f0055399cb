"""The engine as a real process (`python -m copas_ai engine`): whole hands
refereed through the protocol alone, errors, the end of input, raw bytes, and
the search threading (with tests/support/engines/fake_search_engine.py, our loop over the test
doubles, until the real search lands)."""

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from support.cep.positions import NO_PASS
from support.cep.process import ENGINE_CMD, FAKE_SEARCH_ENGINE_CMD, TESTS, EngineProcess

import copas_ai as ca

PROTOCOL_WORDS = ("id", "option", "copasok", "readyok", "variant", "variantsok", "legal", "info",
                  "bestmove", "score", "total", "state", "#", "error")


def referee_hand(engine: EngineProcess, variant: str, seed: int, hand_no: int, scores: list[int]) -> list[int]:
    """Plays one hand through the protocol only: the pass and every card come from
    `legal` (first legal card, first cards of the pass), the score from `score`.
    Each answer is checked against the Python API. Returns the match totals."""
    rules = ca.find_variant(variant).rules()
    dealt = ca.deal(rules, seed)
    truth = ca.Position(rules, dealt, dealer=hand_no % 4, hand_no=hand_no)
    head = (f"position variant {variant} dealer {hand_no % 4} handno {hand_no} "
            f"scores {' '.join(map(str, scores))} " + " ".join(f"hand {s} {dealt[s]}" for s in range(4)))
    passes: list[str] = []
    if truth.phase == "passing":
        count = sum(k for _, k in truth.pass_plan)
        for seat in range(4):
            assert engine.ask(f"{head} {' '.join(passes)} seat {seat}") == []
            engine.send("legal")
            words = engine.line().split()
            assert words[:3] == ["legal", "pass", str(count)]
            assert ca.CardSet.from_str(words[3]) == truth.hand(seat)
            chosen = ca.CardSet(list(ca.CardSet.from_str(words[3]))[:count])
            truth.set_pass(seat, chosen)
            passes.append(f"passed {seat} {chosen}")
    moves: list[str] = []
    while True:
        line = f"{head} {' '.join(passes)} moves {' '.join(moves)}"
        assert engine.ask(line) == [], line
        engine.send("score")
        score, total, state = engine.line(), engine.line(), engine.line()
        assert score == "score " + " ".join(map(str, truth.score()))
        totals = [t + s for t, s in zip(scores, truth.score())]
        assert total == "total " + " ".join(map(str, totals))
        if truth.is_over():
            over, winners = ca.match_outcome(rules, totals)
            assert state == (f"state gameover winner {','.join(map(str, winners))}" if over else "state handover")
            engine.send("legal")
            assert engine.line() == "error legal the hand is over"
            return totals
        assert state == f"state playing turn {truth.turn}"
        engine.send("legal")
        legal = engine.line().split()
        assert legal[0] == "legal" and legal[1:] == [str(c) for c in truth.legal_moves()]
        seat = truth.turn
        truth.push(legal[1])
        moves.append(f"{seat}:{legal[1]}" if len(moves) % 5 == 0 else legal[1])  # prefixes are optional


@pytest.mark.parametrize("variant", ["american", "copas-fora"])
def test_whole_hands_refereed_through_the_engine_process(variant):
    """Four hands (pass left, right, across, none) of `variant`, through the process only."""
    with EngineProcess() as engine:
        totals = [0, 0, 0, 0]
        for hand_no in range(4):
            totals = referee_hand(engine, variant, seed=100 + hand_no, hand_no=hand_no, scores=totals)
        code, err = engine.close()
    assert code == 0 and b"Traceback" not in err


def test_american_end_of_match_is_gameover_through_the_process():
    with EngineProcess() as engine:
        totals = referee_hand(engine, "american", seed=3, hand_no=3, scores=[99, 99, 99, 99])
        assert max(totals) >= 100
        assert engine.close()[0] == 0


@pytest.mark.parametrize("line, expected", [
    ("position hand 0 2C,2C", "error position hand 0 2C,2C: invalid card list '2C,2C': card 2C listed twice"),
    ("position variant american seat 2 hand 2 2C,5C,9C,KC,3D,8D,QD,4S,9S,QS,2H,7H,AH moves 1:2C",
     "error position move 1:2C: seat 2 holds 2C"),
    ("setoption name Bogus value 1", "error setoption unknown option 'Bogus'"),
    ("setoption name Threads value 100000", "error setoption option Threads is 1..256, not 100000"),
    ("go iterations x", "error go iterations is a whole number 1..1000000000000, not 'x'"),
    ("legal", "error legal no position (send position first)"),
    ("xyzzy", "error xyzzy unknown command"),
])
def test_refusals_through_the_process_are_one_line_each(line, expected):
    with EngineProcess() as engine:
        assert engine.ask(line) == [expected]
        assert engine.close()[0] == 0


@pytest.mark.parametrize("script, output", [
    (b"", b""),
    (b"isready\n", b"readyok\n"),
    (b"isready\nquit\nisready\n", b"readyok\n"),  # nothing after quit is read
])
def test_end_of_input_and_quit_end_the_process_with_status_0(script, output):
    proc = subprocess.run(ENGINE_CMD, input=script, capture_output=True, timeout=30)
    assert proc.returncode == 0
    assert proc.stdout == output


def test_raw_bytes_never_end_or_wedge_the_process():
    """Garbage, non-UTF-8 bytes, NULs, a megabyte line and truncated positions:
    every output line is a protocol line, the engine still answers isready, and
    exits 0 at the end of input without a traceback."""
    rng = random.Random(1)
    good = f"{NO_PASS} moves 2C 6C".encode()
    lines = [good, b"\xff\xfe\x00garbage", b"position " + b"\x80" * 50, b"A" * 1_000_000,
             b"position scores " + b"9" * 5000, b"go movetime " + b"9" * 100, b"\x00\x00\x00",
             b"legal\r", b"LEGAL \xe2\x80\xa8 x", "isready \u2028".encode()]
    for _ in range(200):
        cut = rng.randrange(len(good))
        noise = bytes(rng.randrange(256) for _ in range(rng.randrange(30)))
        lines.append(rng.choice([good[:cut], good[:cut] + noise, noise, noise.replace(b"\n", b"")]))
    script = b"\n".join(line.replace(b"\n", b" ") for line in lines) + b"\nisready\n"
    proc = subprocess.run(ENGINE_CMD, input=script, capture_output=True, timeout=60)
    assert proc.returncode == 0
    assert b"Traceback" not in proc.stderr
    out = proc.stdout.decode("utf-8").split("\n")
    assert out[-1] == "" and out[-2] == "readyok"
    for line in out[:-1]:
        assert line.split(" ")[0] in PROTOCOL_WORDS and "internal error" not in line, line
        assert len(line) <= 1000


# -- the search thread, with our loop over the test doubles --------------------------------

def test_during_a_search_isready_is_served_other_commands_are_busy_and_stop_ends_it():
    with EngineProcess(FAKE_SEARCH_ENGINE_CMD) as engine:
        assert engine.ask(NO_PASS) == []
        engine.send("go infinite")
        engine.send("isready")
        engine.send("legal")
        engine.send(NO_PASS)
        seen = engine.until(lambda l: l == "error position busy")
        assert "readyok" in seen and "error legal busy" in seen
        assert not any(l.startswith("bestmove") for l in seen)
        engine.send("stop")
        tail = engine.until(lambda l: l.startswith("bestmove"))
        assert tail[-1] == "bestmove 2C"
        assert tail[-2].startswith("info time ")
        assert engine.ask("legal") == ["legal 2C"]  # idle again
        assert engine.close()[0] == 0


def test_a_long_search_reports_info_lines_while_it_runs():
    with EngineProcess(FAKE_SEARCH_ENGINE_CMD) as engine:
        engine.send(NO_PASS)
        engine.send("go movetime 1200")
        lines = engine.until(lambda l: l.startswith("bestmove"))
        infos = [l for l in lines if l.startswith("info time ")]
        assert len(infos) >= 2  # at least one periodic line, then the final one
        assert all(" iterations " in l and " ips " in l for l in infos)
        assert engine.close()[0] == 0


def test_quit_and_end_of_input_during_a_search_exit_with_status_0():
    for ending in (b"quit\n", b""):
        script = NO_PASS.encode() + b"\ngo infinite\n" + ending
        proc = subprocess.run(FAKE_SEARCH_ENGINE_CMD, input=script, capture_output=True, timeout=30,
                              env=_env_with_tests())
        assert proc.returncode == 0, proc.stderr


def _env_with_tests():
    return dict(os.environ, PYTHONPATH=str(TESTS) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def test_console_script_copas_engine_speaks_the_protocol():
    exe = Path(sys.executable).with_name("copas-engine")  # installed next to the interpreter
    if not exe.exists():
        pytest.skip("copas-engine not installed in this environment (pip install -e . adds it)")
    proc = subprocess.run([str(exe)], input=b"isready\n", capture_output=True, timeout=30)
    assert proc.returncode == 0 and proc.stdout == b"readyok\n"
