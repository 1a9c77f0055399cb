"""Speed of the CEP/1 engine process (pytest-benchmark).

    python -m pytest bench/protocol_latency.py --benchmark-columns=min,median,max,rounds

- start-up: process start to `copasok`;
- a mid-hand fully known `position` + `legal` round trip through the process,
  and the same `position` parsed and checked in this process;
- during a search (our loop over the test double searcher, whose search sleeps
  in 2 ms steps and so holds no lock): `isready` -> `readyok` and
  `stop` -> `bestmove` latencies (docs/PROTOCOL.md asks for < 100 ms).
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from support.cep.process import ENGINE_CMD, FAKE_SEARCH_ENGINE_CMD, EngineProcess  # noqa: E402

import copas_ai as ca  # noqa: E402
from copas_ai.cep.facade import Engine  # noqa: E402
from copas_ai.cep.position_text import position_to_text  # noqa: E402


def _mid_hand_position() -> str:
    rules = ca.find_variant("american").rules()
    pos = ca.Position(rules, ca.deal(rules, 11), dealer=3, hand_no=0)
    for seat in range(4):
        pos.set_pass(seat, ca.CardSet(list(pos.hand(seat))[:3]))
    for _ in range(26):
        pos.push(next(iter(pos.legal_moves())))
    return position_to_text(pos, "american")


def test_startup_to_copasok(benchmark):
    def start():
        with EngineProcess(ENGINE_CMD) as engine:
            engine.send("copas")
            engine.until(lambda line: line == "copasok")
            engine.close()

    benchmark.pedantic(start, rounds=5, iterations=1)


def test_position_and_legal_round_trip_through_the_process(benchmark):
    line = _mid_hand_position()
    with EngineProcess(ENGINE_CMD) as engine:
        def round_trip():
            engine.send(line)
            engine.send("legal")
            return engine.line()

        assert benchmark(round_trip).startswith("legal ")
        engine.close()


def test_position_parse_and_check_in_process(benchmark):
    tokens = _mid_hand_position().split()[1:]
    engine = Engine(world_builder=None)
    benchmark(engine.set_position, tokens)
    assert engine.position.position.tricks_done == 6


def test_isready_latency_during_a_search(benchmark):
    line = _mid_hand_position()
    with EngineProcess(FAKE_SEARCH_ENGINE_CMD) as engine:
        assert engine.ask(line) == []  # started up and idle
        engine.send("go infinite")
        time.sleep(0.05)  # the search is running

        def ask():
            engine.send("isready")
            engine.until(lambda l: l == "readyok")

        benchmark.pedantic(ask, rounds=30, iterations=1)
        engine.send("stop")
        engine.until(lambda l: l.startswith("bestmove"))
        engine.close()


def test_stop_to_bestmove_latency(benchmark):
    line = _mid_hand_position()
    with EngineProcess(FAKE_SEARCH_ENGINE_CMD) as engine:
        engine.send(line)

        def setup():
            engine.send("go infinite")
            engine.send("isready")
            engine.until(lambda l: l == "readyok")  # the search is running
            return (), {}

        def stop():
            engine.send("stop")
            engine.until(lambda l: l.startswith("bestmove"))

        benchmark.pedantic(stop, setup=setup, rounds=15, iterations=1)
        engine.close()
