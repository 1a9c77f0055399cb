"""Helpers for the variants with charges (turbo §8, gong-zhu §9): make every seat's
charge decision in turn, and read what each seat took as card strings."""

from __future__ import annotations

import copas_ai as ca


def charge_all(pos: ca.Position, picks: dict[int, str] | None = None) -> None:
    """Every seat's charge in turn: `picks[seat]` ('QS', 'none'), else none."""
    picks = picks or {}
    while pos.phase == "deciding":
        seat, word = pos.decision
        assert word == "charge"
        pos.decide(f"charge={picks.get(seat, 'none')}", seat=seat)


def won_text(pos: ca.Position) -> list[set[str]]:
    return [{str(c) for c in pos.won[s]} for s in range(pos.players)]
