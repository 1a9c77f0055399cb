"""Every family variant of copas_ai.variants.families (§4, §5, §7, §10, §12, §22) at every seat
count it allows: seeded random hands scored by the core agree with the independent
scorer; complete matches end; the searches play legal cards; the solver is exact on
small endgames against the brute-force minimax of tests/support/solver_oracle.py."""

from __future__ import annotations

import random
import re

import pytest
from support.family_deals import sweep
from support.independent_scorer_families import SCORERS
from support.solver_oracle import brute_force_moves

import copas_ai as ca
from copas_ai.variants import families as variants_families
from copas_ai.bots import RandomBot, SearchBot
from copas_ai.game import Match, play_hand, play_match


def family_ids() -> list[str]:
    """Each family base and each family option on its bases, from the catalogue, and the
    kitty's other taker."""
    bases = {v.id for v in variants_families.VARIANTS}
    own = {o.id for o in variants_families.OPTIONS}  # copas-fora's options: test_variants_play_through
    return [i for i in ca.catalogue_ids()
            if i.split("+")[0] in bases and {t.partition("=")[0] for t in i.split("+")[1:]} <= own
            ] + ["three-five+kitty=first-point-taker"]


def seat_counts(variant_id: str) -> list[int]:
    return list(ca.find_variant(variant_id).seat_counts)  # three-five: 3 and 5, not 4


CASES = [(i, n) for i in family_ids() for n in seat_counts(i)]


def test_every_family_id_is_in_the_catalogue_with_its_seat_counts():
    assert {i.split("+")[0] for i, _ in CASES} == set(SCORERS)
    assert seat_counts("three-five") == [3, 5] and seat_counts("classic-3to6") == [3, 4, 5, 6]
    assert seat_counts("spanish") == [3, 4, 5]


@pytest.mark.parametrize("variant, players", CASES)
def test_family_random_hands_score_as_the_independent_scorer_says(variant, players):
    """Random seeded hands (passes included): every hand deals the whole deck evenly,
    and the core's hand scores equal the scorer's from the cards each seat won."""
    v = ca.find_variant(variant)
    scorer = SCORERS[v.base or v.id]
    match = Match.new(v, players=players, seed=11)
    bots = [RandomBot(seed=s) for s in range(players)]
    for _ in range(12):
        pos = match.deal_next_hand()
        assert sum(len(h) for h in pos.hands) + len(pos.kitty) == len(match.rules.deck)
        play_hand(pos, bots)
        won = [{str(c) for c in pos.won[s]} for s in range(players)]
        assert pos.score() == scorer(won, v.options)
        match.record_hand(pos.hands, pos)


@pytest.mark.parametrize("variant, players", CASES)
def test_family_random_matches_end_with_a_winner(variant, players):
    match = play_match(Match.new(variant, players=players, seed=5), [RandomBot(seed=s) for s in range(players)])
    over, winners = match.outcome()
    assert over and winners
    rules = match.rules
    best = max(match.totals) if rules.goal == ca.Goal.HIGH else min(match.totals)
    assert {match.totals[w] for w in winners} == {best}


@pytest.mark.parametrize("variant, players", [(i, n) for i, n in CASES if "+" not in i])
@pytest.mark.parametrize("algorithm", ["ismcts", "pimc"])
def test_family_search_plays_a_legal_card_from_the_seats_view(variant, players, algorithm):
    """The search plays from the seat's view (sampled worlds of the unseen cards):
    ISMCTS early in the hand, PIMC (which solves each world) with 3 tricks left."""
    pos = endgame(variant, players, seed=3, tricks_left=10 if algorithm == "ismcts" else 3)
    bot = SearchBot(seed=7, iterations=40, algorithm=algorithm)
    assert bot.choose_card(pos, pos.turn) in pos.legal_moves()


def endgame(variant: str, players: int, seed: int, tricks_left: int) -> ca.Position:
    """A seeded deal played at random (passes included) until `tricks_left` tricks remain
    and a random part of the current trick is down."""
    tricks_left = min(tricks_left, ca.find_variant(variant).rules(players).hand_size - 1)
    rules = ca.find_variant(variant).rules(players)
    rng = random.Random(seed)
    pos = ca.Position(rules, ca.deal(rules, seed), dealer=0, hand_no=max(0, len(rules.pass_cycle) - 1))
    if pos.phase == "passing":  # black-maria and classic-3to6 pass every hand
        for s in range(players):
            pos.set_pass(s, ca.CardSet(rng.sample(list(pos.hand(s)), 3)))
    while len(pos.moves) < players * (rules.hand_size - tricks_left) + rng.randrange(players):
        pos.push(rng.choice(list(pos.legal_moves())))
    return pos


def refused_by_the_solver(solver, pos) -> bool:
    """Rules the solver does not score (spanish+sixes-extend: tricks of variable length,
    A21): it refuses them with solver_unsupported's reason."""
    why = ca.solver_unsupported(pos.rules)
    if why:
        with pytest.raises(ca.InvalidPositionError, match=re.escape(why)):
            solver.solve_moves(pos)
    return bool(why)


@pytest.mark.parametrize("variant, players", CASES)
def test_family_solver_matches_brute_force_on_small_endgames(solver, variant, players):
    low = ca.find_variant(variant).goal == "low"
    for seed in range(12):
        pos = endgame(variant, players, seed, tricks_left=2 if players > 4 else 3)
        if pos.kitty_taker is None and pos.kitty:
            with pytest.raises(ca.InvalidPositionError, match="kitty"):
                solver.solve_moves(pos)
            continue
        if refused_by_the_solver(solver, pos):
            continue
        want = brute_force_moves(pos, low_is_good=low)
        assert solver.solve_moves(pos) == want, f"{variant} {players}p seed {seed}: {pos.hands}"


@pytest.mark.parametrize("variant, players", CASES)
def test_family_solver_matches_brute_force_with_a_moon_on(solver, variant, players):
    """The sweep deal (one seat holds the top cards) stopped with 2 tricks left: the
    moon is still on, so the solver must value it as the variant says."""
    low = ca.find_variant(variant).goal == "low"
    for shooter in range(players):
        pos = sweep(variant, players, shooter=shooter, tricks_left=2)
        if refused_by_the_solver(solver, pos):
            continue
        assert brute_force_moves(pos, low_is_good=low) == solver.solve_moves(pos), f"{variant} {players}p"
