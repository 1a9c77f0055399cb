"""Whole two-copy matches (two-deck, cancellation, uno-hearts: docs/RULES.md §13-§15) through the engine
process, each hand replayed by an independent referee that scores it and keeps the totals."""

from __future__ import annotations

from support.cep.process import EngineProcess
from support.independent_referee_two_deck import TwoDeckMatch, TwoDeckReferee
from support.twin_hands import held

from copas_ai.bots import make_bot
from copas_ai.cep.position_text import position_to_text
from copas_ai.game import Match, play_hand


def engine_scores(engine: EngineProcess, match: Match, position, variant_id: str, before: list[int],
                  expected: list[int], where: str) -> None:
    """The engine process loads the finished hand as a full position (with the totals
    before it) and its `score` is the referee's `expected`."""
    line = position_to_text(position, variant_id, scores=before,
                            match=match.hand_state() if match.state.tiebreak else None)
    assert engine.ask(line) == [], line
    engine.send("score")
    assert engine.line() == "score " + " ".join(map(str, expected)), where


def play_through_engine(engine: EngineProcess, variant_id: str, players: int, seed: int,
                        referee_class: type = TwoDeckReferee) -> Match:
    """A match of random bots; each finished hand goes whole to the engine process and is
    replayed by the independent referee (`referee_class`), which scores it and keeps the totals."""
    partners = "+partners" in variant_id
    match = Match.new(variant_id, players, seed=seed)
    bots = [make_bot("random", seed=seed * 100 + s) for s in range(players)]
    referee_match = TwoDeckMatch(players, partners)
    while not match.is_over():
        assert len(match.hands) < 60, f"{variant_id} seed {seed}: no end after 60 hands"
        before = list(match.totals)
        position = match.deal_next_hand()
        dealt = [sorted(held(position, s).elements()) for s in range(players)]
        play_hand(position, bots)
        referee = referee_class(dealt, position.dealer)
        for _, card in position.moves:
            referee.play(str(card))
        assert referee.over()
        expected = referee.scores()
        where = f"{variant_id} {players} seats seed {seed} hand {position.hand_no}"
        engine_scores(engine, match, position, variant_id, before, expected, where)
        referee_match.add_hand(expected)
        assert engine.line() == "total " + " ".join(map(str, referee_match.totals)), where
        state_line = engine.until(lambda l: l.startswith("state "))[-1]
        record = match.record_hand(position.hands, position)
        assert record.score == expected and match.totals == referee_match.totals, where
        assert match.outcome() == referee_match.outcome(), where
        assert state_line.split()[1] == ("gameover" if referee_match.outcome()[0] else "handover"), where
    return match
