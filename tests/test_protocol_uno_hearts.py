"""`uno-hearts` (docs/RULES.md §15, S000 L305-331, A48a-f) in the registry, the protocol and
the records (docs/PROTOCOL.md, "uno-hearts"): a full position gives every dealt hand (a card
twice when dealt both copies), the passes (a card twice when both copies are passed), the
stock's order and the moves; the pairs' draws and the 8s' swaps are the core's forced steps,
shown by `show`; `go` searches a full position (ISMCTS over the two-copy sampler; the pass is the playout
policy's, unsearched, unless `UnoPassSearch` asks for the pass bandit over the same worlds) and
`analyse` judges the pass (searched) and the cards (one-seat views: tests/test_view_uno_hearts.py).
Whole matches at 3, 4 and 7 seats (and end (b), elimination) go through
the engine process and each hand is rescored by the independent referee of
tests/support/independent_referee_uno.py."""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest
from support.cep.process import EngineProcess
from support.independent_referee_uno import UnoReferee
from support.twin_matches import engine_scores
from support.uno_hands import held

import copas_ai as ca
from copas_ai._core import MoonScope
from copas_ai.analysis.analyse import AnalysisSettings, analyse
from copas_ai.analysis.record import dump_record, read_record, record_from_match, replay
from copas_ai.bots import make_bot
from copas_ai.cep.facade import Engine
from copas_ai.cep.loop import run_lines
from copas_ai.cep.position_text import position_to_text
from copas_ai.cli import main
from copas_ai.errors import PositionTextError
from copas_ai.game import Match, play_hand, play_match
from copas_ai.moves.twins import dealt_twins, twin_card_list
from copas_ai.search import Limit

VARIANT = "uno-hearts"


def test_uno_hearts_is_registered_3_to_7_seats_4_by_default_with_its_options():
    v = ca.find_variant(VARIANT)
    assert v.seat_counts == (3, 4, 5, 6, 7) and v.default_players == 4 and v.goal == "low"
    assert ca.find_variant("uno-hearts+elimination").seat_counts == (2, 3, 4, 5, 6, 7)  # A48f: end (b)
    assert ca.find_variant("uno-hearts+elimination").rules(4).eliminate_at_target
    assert ca.find_variant("uno-hearts+moon-scope=all-27").rules().moon_scope == MoonScope.ALL_CARDS
    assert ca.find_variant("uno-hearts+moon-scope").rules().moon_scope == MoonScope.IN_PLAY
    assert {"uno-hearts", "uno-hearts+elimination", "uno-hearts+moon-scope"} <= set(ca.catalogue_ids())
    with pytest.raises(ca.VariantNotFoundError, match="moon-scope is in-play or all-27"):
        ca.find_variant("uno-hearts+moon-scope=half")


def played_hand(players: int, seed: int) -> ca.Position:
    match = Match.new(VARIANT, players, seed=seed)
    pos = match.deal_next_hand()
    play_hand(pos, [make_bot("random", seed=seed * 10 + s) for s in range(players)])
    return pos


def test_uno_hearts_full_position_round_trips_and_show_gives_the_draws_and_swaps():
    # Seeds found by search: hands with a draw and a swap.
    pos = next(p for seed in range(1, 40) if (p := played_hand(4, seed))
               and any(p.pair_draws(t) for t in range(13)) and any(p.hand_swaps(t) for t in range(13)))
    line = position_to_text(pos, VARIANT)
    assert "stock " in line and all(line.count(f"hand {s} ") == 1 for s in range(4))
    out = run_lines([line, "show", "score"], Engine())
    drawn = [t for t in range(13) if pos.pair_draws(t)]
    shown = [o for o in out if o.startswith("# trick") and " drew " in o]
    assert len(shown) == len(drawn)
    assert f"drew {' '.join(map(str, pos.pair_draws(drawn[0])))}" in shown[0]
    assert any("swapped hands with seat" in o for o in out)
    assert out[-3] == "score " + " ".join(map(str, pos.score()))
    engine = Engine()
    engine.set_position(line.split()[1:])
    assert position_to_text(engine._loaded().position, VARIANT) == line


def test_uno_hearts_a_pass_of_both_copies_in_a_position():
    # Seat 0 passes both copies of a card it was dealt twice; the line names it twice.
    match = next(m for seed in range(1, 50) if (m := Match.new(VARIANT, 4, seed=seed))
                 and (p := m.deal_next_hand()).twins[0])
    pos = match.deal_next_hand()
    pair = next(iter(pos.twins[0]))
    other = next(c for c in pos.hand(0) if c != pair)
    pos.set_twin_pass(0, [pair, pair, other])
    for s in range(1, 4):
        pos.set_pass(s, ca.CardSet(list(pos.hand(s))[:3]))
    line = position_to_text(pos, VARIANT)
    assert f"passed 0 {','.join(twin_card_list(ca.CardSet([pair, other]), ca.CardSet([pair])))}" in line
    engine = Engine()
    engine.set_position(line.split()[1:])
    assert held(engine._loaded().position, 3)[str(pair)] >= 2  # seat 3, seat 0's right, received both
    assert Counter(dealt_twins(pos, 0)[0]) == Counter(dealt_twins(engine._loaded().position, 0)[0])
    got = ",".join(twin_card_list(ca.CardSet([pair, other]), ca.CardSet([pair])))
    Engine().set_position(f"{line} received 3 {got}".split()[1:])
    with pytest.raises(PositionTextError, match=f"seat 3 received {got}"):
        Engine().set_position(f"{line} received 3 {pair},{other}".split()[1:])
    clubs = ",".join(r + "C" for r in "23456789TJQKA")
    with pytest.raises(PositionTextError, match="passed 0 2C,2C,3C: .*card 2C listed twice"):
        Engine().set_position(f"variant american seat 0 hand 0 {clubs} passed 0 2C,2C,3C".split())


def uno_position_after(plays: int, seed: int = 2) -> tuple[Match, ca.Position]:
    """A match's first hand, random passes and `plays` random cards in."""
    match = Match.new(VARIANT, 4, seed=seed)
    pos = match.deal_next_hand()
    bots = [make_bot("random", seed=s) for s in range(4)]
    for s in range(4):
        pos.set_pass(s, bots[s].choose_pass(pos, s, 3))
    for _ in range(plays):
        pos.push(bots[pos.turn].choose_card(pos, pos.turn), seat=pos.turn)
    return match, pos


def test_uno_hearts_go_searches_a_full_position_and_repeats_with_a_seed():
    _match, pos = uno_position_after(9)
    line = position_to_text(pos, VARIANT)
    ask = [line, "legal", "setoption name Seed value 5", "setoption name MultiMove value true", "go iterations 300"]
    out = run_lines(ask, Engine())
    assert out[0] == "legal " + " ".join(map(str, pos.legal_moves()))
    best = out[-1].split()
    assert best[0] == "bestmove" and ca.Card.from_str(best[1]) in pos.legal_moves()
    rated = {line.split()[2] for line in out if line.startswith("info move ")}
    assert rated == {str(c) for c in pos.legal_moves()}  # every legal card rated
    again = run_lines(ask, Engine())
    moves = [line for line in out if line.startswith(("info move", "bestmove"))]
    assert [line for line in again if line.startswith(("info move", "bestmove"))] == moves  # seeded


def test_uno_hearts_go_during_the_pass_gives_the_heuristic_pass_unsearched_by_default():
    match = Match.new(VARIANT, 4, seed=3)
    pos = match.deal_next_hand()
    out = run_lines([position_to_text(pos, VARIANT) + " seat 1", "go iterations 50"], Engine())
    expected = ca.heuristic_pass(pos.rules, pos.hand(1), 3)
    assert out[-1] == "bestmove " + ",".join(map(str, expected)), out
    assert out[0].startswith("info ") and " iterations 0 " in out[0], out


def test_uno_hearts_go_during_the_pass_with_unopasssearch_searches_it_and_reports_every_pass():
    match = Match.new(VARIANT, 4, seed=3)
    pos = match.deal_next_hand()
    ask = [position_to_text(pos, VARIANT) + " seat 1", "setoption name Seed value 4",
           "setoption name UnoPassSearch value true", "setoption name MultiMove value true", "go iterations 400"]
    out = run_lines(ask, Engine())
    assert out[0].startswith("info ") and " iterations 400 " in out[0] + " ", out[0]
    rated = {line.split()[2]: line for line in out if line.startswith("info move ")}
    assert len(rated) == math.comb(len(pos.hand(1)), 3)  # every 3 of the seat's values, one copy each
    assert sum(int(line.split(" visits ")[1].split()[0]) for line in rated.values()) == 400
    best = out[-1].split()
    assert best[0] == "bestmove" and best[1] in rated
    passed = ca.CardSet.from_str(best[1])
    assert len(passed) == 3 and passed <= pos.hand(1)
    again = run_lines(ask, Engine())
    assert again[1:] == out[1:]  # seeded (the first line's time and ips vary)


def test_uno_hearts_analyse_judges_the_pass_and_the_cards():
    match = Match.new(VARIANT, 4, seed=2)
    play_match(match, [make_bot("random", seed=s) for s in range(4)], max_hands=1)
    record = read_record(dump_record(record_from_match(match)))
    analysis = analyse(record, AnalysisSettings(limit=Limit(iterations=60), seats={0}, hands=(1, 1)))
    hand = record.hands[0]
    judged_pass, *cards = analysis.decisions
    # The pass first, searched from the hand as dealt: the record's pass among the passes rated.
    assert judged_pass.trick is None and judged_pass.played == hand.passes[0]
    assert judged_pass.played_score is not None and judged_pass.best_score is not None
    assert len(judged_pass.best) == 3 and judged_pass.best <= hand.deal[0]
    assert len(cards) == 13 and all(d.trick is not None for d in cards)
    assert [d.played for d in cards] == [card for seat, card in hand.plays if seat == 0]
    assert all(d.forced or d.best_score is not None for d in cards)


@pytest.mark.parametrize("players", [3, 4, 7])
def test_uno_hearts_records_round_trip(players):
    match = Match.new(VARIANT, players, seed=players)
    play_match(match, [make_bot("random", seed=s) for s in range(players)])
    back = read_record(dump_record(record_from_match(match)))
    assert len(back.hands) == len(match.hands) and [h.twins for h in back.hands] == [h.twins for h in match.hands]
    assert [h.stock for h in back.hands] == [h.stock for h in match.hands]
    for hand in back.hands:
        final = replay(back, hand)
        assert final.is_over() and final.score() == hand.score


def test_uno_hearts_a_record_whose_passes_name_a_card_twice_is_read():
    """uno-hearts: a copas-game/1 record whose `passes` name a card twice (seat 1 passed both
    copies of a card: bots never do, a person may) is written so, read back, replayed to the
    same final position and rescored by the independent referee."""
    match = next(m for seed in range(1, 80) if (m := Match.new(VARIANT, 4, seed=seed)).deal_next_hand().twins[1])
    pos = match.deal_next_hand()
    dealt = [pos.hand(s) for s in range(4)]
    pair = next(iter(pos.twins[1]))
    for s in range(4):
        cards = [pair, pair, next(c for c in pos.hand(1) if c != pair)] if s == 1 else list(pos.hand(s))[:3]
        pos.set_twin_pass(s, [str(c) for c in cards])
    bots = [make_bot("heuristic", seed=s) for s in range(4)]
    while not pos.is_over():
        pos.push(bots[pos.turn].choose_card(pos, pos.turn), seat=pos.turn)
    match.record_hand(dealt, pos)
    text = dump_record(record_from_match(match))
    assert json.loads(text)["hands"][0]["passes"][1].count(str(pair)) == 2
    hand = read_record(text).hands[0]
    assert hand.pass_twins[1] == ca.CardSet([pair]) and not any(hand.pass_twins[s] for s in (0, 2, 3))
    final = replay(read_record(text), hand)
    assert final.moves == pos.moves and final.score() == hand.score == referee_of(final).scores()


def referee_of(position: ca.Position) -> UnoReferee:
    """The hand replayed by the referee from the deal, the stock, the passes and the plays."""
    n = position.players
    dealt = [twin_card_list(*dealt_twins(position, s)) for s in range(n)]
    scope = "all-27" if position.rules.moon_scope == MoonScope.ALL_CARDS else "in-play"
    referee = UnoReferee(dealt, [str(c) for c in position.dealt_stock], position.dealer, scope)
    referee.pass_cards([twin_card_list(position.passed_parts[s], position.passed_twins[s]) for s in range(n)])
    for _, card in position.moves:
        referee.play(str(card))
    assert referee.over()
    return referee


def play_through_engine(engine: EngineProcess, variant_id: str, players: int, seed: int) -> Match:
    """A match of random bots; each finished hand goes whole to the engine process, which
    scores it; the referee rescores it and the totals are summed here (end (a): >= 100, the
    lowest wins, a tie for the lowest plays on; end (b): the match's seats still in)."""
    match = Match.new(variant_id, players, seed=seed)
    bots = [make_bot("random", seed=seed * 100 + s) for s in range(players)]
    totals = [0] * players
    while not match.is_over():
        assert len(match.hands) < 60, f"{variant_id} seed {seed}: no end after 60 hands"
        seats = match.seats_in_play()
        before = [match.totals[s] for s in seats]
        position = match.deal_next_hand()
        play_hand(position, [bots[s] for s in seats])
        expected = referee_of(position).scores()
        where = f"{variant_id} {players} seats seed {seed} hand {position.hand_no}"
        engine_scores(engine, match, position, variant_id, before, expected, where)
        engine.until(lambda l: l.startswith("state "))
        for i, s in enumerate(seats):
            totals[s] += expected[i]
        record = match.record_hand(position.hands, position)
        assert record.score == expected and match.totals == totals, where
    low = min(match.totals[s] for s in match.outcome()[1])
    if not match.rules.eliminate_at_target:
        assert max(totals) >= 100 and match.outcome()[1] == [s for s in range(players) if totals[s] == low]
        assert len(match.outcome()[1]) == 1  # a tie for the lowest plays on (Copas Fora's A11)
    return match


@pytest.mark.parametrize("variant_id,players", [(VARIANT, 3), (VARIANT, 4), (VARIANT, 7),
                                                ("uno-hearts+elimination", 4),
                                                ("uno-hearts+moon-scope=all-27", 5)])
def test_uno_hearts_complete_matches_through_the_engine_confirmed_by_the_referee(variant_id, players):
    with EngineProcess() as engine:
        for seed in range(1, 6):
            assert play_through_engine(engine, variant_id, players, seed).is_over()
        code, err = engine.close()
    assert code == 0 and b"Traceback" not in err


@pytest.mark.parametrize("players", [3, 7])
def test_uno_hearts_heuristic_bots_play_whole_matches(players):
    match = play_match(Match.new(VARIANT, players, seed=7), [make_bot("heuristic", seed=s) for s in range(players)])
    assert match.is_over()
    for hand in match.hands:
        assert sum(hand.score) >= 0


def test_uno_hearts_from_the_command_line_plays_with_the_search(capsys):
    """`play` with the default players (a search on seat 0, the heuristic elsewhere) plays
    uno-hearts (the table, `--seat`: tests/test_view_uno_hearts.py)."""
    assert main(["play", "--variant", VARIANT, "--seed", "1", "--bots", "ismcts,heuristic,random,heuristic"]) == 0
    assert "trick 13" in capsys.readouterr().out


def test_uno_hearts_an_engines_pass_naming_a_card_twice_passes_both_copies():
    """uno-hearts: `bestmove 7D,7D,2C` from a CEP engine is a pass of both copies of 7D
    (parse_move gives the card list, set_any_pass the core's two-copy pass); the same
    answer under one copy of each card is refused naming the card."""
    from copas_ai.engine import parse_move
    from copas_ai.moves.passes import set_any_pass

    match = next(m for seed in range(1, 80) if (m := Match.new(VARIANT, 4, seed=seed)).deal_next_hand().twins[2])
    pos = match.deal_next_hand()
    pair = next(iter(pos.twins[2]))
    other = next(c for c in pos.hand(2) if c != pair)
    move = parse_move(f"{pair},{pair},{other}")
    assert move == [pair, pair, other]
    set_any_pass(pos, 2, move)
    assert pos.passed_twins[2] == ca.CardSet([pair])
    american = Match.new("american", 4, seed=1).deal_next_hand()
    cards = list(american.hand(0))
    with pytest.raises(ca.InvalidCardError, match=f"card {cards[0]} listed twice"):
        set_any_pass(american, 0, parse_move(f"{cards[0]},{cards[0]},{cards[1]}"))
