"""The search reads the match the hand is played in (issue 33, docs/RULES.md §1.5):
in copas-fora+reverse-moon=conditional (A24) a moon that would hand the match to an
opponent counts reversed, so the search values the moon line as the match counts it;
a match that leaves the normal form (or a variant whose hand value does not depend on
the match) searches exactly as without one. The engine passes `position … match …` to
the search, and analysis passes each hand's recorded state."""

from __future__ import annotations

import random

import pytest
from support.cep.fakes import fake_engine
from support.endgames import make_scoring_endgame
from support.hands import MOON_DEAL, MOON_PLAY, play, position

import copas_ai as ca
from copas_ai.analysis import analyse as analyse_module
from copas_ai.analysis.analyse import AnalysisSettings, analyse
from copas_ai.analysis.record import read_record
from copas_ai.analysis.selfplay import selfplay
from copas_ai.cep.loop import run_lines
from copas_ai.cep.position_text import position_to_text
from copas_ai.search import Limit, Searcher

CONDITIONAL = "copas-fora+reverse-moon=conditional"
PLAYS = MOON_PLAY.replace("/", " ").split()
# The normal moon (26 to each other seat) would take seat 0 to 106 with seat 1 the
# unique lowest: an opponent of the shooter (seat 3) would win, so A24 reverses it.
FLIPS = [80, 10, 30, 50]
STAYS = [[10, 10, 30, 50],  # no total reaches 100: normal form
         [80, 60, 60, 10]]  # the shooter alone is lowest: normal form
SEED, ITERATIONS = 7, 400


def trick_nine_seat_zero(variant: str = CONDITIONAL) -> ca.Position:
    """MOON_DEAL after 8 tricks and seat 3's 7♠ lead: seat 0, void in spades, holds
    the last heart out (8♥); discarding it gives seat 3 the moon for certain (every
    other spade is gone, seat 3 has taken the other hearts and the Q♠)."""
    pos = position(variant, MOON_DEAL)
    play(pos, " ".join(PLAYS[:33]))
    assert pos.turn == 0 and ca.Card.from_str("8H") in pos.legal_moves()
    return pos


def searched(pos: ca.Position, match: ca.MatchState | None, algorithm: str = "ismcts"):
    result = Searcher(seed=SEED, algorithm=algorithm).search(pos, pos.turn, Limit(iterations=ITERATIONS),
                                                             match=match)
    return result.algorithm, [(str(m.move), m.score, m.stderr, m.visits) for m in result.moves]


def value_of(moves, card: str) -> float:
    return next(score for move, score, _, _ in moves if move == card)


def test_copas_fora_conditional_moon_the_search_values_the_moon_line_as_the_match_counts_it():
    """copas-fora+reverse-moon=conditional, totals [80, 10, 30, 50]: seat 0's 8♥ discard
    hands seat 3 the moon. Without the match it costs seat 0 the normal moon's 26; in
    this match the moon counts reversed (seat 3 -26, seat 0 nothing), and the search says so."""
    pos = trick_nine_seat_zero()
    _, plain = searched(pos, None)
    _, counted = searched(pos, ca.MatchState(FLIPS))
    assert value_of(plain, "8H") == 26.0
    assert value_of(counted, "8H") == 0.0
    # The core's match scoring of the finished hand agrees (the function the search reuses).
    finished = trick_nine_seat_zero()
    play(finished, " ".join(PLAYS[33:]))
    assert ca.MatchState(FLIPS).add_hand(finished) == [0, 0, 0, -26]


@pytest.mark.parametrize("totals", STAYS)
def test_copas_fora_conditional_moon_a_match_keeping_the_normal_form_searches_as_without(totals):
    """copas-fora+reverse-moon=conditional: where the match counts the moon normally,
    the searched values are exactly those of the search without a match state."""
    pos = trick_nine_seat_zero()
    assert searched(pos, ca.MatchState(totals)) == searched(pos, None)


def test_copas_fora_plain_moon_ignores_the_match_state():
    """copas-fora (no conditional reverse moon): the hand's value does not depend on the
    match, so totals [80, 10, 30, 50] change nothing, PIMC included."""
    pos = trick_nine_seat_zero("copas-fora")
    assert searched(pos, ca.MatchState(FLIPS), "pimc") == searched(pos, None, "pimc")
    assert searched(pos, None, "pimc")[0] == "pimc"


def test_copas_fora_conditional_moon_pimc_falls_back_to_ismcts_where_the_match_may_flip_the_moon():
    """copas-fora+reverse-moon=conditional: the solver scores a moon in its normal form, so
    it refuses a match that may count it reversed (solver_unsupported names A24) and PIMC
    is searched by ISMCTS; far from the target the solver keeps the position."""
    pos = trick_nine_seat_zero()
    assert "A24" in ca.solver_unsupported(pos, ca.MatchState(FLIPS))
    assert ca.solver_unsupported(pos, ca.MatchState([10, 10, 30, 50])) == ""
    algorithm, moves = searched(pos, ca.MatchState(FLIPS), "pimc")
    assert algorithm == "ismcts"
    assert value_of(moves, "8H") == 0.0
    assert searched(pos, ca.MatchState([10, 10, 30, 50]), "pimc")[0] == "pimc"


def test_copas_fora_conditional_moon_the_solver_keeps_a_hand_whose_moon_is_already_split():
    """copas-fora+reverse-moon=conditional, totals [80, 10, 30, 50]: once two seats have
    taken moon cards no moon is left to count, so the solver values the hand and PIMC
    stays PIMC, with exactly the values it has without the match state."""
    pos = position(CONDITIONAL, MOON_DEAL)
    play(pos, " ".join(PLAYS[:33]) + " 8H 8C KC")  # the moon is done: seat 3 took everything
    # NEAR_MOON_PLAY's split: seat 0 keeps the 8♥, seat 2 takes it later.
    near = position(CONDITIONAL, MOON_DEAL)
    play(near, " ".join(PLAYS[:33]) + " 4C 8C KC 2D 6D 8D JD QD 3D 7D 9D KD 4D 8H TD")
    assert ca.Card.from_str("8H") in near.won[2] and near.phase == "playing"
    assert ca.solver_unsupported(near, ca.MatchState(FLIPS)) == ""
    assert "A24" in ca.solver_unsupported(pos, ca.MatchState(FLIPS))
    assert searched(near, ca.MatchState(FLIPS), "pimc") == searched(near, None, "pimc")
    assert searched(near, None, "pimc")[0] == "pimc"


def test_search_refuses_a_match_state_of_another_seat_count():
    pos = trick_nine_seat_zero()
    with pytest.raises(ca.InvalidPositionError, match="3 totals for a 4-player hand"):
        searched(pos, ca.MatchState([80, 10, 30]))


# --- the engine and analysis pass the state ----------------------------------------------


def test_engine_go_passes_the_position_match_state_to_the_search():
    """copas-fora+reverse-moon=conditional: `position … scores 80 10 30 50 match tiebreak`
    reaches the searcher as that MatchState."""
    pos = trick_nine_seat_zero()
    state = ca.MatchState(FLIPS, tiebreak=True, hands_played=pos.hand_no)  # `handno` carries hands_played
    engine = fake_engine()
    run_lines([position_to_text(pos, CONDITIONAL, match=state), "go iterations 3"], engine)
    seat, _, received = engine._searcher.calls[-1]
    assert seat == 0 and received == state


def test_engine_go_values_the_moon_line_with_the_match_of_the_position():
    """copas-fora+reverse-moon=conditional, the real search through the engine: with the
    match totals [80, 10, 30, 50] the 8♥ scores 0 (the reversed moon), without them 26."""
    pos = trick_nine_seat_zero()
    setup = ["setoption name MultiMove value true", "setoption name Seed value 7",
             "setoption name Algorithm value ismcts"]

    def score_8h(state: ca.MatchState) -> str:
        out = run_lines([*setup, position_to_text(pos, CONDITIONAL, match=state), "go iterations 400"],
                        ca.cep.facade.Engine())
        return next(line.split()[4] for line in out if line.startswith("info move 8H "))

    assert score_8h(ca.MatchState(FLIPS)) == "0.000"
    assert score_8h(ca.MatchState([10, 10, 30, 50])) == "26.000"


class RecordingSearcher:
    """Stands in for the analysis's Searcher: the real search, and the match it was given."""

    received: list[ca.MatchState | None] = []

    def __init__(self, **options) -> None:
        self._real = Searcher(**options)

    def search(self, position, seat, limit, match=None):
        RecordingSearcher.received.append(match)
        return self._real.search(position, seat, limit, match=match)


def test_analysis_searches_each_hand_in_its_recorded_match_state(monkeypatch):
    """copas-fora+reverse-moon=conditional: analyse gives every decision's search the
    match state its hand was played in, as the record carries it."""
    record = read_record(selfplay(CONDITIONAL, ["random"], 3, 5))
    assert len(record.hands) == 3
    RecordingSearcher.received = []
    monkeypatch.setattr(analyse_module, "Searcher", RecordingSearcher)
    settings = AnalysisSettings(limit=Limit(iterations=20), seats={1}, hands=(2, 3), double_dummy_trick=None)
    result = analyse(record, settings)
    searched_decisions = [d for d in result.decisions if not d.forced]  # a forced card is not searched
    assert len(RecordingSearcher.received) == len(searched_decisions) > 0
    for decision, match in zip(searched_decisions, RecordingSearcher.received):
        assert match == record.hands[decision.hand - 1].match
    assert any(t != 0 for t in RecordingSearcher.received[-1].totals)  # hand 3: after two hands


# --- the solver's refusal is sound -------------------------------------------------------

SOUNDNESS_VARIANTS = ["copas-fora+reverse-moon=conditional", "copas-fora+reverse-moon=conditional+super-moon",
                      "copas-fora+reverse-moon=conditional+ten-of-death+clean-hand",
                      "copas-fora+reverse-moon=conditional+jd-bonus", "teams+reverse-moon=conditional"]


@pytest.mark.parametrize("variant", SOUNDNESS_VARIANTS)
def test_conditional_moon_the_solver_keeps_only_hands_whose_moon_the_match_counts_normally(variant):
    """<variant>: wherever solver_unsupported(position, match) accepts a position, every
    way the hand ends scores in the match exactly as the plain hand score (the solver's
    normal form): checked on stacked-deal moons and random hands, at every trick boundary,
    with random totals under the target. Both answers occur, and flipped moons occur."""
    rng = random.Random(33)
    accepted = refused = flipped = 0
    for i in range(60):
        final = make_scoring_endgame(variant, 1000 + i, 0, "feeding" if i % 2 else "random", at_boundary=True)
        assert final.is_over()
        totals = [rng.randrange(0, 100) for _ in range(final.players)]
        state = ca.MatchState(totals)
        counted = state.copy().add_hand(final)
        flipped += counted != final.score()
        walk = final.copy()
        while walk.moves:
            if len(walk.moves) % 4 == 0:
                if ca.solver_unsupported(walk, state) == "":
                    accepted += 1
                    assert counted == final.score(), (variant, i, totals, len(walk.moves))
                else:
                    refused += 1
            walk.pop()
    assert accepted and refused and flipped
