"""OpenSpiel's Hearts as a peer for the benchmarks: the same positions in both
engines (mappings as in tests/test_openspiel_differential.py: seats identical,
OpenSpiel card action = face * 4 + suit, deal action k goes to seat k % 4)."""

from __future__ import annotations

import copas_ai as ca
from copas_ai.arena.openspiel_player import os_action, peer_state  # noqa: F401  (the benches import them from here)


def fixed_positions(seed: int = 3, plays=(5, 13, 29)) -> list[ca.Position]:
    """No-pass american positions after `plays` heuristic cards from one deal (each
    with a real choice: a forced move makes OpenSpiel's bot return at once)."""
    rules = ca.find_variant("american").rules()
    out = []
    for n in plays:
        pos = ca.Position(rules, ca.deal(rules, seed), hand_no=3)
        for i in range(n):
            pos.push(ca.heuristic_card(pos, seed=i))
        assert len(pos.legal_moves()) > 1, f"forced move after {n} cards"
        out.append(pos)
    return out
