"""`cancellation` (docs/RULES.md §14, A47, CA-1..CA-4) in the registry, the protocol and the
records (docs/PROTOCOL.md, "Two copies of a card"): a carried trick shows as pending in
`show`; a seat's view carries the pending cards; records replay the same carried tricks;
whole matches go through the engine process and are rescored by the independent referee
of tests/support/independent_referee_cancellation.py; `analyse` judges each card as for
two-deck."""

from __future__ import annotations

import json
import random
import sys

import pytest
from support.cep.process import EngineProcess
from support.independent_referee_cancellation import CancellationReferee
from support.twin_hands import held, layers
from support.twin_matches import play_through_engine

import copas_ai as ca
from copas_ai.analysis.analyse import AnalysisSettings, analyse
from copas_ai.analysis.record import dump_record, read_record, record_from_match, replay
from copas_ai.arena.cep_player import CepBot, close_engines, seat_view_text
from copas_ai.bots import make_bot
from copas_ai.cep.facade import Engine
from copas_ai.cep.position_text import position_to_text
from copas_ai.cli import main
from copas_ai.game import Match, play_hand, play_match
from copas_ai.search import Limit

VARIANT = "cancellation"


def loaded(line: str) -> Engine:
    engine = Engine()
    engine.set_position(line.split()[1:])
    return engine


def carried_position(players: int = 6, seed: int = 1) -> ca.Position:
    """A dealt hand played at random, pairing where it can, until a carried trick is pending
    and the next trick has begun."""
    for s in range(seed, seed + 200):
        pos = Match.new(VARIANT, players, seed=s).deal_next_hand()
        rng = random.Random(s)
        while not pos.is_over():
            if len(pos.pending) and pos.trick:
                return pos
            legal = sorted(str(c) for c in pos.legal_moves())
            pairing = [c for c in legal if c in {str(card) for _, card in pos.trick}]
            pos.push(rng.choice(pairing or legal), seat=pos.turn)
    raise AssertionError("no seed carried a trick")


def test_cancellation_show_marks_a_carried_trick_pending_and_lists_its_cards():
    pos = carried_position()
    engine = loaded(position_to_text(pos, VARIANT))
    assert engine.position.position.carried_tricks == pos.carried_tricks
    picture = engine.show()
    carried = pos.carried_tricks[-1] + 1
    trick_line = next(line for line in picture if line.startswith(f"trick {carried:2d}"))
    assert "-> pending" in trick_line and "-> seat" not in trick_line
    pending = layers(pos.pending, pos.pending_twins)
    pending_line = next(line for line in picture if line.startswith("pending"))
    assert sorted(pending_line.split()[1].split(",")) == sorted(pending.elements())
    assert engine.legal().moves == pos.legal_moves()


def test_cancellation_a_seats_view_holds_the_pending_cards_and_the_true_legal_moves():
    pos = carried_position(8, 3)
    seat = pos.turn
    world = loaded(seat_view_text(pos, seat, VARIANT)).position.position
    assert world.carried_tricks == pos.carried_tricks
    assert layers(world.pending, world.pending_twins) == layers(pos.pending, pos.pending_twins)
    assert held(world, seat) == held(pos, seat) and world.legal_moves() == pos.legal_moves()


def test_cancellation_go_answers_a_legal_card_with_a_trick_pending():
    pos = carried_position(6, 5)
    with EngineProcess() as engine:
        assert engine.ask(seat_view_text(pos, pos.turn, VARIANT)) == []
        engine.send("go iterations 200")
        best = engine.until(lambda l: l.startswith("bestmove"))[-1].split()[1]
        code, err = engine.close()
    assert ca.Card.from_str(best) in pos.legal_moves() and code == 0 and b"Traceback" not in err


def test_cancellation_records_round_trip_and_replay_the_same_carried_tricks():
    match = Match.new(VARIANT, 6, seed=4)
    play_match(match, [make_bot("random", seed=s) for s in range(6)])
    back = read_record(dump_record(record_from_match(match)))
    assert len(back.hands) == len(match.hands)
    for hand in back.hands:
        final = replay(back, hand)
        assert final.is_over() and final.score() == hand.score
        ref = CancellationReferee([sorted(layers(d, t).elements()) for d, t in zip(hand.deal, hand.twins)],
                                  hand.dealer)
        for _, card in hand.plays:
            ref.play(str(card))
        assert final.carried_tricks == [t for t, (_, w) in enumerate(ref.tricks) if w is None]
        assert final.score() == ref.scores()


@pytest.mark.parametrize("variant_id,players", [(VARIANT, n) for n in (6, 7, 8, 9, 10)]
                         + [("cancellation+partners", n) for n in (6, 8, 10)])
def test_cancellation_complete_matches_through_the_engine_confirmed_by_the_referee(variant_id, players):
    with EngineProcess() as engine:
        for seed in range(1, 11):
            assert play_through_engine(engine, variant_id, players, seed, CancellationReferee).is_over()
        code, err = engine.close()
    assert code == 0 and b"Traceback" not in err


def test_cancellation_the_engine_plays_a_hand_from_its_seats_view():
    """CepBot (the arena's engine player) asks `go` on seat 3's view at each of its turns,
    among heuristic bots; each answer is legal (play_hand refuses any other) and the hand ends."""
    players = [make_bot("heuristic", seed=s) for s in range(6)]
    players[3] = CepBot(f"{sys.executable} -m copas_ai engine", 3, VARIANT, iterations=100)
    hand = Match.new(VARIANT, 6, seed=7).deal_next_hand()
    try:
        play_hand(hand, players)
    finally:
        close_engines()
    assert hand.is_over() and sum(hand.score()) in (52, 5 * 52) and sum(seat == 3 for seat, _ in hand.moves) == 17


def test_cancellation_analyse_judges_each_card_and_names_the_missing_double_dummy():
    match = Match.new(VARIANT, 6, seed=6)
    play_match(match, [make_bot("heuristic", seed=s) for s in range(6)], max_hands=1)
    record = read_record(json.loads(dump_record(record_from_match(match))))
    analysis = analyse(record, AnalysisSettings(limit=Limit(iterations=40), seats={2}, hands=(1, 1)))
    assert [d.played for d in analysis.decisions] == [card for seat, card in record.hands[0].plays if seat == 2]
    assert all(d.loss >= 0 and (d.forced or d.best_score is not None) for d in analysis.decisions)
    assert "two copies" in analysis.double_dummy_missing


def test_cancellation_play_hands_trick_reports_give_a_carried_trick_no_winner():
    """play_hand's observer (the `play` command's trick lines): a carried trick's report has
    no winner; the others name the seat the core gave the trick to."""
    for seed in range(1, 40):
        pos = Match.new(VARIANT, 6, seed=seed).deal_next_hand()
        reports = []
        play_hand(pos, [make_bot("random", seed=seed * 10 + s) for s in range(6)], on_trick=reports.append)
        if pos.carried_tricks:
            assert [r.number - 1 for r in reports if r.winner is None] == pos.carried_tricks
            waiting = 0  # the carried points the next winner takes with its trick
            for r in reports:
                assert r.carried == (0 if r.winner is None else waiting)
                waiting = waiting + r.points if r.winner is None else 0
            return
    pytest.fail("no seed carried a trick")


def test_cancellation_the_play_command_writes_a_carried_trick_pending_and_the_next_winner_takes_it(capsys):
    assert main(["play", "--variant", "cancellation", "--players", "6", "--seed", "14"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.strip().startswith("trick")]
    at = next(i for i, line in enumerate(lines) if "pending:" in line)
    points = int(lines[at].split("pending:")[1].split()[0])
    assert lines[at + 1].endswith(f"+ {points} carried") and "takes" in lines[at + 1]
