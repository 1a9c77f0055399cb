"""`teams` (docs/RULES.md §3, seed S000 L115-121): Copas Fora in partnerships, both
tallies (summed, and `teams+individual-tally`, TE-1), with A28a-c; and the match
rules every variant shares: targets, a negative target where the highest wins.

Seats 0..3 are N, E, S, W; partners sit opposite (A28a): N+S (0, 2) against E+W (1, 3).
"""

import pytest
from support.hands import MOON_DEAL, MOON_PLAY, play, position

import copas_ai as ca


def rules(variant="teams"):
    return ca.find_variant(variant).rules()


def test_teams_partners_sit_opposite_and_across_passes_to_the_partner():
    """teams A28a (interpretation: partners opposite): hand 3's across pass goes 2 seats
    on, i.e. to the partner; the rest of the pass cycle is copas-fora's."""
    r = rules()
    assert r.teams == 2
    assert [r.pass_plan(h) for h in range(4)] == [[(1, 3)], [(3, 3)], [(2, 3)], []]


def test_teams_moon_gives_the_partner_26_too():
    """teams A28c (interpretation, literal: the shooter 0, each of the other three +26,
    his partner included): seat 3 shoots, so E+W gain 26 and N+S 52."""
    pos = position("teams", MOON_DEAL)
    play(pos, MOON_PLAY)
    assert pos.score() == [26, 26, 26, 0]
    _, totals, _ = ca.add_hand_to_match(pos, [0, 0, 0, 0])
    assert totals[0] + totals[2] == 52 and totals[1] + totals[3] == 26


@pytest.mark.parametrize("totals, outcome", [
    ([40, 30, 50, 20], (False, [])),  # team sums 90 and 50: nobody has 100
    ([60, 10, 45, 10], (True, [1, 3])),  # N+S reach 105 and lose: E+W win
    ([60, 55, 45, 60], (True, [0, 2])),  # A28b: both over 100 (105, 115): the higher loses
    ([10, 90, 50, 15], (True, [0, 2])),  # E+W 105 lose: the sums count, not seat 1's 90
    ([60, 55, 50, 55], (False, [])),  # A11b: equal sums (110) play tie-break hands
])
def test_teams_summed_tally_match_end(totals, outcome):
    """teams (L115, A28b: when both teams reach 100 the higher total loses; equal totals
    play copas-fora's tie-break hands, A11b): the partners' totals are summed; a team
    reaching 100 loses."""
    assert ca.match_outcome(rules(), totals) == outcome


@pytest.mark.parametrize("totals, outcome", [
    # TE-1: 101 + 34 = 135 beats 68 + 70 = 138: the pair of the 101 player wins.
    ([101, 68, 34, 70], (True, [0, 2])),
    ([60, 10, 50, 10], (False, [])),  # sums 110 and 20, but no player has 100
    ([99, 99, 0, 0], (False, [])),
    ([100, 40, 30, 90], (True, [0, 1, 2, 3])),  # equal sums (130): a draw
])
def test_teams_individual_tally_te1(totals, outcome):
    """teams+individual-tally (L121, TE-1; a tie of team sums is a draw): totals per
    player; the match ends when a player reaches 100, then the lower pair sum wins."""
    assert ca.match_outcome(rules("teams+individual-tally"), totals) == outcome


def test_teams_options_apply():
    """teams: the copas-fora options apply (§3, 'all common and named options'), flagged
    unverified in the id only when the seeds do not name the base."""
    v = ca.find_variant("teams+jd-bonus+individual-tally")
    assert v.id == "teams+jd-bonus+individual-tally"
    assert v.rules().teams == 2 and v.rules().team_individual_tally
    assert "individual-tally" not in v.unverified
    with pytest.raises(ca.VariantNotFoundError, match="partnership"):
        ca.find_variant("copas-fora+individual-tally")


def test_teams_conditional_reverse_moon_judges_the_shooters_side():
    """teams+reverse-moon=conditional (A24 with A28c): the normal moon that ends the match
    with the shooter's side as the only winner stands; else it is reversed."""
    pos = position("teams+reverse-moon=conditional", MOON_DEAL)
    play(pos, MOON_PLAY)  # seat 3 shoots: normal [26, 26, 26, 0]
    # normal: N+S 40 + 52 = 92, E+W 20 + 26 = 46: nobody reaches 100: normal.
    assert ca.add_hand_to_match(pos, [20, 10, 20, 10])[1] == [46, 36, 46, 10]
    # normal: N+S 50 + 52 = 102 loses, E+W (the shooter's side) 46 wins: normal.
    assert ca.add_hand_to_match(pos, [25, 10, 25, 10])[1] == [51, 36, 51, 10]
    # normal: E+W 80 + 26 = 106 loses, N+S 30 + 52 = 82 wins: reversed, the shooter -26.
    assert ca.add_hand_to_match(pos, [15, 40, 15, 40])[1] == [15, 40, 15, 14]


# --- match rules shared by every variant: targets, negative targets, ties -----------------


def test_match_negative_target_highest_total_wins():
    """Goal HIGH with a negative target (negative-scoring, A30a: the highest total wins
    once someone reaches <= -100)."""
    r = ca.RuleSet()
    r.goal = ca.Goal.HIGH
    r.target = -100
    r.tie_rule = ca.TieRule.SHARED
    assert ca.match_outcome(r, [-99, -50, -20, -30]) == (False, [])
    assert ca.match_outcome(r, [-100, -50, -20, -30]) == (True, [2])
    assert ca.match_outcome(r, [-120, -20, -20, -30]) == (True, [1, 2])


@pytest.mark.parametrize("variant, totals, outcome", [
    ("copas-fora", [104, 61, 61, 88], (False, [])),  # CF-6: tie for lowest, play on
    ("copas-fora+tie-stands", [104, 61, 61, 88], (True, [1, 2])),  # CF-6 with tie-stands
    ("american", [104, 61, 61, 88], (True, [1, 2])),  # S004: equal lowest share the win
    ("copas-fora+target-200", [199, 20, 30, 40], (False, [])),
    ("copas-fora+target-200", [200, 20, 30, 40], (True, [1])),
])
def test_match_targets_and_ties(variant, totals, outcome):
    """<variant>: the target and the tie rule (A11 extra hands, A27 tie stands, S004 share)."""
    assert ca.match_outcome(rules(variant), totals) == outcome


@pytest.mark.parametrize("variant, side", [("teams", (0, 2)), ("copas-fora", (0,))])
def test_teams_search_scores_the_side(variant, side):
    """<variant>: the search plays for the seat's side (its own and its partner's hand
    scores; the seat alone without teams). N's last card of the moon deal is forced and
    the only unseen card is E's last, so the one candidate's score is exact: 26 + 26
    for N+S (the moon, A28c), 26 for N alone."""
    pos = position(variant, MOON_DEAL)
    play(pos, MOON_PLAY)
    final = pos.score()
    pos.pop()
    pos.pop()
    seat = pos.turn
    assert seat == 0
    result = ca.Searcher(seed=1, algorithm="ismcts").search(pos, seat, ca.Limit(iterations=20))
    assert [m.score for m in result.moves] == [sum(final[s] for s in side)]
