"""The arena's statistics: identical players come out even, the heuristic bot
beats random by a wide margin, and the sequential stop looks in deal order."""

import math

import pytest

from copas_ai.arena import ArenaConfig, RunOptions, run_arena
from copas_ai.arena.stats import difference, sequential_stop, summarize


@pytest.mark.slow  # statistical: many games, 19 s under the sanitizers
def test_identical_players_differ_by_less_than_two_standard_errors():
    """american, heuristic vs heuristic over 300 duplicate deals (passing cycle included)."""
    summary = run_arena(ArenaConfig(("heuristic", "heuristic"), deals=300, seed=11), RunOptions(workers=1))
    assert summary.deals == 300 and summary.games == 600
    (d,) = summary.differences
    assert d.label == "heuristic" and summary.reference == "heuristic#2"
    assert 0 < d.se < 1.0
    assert abs(d.mean) < 2 * d.se


def test_heuristic_beats_random_by_a_wide_margin_and_the_interval_says_so():
    """american, 100 duplicate deals: the heuristic takes several points per hand fewer."""
    summary = run_arena(ArenaConfig(("heuristic", "random"), deals=100, seed=12), RunOptions(workers=1))
    (d,) = summary.differences
    assert d.mean < -3.0
    assert d.high < 0 and d.excludes_zero()
    heuristic, random_ = summary.players
    assert heuristic.points_per_hand < random_.points_per_hand


def test_match_mode_reports_points_per_match_and_win_rates():
    """copas-fora, whole matches: win rates of the two players sum to one."""
    summary = run_arena(ArenaConfig(("heuristic", "random"), variant="copas-fora", deals=4, seed=2, matches=True),
                        RunOptions(workers=1))
    a, b = summary.players
    assert a.win_rate + b.win_rate == pytest.approx(1.0)
    assert a.points_per_match > a.points_per_hand


def test_difference_interval_is_mean_plus_minus_1_96_se():
    d = difference("x", [1.0, 3.0, 2.0, 4.0])
    assert d.mean == 2.5
    assert d.se == pytest.approx(math.sqrt(5 / 3) / 2)
    assert (d.low, d.high) == pytest.approx((2.5 - 1.96 * d.se, 2.5 + 1.96 * d.se))


def _records(diffs):
    """One two-player deal per diff: player 0 takes `diff` more points per hand than player 1."""
    out = []
    for deal, diff in enumerate(diffs):
        for arrangement, seats in enumerate(([0, 1, 0, 1], [1, 0, 1, 0])):
            points = [diff + 5 if p == 0 else 5 for p in seats]
            out.append({"deal": deal, "arrangement": arrangement, "seats": seats, "points": points, "hands": 1})
    return out


def test_sequential_stop_takes_the_first_look_that_excludes_zero():
    records = _records([0.1 * (-1) ** d for d in range(40)] + [-5 + 0.1 * (d % 3) for d in range(40)])
    look = sequential_stop(records, 2, 2, 1, check_every=10, min_deals=20)
    assert look == 50  # looks at 20, 30, 40 see only the even deals; at 50 the clear ones count
    summary = summarize(records, ["a", "b"], 2, 1, max_deals=look)
    assert summary.deals == 50 and summary.differences[0].mean < 0


def test_sequential_stop_ignores_deals_beyond_a_gap():
    """A deal still running (here deal 10) hides the later ones from the looks."""
    records = [r for r in _records([-5 + 0.1 * (d % 3) for d in range(30)]) if r["deal"] != 10]
    assert sequential_stop(records, 2, 2, 1, check_every=5, min_deals=5) == 5
    assert sequential_stop(records, 2, 2, 1, check_every=5, min_deals=15) is None


def test_sequential_run_stops_early_when_the_difference_is_clear():
    """american, heuristic vs random with --sequential: stops at the first look (40 deals) of 400."""
    summary = run_arena(ArenaConfig(("heuristic", "random"), deals=400, seed=13),
                        RunOptions(workers=1, sequential=True, check_every=20, min_deals=40))
    assert summary.deals == 40
