"""Whole hands played through the real engine process with `go` choosing every
decision (the pass and each card), each seat from its own information, checked
against the Python API: every bestmove is legal, and `score` agrees at the end."""

import pytest
from support.cep.process import EngineProcess

import copas_ai as ca


@pytest.mark.parametrize("variant,seed", [("american", 21), ("copas-fora", 22)])
def test_whole_hand_with_every_decision_from_go(variant, seed):
    rules = ca.find_variant(variant).rules()
    dealt = ca.deal(rules, seed)
    truth = ca.Position(rules, dealt, dealer=3, hand_no=0)
    head = f"position variant {variant} dealer 3 handno 0 " + " ".join(f"hand {s} {dealt[s]}" for s in range(4))
    engine = EngineProcess()
    try:
        engine.ask("setoption name Seed value 5")
        passes = []
        for seat in range(4):
            engine.send(f"{head} seat {seat}")
            engine.send("go iterations 400")
            best = engine.until(lambda l: l.startswith("bestmove"))[-1].split()[1]
            passes.append(best)
            cards = ca.CardSet.from_str(best)
            assert len(cards) == 3 and cards <= dealt[seat]
        for seat in range(4):
            truth.set_pass(seat, ca.CardSet.from_str(passes[seat]))
        head += " " + " ".join(f"passed {s} {passes[s]}" for s in range(4))
        moves = []
        while not truth.is_over():
            seat = truth.turn
            engine.send(f"{head} seat {seat}" + (f" moves {' '.join(moves)}" if moves else ""))
            engine.send("go iterations 200")
            card = ca.Card.from_str(engine.until(lambda l: l.startswith("bestmove"))[-1].split()[1])
            assert card in truth.legal_moves()
            truth.push(card)
            moves.append(f"{seat}:{card}")
        out = engine.ask(f"{head} moves {' '.join(moves)}\nscore")
        assert out[0] == "score " + " ".join(map(str, truth.score()))
        assert out[2] == "state handover"
    finally:
        engine.send("quit")
        assert engine.close()[0] == 0
