"""What a front end is told (issue 34): the exact seat counts of each variant, the
side totals of a partnership game in `score` and `show`, spanish+kitty refused where
it would change nothing, and a refused `solve` as one error line with a quiet stderr.
"""

from __future__ import annotations

import pytest
from support.cep.positions import ALL_HANDS
from support.cep.process import EngineProcess

import copas_ai as ca
from copas_ai.cli import main
from copas_ai.cep.facade import Engine
from copas_ai.cep.loop import run_lines
from copas_ai.variants.seat_counts import parse_seat_counts, seat_counts_text

# --- seat counts ---------------------------------------------------------------------------------


@pytest.mark.parametrize("counts,text", [((4,), "4"), ((3, 5), "3,5"), ((3, 4, 5, 6), "3-6"),
                                         ((3, 5, 6, 7, 9), "3,5-7,9"), ((5, 3), "3,5")])
def test_seat_counts_text_round_trips(counts, text):
    assert seat_counts_text(counts) == text
    assert parse_seat_counts(text) == tuple(sorted(counts))


@pytest.mark.parametrize("bad", ["", "x", "3-", "5-3", "0", "3,,5", "-2"])
def test_seat_counts_refuses_what_is_not_a_count(bad):
    with pytest.raises(ValueError, match="bad seat counts"):
        parse_seat_counts(bad)


def test_three_five_seat_counts_are_3_and_5_and_4_is_refused_by_name():
    """three-five (§4): 3 or 5 seats; at 4 the error names both counts and why."""
    v = ca.find_variant("three-five")
    assert v.seat_counts == (3, 5) and v.default_players == 3
    with pytest.raises(ValueError, match=r"three-five is for 3,5 players, not 4 \(§4"):
        v.rules(4)
    assert ca.find_variant("three-five+qs-forced+kitty").seat_counts == (3, 5)


def test_play_refuses_three_five_at_4_seats_with_the_counts(capsys):
    """`python -m copas_ai play --variant three-five --players 4`: exit 2, the counts said."""
    assert main(["play", "--variant", "three-five", "--players", "4"]) == 2
    assert "three-five is for 3,5 players, not 4" in capsys.readouterr().err
    assert main(["play", "--variant", "three-five", "--players", "5", "--bots", "random", "--seed", "3"]) == 0


# --- spanish+kitty (§7: a kitty only with 3 players) -----------------------------------------------


@pytest.mark.parametrize("players", [4, 5])
def test_spanish_kitty_is_refused_at_4_and_5_seats(players):
    """spanish+kitty: 40 cards deal evenly to 4 (10 each) and 5 (8 each), so there is
    no kitty (§7 and seed S000 L171/L181: 'Não sobra morto'); the option is refused there."""
    v = ca.find_variant("spanish+kitty")
    with pytest.raises(ValueError, match=f"spanish\\+kitty is for 3 players, not {players} "
                                         f"\\(kitty: 40 cards deal evenly to {players} players"):
        v.rules(players)
    out = run_lines([f"position variant spanish+kitty players {players} dealer 0 handno 0"], Engine())
    assert out == [f"error position players {players}: variant spanish+kitty is for 3 players, not {players} "
                   f"(kitty: 40 cards deal evenly to {players} players, so there is no kitty)"]


def test_spanish_kitty_at_3_seats_keeps_its_one_card_kitty():
    """spanish+kitty, 3 players (§7: the three-five kitty method): 13 each and 1 card
    lies in the kitty (the 2♣ is back in the deck); that is its only seat count."""
    v = ca.find_variant("spanish+kitty")
    assert v.seat_counts == (3,) and v.default_players == 3
    rules = v.rules()
    assert (rules.hand_size, rules.kitty_size) == (13, 1)
    assert ca.find_variant("spanish+kitty+kitty-use").seat_counts == (3,)


# --- side totals of a partnership game -------------------------------------------------------------


def test_teams_score_and_show_give_the_side_totals():
    """teams (§3, A28a: partners opposite): `score` adds one `side <seats> score <v>
    total <t>` line per side after `total`, and `show` ends with the same lines."""
    lines = [f"position variant teams handno 3 scores 10 20 30 5 {ALL_HANDS} moves 2C 6C AC KC", "score", "show"]
    out = run_lines(lines, Engine())
    assert out[:5] == ["score 0 0 0 0", "total 10 20 30 5",
                       "side 0,2 score 0 total 40", "side 1,3 score 0 total 25", "state playing turn 0"]
    assert out[-2:] == ["# side 0,2 score 0 total 40", "# side 1,3 score 0 total 25"]


def test_teams_side_totals_sum_the_partners_after_a_whole_hand():
    """teams: after a whole hand each side line sums its two seats' `score` and `total`."""
    rules = ca.find_variant("teams").rules()
    pos = ca.Position(rules, ca.deal(rules, 7), dealer=3, hand_no=3)
    while not pos.is_over():
        pos.push(next(iter(pos.legal_moves())))
    moves = " ".join(f"{s}:{c}" for s, c in pos.moves)
    hands = " ".join(f"hand {s} {ca.CardSet(h)}" for s, h in enumerate(ca.deal(rules, 7)))
    out = run_lines([f"position variant teams dealer 3 handno 3 scores 1 2 3 4 {hands} moves {moves}", "score"],
                    Engine())
    score = [int(w) for w in out[0].split()[1:]]
    total = [int(w) for w in out[1].split()[1:]]
    assert out[2] == f"side 0,2 score {score[0] + score[2]} total {total[0] + total[2]}"
    assert out[3] == f"side 1,3 score {score[1] + score[3]} total {total[1] + total[3]}"
    assert out[4] == "state handover"


def test_individual_games_print_no_side_lines():
    """copas-fora: every seat plays alone, so `score` is still three lines."""
    out = run_lines([f"position variant copas-fora handno 3 {ALL_HANDS}", "score"], Engine())
    assert [line.split()[0] for line in out] == ["score", "total", "state"]


# --- a refused solve ------------------------------------------------------------------------------


def test_three_five_kitty_solve_refused_is_one_error_line_and_nothing_on_stderr():
    """three-five+kitty: with the kitty still lying the solver refuses the position;
    the engine process answers one `error solve` line and writes nothing to stderr."""
    rules = ca.find_variant("three-five+kitty").rules(3)
    hands = " ".join(f"hand {s} {ca.CardSet(h)}" for s, h in enumerate(ca.deal(rules, 5)))
    with EngineProcess() as engine:
        assert engine.ask(f"position variant three-five+kitty players 3 dealer 0 handno 2 {hands}") == []
        engine.send("solve")
        assert engine.line() == ("error solve the solver refuses this position: "
                                 "the solver needs the kitty taken; it still lies in this hand")
        engine.send("isready")
        assert engine.line() == "readyok"
        code, err = engine.close()
    assert code == 0 and err == b"", err
