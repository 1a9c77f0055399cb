"""The solver's ceiling from losing the next trick (csrc/solver/trick_control.h,
outcome.h losing_next_trick_ceiling), checked against the brute-force minimax.

At a trick boundary after the first trick, with no other seat able to shoot the
moon, the root's final points are at most its points taken plus the points in
play, less the points that surely fall into the next trick when the root plays
to lose it: it leads a card below another seat's whole holding of the suit, or,
whatever suit another seat leads, it is void (a legal discard) or holds a card
below every card of the suit the leader may lead or below another seat's whole
holding of the suit. Every seat's share is the cheapest
card it may play. shed_losing_next_trick below restates that count in Python;
the tests check the ceiling it gives never falls below the paranoid value (the
argument is sound, for every seat as the root, whoever leads), that it is often
exactly the value (so a count one point too high would show), and that the
solver, which cuts on it, stays exact.
"""

from __future__ import annotations

import pytest

from support.endgames import (CEILING_VARIANTS, boundary_positions, make_scoring_endgame, other_moon_candidates,
                               suit_of)
from support.solver_oracle import brute_force_value, check_position


def shed_losing_next_trick(pos, seat: int, rivals=()) -> int:
    """Positive points `seat` keeps out of its tricks by losing the next one (0: it
    cannot be sure to lose it), in a trick no seat of `rivals` can win either; `pos`
    is at a trick boundary."""
    r = pos.rules
    points = r.card_points
    hands = pos.hands

    def pts(card) -> int:
        return max(points.get(card, 0), 0)

    def strength(card) -> int:
        return r.rank_strength[card.index & 15]

    def cheapest(s: int, suit: int) -> int:
        follow = [c for c in hands[s] if suit_of(c) == suit]
        return min((pts(c) for c in follow or hands[s]), default=0)

    def richest_discard() -> int:
        hand = list(hands[seat])
        if r.forced_queen and any(str(c) == "QS" for c in hand):
            return max(pts(c) for c in hand if str(c) == "QS")
        if r.discard_needs_broken and not pos.hearts_broken:
            clean = [c for c in hand if suit_of(c) != 2]
            if clean:
                return max(pts(c) for c in clean)
        return max((pts(c) for c in hand), default=0)

    leader = pos.turn
    if leader in rivals:
        return 0
    others = [s for s in range(r.players) if s != seat]
    leads = list(pos.legal_moves())
    shares = []
    for suit in range(4):
        led = [c for c in leads if suit_of(c) == suit]
        if not led:
            continue
        holdings = [[strength(c) for c in hands[s] if suit_of(c) == suit] for s in others]
        rest = sum(cheapest(s, suit) for s in others if s != leader)
        rival_top = max((strength(c) for s in rivals for c in hands[s] if suit_of(c) == suit), default=-1)
        if leader == seat:
            if any(holdings):
                bar = max(min(h) for h in holdings if h)  # a seat holding only cards above
                losing = [pts(c) for c in led if rival_top < strength(c) < bar]
                if losing:
                    shares.append(max(losing) + rest)
            continue
        if rival_top >= min(strength(c) for c in led):
            return 0  # a rival may win the trick
        own = [c for c in hands[seat] if suit_of(c) == suit]
        if own:
            # Below every card the leader may lead, or a seat's whole holding.
            bar = max([min(strength(c) for c in led)] + [min(h) for h in holdings if h])
            safe = [pts(c) for c in own if strength(c) < bar]
            if not safe:
                return 0
            own_share = max(safe)
        else:
            own_share = richest_discard()
        shares.append(min(pts(c) for c in led) + own_share + rest)
    if not shares:
        return 0
    return max(shares) if leader == seat else min(shares)


@pytest.mark.parametrize("variant", CEILING_VARIANTS)
def test_losing_the_next_trick_bounds_every_seats_value(variant):
    """<variant>, two tricks left at a trick boundary, each seat in turn as the root
    (so the root leads, or another seat does): the root's paranoid value is at most
    points taken + points in play - the points it keeps out by losing the next
    trick, a trick that no other seat still able to shoot can win (a moon card in
    it ends that moon); and for many positions exactly that."""
    applied = tight = 0
    for pos in boundary_positions(variant, 2, 250, base_seed=31000):
        in_play = sum(max(pos.rules.card_points.get(c, 0), 0) for hand in pos.hands for c in hand)
        for seat in range(4):
            rivals = other_moon_candidates(pos, seat)
            shed = shed_losing_next_trick(pos, seat, rivals)
            if shed == 0:
                continue
            ceiling = pos.points_taken()[seat] + in_play - shed
            value = brute_force_value(pos, [seat])
            assert value <= ceiling, f"seat {seat}: {pos.hands} won {pos.won} turn {pos.turn}"
            applied += 1
            tight += value == ceiling
    assert applied >= 200
    assert tight >= 25


@pytest.mark.parametrize("variant", CEILING_VARIANTS)
def test_losing_the_next_trick_also_ends_a_rivals_moon(variant):
    """<variant>, three tricks left at a trick boundary, where another seat has taken
    every moon card so far (a rival, whose moon would cost the root 26): the ceiling
    counts only a losing play that the rival cannot win either (a lead above all its
    cards of the suit; or, another seat leading, the rival holding no card of the
    suit above any card the leader may lead), and stays above the paranoid value."""
    applied = 0
    for i in range(1200):
        pos = make_scoring_endgame(variant, 51000 + 7919 * (i // 2), 4, ("random", "lean")[i % 2])
        while pos.trick and not pos.is_over():
            pos.push(min(pos.legal_moves(), key=lambda c: c.index))
        if pos.is_over() or len(pos.hands[pos.turn]) != 3:
            continue
        in_play = sum(max(pos.rules.card_points.get(c, 0), 0) for hand in pos.hands for c in hand)
        for seat in range(4):
            rivals = other_moon_candidates(pos, seat)
            shed = shed_losing_next_trick(pos, seat, rivals) if rivals else 0
            if shed == 0:
                continue
            ceiling = pos.points_taken()[seat] + in_play - shed
            assert brute_force_value(pos, [seat]) <= ceiling, f"seat {seat}: {pos.hands} won {pos.won}"
            applied += 1
    assert applied >= 15


@pytest.mark.slow  # 20 to 40 s a variant under the sanitizers; the ceiling's own tests above stay there
@pytest.mark.parametrize("variant", CEILING_VARIANTS)
def test_solver_cutting_on_the_next_trick_ceiling_stays_exact(variant):
    """<variant>, three tricks left, from a boundary or with cards of the first trick
    down (inner boundaries led by the root or by another seat): solve and
    solve_moves equal the brute-force minimax where the ceiling applies."""
    from copas_ai import Solver

    solver = Solver(hash_mb=8)
    checked = 0
    for i in range(120):
        pos = make_scoring_endgame(variant, 47000 + 7919 * i, 3, ("hoarding", "random", "feeding")[i % 3])
        if pos.is_over():
            continue
        check_position(solver, pos)
        checked += 1
    assert checked >= 100
