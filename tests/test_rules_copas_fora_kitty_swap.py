"""copas-fora+kitty-swap (docs/RULES.md §2.2 L53, A13): in every hand each seat puts 3
cards face down into a central pool, which is shuffled and dealt back 3 to each (a
seat may get its own cards back). The deal-back is a chance step: a referee gives it
(`received` groups, Position.return_pool), the match flow and the search deal it from
a seed. The seat knows its own 3 went in and which 3 came back, nothing of where the
others' went. End to end: the core, the protocol, the sampler's exact worlds, the
record (`pool`) and the analysis.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from scipy.stats import chisquare
from support.sampler_oracle import all_consistent_worlds, random_position

import copas_ai as ca
from copas_ai._core import IllegalMoveError, WorldSampler
from copas_ai.analysis.analyse import AnalysisSettings, analyse, decision_points
from copas_ai.analysis.record import RecordError, dump_record, read_record, record_from_match, replay
from copas_ai.analysis.selfplay import selfplay
from copas_ai.arena.cep_player import seat_view_text
from copas_ai.bots import make_bot
from copas_ai.cep.loop import run_lines
from copas_ai.cep.position_text import position_to_text
from copas_ai.game import Match, play_match
from copas_ai.moves.passes import plan_words
from copas_ai.search import Limit
from copas_ai.variants.types import VariantNotFoundError

SWAP = "copas-fora+kitty-swap"


def swap_rules(players: int | None = None, variant: str = SWAP):
    return ca.find_variant(variant).rules(players)


def fresh(hand_no: int = 0, seed: int = 1) -> ca.Position:
    rules = swap_rules()
    return ca.Position(rules, ca.deal(rules, seed), dealer=0, hand_no=hand_no)


def lowest3(cards) -> ca.CardSet:
    return ca.CardSet(sorted(cards, key=int)[:3])


def all_in(p: ca.Position) -> list[ca.CardSet]:
    put = []
    for seat in p.pass_order:
        put.append(lowest3(p.hand(seat)))
        p.set_pass(seat, put[-1])
    return put


@pytest.mark.parametrize("hand_no", range(4))
def test_copas_fora_kitty_swap_pool_in_every_hand(hand_no):
    """copas-fora+kitty-swap, A13: every hand has the pool, the cycle's no-pass hand (4th)
    included; the plan is 3 cards into the pool."""
    p = fresh(hand_no)
    assert p.phase == "passing" and p.pass_plan == [(0, 3)]
    assert plan_words(p.pass_plan, 4) == "put 3 cards into the pool"


def test_copas_fora_kitty_swap_refuses_the_other_pass_options():
    """copas-fora+kitty-swap replaces the pass: with peek-pass, pass-cycle or split-pass it is refused by name."""
    for other in ("peek-pass", "pass-cycle", "split-pass"):
        with pytest.raises(VariantNotFoundError, match=f"kitty-swap cannot be combined with {other}"):
            ca.find_variant(f"copas-fora+kitty-swap+{other}")


def test_copas_fora_kitty_swap_cards_go_in_together_then_the_pool_is_dealt_back():
    """copas-fora+kitty-swap: a seat's 3 stay in its hand until every seat's are in (the
    choices are simultaneous); then the 12 leave the hands, the pool waits for its
    deal-back and nothing else may happen; given back, each seat holds 13 again."""
    p = fresh()
    dealt = p.hands
    p.set_pass(0, lowest3(p.hand(0)))
    assert p.hand(0) == dealt[0] and not p.pool_pending
    for seat in (1, 2, 3):
        p.set_pass(seat, lowest3(p.hand(seat)))
    assert p.pool_pending and p.next_passer is None
    assert p.pool == ca.CardSet([c for s in range(4) for c in lowest3(dealt[s])])
    assert all(len(p.hand(s)) == 10 for s in range(4))
    with pytest.raises(IllegalMoveError, match="in the pool: it is dealt back next"):
        p.set_pass(0, lowest3(p.hand(0)))
    back = [lowest3(dealt[(s + 1) % 4]) for s in range(4)]
    p.return_pool(back)
    assert p.phase == "playing" and p.received_parts == back
    assert all(p.hand(s) == (dealt[s] - lowest3(dealt[s])) | back[s] for s in range(4))


def test_copas_fora_kitty_swap_a_seat_may_get_its_own_cards_back():
    """copas-fora+kitty-swap, L53 ('a player may receive some of his own cards back'): the
    pool dealt back exactly as it went in leaves every hand as dealt."""
    p = fresh()
    dealt = p.hands
    put = all_in(p)
    p.return_pool(put)
    assert p.hands == dealt and p.received_parts == p.passed_parts


def test_copas_fora_kitty_swap_seeded_deal_back_is_a_shuffle_of_the_pool():
    """copas-fora+kitty-swap: deal_pool deals each seat 3 of the pool, the same for the same
    seed; over many seeds each pool card reaches each seat about equally often."""
    landed = Counter()
    for seed in range(400):
        p = fresh()
        all_in(p)
        pool = p.pool
        p.deal_pool(seed)
        got = p.received_parts
        assert all(len(g) == 3 for g in got) and ca.CardSet([c for g in got for c in g]) == pool
        card = sorted(pool, key=int)[0]
        landed[next(s for s in range(4) if card in got[s])] += 1
        again = fresh()
        all_in(again)
        again.deal_pool(seed)
        assert again.received_parts == got
    assert chisquare([landed[s] for s in range(4)]).pvalue > 0.001


def test_copas_fora_kitty_swap_bad_deal_back_is_refused():
    """copas-fora+kitty-swap: a deal-back with a card from outside the pool, a card twice, or
    the wrong count is refused naming it, and the pool still waits."""
    p = fresh()
    dealt = p.hands
    all_in(p)
    pool = sorted(p.pool, key=int)
    rest = [ca.CardSet(pool[3 * s:3 * s + 3]) for s in range(4)]
    outsider = next(iter(dealt[0] - p.pool))
    cases = [([ca.CardSet([outsider, pool[1], pool[2]])] + rest[1:], f"seat 0 gets {outsider}, not in the pool"),
             ([rest[0]] * 4, f"{pool[0]} is dealt back twice"),
             ([ca.CardSet(pool[:2])] + rest[1:], "seat 0 gets 2 cards, not 3")]
    for back, why in cases:
        with pytest.raises(IllegalMoveError, match=why):
            p.return_pool(back)
        assert p.pool_pending


# -- the protocol ---------------------------------------------------------------------

def test_copas_fora_kitty_swap_protocol_full_position_takes_the_deal_back_as_received():
    """copas-fora+kitty-swap: a fully known position gives every `passed` and every
    `received` (the referee's deal-back); without the latter, play is refused naming the
    pool; position_to_text writes both and reads back the same."""
    p = fresh()
    dealt = p.hands
    all_in(p)
    p.deal_pool(5)
    base = (f"position variant {SWAP} dealer 0 handno 0 " + " ".join(f"hand {s} {dealt[s]}" for s in range(4)) +
            " " + " ".join(f"passed {s} {p.passed_parts[s]}" for s in range(4)))
    full = base + " " + " ".join(f"received {s} {p.received_parts[s]}" for s in range(4))
    assert run_lines([full, "legal"]) == [f"legal {' '.join(str(c) for c in p.legal_moves())}"]
    first = next(iter(p.legal_moves()))
    out = run_lines([base + f" moves {first}"])
    assert out == [f"error position move {first}: play has begun but the pool is not dealt back: "
                   "give received <seat> for every seat"]
    assert run_lines([base + f" received 0 {p.received_parts[0]}"])[0].endswith("give received 1 too")
    assert run_lines([base, "legal"])[-1] == ("error legal the pool is to be dealt back: "
                                                "give received <seat> for every seat")
    assert run_lines([position_to_text(p, SWAP), "legal"]) == run_lines([full, "legal"])


def test_copas_fora_kitty_swap_protocol_pass_and_play_views():
    """copas-fora+kitty-swap: a seat's view before its pool choice lists `legal pass 3 <13
    cards>` and `go` answers 3 of them; in play, each seat's view (its own cards may have
    come back) answers a legal card when it is to play."""
    p = fresh()
    out = run_lines([seat_view_text(p, 2, SWAP), "legal", "go iterations 200"])
    assert out[0] == f"legal pass 3 {p.hand(2)}"
    assert len(ca.CardSet.from_str(out[-1].split()[1])) == 3
    for seed in range(4):
        q = random_position(swap_rules(), seed, 0, 5)
        for seat in range(4):
            assert run_lines([seat_view_text(q, seat, SWAP)]) == [], (seed, seat)
        out = run_lines([seat_view_text(q, q.turn, SWAP), "legal", "go iterations 30"])
        assert out[0] == f"legal {' '.join(str(c) for c in q.legal_moves())}"


def test_copas_fora_kitty_swap_protocol_own_cards_back_in_a_view():
    """copas-fora+kitty-swap: a view whose `received` holds cards the seat itself put in is
    accepted (A13), and the seat's hand is its dealt cards less the 3 put in plus the 3 back."""
    p = fresh()
    dealt = p.hands
    put = all_in(p)
    p.return_pool(put)  # every seat gets its own back
    seat = p.turn
    line = seat_view_text(p, seat, SWAP)
    assert f"received {seat} {put[seat]}" in line
    assert run_lines([line, "legal"])[0] == f"legal {' '.join(str(c) for c in p.legal_moves())}"
    assert p.hand(seat) == dealt[seat]


# -- the sampler ------------------------------------------------------------------------

@pytest.mark.parametrize("me", [0, 2])
def test_copas_fora_kitty_swap_sampler_exact_and_uniform(me):
    """copas-fora+kitty-swap, 3 tricks left, seat <me> kept the cards it put in out of play:
    the sampler's worlds are exactly the enumerated ones (no seat surely holds what the
    seat put in: the pool deals to anyone) and uniform."""
    rules = swap_rules()

    def position_for(seed):
        p = random_position(rules, seed, 0, 40, keep_passed_by=me)
        gone = p.passed_parts[me] - p.received_parts[me]
        return p, any(card in p.hand(s) for card in gone for s in range(4) if s != me)

    p = next(p for p, still in map(position_for, range(200)) if still)
    worlds = all_consistent_worlds(p, me)
    sampler = WorldSampler(p, me)
    assert all(not sampler.must_hold(s).bits for s in range(4) if s != me)
    assert sampler.exact_world_count() == len(worlds) > 1
    seen = Counter(sampler.sample_many(max(30 * len(worlds), 3000), 13))
    assert set(seen) <= worlds
    assert chisquare([seen[w] for w in sorted(worlds)]).pvalue > 0.001


# -- the record and the analysis ----------------------------------------------------------

def test_copas_fora_kitty_swap_record_carries_the_pool_and_replays():
    """copas-fora+kitty-swap: a heuristic match's record holds each hand's `pool` (what each
    seat got back); read back it replays to the same scores; without it the hand is refused."""
    match = Match.new(SWAP, seed=4)
    play_match(match, [make_bot("heuristic", seed=s) for s in range(4)], max_hands=3)
    data = json.loads(dump_record(record_from_match(match)))
    assert all(len(hand["pool"]) == 4 and all(len(cards) == 3 for cards in hand["pool"]) for hand in data["hands"])
    record = read_record(data)
    for hand, played in zip(record.hands, match.hands):
        assert hand.pool == played.pool
        assert list(replay(record, hand).score()) == list(played.score)
    del data["hands"][0]["pool"]
    with pytest.raises(RecordError, match="hand 1, pool: missing: the cards the pool dealt back"):
        read_record(data)


def test_copas_fora_kitty_swap_analysis_judges_the_pool_choice_and_the_cards():
    """copas-fora+kitty-swap: `analyse` rates each seat's 3 cards into the pool (searched
    from its dealt hand alone) and its cards in play (from what came back)."""
    record = read_record(selfplay(SWAP, ["heuristic"], hands=1, seed=3))
    hand = record.hands[0]
    points = [pt for pt in decision_points(record, hand, {1})]
    assert points[0].trick is None and points[0].received is None
    assert all(pt.received == hand.pool[1] for pt in points[1:])
    settings = AnalysisSettings(limit=Limit(iterations=30), double_dummy_trick=None, pass_scale=5, seats={1},
                                hands=(1, 1))
    analysis = analyse(record, settings)
    passes = [d for d in analysis.decisions if d.trick is None]
    assert len(passes) == 1 and passes[0].played == hand.passes[1] and len(passes[0].best) == 3
    assert len(analysis.decisions) == 14
