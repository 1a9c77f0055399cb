"""The independent reference for the world sampler (csrc/search/sampler.h).

A world (every seat's current hand) is consistent with what a seat knows when the
seat's own hand and every hand count match, the seat's passed cards that are still
out sit with their receiver (in a pass chain only when that is a chain's first link), and replaying the whole play history from that world's
starting hands is legal move by move (so it honours every shown void and every
absence a rule revealed). Nothing of the C++ knowledge is used; small positions are
enumerated in full and the sampler's count and uniformity checked against them.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

from scipy.stats import chisquare

import copas_ai as ca
from copas_ai._core import WorldSampler
from copas_ai.moves.passes import from_flat


def no_pass_hand_no(rules) -> int:
    """A hand number whose pass is empty: the play rules are the same for every pass."""
    return next(h for h in range(8) if not rules.pass_plan(h))


def pass_parts_sent(p: ca.Position, seat: int) -> list[tuple[int, int]]:
    """(receiver, card bits) of each part of the seat's pass (copas-fora+split-pass: two)."""
    parts = p.passed_parts[seat]
    parts = (parts,) if isinstance(parts, ca.CardSet) else parts
    return [((seat + offset) % p.players, part.bits) for (offset, _), part in zip(p.pass_plan, parts)]


def random_position(rules, seed: int, hand_no: int, plays: int, keep_passed_by: int | None = None,
                    plan: str | None = None):
    """Deal, pass at random, then play `plays` random legal cards. With keep_passed_by,
    the cards that seat passed are played only when nothing else is legal, so its
    receiver still holds some late in the hand. `plan`: queens' dealer's plan (§11)."""
    rng = random.Random(seed)
    p = ca.Position(rules, ca.deal(rules, seed), dealer=rules.players - 1, hand_no=hand_no)
    if plan is not None:
        p.decide(f"plan={plan}")
    if p.phase == "passing":
        k = sum(count for _, count in p.pass_plan)
        for s in p.pass_order:  # a pass chain (peek-pass) in its links' order
            p.set_pass(s, from_flat(p.pass_plan, rng.sample(sorted(p.hand(s), key=int), k)))
        if p.pool_pending:  # kitty-swap: the pool dealt back at random
            p.deal_pool(seed)
    avoid = p.passed[keep_passed_by].bits if keep_passed_by is not None and p.phase == "playing" else 0
    for _ in range(plays):
        if p.is_over():
            break
        legal = sorted(p.legal_moves(), key=int)
        preferred = [c for c in legal if not (avoid >> int(c)) & 1] or legal
        p.push(rng.choice(preferred))
    return p


def chain_openers(p: ca.Position) -> set[int]:
    """A pass chain's first links (copas-fora+peek-pass, docs/RULES.md §2.2 A12, written
    out again here): the chains are the seat cycles of the pass offset, each opened by
    its seat met first going left from the dealer's left. They pass before they receive,
    so they keep what they get; a later link may pass it on."""
    n = p.players
    offset = p.pass_plan[0][0] % n
    cycles = math.gcd(offset, n)
    return {(p.dealer + 1 + i) % n for i in range(cycles)}


def kept_by_receiver(p: ca.Position, me: int) -> list[tuple[int, int]]:
    """(receiver, card bits) of me's passed cards that surely stay with their receiver."""
    if p.rules.pool_cards:  # kitty-swap (A13): the pool deals them back to any seat, me included
        return []
    if not p.rules.pass_chain:
        return pass_parts_sent(p, me) if p.phase != "passing" else []
    if not p.pass_plan or not p.pass_is_set(me):
        return []
    if p.rules.pass_blind:
        return blind_forward_keeper(p, me)
    return [(r, bits) for r, bits in pass_parts_sent(p, me) if r in chain_openers(p)]


def blind_forward_keeper(p: ca.Position, me: int) -> list[tuple[int, int]]:
    """copas-fora+blind-forward (docs/RULES.md §2.2 L47, written out again): a link that
    forwarded (a later link whose pass is exactly what it received) never saw those cards;
    a seat's own 3 stay with the first link after it, going along the chain, that did
    not forward them (forwarding is public), a chain's first link included."""
    openers = chain_openers(p)

    def forwarded(s: int) -> bool:
        return s not in openers and p.passed[s] == p.received[s]

    if forwarded(me):
        return []
    step = p.pass_plan[0][0] % p.players
    holder = (me + step) % p.players
    while forwarded(holder):
        holder = (holder + step) % p.players
    return [(holder, p.passed[me].bits)]


def played_by(p: ca.Position) -> list[int]:
    out = [0] * p.players
    for seat, card in p.moves:
        out[seat] |= 1 << int(card)
    return out


def world_error(p: ca.Position, me: int, world) -> str | None:
    """Why `world` (current hand bits per seat) contradicts what `me` knows in p, or None."""
    n = p.players
    played = sum(1 << int(c) for _, c in p.moves)
    if world[me] != p.hand(me).bits:
        return "the seat's own hand differs"
    seen = 0
    for s in range(n):
        if world[s] & seen:
            return "a card is in two hands"
        if world[s] & played:
            return f"seat {s} holds a played card"
        if bin(world[s]).count("1") != len(p.hand(s)):
            return f"seat {s} holds the wrong number of cards"
        seen |= world[s]
    if seen & ~p.rules.deck.bits:
        return "a card outside the deck"
    for receiver, sent in kept_by_receiver(p, me):
        still_out = sent & ~played
        if still_out & ~world[receiver]:
            return f"a passed card is not with its receiver, seat {receiver}"
    if p.phase == "passing":
        return None
    # Replay the history from the starting hands this world implies.
    plays = played_by(p)
    start = [ca.CardSet.from_bits(world[s] | plays[s]) for s in range(n)]
    rules = p.rules
    if rules.pool_cards:  # kitty-swap pools in every hand; the play rules are the same without it
        rules = rules.copy()
        rules.pool_cards = 0
    # The hand's own number when it has no pass (gong-zhu: who leads depends on it).
    hand_no = p.hand_no if not rules.pass_plan(p.hand_no) else no_pass_hand_no(rules)
    q = ca.Position(rules, start, dealer=p.dealer, hand_no=hand_no)
    # Decisions other than cards (turbo's charges) in their places: a charge needs its card.
    decisions = list(p.decisions)
    for k, (seat, card) in enumerate([*p.moves, (None, None)]):
        while decisions and decisions[0][0] == k:
            _, who, decision = decisions.pop(0)
            if decision.startswith("plan="):  # queens: these hands are after the pass; the play is the same
                decision = "plan=none"
            try:
                q.decide(decision, seat=who)
            except ca.IllegalMoveError as exc:
                return f"seat {who} could not have made {decision}: {exc}"
        if card is None:
            break
        if q.turn != seat:
            return f"seat {q.turn}, not {seat}, would have played {card}"
        why = q.illegal_reason(card)
        if why is not None:
            return f"seat {seat} could not have played {card}: {why}"
        q.push(card)
    if q.turn != p.turn:
        return "the seat to play would differ"
    return None


def all_consistent_worlds(p: ca.Position, me: int) -> set[tuple[int, ...]]:
    """Every assignment of the cards `me` cannot see, filtered by world_error."""
    n = p.players
    played = sum(1 << int(c) for _, c in p.moves)
    unknown = [1 << int(c) for c in ca.CardSet.from_bits(p.rules.deck.bits & ~played & ~p.hand(me).bits)]
    others = [s for s in range(n) if s != me]
    counts = [len(p.hand(s)) for s in range(n)]
    worlds = set()

    def deal(i: int, rest: list[int], world: list[int]):
        if i == len(others):
            key = tuple(world)
            if world_error(p, me, key) is None:
                worlds.add(key)
            return
        s = others[i]
        for combo in itertools.combinations(rest, counts[s]):
            world[s] = sum(combo)
            taken = set(combo)
            deal(i + 1, [c for c in rest if c not in taken], world)

    world = [0] * n
    world[me] = p.hand(me).bits
    deal(0, unknown, world)
    return worlds


def check_exact_count_and_uniformity(p: ca.Position, me: int, seed: int):
    worlds = all_consistent_worlds(p, me)
    sampler = WorldSampler(p, me)
    assert sampler.ready
    assert sampler.exact_world_count() == len(worlds)
    assert sampler.world_count() == float(len(worlds))
    true_world = tuple(h.bits for h in p.hands)
    assert true_world in worlds
    n = max(30 * len(worlds), 3000)
    seen = Counter(sampler.sample_many(n, seed))
    stray = set(seen) - worlds
    assert not stray, f"sampled inconsistent world: {world_error(p, me, next(iter(stray)))}"
    if len(worlds) > 1:
        observed = [seen[w] for w in sorted(worlds)]
        assert chisquare(observed).pvalue > 0.001
    return worlds
