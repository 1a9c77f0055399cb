"""The `match` objective (issue 32, docs/MATCH_EQUITY.md): the search values a
finished hand by the seat's chance of winning the match from the totals after it,
read from a match-equity table that the core builds by simulation and dynamic
programming and the package caches on disk. The table is checked against direct
simulation of whole matches; seeded american positions show the decisions that
flip; the CEP option `Objective` and its errors."""

from __future__ import annotations

import io
import json
import pathlib

import jsonschema
import pytest

import copas_ai as ca
from copas_ai import _core
from copas_ai._core import MatchState, Position, deal, heuristic_card
from copas_ai.analysis.analyse import AnalysisSettings, analyse
from copas_ai.analysis.record import read_record
from copas_ai.analysis.report import report_json, write_text
from copas_ai.analysis.selfplay import selfplay
from copas_ai.analysis.verdict import MATCH_THRESHOLDS
from copas_ai.arena.config import ArenaConfig
from copas_ai.arena.play import play_game
from copas_ai.arena.players import parse_player
from copas_ai.arena.schedule import schedule
from copas_ai.cep.facade import Engine
from copas_ai.cli import main
from copas_ai.cep.loop import run_lines
from copas_ai.cep.position_text import position_to_text
from copas_ai.equity import EquityUnavailableError, cache_path, load_equity
from copas_ai.search import Limit, Searcher

# The table's stated error against direct simulation (docs/MATCH_EQUITY.md):
# buckets of 4 points in american, so a total stands for up to 2 points either side.
STATED_ERROR = 0.05
SIMULATED = 3000  # matches per sample of totals: a standard error under 0.01


@pytest.fixture(scope="module")
def american_table(tmp_path_factory):
    """american's table, built into a fresh cache directory (the user's is left alone)."""
    mp = pytest.MonkeyPatch()
    mp.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
    load_equity.__globals__["_loaded"].cache_clear()
    yield load_equity(ca.find_variant("american"))
    load_equity.__globals__["_loaded"].cache_clear()
    mp.undo()


@pytest.mark.parametrize("totals", [[0, 0, 0, 0], [90, 50, 50, 50], [50, 90, 60, 60], [80, 85, 20, 60],
                                    [70, 72, 75, 78], [30, 95, 40, 97]])
def test_american_equity_table_matches_direct_simulation_within_its_stated_error(american_table, totals):
    """american: the table's chances at sample totals against whole matches played
    out from those totals by the same playout policy (independent of the table's
    recorded hand outcomes and its buckets)."""
    table = american_table.values(MatchState(totals))
    direct = _core.simulate_match_wins(ca.find_variant("american").rules(), MatchState(totals), SIMULATED, seed=11)
    assert sum(table) == pytest.approx(1.0, abs=1e-3)
    for seat in range(4):
        assert abs(table[seat] - direct[seat]) <= STATED_ERROR + 3 * 0.0091, (seat, table, direct)


def test_american_equity_is_exact_once_the_match_is_over_and_a_shared_win_is_split(american_table):
    """american (tie rule: shared win): seat 0 at 100 ends the match; seats 1 and 2
    share the lowest total, so each has half a win and the others none."""
    assert american_table.values(MatchState([100, 50, 50, 60])) == pytest.approx([0, 0.5, 0.5, 0])


def test_equity_table_is_cached_under_the_user_cache_keyed_by_variant_seats_and_core(american_table):
    """The table's file lies under $XDG_CACHE_HOME/copas_ai/equity and names the
    variant, the seats and the core's version; a second load reads it back."""
    path = cache_path(ca.find_variant("american"), 4)
    assert path.exists() and path.name.startswith("american.4p.")
    load_equity.__globals__["_loaded"].cache_clear()
    again = load_equity(ca.find_variant("american"))
    assert again.to_bytes() == american_table.to_bytes()


def test_rook_has_no_equity_model_and_says_why():
    """rook plays a fixed number of hands (match_hands): the model refuses it by name."""
    with pytest.raises(EquityUnavailableError, match="no match-equity model for rook: .*match_hands"):
        load_equity(ca.find_variant("rook"))


def test_equity_tables_get_coarser_with_more_hand_outcomes_and_are_refused_below_the_floor(american_table):
    """The build's work is cells x distinct hand outcomes: american's 2,234 outcomes keep the
    finest table (22,000 cells); turbo's charges (27,236 outcomes) and queens (25,424) get about
    11,000 cells, buckets of 22 points (built in about 50 s of CPU, so not here); past 75,000
    outcomes the table would be under 4,000 cells and the build refuses it."""
    cells = ca._core.MatchEquity.cells_within_budget
    assert cells(2234) == 22000
    assert 10000 < cells(27236) < 12000
    assert cells(80000) < 4000
    assert american_table.width < 22


def test_unknown_objective_and_match_without_table_are_refused():
    rules = ca.find_variant("american").rules()
    pos = Position(rules, deal(rules, 1), dealer=3, hand_no=3)
    with pytest.raises(ValueError, match="unknown objective 'wins'"):
        Searcher(seed=1).search(pos, pos.turn, Limit(iterations=10), objective="wins")
    with pytest.raises(ValueError, match="needs the variant's MatchEquity table"):
        Searcher(seed=1).search(pos, pos.turn, Limit(iterations=10), objective="match")


def american_position(seed: int, plays: int) -> Position:
    """A seeded american hold hand (no pass) after `plays` heuristic cards."""
    rules = ca.find_variant("american").rules()
    pos = Position(rules, deal(rules, seed), dealer=3, hand_no=3)
    for i in range(plays):
        pos.push(heuristic_card(pos, seed=seed * 100 + i))
    return pos


def both_objectives(pos: Position, totals: list[int], table, iterations: int = 3000, seat: int | None = None):
    """`seat`'s decision (the seat to play by default) searched for points and for the match."""
    match = MatchState(totals)
    seat = pos.turn if seat is None else seat
    points = Searcher(seed=5, algorithm="ismcts").search(pos, seat, Limit(iterations=iterations), match=match)
    chance = Searcher(seed=5).search(pos, seat, Limit(iterations=iterations), match=match,
                                     objective="match", equity=table)
    return points, chance


def stat(result, card):
    return next(m for m in result.moves if m.move == card)


@pytest.mark.parametrize("seed,plays", [(7, 23), (17, 33)])
def test_american_seat_at_99_takes_no_point_even_at_a_higher_expected_cost(american_table, seed, plays):
    """american, every total at 99: any point this hand ends the match, and the seats
    that take none share the win. The seat to play (none taken yet) plays for the
    match a card the points search finds dearer in expected points, and that card's
    match-winning chance is clearly the better."""
    pos = american_position(seed, plays)
    assert pos.points_taken()[pos.turn] == 0
    points, chance = both_objectives(pos, [99, 99, 99, 99], american_table)
    assert chance.objective == "match" and points.objective == "points"
    assert chance.best != points.best
    assert stat(points, chance.best).score > stat(points, points.best).score  # a higher expected cost
    gap = stat(chance, chance.best).score - stat(chance, points.best).score
    assert gap > 2 * (stat(chance, chance.best).stderr + stat(chance, points.best).stderr)


@pytest.mark.parametrize("seed,plays", [(302, 18), (341, 21)])
def test_american_seat_feeds_the_queen_of_spades_when_the_leader_taking_it_wins_the_match(
        american_table, seed, plays):
    """american: the seat to play stands at 40, the next seat at 88 and the others at
    70 and 75; 13 more to the 88 ends the match with the seat the lowest. Void in the
    suit led with the Q♠ in hand, it throws the Q♠ on a trick the 88 may still win,
    where the points search throws a heart."""
    pos = american_position(seed, plays)
    me = pos.turn
    totals = [0] * 4
    totals[me], totals[(me + 1) % 4], totals[(me + 2) % 4], totals[(me + 3) % 4] = 40, 88, 70, 75
    assert (me + 1) % 4 not in [s for s, _ in pos.trick]  # the 88 plays after the seat
    points, chance = both_objectives(pos, totals, american_table)
    assert str(chance.best) == "QS"
    assert str(points.best) != "QS" and str(points.best).endswith("H")


def test_cep_objective_match_searches_for_the_match_and_refuses_rook(american_table):
    """CEP: `setoption name Objective value match` makes `go` play for the match from
    the `scores` totals: american, every total at 99, the seeded position above: the
    engine's bestmove is the match search's card, not the points search's, and its
    MultiMove scores are chances in [0, 1]. The option is refused for rook."""
    pos = american_position(7, 23)
    points, chance = both_objectives(pos, [99, 99, 99, 99], american_table)
    line = position_to_text(pos, "american", scores=[99, 99, 99, 99])
    setup = ["setoption name MultiMove value true", "setoption name Seed value 5",
             "setoption name Algorithm value ismcts"]
    plain = run_lines([*setup, line, "go iterations 3000"], Engine())
    played = run_lines([*setup, "setoption name Objective value match", line, "go iterations 3000"], Engine())
    assert plain[-1] == f"bestmove {points.best}"
    assert played[-1] == f"bestmove {chance.best}"
    scores = [float(l.split(" score ")[1].split()[0]) for l in played if l.startswith("info move")]
    assert scores and all(0.0 <= v <= 1.0 for v in scores)
    out = run_lines(["setoption name Variant value rook", "setoption name Objective value match"], Engine())
    assert out == ["error setoption option Objective: no match-equity model for rook: "
                   "a match of a fixed number of hands (match_hands) is not modelled"]


def test_american_analyse_objective_match_judges_by_match_winning_chance_and_says_so(american_table):
    """american: `analyse` with objective match rates each decision by the chance of
    winning the match it gave away; the report's header and its JSON settings name the
    objective and the match thresholds, and the JSON still fits copas-analysis/1."""
    record = read_record(selfplay("american", ["heuristic"], 2, 3, iterations=None))
    settings = AnalysisSettings(limit=Limit(iterations=150), hands=(2, 2), double_dummy_trick=None,
                                objective="match", seats={2})
    analysis = analyse(record, settings)
    searched = [d for d in analysis.decisions if not d.forced]
    assert searched and all(0.0 <= d.best_score <= 1.0 and 0.0 <= d.loss <= 1.0 for d in searched)
    text = io.StringIO()
    write_text(analysis, text)
    assert "objective match" in text.getvalue().splitlines()[0]
    data = report_json(analysis)
    assert data["settings"]["objective"] == "match" and data["settings"]["thresholds"] == MATCH_THRESHOLDS
    schema = json.loads((pathlib.Path(__file__).parent.parent / "docs" / "copas-analysis-1.schema.json").read_text())
    jsonschema.validate(data, schema)


@pytest.mark.parametrize("seed", [5, 8, 10])
def test_american_pass_feeds_the_queen_of_spades_to_the_leader_at_88(american_table, seed):
    """american, a pass to the left: the seat holding the Q♠ stands at 40, its left
    neighbour (who receives the pass) at 88, the others at 70 and 75. The pass bandit
    reads the same leaf values as the play: playing for the match it passes the Q♠
    left (13 more ends the match with the seat lowest), playing for points it keeps it."""
    rules = ca.find_variant("american").rules()
    pos = Position(rules, deal(rules, seed), dealer=3, hand_no=0)
    qs = ca.Card.from_str("QS")
    me = next(s for s in range(4) if qs in pos.hand(s))
    totals = [0] * 4
    totals[me], totals[(me + 1) % 4], totals[(me + 2) % 4], totals[(me + 3) % 4] = 40, 88, 70, 75
    points, chance = both_objectives(pos, totals, american_table, iterations=6000, seat=me)
    assert qs in set(chance.best) and qs not in set(points.best)
    assert chance.objective == "match" and all(0.0 <= m.score <= 1.0 for m in chance.moves)


def test_arena_matches_start_from_the_given_totals():
    """The arena's --start-totals: american matches from [95, 60, 70, 75] (one total per
    seat) end within a few hands with every total at least where it started; a set of
    the wrong length, or a total at the target, is refused by name."""
    config = ArenaConfig(("heuristic", "heuristic"), matches=True, starts=((95, 60, 70, 75),), deals=1)
    for game in schedule(1, 2, 4):
        record = play_game(config, game)
        assert all(p >= t for p, t in zip(record["points"], (95, 60, 70, 75)))
        assert record["winners"] and record["hands"] <= 4
    with pytest.raises(ValueError, match="give 4 totals, one per seat"):
        play_game(ArenaConfig(("heuristic",), matches=True, starts=((95, 60),)), schedule(1, 1, 4)[0])
    with pytest.raises(ValueError, match="every total must be under the target 100"):
        play_game(ArenaConfig(("heuristic",), matches=True, starts=((100, 0, 0, 0),)), schedule(1, 1, 4)[0])
    with pytest.raises(ValueError, match="use it with --matches"):
        ArenaConfig(("heuristic",), starts=((90, 0, 0, 0),))


def test_equity_command_shows_chances_and_refuses_rook(american_table, capsys):
    """`python -m copas_ai equity show american 99 60 70 80` prints every seat's chance
    (from the cached table); `equity build rook` fails with the model's reason."""
    assert main(["equity", "show", "american", "99", "60", "70", "80"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["seat 0", "seat 1", "seat 2", "seat 3"]
    assert sum(float(line.split(":")[1]) for line in lines) == pytest.approx(1.0, abs=0.01)
    assert main(["equity", "build", "rook"]) == 2
    assert "no match-equity model for rook" in capsys.readouterr().err


def test_arena_search_players_take_match_and_others_refuse_it():
    assert parse_player("auto:iterations=50,match=1").options == {"iterations": 50, "match": 1}
    with pytest.raises(ValueError, match="only ismcts, pimc, auto take match"):
        parse_player("openspiel:match=1")


@pytest.mark.parametrize("totals, hands, can_end", [
    ([0, 0, 0, 0], 1, False), ([73, 10, 20, 30], 1, False), ([74, 10, 20, 30], 1, True),
    ([10, 20, 74, 30], 1, True), ([47, 0, 0, 0], 2, False), ([48, 0, 0, 0], 2, True), ([0, 0, 0, 0], 4, True)])
def test_american_match_can_end_within_hands_when_one_seat_taking_26_a_hand_reaches_100(
        american_table, totals, hands, can_end):
    # american: 26 points a hand at most, the match ends at 100 (docs/RULES.md §21).
    assert american_table.can_end_within(MatchState(totals), hands) is can_end


@pytest.mark.parametrize("totals, objective", [([0, 0, 0, 0], "points"), ([40, 60, 30, 73], "points"),
                                               ([40, 60, 30, 74], "match"), ([95, 60, 70, 75], "match")])
def test_american_match_horizon_plays_for_points_until_one_hand_can_end_the_match(american_table, totals,
                                                                                   objective):
    """match_horizon=1: the match objective only once a hand can end the match; before
    that the hand's points (docs/MATCH_EQUITY.md, "The horizon")."""
    rules = ca.find_variant("american").rules()
    position = Position(rules, deal(rules, 5), hand_no=3)
    result = Searcher(seed=1, algorithm="ismcts", match_horizon=1).search(
        position, position.turn, Limit(iterations=200), match=MatchState(totals), objective="match",
        equity=american_table)
    assert result.objective == objective
    always = Searcher(seed=1, algorithm="ismcts").search(
        position, position.turn, Limit(iterations=200), match=MatchState(totals), objective="match",
        equity=american_table)
    assert always.objective == "match"  # the default horizon 0: always the match


def test_arena_horizon_is_the_match_objectives_option():
    assert parse_player("auto:iterations=10,match=1,horizon=2").options["horizon"] == 2
    with pytest.raises(ValueError, match="horizon=H goes with match"):
        parse_player("auto:iterations=10,horizon=2")


@pytest.mark.parametrize("seed,plays", [(7, 10), (17, 23)])
def test_american_match_points_weight_one_searches_exactly_as_the_points_objective(american_table, seed, plays):
    """match_points_weight=1: the match search's rewards are the hand's points alone, so with
    the same seed it visits every card exactly as the points search (its statistics still in
    match-winning chance); 0 (the default) is the match alone (docs/MATCH_EQUITY.md)."""
    pos = american_position(seed, plays)
    match = MatchState([80, 85, 20, 60])
    points = Searcher(seed=5, algorithm="ismcts").search(pos, pos.turn, Limit(iterations=2000), match=match)
    def match_search(weight):
        return Searcher(seed=5, algorithm="ismcts", match_points_weight=weight).search(
            pos, pos.turn, Limit(iterations=2000), match=match, objective="match", equity=american_table)
    as_points, as_match = match_search(1.0), match_search(0.0)
    assert as_points.objective == "match" and 0 <= stat(as_points, as_points.best).score <= 1
    assert {str(m.move): m.visits for m in as_points.moves} == {str(m.move): m.visits for m in points.moves}
    assert {str(m.move): m.visits for m in as_match.moves} != {str(m.move): m.visits for m in points.moves}


def test_american_match_points_weight_is_checked_and_is_an_engine_and_arena_option():
    with pytest.raises(ValueError, match="match_points_weight must be 0"):
        Searcher(match_points_weight=1.5)
    assert parse_player("auto:iterations=10,match=1,mpoints=20").options["mpoints"] == 20
    with pytest.raises(ValueError, match="mpoints=P goes with match"):
        parse_player("auto:iterations=10,mpoints=20")
    with pytest.raises(ValueError, match="mpoints=P"):
        parse_player("auto:iterations=10,match=1,mpoints=101")
    out = run_lines(["copas"], Engine())
    assert "option name MatchPointsWeight type spin default 0 min 0 max 100" in out


def test_cep_match_points_weight_100_plays_the_points_searchs_card(american_table):
    """CEP `setoption name MatchPointsWeight value 100` under `Objective match`: the seeded
    american position at 99 where the two objectives differ (above) answers the points
    search's card; 0 answers the match search's."""
    pos = american_position(7, 23)
    points, chance = both_objectives(pos, [99, 99, 99, 99], american_table)
    assert points.best != chance.best
    line = position_to_text(pos, "american", scores=[99, 99, 99, 99])
    setup = ["setoption name Seed value 5", "setoption name Algorithm value ismcts",
             "setoption name Objective value match"]
    weighted = run_lines([*setup, "setoption name MatchPointsWeight value 100", line, "go iterations 3000"], Engine())
    assert weighted[-1] == f"bestmove {points.best}"
    assert run_lines([*setup, line, "go iterations 3000"], Engine())[-1] == f"bestmove {chance.best}"
