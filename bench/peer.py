"""OpenSpiel's Hearts as a peer for the benchmarks: the same positions in both
engines (mappings as in tests/test_openspiel_differential.py: seats identical,
OpenSpiel card action = face * 4 + suit, deal action k goes to seat k % 4)."""

from __future__ import annotations

import copas_ai as ca


def os_action(card: ca.Card) -> int:
    return card.face * 4 + card.suit


def peer_state(position: ca.Position):
    """OpenSpiel's state at the same point as a no-pass `position` (hand_no 3)."""
    import pyspiel

    if position.pass_plan:
        raise ValueError("peer positions are no-pass hands (OpenSpiel's ISMCTS crashes in the pass)")
    game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False, "pass_cards": False})
    state = game.new_initial_state()
    state.apply_action(0)  # "No Pass": pass_cards=False is ignored at this chance node
    dealt = [list(position.hands[s] | ca.CardSet([c for p, c in position.moves if p == s])) for s in range(4)]
    for k in range(52):
        state.apply_action(os_action(dealt[k % 4][k // 4]))
    for _, card in position.moves:
        state.apply_action(os_action(card))
    return game, state


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
