"""The arena's duplicate schedule: each player sits each seat of each deal
equally often, and every game's randomness comes from (seed, deal, arrangement)."""

from collections import Counter

import pytest

from copas_ai.arena import ArenaConfig, RunOptions, arrangements, run_arena
from copas_ai.arena.backends import run_games
from copas_ai.arena.results import ResultsFile
from copas_ai.arena.schedule import schedule


@pytest.mark.parametrize("n_players,seats", [(n, s) for s in (3, 4, 5, 6) for n in range(1, 5) if n <= s])
def test_each_player_sits_each_seat_equally_often(n_players, seats):
    counts = Counter((p, s) for seating in arrangements(n_players, seats) for s, p in enumerate(seating))
    for p in range(n_players):
        per_seat = {counts[(p, s)] for s in range(seats)}
        assert len(per_seat) == 1 and per_seat != {0}, f"player {p}: {counts}"


def test_two_players_on_four_seats_alternate_and_swap():
    assert arrangements(2, 4) == [[0, 1, 0, 1], [1, 0, 1, 0]]
    assert [g.seats for g in schedule(2, 2, 4)] == [(0, 1, 0, 1), (1, 0, 1, 0), (0, 1, 0, 1), (1, 0, 1, 0)]


def test_too_many_players_for_the_seats_is_an_error():
    with pytest.raises(ValueError, match="need 1 to 4 players"):
        arrangements(5, 4)


def test_american_run_records_cover_every_seat_of_every_deal_once_per_player(tmp_path):
    """american, 3 players on 4 seats: per deal, each player's seat count is the same for every seat."""
    out = tmp_path / "r.jsonl"
    config = ArenaConfig(("heuristic", "random", "heuristic:moon=0"), deals=5, seed=3)
    run_arena(config, RunOptions(out=out, workers=1))
    with ResultsFile(out, config, resume=True) as results:
        records = results.records
    assert len(records) == 5 * 4
    for deal in range(5):
        counts = Counter((p, s) for r in records if r["deal"] == deal for s, p in enumerate(r["seats"]))
        for p in range(3):
            assert len({counts[(p, s)] for s in range(4)}) == 1


def test_a_game_is_the_same_whichever_process_plays_it():
    """american: the same records from one process and from a pool of two (iteration-limited search)."""
    config = ArenaConfig(("ismcts:iterations=60", "heuristic"), deals=3, seed=4)
    inline = sorted(run_games(config, schedule(3, 2, 4), workers=1), key=lambda r: (r["deal"], r["arrangement"]))
    pooled = sorted(run_games(config, schedule(3, 2, 4), workers=2), key=lambda r: (r["deal"], r["arrangement"]))
    assert inline == pooled
    assert len({tuple(r["points"]) for r in inline}) > 1
