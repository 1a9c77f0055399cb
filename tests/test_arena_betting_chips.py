"""The arena on `betting-chips` matches (docs/RULES.md §19): with --matches a game's points
are the chips each seat ends with, so more is better whatever the hand's goal; a match
goes on after eliminations with the seats left; --start-totals must give every seat chips."""

from __future__ import annotations

import pytest

from copas_ai.arena import ArenaConfig, RunOptions, run_arena
from copas_ai.arena.play import start_totals


def test_betting_chips_arena_matches_count_chips_higher_better():
    config = ArenaConfig(players=("heuristic", "random"), variant="betting-chips+start-chips=6", seats=4,
                         seed=3, deals=2, matches=True, max_hands=300)
    summary = run_arena(config, RunOptions(workers=1, reference=1))
    assert not summary.goal_low
    # Every match ends with one seat holding all 4 x 6 chips (the pot empty: §19's takings never
    # fall short), so a player's two seats and the other's hold 24 a match between them.
    assert summary.deals == 2
    heuristic, other = summary.players
    assert heuristic.points_per_match + other.points_per_match == pytest.approx(12)
    assert heuristic.win_rate + other.win_rate == pytest.approx(1)


def test_betting_chips_arena_start_totals_need_chips_for_every_seat():
    config = ArenaConfig(players=("random", "random"), variant="betting-chips", seats=4, matches=True,
                         starts=((5, 0, 5, 5),))
    with pytest.raises(ValueError, match="every seat needs chips"):
        start_totals(config, 0, 4)
