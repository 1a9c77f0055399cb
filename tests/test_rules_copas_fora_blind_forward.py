"""copas-fora+blind-forward (docs/RULES.md §2.2 L47, A12): the pass as a chain in
which a later link, its 3 received cards still face down, forwards them unseen or
passes 3 of its own 13 and only then picks them up; forwarding is public.

The chain itself (its order, the opener, A12b) is peek-pass's and tested in
test_rules_copas_fora_peek_pass.py; here: who may forward and when, the refusals,
the sampler's knowledge (enumeration + chi-square), the search, the heuristic, the
protocol and records.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from scipy.stats import chisquare
from support.sampler_oracle import all_consistent_worlds

import copas_ai as ca
from copas_ai import _core
from copas_ai._core import IllegalMoveError, WorldSampler
from copas_ai.analysis.analyse import AnalysisSettings, analyse, decision_points
from copas_ai.analysis.record import dump_record, read_record, record_from_match, replay
from copas_ai.arena.cep_player import seat_view_text
from copas_ai.bots import make_bot
from copas_ai.cep.loop import run_lines
from copas_ai.cep.position_text import load_position, parse_position, position_to_text
from copas_ai.game import Match, play_match
from copas_ai.search import Limit, Searcher, world_from_view
from copas_ai.variants.types import VariantNotFoundError

BLIND = "copas-fora+blind-forward"
LEFT_HAND, RIGHT_HAND, ACROSS_HAND, NO_PASS_HAND = 0, 1, 2, 3  # copas-fora's L/R/A/none cycle


def fresh(hand_no: int = LEFT_HAND, dealer: int = 0, seed: int = 1) -> ca.Position:
    rules = ca.find_variant(BLIND).rules()
    return ca.Position(rules, ca.deal(rules, seed), dealer=dealer, hand_no=hand_no)


def own3(position: ca.Position, seat: int) -> ca.CardSet:
    """The lowest 3 of the seat's own cards (not its unseen packet)."""
    return ca.CardSet(sorted(position.hand(seat) - position.blind_packet, key=int)[:3])


# -- the rule ------------------------------------------------------------------------------

def test_copas_fora_blind_forward_makes_the_chain_by_itself_and_refuses_peek_pass():
    """copas-fora+blind-forward: the chain without +peek-pass (L47 is its own bullet);
    with +peek-pass, +kitty-swap or +split-pass it is refused by name."""
    rules = ca.find_variant(BLIND).rules()
    assert rules.pass_chain and rules.pass_blind
    assert not ca.find_variant("copas-fora+peek-pass").rules().pass_blind
    for other in ("peek-pass", "kitty-swap", "split-pass"):
        with pytest.raises(VariantNotFoundError, match="blind-forward|" + other):
            ca.find_variant(f"{BLIND}+{other}")


def test_copas_fora_blind_forward_first_link_passes_its_own_with_nothing_to_forward():
    """copas-fora+blind-forward, left, dealer 0: the opener (seat 1) has received nothing,
    so it has no packet and passes 3 of its 13; `forward` there is refused."""
    p = fresh()
    assert p.next_passer == 1 and len(p.blind_packet) == 0
    p.set_pass(1, own3(p, 1))
    assert p.next_passer == 2 and p.blind_packet == p.received_parts[2] and len(p.blind_packet) == 3
    assert not p.forwarded(1)


def test_copas_fora_blind_forward_a_later_link_forwards_the_packet_unseen():
    """copas-fora+blind-forward: seat 2 forwards what seat 1 passed; its own 13 stay whole,
    seat 3 now holds the packet face down, and the forward is public (forwarded(2))."""
    p = fresh()
    dealt = p.hands
    sent = own3(p, 1)
    p.set_pass(1, sent)
    p.set_pass(2, p.blind_packet)
    assert p.forwarded(2) and p.hand(2) == dealt[2]
    assert p.next_passer == 3 and p.blind_packet == sent and p.received_parts[3] == sent


def test_copas_fora_blind_forward_a_later_link_passes_its_own_then_picks_up():
    """copas-fora+blind-forward: seat 2 passes 3 of its own 13; then the packet is its own:
    its hand is the 13 less those 3 plus the 3 received. A mix is refused by name."""
    p = fresh()
    dealt = p.hands
    p.set_pass(1, own3(p, 1))
    packet = p.blind_packet
    mixed = ca.CardSet([next(iter(packet)), *sorted(dealt[2], key=int)[:2]])
    with pytest.raises(IllegalMoveError, match="has not looked at the 3 cards it received"):
        p.set_pass(2, mixed)
    mine = own3(p, 2)
    p.set_pass(2, mine)
    assert not p.forwarded(2)
    assert p.hand(2) == (dealt[2] - mine) | packet
    assert p.blind_packet == mine  # seat 3's packet now


@pytest.mark.parametrize("hand_no", [LEFT_HAND, RIGHT_HAND, ACROSS_HAND])
def test_copas_fora_blind_forward_every_later_link_forwards_and_the_opener_gets_its_own_back(hand_no):
    """copas-fora+blind-forward (A12b): when every later link forwards, the opener's own
    3 come back to it; every hand ends as dealt."""
    p = fresh(hand_no)
    dealt = p.hands
    for seat in p.pass_order:
        p.set_pass(seat, p.blind_packet if p.blind_packet else own3(p, seat))
    assert p.phase == "playing" and p.hands == dealt
    assert all(p.forwarded(s) != p.chain_start(s) for s in range(4))


def test_copas_fora_blind_forward_no_pass_hand_stays_no_pass():
    """copas-fora+blind-forward, hand 4 (none): no chain, no packet, play begins."""
    p = fresh(NO_PASS_HAND)
    assert p.phase == "playing" and p.next_passer is None and len(p.blind_packet) == 0


# -- the players ---------------------------------------------------------------------------

def test_copas_fora_blind_forward_heuristic_forwards_only_with_nothing_to_shed():
    """copas-fora+blind-forward: the rule of thumb judges the link's own 13 only: with a
    point card or a spade above the J it passes 3 of them, else it forwards the packet.
    Seat 2 holds all the clubs (nothing to shed: forwards), then all the hearts (passes 3)."""
    rules = ca.find_variant(BLIND).rules()
    suits = {s: ca.CardSet([c for c in ca.CardSet.from_bits(rules.deck.bits) if str(c).endswith(s)])
             for s in "CDHS"}
    for seat2, forwards in (("C", True), ("H", False)):
        others = [s for s in "DSHC" if s != seat2]
        hands = [suits[others[0]], suits[others[1]], suits[seat2], suits[others[2]]]
        p = ca.Position(rules, hands, dealer=0, hand_no=LEFT_HAND)
        p.set_pass(1, own3(p, 1))
        choice = _core.heuristic_blind_pass(p)
        assert (choice == p.blind_packet) == forwards
        assert len(choice) == 3 and (forwards or choice <= suits[seat2])
        p.set_pass(2, make_bot("heuristic", seed=1).choose_pass(p, 2, 3))  # the bot takes the core's rule
        assert p.forwarded(2) == forwards
    with pytest.raises(IllegalMoveError, match="no blind-forward link"):
        _core.heuristic_blind_pass(fresh())


def test_copas_fora_blind_forward_random_bot_forwards_sometimes_and_never_mixes():
    """copas-fora+blind-forward: the random bot's pass is one of the 287 legal ones (the
    forward or 3 own cards), never a mix; over many draws both kinds occur."""
    kinds = Counter()
    for seed in range(600):
        p = fresh(seed=seed % 7)
        p.set_pass(1, own3(p, 1))
        packet = p.blind_packet
        choice = make_bot("random", seed=seed).choose_pass(p, 2, 3)
        p.set_pass(2, choice)  # refused if it mixed
        kinds[choice == packet] += 1
    assert kinds[True] > 0 and kinds[False] > 0


def test_copas_fora_blind_forward_matches_record_round_trip():
    """copas-fora+blind-forward: a seeded match of heuristic and random players; the
    copas-game/1 record carries each forward as the cards forwarded and replays to the
    same hands."""
    match = Match.new(ca.find_variant(BLIND), seed=3)
    bots = [make_bot("heuristic", seed=1), make_bot("random", seed=2), make_bot("heuristic", seed=3),
            make_bot("random", seed=4)]
    play_match(match, bots, max_hands=4)
    record = read_record(dump_record(record_from_match(match)))
    assert len(record.hands) >= 1
    for hand in record.hands:
        final = replay(record, hand, len(hand.plays))
        assert final.is_over() and final.score() == hand.score


# -- the sampler and the search ----------------------------------------------------------

def _played_out(p: ca.Position, plays: int, seed: int) -> ca.Position:
    rng = random.Random(seed)
    for _ in range(plays):
        p.push(rng.choice(sorted(p.legal_moves(), key=int)))
    return p


@pytest.mark.parametrize("me, forwards", [(1, (2,)), (1, (2, 3)), (2, (2,)), (3, ())])
def test_copas_fora_blind_forward_sampler_exact_and_uniform_in_play(me, forwards):
    """copas-fora+blind-forward, left, dealer 0 (chain 1,2,3,0), 40 cards played: the seat's
    own 3 are surely with the first link after it that did not forward (past seat 2, or
    seats 2 and 3); a seat that forwarded (seat 2) knows nothing of what it passed. The
    sampler's worlds are exactly the enumerated ones (tests/support/sampler_oracle.py, the
    chain written out again) and uniform."""
    for seed in range(1, 300):
        p = fresh(seed=seed)
        for seat in p.pass_order:
            p.set_pass(seat, p.blind_packet if seat in forwards else own3(p, seat))
        _played_out(p, 40, seed)
        keeper_still_holds = me in forwards or len(p.passed[me] & p.hand(_keeper(p, me))) > 0
        if keeper_still_holds:
            break
    assert p.forwarded(2) == (2 in forwards)
    sampler = WorldSampler(p, me)
    if me in forwards:
        assert all(len(sampler.must_hold(s)) == 0 for s in range(4) if s != me)
    else:
        assert sampler.must_hold(_keeper(p, me)) == p.passed[me] - ca.CardSet([c for _, c in p.moves])
    worlds = all_consistent_worlds(p, me)
    assert sampler.exact_world_count() == len(worlds) > 1
    seen = Counter(sampler.sample_many(max(30 * len(worlds), 3000), 7))
    assert set(seen) <= worlds
    assert chisquare([seen[w] for w in sorted(worlds)]).pvalue > 0.001


def _keeper(p: ca.Position, me: int) -> int:
    s = (me + 1) % 4
    while p.forwarded(s):
        s = (s + 1) % 4
    return s


def test_copas_fora_blind_forward_sampler_at_a_links_turn_hides_its_packet():
    """copas-fora+blind-forward, seat 2 due (seat 1 passed): the seat knows its 13 own cards
    only; the 39 unseen are 10 to seat 1, 13 each to seats 3 and 0 and 3 in its packet
    (left undealt by the sampler). The count is the multinomial, and each unseen card
    is in the packet equally often (chi-square)."""
    p = fresh()
    p.set_pass(1, own3(p, 1))
    own = p.hand(2) - p.blind_packet
    sampler = WorldSampler(p, 2)
    assert sampler.exact_world_count() == math.factorial(39) // (
        math.factorial(10) * math.factorial(13) ** 2 * math.factorial(3))
    unseen = [c for c in ca.CardSet.from_bits(p.rules.deck.bits) if c not in own]
    in_packet = Counter()
    for world in sampler.sample_many(6000, 3):
        assert world[2] == own.bits
        assert [bin(w).count("1") for w in world] == [13, 10, 13, 13]
        packet = p.rules.deck.bits & ~(world[0] | world[1] | world[2] | world[3])
        in_packet.update(c for c in unseen if (packet >> int(c)) & 1)
    assert sum(in_packet.values()) == 3 * 6000
    assert chisquare([in_packet[c] for c in unseen]).pvalue > 0.001


def test_copas_fora_blind_forward_search_weighs_the_forward_as_one_candidate():
    """copas-fora+blind-forward: go for a later link lists the forward (its packet) among
    its 287 candidates, and its answer is the forward or 3 own cards, never a mix; the
    answer repeats with the seed."""
    p = fresh()
    p.set_pass(1, own3(p, 1))
    packet = p.blind_packet
    own = p.hand(2) - packet
    answers = []
    for _ in range(2):
        result = Searcher(seed=5).search(p, 2, Limit(iterations=600))
        assert len(result.moves) == 287 and any(m.move == packet for m in result.moves)
        assert result.best == packet or result.best <= own
        answers.append(result.best)
    assert answers[0] == answers[1]


# -- the protocol ------------------------------------------------------------------------------

def _position_text(p: ca.Position, dealt, passes: dict[int, str]) -> str:
    words = [f"position variant {BLIND} dealer {p.dealer} handno {p.hand_no}"]
    words += [f"hand {s} {dealt[s]}" for s in range(4)]
    words += [f"passed {s} {text}" for s, text in passes.items()]
    return " ".join(words)


def test_copas_fora_blind_forward_protocol_legal_go_and_the_forward_word():
    """copas-fora+blind-forward over CEP/1, a whole position: at seat 2's turn `legal`
    lists its own 13 and `forward`; `passed 2 forward` is taken (seat 3 is then due) and
    `go` answers `forward` or 3 own cards; an opener's `forward` and a mix are refused."""
    p = fresh()
    dealt = p.hands
    sent = own3(p, 1)
    p.set_pass(1, sent)
    own = p.hand(2) - p.blind_packet
    base = _position_text(p, dealt, {1: str(sent)})
    out = run_lines(["setoption name Seed value 1", base, "legal", "go iterations 300"])
    assert out[0] == f"legal pass 3 {own} forward", out
    best = out[-1].split()[1]
    assert best == "forward" or ca.CardSet.from_str(best) <= own
    out = run_lines([_position_text(p, dealt, {1: str(sent), 2: "forward"}), "legal", "score"])
    assert out[0].startswith("legal pass 3 ") and out[0].endswith(" forward")
    assert ca.CardSet.from_str(out[0].split()[3]) == dealt[3]
    out = run_lines([_position_text(p, dealt, {1: "forward"})])
    assert out[0].startswith("error position passed 1 forward: seat 1 holds no unseen cards to forward"), out
    mixed = ca.CardSet([next(iter(sent)), *sorted(own, key=int)[:2]])
    out = run_lines([_position_text(p, dealt, {1: str(sent), 2: str(mixed)})])
    assert "has not looked at the 3 cards it received" in out[0], out


def test_three_five_kitty_blind_forward_search_keeps_the_kitty_apart_from_the_packet():
    """three-five+kitty+blind-forward (3 seats of 17, a kitty of 1): at seat 2's turn the
    sampler leaves its packet and the kitty undealt (17, 14, 17 held); go weighs the
    forward and the 680 passes of its own 17, and answers one of them."""
    rules = ca.find_variant("three-five+kitty+blind-forward").rules()
    p = ca.Position(rules, ca.deal(rules, 2), dealer=0, hand_no=LEFT_HAND)
    p.set_pass(1, own3(p, 1))
    assert p.next_passer == 2 and len(p.blind_packet) == 3
    for world in WorldSampler(p, 2).sample_many(50, 1):
        assert [bin(w).count("1") for w in world] == [17, 14, 17]
        assert world[2] == (p.hand(2) - p.blind_packet).bits
    result = Searcher(seed=3).search(p, 2, Limit(iterations=800))
    assert len(result.moves) == 681
    assert result.best == p.blind_packet or result.best <= p.hand(2) - p.blind_packet


# -- one-hand views ----------------------------------------------------------------------------

@pytest.mark.parametrize("me, forwards", [(1, (2,)), (2, (2,)), (3, (2, 3)), (0, (2,))])
def test_copas_fora_blind_forward_view_world_knows_what_the_whole_position_tells_the_seat(me, forwards):
    """copas-fora+blind-forward, dealer 0, 40 cards played: the world built from the seat's
    own view (its hand, its pass and pick-up, or `forwarded` for itself, the public
    forwards, the moves) gives the sampler the same worlds as the whole position
    (exact count and every must-hold set), which the enumeration test above checks."""
    p = fresh(seed=4)
    dealt = p.hands
    for seat in p.pass_order:
        p.set_pass(seat, p.blind_packet if seat in forwards else own3(p, seat))
    _played_out(p, 40, 4)
    mine = me in forwards
    world = world_from_view(p.rules, me, dealt[me], None if mine else p.passed[me], None if mine else p.received[me],
                            p.moves, dealer=0, hand_no=LEFT_HAND, forwarded=[s for s in range(4) if p.forwarded(s)])
    assert [world.forwarded(s) for s in range(4)] == [p.forwarded(s) for s in range(4)]
    from_view, whole = WorldSampler(world, me), WorldSampler(p, me)
    assert from_view.exact_world_count() == whole.exact_world_count()
    assert [from_view.must_hold(s) for s in range(4)] == [whole.must_hold(s) for s in range(4)]


def test_copas_fora_blind_forward_view_at_a_links_turn_hides_its_packet():
    """copas-fora+blind-forward, seat 3's view at its turn after seat 2 forwarded: the world
    gives it an unseen packet, and the sampler deals the 39 unseen cards as 10 (seat 1),
    13, 13 and a packet of 3, the same count as the whole position."""
    p = fresh()
    dealt = p.hands
    p.set_pass(1, own3(p, 1))
    p.set_pass(2, p.blind_packet)
    world = world_from_view(p.rules, 3, dealt[3], dealer=0, hand_no=LEFT_HAND, forwarded=[2])
    assert world.next_passer == 3 and len(world.blind_packet) == 3 and world.forwarded(2)
    assert WorldSampler(world, 3).exact_world_count() == WorldSampler(p, 3).exact_world_count() == math.factorial(39) // (
        math.factorial(10) * math.factorial(13) ** 2 * math.factorial(3))


def test_copas_fora_blind_forward_protocol_views_of_a_link_and_a_forwarder():
    """copas-fora+blind-forward over CEP/1, one-hand views: a later link at its turn lists
    its 13 and `forward` (the public `passed 2 forward` of a link before it); a forwarder
    (`passed 2 forward`) is in play; the opener cannot forward, and a forwarder received
    nothing it saw."""
    p = fresh()
    d = p.hands
    pre = f"position variant {BLIND} dealer 0 handno 0 "
    out = run_lines(["setoption name Seed value 1", pre + f"seat 3 hand 3 {d[3]} passed 2 forward", "legal",
                     "go iterations 200"])
    assert out[0] == f"legal pass 3 {d[3]} forward", out
    assert out[-1] == "bestmove forward" or ca.CardSet.from_str(out[-1].split()[1]) <= d[3]
    out = run_lines([pre + f"seat 2 hand 2 {d[2]} passed 2 forward", "score"])
    assert out[-1].startswith("state playing"), out
    out = run_lines([pre + f"seat 1 hand 1 {d[1]} passed 1 forward"])
    assert out == ["error position passed 1 forward: seat 1 opens the pass chain: it has received nothing to forward"]
    out = run_lines([pre + f"seat 2 hand 2 {d[2]} passed 2 forward received 2 4S,8S,KS"])
    assert out == ["error position received 2 4S,8S,KS: seat 2 forwarded what it received unseen"], out


@pytest.mark.parametrize("hand_no", [LEFT_HAND, RIGHT_HAND, ACROSS_HAND])
@pytest.mark.parametrize("dealer", range(4))
def test_copas_fora_blind_forward_protocol_views_as_the_arena_writes_them(dealer, hand_no):
    """copas-fora+blind-forward, every dealer and direction, later links forwarding half
    the time: during the chain the link due gets `legal pass 3 <its own> forward` from its
    view (seat_view_text: the public forwards, no unseen packet); in play every seat's view
    is accepted and the seat to play gets its legal cards and a `go` answer."""
    for seed in range(2):
        p = fresh(hand_no, dealer, seed=20 + seed)
        rng = random.Random(seed)
        for seat in p.pass_order:
            packet = p.blind_packet
            out = run_lines([seat_view_text(p, seat, BLIND), "legal"])
            assert out == [f"legal pass 3 {p.hand(seat) - packet}" + (" forward" if packet else "")], out
            own = list(p.hand(seat) - packet)
            p.set_pass(seat, packet if packet and rng.random() < 0.5 else ca.CardSet(rng.sample(own, 3)))
        for _ in range(rng.randrange(1, 30)):
            p.push(rng.choice(list(p.legal_moves())))
        for seat in range(4):
            assert run_lines([seat_view_text(p, seat, BLIND)]) == [], (seed, seat)
        out = run_lines([seat_view_text(p, p.turn, BLIND), "legal", "go iterations 30"])
        assert out[0] == f"legal {' '.join(str(c) for c in p.legal_moves())}", out
        assert out[-1].split()[1] in {str(c) for c in p.legal_moves()}


class _Forwarder:
    """A test player that forwards whenever it may, else plays as the heuristic."""

    def __init__(self, seed: int) -> None:
        self._bot = make_bot("heuristic", seed=seed)

    def choose_pass(self, position, seat, count):
        return position.blind_packet or self._bot.choose_pass(position, seat, count)

    def __getattr__(self, name):
        return getattr(self._bot, name)


def test_copas_fora_blind_forward_analysis_rates_a_forward_from_what_the_link_saw():
    """copas-fora+blind-forward: `analyse` lists each link's pass in the chain's order; a
    forward is reported as `forward` and rated as the view world's own unseen packet; the
    forwarder's cards in play are judged from a view that gives no pass of its own."""
    match = Match.new(ca.find_variant(BLIND), seed=6)
    play_match(match, [_Forwarder(s) for s in range(4)], max_hands=1)
    record = read_record(dump_record(record_from_match(match)))
    hand = record.hands[0]
    start = replay(record, hand, 0)
    forwarders = [s for s in range(4) if start.forwarded(s)]
    assert forwarders and all(not start.chain_start(s) for s in forwarders)
    points = list(decision_points(record, hand, None))
    passes = [pt for pt in points if pt.trick is None]
    assert [pt.seat for pt in passes] == start.pass_order
    assert [pt.played == "forward" for pt in passes] == [s in forwarders for s in start.pass_order]
    assert all(pt.passed is None and pt.received is None for pt in points if pt.seat in forwarders)
    settings = AnalysisSettings(limit=Limit(iterations=30), double_dummy_trick=None, pass_scale=2,
                                seats={forwarders[0]})
    decisions = analyse(record, settings).decisions
    first = decisions[0]
    assert first.trick is None and first.played == "forward" and first.played_score is not None
    assert all(d.played_score is not None or d.forced for d in decisions)


def test_copas_fora_blind_forward_protocol_multimove_names_the_forward():
    """copas-fora+blind-forward with MultiMove: the forward's info line reads `move forward`
    (not the world's packet cards), beside the 286 passes of the link's own cards."""
    p = fresh()
    d = p.hands
    out = run_lines(["setoption name MultiMove value true", "setoption name Seed value 1",
                     f"position variant {BLIND} dealer 0 handno 0 seat 3 hand 3 {d[3]} passed 2 forward",
                     "go iterations 300"])
    moves = [line.split()[2] for line in out if line.startswith("info move ")]
    assert len(moves) == 287 and moves.count("forward") == 1
    assert all(m == "forward" or ca.CardSet.from_str(m) <= d[3] for m in moves)


@pytest.mark.parametrize("stop", [1, 2, 3, 4])
def test_copas_fora_blind_forward_protocol_round_trip_of_a_whole_position(stop):
    """copas-fora+blind-forward, dealer 0, seat 2 forwarding: the whole position written by
    position_to_text after `stop` links (and, once the chain is done, 9 cards) reads back
    to the same hands, forwards and legal moves (the forward written as its cards)."""
    p = fresh(seed=8)
    for seat in p.pass_order[:stop]:
        p.set_pass(seat, p.blind_packet if seat == 2 else own3(p, seat))
    if p.phase == "playing":
        _played_out(p, 9, 8)
    loaded = load_position(parse_position(position_to_text(p, BLIND).split()[1:]), BLIND).position
    assert loaded.hands == p.hands and [loaded.forwarded(s) for s in range(4)] == [p.forwarded(s) for s in range(4)]
    assert loaded.blind_packet == p.blind_packet and loaded.legal_moves() == p.legal_moves()


def test_copas_fora_blind_forward_undo_after_a_forward_restores_the_play():
    """copas-fora+blind-forward: cards played after a chain with a forward are taken back
    one by one (pop) to the position the chain left: the same hands, forwards and turn."""
    p = fresh(seed=9)
    for seat in p.pass_order:
        p.set_pass(seat, p.blind_packet if seat == 3 else own3(p, seat))
    after_pass = (p.hands, p.turn, [p.forwarded(s) for s in range(4)])
    _played_out(p, 17, 9)
    while p.moves:
        p.pop()
    assert (p.hands, p.turn, [p.forwarded(s) for s in range(4)]) == after_pass and p.forwarded(3)
