"""`domino`'s one-seat view (docs/PROTOCOL.md, "The stock and the discards (domino)";
docs/RULES.md §17, A50a-g, DO-1..DO-5) and the world built from it
(csrc/search/domino_view.cpp): the seat's hand at the deal, its own draws by name
(`drawn <seat> <cards>`), every card played, another seat's draws as a count before its
card (`<seat>:+<k>`) and its discards face down (`<seat>:?`).

The checks: the annotated example and every error line through the engine process;
along random hands at 3, 4 and 5 seats, every seat's view at its turn gives a world
whose public facts are the true position's (the seat's hand, each hand's size, the
stock's size, the turn, the legal cards) and whose knowledge is the one the search
reads from the true position; on small late positions, the view's worlds are
enumerated from the independent referee's facts (tests/support/domino_worlds.py), and
the view's worlds are among them, drawn as the search's sampler draws them (chi-square); `go`, `analyse`, the GUI's table (in the browser and at
`play --seat`) and the arena's `cep:` players play domino from one-seat views."""

from __future__ import annotations

import random
import sys
from collections import Counter

import pytest
from scipy.stats import chi2_contingency
from support.domino_worlds import CASES, find_position, names
from support.gui_client import ENGINE, ITERATIONS, Client, first_legal, play_in_terminal, running_server

import copas_ai as ca
from copas_ai._core import WorldSampler
from copas_ai.analysis.analyse import AnalysisSettings, analyse
from copas_ai.analysis.record import dump_record, read_record, record_from_match
from copas_ai.arena.cep_player import CepBot, seat_view_text
from copas_ai.bots import make_bot
from copas_ai.cep.facade import default_world_builder
from copas_ai.cep.position_text import load_position, parse_position
from copas_ai.game import Match, play_hand
from copas_ai.gui.table import Table, TableSettings
from copas_ai.moves.domino_view import domino_dealt, domino_view
from copas_ai.search import Limit, world_from_view
from copas_ai.variants.domino import domino_rules

VARIANT = "domino"
# Seats 0-3 clockwise; seat 1 deals, so seat 0 leads (A50c). Seat 1 has no spade: it draws
# 2H, 3D, then 7S (DO-1), which it plays.
HANDS = ["AS,2C,3C,4C,5C,6C", "7C,8C,9C,TC,JC,QC", "KS,2D,4D,5D,6D,7D", "QS,KC,AC,8D,9D,TD"]
VIEW_2 = f"position variant {VARIANT} dealer 1 hand 2 {HANDS[2]} moves 0:AS"


def test_domino_one_seat_view_do1_the_annotated_example(engine):
    """domino DO-1 from seat 2's view: seat 1 drew 3 cards (faces unseen) and played the 7S;
    seat 2 must follow with its one spade; the stock holds 25 cards; `go` answers KS.
    Seat 0 after the trick (it won with the AS) leads from its clubs."""
    assert engine.ask(f"{VIEW_2} 1:+3 7S") == []  # the seat of a card may be left out, as elsewhere
    assert engine.ask(f"{VIEW_2} 1:+3 1:7S") == []
    assert engine.ask("legal") == ["legal KS"]
    assert "# stock  25 cards" in engine.ask("show")
    assert engine.bestmove("go iterations 50") == "bestmove KS"
    assert engine.ask(f"position variant {VARIANT} dealer 1 hand 0 {HANDS[0]} moves 0:AS 1:+3 1:7S 2:KS 3:QS") == []
    assert engine.ask("legal") == ["legal 2C 3C 4C 5C 6C"]


def test_domino_one_seat_view_errors_name_the_token(engine):
    """domino: a count the stock cannot hold, a discard while the stock holds cards, a card
    seen twice or held by the viewer, another seat's discard written face up, the seat's own
    draws as a count, draws with no card after them, another seat's draws by name, a view
    ending inside another seat's turn, the seat's own draws missing or too many, its discard
    while it can follow: each refused by the token."""
    hand2 = f"hand 2 {HANDS[2]}"
    assert engine.ask(f"{VIEW_2} 1:+30 1:7S") == [
        "error position move 1:+30: seat 1 draws 30 cards, but the stock holds 28"]
    assert engine.ask(f"{VIEW_2} 1:?") == [
        "error position move 1:?: the stock holds 28 more cards: seat 1 draws until it can follow (write 1:+28)"]
    assert engine.ask(f"{VIEW_2} 1:+1 1:AS") == ["error position move 1:AS: AS was played already"]
    assert engine.ask(f"{VIEW_2} 1:KS") == ["error position move 1:KS: seat 2 holds KS"]
    assert engine.ask(f"{VIEW_2} 1:2H") == ["error position move 1:2H: seat 1 cannot follow, so it draws first"]
    assert engine.ask(f"{VIEW_2} 1:+3 1:7S 2:+1 2:KS") == [
        "error position move 2:+1: seat 2's own draws are given by name: drawn 2 <cards>"]
    assert engine.ask(f"{VIEW_2} 1:+3") == [
        "error position move 1:+3: seat 1's draws are seen with the card it then plays or its face-down discard"]
    assert engine.ask(f"{VIEW_2.replace(hand2, hand2 + ' drawn 1 2H')} 1:+3 1:7S") == [
        "error position drawn 1 2H: seat 2 sees only how many cards seat 1 draws: write 1:+<count> before its card"]
    assert engine.ask(VIEW_2) == [
        f"error position {hand2}: seat 1 is to follow: a domino view ends at the seat's own turn, a lead or the "
        "hand's end (another seat's draws are seen with its card)"]
    assert engine.ask(f"{VIEW_2.replace(hand2, hand2 + ' stock 2H')}") == [
        "error position stock 2H: seat 2 does not see the stock"]
    # Seat 1's own turn: it has no spade, so the engine makes its draws from `drawn`; a
    # discard while it can follow (it drew the 7S) is its card refused by the core.
    view_1 = f"position variant {VARIANT} dealer 1 hand 1 {HANDS[1]}"
    assert engine.ask(f"{view_1} moves 0:AS 1:7C") == [
        "error position move 0:AS: seat 1 draws after this move: give the cards it drew (drawn 1 <cards>)"]
    assert engine.ask(f"{view_1} drawn 1 2H,3D,7S moves 0:AS 1:7C") == [
        "error position move 1:7C: must follow suit (spades led)"]
    assert engine.ask(f"{view_1} drawn 1 2H,3D,7S,4S moves 0:AS") == [
        "error position drawn 1 2H,3D,7S,4S: seat 1 has drawn 3 cards so far, not 4"]
    assert engine.ask(f"position variant two-player hand 0 9D,2C,3C,4C,5C,6C,7C moves 9D 1:+2 1:AH") == [
        "error position move 1:+2: only a domino one-seat view writes draws and face-down discards "
        "(with every hand known they follow from the stock)"]


def random_hand_views(players: int, seeds: range, variant: str = VARIANT):
    """(true position, seat to act, its view's world) at every turn of random hands."""
    builder = default_world_builder()
    rules = ca.find_variant(variant).rules(players)
    for seed in seeds:
        rng = random.Random(seed)
        pos = ca.Position(rules, ca.deal(rules, seed), dealer=seed % players)
        while not pos.is_over():
            me = pos.turn
            text = seat_view_text(pos, me, variant)
            yield pos, me, load_position(parse_position(text.split()[1:]), variant, builder).position
            pos.push(rng.choice(sorted(names(pos.legal_moves()))))


# (variant, seats, the seeds of the random hands): at 8 seats seed 24's hand has 107 moves.
VIEW_HANDS = [(VARIANT, 3, range(8)), (VARIANT, 4, range(8)), (VARIANT, 5, range(8)), (VARIANT, 8, range(20, 28)),
              ("domino+elimination", 2, range(8))]


@pytest.mark.parametrize("variant,players,seeds", VIEW_HANDS)
def test_domino_view_worlds_keep_the_public_facts_along_whole_hands(variant, players, seeds):
    """<variant> at <players> seats, every turn of 8 random hands (draws, discards drawn
    back, stuck tricks, seats out; at 8 seats a hand of more than 104 moves, its discards
    included): the world from the seat's view has its hand, every hand's
    size, the stock's size, the turn, the trick and the legal cards of the true position,
    and the knowledge the search reads there (each seat's count and shown voids) is the one
    it reads from the true position."""
    views = 0
    longest = 0
    for pos, me, world in random_hand_views(players, seeds, variant):
        longest = max(longest, len(pos.moves))
        assert world.hand(me) == pos.hand(me)
        assert [len(world.hand(s)) for s in range(players)] == [len(pos.hand(s)) for s in range(players)]
        assert (world.stock_left, world.turn, world.trick) == (pos.stock_left, pos.turn, pos.trick)
        assert world.legal_moves() == pos.legal_moves()
        assert world.stock_discarder == pos.stock_discarder
        seen, truth = WorldSampler(world, me), WorldSampler(pos, me)
        assert seen.exact_world_count() == truth.exact_world_count()
        for s in range(players):
            assert (seen.hand_count(s), seen.absent(s)) == (truth.hand_count(s), truth.absent(s))
        views += 1
    assert views > 100 and (players < 8 or longest > 104)


@pytest.mark.parametrize("case", sorted(CASES))
def test_domino_view_worlds_are_drawn_as_the_searchs_among_the_enumerated_ones(case):
    """domino, <case>: the worlds built from the seat's one-seat view (hands and the stock's
    order) are among the referee-enumerated ones, and drawn as often as the search's
    sampler draws them from the full position (chi-square on the two samples; the weights
    themselves against a brute force: tests/test_sampler_domino_exact.py)."""
    players, wanted = CASES[case]
    seed, pos, ref, me, others, worlds = find_position(players, wanted)
    args = domino_view(pos, me).world_args()
    sampler = WorldSampler(pos, me)

    def key(world):
        return tuple(frozenset(names(world.hand(s))) for s in others), tuple(str(c) for c in world.stock)

    seen, searched = Counter(), Counter()
    for i in range(40 * len(worlds)):
        world = world_from_view(pos.rules, me, domino_dealt(pos, me), dealer=pos.dealer, hand_no=pos.hand_no,
                                seed=seed * 100003 + i + 1, **args)
        assert world.hand(me) == pos.hand(me)
        seen[key(world)] += 1
        searched[key(sampler.sample_position(seed * 100003 + i + 1))] += 1
    assert set(seen) <= worlds and set(searched) <= worlds
    keys = sorted(set(seen) | set(searched), key=repr)
    assert chi2_contingency([[seen[w] for w in keys], [searched[w] for w in keys]]).pvalue > 0.001


def test_domino_go_from_one_seat_views_answers_a_legal_card(engine):
    """domino, 4 seats: at every 5th turn of 2 random hands the engine, sent the seat's view,
    answers `go` with one of the true position's legal cards."""
    answered = 0
    rules = domino_rules(4)
    for seed in (3, 4):
        rng = random.Random(seed)
        pos = ca.Position(rules, ca.deal(rules, seed), dealer=seed % 4)
        while not pos.is_over():
            if len(pos.moves) % 5 == 0:
                assert engine.ask(seat_view_text(pos, pos.turn, VARIANT)) == []
                move = engine.bestmove("go iterations 40").split()[1]
                assert move in names(pos.legal_moves())
                answered += 1
            pos.push(rng.choice(sorted(names(pos.legal_moves()))))
    assert answered >= 10


def one_hand_record(seed: int):
    match = Match.new(ca.find_variant(VARIANT), players=4, seed=seed)
    position = match.deal_next_hand()
    dealt = position.hands
    play_hand(position, [make_bot("random", seed=seed * 10 + s) for s in range(4)])
    match.record_hand(dealt, position)
    return read_record(dump_record(record_from_match(match)))


def test_domino_analyse_judges_every_card_from_its_seats_view():
    """domino: `analyse` judges each card and face-down discard of a whole hand from its
    mover's one-seat view, numbering the tricks as the leads cut them."""
    record = one_hand_record(7)
    hand = record.hands[0]
    analysis = analyse(record, AnalysisSettings(limit=Limit(iterations=20)))
    assert [(d.seat, str(d.played)) for d in analysis.decisions] == [(s, str(c)) for s, c in hand.plays]
    tricks = [d.trick for d in analysis.decisions]
    assert tricks[0] == 1 and tricks == sorted(tricks) and analysis.hands[0].finished


def test_domino_the_arena_cep_player_plays_whole_hands_from_its_views():
    """domino: a `cep:` engine seat, sent its one-seat view at each turn, plays whole hands
    against random bots; every card it chose was legal (the referee checks each push)."""
    bot = CepBot(f"{sys.executable} -m copas_ai engine", seed=5, variant=VARIANT, iterations=20)
    for seed in (1, 2):
        match = Match.new(ca.find_variant(VARIANT), players=4, seed=seed)
        position = match.deal_next_hand()
        play_hand(position, [bot] + [make_bot("random", seed=seed * 10 + s) for s in range(1, 4)])
        assert position.is_over() and any(seat == 0 for seat, _ in position.moves)


def test_domino_the_gui_table_plays_a_hand_against_engine_seats():
    """domino at the GUI's table: the person (seat 0) plays its first legal card at each turn,
    the three engine seats answer from their one-seat views, to the hand's end."""
    with running_server() as server:
        client = Client(server)
        table = client.post("/api/new", {"variant": VARIANT, "players": 4, "people": [0], "seed": 7,
                                         "iterations": 20})["table"]
        state = client.wait_for_person(table)
        while state["phase"] not in ("handover", "gameover"):
            client.post("/api/play", {"table": table, "card": first_legal(state)})
            state = client.wait_for_person(table)
        record = read_record(client.get(f"/api/record?table={table}"))
        assert len(record.hands[0].stock) == 28 and {s for s, _ in record.hands[0].plays} == {0, 1, 2, 3}


def test_domino_played_at_seat_0_in_the_terminal_with_hint_and_undo():
    """domino at `play --seat 0`: the person asks a hint once, takes back a card once and
    plays its first legal card otherwise; the engine seats answer from their views to the
    hand's end, each trick reported with the seat that takes it."""
    table = Table(TableSettings(VARIANT, people=(0,), seed=6, iterations=ITERATIONS, movetime_ms=None, engine=ENGINE))
    asked: list[str] = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        s = table.state()
        legal = [card for card in s["hand"] if s["legal"][card] is None]
        if "hint" not in asked:
            asked.append("hint")
            return "hint"
        if "undo" not in asked and s["tricks_done"] >= 2 and s["can_undo"]:
            asked.append("undo")
            return "undo"
        return legal[0]

    code, out = play_in_terminal(table, read)
    text = "\n".join(out)
    assert code == 0 and "engine's choice" in text and "hand 1 over: score" in text
    assert "undo" in asked and text.count("takes it") >= 4
