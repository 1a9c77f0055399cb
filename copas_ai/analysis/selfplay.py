"""Self-play: built-in bots play a match and the match becomes a copas-game/1 record."""

from __future__ import annotations

from typing import Any, Callable

from copas_ai.bots import make_bot
from copas_ai.game import Match, play_hand
from copas_ai.analysis.record import record_from_match


def seat_bots(names: list[str], players: int) -> list[str]:
    """One bot name per seat: a single name fills every seat."""
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ValueError(f"--bots needs 1 or {players} names, got {len(names)}")
    return names


def selfplay(variant: str, bots: list[str], hands: int, seed: int, players: int | None = None,
             iterations: int | None = 2000, on_hand: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Plays one match of `variant` (at most `hands` hands; fewer once the match is
    over) with the named bots and returns its record. Deals and bots follow `seed`."""
    if hands < 1:
        raise ValueError("--hands must be at least 1")
    match = Match.new(variant, players=players, seed=seed)
    names = seat_bots(bots, match.players)
    # The same per-seat bot seeds as `play`, so both commands play alike.
    players_bots = [make_bot(name, seed=seed * 1000 + seat, iterations=iterations) for seat, name in enumerate(names)]
    while not match.is_over() and len(match.hands) < hands:
        seated = [players_bots[s] for s in match.seats_in_play()]  # chips (docs/RULES.md §19): the seats still in
        position = match.deal_next_hand()
        dealt = position.hands
        play_hand(position, seated)
        match.record_hand(dealt, position)
        if on_hand:
            on_hand(len(match.hands))
    return record_from_match(match, [f"{name} {seat}" for seat, name in enumerate(names)])
