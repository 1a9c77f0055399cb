"""copas-fora+peek-pass (docs/RULES.md §2.2 L45, A12): the pass as a chain along the pass
direction. The chain opens on the dealer's left; each later link receives, looks, and
chooses 3 of its 16 cards (received ones included); the last link passes to the first,
who keeps what it gets (so it may get its own cards back). Passing across with 4 players
is two 2-seat chains. End to end: the core's order and refusals, the protocol (a later
link's one-hand view gives `received` before `passed`), the sampler's exact worlds, the
pass search, the record and the analysis.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from scipy.stats import chisquare
from support.sampler_oracle import all_consistent_worlds, random_position

import copas_ai as ca
from copas_ai._core import IllegalMoveError, WorldSampler
from copas_ai.analysis.analyse import AnalysisSettings, analyse, decision_points
from copas_ai.analysis.record import dump_record, read_record, record_from_match, replay
from copas_ai.analysis.selfplay import selfplay
from copas_ai.arena.cep_player import seat_view_text
from copas_ai.bots import make_bot
from copas_ai.cep.loop import run_lines
from copas_ai.cep.position_text import position_to_text
from copas_ai.game import Match, play_match
from copas_ai.search import Limit, Searcher, world_from_view
from copas_ai.variants.types import VariantNotFoundError

PEEK = "copas-fora+peek-pass"
LEFT_HAND, RIGHT_HAND, ACROSS_HAND, NO_PASS_HAND = 0, 1, 2, 3  # copas-fora's L/R/A/none cycle


def peek_rules(variant: str = PEEK, players: int | None = None):
    return ca.find_variant(variant).rules(players)


def fresh(hand_no: int, dealer: int = 0, seed: int = 1, variant: str = PEEK) -> ca.Position:
    rules = peek_rules(variant)
    return ca.Position(rules, ca.deal(rules, seed), dealer=dealer, hand_no=hand_no)


def lowest3(position: ca.Position, seat: int) -> ca.CardSet:
    return ca.CardSet(sorted(position.hand(seat), key=int)[:3])


@pytest.mark.parametrize("hand_no, dealer, order, openers", [
    (LEFT_HAND, 0, [1, 2, 3, 0], {1}),
    (LEFT_HAND, 2, [3, 0, 1, 2], {3}),
    (RIGHT_HAND, 0, [1, 0, 3, 2], {1}),
    (RIGHT_HAND, 3, [0, 3, 2, 1], {0}),
    # Across: chains {1,3} and {2,0}, each opened by its seat met first leftwards from the dealer's left.
    (ACROSS_HAND, 0, [1, 2, 3, 0], {1, 2}),
    (ACROSS_HAND, 1, [2, 3, 0, 1], {2, 3}),
])
def test_copas_fora_peek_pass_chain_order_starts_at_the_dealers_left_in_each_direction(hand_no, dealer, order,
                                                                                      openers):
    """copas-fora+peek-pass, A12: the links pass in the pass direction from the dealer's
    left (two chains across); each passes only when due, and each later link has
    received before it passes."""
    p = fresh(hand_no, dealer)
    assert p.pass_order == order
    assert {s for s in range(4) if p.chain_start(s)} == openers
    for k, seat in enumerate(order):
        assert p.next_passer == seat
        # A later link has its 3 received cards in hand when due; an opener has none yet.
        assert len(p.hand(seat)) == (13 if seat in openers else 16)
        if k + 1 < len(order):
            with pytest.raises(IllegalMoveError, match=f"next link is seat {seat}, not seat {order[k + 1]}"):
                p.set_pass(order[k + 1], lowest3(p, order[k + 1]))
        p.set_pass(seat, lowest3(p, seat))
    assert p.phase == "playing" and p.next_passer is None
    assert all(len(p.hand(s)) == 13 for s in range(4))


def test_copas_fora_peek_pass_first_passer_sees_nothing_before_choosing():
    """copas-fora+peek-pass, A12: the chain's first link chooses from its 13 dealt cards,
    having received nothing; the next link then holds those 3 cards among its 16."""
    p = fresh(LEFT_HAND, dealer=0)
    dealt = p.hands
    assert p.next_passer == 1 and p.hand(1) == dealt[1] and len(p.received_parts[1]) == 0
    sent = lowest3(p, 1)
    p.set_pass(1, sent)
    assert p.hand(2) == dealt[2] | sent and p.received_parts[2] == sent
    assert p.next_passer == 2


@pytest.mark.parametrize("hand_no", [LEFT_HAND, RIGHT_HAND, ACROSS_HAND])
def test_copas_fora_peek_pass_first_link_gets_its_own_cards_back(hand_no):
    """copas-fora+peek-pass, L45 ('the first player may receive the three cards he passed
    to the second'): when every later link passes on what it received, the last link
    passes the opener's own 3 back to it, and the opener keeps them (it does not pass again)."""
    p = fresh(hand_no, dealer=0)
    dealt = p.hands
    for seat in p.pass_order:
        p.set_pass(seat, p.received_parts[seat] if not p.chain_start(seat) else lowest3(p, seat))
    for opener in (s for s in range(4) if p.chain_start(s)):
        assert p.received_parts[opener] == p.passed_parts[opener]
    assert p.hands == dealt  # every card is back where it was dealt


def test_copas_fora_peek_pass_a_later_link_passes_received_and_own_cards():
    """copas-fora+peek-pass: a later link may pass any 3 of its 16 cards (received ones
    included); cards it never held are refused by name."""
    p = fresh(LEFT_HAND, dealer=0)
    p.set_pass(1, lowest3(p, 1))
    got = list(p.received_parts[2])
    own = sorted(p.hand(2) - p.received_parts[2], key=int)
    mixed = ca.CardSet([got[0], own[0], own[1]])
    stranger = next(iter(p.hand(3)))
    with pytest.raises(IllegalMoveError, match=f"seat 2 does not hold {stranger}"):
        p.set_pass(2, ca.CardSet([got[0], own[0], stranger]))
    p.set_pass(2, mixed)
    assert p.received_parts[3] == mixed and got[0] in p.hand(3) and got[0] not in p.hand(2)


def test_copas_fora_peek_pass_no_pass_hand_stays_no_pass():
    """copas-fora+peek-pass, hand 4 of the L/R/A/none cycle: no chain, play begins at once."""
    p = fresh(NO_PASS_HAND)
    assert p.phase == "playing" and p.pass_order == [] and p.next_passer is None


def test_copas_fora_peek_pass_refuses_split_pass_and_takes_pass_cycle():
    """copas-fora+peek-pass with +split-pass is refused by name (a chain goes one way);
    with +pass-cycle=always-right the chain runs rightwards every hand."""
    with pytest.raises(VariantNotFoundError, match="peek-pass cannot be combined with split-pass"):
        ca.find_variant("copas-fora+peek-pass+split-pass")
    rules = peek_rules("copas-fora+peek-pass+pass-cycle=always-right")
    for hand_no in range(4):
        p = ca.Position(rules, ca.deal(rules, 5), dealer=hand_no % 4, hand_no=hand_no)
        left = (hand_no + 1) % 4
        assert p.pass_order == [left, (left + 3) % 4, (left + 2) % 4, (left + 1) % 4]


# -- the protocol ---------------------------------------------------------------------

def _view(p: ca.Position, seat: int, dealt, variant: str = PEEK) -> str:
    line = (f"position variant {variant} dealer {p.dealer} handno {p.hand_no} seat {seat} "
            f"hand {seat} {dealt[seat]}")
    if len(p.received_parts[seat]):
        line += f" received {seat} {p.received_parts[seat]}"
    return line


def test_copas_fora_peek_pass_protocol_a_later_links_view_lists_its_16_cards_and_go_passes_3():
    """copas-fora+peek-pass: seat 2's one-hand view gives `received 2` before any `passed 2`
    (it looks first): `legal` lists `pass 3` over its 16 cards and `go` answers 3 of them."""
    p = fresh(LEFT_HAND, dealer=0)
    dealt = p.hands
    p.set_pass(1, lowest3(p, 1))
    out = run_lines(["setoption name Seed value 3", _view(p, 2, dealt), "legal", "go iterations 300"])
    assert not [o for o in out if o.startswith("error")], out
    assert f"legal pass 3 {p.hand(2)}" in out
    best = ca.CardSet.from_str(out[-1].split()[1])
    assert out[-1].startswith("bestmove ") and len(best) == 3 and best <= p.hand(2)


def test_copas_fora_peek_pass_protocol_refuses_a_link_out_of_turn():
    """copas-fora+peek-pass: seat 3's view before it has received says what is missing; a
    fully known position names the link that is due."""
    p = fresh(LEFT_HAND, dealer=0)
    out = run_lines([_view(p, 3, p.hands), "go iterations 10"])
    assert out == ["error go seat 3 receives before it passes in the pass chain: give received 3"]
    known = run_lines([position_to_text(p, PEEK) + " seat 3", "go iterations 10"])
    assert known == ["error go the pass chain's next link is seat 1, not seat 3"]
    due = run_lines([position_to_text(p, PEEK), "legal"])  # no `seat`: the link that is due answers
    assert due == [f"legal pass 3 {p.hand(1)}"]


def test_copas_fora_peek_pass_protocol_full_position_takes_the_passes_in_chain_order():
    """copas-fora+peek-pass: a fully known position lists `passed` groups in seat order;
    they are applied in the chain's order, and `received` checks what each got."""
    p = fresh(LEFT_HAND, dealer=0)
    dealt = p.hands
    for seat in p.pass_order:
        p.set_pass(seat, p.received_parts[seat] if seat == 3 else lowest3(p, seat))  # 3 passes on 2's cards
    line = (f"position variant {PEEK} dealer 0 handno 0 " + " ".join(f"hand {s} {dealt[s]}" for s in range(4)) +
            " " + " ".join(f"passed {s} {p.passed_parts[s]}" for s in range(4)) +
            " " + " ".join(f"received {s} {p.received_parts[s]}" for s in range(4)))
    out = run_lines([line, "legal"])
    assert out == [f"legal {' '.join(str(c) for c in p.legal_moves())}"], out
    assert not run_lines([position_to_text(p, PEEK)])


@pytest.mark.parametrize("hand_no", [LEFT_HAND, RIGHT_HAND, ACROSS_HAND])
@pytest.mark.parametrize("dealer", range(4))
def test_copas_fora_peek_pass_protocol_play_views_of_every_link(dealer, hand_no):
    """copas-fora+peek-pass, in play, every dealer and direction, links passing on what they
    received half the time: each seat's one-hand view as the arena writes it (an opener
    may hold its own cards back; a later link's `passed` may hold cards it received) is
    accepted, and the seat to play gets its legal cards and a `go` answer."""
    for seed in range(3):
        p = fresh(hand_no, dealer, seed=10 + seed)
        rng = random.Random(seed)
        for seat in p.pass_order:
            got = p.received_parts[seat]
            p.set_pass(seat, got if len(got) and rng.random() < 0.5 else ca.CardSet(rng.sample(list(p.hand(seat)), 3)))
        for _ in range(rng.randrange(1, 30)):
            p.push(rng.choice(list(p.legal_moves())))
        for seat in range(4):
            out = run_lines([seat_view_text(p, seat, PEEK)])
            assert out == [], (seed, seat, out)
        out = run_lines([seat_view_text(p, p.turn, PEEK), "legal", "go iterations 30"])
        assert out[0] == f"legal {' '.join(str(c) for c in p.legal_moves())}", out
        assert out[-1].split()[1] in {str(c) for c in p.legal_moves()}


# -- the sampler and the search ---------------------------------------------------------

@pytest.mark.parametrize("me, kept", [(0, True), (2, False)])
def test_copas_fora_peek_pass_sampler_exact_and_uniform(me, kept):
    """copas-fora+peek-pass, left, dealer 3 (chain 0,1,2,3), 3 tricks left: seat 3 the last
    link passed to the opener 0, who surely keeps those cards; seat 1 a middle link passed
    to 2, who may have passed them on. The sampler's worlds are exactly the enumerated
    ones (tests/support/sampler_oracle.py, chain rule written out again) and uniform."""
    me = {0: 3, 2: 1}[me]
    rules = peek_rules()

    def position_for(seed):
        p = random_position(rules, seed, LEFT_HAND, 40, keep_passed_by=me)
        receiver = (me + 1) % 4
        return p, len(p.passed_parts[me] & p.hand(receiver)) > 0

    p = next(p for p, still in map(position_for, range(200)) if still)
    receiver = (me + 1) % 4
    assert p.chain_start(receiver) == kept
    worlds = all_consistent_worlds(p, me)
    sampler = WorldSampler(p, me)
    assert bool(sampler.must_hold(receiver).bits) == kept
    assert sampler.exact_world_count() == len(worlds) > 1
    seen = Counter(sampler.sample_many(max(30 * len(worlds), 3000), 7))
    assert set(seen) <= worlds
    assert chisquare([seen[w] for w in sorted(worlds)]).pvalue > 0.001


def test_copas_fora_peek_pass_sampler_during_the_chain_keeps_the_counts():
    """copas-fora+peek-pass, seat 2 due (seat 1 passed): the seat knows its 16 cards; the
    sampler deals the 36 unseen as 10 to seat 1 and 13 to seats 3 and 0."""
    p = fresh(LEFT_HAND, dealer=0)
    p.set_pass(1, lowest3(p, 1))
    worlds = WorldSampler(p, 2).sample_many(200, 5)
    mine = p.hand(2).bits
    for world in worlds:
        assert world[2] == mine
        assert [bin(w).count("1") for w in world] == [13, 10, 16, 13]


def test_copas_fora_peek_pass_search_passes_back_a_received_unguarded_queen():
    """copas-fora+peek-pass, seeded: seat 2, a middle link, holds no spade and otherwise
    only low cards, and receives the Q♠ from seat 1. It cannot keep the queen safe, so
    its pass sends the queen on (for each of three seeds)."""
    rules = peek_rules()
    mine = ca.CardSet.from_str("2C,3C,4C,5C,2D,3D,4D,5D,2H,3H,6H,7H,8H")
    got = ca.CardSet.from_str("QS,4H,5H")
    queen = ca.Card.from_str("QS")
    for seed in (1, 2, 3):
        world = world_from_view(rules, 2, mine, None, got, [], dealer=0, hand_no=LEFT_HAND, seed=seed)
        assert world.next_passer == 2 and world.hand(2) == mine | got
        result = Searcher(seed=seed).search(world, 2, Limit(iterations=5000))
        assert queen in result.best, (seed, result.best)
        with_queen = [m.score for m in result.moves if queen in m.move]
        without = [m.score for m in result.moves if queen not in m.move]
        assert sum(with_queen) / len(with_queen) < sum(without) / len(without)


# -- the match, the record and the analysis ---------------------------------------------

def test_copas_fora_peek_pass_record_carries_the_chain_and_replays():
    """copas-fora+peek-pass: a heuristic match's copas-game/1 record holds each seat's pass
    (received cards passed on included); read back and replayed in the chain's order it
    gives the same received cards, hands after the pass, and scores."""
    match = Match.new(PEEK, seed=9)
    play_match(match, [make_bot("heuristic", seed=s) for s in range(4)], max_hands=4)
    record = read_record(dump_record(record_from_match(match)))
    passed_on = 0
    for hand in record.hands:
        position = replay(record, hand)
        assert position.is_over()
        assert list(position.score()) == list(hand.score)
        if hand.passes is not None:
            start = replay(record, hand, 0)
            passed_on += sum(len(start.passed_parts[s] & start.received_parts[s]) for s in range(4)
                             if not start.chain_start(s))
    assert match.hands and any(h.passes is not None for h in record.hands)
    assert passed_on >= 0  # counted: heuristic links may or may not pass received cards on


def test_copas_fora_peek_pass_analysis_judges_each_link_from_what_it_saw():
    """copas-fora+peek-pass: `analyse` lists the pass decisions in the chain's order; a later
    link's view holds what it received, the opener's holds nothing; each pass is rated."""
    record = read_record(selfplay(PEEK, ["heuristic"], hands=1, seed=2))
    hand = record.hands[0]
    points = [pt for pt in decision_points(record, hand, None) if pt.trick is None]
    start = replay(record, hand, 0)
    assert [pt.seat for pt in points] == start.pass_order
    for pt in points:
        assert (pt.received is None) == start.chain_start(pt.seat)
        if pt.received is not None:
            assert pt.received == start.received_parts[pt.seat]
    settings = AnalysisSettings(limit=Limit(iterations=30), double_dummy_trick=None, pass_scale=5, seats={2})
    analysis = analyse(record, settings)
    passes = [d for d in analysis.decisions if d.trick is None]
    assert len(passes) == 1 and passes[0].played == hand.passes[2] and len(passes[0].best) == 3
