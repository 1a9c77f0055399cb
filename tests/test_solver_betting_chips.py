"""The solver and PIMC under `betting-chips` (docs/RULES.md §19): the 52 mod N cards are
dealt to nobody, so a fully known hand holds fewer than 52 cards; the solver's values equal
the independent paranoid minimax of tests/support/solver_oracle.py on late positions at
every seat count that removes cards, and the searches play a legal card from a seat's view."""

from __future__ import annotations

import pytest
from support.sampler_oracle import random_position
from support.solver_oracle import check_position

import copas_ai as ca
from copas_ai.bots import SearchBot


@pytest.mark.parametrize("players", [3, 5, 6, 7, 8])
def test_betting_chips_solver_matches_brute_force_with_cards_removed(solver, players):
    """betting-chips with <players> seats (52 mod N cards undealt), 12 deals, 2 tricks left and
    (up to 5 seats, where the brute force stays small) 3: solve, solve_moves and solve_plain
    equal the brute-force minimax."""
    rules = ca.find_variant("betting-chips").rules(players)
    lengths = (2, 3) if players <= 5 else (2,)
    checked = 0
    for seed in range(12):
        for tricks_left in lengths:
            p = random_position(rules, 500 + seed, 0, players * (rules.hand_size - tricks_left) + seed % players)
            if not p.is_over():
                check_position(solver, p)
                checked += 1
    assert checked == 12 * len(lengths)


@pytest.mark.parametrize("algorithm", ["ismcts", "pimc"])
def test_betting_chips_search_plays_a_legal_card_from_the_seats_view(algorithm):
    """betting-chips with 5 seats: ISMCTS early in the hand, PIMC (which solves each
    sampled world, the 2 removed cards placed as unknown) with 3 tricks left."""
    rules = ca.find_variant("betting-chips").rules(5)
    p = random_position(rules, 3, 0, 5 * (rules.hand_size - (8 if algorithm == "ismcts" else 3)))
    bot = SearchBot(seed=7, iterations=60, algorithm=algorithm)
    assert bot.choose_card(p, p.turn) in p.legal_moves()
