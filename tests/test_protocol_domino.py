"""`domino` in CEP/1 (docs/PROTOCOL.md "The stock", docs/RULES.md §17, A50a-g): a fully
known position gives every hand and the stock's order (`stock <cards>`, top first), then
the moves, cards and discards alike (the core makes the draws); `legal`, `go`, `show`
and `score` answer (a one-seat view: tests/test_view_domino.py).
Then complete matches through the engine process at several seat counts, end (a) and
`domino+elimination` (end (b)), each hand replayed and rescored by the independent
referee (tests/support/independent_referee_domino.py, which shares nothing with the
core), and the copas-game/1 records read back.
"""

from __future__ import annotations

import pytest
from support.independent_referee_domino import DominoReferee, EliminationTally

import copas_ai as ca
from copas_ai.analysis.record import dump_record, read_record, record_from_match, replay
from copas_ai.bots import make_bot
from copas_ai.errors import RecordError
from copas_ai.game import Match, play_hand

VARIANT = "domino"
# Seats 0-3 clockwise; seat 1 deals, so seat 0 (his right) leads (A50c). Seat 1 has no spade.
HANDS = ["AS,2C,3C,4C,5C,6C", "7C,8C,9C,TC,JC,QC", "KS,2D,4D,5D,6D,7D", "QS,KC,AC,8D,9D,TD"]
TOP = ["2H", "3D", "7S"]  # the stock's top: seat 1 draws 2H, 3D, then 7S, a spade


def full_stock() -> list[str]:
    used = set(",".join(HANDS).split(",")) | set(TOP)
    return TOP + [f + s for s in "CDHS" for f in "23456789TJQKA" if f + s not in used]


KNOWN = (f"position variant {VARIANT} dealer 1 " + " ".join(f"hand {s} {h}" for s, h in enumerate(HANDS))
         + " stock " + ",".join(full_stock()))


def test_domino_do1_through_the_engine_a_void_seat_draws_until_it_can_follow(engine):
    """domino DO-1: seat 0 leads A♠; seat 1, void in spades, draws 2♥, 3♦, 7♠ and must
    play the 7♠ (`legal 7S`); `show` gives the stock's 25 cards and seat 1's draws."""
    assert engine.ask(f"{KNOWN} moves AS") == []
    assert engine.ask("legal") == ["legal 7S"]
    shown = engine.ask("show")
    assert "# stock  25 cards" in shown and "# seat 1  drew 3D 2H 7S" in shown
    assert "# seat 1  holds 7C,8C,9C,TC,JC,QC,3D,2H,7S  took -" in shown
    assert "# plays  0:AS" in shown
    assert engine.bestmove("go iterations 50") == "bestmove 7S"


def test_domino_a_trick_of_four_led_suit_cards_is_won_by_the_highest(engine):
    """domino: A♠ 7♠ K♠ Q♠ is a whole trick (N = 4 led-suit cards); seat 0 wins it and leads."""
    assert engine.ask(f"{KNOWN} moves AS 7S KS QS") == []
    assert engine.ask("legal") == ["legal 2C 3C 4C 5C 6C"]
    assert "# seat 0  holds 2C,3C,4C,5C,6C  took 7S,QS,KS,AS" in engine.ask("show")
    engine.send("score")
    assert engine.until(lambda l: l.startswith("state")) == ["score 0 0 0 0", "total 0 0 0 0", "state playing turn 0"]


def test_domino_refusals_name_the_token(engine):
    view = f"position variant {VARIANT} dealer 1 hand 0 {HANDS[0]}"
    assert engine.ask(f"{view} stock 2H") == ["error position stock 2H: seat 0 does not see the stock"]
    assert engine.ask(f"{KNOWN} moves AS 7C") == [
        "error position move 7C: illegal move 7C: must follow suit (spades led)"]
    assert engine.ask(f"{KNOWN} moves AS 1:7S 3:QS") == [
        "error position move 3:QS: seat 3 cannot play QS: it is seat 2's turn"]
    no_stock = KNOWN.split(" stock ")[0]
    assert engine.ask(no_stock) == [f"error position hand 3 {HANDS[3]}: with every hand known give the stock's "
                                    "order too (stock <cards>, top first)"]
    assert engine.ask(f"{no_stock} stock 2H")[0].startswith("error position stock 2H: impossible stock")
    assert engine.ask(f"{KNOWN} drawn 1 2H") == [
        "error position drawn 1 2H: with every hand known the draws follow from the stock"]
    assert engine.ask(f"{KNOWN.replace('dealer 1', 'players 9 dealer 1')}") == [
        "error position players 9: variant domino is for 3-8 players, not 9"]
    assert engine.ask("setoption name Variant value american+elimination") == [
        "error setoption option Variant: variant 'american+elimination': option elimination is for domino, "
        "uno-hearts only"]


def engine_position(variant_id: str, position: ca.Position, dealt, totals: list[int]) -> str:
    n = position.players
    return " ".join([f"position variant {variant_id} players {n} dealer {position.dealer} handno {position.hand_no}",
                     "scores " + " ".join(map(str, totals)), *(f"hand {s} {dealt[s]}" for s in range(n)),
                     "stock " + ",".join(map(str, position.dealt_stock)),
                     "moves " + " ".join(f"{seat}:{card}" for seat, card in position.moves)])


def refereed(position: ca.Position, dealt) -> DominoReferee:
    """The hand replayed by the independent referee: each move's seat is the referee's turn."""
    ref = DominoReferee([sorted(str(c) for c in h) for h in dealt], [str(c) for c in position.dealt_stock],
                        position.dealer)
    for seat, card in position.moves:
        assert ref.turn == seat
        ref.play(str(card))
    assert ref.over
    return ref


def record_one_hand(match: Match, bots) -> None:
    position = match.deal_next_hand()
    dealt = position.hands
    play_hand(position, bots)
    match.record_hand(dealt, position)


def play_through_engine(engine, variant_id: str, players: int, seed: int) -> Match:
    """A whole seeded match by random bots; each hand sent whole to the engine, whose
    `score`, `total` and `state` lines are the referee's and the independent tally's."""
    match = Match.new(ca.find_variant(variant_id), players=players, seed=seed)
    bots = [make_bot("random", seed=seed * 100 + s) for s in range(players)]
    tally = EliminationTally(players, eliminate="elimination" in variant_id)
    while not match.is_over():
        assert len(match.hands) < 200, f"{variant_id} seed {seed}: no end"
        seats = match.seats_in_play()
        position = match.deal_next_hand()
        dealt = position.hands
        play_hand(position, [bots[s] for s in seats])
        scores = refereed(position, dealt).scores()
        before = [tally.totals[s] for s in seats]
        assert engine.ask(engine_position(variant_id, position, dealt, before)) == []
        tally.add(seats, scores)
        engine.send("score")
        where = f"{variant_id} {players} seats, seed {seed}, hand {position.hand_no}"
        assert engine.line() == "score " + " ".join(map(str, scores)), where
        assert engine.line() == "total " + " ".join(str(tally.totals[s]) for s in seats), where
        state = engine.line().split()
        match.record_hand(dealt, position)
        over, winners = tally.outcome()
        assert match.outcome() == (over, sorted(winners)), where
        assert state[:2] == ["state", "gameover" if over else "handover"], where
        if over:  # the engine names hand seats: the seats still in, in match order
            assert state[2:4] == ["winner", ",".join(str(seats.index(s)) for s in sorted(winners))], where
    return match


@pytest.mark.parametrize("players", [3, 4, 8])
def test_domino_complete_matches_through_the_engine_rescored_by_the_referee(engine, players):
    """domino end (a) (A50a: 3-8 seats): whole matches to 100, every hand rescored."""
    for seed in (1, 2):
        assert play_through_engine(engine, VARIANT, players, seed).is_over()


@pytest.mark.parametrize("players", [3, 4])
def test_domino_elimination_complete_matches_through_the_engine_rescored_by_the_referee(engine, players):
    """domino+elimination (end (b)): the hands go to the seats still in (`players` the
    count still in, `scores` theirs), down to hands of 2; the last seat in wins."""
    for seed in (1, 2):
        match = play_through_engine(engine, f"{VARIANT}+elimination", players, seed)
        assert match.is_over() and any(h.seats is not None for h in match.hands)


@pytest.mark.parametrize("variant_id, players", [(VARIANT, 4), (VARIANT, 8), (f"{VARIANT}+elimination", 4)])
def test_domino_records_round_trip_and_replay_as_the_referee_plays(variant_id, players):
    """copas-game/1: a domino match's record (the deal, the stock's order, the moves with
    their discards) reads back with the same scores; each hand replays to its end."""
    match = Match.new(ca.find_variant(variant_id), players=players, seed=5)
    bots = [make_bot("random", seed=s) for s in range(players)]
    while not match.is_over():
        record_one_hand(match, [bots[s] for s in match.seats_in_play()])
    record = read_record(dump_record(record_from_match(match)))
    assert record.variant.id == variant_id
    assert [h.score for h in record.hands] == [h.score for h in match.hands]
    assert [h.seats for h in record.hands] == [h.seats for h in match.hands]
    for hand in record.hands:
        position = replay(record, hand)
        assert position.is_over() and list(position.score()) == refereed(position, hand.deal).scores()


def test_domino_broken_record_is_refused_by_name():
    match = Match.new(ca.find_variant(VARIANT), players=4, seed=6)
    record_one_hand(match, [make_bot("random", seed=s) for s in range(4)])
    data = record_from_match(match)
    del data["hands"][0]["stock"]
    with pytest.raises(RecordError, match="hand 1, stock: missing: the stock's order"):
        read_record(dump_record(data))
