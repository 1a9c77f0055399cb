"""`two-player` in CEP/1 (docs/PROTOCOL.md "The stock", docs/RULES.md §18): a fully known
position gives the stock's order (`stock <cards>`, top first); one seat's view gives the
cards it drew (`drawn <seat> <cards>`) and never sees the stock or the other seat's
draws; `legal` lists the playable cards, `go` answers, `show` gives the stock's size
and the draws the seat may know. Then complete games through the engine process,
rescored by the independent referee (tests/support/independent_scorer_two_player.py),
and the copas-game/1 record (carrying the stock) read back and analysed.
"""

from __future__ import annotations

import random

import pytest
from support.independent_scorer_two_player import referee

import copas_ai as ca
from copas_ai.analysis.analyse import AnalysisSettings, analyse
from copas_ai.analysis.record import dump_record, read_record, record_from_match
from copas_ai.errors import RecordError
from copas_ai.bots import make_bot
from copas_ai.game import Match, play_match
from copas_ai.search import Limit

VARIANT = "two-player"
NORTH = "9D,2C,3C,4C,5C,6C,7C"  # seat 0, the dealer's left: it leads
SOUTH = "AH,8S,9S,TS,JS,QS,KS"  # seat 1, the dealer: no diamonds


def stock_after(*top: str) -> str:
    used = set(NORTH.split(",") + SOUTH.split(",") + list(top))
    rest = [f + s for s in "CDHS" for f in "23456789TJQKA" if f + s not in used]
    return ",".join(list(top) + rest)


STOCK = stock_after("2S", "3S", "8C", "TD")
KNOWN = f"position variant {VARIANT} dealer 1 hand 0 {NORTH} hand 1 {SOUTH} stock {STOCK}"


def test_two_player_known_position_tp1_draws_and_legal(engine):
    """two-player TP-1 through the engine: N leads 9♦, S (void) plays A♥, N wins and
    draws 2♠ first, S the 3♠; `legal` is then N's 7 cards, `show` the stock's 36."""
    assert engine.ask(f"{KNOWN} moves 9D AH") == []
    assert engine.ask("legal") == ["legal 2C 3C 4C 5C 6C 7C 2S"]
    shown = engine.ask("show")
    assert "# stock  36 cards" in shown
    assert "# seat 0  drew 2S" in shown and "# seat 1  drew 3S" in shown
    engine.send("score")
    assert engine.until(lambda l: l.startswith("state")) == ["score 1 0", "total 1 0", "state playing turn 0"]


def test_two_player_known_position_follower_must_follow(engine):
    assert engine.ask(f"position variant {VARIANT} dealer 1 hand 0 {SOUTH} hand 1 {NORTH} "
                      f"stock {STOCK} moves 8S") == []
    assert engine.ask("legal") == ["legal 2C 3C 4C 5C 6C 7C 9D"]  # no spade: any card
    assert engine.ask(f"{KNOWN} moves 9D") == []
    assert engine.ask("legal") == ["legal AH 8S 9S TS JS QS KS"]


def test_two_player_refusals_name_the_token(engine):
    assert engine.ask(f"position variant {VARIANT} dealer 1 hand 0 {NORTH} hand 1 {SOUTH} moves 9D") == [
        f"error position hand 1 {SOUTH}: with every hand known give the stock's order too (stock <cards>, top first)"]
    short = STOCK.rsplit(",", 1)[0]
    answer = engine.ask(f"position variant {VARIANT} dealer 1 hand 0 {NORTH} hand 1 {SOUTH} stock {short}")
    assert answer == [f"error position stock {short}: impossible stock: the stock holds 38 cards, not 37 (missing AS)"]
    assert engine.ask(f"position variant {VARIANT} dealer 1 hand 0 {NORTH} stock {STOCK}") == [
        f"error position stock {STOCK}: seat 0 does not see the stock"]
    assert engine.ask(f"position variant {VARIANT} dealer 1 hand 0 {NORTH} drawn 1 3S") == [
        "error position drawn 1 3S: seat 0 does not see seat 1's draws"]
    assert engine.ask(f"position variant american hand 0 2C,3C,4C,5C,6C,7C,8C,9C,TC,JC,QC,KC,AC drawn 0 2D") == [
        "error position drawn 0 2D: variant american has no stock"]
    assert engine.ask(f"position variant {VARIANT} dealer 1 hand 0 {NORTH} drawn 0 2S,8C moves 9D 1:AH") == [
        "error position drawn 0 2S,8C: seat 0 has drawn 1 cards so far, not 2"]
    assert engine.ask(f"position variant {VARIANT} dealer 1 hand 0 {NORTH} moves 9D 1:AH 7C") == [
        "error position move 1:AH: move 1:AH: seat 0 draws after this trick: give the cards it drew"]


def test_two_player_one_seat_view_plays_its_drawn_card_and_hides_the_rest(engine):
    """two-player: seat 0's view after TP-1, having drawn the 2♠: `legal` holds it, `go`
    answers one of its cards, and `show` gives the stock's size and seat 0's own draw
    only, never seat 1's hand or draw."""
    view = f"position variant {VARIANT} dealer 1 hand 0 {NORTH} drawn 0 2S moves 9D 1:AH"
    assert engine.ask(view) == []
    assert engine.ask("legal") == ["legal 2C 3C 4C 5C 6C 7C 2S"]
    best = engine.bestmove()
    assert best.split()[1] in {"2C", "3C", "4C", "5C", "6C", "7C", "2S"}
    shown = engine.ask("show")
    assert "# stock  36 cards" in shown and "# seat 0  drew 2S" in shown
    assert "# seat 1  7 cards unseen  took -" in shown
    assert not any("3S" in line for line in shown)  # seat 1's draw stays hidden
    # Seat 1's view: it drew the 3♠ (N won the trick and drew first).
    assert engine.ask(f"position variant {VARIANT} dealer 1 hand 1 {SOUTH} drawn 1 3S moves 0:9D AH 0:2C") == []
    assert engine.ask("legal") == ["legal 3S 8S 9S TS JS QS KS"]


def test_two_player_views_along_a_whole_game_are_accepted_and_go_answers(engine):
    """two-player: every seat's view at every turn of a seeded game (its dealt hand, its draws
    so far, the moves) is accepted, `legal` is the truth's legal cards, and at a few turns
    `go` answers one of them."""
    r = ca.find_variant(VARIANT).rules()
    pos = ca.Position(r, ca.deal(r, 21), dealer=1)
    dealt = [pos.hand(s) for s in range(2)]
    rng = random.Random(21)
    while not pos.is_over():
        seat = pos.turn
        drawn = [str(c) for trick in pos.draws for s, c in trick if s == seat]
        moves = " ".join(f"{s}:{c}" for s, c in pos.moves)
        words = [f"position variant {VARIANT} dealer 1 hand {seat} {dealt[seat]}"]
        words += [f"drawn {seat} {','.join(drawn)}"] if drawn else []
        words += [f"moves {moves}"] if moves else []
        assert engine.ask(" ".join(words)) == []
        legal = sorted(pos.legal_moves(), key=int)
        assert engine.ask("legal") == ["legal " + " ".join(str(c) for c in legal)]
        if len(pos.moves) % 9 == 0:
            assert ca.Card.from_str(engine.bestmove("go iterations 40").split()[1]) in legal
        pos.push(rng.choice(legal))


@pytest.mark.parametrize("seed", range(12))
def test_two_player_complete_games_through_the_engine_rescored_independently(engine, seed):
    """two-player: a whole seeded game (random against heuristic) sent to the engine process
    as a fully known position: its `score` and `state` match the independent referee's."""
    match = play_match(Match.new(VARIANT, seed=seed), [make_bot("random", seed=seed), make_bot("heuristic", seed=seed)])
    hand = match.hands[0]
    ref = referee([sorted(str(c) for c in h) for h in hand.deal], [str(c) for c in hand.stock],
                  (hand.dealer + 1) % 2, [str(c) for _, c in hand.plays])
    words = [f"position variant {VARIANT} dealer {hand.dealer}"]
    words += [f"hand {s} {hand.deal[s]}" for s in range(2)]
    words += ["stock " + ",".join(map(str, hand.stock)), "moves " + " ".join(str(c) for _, c in hand.plays)]
    assert engine.ask(" ".join(words)) == []
    engine.send("score")
    assert engine.line() == "score " + " ".join(map(str, ref.points))
    assert engine.line() == "total " + " ".join(map(str, ref.points))
    assert engine.line() == f"state gameover winner {1 - ref.loser}"


def test_two_player_record_carries_the_stock_and_replays_and_analyse_judges_it():
    """two-player: the record writes the stock as dealt (the whole truth), reads back to the
    same plays and score, and analyse rates the cards from each seat's view."""
    match = Match.new(VARIANT, seed=5)
    play_match(match, [make_bot("heuristic", seed=1), make_bot("random", seed=2)])
    text = dump_record(record_from_match(match, ["ana", "bruno"]))
    assert '"stock": [' in text
    record = read_record(text)
    original, read = match.hands[0], record.hands[0]
    assert read.stock == original.stock and len(read.stock) == 38
    assert read.plays == original.plays and read.score == original.score
    assert record.finished(read)
    settings = AnalysisSettings(limit=Limit(iterations=20), hands=(1, 1), double_dummy_trick=None)
    decisions = analyse(record, settings).decisions
    assert len(decisions) == 52
    assert all(d.loss >= 0 for d in decisions)


def test_two_player_record_without_the_stock_is_refused():
    match = Match.new(VARIANT, seed=6)
    play_match(match, [make_bot("heuristic", seed=1), make_bot("random", seed=2)])
    data = record_from_match(match)
    del data["hands"][0]["stock"]
    with pytest.raises(RecordError, match="stock.*missing: the stock's order"):
        read_record(dump_record(data))
