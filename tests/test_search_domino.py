"""The search under `domino` (docs/RULES.md §17): ISMCTS deals worlds from the seat's
knowledge (tests/test_sampler_domino.py) and plays each one forward on a copy of the
position (the core's undo cannot take a domino move back, and the search never needs
it); PIMC's solver refuses the variant by name, so `auto` and `pimc` search by ISMCTS.
The rules come from copas_ai.variants.domino.domino_rules (the registry's `domino`)."""

from __future__ import annotations

import random
import statistics

import pytest

import copas_ai as ca
from copas_ai.bots import make_bot
from copas_ai.game import play_hand
from copas_ai.variants.domino import domino_rules

VARIANT = "domino"


def names(cardset) -> set[str]:
    return {str(c) for c in cardset}


@pytest.mark.parametrize("players", [3, 4, 8])
def test_domino_search_picks_a_legal_card_at_every_turn_of_whole_hands(players):
    """domino at <players> seats: at every turn of two hands (draws and discards
    included) the search, asked for auto, ISMCTS and PIMC, answers by ISMCTS with one of
    the seat's legal cards, the same one again for the same seed."""
    r = domino_rules(players)
    searchers = [ca.Searcher(seed=7, hash_mb=1, algorithm=a) for a in ("auto", "ismcts", "pimc")]
    discards = 0
    for seed in (1, 3):
        pos = ca.Position(r, ca.deal(r, seed), dealer=seed % players)
        rng = random.Random(seed)
        while not pos.is_over():
            legal = names(pos.legal_moves())
            answers = set()
            for searcher in searchers:
                result = searcher.search(pos, pos.turn, ca.Limit(iterations=60))
                assert result.algorithm == "ismcts" and str(result.best) in legal
                answers.add(str(result.best))
            assert len(answers) == 1  # one seed, one search: the algorithm names all mean ISMCTS here
            card = rng.choice(sorted(legal))
            discards += bool(pos.trick) and ca.Card.from_str(card).suit != pos.trick[0][1].suit
            pos.push(card)
    assert discards > 0  # the hands reach discards (DO-2)
    assert "domino" in ca.solver_unsupported(r)


def _hand_points(players: int, seed: int, searched_seat: int | None, iterations: int) -> int:
    """Seat 0's points in one hand: seat 0 searched (or random), the others random."""
    r = domino_rules(players)
    pos = ca.Position(r, ca.deal(r, seed), dealer=seed % players)
    rng = random.Random(seed)
    searcher = ca.Searcher(seed=seed)
    while not pos.is_over():
        if pos.turn == searched_seat:
            pos.push(searcher.search(pos, pos.turn, ca.Limit(iterations=iterations)).best)
        else:
            pos.push(rng.choice(sorted(names(pos.legal_moves()))))
    return pos.score()[0]


def test_domino_search_takes_fewer_points_than_random_play_on_the_same_deals():
    """domino at 4 seats, 40 fixed deals: seat 0 searched (300 ISMCTS iterations a card)
    takes fewer points on average than seat 0 playing at random, the others random."""
    searched = [_hand_points(4, seed, 0, 300) for seed in range(40)]
    random_play = [_hand_points(4, seed, None, 0) for seed in range(40)]
    assert statistics.mean(searched) < statistics.mean(random_play) - 0.5


@pytest.mark.parametrize("players", [3, 8])
def test_domino_built_in_bots_play_whole_hands(players):
    """domino at <players> seats: the random, heuristic and engine bots play whole hands
    through game.play_hand (the heuristic's moon sense reads a move list holding
    discards, a card possibly twice), every hand ending with its hearts counted."""
    r = domino_rules(players)
    for seed in range(4):
        pos = ca.Position(r, ca.deal(r, seed), dealer=seed % players)
        bots = [make_bot(("random", "heuristic", "auto")[s % 3], seed + s, iterations=50) for s in range(players)]
        play_hand(pos, bots)
        assert pos.is_over()
        in_stock = sum(1 for c in pos.stock if c.suit == 2)
        assert sum(pos.score()) in (13 - in_stock, 13 * (players - 1))
