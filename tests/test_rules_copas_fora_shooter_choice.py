"""`copas-fora+reverse-moon=shooter-choice` (docs/RULES.md §2.3 L91-95, A24): once the
cards are played, a seat that shot the moon chooses its form, `moon=normal` (the others
+26) or `moon=reverse` (itself -26): a decision `<seat>:moon=…` (docs/PROTOCOL.md
"Decisions"). On the points objective the engine takes the form its hand favours (the
relative standing ties, so its own -26); under the match objective it reads the match
equity, so it takes the reverse when +26 to the others would end the match with an
opponent winning (issue 32).

support.hands MOON_DEAL / MOON_PLAY: seat 3 takes the 13 hearts and the Q♠.
"""

import pytest
from support.cep.process import EngineProcess
from support.hands import MOON_DEAL, MOON_PLAY, NEAR_MOON_PLAY, build_deal, play

import copas_ai as ca
from copas_ai._core import MatchEquity, heuristic_decision
from copas_ai.analysis.analyse import AnalysisSettings, analyse
from copas_ai.analysis.record import dump_record, read_record, record_from_match
from copas_ai.bots import make_bot
from copas_ai.game import Match, play_match
from copas_ai.search import Limit, Searcher

VARIANT = "copas-fora+reverse-moon=shooter-choice"
SHOOTER = 3
LOSING = [90, 40, 70, 80]   # normal: 116, 66, 96, 80: over, seat 1 wins; reverse: 54, nothing ends
WINNING = [90, 70, 70, 40]  # normal: 116, 96, 96, 40: over, the shooter wins


def played(plays: str = MOON_PLAY, variant: str = VARIANT) -> ca.Position:
    pos = ca.Position(ca.find_variant(variant).rules(), build_deal(MOON_DEAL), dealer=3, hand_no=3)
    play(pos, plays)
    return pos


@pytest.fixture(scope="module")
def table():
    """A seeded, small match-equity table of the variant (150 simulated hands: a few seconds)."""
    return MatchEquity.build(ca.find_variant(VARIANT).rules(), hands=150, seed=1)


def test_shooter_choice_the_moon_waits_for_the_shooters_decision():
    """shooter-choice: after the last card the hand is not over: seat 3 (the shooter) owes
    `moon=normal` or `moon=reverse`; the scores follow its choice; pop takes it back."""
    pos = played()
    assert pos.phase == "deciding" and pos.decision == (SHOOTER, "moon")
    assert pos.decision_choices == ["moon=normal", "moon=reverse"]
    normal, reverse = pos.copy(), pos.copy()
    normal.decide("moon=normal", seat=SHOOTER)
    reverse.decide("moon=reverse", seat=SHOOTER)
    assert normal.is_over() and normal.score() == [26, 26, 26, 0]
    assert reverse.is_over() and reverse.score() == [0, 0, 0, -26]
    assert reverse.pop() == "moon=reverse" and reverse.phase == "deciding"
    assert reverse.decision == (SHOOTER, "moon")
    reverse.pop()  # the last card: the trick is open again, no choice due
    assert reverse.phase == "playing" and reverse.decision is None
    with pytest.raises(ca.IllegalMoveError, match="seat 3's moon is due, not seat 0's"):
        pos.decide("moon=reverse", seat=0)


def test_shooter_choice_no_moon_no_decision():
    """shooter-choice: a hand without a moon (seat 3 ends with 25 points) is simply over."""
    pos = played(NEAR_MOON_PLAY)
    assert pos.is_over() and pos.decision is None


def test_shooter_choice_other_moon_options_still_refuse_the_choice():
    """shooter-choice replaces the other reverse-moon values: the plain moon and the
    always-reverse one owe no decision after the same hand."""
    for variant, scores in (("copas-fora", [26, 26, 26, 0]), ("copas-fora+reverse-moon", [0, 0, 0, -26])):
        pos = played(variant=variant)
        assert pos.is_over() and pos.decision is None and pos.score() == scores


@pytest.mark.parametrize("totals", [None, [0, 0, 0, 0], LOSING, WINNING])
def test_shooter_choice_points_objective_is_the_hands_arithmetic(totals):
    """shooter-choice, points objective (totals <totals>): +26 to each other seat and -26
    to itself leave the standing the same, so the shooter's own score decides: reverse,
    whatever the match; the rule-of-thumb decision is the same."""
    pos = played()
    match = None if totals is None else ca.MatchState(totals)
    result = Searcher(seed=1).search(pos, SHOOTER, Limit(iterations=10), match=match)
    assert result.best == f"{SHOOTER}:moon=reverse"
    assert heuristic_decision(pos) == "moon=reverse"


@pytest.mark.parametrize("totals, best", [(LOSING, "reverse"), (WINNING, "normal")])
def test_shooter_choice_match_objective_does_not_hand_an_opponent_the_match(table, totals, best):
    """shooter-choice, match objective (totals <totals>): the choice is the seat's chance of
    winning the match after the hand (the seeded table): the reverse when the normal form
    would end the match with seat 1 winning (chance 0), the normal one when it wins the
    match for the shooter (chance 1)."""
    pos = played()
    result = Searcher(seed=1).search(pos, SHOOTER, Limit(iterations=10), match=ca.MatchState(totals),
                                     objective="match", equity=table)
    assert result.objective == "match" and result.best == f"{SHOOTER}:moon={best}"
    chances = {m.move: m.score for m in result.moves}
    normal_chance = 0.0 if totals == LOSING else 1.0  # the match is over: exact
    assert chances[f"{SHOOTER}:moon=normal"] == pytest.approx(normal_chance)
    assert 0.0 < chances[f"{SHOOTER}:moon=reverse"] < 1.0  # the match goes on


def test_shooter_choice_the_solver_says_why_it_does_not_score_it():
    """shooter-choice: the exact solver scores one moon form, so it refuses (PIMC falls back to ISMCTS)."""
    assert "shooter-choice" in ca.solver_unsupported(ca.find_variant(VARIANT).rules())


def test_shooter_choice_refused_with_another_moon_form():
    """shooter-choice chooses between the normal moon and its reverse: rules whose own moon
    is already the reverse are refused with the reason."""
    rules = ca.find_variant(VARIANT).rules()
    rules.moon = ca.MoonRule.SELF_MINUS
    with pytest.raises(ca.InvalidPositionError, match="shooter-choice chooses between"):
        ca.Position(rules, build_deal(MOON_DEAL), dealer=3, hand_no=3)


def test_shooter_choice_through_the_engine_process():
    """shooter-choice in CEP: `legal` lists the shooter's choices, `go` answers the reverse
    form (points objective), `analyse`-style scoring counts -26 for the shooter once it is
    made, and another seat's choice is refused with the reason."""
    pos = played()
    hands = " ".join(f"hand {s} {build_deal(MOON_DEAL)[s]}" for s in range(4))
    moves = " ".join(f"{s}:{c}" for s, c in pos.moves)
    head = f"position variant {VARIANT} dealer 3 handno 3 scores 90 40 70 80 {hands} moves {moves}"
    with EngineProcess() as engine:
        assert engine.ask(head) == []
        assert engine.ask("legal") == ["legal 3:moon=normal 3:moon=reverse"]
        engine.send("go iterations 10")
        assert engine.until(lambda line: line.startswith("bestmove"))[-1] == "bestmove 3:moon=reverse"
        assert engine.ask(head + " 3:moon=reverse") == []
        engine.send("score")
        assert engine.until(lambda line: line.startswith("state")) == [
            "score 0 0 0 -26", "total 90 40 70 54", "state handover"]
        assert engine.ask(head + " 1:moon=reverse") == [
            "error position move 1:moon=reverse: illegal decision moon=reverse: seat 3's moon is due, not seat 1's"]


def test_shooter_choice_record_carries_the_choice_and_analyse_judges_it():
    """shooter-choice: in seed 9's first hand (heuristic bots) seat 2 shoots the moon and
    takes the reverse; the record writes `2:moon=reverse` after the last card, reads back
    to the same decision and scores, and analyse judges it (kind 'decision', no loss: the
    normal form costs 26 more for the same standing)."""
    match = Match.new(VARIANT, seed=9)
    play_match(match, [make_bot("heuristic", seed=s) for s in range(4)], max_hands=1)
    assert match.hands[0].decisions == ((52, 2, "moon=reverse"),) and match.hands[0].score == [0, 0, -26, 0]
    text = dump_record(record_from_match(match, ["a", "b", "c", "d"]))
    record = read_record(text)
    assert record.hands[0].decisions == match.hands[0].decisions and record.hands[0].score == [0, 0, -26, 0]
    assert '"2:moon=reverse"' in text
    settings = AnalysisSettings(limit=Limit(iterations=20), hands=(1, 1), double_dummy_trick=None)
    judged = [d for d in analyse(record, settings).decisions if d.kind == "decision"]
    assert [(d.seat, str(d.played), d.best) for d in judged] == [(2, "2:moon=reverse", "2:moon=reverse")]
    assert judged[0].loss == 0
