"""Records of hands that end before every card is played.

Revokes (docs/RULES.md §1.3): the copas-game/1 extension "revokes": "penalize" (the
engine option Revokes) lets a play fail to follow suit; the core scores the hand (a
proven revoke ends it with the variant's penalty), the record remembers which plays
were revokes, and `analyse` lists them unjudged. A stuck lead (stuck-lead-ends-hand,
A18) ends a hand early too: such a hand is finished, so more hands may follow it."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import jsonschema
import pytest

import copas_ai as ca
from copas_ai.analysis.analyse import AnalysisSettings, analyse
from copas_ai.game import HandRecord
from copas_ai.analysis.record import RecordError, dump_record, hand_to_json, read_record
from copas_ai.analysis.report import report_json, write_text
from copas_ai.search import Limit

VARIANT = "copas-fora"  # defines a revoke penalty (american does not)


def with_passes(pos: ca.Position) -> list[ca.CardSet] | None:
    """Sets each seat's pass (its three lowest cards) when the hand passes; returns them."""
    if not pos.pass_plan:
        return None
    passes = [ca.CardSet(sorted(pos.hand(s))[:3]) for s in range(pos.players)]
    for s, cards in enumerate(passes):
        pos.set_pass(s, cards)
    return passes


def hand_with_a_proven_revoke(seed: int) -> tuple[ca.Position, list[ca.CardSet], list[ca.CardSet] | None, int]:
    """The first hand of a copas-fora match, random legal play, where the first seat
    able to fail to follow suit (after trick 1) does, and play goes on until the hand
    ends; returns it with the deal, the passes and the revoke's index among the plays."""
    rules = ca.find_variant(VARIANT).rules(4)
    rng = random.Random(seed)
    deal = ca.deal(rules, seed)
    pos = ca.Position(rules, deal, dealer=0, hand_no=0)
    pos.revokes = "penalize"
    passes = with_passes(pos)
    revoke_at = None
    while not pos.is_over():
        revokes = [c for c in pos.hand(pos.turn) if pos.tricks_done >= 1 and pos.is_revoke(c)]
        if revoke_at is None and revokes:
            revoke_at = len(pos.moves)
            pos.push(rng.choice(revokes))
        else:
            pos.push(rng.choice(list(pos.legal_moves())))
    assert revoke_at is not None
    return pos, deal, passes, revoke_at


def record_of(pos: ca.Position, deal: list[ca.CardSet], passes, revokes: str | None = "penalize",
              variant: str = VARIANT) -> dict:
    """The hand as a copas-game/1 object, then three cards of an unfinished second hand."""
    rules = ca.find_variant(variant).rules(4)
    second_deal = ca.deal(rules, 99)
    second = ca.Position(rules, second_deal, dealer=1, hand_no=1)
    second_passes = with_passes(second)
    for _ in range(3):
        second.push(sorted(second.legal_moves())[0])
    hands = [HandRecord(0, 0, deal, passes, list(pos.moves), pos.score()),
             HandRecord(1, 1, second_deal, second_passes, list(second.moves), second.score())]
    data = {"format": "copas-game/1", "variant": variant, "hands": [hand_to_json(h) for h in hands]}
    if revokes is not None:
        data["revokes"] = revokes
    return data


@pytest.fixture(scope="module")
def revoked():
    pos, deal, passes, at = hand_with_a_proven_revoke(seed=11)
    return pos, deal, passes, at, record_of(pos, deal, passes)


def test_copas_fora_record_with_revokes_penalize_reads_the_revoke_and_its_score(revoked):
    """copas-fora, "revokes": "penalize": the hand with a revoke reads back with the
    core's score, the revoke's play index, and counts as finished although it ended
    before every card was played (the proven revoke ends it); an unfinished hand may follow."""
    pos, deal, passes, at, data = revoked
    record = read_record(data)
    assert record.revokes == "penalize"
    first = record.hands[0]
    assert first.revokes == (at,)
    assert first.score == pos.score()
    assert pos.revoker is not None and len(first.plays) < 52
    assert record.finished(first) and not record.finished(record.hands[1])


def test_copas_fora_record_round_trips_the_revokes_key(revoked):
    """copas-fora: dump_record keeps "revokes", so the text reads back the same."""
    data, at = revoked[4], revoked[3]
    again = read_record(dump_record(data))
    assert again.revokes == "penalize" and again.hands[0].revokes == (at,)


def test_copas_fora_record_without_the_revokes_key_refuses_the_revoke_where_it_is(revoked):
    """copas-fora without "revokes" (forbid, copas-game/1 as written): the revoke is
    an illegal play, refused with its hand and play number."""
    pos, deal, passes, at, _ = revoked
    with pytest.raises(RecordError) as err:
        read_record(record_of(pos, deal, passes, revokes=None))
    assert err.value.hand == 1 and err.value.play == at + 1
    assert "must follow suit" in str(err.value)


def test_record_revokes_penalize_in_american_which_defines_no_penalty_is_refused(revoked):
    """american + "revokes": "penalize": refused, naming the missing penalty."""
    pos, deal, passes, _, _ = revoked
    with pytest.raises(RecordError, match="revokes: .*defines no revoke penalty"):
        read_record(record_of(pos, deal, passes, variant="american"))


@pytest.mark.parametrize("value", ["allow", 1, None])
def test_record_revokes_with_a_bad_value_is_refused(revoked, value):
    """copas-fora, "revokes" neither forbid nor penalize: a record error naming the key."""
    data = dict(revoked[4], revokes=value)
    with pytest.raises(RecordError, match="revokes: expected one of forbid, penalize"):
        read_record(data)


def test_copas_fora_analyse_lists_the_revoke_and_judges_every_other_card(revoked):
    """copas-fora with a revoke: analyse judges every card but the revoke (the engine
    plays only legal cards), lists the revoke with its hand in the text and JSON
    reports, and the decisions after it are searched from views that replay it."""
    pos, deal, passes, at, data = revoked
    record = read_record(data)
    settings = AnalysisSettings(limit=Limit(iterations=40), hands=(1, 1), double_dummy_trick=None)
    analysis = analyse(record, settings)
    hand = record.hands[0]
    plays = [d for d in analysis.decisions if d.kind == "play"]
    assert len(plays) == len(hand.plays) - 1 and len(analysis.decisions) == len(plays) + 4  # and the passes
    seat, card = hand.plays[at]
    assert analysis.hands[0].revokes == [(at // 4 + 1, seat, card)]
    assert all(not (d.trick == at // 4 + 1 and d.seat == seat and d.played == card) for d in plays)
    text = io.StringIO()
    write_text(analysis, text)
    assert f"revoke: seat {seat} played {card} at trick {at // 4 + 1} (not judged)" in text.getvalue()
    assert report_json(analysis)["hands"][0]["revokes"] == [{"trick": at // 4 + 1, "seat": seat, "card": str(card)}]


def test_copas_fora_stuck_lead_hand_is_finished_and_another_hand_may_follow():
    """copas-fora+stuck-lead-ends-hand: a first hand that a stuck lead ended early
    (random legal play; the first such deal) is finished, so the record may go on
    with a second hand; before, it counted as unfinished and the record was refused."""
    variant = "copas-fora+stuck-lead-ends-hand"
    rules = ca.find_variant(variant).rules(4)
    for seed in range(2000):
        rng = random.Random(seed)
        deal = ca.deal(rules, seed)
        pos = ca.Position(rules, deal, dealer=0, hand_no=0)
        passes = with_passes(pos)
        while not pos.is_over():
            pos.push(rng.choice(list(pos.legal_moves())))
        if len(pos.moves) < 52:
            break
    assert pos.hand_end == "stuck-lead"
    record = read_record(record_of(pos, deal, passes, revokes=None, variant=variant))
    assert record.finished(record.hands[0]) and len(record.hands) == 2
    assert record.hands[0].score == pos.score()


def test_copas_fora_analysis_report_with_a_revoke_validates_against_its_schema(revoked):
    """copas-fora with a revoke: the JSON report, its hands[].revokes included,
    validates against docs/copas-analysis-1.schema.json."""
    record = read_record(revoked[4])
    analysis = analyse(record, AnalysisSettings(limit=Limit(iterations=20), hands=(1, 1), seats={0},
                                                double_dummy_trick=None))
    report = report_json(analysis)
    assert report["hands"][0]["revokes"]
    schema = json.loads((Path(__file__).resolve().parents[1] / "docs" / "copas-analysis-1.schema.json").read_text())
    jsonschema.validate(report, schema)
