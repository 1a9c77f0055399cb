"""The family variants through the engine's protocol (docs/PROTOCOL.md `position`, `legal`,
`go`): one seat's dealt hand, its pass and the public moves; the engine rebuilds worlds
from that view (world_from_view), the kitty's unseen cards included, and answers a
legal card."""

from __future__ import annotations

import random

import pytest

import copas_ai as ca
from copas_ai.cep.loop import run_lines

CASES = [("three-five", 5), ("three-five+kitty", 3), ("three-five+kitty=first-point-taker", 5),
         ("negative-scoring", 4), ("spanish+sueca-order", 5), ("spanish+kitty", 3), ("spot", 4),
         ("black-maria", 4), ("classic-3to6", 3), ("classic-3to6", 6)]


def cards_text(cards) -> str:
    return ",".join(str(c) for c in cards) or "-"


@pytest.mark.parametrize("variant, players", CASES)
@pytest.mark.parametrize("hand_no", [0, 1])
def test_family_protocol_go_from_one_seats_view_answers_a_legal_card(variant, players, hand_no):
    rules = ca.find_variant(variant).rules(players)
    rng = random.Random(hand_no * 100 + players)
    dealer = hand_no % players
    pos = ca.Position(rules, ca.deal(rules, 40 + hand_no), dealer=dealer, hand_no=hand_no)
    dealt = pos.hands
    if pos.phase == "passing":
        count = sum(n for _, n in pos.pass_plan)
        for s in range(players):
            pos.set_pass(s, ca.CardSet(rng.sample(list(pos.hand(s)), count)))
    moves = []
    while len(pos.moves) < rng.randrange(players, 3 * players):
        card = rng.choice(list(pos.legal_moves()))
        moves.append(f"{pos.turn}:{card}")
        pos.push(card)
    seat = pos.turn
    line = (f"position variant {variant} players {players} dealer {dealer} handno {hand_no} "
            f"seat {seat} hand {seat} {cards_text(dealt[seat])}")
    if pos.pass_plan:
        line += f" passed {seat} {cards_text(pos.passed[seat])} received {seat} {cards_text(pos.received[seat])}"
    line += " moves " + " ".join(moves)
    out = run_lines([line, "legal", "go iterations 30"])
    assert not [o for o in out if o.startswith("error")], out
    want = {str(c) for c in pos.legal_moves()}
    legal = next(o for o in out if o.startswith("legal "))
    assert set(legal.split()[1:]) == want
    assert out[-1].startswith("bestmove ") and out[-1].split()[1] in want
