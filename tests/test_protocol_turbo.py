"""turbo's charges in CEP/1 (docs/PROTOCOL.md "Decisions", docs/RULES.md §8 A33):
`<seat>:charge=<card>|none` in `moves`, `legal` listing the choices, `go` answering
`bestmove <seat>:charge=…`, another seat's charge `?` in a one-hand view until every
charge is down, and the refusals; then the record (copas-game/1) and `analyse`
judging a charge like a pass.

The deal: dealer 3, hand_no 3 (no pass), so seat 0 charges first; support.hands deals it.
"""

import pytest
from support.hands import build_deal

import copas_ai as ca
from copas_ai.analysis.analyse import AnalysisSettings, analyse
from copas_ai.analysis.record import dump_record, read_record, record_from_match
from copas_ai.bots import make_bot
from copas_ai.game import Match, play_match
from copas_ai.search import Limit

DEAL = build_deal({0: "QS 2S 3S 4S 5S 6S 3C 4C 5C 2D 3D 4D 5D", 1: "2C AH", 2: "JD TC"})
HEAD = "position variant turbo dealer 3 handno 3"
ALL_HANDS = " ".join(f"hand {s} {DEAL[s]}" for s in range(4))


def view(seat: int, moves: str) -> str:
    return f"{HEAD} hand {seat} {DEAL[seat]} moves {moves}"


def test_turbo_legal_and_go_answer_the_charge_due(engine):
    """turbo: with seats 0 and 1 charged, `legal` lists seat 2's charges (`<seat>:charge=…`),
    `score` says state deciding, and `go` answers one of them."""
    assert engine.ask(f"{HEAD} {ALL_HANDS} moves 0:charge=QS 1:charge=none") == []
    assert engine.ask("legal") == ["legal 2:charge=TC 2:charge=JD 2:charge=none"]
    engine.send("score")
    assert engine.until(lambda l: l.startswith("state"))[-1] == "state deciding"
    assert engine.ask("setoption name Seed value 3") == []
    assert engine.bestmove() in ("bestmove 2:charge=TC", "bestmove 2:charge=JD", "bestmove 2:charge=none")


def test_turbo_one_hand_view_during_the_charges_hides_the_earlier_ones(engine):
    """turbo A33: in seat 2's view the charges before it are `?`; `legal` and `go` answer seat 2's."""
    assert engine.ask(view(2, "0:charge=? 1:charge=?")) == []
    assert engine.ask("legal") == ["legal 2:charge=TC 2:charge=JD 2:charge=none"]
    assert engine.bestmove().startswith("bestmove 2:charge=")


def test_turbo_one_hand_view_does_not_answer_another_seats_charge(engine):
    """turbo: in seat 2's view seat 0's charge is due first: `legal` refuses, naming both seats."""
    assert engine.ask(view(2, "")) == []
    assert engine.ask("legal") == ["error legal seat 0's charge is due and only seat 2's hand is known"]


def test_turbo_one_hand_view_after_the_charges_places_the_charged_cards(engine):
    """turbo: once every charge is down they are written with their values; seat 1's view after
    its 2♣ lead is accepted and the play goes on (seat 2 to play, unknown to seat 1's view)."""
    assert engine.ask(view(1, "0:charge=QS 1:charge=AH 2:charge=none 3:charge=none 1:2C")) == []
    assert engine.ask("legal") == ["error legal seat 2 is to play and only seat 1's hand is known"]


def test_turbo_one_hand_view_the_first_lead_after_the_charges_names_its_seat(engine):
    """turbo: in seat 2's view (it lacks the 2♣) the first lead comes after the four charges and
    is written with its seat; the trick goes on as usual and `score` says seat 3 leads next."""
    moves = "0:charge=QS 1:charge=none 2:charge=JD 3:charge=none 1:2C 2:9C 3:AC 0:3C"
    assert engine.ask(view(2, moves)) == []
    engine.send("score")
    assert engine.until(lambda l: l.startswith("state"))[-1] == "state playing turn 3"


@pytest.mark.parametrize("command, error", [
    (view(1, "0:charge=QS 1:charge=AH 2:charge=none 3:charge=? 1:2C"),
     "error position move 3:charge=?: move 3:charge=?: every charge is down, so it is revealed: write its value"),
    (f"{HEAD} {ALL_HANDS} moves 1:2C", "error position move 1:2C: illegal move 2C: seat 0's charge is due first"),
    (f"{HEAD} {ALL_HANDS} moves 0:charge=AH",
     "error position move 0:charge=AH: illegal decision charge=AH: seat 0 does not hold AH"),
    (f"{HEAD} {ALL_HANDS} moves 0:charge=KS",
     "error position move 0:charge=KS: illegal decision charge=KS: KS is not a card that may be charged (TC,JD,AH,QS)"),
    (f"position variant american dealer 3 handno 3 {ALL_HANDS} moves 0:charge=AH",
     "error position move 0:charge=AH: variant american has no decision 'charge'"),
    (view(1, "0:charge=AH"), "error position move 0:charge=AH: move 0:charge=AH: seat 1 holds AH"),
])
def test_turbo_bad_charges_are_refused_naming_the_move(engine, command, error):
    """turbo: a hidden charge once all are down, a card before the charges, a charge of a card
    not held or not chargeable, a charge in a variant without one, another seat's charge of a
    card the view's seat holds."""
    assert engine.ask(command) == [error]


def test_turbo_record_carries_the_charges_and_analyse_judges_them():
    """turbo: a match's record writes each charge `<seat>:charge=…` in its place among the plays,
    reads back to the same decisions and scores, and analyse rates each charge (kind 'decision')."""
    match = Match.new("turbo", seed=4)
    play_match(match, [make_bot("heuristic", seed=s) for s in range(4)], max_hands=2)
    text = dump_record(record_from_match(match, ["a", "b", "c", "d"]))
    record = read_record(text)
    for original, read in zip(match.hands, record.hands):
        assert read.decisions == original.decisions and len(read.decisions) == 4
        assert read.score == original.score
    assert '"0:charge=' in text or '"1:charge=' in text
    settings = AnalysisSettings(limit=Limit(iterations=30), hands=(1, 1), double_dummy_trick=None)
    decisions = [d for d in analyse(record, settings).decisions if d.kind == "decision"]
    assert len(decisions) == 4
    assert all(d.loss >= 0 and str(d.played).split(":")[1].startswith("charge=") for d in decisions)
