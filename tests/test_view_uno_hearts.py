"""`uno-hearts`' one-seat view (docs/PROTOCOL.md, "### uno-hearts"; docs/RULES.md §15, A48a-f)
and the world built from it (copas_ai/uno_world.py): the seat's hand as dealt, its pass and
what it received (a card twice when both copies went), every card played, `draws <cards>`
(every card the pairs drew, face up, in order) and one `got <seat> <cards>` per swap that
gave the seat a hand, as it got it.

The checks: the annotated example (a view after a swap that gave seat 2 its right
neighbour's hand, its own pass inside) and every error line through the engine process;
along random hands at 3, 4 and 7 seats, every seat's view at its turn gives a world whose
public facts are the true position's (the seat's cards, each hand's size, the stock's size,
the draws, the turn, the legal cards), whose knowledge is the one the search reads from the
true position (the sampler's draws from both agree), and which IS the sampler's first draw
from the true position for the same seed (the sampler keeps each hand to what its plays
showed, a hand of only hearts included, so no draw is redrawn); on a late position after a
swap, the views' worlds and the sampler's worlds from the true position agree by chi-square;
after a hand showed it held only hearts and an 8 moved it, every world keeps it hearts; `go`, `analyse`, the GUI's table (in the browser and at
`play --seat`) and the arena's `cep:` players play uno-hearts from one-seat views."""

from __future__ import annotations

import random
import sys
from collections import Counter

import pytest
from scipy.stats import chi2_contingency
from support.gui_client import ENGINE, ITERATIONS, Client, first_legal, play_in_terminal, running_server
from support.independent_referee_uno import DECK
from support.uno_hands import after_pass, only_hearts_hand

import copas_ai as ca
from copas_ai._core import twin_worlds
from copas_ai.analysis.analyse import AnalysisSettings, analyse
from copas_ai.analysis.record import dump_record, read_record, record_from_match
from copas_ai.arena.cep_player import CepBot, seat_view_text
from copas_ai.bots import make_bot
from copas_ai.cep.position_text import position_to_text
from copas_ai.game import Match, play_hand, play_match
from copas_ai.gui.table import Table, TableSettings
from copas_ai.moves.uno_view import uno_view_args
from copas_ai.search import Limit
from copas_ai.uno_world import UnoViewError, uno_world_from_view
from copas_ai.variants.uno_hearts import uno_hearts_rules

VARIANT = "uno-hearts"
# Seed 2's first hand, heuristic bots, 17 cards in: seat 2 won trick 3, which held the 8♦,
# so it swapped hands with its right (seat 1) and got the hand its own pass (9H,JH,AS) went
# into. Trick 1's pair of 3♣ drew 3 cards, trick 2's pair of 6♠ drew 6.
HAND = "2C,4C,7C,JC,JC,KC,JD,QD,AD,9H,JH,5S,AS"
GOT = "got 2 4C,3D,4D,5D,2H,3H,9H,JH,7S,AS"
DRAWS = "draws 9H,7C,KH,JS,8S,4D,9C,9D,7H"
VIEW = (f"position variant {VARIANT} players 4 dealer 0 seat 2 hand 2 {HAND} passed 2 9H,JH,AS received 2 "
        f"QC,TH,QH {DRAWS} {GOT} moves 1:3C 2:2C 3:5C 0:3C 3:7S 0:6S 1:6S 2:5S 3:8D 0:6D 1:7D 2:AD 2:3D 3:JD "
        "0:TD 1:QD 1:4C")


def held(pos: ca.Position, seat: int) -> Counter:
    return Counter(pos.hand(seat)) + Counter(pos.twins[seat])


def test_uno_hearts_view_after_a_swap_the_annotated_example(engine):
    """uno-hearts, seat 2 after the 8♦'s swap: it holds the hand it got less the 3♦ it led
    from it; it must follow the club led with that hand's one club."""
    match = Match.new(VARIANT, 4, seed=2)
    pos = match.deal_next_hand()
    play_hand(pos, [make_bot("heuristic", seed=20 + s) for s in range(4)])
    while len(pos.moves) > 17:
        pos.pop()
    assert seat_view_text(pos, 2, VARIANT) == VIEW  # the arena's and the table's writer
    assert engine.ask(VIEW) == []
    assert engine.ask("legal") == ["legal 4C"]
    show = engine.ask("show")
    assert "# seat 2  holds 4C,4D,5D,2H,3H,9H,JH,7S,AS  passed 9H,JH,AS  received QC,TH,QH  took 6D,7D,8D,AD  <- engine" in show
    assert "# stock  40 cards" in show and "# seat 1  8 cards unseen  took 3D,TD,JD,QD" in show
    assert "# trick  3  3:8D 0:6D 1:7D 2:AD  -> seat 2 (0 pts)  swapped hands with seat 1" in show
    assert engine.ask("score")[-1] == "state playing turn 2"
    assert engine.bestmove("go iterations 200") == "bestmove 4C"
    # The seat of a card may be left out, as elsewhere: the next seat clockwise plays.
    assert engine.ask(VIEW.replace("1:3C 2:2C 3:5C 0:3C", "1:3C 2C 5C 3C")) == []


FIFTY = ",".join(list(DECK.elements())[:50])  # more cards than the stock holds, none thrice
BAD = [
    (VIEW.replace(DRAWS, "draws 9H,7C,KH,JS,8S,4D,9C,9D"),
     "error position draws 9H,7C,KH,JS,8S,4D,9C,9D: the pairs drew 9 cards so far, not 8"),
    (VIEW.replace(f" {DRAWS}", ""), "error position draws: the pairs drew 9 cards so far, not 0"),
    (VIEW.replace(DRAWS, f"draws {FIFTY}"), f"error position draws {FIFTY}: 50 cards drawn, but the stock holds 49"),
    (VIEW.replace(f" {GOT}", ""),
     "error position moves: after trick 3 seat 2 swapped hands with seat 1: give the hand it got (got 2 <cards>)"),
    (VIEW.replace(GOT, "got 2 4C,3D,4D,5D,2H,3H,9H,JH,7S"),
     "error position got 2 4C,3D,4D,5D,2H,3H,9H,JH,7S: the hand seat 2 got after trick 3 holds 10 cards, not 9"),
    (VIEW.replace(GOT, "got 2 3C,3D,4D,5D,2H,3H,9H,JH,7S,AS"),  # both 3♣ were played in trick 1
     "error position got 2 3C,3D,4D,5D,2H,3H,9H,JH,7S,AS: 3C is seen more often than the decks hold it (2)"),
    (VIEW.replace(GOT, "got 2 4C,3D,4D,5D,2H,3H,9H,JH,7S,QS"),
     "error position got 2 4C,3D,4D,5D,2H,3H,9H,JH,7S,QS: that hand lacks AS, which seat 2 passed into it"),
    (VIEW.replace(GOT, f"{GOT} got 2 2C"), "error position got 2 2C: 2 hands got, but the swaps so far gave seat 2 1"),
    (VIEW.replace(GOT, "got 1 2C"), "error position got 1 2C: only seat 2's hand is known"),
    (VIEW + " 2:QS", "error position move 2:QS: seat 2 does not hold QS"),
    (VIEW.replace("received 2 QC,TH,QH ", ""), "error position move 1:3C: play has begun but received 2 is not given"),
    (VIEW.replace("moves", "drawn 2 2C moves"),
     "error position drawn 2 2C: the pairs' draws are public: write draws <cards>, in order"),
    (VIEW.replace("moves", "stock 2C moves"), "error position stock 2C: seat 2 does not see the stock"),
    (f"position variant american hand 0 {HAND.replace('JC,JC', 'JC,TC')} draws 2C",
     "error position draws 2C: only an uno-hearts seat's view writes the pairs' draws and the hands it got"),
]


@pytest.mark.parametrize("line,error", BAD, ids=range(len(BAD)))
def test_uno_hearts_view_errors_name_the_token(engine, line, error):
    """uno-hearts: a view no world fits is refused with one line naming the token at fault."""
    assert engine.ask(line) == [error]


def test_uno_hearts_view_with_every_hand_refuses_draws_and_got_and_revokes_penalize(engine):
    full = Match.new(VARIANT, 4, seed=1).deal_next_hand()
    assert engine.ask(position_to_text(full, VARIANT) + " draws 2C") == [
        "error position draws 2C: with every hand known the draws and swaps follow from the stock"]
    assert engine.ask("setoption name Revokes value penalize") == []
    assert engine.ask(VIEW) == [f"error position hand 2 {HAND}: one-seat views of uno-hearts take Revokes forbid only"]
    assert engine.ask("setoption name Revokes value forbid") == []


def test_uno_hearts_view_during_the_pass(engine):
    """uno-hearts: the seat's hand alone is the pass to make (`go`: the heuristic pass); with
    its pass given and nothing received yet the pass is still under way."""
    assert engine.ask(f"position variant {VARIANT} hand 2 {HAND}") == []
    assert engine.ask("score")[-1] == "state passing"
    assert engine.bestmove("go iterations 10") == "bestmove " + ",".join(
        map(str, ca.heuristic_pass(uno_hearts_rules(4), ca.CardSet(sorted(set(HAND.split(",")))), 3)))
    assert engine.ask(f"position variant {VARIANT} hand 2 {HAND} passed 2 JC,JC,AS") == []  # both copies passed
    assert engine.ask("score")[-1] == "state passing"


def random_hand(players: int, seed: int):
    """A hand of random passes and cards; yields (position, seat) at some turns."""
    rules = uno_hearts_rules(players)
    rng = random.Random(seed)
    hands, twins = ca.deal_twins(rules, seed)
    pos = ca.Position(rules, hands, dealer=seed % players, twins=twins)
    for s in range(players):
        pos.set_twin_pass(s, [str(c) for c in rng.sample(sorted(held(pos, s).elements(), key=lambda c: c.index), 3)])
    while pos.phase == "playing":
        if rng.random() < 0.25:
            yield pos, pos.turn
        pos.push(rng.choice(list(pos.legal_moves())))


@pytest.mark.parametrize("players", [3, 4, 7])
def test_uno_hearts_views_worlds_are_the_samplers_along_random_hands(players):
    """uno-hearts at 3, 4, 7 seats: each view's world keeps the public facts, reads to the
    search as the true position does (the sampler's worlds from both are the same for a
    seed), and is the sampler's first draw from the true position, every time."""
    views = same = swaps = 0
    for seed in range(6):
        for pos, seat in random_hand(players, seed * 7 + players):
            args = uno_view_args(pos, seat)
            world = uno_world_from_view(pos.rules, seat, seed=seed, **args)
            views += 1
            swaps += bool(args["got"])
            assert held(world, seat) == held(pos, seat) and list(world.moves) == list(pos.moves)
            assert [sum(held(world, s).values()) for s in range(players)] == [
                sum(held(pos, s).values()) for s in range(players)]
            assert world.stock_left == pos.stock_left and uno_view_args(world, seat)["draws"] == args["draws"]
            assert world.turn == pos.turn and world.legal_moves() == pos.legal_moves()
            assert twin_worlds(world, seat, 3, 9) == twin_worlds(pos, seat, 3, 9)
            first = twin_worlds(pos, seat, 16, seed)[0][0]
            same += all(Counter(map(ca.Card.from_str, first[s])) == held(world, s) for s in range(players))
    assert views > 50 and swaps > 0 and same == views, (views, same, swaps)


def late_view_after_a_swap():
    """A 3-seat hand played at random to trick 11 where the seat to move got a hand by a swap."""
    for seed in range(200):
        for pos, seat in random_hand(3, seed):
            if pos.tricks_done >= 10 and not pos.trick and uno_view_args(pos, seat)["got"]:
                return pos.copy(), seat
    raise AssertionError("no late position after a swap")


def test_uno_hearts_views_worlds_agree_with_the_samplers_by_chi_square():
    """uno-hearts, 3 seats, trick 11, after a swap that gave the seat a hand: where each unseen
    card lies (the other two hands, the stock) over 300 views' worlds (seeds 1..300) and 300
    of the sampler's worlds from the true position: one distribution (chi-square, p > 0.001)."""
    pos, seat = late_view_after_a_swap()
    args = uno_view_args(pos, seat)
    others = [s for s in range(3) if s != seat]

    def places(hands) -> list[str]:
        return [f"{card}@{s}" for s in others for card in hands[s]]

    from_views = Counter()
    for seed in range(1, 301):
        world = uno_world_from_view(pos.rules, seat, seed=seed, **args)
        from_views.update(places({s: [str(c) for c in held(world, s).elements()] for s in others}))
    from_truth = Counter()
    for hands, _stock in twin_worlds(pos, seat, 300, 77):
        from_truth.update(places(hands))
    keys = sorted(k for k in set(from_views) | set(from_truth) if from_views[k] + from_truth[k] >= 10)
    assert len(keys) >= 10
    _stat, p, _dof, _exp = chi2_contingency([[from_views[k] for k in keys], [from_truth[k] for k in keys]])
    assert p > 0.001, p


@pytest.mark.parametrize("kind", ["lead", "trick-1"])
def test_uno_hearts_view_of_a_hand_that_showed_only_hearts_after_a_swap(kind):
    """uno-hearts, 7 seats (support.uno_hands.only_hearts_hand, seed 0): a hand showed it held
    only hearts, by a heart led before hearts broke (kind "lead") or a heart played to trick
    1 (kind "trick-1"), and an 8 then moved it to seat 0; seat 4 never held it. Seat 4's
    view's world, for each of 40 seeds, gives seat 0 a heart and is the sampler's first draw
    from the true position, as it is (the sampler reads the fact: nothing is redrawn)."""
    rules = uno_hearts_rules(7)
    after, stock, dealer, plays = only_hearts_hand(kind, 0)
    pos = after_pass(rules, after, stock, dealer)
    for card in plays:
        pos.push(card)
    args = uno_view_args(pos, 4)
    non_hearts = 0
    for seed in range(40):
        world = uno_world_from_view(rules, 4, seed=seed, **args)
        assert all(c.suit == 2 for c in held(world, 0)), held(world, 0)  # 2: hearts (C, D, H, S)
        first = twin_worlds(pos, 4, 1, seed)[0][0]
        assert all(Counter(map(ca.Card.from_str, first[s])) == held(world, s) for s in range(7))
        non_hearts += sum(not c.suit == 2 for s in range(1, 7) if s != 4 for c in held(world, s))
    assert non_hearts, "the other seats' unseen cards are not all hearts"


def test_uno_hearts_a_view_no_world_fits_is_refused_with_its_piece():
    rules = uno_hearts_rules(4)
    with pytest.raises(UnoViewError, match="passed 2 is not given") as err:
        uno_world_from_view(rules, 2, Counter(map(ca.Card.from_str, HAND.split(","))),
                            received=Counter(map(ca.Card.from_str, ["QC", "TH", "QH"])))
    assert err.value.kind == "received"


def test_uno_hearts_analyse_judges_every_card_from_its_movers_view():
    """uno-hearts: `analyse` judges each card of a hand from the mover's one-seat view (its
    draws and the hands it got included), after each seat's pass, judged from its hand as dealt."""
    match = Match.new(VARIANT, 4, seed=2)
    play_match(match, [make_bot("heuristic", seed=s) for s in range(4)], max_hands=1)
    record = read_record(dump_record(record_from_match(match)))
    analysis = analyse(record, AnalysisSettings(limit=Limit(iterations=20), hands=(1, 1)))
    hand = record.hands[0]
    passes = [d for d in analysis.decisions if d.trick is None]
    assert sorted(d.seat for d in passes) == [0, 1, 2, 3]
    assert all(d.played == hand.passes[d.seat] for d in passes)
    cards = [d for d in analysis.decisions if d.trick is not None]
    assert [(d.seat, str(d.played)) for d in cards] == [(s, str(c)) for s, c in hand.plays]


def test_uno_hearts_the_arena_cep_player_plays_whole_hands_from_its_views():
    """uno-hearts: a `cep:` engine seat, sent its one-seat view at each turn (the pass too),
    plays whole hands against heuristic bots; every card it chose was legal (the referee
    checks each push), and a hand with a swap is among them."""
    bot = CepBot(f"{sys.executable} -m copas_ai engine", seed=5, variant=VARIANT, iterations=20)
    swapped = False
    for seed in (1, 2):
        position = Match.new(ca.find_variant(VARIANT), players=4, seed=seed).deal_next_hand()
        play_hand(position, [bot] + [make_bot("heuristic", seed=seed * 10 + s) for s in range(1, 4)])
        assert position.is_over() and any(seat == 0 for seat, _ in position.moves)
        swapped |= any(position.hand_swaps(t) for t in range(13))
    assert swapped


def test_uno_hearts_the_gui_table_plays_a_hand_against_engine_seats():
    """uno-hearts at the GUI's table: the person (seat 0) passes its first three cards and plays
    its first legal card at each turn; the three engine seats answer from their one-seat views,
    to the hand's end, and the record keeps the stock."""
    with running_server() as server:
        client = Client(server)
        table = client.post("/api/new", {"variant": VARIANT, "players": 4, "people": [0], "seed": 7,
                                         "iterations": 20})["table"]
        assert client.play_out(table)["phase"] == "handover"
        record = read_record(client.get(f"/api/record?table={table}"))
        assert len(record.hands[0].stock) == 49 and len(record.hands[0].plays) == 52


def test_uno_hearts_played_at_seat_0_in_the_terminal():
    """uno-hearts at `play --seat 0`: the person passes its first three cards and plays its first
    legal card at each turn; the engine seats answer from their views to the hand's end."""
    table = Table(TableSettings(VARIANT, people=(0,), seed=6, iterations=ITERATIONS, movetime_ms=None, engine=ENGINE))

    def read(_prompt: str) -> str:
        state = table.state()
        return " ".join(state["hand"][:3]) if state["phase"] == "passing" else first_legal(state)

    code, out = play_in_terminal(table, read)
    assert code == 0 and "hand 1 over: score" in "\n".join(out)


def test_uno_hearts_view_of_a_seat_that_passed_both_copies_of_a_card(engine):
    """uno-hearts: seat 1 passes both copies of a card it was dealt twice; its view writes the
    card twice in `passed` and `show` does too."""
    pos = next(p for seed in range(1, 80) if (p := Match.new(VARIANT, 4, seed=seed).deal_next_hand()).twins[1])
    pair = next(iter(pos.twins[1]))
    for s in range(4):
        cards = [pair, pair, next(c for c in pos.hand(1) if c != pair)] if s == 1 else list(pos.hand(s))[:3]
        pos.set_twin_pass(s, [str(c) for c in cards])
    pos.push(list(pos.legal_moves())[0])
    line = seat_view_text(pos, 1, VARIANT)
    assert f",{pair},{pair} received 1 " in line or f"passed 1 {pair},{pair}," in line
    assert engine.ask(line) == []
    assert any(f"  passed {pair},{pair}" in out or f",{pair},{pair}  received" in out for out in engine.ask("show"))


@pytest.mark.parametrize("passed, holds, shown", [
    ("6D,6D,3C", "8C,9D,JD,AD,JH,2S,5S,6S,9S,TS", "3C,6D,6D"),  # both copies of 6D passed
    ("6D,3C,8C", "6D,9D,JD,AD,JH,2S,5S,6S,9S,TS", "3C,8C,6D"),  # one copy passed, one kept
])
def test_uno_hearts_show_during_the_pass_counts_each_copy_held_and_passed(engine, passed, holds, shown):
    """uno-hearts, seat 0 dealt both copies of 6D has set its pass, the others not yet: `show`
    writes what it holds less each copy it passed (once, passing one copy hid both) and its
    pass with a card passed twice written twice (once, written once)."""
    assert engine.ask(f"position variant uno-hearts seat 0 hand 0 3C,8C,6D,6D,9D,JD,AD,JH,2S,5S,6S,9S,TS "
                      f"passed 0 {passed}") == []
    assert any(f"# seat 0  holds {holds}  passed {shown}  took -" in line for line in engine.ask("show"))


def test_uno_hearts_pass_cycle_a_hold_hand_view_loads_and_refuses_a_pass(engine):
    """uno-hearts+pass-cycle: in a hold hand (no pass) a seat's view has no `passed` or
    `received`; it loads and gives the true legal moves along the hand (once, an internal
    error: the view took every uno-hearts hand to have a pass); a `passed` group is refused."""
    variant = "uno-hearts+pass-cycle"
    pos = Match.new(variant, 4, seed=1).deal_next_hand()
    assert not pos.pass_plan  # the cycle's first hand holds
    bot = make_bot("heuristic", seed=3)
    while not pos.is_over():
        line = seat_view_text(pos, pos.turn, variant)
        assert " passed " not in line and engine.ask(line) == []
        assert engine.ask("legal") == [f"legal {' '.join(str(c) for c in pos.legal_moves())}"]
        pos.push(bot.choose_card(pos, pos.turn), seat=pos.turn)
    hand = seat_view_text(Match.new(variant, 4, seed=1).deal_next_hand(), 0, variant)
    answer = engine.ask(f"{hand} passed 0 {hand.split(' hand 0 ')[1].split()[0].split(',')[0]},2C,3C")
    assert len(answer) == 1 and answer[0].startswith("error position") and "this hand has no pass" in answer[0]
