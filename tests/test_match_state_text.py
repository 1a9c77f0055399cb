"""The match state in text: copas-game/1 records carry it per hand ("match",
checked when present) and `position … match …` round-trips: the engine given the
text of any hand of a recorded match reports the score, totals, state and match
words that the match itself reached (docs/PROTOCOL.md, "The match state")."""

from __future__ import annotations

import json
import random

import pytest
from support.cep.fakes import fake_engine

from copas_ai._core import Position
from copas_ai.game import Match
from copas_ai.match_text import match_words
from copas_ai.cep.position_text import parse_position, position_to_text
from copas_ai.cep.loop import run_lines
from copas_ai.analysis.record import RecordError, dump_record, read_record, record_from_match, replay
from copas_ai.analysis.selfplay import selfplay

# (variant, seed): matches that pass through a tie-break, a pending reset or side totals.
MATCHES = [
    ("copas-fora+jd-bonus+clean-hand", 318),  # issue 33: tie-break from hand 15
    ("negative-scoring", 11),
    ("copas-fora+exact-score=hit-100-to-50-then-0", 0),  # a reset pending
    ("teams+jd-bonus", 2),
    ("three-five+clean-hand", 40),  # a tie-break with 3 seats
]


def _tiebreak_match() -> dict:
    return selfplay("copas-fora+jd-bonus+clean-hand", ["random"], 60, 318)


@pytest.mark.parametrize("variant,seed", MATCHES)
def test_position_with_match_state_round_trips_every_hand_of_a_recorded_match(variant, seed):
    data = selfplay(variant, ["random"], 60, seed)
    record = read_record(json.loads(dump_record(data)))
    n = record.players
    for k, hand in enumerate(record.hands):
        pos = replay(record, hand)
        text = position_to_text(pos, variant, match=hand.match)
        assert parse_position(text.split()[1:]).to_text() == text
        after = hand.match.copy()
        counted = after.add_hand(pos)
        last = k == len(record.hands) - 1
        over, winners = after.outcome(record.rules)
        assert over == last, f"{variant} hand {k + 1}: the match should end with its last hand"
        words = match_words(after)
        expected_state = "state " + (f"gameover winner {','.join(map(str, winners))}" if over else "handover") + "".join(
            f" match {' '.join(words)}" for _ in [0] if words)
        # teams: partners sit opposite (§3 A28a), one `side` line per side before `state`.
        sides = [f"side {a},{b} score {counted[a] + counted[b]} total {after.totals[a] + after.totals[b]}"
                 for a, b in ([(0, 2), (1, 3)] if record.rules.teams else [])]
        out = run_lines([text, "score"], fake_engine())
        assert out == ["score " + " ".join(map(str, counted)), "total " + " ".join(map(str, after.totals)),
                       *sides, expected_state], f"{variant} hand {k + 1}"
        # The next hand is played in the state this one left.
        if not last:
            assert str(record.hands[k + 1].match) == str(after)
    assert n == record.rules.players


def test_issue_33_match_passes_through_a_tie_break_hand_in_its_record():
    data = _tiebreak_match()
    stated = [hand["match"] for hand in data["hands"]]
    assert stated[:14] == ["none"] * 14 and stated[14] == "tiebreak"


def test_record_whose_stated_match_state_disagrees_is_refused_by_hand():
    data = _tiebreak_match()
    data["hands"][14]["match"] = "none"
    with pytest.raises(RecordError, match=r"^hand 15, match: stated 'none', the earlier hands give 'tiebreak'$"):
        read_record(data)
    data["hands"][14]["match"] = "tiebreak"
    data["hands"][3]["match"] = "tiebreak"
    with pytest.raises(RecordError, match=r"^hand 4, match: stated 'tiebreak', the earlier hands give 'none'$"):
        read_record(data)


@pytest.mark.parametrize("value,reason", [
    (7, "expected words such as 'tiebreak' or 'none', got 7"),
    ("sudden-death", "sudden-death: expected tiebreak, reset <seats>, pot <chips> or none (once each)"),
    ("reset 9", "reset 9: '9' is not a seat of a 4-player game"),
])
def test_record_with_a_malformed_match_field_is_refused_with_the_reason(value, reason):
    data = _tiebreak_match()
    data["hands"][0]["match"] = value
    with pytest.raises(RecordError) as err:
        read_record(data)
    assert str(err.value) == f"hand 1, match: {reason}"


def test_record_without_match_fields_is_still_read_and_its_state_derived():
    data = _tiebreak_match()
    for hand in data["hands"]:
        del hand["match"]
    record = read_record(data)
    assert record.hands[14].match.tiebreak and not record.hands[13].match.tiebreak


def test_show_prints_the_match_state_before_and_after_the_hand():
    record = read_record(_tiebreak_match())
    hand = record.hands[14]
    text = position_to_text(replay(record, hand), record.variant.id, match=hand.match)
    out = run_lines([text, "show"], fake_engine())
    assert "# match before this hand  tiebreak" in out
    assert "# match after this hand  tiebreak  over, won by seat 2" in out


@pytest.mark.parametrize("words,error", [
    ("match", "match: expected tiebreak, reset <seats>, pot <chips> or none"),
    ("match reset", "match reset: reset: expected the seats, e.g. reset 1,3"),
    ("match tiebreak tiebreak", "match tiebreak tiebreak: tiebreak: expected tiebreak, reset <seats>, pot <chips> or none (once each)"),
    ("match reset 1,1", "match reset 1,1: reset 1,1: seat 1 given twice"),
])
def test_position_match_group_errors_name_the_group(words, error):
    record = read_record(_tiebreak_match())
    text = position_to_text(replay(record, record.hands[0]), record.variant.id, scores=[0, 0, 0, 0])
    out = run_lines([text.replace("scores 0 0 0 0", f"scores 0 0 0 0 {words}")], fake_engine())
    assert out == [f"error position {error}"]



def _moon_hand(rules, hand_no: int, shooter: int):
    """A finished hand of `rules` in which `shooter` takes every point (seeded search)."""
    from support.endgames import feeding_policy, stacked_deal

    for seed in range(200):
        rng = random.Random(seed)
        pos = Position(rules, stacked_deal(rules, rng, shooter), dealer=(hand_no + 3) % 4, hand_no=hand_no)
        dealt = pos.hands
        policy = feeding_policy(shooter)
        while not pos.is_over():
            pos.push(policy(pos, rng))
        if pos.moon_shooter() == shooter:
            return dealt, pos
    raise AssertionError("no moon found")


def test_record_of_a_conditional_reverse_moon_states_the_score_the_match_counted():
    """copas-fora+reverse-moon=conditional (A24): three moons by seat 0 take the others
    to 78; seat 1's moon would then end the match at [26, 78, 104, 104] with seat 0
    winning, so it is scored in reverse. The record states the score the match
    counted and a reader, replaying the match state, accepts it."""
    variant = "copas-fora+pass-cycle=never+reverse-moon=conditional"
    match = Match.new(variant, seed=1)
    for hand_no, shooter in enumerate([0, 0, 0, 1]):
        dealt, pos = _moon_hand(match.rules, hand_no, shooter)
        match.record_hand(dealt, pos)
    assert match.hands[3].score == [0, -26, 0, 0] and match.totals == [0, 52, 78, 78]
    record = read_record(record_from_match(match))
    assert [h.score for h in record.hands] == [h.score for h in match.hands]


def test_cli_play_match_marks_the_tie_break_and_ends_with_it(capsys):
    """`play --match` of issue 33's match: hand 14's totals say the tie-break began,
    and the match ends after hand 15 with seat 2 the winner."""
    from copas_ai.cli import main

    assert main(["play", "--match", "--variant", "copas-fora+jd-bonus+clean-hand", "--seed", "318",
                 "--bots", "random"]) == 0
    lines = capsys.readouterr().out.splitlines()
    totals = [line for line in lines if line.startswith("  totals")]
    assert len(totals) == 15
    assert totals[13].split() == ["totals", "72", "101", "13", "13", "match", "tiebreak"]
    assert totals[14].split()[:5] == ["totals", "92", "91", "8", "19"]
    assert lines[-1] == "match over after 15 hands: winner seat 2"


def test_client_reads_the_match_words_of_our_engines_score():
    """copas_ai.engine's client: `state gameover winner 2 match tiebreak` gives report.winners
    (A11b: every total under 100 after a tie-break hand, seat 2 lowest) and report.match."""
    from support.cep.process import ENGINE_CMD

    from copas_ai.engine import SimpleEngine

    record = read_record(_tiebreak_match())
    hand = record.hands[14]
    text = position_to_text(replay(record, hand), record.variant.id, match=hand.match)
    with SimpleEngine.popen(ENGINE_CMD) as engine:
        engine.set_position(text)
        report = engine.score()
    assert (report.total, report.state, report.winners, report.match) == ([92, 91, 8, 19], "gameover", [2], ["tiebreak"])


def test_one_hand_view_carries_the_match_state_into_score():
    """A seat's own view in a tie-break hand (`hand 2 …` only): `score` still reports
    the tie-break under way while the hand is played."""
    record = read_record(_tiebreak_match())
    hand = record.hands[14]
    full = position_to_text(replay(record, hand, plays=0), record.variant.id, match=hand.match)
    spec = parse_position(full.split()[1:])
    spec.hands = [g for g in spec.hands if g.seat == 2]
    spec.passed = [g for g in spec.passed if g.seat == 2]
    spec.received = [g for g in spec.received if g.seat == 2]
    out = run_lines([spec.to_text(), "score"])  # the real world construction: the hand passes
    assert out[1] == "total 72 101 13 13"
    assert out[2].startswith("state ") and out[2].endswith(" match tiebreak")
