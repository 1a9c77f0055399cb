"""Tricks of variable length through the engine protocol, the records and the
pictures (docs/PROTOCOL.md; docs/RULES.md §2.3 A21, CF-9): an extended trick is
the moves of its two rounds in order, `show` prints its 8 cards on one line with
its taker, `legal` and `go` answer inside a second round from one seat's view, a
copas-game/1 record keeps and replays such hands, and the GUI's table and review
show the 8-card trick.
"""

from __future__ import annotations

import json
import random

import pytest
from support.hands import CF9_DEAL, CF9_FIRST_TRICKS, CF9_TRICK_4, CF9_VOIDS, build_deal

import copas_ai as ca
from copas_ai.analysis.analyse import AnalysisSettings, analyse
from copas_ai.analysis.record import dump_record, read_record, record_from_match, replay
from copas_ai.bots import make_bot
from copas_ai.cep.loop import run_lines
from copas_ai.game import Match, play_hand
from copas_ai.gui.review import review_data
from copas_ai.gui.table import Table, TableSettings
from copas_ai.search import Limit
from support.gui_client import ENGINE, ITERATIONS

CF9_MOVES = (CF9_FIRST_TRICKS + " " + CF9_TRICK_4).replace("/ ", "")


def cf9_hands() -> list[str]:
    return [",".join(str(c) for c in h) for h in build_deal(CF9_DEAL, CF9_VOIDS)]


def cf9_position_line(moves: str) -> str:
    hands = " ".join(f"hand {s} {h}" for s, h in enumerate(cf9_hands()))
    return f"position variant copas-fora+nines-extend dealer 3 handno 3 {hands} moves {moves}"


def test_copas_fora_nines_extend_show_prints_the_eight_card_trick_of_cf9():
    """copas-fora+nines-extend, CF-9 through `position` and `show`: trick 4 is one
    line of 8 cards (both rounds, N first in each) taken by seat 1 for 2 points."""
    out = run_lines([cf9_position_line(CF9_MOVES), "show"])
    assert not [o for o in out if o.startswith("error")], out
    assert "# trick  4  0:9S 1:3S 2:KS 3:5H 0:2S 1:AS 2:4S 3:7H  -> seat 1 (2 pts)" in out
    assert "# trick  3  0:AD 1:2D 2:3D 3:8C  -> seat 0 (0 pts)" in out


def test_copas_fora_nines_extend_show_and_legal_inside_the_second_round():
    """copas-fora+nines-extend: in CF-9's second round the trick in progress shows its 6
    cards, and `legal` lists S's spades only (the original led suit)."""
    moves = " ".join(CF9_MOVES.split()[:18])
    out = run_lines([cf9_position_line(moves), "show", "legal"])
    assert "# trick  4  0:9S 1:3S 2:KS 3:5H 0:2S 1:AS" in out
    legal = next(o for o in out if o.startswith("legal "))
    assert legal.split()[1:] and all(c.endswith("S") for c in legal.split()[1:])


def test_copas_fora_nines_extend_solve_refuses_with_the_reason_and_go_searches():
    """copas-fora+nines-extend: `solve` names A21 (the solver assumes one card a seat in
    a trick); `go` with Algorithm pimc still answers, searched by ISMCTS."""
    out = run_lines([cf9_position_line(" ".join(CF9_MOVES.split()[:14])), "solve",
                     "setoption name Algorithm value pimc", "go iterations 100"])
    assert out[0].startswith("error solve the solver refuses this position: nines-extend (A21)")
    assert out[-1].startswith("bestmove ") and out[-1].split()[1].endswith("S")


def test_copas_fora_nines_extend_a_wrong_second_round_card_is_refused_by_name():
    """copas-fora+nines-extend: N discarding a club in the second round while holding
    spades is refused with the follow-suit reason (spades led)."""
    out = run_lines([cf9_position_line(" ".join(CF9_MOVES.split()[:16]) + " JC")])
    assert out and out[0].startswith("error position move JC") and "must follow suit (spades led)" in out[0]


@pytest.mark.parametrize("variant_id", ["copas-fora+nines-extend", "spanish+sixes-extend"])
def test_nines_extend_go_from_one_seats_view_in_a_second_round(variant_id):
    """<variant_id>: one seat's dealt hand and the public moves up to a second round:
    `legal` is the core's legal set and `go` answers one of its cards."""
    rules = ca.find_variant(variant_id).rules()
    for seed in range(300):
        rng = random.Random(seed)
        pos = ca.Position(rules, ca.deal(rules, seed), dealer=3, hand_no=3)
        dealt = pos.hands
        while not pos.is_over() and not (pos.trick_size == 8 and len(pos.trick) in (5, 6, 7)):
            pos.push(rng.choice(sorted(pos.legal_moves(), key=int)))
        if not pos.is_over():
            break
    else:
        raise AssertionError("no seed reaches a second round")
    seat = pos.turn
    moves = " ".join(f"{s}:{c}" for s, c in pos.moves)
    hand = ",".join(str(c) for c in dealt[seat])
    out = run_lines([f"position variant {variant_id} dealer 3 handno 3 seat {seat} hand {seat} {hand} moves {moves}",
                     "legal", "go iterations 200"])
    assert not [o for o in out if o.startswith("error")], out
    want = {str(c) for c in pos.legal_moves()}
    assert set(next(o for o in out if o.startswith("legal ")).split()[1:]) == want
    assert out[-1].startswith("bestmove ") and out[-1].split()[1] in want


def _extended_match(variant_id: str) -> Match:
    """A match of random bots with at least one extended trick."""
    for seed in range(1, 50):
        match = Match.new(ca.find_variant(variant_id), seed=seed)
        bots = [make_bot("random", seed=seed * 10 + s) for s in range(match.players)]
        position = match.deal_next_hand()
        dealt = position.hands
        play_hand(position, bots)
        match.record_hand(dealt, position)
        starts = position.trick_starts
        if any(b - a == 2 * match.players for a, b in zip(starts, starts[1:])):
            return match
    raise AssertionError("no seed gives an extended trick")


@pytest.mark.parametrize("variant_id", ["copas-fora+nines-extend", "spanish+sixes-extend"])
def test_nines_extend_record_keeps_and_replays_extended_tricks(variant_id):
    """<variant_id>: a copas-game/1 record of a hand with an extended trick: its plays
    are the cards in order (both rounds), the reader replays them through the core to
    the same tricks and score, and the GUI review steps name each card's trick."""
    match = _extended_match(variant_id)
    data = record_from_match(match)
    record = read_record(json.loads(dump_record(data)))
    hand = record.hands[0]
    position = replay(record, hand)
    assert len(hand.plays) == match.players * match.rules.hand_size
    assert position.is_over() and list(hand.score) == list(match.hands[0].score)
    starts = position.trick_starts
    steps = [s for s in review_data(dump_record(data))["steps"] if s["kind"] == "play"]
    for k, step in enumerate(steps):
        trick = sum(1 for start in starts[:-1] if start <= k)
        assert step["trick_no"] == trick
        if k + 1 in starts:  # the card that ends a trick shows the whole trick
            assert len(step["trick"]) == starts[trick] - starts[trick - 1]


def test_copas_fora_nines_extend_gui_table_shows_the_eight_card_last_trick():
    """copas-fora+nines-extend in the GUI's table (every seat a person): once a trick
    with a second round is over, the state's last trick lists its 8 cards and its
    taker, and the trick in progress during the second round holds more than 4."""
    table = Table(TableSettings("copas-fora+nines-extend", people=(0, 1, 2, 3), seed=3, iterations=ITERATIONS,
                                movetime_ms=None, engine=ENGINE))
    try:
        rng = random.Random(5)
        seen_second_round = False
        for _ in range(200):
            state = table.state()
            position = table.position
            if state["phase"] == "passing":
                for seat in range(4):
                    table.pass_cards(seat, [str(c) for c in sorted(position.hand(seat), key=int)[:3]])
                continue
            seen_second_round |= len(state["trick"]) > 4
            if len(state["last_trick"]) == 8:
                assert seen_second_round and state["last_winner"] == position.leader
                return
            table.play(str(rng.choice(sorted(position.legal_moves(), key=int))))
        raise AssertionError("no extended trick in 200 plays")
    finally:
        table.close()


def test_copas_fora_nines_extend_analysis_numbers_the_tricks_and_names_the_missing_double_dummy():
    """copas-fora+nines-extend through `analyse` (seat 0, a few iterations a card):
    each decision's trick is the core's (a card of a second round belongs to its
    trick), and the double-dummy line is missing with the solver's A21 reason."""
    match = _extended_match("copas-fora+nines-extend")
    record = read_record(json.loads(dump_record(record_from_match(match))))
    settings = AnalysisSettings(limit=Limit(iterations=20), seats={0}, hands=(1, 1))
    analysis = analyse(record, settings)
    assert "A21" in analysis.double_dummy_missing
    starts = replay(record, record.hands[0]).trick_starts
    cards = [d for d in analysis.decisions if d.trick is not None]
    mine = [k for k, (seat, _) in enumerate(record.hands[0].plays) if seat == 0]
    assert [d.trick for d in cards] == [sum(1 for s in starts[:-1] if s <= k) for k in mine]
    assert max(d.trick for d in cards) == len(starts) - 1 < 13
