"""three-five+kitty+kitty-use (the into-hand kitty, docs/RULES.md §4) through the protocol
(docs/PROTOCOL.md: decisions are `<seat>:<word>=<value>` moves), the game record ("<word>=<value>"
in `plays`), the match flow, the bots and the analysis.

Protocol forms (docs/PROTOCOL_GUIDE.md):
* `<seat>:discard=<c1>,<c2>` the taker's discard, right after the trick that takes the kitty;
  in another seat's one-hand view it is face down: `<seat>:discard=?`;
* `<seat>:kitty=<cards>` in the taker's own one-hand view: the kitty it took;
* `legal` in the discard step: `legal discard <k> <the taker's cards>`; `go`: `bestmove discard=<cards>`.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import jsonschema
import pytest

import copas_ai as ca
from copas_ai.analysis.analyse import AnalysisSettings, analyse, decision_points, view_world
from copas_ai.bots import make_bot
from copas_ai.game import Match, play_hand, play_match
from copas_ai.moves.kitty import dealt_hand, move_texts, view_move_texts
from copas_ai.cep.position_text import position_to_text
from copas_ai.cep.loop import run_lines
from copas_ai.analysis.record import dump_record, read_record, record_from_match, replay
from copas_ai.analysis.report import report_json, write_text
from copas_ai.search import Limit

SCHEMA = Path(__file__).resolve().parents[1] / "docs" / "copas-analysis-1.schema.json"

INTO = "three-five+kitty+kitty-use"
INTO_FPT = "three-five+kitty=first-point-taker+kitty-use"


def hand_until(variant: str, players: int, seed: int, stop) -> tuple[ca.RuleSet, list[ca.CardSet], ca.Position]:
    """A random hand of `variant` in its no-pass hand of the cycle, played (whole random
    discards) until stop(pos)."""
    rules = ca.find_variant(variant).rules(players)
    dealt = ca.deal(rules, seed)
    pos = ca.Position(rules, dealt, dealer=0, hand_no=NO_PASS[players])
    rng = random.Random(seed)
    while not stop(pos) and not pos.is_over():
        if pos.discarding:
            pos.discard(ca.CardSet(rng.sample(list(pos.hand(pos.turn)), pos.discards_left)))
        else:
            pos.push(rng.choice(list(pos.legal_moves())))
    return rules, dealt, pos


NO_PASS = {3: 2, 5: 4}  # the hand numbers without a pass in the 3- and 5-seat cycles


def at_discard_step(pos: ca.Position) -> bool:
    return pos.discarding


def view_line(variant: str, pos: ca.Position, seat: int) -> str:
    return (f"position variant {variant} players {pos.players} dealer 0 handno {pos.hand_no} seat {seat} "
            f"hand {seat} {dealt_hand(pos, seat)} moves " + " ".join(view_move_texts(pos, seat)))


@pytest.mark.parametrize("variant, players", [(INTO, 3), (INTO_FPT, 5)])
def test_three_five_into_hand_protocol_legal_and_go_in_the_discard_step(variant, players):
    """<variant>, <players> players, the taker's own view at the discard step: `legal`
    answers `legal discard <k> <its cards>` (the kitty included) and `go` answers
    `bestmove discard=<k of them>`; the full position answers the same `legal`."""
    rules, dealt, pos = hand_until(variant, players, 3, at_discard_step)
    taker = pos.kitty_taker
    k = rules.kitty_size
    out = run_lines(["setoption name Seed value 1", view_line(variant, pos, taker), "legal", "go iterations 60"])
    assert not [o for o in out if o.startswith("error")], out
    assert f"legal discard {k} {pos.hand(taker)}" in out
    best = out[-1].split()
    assert best[0] == "bestmove" and best[1].startswith("discard=")
    chosen = ca.CardSet.from_str(best[1].split("=")[1])
    assert len(chosen) == k and chosen <= pos.hand(taker)
    known = run_lines([position_to_text(pos, variant), "legal", "score"])
    assert f"legal discard {k} {pos.hand(taker)}" in known
    assert f"state playing turn {taker}" in known


@pytest.mark.parametrize("variant, players", [(INTO, 3), (INTO_FPT, 5)])
def test_three_five_into_hand_protocol_show_names_the_discard_step(variant, players):
    """<variant>, <players> players: `show` at the discard step says the taker discards
    (and how many cards), not that it is to play; after the discard, the seat to play."""
    rules, dealt, pos = hand_until(variant, players, 3, at_discard_step)
    taker, k = pos.kitty_taker, rules.kitty_size
    shown = run_lines([position_to_text(pos, variant), "show"])
    assert f"# state playing  seat {taker} to discard {k}  " in "\n".join(shown) + " ", shown
    pos.discard(ca.CardSet(sorted(pos.hand(taker))[:k]))
    after = "\n".join(run_lines([position_to_text(pos, variant), "show"]))
    assert f"seat {pos.turn} to play" in after and "to discard" not in after


def test_three_five_into_hand_protocol_other_seats_see_the_discard_face_down():
    """three-five+kitty=first-point-taker+kitty-use, 5 players: after the discard, another
    seat's view writes it `<taker>:discard=?` and its `go` answers a legal card; writing
    the cards there, or leaving the discard out, is refused naming the move."""
    variant = INTO_FPT
    rules, dealt, pos = hand_until(variant, 5, 7, lambda p: p.kitty_taker is not None and not p.discarding
                                   and p.turn != p.kitty_taker)
    seat, taker = pos.turn, pos.kitty_taker
    line = view_line(variant, pos, seat)
    moves = line.split(" moves ")[1]
    assert f"{taker}:discard=?" in moves and "kitty=" not in moves
    out = run_lines([line, "legal", "go iterations 40"])
    assert not [o for o in out if o.startswith("error")], out
    want = {str(c) for c in pos.legal_moves()}
    assert out[-1].split()[1] in want
    shown = line.replace(f"{taker}:discard=?", f"{taker}:discard={pos.discards}")
    assert "face down" in run_lines([shown])[0]
    missing = line.replace(f" {taker}:discard=?", "")  # the taker led after it: a card follows
    assert "discards first" in run_lines([missing])[0]


def test_three_five_into_hand_protocol_takers_view_needs_its_kitty():
    """three-five+kitty+kitty-use, 3 players: the taker's own view without its `kitty=` is
    refused (it holds those cards); with it, `legal` lists them."""
    rules, dealt, pos = hand_until(INTO, 3, 5, at_discard_step)
    taker = pos.kitty_taker
    line = view_line(INTO, pos, taker)
    without = line.replace(f" {taker}:kitty={pos.kitty}", "")
    answer = run_lines([without])
    assert answer and answer[0].startswith("error position") and "took the kitty" in answer[0]
    assert f"legal discard 1 {pos.hand(taker)}" in run_lines([line, "legal"])


def test_three_five_into_hand_protocol_taker_plays_the_kitty_card_it_took():
    """three-five+kitty+kitty-use, 3 players: once the taker has played the card it took
    from the kitty, its own view (with `kitty=`) is accepted and its `go` answers a legal
    card; before the fix the view's card check left the kitty out of the taker's hand
    ("seat 2 does not hold JD", found by the GUI's browser test)."""
    def played_its_kitty(p: ca.Position) -> bool:  # and is to play again
        return (p.kitty_taker is not None and p.turn == p.kitty_taker and not p.discarding
                and any(seat == p.kitty_taker and card in p.kitty for seat, card in p.moves))

    for seed in range(1, 200):
        rules, dealt, pos = hand_until(INTO, 3, seed, played_its_kitty)
        if played_its_kitty(pos) and not pos.is_over():
            break
    else:
        pytest.fail("no seed where the taker plays its kitty card")
    taker = pos.kitty_taker
    line = view_line(INTO, pos, taker)
    assert f"{taker}:kitty={pos.kitty}" in line and f"{taker}:{pos.kitty}" in line
    out = run_lines([line, "go iterations 40"])
    assert not [o for o in out if o.startswith("error")], out
    assert out[-1].split()[1] in {str(c) for c in pos.legal_moves()}


@pytest.mark.parametrize("bad, why", [("discard={two}", "1 card, not 2"), ("discard=?", "write its cards"),
                                      ("pass=2C", "no decision 'pass'")])
def test_three_five_into_hand_protocol_bad_discards_are_refused(bad, why):
    """three-five+kitty+kitty-use, 3 players, every hand known: a discard of the wrong
    size, a face-down one, or another decision word is an `error position` naming the move."""
    rules, dealt, pos = hand_until(INTO, 3, 5, at_discard_step)
    two = ca.CardSet(list(pos.hand(pos.kitty_taker))[:2])
    line = position_to_text(pos, INTO) + f" {pos.kitty_taker}:{bad.format(two=two)}"
    answer = run_lines([line])
    assert answer and answer[0].startswith("error position") and why in answer[0], answer


@pytest.mark.parametrize("variant, players", [(INTO, 3), (INTO_FPT, 5)])
def test_three_five_into_hand_position_text_round_trip(variant, players):
    """<variant>, <players> players: a finished hand written as a `position` line (the
    discard in its place) loads back to the same hands, won cards, discards and score."""
    rules, dealt, pos = hand_until(variant, players, 11, lambda p: False)
    text = position_to_text(pos, variant)
    assert f"{pos.kitty_taker}:discard={pos.discards}" in text
    out = run_lines([text, "score"])
    assert out[0] == "score " + " ".join(map(str, pos.score()))


def test_three_five_into_hand_record_round_trip_and_replay():
    """three-five+kitty+kitty-use: a whole match of random bots, written as copas-game/1 (the
    discard as "discard=<cards>" among the plays) and read back: same plays, discards and
    scores; replay() gives the discard step at its place and the end position."""
    match = Match.new(INTO, players=3, seed=4)
    play_match(match, [make_bot("random", seed=s) for s in range(3)], max_hands=3)
    data = json.loads(dump_record(record_from_match(match)))
    plays = data["hands"][0]["plays"]
    at, cards = match.hands[0].discard
    assert plays[at] == f"discard={cards}" and len(plays) == 3 * 17 + 1
    record = read_record(data)
    for mine, theirs in zip(match.hands, record.hands):
        assert (theirs.plays, theirs.discard, theirs.score) == (mine.plays, mine.discard, mine.score)
    hand = record.hands[0]
    assert replay(record, hand, at).discards == cards
    assert replay(record, hand).score() == hand.score


def test_three_five_into_hand_record_refuses_a_bad_discard():
    """three-five+kitty+kitty-use: a record whose discard is a card the taker lacks, or in a
    variant without the into-hand kitty, names the hand and the play."""
    match = Match.new(INTO, players=3, seed=4)
    play_match(match, [make_bot("random", seed=s) for s in range(3)], max_hands=1)
    data = record_from_match(match)
    at, cards = match.hands[0].discard
    bad = json.loads(json.dumps(data))
    bad["hands"][0]["plays"][at] = f"discard={match.hands[0].plays[0][1]}"  # a card played in trick 1
    with pytest.raises(ValueError, match=f"hand 1, play {at + 1}.*does not hold"):
        read_record(bad)
    other = json.loads(json.dumps(data))
    other["variant"] = "three-five+kitty"
    with pytest.raises(ValueError, match="no decision 'discard'"):
        read_record(other)


@pytest.mark.parametrize("bot", ["random", "heuristic", "ismcts"])
def test_three_five_into_hand_bots_discard_the_kittys_size(bot):
    """three-five+kitty=first-point-taker+kitty-use, 5 players: each bot makes whole
    discards of 2 of the taker's cards in a played hand."""
    match = Match.new(INTO_FPT, players=5, seed=2)
    bots = [make_bot(bot, seed=s, iterations=40) for s in range(5)]
    position = match.deal_next_hand()
    play_hand(position, bots)
    assert position.is_over() and len(position.discards) == 2
    assert position.discards <= position.won[position.kitty_taker]


def test_three_five_into_hand_heuristic_discards_clean_high_cards_not_the_queen():
    """three-five+kitty+kitty-use: the heuristic discard (whatever is discarded scores for
    the taker) keeps the Q♠ and the hearts, and dumps the clean cards most likely to win
    tricks: here the A♦ from a short diamond suit and the A♣."""
    rules = ca.find_variant(INTO).rules(5)
    hand = ca.CardSet.from_str("QS,AH,KH,AD,AC,3C,4C,5C,2S,3S,4S,5S")
    chosen = ca.heuristic_discard(rules, hand, 2)
    assert not chosen & ca.CardSet.from_str("QS,AH,KH")
    assert chosen == ca.CardSet.from_str("AD,AC")
    only_points = ca.CardSet.from_str("QS,2H,3H")
    assert ca.heuristic_discard(rules, only_points, 2) == ca.CardSet.from_str("2H,3H")


def test_three_five_into_hand_search_from_another_seat_does_not_branch_on_the_hidden_discard():
    """three-five+kitty+kitty-use, 3 players: a search by the seat after the taker, made
    before the take (it will see nothing of the discard), finishes and rates legal cards
    only: the other seat's face-down discard is played by the playout policy inside."""
    rules, dealt, pos = hand_until(INTO, 3, 9, lambda p: len(p.moves) == 1)
    seat = pos.turn
    result = ca.Searcher(seed=3).search(pos, seat, Limit(iterations=300))
    assert result.iterations == 300 and {m.move for m in result.moves} <= set(pos.legal_moves())


def test_three_five_into_hand_analysis_judges_cards_and_the_one_card_discard():
    """three-five+kitty+kitty-use, 3 seats: analysing a recorded hand judges every card
    (the taker's later cards from a view holding its kitty and discard) and the taker's
    one-card discard, in its place after the trick that took the kitty, from the taker's
    view with its kitty in hand: the engine's choice is a card of that hand."""
    match = Match.new(INTO, players=3, seed=6)
    play_match(match, [make_bot("heuristic", seed=s) for s in range(3)], max_hands=1)
    record = read_record(record_from_match(match))
    analysis = analyse(record, AnalysisSettings(limit=Limit(iterations=20), double_dummy_trick=14))
    hand = record.hands[0]
    at, discarded = hand.discard
    judged = [d for d in analysis.decisions if d.trick is not None]  # the passes come first
    assert [d.kind for d in judged].count("discard") == 1 and len(judged) == len(hand.plays) + 1
    index = [d.kind for d in judged].index("discard")
    discard = judged[index]
    assert index == at and discard.trick == at // 3 and discard.played == discarded
    taker_hand = replay(record, hand, at).hand(discard.seat)  # with the kitty, before the discard
    assert len(discard.best) == 1 and discard.best <= taker_hand and discard.played_score is not None
    assert all(isinstance(d.played, ca.Card) for d in judged if d.kind == "play")
    report = report_json(analysis)
    jsonschema.validate(report, json.loads(SCHEMA.read_text()))
    assert report["decisions"][len(record.hands[0].passes) + at]["kind"] == "discard"
    text = io.StringIO()
    write_text(analysis, text)
    assert f"{at // 3}+d" in text.getvalue()


def test_three_five_into_hand_analysis_judges_a_two_card_discard_card_by_card():
    """three-five+kitty=first-point-taker+kitty-use, 5 seats: the discard is two cards,
    judged as two decisions in the order the rules make them (lowest card first), both in
    their place after the trick that took the kitty, the second from the taker's view with
    the first already down: its engine choice is one card above the first."""
    match = Match.new(INTO_FPT, players=5, seed=6)
    play_match(match, [make_bot("heuristic", seed=s) for s in range(5)], max_hands=1)
    record = read_record(record_from_match(match))
    hand = record.hands[0]
    at, discarded = hand.discard
    assert len(discarded) == 2
    analysis = analyse(record, AnalysisSettings(limit=Limit(iterations=10), double_dummy_trick=None))
    judged = [d for d in analysis.decisions if d.trick is not None]
    kinds = [d.kind for d in judged]
    assert len(judged) == len(hand.plays) + 2 and kinds[at:at + 2] == ["discard", "discard"]
    first, second = judged[at:at + 2]
    low, high = sorted(discarded)
    assert (first.played, second.played) == (ca.CardSet([low]), ca.CardSet([high]))
    assert first.seat == second.seat == replay(record, hand, at).kitty_taker and first.trick == second.trick == at // 5
    taker_hand = replay(record, hand, at).hand(first.seat)  # with the kitty, before the discard
    assert len(first.best) == 2 and first.best <= taker_hand  # the engine's whole discard
    if second.forced:  # the first card was the second highest: only the highest is left
        assert second.best == second.played
    else:
        assert len(second.best) == 1 and second.best <= taker_hand and min(second.best) > low
        assert second.played_score is not None
    report = report_json(analysis)
    jsonschema.validate(report, json.loads(SCHEMA.read_text()))
    passes = len(hand.passes) if hand.passes is not None else 0
    assert [d["kind"] for d in report["decisions"][passes + at:passes + at + 2]] == ["discard", "discard"]


def test_three_five_into_hand_analysis_discard_views_differ_only_by_the_cards_down():
    """three-five+kitty=first-point-taker+kitty-use, 5 seats: the view of the discard's
    second card is the first card's view with that card discarded: the taker to act, one
    card left to discard, the legal choices the cards above the first."""
    match = Match.new(INTO_FPT, players=5, seed=6)
    play_match(match, [make_bot("heuristic", seed=s) for s in range(5)], max_hands=1)
    record = read_record(record_from_match(match))
    hand = record.hands[0]
    points = [p for p in decision_points(record, hand, None) if p.discard]
    assert len(points) == 2
    before, after = (view_world(record, p, seed=3) for p in points)
    low = min(hand.discard[1])
    assert before.discarding and after.discarding and before.turn == after.turn == points[0].seat
    assert (before.discards_left, after.discards_left) == (2, 1)
    assert after.hand(after.turn) == before.hand(before.turn) - ca.CardSet([low])
    assert all(c > low for c in after.legal_moves()) and low in before.legal_moves()


def test_three_five_into_hand_move_texts_put_the_discard_after_the_taking_trick():
    """three-five+kitty+kitty-use, 3 players: the discard is written right after the trick
    that took the kitty, by the taker."""
    rules, dealt, pos = hand_until(INTO, 3, 2, lambda p: len(p.moves) == 6)
    texts = move_texts(pos)
    assert texts[3] == f"{pos.kitty_taker}:discard={pos.discards}" and len(texts) == 7


def _won_from_record(players: int, plays, discard) -> list[set[str]]:
    """Each seat's won cards from the record alone (A high, the led suit wins), the kitty
    with the trick that took it, the discards with the taker: no core Position involved."""
    won: list[set[str]] = [set() for _ in range(players)]
    at, cards = discard
    rank = "23456789TJQKA".index
    for t in range(len(plays) // players):
        trick = plays[t * players:(t + 1) * players]
        led = str(trick[0][1])[1]
        winner = max((p for p in trick if str(p[1])[1] == led), key=lambda p: rank(str(p[1])[0]))[0]
        won[winner] |= {str(c) for _, c in trick}
        if (t + 1) * players == at:  # the take: the kitty went into his hand, these came out
            won[winner] |= {str(c) for c in cards}
    return won


@pytest.mark.parametrize("variant, players", [(INTO, 3), (INTO_FPT, 5), (INTO, 5), (INTO_FPT, 3)])
def test_three_five_into_hand_selfplay_scored_independently_with_the_discards(variant, players):
    """<variant>, <players> players: random-bot hands are scored again by the independent
    scorer (tests/support/independent_scorer_families.py, docs/RULES.md §4) on won cards rebuilt from
    the record alone, discards included; both agree with the core."""
    from support.independent_scorer_families import three_five

    match = Match.new(variant, players=players, seed=5)
    play_match(match, [make_bot("random", seed=s) for s in range(players)], max_hands=6)
    for hand in match.hands:
        assert hand.discard is not None
        won = _won_from_record(players, hand.plays, hand.discard)
        assert three_five(won) == hand.score
