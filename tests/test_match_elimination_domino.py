"""`domino`'s end (b) (docs/RULES.md §17, "Game end (agreement)"): elimination at 100
until one player is left. A seat whose total reaches 100 is out; the next hands are
dealt to the seats still in (hand seat i is the i-th of them, as betting-chips does),
so the last two play hands of 2; the last seat in wins. Reading: when every seat
still in reaches 100 in the same hand, the lowest total among them wins (shared on a
tie). The registry's id is `domino+elimination` (copas_ai.variants.domino.domino_rules(players,
elimination=True)).

Whole matches are played by seeded random bots through game.py's Match (the flow
betting-chips' elimination uses) and checked against an independent tally: each
hand replayed by the independent referee (tests/support/independent_referee_domino.py)
and the elimination applied from the rule above."""

from __future__ import annotations

import pytest
from support.independent_referee_domino import DominoReferee, EliminationTally

import copas_ai as ca
from copas_ai.bots import make_bot
from copas_ai.game import Match, play_match
from copas_ai.variants.domino import domino_rules
from copas_ai.variants.types import Variant

VARIANT = "domino"


def eliminating_domino() -> Variant:
    return ca.find_variant("domino+elimination")


def independent_tally(match: Match) -> tuple[list[int], set[int], set[int]]:
    """(totals, seats out, winners) from the match's hands, re-refereed and re-eliminated."""
    tally = EliminationTally(match.players, eliminate=True)
    for record in match.hands:
        seats = [s for s in range(match.players) if s not in tally.out]
        assert (record.seats or list(range(match.players))) == seats
        ref = DominoReferee([sorted(str(c) for c in h) for h in record.deal], [str(c) for c in record.stock],
                            record.dealer)
        for _, card in record.plays:
            ref.play(str(card))
        assert ref.over
        assert list(record.score) == ref.scores()
        tally.add(seats, ref.scores())
    over, winners = tally.outcome()
    return tally.totals, tally.out, winners if over else set()


@pytest.mark.parametrize("players", [3, 4, 5, 8])
def test_domino_elimination_matches_play_to_one_seat_left_as_the_independent_tally_says(players):
    """domino+elimination at <players> seats, 4 seeds: every hand goes to the seats not yet
    out, each hand's scores, the totals, the seats out and the winner agree with the
    independent tally, and the match ends with one seat below 100 (or all out at once)."""
    variant = eliminating_domino()
    for seed in range(4):
        bots = [make_bot("random", seed * 10 + s) for s in range(players)]
        match = play_match(Match.new(variant, players, seed=seed), bots, max_hands=200)
        totals, out, winners = independent_tally(match)
        assert match.totals == totals
        assert set(match.state.eliminated) == out
        over, won = match.outcome()
        assert over and set(won) == winners and winners
        assert any(len(record.deal) < players for record in match.hands[1:]) or len(out) == 0
        assert len(match.seats_in_play()) == players - len(out)


def test_domino_elimination_hands_shrink_to_two_seats():
    """domino+elimination: once all but two are out, the two play hands of 2 (6 cards
    each, tricks of 2 cards); the rules without elimination keep 3 to 8 seats."""
    shrunk = 0
    for seed in range(6):
        bots = [make_bot("random", seed * 10 + s) for s in range(4)]
        match = play_match(Match.new(eliminating_domino(), 4, seed=seed), bots, max_hands=200)
        shrunk += sum(1 for record in match.hands if len(record.deal) == 2)
    assert shrunk > 0
    with pytest.raises(ValueError, match="3 to 8"):
        domino_rules(2)


def test_domino_elimination_outcome_cases():
    """domino+elimination, 4 seats: the match goes on while two seats are below 100;
    one seat left below 100 wins; every seat still in reaching 100 in the same hand
    leaves the lowest of them the winner (a tie shared)."""
    r = domino_rules(4, elimination=True)
    state = ca.MatchState([120, 40, 60, 101])
    state.eliminated = [0, 3]
    assert state.outcome(r) == (False, [])
    assert state.seats_in_play(r) == [1, 2]
    state.totals = [120, 40, 100, 101]
    state.eliminated = [0, 2, 3]
    assert state.outcome(r) == (True, [1])
    state.totals = [120, 104, 104, 101]
    state.eliminated = [0, 3]  # 1 and 2 reached 100 together: they stay in, tied
    assert state.outcome(r) == (True, [1, 2])
    plain = domino_rules(4)
    assert ca.MatchState([120, 40, 60, 101]).outcome(plain) == (True, [1])  # end (a): lowest wins


def test_domino_elimination_refuses_bad_input_by_name():
    """domino+elimination: a hand for the wrong number of seats, seats outside the match,
    the match-equity model (it ends a match at the first total to reach 100) and rules
    elimination cannot combine with are refused, naming what is wrong."""
    r = domino_rules(4, elimination=True)
    state = ca.MatchState([0, 0, 0, 0])
    state.eliminated = [2]
    pos = ca.Position(r, ca.deal(r, 1), dealer=0)
    while not pos.is_over():
        pos.push(min(pos.legal_moves(), key=int))
    with pytest.raises(ca.InvalidPositionError, match="a 4-player hand for a match with 3 seats not eliminated"):
        state.add_hand(pos)
    with pytest.raises(ca.InvalidPositionError, match="no seat 4 in a 4-player game"):
        state.eliminated = [4]
    assert "elimination at the target" in ca._core.match_equity_unsupported(r)  # the match objective's model
    assert ca._core.match_equity_unsupported(domino_rules(4)) == ""
    bad = domino_rules(4, elimination=True)
    bad.goal = ca.Goal.HIGH
    with pytest.raises(ValueError, match="elimination at the target"):
        ca.Position(bad, ca.deal(bad, 1), dealer=0)


def test_domino_elimination_the_last_seats_reaching_100_together_stay_and_the_lowest_wins():
    """domino+elimination, 4 seats, seats 0 and 3 out: a hand of 2 (seats 1 and 2) in which
    both reach 100 eliminates neither; the match is over and the lower total wins."""
    r2 = domino_rules(2, elimination=True)
    for seed in range(200):
        pos = ca.Position(r2, ca.deal(r2, seed), dealer=0)
        while not pos.is_over():
            pos.push(min(pos.legal_moves(), key=int))
        if min(pos.score()) >= 1 and pos.score()[0] != pos.score()[1]:
            break
    scores = pos.score()
    state = ca.MatchState([120, 99, 99, 101])
    state.eliminated = [0, 3]
    assert state.add_hand(pos) == scores
    assert state.totals == [120, 99 + scores[0], 99 + scores[1], 101]
    assert state.eliminated == [0, 3]
    lower = 1 if scores[0] < scores[1] else 2
    assert state.outcome(domino_rules(4, elimination=True)) == (True, [lower])
