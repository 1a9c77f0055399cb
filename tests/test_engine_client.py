"""The engine client (copas_ai.engine): SimpleEngine and the asyncio protocol
against a tiny independent CEP engine with canned answers, our engine process,
and our loop over the search doubles (tests/support/engines/fake_search_engine.py)."""

import asyncio
import os

import pytest
from support.cep.process import ENGINE_CMD, FAKE_SEARCH_ENGINE_CMD, TINY_ENGINE_CMD, TESTS
from support.cep.positions import HANDS, NO_PASS

import copas_ai as ca
from copas_ai.engine import (
    EngineError,
    EngineTerminatedError,
    LegalMoves,
    Limit,
    MoveInfo,
    ScoreReport,
    SimpleEngine,
    VariantInfo,
    popen,
    position_command,
)
from copas_ai.cep.position_text import parse_position

def _env():
    return dict(os.environ, PYTHONPATH=str(TESTS) + os.pathsep + os.environ.get("PYTHONPATH", ""))


# -- any CEP engine: the tiny canned one ----------------------------------------------------


def test_client_reads_id_options_and_variants_of_any_engine():
    with SimpleEngine.popen(TINY_ENGINE_CMD) as engine:
        assert engine.id == {"name": "tiny", "version": "9.9", "author": "nobody"}
        assert engine.options["Style"].var == ["calm", "wild"] and engine.options["Style"].default == "calm"
        # `players` lists every allowed seat count (issue 34): a range, or counts and ranges
        assert engine.variants() == [VariantInfo("tiny-hearts", (3, 4, 5, 6), "high", "Tiny Hearts"),
                                     VariantInfo("tiny-odd", (3, 5, 7, 8), "low", "Tiny Odd")]
        assert engine.variants()[1].min_players == 3 and engine.variants()[1].max_players == 8
        engine.ping()


def test_client_plays_analyses_solves_and_scores_with_any_engine():
    with SimpleEngine.popen(TINY_ENGINE_CMD) as engine:
        result = engine.play("variant tiny-hearts hand 0 2C,3C,AS", Limit(iterations=100))
        assert result.move == ca.Card.from_str("AS")
        assert result.info == {"time": 5, "iterations": 100, "ips": 20000, "depth": 3}
        analysis = engine.analyse("hand 0 2C,3C,AS", Limit(movetime_ms=10))
        assert analysis.moves == [MoveInfo(ca.Card.from_str("2C"), 1.5, 0.5, 60),
                                  MoveInfo(ca.Card.from_str("AS"), -2.25, 0.75, 40)]
        solved = engine.solve()
        assert [(str(m.move), m.score) for m in solved.moves] == [("2C", 4), ("AS", 0)]
        assert engine.legal() == LegalMoves([ca.Card.from_str(c) for c in ("2C", "3C", "AS")])
        assert engine.score() == ScoreReport([1, 2, 3], [11, 12, 13], "playing", 2)
        assert engine.show() == ["tiny picture", "second line"]


def test_client_turns_error_lines_into_engine_errors_and_stays_in_step():
    with SimpleEngine.popen(TINY_ENGINE_CMD) as engine:
        with pytest.raises(EngineError, match="error position bad: refused"):
            engine.set_position("position bad")
        with pytest.raises(EngineError, match="error setoption no such option"):
            engine.configure({"Nope": 1})
        engine.configure({"MultiMove": True, "Style": "wild"})
        assert engine.legal("hand 0 2C").moves[0] == ca.Card.from_str("2C")  # answers still line up
        assert engine.quit() == 0


def test_client_reports_an_engine_that_dies():
    with SimpleEngine.popen(TINY_ENGINE_CMD) as engine:
        engine._loop.call_soon_threadsafe(engine.protocol.send_line, "quit")  # behind the client's back
        with pytest.raises(EngineTerminatedError):
            engine.ping()


def test_client_async_api():
    async def session():
        transport, engine = await popen(TINY_ENGINE_CMD)
        result = await engine.play("hand 0 2C", Limit(iterations=5))
        code = await engine.quit()
        return result.move, code

    assert asyncio.run(session()) == (ca.Card.from_str("AS"), 0)


# -- our engine process ------------------------------------------------------------------------


def test_client_referees_a_trick_with_our_engine_from_core_positions():
    rules = ca.find_variant("american").rules()
    pos = ca.Position(rules, HANDS, dealer=3, hand_no=3)
    with SimpleEngine.popen(ENGINE_CMD) as engine:
        assert engine.id["name"] == "copas_ai"
        assert {v.id for v in engine.variants()} == set(ca.catalogue_ids())
        for _ in range(6):
            legal = engine.legal(pos, variant="american")
            assert legal.moves == list(pos.legal_moves())
            pos.push(legal.moves[-1])
        report = engine.score(pos, variant="american")
        assert report.score == pos.score() and report.state == "playing" and report.turn == pos.turn
        assert any(line.startswith("trick  1") for line in engine.show())


def test_client_position_of_a_passing_hand_round_trips_through_our_engine():
    rules = ca.find_variant("copas-fora").rules()
    pos = ca.Position(rules, HANDS, dealer=0, hand_no=1)  # pass right
    for seat in range(4):
        pos.set_pass(seat, ca.CardSet(list(pos.hand(seat))[:3]))
    pos.push("2C")
    line = position_command(pos, variant="copas-fora")
    assert parse_position(line.split()[1:]).to_text() == line
    with SimpleEngine.popen(ENGINE_CMD) as engine:
        assert engine.legal(line).moves == list(pos.legal_moves())


def test_client_refusal_from_our_engine_is_an_engine_error():
    with SimpleEngine.popen(ENGINE_CMD) as engine:
        with pytest.raises(EngineError, match="seat 2 holds 2C"):
            engine.set_position("variant american seat 2 hand 2 2C,5C,9C,KC,3D,8D,QD,4S,9S,QS,2H,7H,AH "
                                "moves 1:2C")
        with pytest.raises(EngineError, match="unknown option"):
            engine.configure({"Contempt": "10"})


def test_client_plays_and_analyses_through_our_loop_with_the_search_double():
    with SimpleEngine.popen(FAKE_SEARCH_ENGINE_CMD, env=_env()) as engine:
        played = engine.play(f"{NO_PASS} moves 2C", Limit(iterations=20))
        assert played.move == ca.Card.from_str("6C") and played.info["iterations"] == 20
        analysis = engine.analyse(f"{NO_PASS} moves 2C", Limit(movetime_ms=50))
        assert [str(m.move) for m in analysis.moves] == ["6C", "8C", "TC"]
        assert analysis.moves[0].visits > 0
        passed = engine.play(f"position variant american hand 1 {HANDS[1]}", Limit(iterations=2))
        assert passed.move == ca.CardSet.from_str("3C,5C,9C")
        solved = engine.solve(f"{NO_PASS} moves 2C")
        assert solved.move == ca.Card.from_str("6C") and len(solved.moves) == 3
