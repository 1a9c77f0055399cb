"""The solver on the copas-fora scoring options, on teams and on rook's floor at zero,
against brute force.

The reference is the independent paranoid minimax in pure Python of
tests/support/solver_oracle.py: it walks every legal card with Position.push/pop and
scores finished hands with Position.score(). The root seat (with `teams`: the
root seat and its partner, whose scores are summed) plays for its best final
score, every other seat for its worst. Nothing of the solver is used.

The scoring options make a hand's value non-additive, so the endgames are built
to reach each term: a seat that has won no trick yet (clean-hand), a seat that has
won every trick (super-moon), the 10♣ and the J♦ still in play or already taken
(ten-of-death, jd-bonus), moons on and broken.
"""

from __future__ import annotations

import pytest

import copas_ai as ca
from copas_ai import _core

from support.endgames import make_scoring_endgame, scoring_endgames
from support.solver_oracle import brute_force_moves, brute_force_value, check_position

# Each id with the kinds of play that reach its terms.
KINDS = ("random", "hoarding", "feeding", "lean")
VARIANTS = [
    "copas-fora+ten-of-death",                      # moon-without-tc: 52 for the 10♣ taker
    "copas-fora+ten-of-death=moon-needs-tc",
    "copas-fora+clean-hand",                        # bonus: -5
    "copas-fora+clean-hand=penalty",                # +5
    "copas-fora+super-moon",
    "copas-fora+super-moon+reverse-moon",
    "copas-fora+jd-bonus",                          # moon-without-jd: the J♦ outside the moon
    "copas-fora+jd-bonus=moon-needs-jd",
    "copas-fora+jd-bonus+ten-of-death+clean-hand+super-moon",
    "copas-fora+jd-bonus=moon-needs-jd+ten-of-death=moon-needs-tc+clean-hand=penalty+super-moon",
    "copas-fora+fatal-ace+jd-bonus+ten-of-death+reverse-moon+clean-hand",
    "teams",
    "teams+jd-bonus+ten-of-death+clean-hand+super-moon",
    "rook",                                         # §16 A49: the 10♦'s -10 floored at 0, ace low
    "rook+qs-value",
]


@pytest.mark.parametrize("variant", VARIANTS)
def test_solver_matches_brute_force_on_scoring_options(solver, variant):
    """<variant>: on endgames of two and three tricks (random play, hoarded points,
    stacked moon deals, a seat kept clean) solve, every solve_moves entry and
    solve_plain equal the independent paranoid minimax (with teams: the side's sum)."""
    checked = 0
    for pos in scoring_endgames(variant, KINDS, 25, base_seed=2000):
        check_position(solver, pos)
        checked += 1
    assert checked >= 80


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_solver_matches_brute_force_on_scoring_options_many(solver, variant):
    """<variant>: as above on more endgames (other seeds)."""
    for pos in scoring_endgames(variant, KINDS, 60, base_seed=9000):
        check_position(solver, pos)


def check_against_plain(solver, variant: str, kinds, count: int, longest: int):
    """solve and the best of solve_moves equal plain alpha-beta on the final hand
    scores (solve_plain: no table, bounds or ordering) on `count` endgames per kind
    of four to `longest` tricks left."""
    for kind in kinds:
        for i in range(count):
            pos = make_scoring_endgame(variant, 6000 + 7919 * i, 4 + i % (longest - 3), kind)
            if pos.is_over():
                continue
            want = _core.solve_plain(pos)[0]
            assert solver.solve(pos) == want, f"solve: {pos.hands} trick {pos.trick} won {pos.won}"
            assert min(solver.solve_moves(pos).values()) == want


@pytest.mark.parametrize("variant", VARIANTS)
def test_solver_matches_plain_alpha_beta_on_longer_endgames(variant):
    """<variant>, four and five tricks left: solve and solve_moves equal plain
    alpha-beta (solve_plain). One solver for all, its table kept."""
    check_against_plain(ca.Solver(hash_mb=8), variant, KINDS, 10, 5)


# Ids with every scoring term at once, for the six-trick endgames below.
COMBINED = [
    "copas-fora+jd-bonus+ten-of-death+clean-hand+super-moon",
    "copas-fora+jd-bonus=moon-needs-jd+ten-of-death=moon-needs-tc+clean-hand=penalty+super-moon",
    "copas-fora+fatal-ace+jd-bonus+ten-of-death+reverse-moon+clean-hand",
    "teams+jd-bonus+ten-of-death+clean-hand+super-moon",
]


@pytest.mark.parametrize("variant", COMBINED)
def test_solver_table_keeps_pasts_apart_on_six_trick_endgames(variant):
    """<variant>, four to six tricks left, a seat kept clean or a stacked sweep: the
    table meets one position by several pasts (who won which trick, who holds the
    10♣, who is still clean or has won every trick), which shorter endgames never
    reach; solve still equals plain alpha-beta (solve_plain)."""
    check_against_plain(ca.Solver(hash_mb=8), variant, ("lean", "feeding"), 12, 6)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_solver_matches_plain_alpha_beta_on_six_trick_endgames_of_every_id(variant):
    """<variant>: as above, every id and kind of play."""
    check_against_plain(ca.Solver(hash_mb=8), variant, KINDS, 12, 6)


def test_endgames_reach_the_scoring_terms():
    """copas-fora+jd-bonus+ten-of-death+clean-hand+super-moon: the generated
    endgames include a seat with no trick yet (clean-hand in play), a seat with
    every trick so far (super-moon in play), the 10♣ and the J♦ still in play,
    and finished hands where each term changed a score. So the brute-force
    comparison above checks every term of the scoring."""
    variant = "copas-fora+jd-bonus+ten-of-death+clean-hand+super-moon"
    ten_c, jack_d = ca.Card.from_str("TC"), ca.Card.from_str("JD")
    seen = {"clean open": 0, "sweep open": 0, "TC in play": 0, "JD in play": 0}
    for pos in scoring_endgames(variant, KINDS, 12, base_seed=2000):
        tricks = [pos.tricks_won(s) for s in range(4)]
        seen["clean open"] += 0 in tricks
        seen["sweep open"] += max(tricks) == pos.tricks_done
        in_play = [c for hand in pos.hands for c in hand] + [c for _, c in pos.trick]
        seen["TC in play"] += ten_c in in_play
        seen["JD in play"] += jack_d in in_play
    assert all(v >= 5 for v in seen.values()), seen


# --- teams: the side's score ------------------------------------------------------------


def _best(values: dict) -> set:
    return {c for c, v in values.items() if v == min(values.values())}


def test_teams_solver_and_pimc_play_for_the_side_not_the_seat():
    """teams, 2 tricks left, seat 3 last to a heart trick (2♥ 4♥ 9♦): taking it with
    the 6♥ is best for the side (the seat and its partner, scores summed) but not
    for the seat's own score. The solver's best card is the side's, and so is
    PIMC's (it averages the solver's side values over the seat's possible worlds;
    the 6♥ is the side's best and never the seat's own best in any of them)."""
    pos = make_scoring_endgame("teams", 3112, 2, "hoarding")
    seat, six = pos.turn, ca.Card.from_str("6H")
    own = {}
    for card in pos.legal_moves():
        pos.push(card)
        own[card] = brute_force_value(pos, [seat])
        pos.pop()
    assert _best(brute_force_moves(pos)) == {six} and six not in _best(own)
    assert _best(ca.Solver(hash_mb=1).solve_moves(pos)) == {six}
    result = ca.Searcher(seed=1, algorithm="pimc").search(pos, seat, ca.Limit(iterations=40))
    assert result.algorithm == "pimc" and result.best == six


# --- the engine's solve on a position the solver refuses ----------------------------------


def test_copas_fora_engine_solve_of_an_unproven_revoke_is_one_error_line_without_traceback(caplog):
    """copas-fora, Revokes penalize: after seat 3 revokes on trick 1 (a diamond on the
    2♣ lead while holding clubs) the solver refuses the position; `solve` answers one
    `error solve` line and logs no traceback."""
    from support.cep.positions import ALL_HANDS

    from copas_ai.cep.facade import Engine
    from copas_ai.cep.loop import run_lines

    lines = ["setoption name Revokes value penalize",
             f"position variant copas-fora handno 3 {ALL_HANDS} moves 2C 2D", "solve"]
    with caplog.at_level("DEBUG"):
        out = run_lines(lines, Engine())
    assert out == ["error solve the solver refuses this position: "
                   "the solver does not judge a hand with an unproven revoke"]
    assert not [r for r in caplog.records if r.exc_info], [r.getMessage() for r in caplog.records]
