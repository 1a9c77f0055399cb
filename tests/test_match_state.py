"""The match state kept whole (csrc/match.h MatchState): each end rule that the
state beyond the totals changes, named by variant and situation (docs/RULES.md §2.1
A11/A11b, §2.3 A26 (c), §3 A28b and L121, §5 A30a, target-200), through the core's
MatchState, game.Match and the engine's `position … match …`.

rook's fixed six hands (§16) are not tested: rook is not in the registry yet.
"""

from __future__ import annotations

import random
from typing import Callable

import pytest
from support.cep.fakes import fake_engine

import copas_ai as ca
from copas_ai.game import Match
from copas_ai.cep.position_text import position_to_text
from copas_ai.cep.loop import run_lines
from copas_ai.analysis.record import read_record, replay
from copas_ai.analysis.selfplay import selfplay

NO_PASS_HAND = 3  # hand_no 3 (the 4th hand) passes nothing in the 4-seat cycles used here


def finished_hand(variant: str, wanted: Callable[[list[int]], bool], players: int | None = None) -> ca.Position:
    """The first seeded random hand of `variant` whose scores satisfy `wanted`."""
    rules = ca.find_variant(variant).rules(players)
    for seed in range(5000):
        pos = ca.Position(rules, ca.deal(rules, seed), dealer=rules.players - 1, hand_no=NO_PASS_HAND)
        assert pos.phase == "playing", f"{variant}: hand_no {NO_PASS_HAND} should not pass"
        rng = random.Random(seed)
        while not pos.is_over():
            pos.push(rng.choice(list(pos.legal_moves())))
        if wanted(pos.score()):
            return pos
    raise AssertionError(f"{variant}: no random hand fits")


def engine_answer(variant: str, pos: ca.Position, state: ca.MatchState) -> list[str]:
    """`score` of the engine given the hand and the match state it is played in."""
    return run_lines([position_to_text(pos, variant, match=state), "score"], fake_engine())


# --- copas-fora and its options: A11 / A11b -----------------------------------------


def test_copas_fora_jd_bonus_clean_hand_tie_break_won_by_a_seat_back_under_100_ends_the_match():
    """Issue 33's match (random bots, seed 318): after hand 14 seats 2 and 3 tie for the
    lowest at [72, 101, 13, 13], so a tie-break hand follows (A11); after hand 15 seat 2
    alone is lowest at [92, 91, 8, 19] and wins (A11b), though seat 1's J♦ and
    clean-hand bonus took every total back under 100."""
    record = read_record(selfplay("copas-fora+jd-bonus+clean-hand", ["random"], 60, 318))
    assert len(record.hands) == 15
    assert str(record.hands[14].match) == str(ca.MatchState([72, 101, 13, 13], tiebreak=True, hands_played=14))
    after = record.hands[14].match.copy()
    after.add_hand(replay(record, record.hands[14]))
    assert after.totals == [92, 91, 8, 19]
    assert after.outcome(record.rules) == (True, [2])


def test_copas_fora_tie_break_ends_on_one_lowest_total_whatever_the_target():
    rules = ca.find_variant("copas-fora+jd-bonus").rules()
    assert ca.MatchState([72, 101, 13, 13]).outcome(rules) == (False, [])  # A11: a tie-break hand
    assert ca.MatchState([92, 91, 8, 19], tiebreak=True).outcome(rules) == (True, [2])  # A11b
    assert ca.MatchState([92, 91, 8, 19]).outcome(rules) == (False, [])  # no tie-break: under 100
    assert ca.MatchState([92, 91, 8, 8], tiebreak=True).outcome(rules) == (False, [])  # still tied


def test_copas_fora_a_shared_lowest_at_the_target_starts_tie_break_hands_through_add_hand():
    """copas-fora+jd-bonus: seat 1 crosses 100 while seats 2 and 3 stay level: the match
    goes on in tie-break hands; the next hand that splits the lowest ends it, seat 1's
    total under 100 again or not."""
    variant = "copas-fora+jd-bonus"
    rules = ca.find_variant(variant).rules()
    state = ca.MatchState([72, 95, 13, 13], hands_played=9)
    state.add_hand(finished_hand(variant, lambda s: s[1] >= 5 and s[2] == s[3] and s[0] < 50))
    assert state.tiebreak and state.hands_played == 10
    assert state.outcome(rules) == (False, [])
    back = finished_hand(variant, lambda s: s[1] < 0 and s[2] != s[3] and s[0] >= 0)
    scores = state.add_hand(back)
    lowest = min(state.totals)
    assert state.totals.count(lowest) == 1
    assert state.outcome(rules) == (True, [state.totals.index(lowest)]), (scores, state)


def test_copas_fora_tie_stands_plays_no_tie_break_hands():
    rules = ca.find_variant("copas-fora+tie-stands").rules()
    state = ca.MatchState([90, 100, 13, 13])
    assert state.outcome(rules) == (True, [2, 3])


def test_copas_fora_target_200_tie_break_ends_under_200():
    rules = ca.find_variant("copas-fora+target-200").rules()
    assert ca.MatchState([150, 201, 60, 60]).outcome(rules) == (False, [])
    assert ca.MatchState([150, 190, 60, 70], tiebreak=True).outcome(rules) == (True, [2])
    assert ca.MatchState([150, 190, 60, 70]).outcome(rules) == (False, [])


def test_three_five_three_players_tie_break_ends_on_one_lowest_total():
    rules = ca.find_variant("three-five").rules(3)
    assert ca.MatchState([100, 20, 20]).outcome(rules) == (False, [])
    assert ca.MatchState([95, 25, 20], tiebreak=True).outcome(rules) == (True, [2])


# --- negative-scoring: A30a, the mirror -------------------------------------------


def test_negative_scoring_tie_break_seat_at_minus_103_gaining_10_still_ends_on_the_highest():
    """negative-scoring: seat 0 at −103 ends the match with seats 1 and 2 level on the
    highest total (A30a), so a tie-break hand is played; seat 0 takes the Golden Ten
    (+10) and is back at −93, above −100, yet the match ends once one total is highest."""
    variant = "negative-scoring"
    rules = ca.find_variant(variant).rules()
    start = ca.MatchState([-95, -40, -40, -60], hands_played=7)
    first = finished_hand(variant, lambda s: s[0] <= -8 and s[1] == s[2] and min(s) > -50)
    start.add_hand(first)
    assert start.tiebreak and start.totals[0] <= -103 and start.outcome(rules) == (False, [])

    state = ca.MatchState([-103, -40, -40, -60], tiebreak=True, hands_played=8)
    hand = finished_hand(variant, lambda s: s[0] == 10 and s[1] != s[2] and min(s) > -30)
    state.add_hand(hand)
    assert state.totals[0] == -93 and min(state.totals) > -100
    best = max(state.totals)
    assert state.totals.count(best) == 1
    assert state.outcome(rules) == (True, [state.totals.index(best)])
    # Without the tie-break under way, the same totals are a match still going on.
    assert ca.MatchState(state.totals).outcome(rules) == (False, [])


# --- exact-score (c): A26 ----------------------------------------------------------

EXACT_C = "copas-fora+exact-score=hit-100-to-50-then-0"


def test_copas_fora_exact_score_c_reset_happens_on_the_next_scoreless_hand():
    rules = ca.find_variant(EXACT_C).rules()
    land = finished_hand(EXACT_C, lambda s: s[2] == 1 and s[0] > 0)
    state = ca.MatchState([20, 30, 99, 40])
    state.add_hand(land)  # seat 2 lands on 100: down to 50, its reset pending
    assert state.totals[2] == 50 and state.reset_pending == [2]
    nothing = finished_hand(EXACT_C, lambda s: s[2] == 0 and s[0] > 0 and s[1] > 0 and s[3] > 0)
    after = state.copy()
    after.add_hand(nothing)
    assert after.totals[2] == 0 and after.reset_pending == []
    assert after.outcome(rules) == (False, [])
    # A hand that scores for seat 2 ends its memory at 50 + the score.
    some = finished_hand(EXACT_C, lambda s: s[2] > 0 and s[1] > 0)
    other = state.copy()
    scores = other.add_hand(some)
    assert other.totals[2] == 50 + scores[2] and other.reset_pending == []


def test_copas_fora_exact_score_c_reset_pending_in_position_text_reaches_the_engine():
    """The engine given `match reset 2` takes a scoreless seat 2 from 50 to 0; without
    it, seat 2 stays at 50 (the memory lives in the state, not in the totals)."""
    nothing = finished_hand(EXACT_C, lambda s: s[2] == 0 and min(s[0], s[1], s[3]) > 0)
    pending = ca.MatchState([20, 30, 50, 40], reset_pending=[2], hands_played=5)
    text = position_to_text(nothing, EXACT_C, match=pending)
    assert " match reset 2 " in text
    out = engine_answer(EXACT_C, nothing, pending)
    totals = [int(w) for w in out[1].split()[1:]]
    assert totals[2] == 0 and out[2] == "state handover"
    plain = engine_answer(EXACT_C, nothing, ca.MatchState([20, 30, 50, 40], hands_played=5))
    assert [int(w) for w in plain[1].split()[1:]][2] == 50


def test_copas_fora_exact_score_c_reset_refused_where_the_total_is_not_half_the_target():
    nothing = finished_hand(EXACT_C, lambda s: s[2] == 0)
    line = position_to_text(nothing, EXACT_C, scores=[20, 30, 50, 40])
    bad = line.replace("scores 20 30 50 40", "scores 20 30 50 40 match reset 1")
    out = run_lines([bad], fake_engine())
    assert out == ["error position match reset 1: reset: seat 1 has 30, not the 50 that exact-score (c) leaves"]
    no_c = position_to_text(nothing, "copas-fora", scores=[20, 30, 50, 40])
    out = run_lines([no_c.replace("scores 20 30 50 40", "scores 20 30 50 40 match reset 2")], fake_engine())
    assert out == ["error position match reset 2: reset: this variant has no exact-score (c) reset"]


# --- teams: side totals, A28b and L121 -----------------------------------------------


def test_teams_side_total_reaching_100_ends_the_match_though_no_seat_does():
    rules = ca.find_variant("teams").rules()
    assert ca.MatchState([60, 10, 45, 10]).outcome(rules) == (True, [1, 3])
    assert ca.MatchState([50, 10, 45, 10]).outcome(rules) == (False, [])


def test_teams_equal_side_totals_at_the_target_play_tie_break_hands():
    """teams (S000 L115: "with the same rules"; A11b names teams' side totals): equal
    side sums at the target start tie-break hands, the first hand that leaves one lower
    side ends the match, and `match tiebreak` is accepted in a position."""
    rules = ca.find_variant("teams").rules()
    hand = finished_hand("teams", lambda s: s[0] + s[2] == 13 and s[1] + s[3] == 13)
    state = ca.MatchState([45, 45, 45, 45])
    state.add_hand(hand)
    assert state.tiebreak
    assert state.outcome(rules) == (False, [])
    state.add_hand(finished_hand("teams", lambda s: s[0] + s[2] < s[1] + s[3]))
    assert state.outcome(rules) == (True, [0, 2])
    out = run_lines([position_to_text(hand, "teams", match=ca.MatchState([40, 40, 40, 40], tiebreak=True))],
                    fake_engine())
    assert not any(line.startswith("error") for line in out)


def test_teams_individual_tally_equal_pair_sums_draw_and_start_no_tie_break():
    """teams+individual-tally (§3: a tie of the pair sums is a draw): no tie-break
    hands, and `match tiebreak` is refused."""
    rules = ca.find_variant("teams+individual-tally").rules()
    assert ca.MatchState([100, 40, 30, 90]).outcome(rules) == (True, [0, 1, 2, 3])
    hand = finished_hand("teams+individual-tally", lambda s: True)
    out = run_lines([position_to_text(hand, "teams+individual-tally",
                                      match=ca.MatchState([40, 40, 40, 40], tiebreak=True))], fake_engine())
    assert out == ["error position match tiebreak: tiebreak: this variant plays no tie-break hands"]


def test_teams_individual_tally_a_seat_ends_the_match_and_side_sums_rank():
    """teams+individual-tally (L121): the text's example, 101 + 34 = 135 beats 68 + 70 = 138."""
    rules = ca.find_variant("teams+individual-tally").rules()
    assert ca.MatchState([101, 68, 34, 70]).outcome(rules) == (True, [0, 2])
    assert ca.MatchState([99, 68, 34, 70]).outcome(rules) == (False, [])


# --- game.Match keeps the core's state -------------------------------------------------


def test_match_deals_from_the_state_hands_played_and_keeps_no_copy_of_its_own():
    match = Match.new("copas-fora+jd-bonus", seed=3)
    match.state = ca.MatchState([72, 101, 13, 13], tiebreak=True, hands_played=14)
    nxt = match.deal_next_hand()
    assert nxt.hand_no == 14 and nxt.dealer == (match.first_dealer + 14) % 4
    assert match.totals == [72, 101, 13, 13] and not match.is_over()


def test_match_state_refuses_bad_values_with_clear_errors():
    with pytest.raises(ca.InvalidPositionError, match="no seat 4 in a 4-player game"):
        ca.MatchState([0, 0, 0, 0], reset_pending=[4])
    with pytest.raises(ca.InvalidPositionError, match="expected 4 totals, got 3"):
        ca.match_outcome(ca.find_variant("copas-fora").rules(), ca.MatchState([0, 0, 0]))
    state = ca.MatchState([0, 0, 0, 0])
    pos = ca.Position(ca.find_variant("copas-fora").rules(), ca.deal(ca.find_variant("copas-fora").rules(), 1))
    with pytest.raises(ca.InvalidPositionError, match="the hand is not over"):
        state.add_hand(pos)
