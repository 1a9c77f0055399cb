"""queens' pass plan in CEP/1 (docs/PROTOCOL.md "Decisions", docs/RULES.md §11): the
dealer's `<seat>:plan=<plan>` is the hand's first move, before the passes; `legal`
lists the ten plans, `go` answers `bestmove <seat>:plan=…`, `show` and `score` carry
it, a one-hand view places it before its seat's pass; the refusals; the moon ending
the match (`state gameover`); then the record (copas-game/1) and `analyse` judging the
plan (kind 'decision').

The deal: dealer 0, hand_no 0 (the plan, not the hand number, decides the pass).
"""

import pytest
from support.hands import build_deal

from copas_ai.analysis.analyse import AnalysisSettings, analyse
from copas_ai.analysis.record import dump_record, read_record, record_from_match
from copas_ai.bots import make_bot
from copas_ai.game import Match, play_match
from copas_ai.search import Limit

DEAL = build_deal({0: "QS KS 2H 3C 4C", 1: "2C", 3: "AH KH"})
HEAD = "position variant queens dealer 0 handno 0"
ALL_HANDS = " ".join(f"hand {s} {DEAL[s]}" for s in range(4))
PLANS = ["none", "3l", "3r", "3a", "2l1r", "1l2r", "2l1a", "1l2a", "2r1a", "1r2a", "1l1r1a"]


def view(seat: int, rest: str = "") -> str:
    return f"{HEAD} hand {seat} {DEAL[seat]} {rest}".strip()


def test_queens_legal_and_go_answer_the_dealers_plan(engine):
    """queens: at the deal `legal` lists the dealer's eleven plans, `score` says state deciding and
    `go` answers one of them, in the whole position and in the dealer's own view."""
    for position in (f"{HEAD} {ALL_HANDS}", view(0)):
        assert engine.ask(position) == []
        assert engine.ask("legal") == ["legal " + " ".join(f"0:plan={p}" for p in PLANS)]
        assert engine.state() == "state deciding"
        assert engine.ask("setoption name Seed value 3") == []
        assert engine.bestmove() in {f"bestmove 0:plan={p}" for p in PLANS}


def test_queens_another_seats_view_waits_for_the_plan(engine):
    """queens: in seat 1's view the dealer's plan is due first: `legal` refuses, naming both seats."""
    assert engine.ask(view(1)) == []
    assert engine.ask("legal") == ["error legal seat 0's plan is due and only seat 1's hand is known"]


def test_queens_plan_then_split_pass_in_the_whole_position(engine):
    """queens: `moves 0:plan=2l1a` opens the passing (2 cards left, 1 across, as a split pass); the
    passes are written in parts and the play follows; `show` names the plan's pass."""
    assert engine.ask(f"{HEAD} {ALL_HANDS} moves 0:plan=2l1a") == []
    assert engine.state() == "state passing"
    engine.send("show")
    shown = engine.until(lambda l: l.startswith("# score"))
    assert "pass 2 cards left and 1 card across" in shown[0]
    passes = " ".join(f"passed {s} {','.join(map(str, sorted(DEAL[s])[:2]))}/{sorted(DEAL[s])[2]}"
                      for s in range(4))
    assert engine.ask(f"{HEAD} {ALL_HANDS} {passes} moves 0:plan=2l1a") == []
    assert engine.state().startswith("state playing turn ")


def test_queens_one_hand_view_with_the_plan_and_a_split_pass(engine):
    """queens: seat 0's view after its plan 2l1a, its pass (Q♠,K♠ left, 2♥ across) and what it got:
    a world is built, and `go` answers a card for the play."""
    # From seat 3 (its left part, 2 cards) and seat 2 (across, 1 card).
    got = f"{','.join(map(str, sorted(DEAL[3])[:2]))}/{sorted(DEAL[2])[0]}"
    assert engine.ask(view(0, f"passed 0 QS,KS/2H received 0 {got} moves 0:plan=2l1a")) == []
    assert engine.state().startswith("state playing")


def test_queens_one_hand_view_with_a_three_way_plan(engine):
    """queens: seat 0's view after its plan 1l1r1a: one card left, one right, one across
    (`passed 0 QS/KS/2H`), one card back from each of those seats; `legal` before the pass lists
    `pass 1/1/1`."""
    assert engine.ask(view(0, "moves 0:plan=1l1r1a")) == []
    assert engine.ask("legal") == [f"legal pass 1/1/1 {DEAL[0]}"]
    got = f"{sorted(DEAL[3])[0]}/{sorted(DEAL[1])[0]}/{sorted(DEAL[2])[0]}"  # from its right, left, across
    assert engine.ask(view(0, f"passed 0 QS/KS/2H received 0 {got} moves 0:plan=1l1r1a")) == []
    assert engine.state().startswith("state playing")


@pytest.mark.parametrize("command, error", [
    (f"{HEAD} {ALL_HANDS} moves 1:plan=3l",
     "error position move 1:plan=3l: illegal decision plan=3l: seat 0's plan is due, not seat 1's"),
    (f"{HEAD} {ALL_HANDS} moves 0:plan=1a2l",
     "error position move 0:plan=1a2l: '1a2l' is not a value of plan"),
    (f"{HEAD} {ALL_HANDS} moves 0:plan=none 0:plan=3l",
     "error position move 0:plan=3l: illegal decision plan=3l: no plan is due now"),
    (f"{HEAD} {ALL_HANDS} moves 0:plan=3a 1:2C",
     "error position move 1:2C: play has begun but the pass of seat 0 is not given"),
    (f"{HEAD} {ALL_HANDS} passed 0 {','.join(map(str, sorted(DEAL[0])[:3]))}",
     f"error position passed 0 {','.join(map(str, sorted(DEAL[0])[:3]))}: illegal pass "
     f"{','.join(map(str, sorted(DEAL[0])[:3]))}: seat 0's plan is due first"),
    (f"{HEAD} {ALL_HANDS} moves 1:2C 0:plan=3l", "error position move 1:2C: illegal move 2C: seat 0's plan is due first"),
    (f"{HEAD} hand 1 {DEAL[1]} moves 0:plan=?",
     f"error position hand 1 {DEAL[1]}: move 0:plan=?: the dealer's plan is public: write its value"),
])
def test_queens_bad_plans_are_refused_naming_the_move(engine, command, error):
    """queens: a plan by another seat than the dealer, a value that is no plan (parts in l, r, a
    order), a second plan, play before the plan's passes, a pass or a card before the plan, and a
    hidden plan (it is public) are refused with one error line."""
    assert engine.ask(command) == [error]


def _moon_moves() -> str:
    # Seat 0 holds the A♣ and every spade but the 2♠: it wins every trick (the 2♣ trick, then its
    # spade leads), taking every heart, the J♦, Q♠, Q♣ and Q♦.
    import copas_ai as ca
    deal = build_deal({0: "AC AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S", 1: "2C"})
    pos = ca.Position(ca.find_variant("queens").rules(), deal, dealer=0, hand_no=0)
    pos.decide("plan=none")
    while not pos.is_over():
        pos.push(max(pos.legal_moves()) if pos.turn == 0 else min(pos.legal_moves()))
    hands = " ".join(f"hand {s} {deal[s]}" for s in range(4))
    return f"{hands} moves 0:plan=none " + " ".join(f"{s}:{c}" for s, c in pos.moves)


def test_queens_moon_ends_the_match_whatever_the_totals(engine):
    """queens §11: a moon by seat 0, at 250 and neither lowest nor with any total at 300, ends the
    match: `score` gives the others 77 (A44c) and says `state gameover winner 0`."""
    assert engine.ask(f"{HEAD} scores 250 0 -10 40 {_moon_moves()}") == []
    engine.send("score")
    lines = engine.until(lambda l: l.startswith("state"))
    assert lines[:2] == ["score 0 77 77 77", "total 250 77 67 117"]
    assert lines[-1] == "state gameover winner 0"


def test_queens_random_match_record_round_trip_with_every_plan_shape():
    """queens: a whole match of random bots (their plans drawn from all eleven, the three-way one
    included) is written to a record and read back to the same plans, passes and scores."""
    match = Match.new("queens", seed=1)
    play_match(match, [make_bot("random", seed=s) for s in range(4)])
    record = read_record(dump_record(record_from_match(match, ["a", "b", "c", "d"])))
    assert any(h.decisions[0][2] == "plan=1l1r1a" for h in match.hands)
    for original, read in zip(match.hands, record.hands, strict=True):
        assert (read.decisions, read.passes, read.score) == (original.decisions, original.passes, original.score)


def test_queens_record_carries_the_plan_and_analyse_judges_it():
    """queens: a match's record writes the dealer's plan `<seat>:plan=…` as each hand's first play,
    reads back to the same decisions and scores, and analyse rates the plan (kind 'decision') and
    the passes made by it."""
    match = Match.new("queens", seed=4)
    play_match(match, [make_bot("heuristic", seed=s) for s in range(4)], max_hands=2)
    text = dump_record(record_from_match(match, ["a", "b", "c", "d"]))
    record = read_record(text)
    for original, read in zip(match.hands, record.hands):
        assert read.decisions == original.decisions and read.decisions[0][2].startswith("plan=")
        assert read.score == original.score and read.passes == original.passes
    settings = AnalysisSettings(limit=Limit(iterations=30), hands=(1, 1), double_dummy_trick=None)
    judged = analyse(record, settings).decisions
    plans = [d for d in judged if d.kind == "decision"]
    assert len(plans) == 1 and str(plans[0].played).split(":")[1].startswith("plan=") and plans[0].loss >= 0
    passes = [d for d in judged if d.kind == "pass"]
    assert len(passes) == (4 if match.hands[0].passes else 0)
