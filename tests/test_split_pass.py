"""copas-fora+split-pass (docs/RULES.md §2.2 L51): a hand's 3 cards split between two
directions, end to end: the option and its values, the L51 cycle hand by hand, the
typed refusals, the protocol forms (`passed 0 QS/AH,KC`, `legal pass 1/2`,
`bestmove QS/AH,KC`), the copas-game/1 record (one flat list per seat, parts in
plan order), the sampler's uniform worlds and the pass search.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
from collections import Counter

import pytest
from scipy.stats import chisquare
from support.sampler_oracle import all_consistent_worlds

import copas_ai as ca
from copas_ai._core import IllegalMoveError, WorldSampler
from copas_ai.analysis.analyse import AnalysisSettings, analyse
from copas_ai.bots import make_bot
from copas_ai.game import Match, play_hand
from copas_ai.moves.passes import flat_cards, from_flat, pass_text
from copas_ai.cep.loop import run_lines
from copas_ai.analysis.record import RecordError, dump_record, read_record, record_from_match, replay
from copas_ai.search import Limit, Searcher, world_from_view
from copas_ai.analysis.selfplay import selfplay
from copas_ai.variants.types import VariantNotFoundError

SPLIT = "copas-fora+split-pass"
LEFT, RIGHT = 1, 3


def split_rules(value: str | None = None):
    return ca.find_variant(SPLIT if value is None else f"{SPLIT}={value}").rules()


def lowest_parts(position: ca.Position, seat: int) -> tuple[ca.CardSet, ...]:
    """The seat's lowest cards cut by the plan: the first part takes the lowest."""
    cards = sorted(position.hand(seat), key=int)
    counts = [count for _, count in position.pass_plan]
    return (ca.CardSet(cards[:counts[0]]), ca.CardSet(cards[counts[0]:counts[0] + counts[1]]))


def passed_and_played(seed: int, hand_no: int = 0, plays: int = 0) -> ca.Position:
    rules = split_rules()
    position = ca.Position(rules, ca.deal(rules, seed), dealer=3, hand_no=hand_no)
    rng = random.Random(seed)
    for seat in range(4):
        cards = rng.sample(sorted(position.hand(seat), key=int), 3)
        position.set_pass(seat, from_flat(position.pass_plan, cards))
    for _ in range(plays):
        position.push(rng.choice(sorted(position.legal_moves(), key=int)))
    return position


# --- the option --------------------------------------------------------------------


def test_copas_fora_split_pass_default_is_the_l51_cycle():
    """copas-fora+split-pass, no value: 1 left + 2 right, 1 right + 2 left, no pass, repeat."""
    rules = split_rules()
    assert rules.pass_cycle_parts == [[("left", 1), ("right", 2)], [("right", 1), ("left", 2)], [("none", 0)]]
    assert [rules.pass_plan(h) for h in range(4)] == [
        [(LEFT, 1), (RIGHT, 2)], [(RIGHT, 1), (LEFT, 2)], [], [(LEFT, 1), (RIGHT, 2)]]
    assert SPLIT in ca.variants.catalogue_ids()


def test_copas_fora_split_pass_value_gives_another_cycle_in_the_order_written():
    """copas-fora+split-pass=3l/1a2r/none: a one-way hand, a split across + right, no pass."""
    rules = split_rules("3l/1a2r/none")
    assert [rules.pass_plan(h) for h in range(3)] == [[(LEFT, 3)], [(2, 1), (RIGHT, 2)], []]


@pytest.mark.parametrize("value,reason", [
    ("1l1r", "hand '1l1r' passes 2 cards, not 3"),
    ("2l2r", "hand '2l2r' passes 4 cards, not 3"),
    ("1l2l", "hand '1l2l' sends both parts to the same seat with 4 players"),
    ("1l1r1a", "hand '1l1r1a' has 3 parts; at most 2 directions per hand"),
    ("1x2r", "hand '1x2r' is not 'none' or parts like 1l2r"),
    ("/".join(["none"] * 9), "at most 8 hands in a cycle"),
])
def test_copas_fora_split_pass_bad_value_is_refused_with_the_reason(value, reason):
    """copas-fora+split-pass=<bad>: the id is refused naming what is wrong."""
    with pytest.raises(VariantNotFoundError, match=reason.replace("(", r"\(")):
        ca.find_variant(f"{SPLIT}={value}")


def test_copas_fora_split_pass_conflicts_with_pass_cycle():
    """copas-fora+split-pass+pass-cycle: both set the cycle, so the pair is refused."""
    with pytest.raises(VariantNotFoundError, match="cannot be combined with pass-cycle"):
        ca.find_variant("copas-fora+split-pass+pass-cycle")


def test_three_five_split_pass_three_seats_refuses_across_beside_left():
    """three-five+split-pass=1l2a: with 3 seats across is the left seat, so both parts
    would meet: the id is for 5 seats only (its seat counts, issue 34) and 3 are refused
    with that reason; the default cycle with 5 seats sends 1 left and 2 right (4 places)."""
    variant = ca.find_variant("three-five+split-pass=1l2a")
    assert variant.seat_counts == (5,)
    with pytest.raises(ValueError, match=r"is for 5 players, not 3 \(.*same seat with 3 players"):
        variant.rules(3)
    with pytest.raises(VariantNotFoundError, match="same seat with 4 players"):  # no count left: refused by id
        ca.find_variant("copas-fora+split-pass=1l2l")
    assert ca.find_variant("three-five+split-pass").rules(5).pass_plan(0) == [(1, 1), (4, 2)]


# --- the core: who gets what --------------------------------------------------------


@pytest.mark.parametrize("hand_no", range(6))
def test_copas_fora_split_pass_l51_cycle_hand_by_hand_who_gets_what(hand_no):
    """copas-fora+split-pass, hands 1-6 of the L51 cycle: each part reaches the seat its
    direction names, received_parts say from whom, and the hands change accordingly."""
    rules = split_rules()
    dealt = ca.deal(rules, 40 + hand_no)
    position = ca.Position(rules, dealt, dealer=3, hand_no=hand_no)
    if hand_no % 3 == 2:
        assert position.phase == "playing" and position.pass_plan == []
        return
    first_way, second_way = (LEFT, RIGHT) if hand_no % 3 == 0 else (RIGHT, LEFT)
    assert position.pass_plan == [(first_way, 1), (second_way, 2)]
    parts = [lowest_parts(position, s) for s in range(4)]
    for seat in range(4):
        position.set_pass(seat, parts[seat])
    assert position.phase == "playing"
    for seat in range(4):
        from_first = (seat - first_way) % 4  # the seat whose first part comes here
        from_second = (seat - second_way) % 4
        assert position.passed_parts[seat] == parts[seat]
        assert position.received_parts[seat] == (parts[from_first][0], parts[from_second][1])
        assert position.received[seat] == parts[from_first][0] | parts[from_second][1]
        assert position.hand(seat) == (dealt[seat] - parts[seat][0] - parts[seat][1]) | position.received[seat]


def test_copas_fora_split_pass_example_one_left_two_right():
    """copas-fora+split-pass hand 1 on a fixed deal: seat 0 sends 2C left to seat 1 and
    3C,4C right to seat 3; seat 0 gets seat 3's single card and seat 1's two."""
    rules = split_rules()
    position = ca.Position(rules, ca.deal(rules, 5), dealer=3, hand_no=0)
    parts = [lowest_parts(position, s) for s in range(4)]
    for seat in range(4):
        position.set_pass(seat, pass_text(parts[seat]))  # the text form 'A/B,C' too
    assert parts[0][0] <= position.hand(1) and parts[0][1] <= position.hand(3)
    assert position.received_parts[0] == (parts[3][0], parts[1][1])


def test_copas_fora_one_way_pass_unchanged_beside_split_pass():
    """copas-fora (one way per hand): a CardSet pass as before, passed_parts are CardSets,
    rote_pass keeps the set, and parts for a one-way hand are refused."""
    rules = ca.find_variant("copas-fora").rules()
    position = ca.Position(rules, ca.deal(rules, 5), dealer=3, hand_no=0)
    cards = ca.CardSet(sorted(position.hand(0), key=int)[:3])
    assert position.rote_pass(cards) == cards
    with pytest.raises(IllegalMoveError, match="this hand's pass goes one way: give one set of cards"):
        position.set_pass(0, (ca.CardSet(list(cards)[:1]), ca.CardSet(list(cards)[1:])))
    position.set_pass(0, cards)
    assert position.passed_parts[0] == cards


@pytest.mark.parametrize("make,reason", [
    (lambda h: h[:3], "this hand's pass is split: 1 to the left / 2 to the right; give the cards of each part"),
    (lambda h: (ca.CardSet(h[:2]), ca.CardSet(h[2:3])), "the pass to the left is 1 card, not 2"),
    (lambda h: (ca.CardSet(h[:1]), ca.CardSet(h[1:2])), "the pass to the right is 2 cards, not 1"),
    (lambda h: (ca.CardSet(h[:1]), ca.CardSet(h[:2])), "is in both parts of the pass"),
    (lambda h: (ca.CardSet(h[:1]), ca.CardSet(h[1:4])), "the pass to the right is 2 cards, not 3"),
    (lambda h: (ca.CardSet.from_str("AS" if "AS" not in [str(c) for c in h] else "AC"), ca.CardSet(h[1:3])),
     "does not hold"),
])
def test_copas_fora_split_pass_bad_split_pass_is_refused_with_the_reason(make, reason):
    """copas-fora+split-pass hand 1: a flat set, a wrong count in either part, a card in
    both parts or not held: IllegalMoveError naming the reason, and nothing is set."""
    rules = split_rules()
    position = ca.Position(rules, ca.deal(rules, 9), dealer=3, hand_no=0)
    hand = sorted(position.hand(0), key=int)
    with pytest.raises(IllegalMoveError, match=reason.replace("(", r"\(")):
        position.set_pass(0, make(hand))
    assert not position.pass_is_set(0)


def test_copas_fora_split_pass_random_hands_play_out():
    """copas-fora+split-pass: the core's random playouts pass part by part and finish."""
    rules = split_rules()
    stats = ca.random_hands(rules, 300, 7)
    assert stats["hands"] == 300 and stats["plays"] == 300 * 52  # no early end in copas-fora


# --- the seat's view, the sampler and the search --------------------------------------


def test_copas_fora_split_pass_world_keeps_each_part_with_its_receiver():
    """copas-fora+split-pass, seat 2 after trick 1: in every world built from its view the
    card it passed left is with seat 3 and the two it passed right with seat 1, until played."""
    truth = passed_and_played(21, plays=4)
    sent_left, sent_right = truth.passed_parts[2]
    for seed in range(1, 30):
        world = world_from_view(truth.rules, 2, ca.deal(truth.rules, 21)[2], truth.passed_parts[2],
                                truth.received_parts[2], truth.moves, dealer=3, hand_no=0, seed=seed)
        played = ca.CardSet([card for _, card in truth.moves])
        assert sent_left - played <= world.hand(3)
        assert sent_right - played <= world.hand(1)
        assert world.received_parts[2] == truth.received_parts[2]
        assert world.passed_parts[2] == truth.passed_parts[2]


def test_copas_fora_split_pass_view_refuses_a_card_played_by_the_wrong_receiver():
    """copas-fora+split-pass: the 2C seat 0 passed left is with seat 1, so seat 3 cannot lead it."""
    rules = split_rules()
    dealt = next(d[0] for d in map(lambda seed: ca.deal(rules, seed), range(100)) if "2C" in map(str, d[0]))
    cards = sorted(dealt, key=int)  # 2C first: passed left, to seat 1, who must lead it
    passed = (ca.CardSet(cards[:1]), ca.CardSet(cards[1:3]))
    others = sorted(ca.CardSet.full_deck() - dealt, key=int)
    received = (ca.CardSet(others[:1]), ca.CardSet(others[1:3]))
    with pytest.raises(ca.InvalidPositionError, match=f"seat 1 holds {cards[0]}"):
        world_from_view(rules, 0, dealt, passed, received, [(3, cards[0])], dealer=3, hand_no=0)


def test_copas_fora_split_pass_sampler_counts_exactly_and_samples_uniformly():
    """copas-fora+split-pass hand 1, 3 tricks left, seat 0 kept its passes out: the
    sampler's worlds are exactly the enumerated ones that leave each still-unplayed
    passed card with its own receiver, drawn uniformly (chi-square)."""
    def position_for(seed):
        rules = split_rules()
        p = ca.Position(rules, ca.deal(rules, seed), dealer=3, hand_no=0)
        rng = random.Random(seed)
        for seat in range(4):
            p.set_pass(seat, from_flat(p.pass_plan, rng.sample(sorted(p.hand(seat), key=int), 3)))
        avoid = p.passed[0]
        for _ in range(40):
            legal = sorted(p.legal_moves(), key=int)
            p.push(rng.choice([c for c in legal if c not in avoid] or legal))
        left, right = p.passed_parts[0]
        return p, (left & p.hand(LEFT)) and (right & p.hand(RIGHT))

    p = next(p for p, kept in map(position_for, range(100)) if kept)
    left, right = p.passed_parts[0]
    worlds = all_consistent_worlds(p, 0)  # the reference keeps each part with its own receiver
    sampler = WorldSampler(p, 0)
    assert sampler.must_hold(LEFT).bits & left.bits and sampler.must_hold(RIGHT).bits & right.bits
    assert sampler.exact_world_count() == len(worlds) > 1
    seen = Counter(sampler.sample_many(max(30 * len(worlds), 3000), 11))
    assert set(seen) <= worlds
    assert chisquare([seen[w] for w in sorted(worlds)]).pvalue > 0.001


def test_copas_fora_split_pass_pass_search_returns_a_valid_split_pass():
    """copas-fora+split-pass hand 1: the pass search weighs all 13 x C(12,2) = 858 splits
    and its best is a (left, right) pair that set_pass accepts."""
    rules = split_rules()
    position = ca.Position(rules, ca.deal(rules, 12), dealer=3, hand_no=0)
    result = Searcher(seed=1).search(position, 0, Limit(iterations=3000))
    assert result.algorithm == "pass-ucb"
    assert len(result.moves) == 858
    left, right = result.best
    assert len(left) == 1 and len(right) == 2 and not (left & right)
    position.set_pass(0, result.best)
    assert position.passed_parts[0] == result.best


def test_copas_fora_split_pass_search_plays_after_the_pass():
    """copas-fora+split-pass after the pass: ISMCTS and PIMC choose a legal card."""
    for algorithm, plays in (("ismcts", 5), ("pimc", 36)):  # PIMC solves: late in the hand
        position = passed_and_played(4, plays=plays)
        best = Searcher(seed=2, algorithm=algorithm).search(position, position.turn, Limit(iterations=50)).best
        assert best in position.legal_moves()


# --- protocol ---------------------------------------------------------------------


def test_copas_fora_split_pass_protocol_legal_and_go_give_the_parts():
    """copas-fora+split-pass over CEP: `legal pass 1/2 <hand>` during the pass, MultiMove
    lists every split as `info move <left>/<right>`, and `go` answers `bestmove
    <left>/<right>` that the core accepts."""
    rules = split_rules()
    hands = ca.deal(rules, 7)
    out = run_lines(["setoption name Seed value 3", "setoption name MultiMove value true",
                     f"position variant {SPLIT} seat 2 hand 2 {hands[2]}", "legal", "go iterations 1500"], timeout=30)
    assert f"legal pass 1/2 {hands[2]}" in out
    candidates = [line.split()[2] for line in out if line.startswith("info move ")]
    assert len(candidates) == 858 and all(c.count("/") == 1 for c in candidates)
    best = out[-1].split()
    assert best[0] == "bestmove" and "/" in best[1]
    position = ca.Position(rules, hands, dealer=3, hand_no=0)
    position.set_pass(2, best[1])
    left, right = position.passed_parts[2]
    assert (len(left), len(right)) == (1, 2)


def test_copas_fora_split_pass_protocol_full_position_round_trip():
    """copas-fora+split-pass: a fully known position with `passed <seat> L/R,R` for every
    seat and `received` parts is read back, and legal/go answer for the seat to play."""
    from copas_ai.cep.position_text import position_to_text

    position = passed_and_played(8, plays=5)
    text = position_to_text(position, SPLIT, seat=position.turn)
    assert f"passed 0 {pass_text(position.passed_parts[0])}" in text and "/" in text
    received = f" received 1 {pass_text(position.received_parts[1])}"
    out = run_lines([text.replace(" moves", received + " moves"), "legal", "go iterations 300"], timeout=30)
    assert out[0] == "legal " + " ".join(str(c) for c in sorted(position.legal_moves(), key=int))
    assert ca.Card.from_str(out[-1].split()[1]) in position.legal_moves()
    wrong = f" received 1 {pass_text(tuple(reversed(position.received_parts[1])))}"
    out = run_lines([text.replace(" moves", wrong + " moves")], timeout=30)
    assert out[0].startswith("error position received 1") and "seat 1 received" in out[0]


def test_copas_fora_split_pass_protocol_one_seat_view_with_parts():
    """copas-fora+split-pass, seat 2's own view after trick 1: `passed 2 A/B,C received 2
    D/E,F` and the moves; `show` prints the parts, `go` plays a legal card."""
    seed = next(s for s in range(21, 200) if passed_and_played(s, plays=4).turn == 2)
    truth = passed_and_played(seed, plays=4)
    dealt = ca.deal(truth.rules, seed)[2]
    moves = " ".join(f"{s}:{c}" for s, c in truth.moves)
    line = (f"position variant {SPLIT} hand 2 {dealt} passed 2 {pass_text(truth.passed_parts[2])} "
            f"received 2 {pass_text(truth.received_parts[2])} moves {moves}")
    out = run_lines([line, "show", "go iterations 300"], timeout=30)
    assert any(f"passed {pass_text(truth.passed_parts[2])}" in l for l in out)
    assert ca.Card.from_str(out[-1].split()[1]) in truth.legal_moves()


@pytest.mark.parametrize("passed,reason", [
    ("{a},{b},{c}", "this hand's pass is split: 1 to the left / 2 to the right"),
    ("{a},{b}/{c}", "the pass to the left is 1 card, not 2"),
])
def test_copas_fora_split_pass_protocol_refuses_a_pass_without_its_parts(passed, reason):
    """copas-fora+split-pass: `passed` for a split hand must give the parts in plan order."""
    rules = split_rules()
    hand = ca.deal(rules, 7)[2]
    a, b, c = sorted(hand, key=int)[:3]
    out = run_lines([f"position variant {SPLIT} hand 2 {hand} passed 2 {passed.format(a=a, b=b, c=c)}"],
                    timeout=30)
    assert out[0].startswith("error position passed 2") and reason in out[0]


# --- records, selfplay and analyse --------------------------------------------------


def test_copas_fora_split_pass_record_is_flat_in_plan_order_and_reads_back():
    """copas-fora+split-pass match by random and heuristic bots: each seat's `passes` entry
    is one flat list (left card first, then the two right), and the reader replays it."""
    match = Match.new(ca.find_variant(SPLIT), seed=3)
    bots = [make_bot(name, seed=s) for s, name in enumerate(["random", "heuristic", "random", "heuristic"])]
    for _ in range(3):
        position = match.deal_next_hand()
        dealt = position.hands
        play_hand(position, bots)
        match.record_hand(dealt, position)
    data = json.loads(dump_record(record_from_match(match)))
    first = match.hands[0].passes[0]
    assert data["hands"][0]["passes"][0] == [str(c) for c in flat_cards(first)]
    assert data["hands"][2]["passes"] is None  # hand 3: no pass
    record = read_record(data)
    for hand, again in zip(match.hands, record.hands):
        assert again.passes == hand.passes
        assert replay(record, again).score() == hand.score


def test_copas_fora_split_pass_record_with_a_wrong_pass_is_refused_with_the_part():
    """copas-fora+split-pass record: a 4-card pass names the part that is wrong."""
    match = Match.new(ca.find_variant(SPLIT), seed=3)
    position = match.deal_next_hand()
    dealt = position.hands
    play_hand(position, [make_bot("random", seed=s) for s in range(4)])
    match.record_hand(dealt, position)
    data = record_from_match(match)
    seat0 = data["hands"][0]["passes"][0]
    extra = next(str(c) for c in dealt[0] if str(c) not in seat0)
    data["hands"][0]["passes"][0] = seat0 + [extra]
    with pytest.raises(RecordError, match="passes of seat 0: the pass to the right is 2 cards, not 3"):
        read_record(data)


def test_copas_fora_split_pass_selfplay_record_is_analysed():
    """copas-fora+split-pass: selfplay writes a record, analyse judges its split passes
    (played and best are (left, right) pairs) and its cards."""
    data = selfplay(SPLIT, ["heuristic"], hands=1, seed=2)
    record = read_record(data)
    settings = AnalysisSettings(limit=Limit(iterations=40), double_dummy_trick=None, pass_scale=5,
                                seats={0})
    analysis = analyse(record, settings)
    passes = [d for d in analysis.decisions if d.trick is None]
    assert len(passes) == 1
    assert isinstance(passes[0].played, tuple) and isinstance(passes[0].best, tuple)
    from copas_ai.analysis.report import report_json

    played = json.loads(json.dumps(report_json(analysis)))["decisions"][0]["played"]
    assert played == pass_text(passes[0].played) and "/" in played


def test_copas_fora_split_pass_play_command_prints_the_parts():
    """copas-fora+split-pass: `play` prints each seat's pass as left/right parts."""
    from copas_ai.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["play", "--variant", SPLIT, "--seed", "1", "--bots", "heuristic"])
    text = out.getvalue()
    assert code == 0
    assert "pass 1 card left and 2 cards right" in text
    passes = [line for line in text.splitlines() if line.startswith("  seat") and " passes " in line]
    assert len(passes) == 4 and all("/" in line for line in passes)


def test_copas_fora_split_pass_engine_client_reads_the_parts():
    """copas-fora+split-pass through SimpleEngine (our engine process): `legal` during the
    pass gives the counts per part, `play` gives the pass as its (left, right) parts."""
    from support.cep.process import ENGINE_CMD

    from copas_ai.engine import Limit as EngineLimit
    from copas_ai.engine import SimpleEngine

    rules = split_rules()
    hands = ca.deal(rules, 7)
    text = f"position variant {SPLIT} seat 2 hand 2 {hands[2]}"
    with SimpleEngine.popen(ENGINE_CMD) as engine:
        legal = engine.legal(text)
        assert (legal.pass_count, legal.pass_counts) == (3, [1, 2])
        move = engine.play(text, EngineLimit(iterations=900)).move
        assert engine.quit() == 0
    left, right = move
    assert (len(left), len(right)) == (1, 2) and (left | right) <= hands[2]


def test_copas_fora_split_pass_arena_seat_view_sends_the_parts():
    """copas-fora+split-pass: the arena's CEP player tells an engine its seat's pass and
    what it received as parts in plan order."""
    from copas_ai.arena.cep_player import seat_view_text

    position = passed_and_played(8, plays=5)
    text = seat_view_text(position, 1, SPLIT)
    assert f"passed 1 {pass_text(position.passed_parts[1])}" in text
    assert f"received 1 {pass_text(position.received_parts[1])}" in text
    assert f"hand 1 {ca.deal(position.rules, 8)[1]}" in text


def test_copas_fora_split_pass_core_refuses_both_parts_to_one_seat_and_pass_cycle_resets_parts():
    """copas-fora rules edited by hand: a cycle entry sending both parts left is refused by
    the core with the reason; setting the one-way pass_cycle drops the second parts."""
    rules = ca.find_variant("copas-fora").rules()
    rules.pass_cycle_parts = [[("left", 1), ("left", 2)]]
    with pytest.raises(ca.InvalidPositionError, match="the two parts of a split pass must go to different seats"):
        ca.Position(rules, ca.deal(rules, 1), dealer=3, hand_no=0)
    rules.pass_cycle = [("right", 3)]
    assert rules.pass_cycle_parts == [[("right", 3)]] and rules.pass_plan(0) == [(RIGHT, 3)]
