"""`betting-chips` (docs/RULES.md §19) through the engine process (docs/PROTOCOL.md):
complete matches at several seat counts and seeds, each finished hand sent whole with
the chips of the seats still in (`scores`) and the pot (`match pot <n>`), `score`'s
hearts, chips and winner confirmed by the independent scorer
(tests/support/independent_scorer_chips.py); a one-hand view shows the removed cards'
count and never the cards; `go` plays a legal card; bad chips are refused."""

from __future__ import annotations

import pytest
from support.cep.process import EngineProcess
from support.independent_scorer_chips import hearts_taken, outcome, settle

import copas_ai as ca
from copas_ai.bots import make_bot
from copas_ai.game import Match, play_hand
from copas_ai.moves.kitty import move_texts

VARIANT = "betting-chips+start-chips=10"


def hand_line(position: ca.Position, dealt, chips: list[int], pot: int) -> str:
    n = position.players
    words = [f"position variant {VARIANT} players {n} dealer {position.dealer} handno {position.hand_no}",
             "scores " + " ".join(map(str, chips))]
    if pot:
        words.append(f"match pot {pot}")
    words += [f"hand {s} {dealt[s]}" for s in range(n)]
    return " ".join(words + ["moves " + " ".join(move_texts(position))])


@pytest.mark.parametrize("players", [3, 4, 5, 7])
def test_betting_chips_complete_matches_through_the_engine_confirmed_independently(players):
    """betting-chips with <players> seats, seeds 1-2: every hand's hearts, the chips after it
    (of the seats still in) and the match's end and winner as the independent scorer finds them."""
    with EngineProcess() as engine:
        for seed in (1, 2):
            match = Match.new(VARIANT, players=players, seed=seed)
            bots = [make_bot("random", seed=seed * 100 + s) for s in range(players)]
            chips, pot = [10] * players, 0
            while not match.is_over():
                assert len(match.hands) < 400
                seats = [s for s in range(players) if chips[s] > 0]
                position = match.deal_next_hand()
                dealt = position.hands
                play_hand(position, [bots[s] for s in seats])
                hearts = hearts_taken([str(c) for _, c in position.moves], len(seats), position.dealer)
                assert engine.ask(hand_line(position, dealt, [chips[s] for s in seats], pot)) == []
                engine.send("score")
                score, total, state = engine.line(), engine.line(), engine.line()
                chips, pot = settle(chips, pot, hearts, position.dealer)
                assert score == "score " + " ".join(map(str, hearts))
                assert total == "total " + " ".join(str(chips[s]) for s in seats)
                over, winners = outcome(chips)
                if over:  # the engine names hand seats
                    assert state == "state gameover winner " + ",".join(str(seats.index(w)) for w in winners)
                else:
                    assert state.startswith("state handover")
                match.record_hand(dealt, position)
                assert (match.totals, match.state.pot) == (chips, pot)
        code, err = engine.close()
    assert code == 0 and b"Traceback" not in err


def test_betting_chips_view_shows_the_removed_count_not_the_cards_and_go_plays():
    """5 seats: 2 cards removed unseen; seat 1's `show` says so and lists only its own
    cards; `go` answers a legal card from the sampled worlds."""
    rules = ca.find_variant("betting-chips").rules(5)
    p = ca.Position(rules, ca.deal(rules, 9), dealer=0, hand_no=0)
    with EngineProcess() as engine:
        assert engine.ask(f"position variant betting-chips players 5 dealer 0 hand 1 {p.hand(1)}") == []
        shown = engine.ask("show")
        assert "# removed 2 cards unseen" in shown and "# chips before this hand  50 50 50 50 50" in shown
        assert sum("cards unseen" in line for line in shown) == 4 + 1
        engine.send("legal")
        legal = engine.line().split()[1:]
        best = engine.bestmove("go iterations 100").split()[1]
        assert best in legal and ca.Card.from_str(best) in p.hand(1)
        engine.close()


@pytest.mark.parametrize("line, error", [
    ("position variant betting-chips players 4 scores 5 0 5 5", "seat 1 has 0 chips: a seat without chips is out"),
    ("position variant american match pot 3", "pot: this variant plays for points, not chips"),
    ("position variant betting-chips match pot", "pot: expected the pot's chips"),
    ("position variant betting-chips players 9", "variant betting-chips is for 2-8 players, not 9"),
])
def test_betting_chips_bad_chips_are_refused_with_a_reason(line, error):
    with EngineProcess() as engine:
        answer = engine.ask(line)
        assert len(answer) == 1 and answer[0].startswith("error position") and error in answer[0], answer
        code, err = engine.close()
    assert code == 0 and b"Traceback" not in err


def test_betting_chips_objective_match_is_refused_the_match_is_for_chips():
    """The match-equity model reads points totals against a target: a chips match (the pot,
    elimination) is refused with the reason, not valued by a wrong table."""
    with EngineProcess() as engine:
        engine.send("setoption name Variant value betting-chips")
        answer = engine.ask("setoption name Objective value match")
        assert len(answer) == 1 and "no match-equity model for betting-chips: a match for chips" in answer[0], answer
        code, err = engine.close()
    assert code == 0 and b"Traceback" not in err
