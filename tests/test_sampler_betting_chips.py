"""The world sampler under `betting-chips` (docs/RULES.md §19): the 52 mod N cards removed
face down are unseen by every seat, hearts included, so each world places them in the
undealt pile as unknown cards. Small late positions are enumerated in full by the
independent reference (tests/support/sampler_oracle.py) and the sampler's count and
uniformity checked against it (chi-square)."""

from __future__ import annotations

import pytest
from support.sampler_oracle import check_exact_count_and_uniformity, random_position

import copas_ai as ca

HEARTS = ca.CardSet.suit(2)


@pytest.mark.parametrize("players, left", [(3, 5), (5, 4), (6, 5), (7, 5), (8, 6)])
def test_betting_chips_removed_cards_are_unknown_to_the_sampler(players, left):
    """betting-chips with <players> seats, <left> cards still to play, a heart among the removed
    cards: the seat to play counts exactly the worlds the enumeration finds (the removed cards
    may be any unseen ones, hearts included) and draws them uniformly; some world puts the
    removed heart in a hand, some another unseen card among the removed."""
    rules = ca.find_variant("betting-chips").rules(players)
    plays = players * rules.hand_size - left
    for seed in range(400):
        p = random_position(rules, seed, 0, plays)
        dealt = ca.CardSet([card for _, card in p.moves])
        for s in range(players):
            dealt = dealt | p.hand(s)
        removed = ca.CardSet.full_deck() - dealt
        # Another seat holding cards and not shown void in hearts could hold the removed heart.
        if removed & HEARTS and any(p.hand(s) and 2 not in p.shown_voids(s) for s in range(players) if s != p.turn):
            break
    else:
        raise AssertionError("no seed removes a heart")
    assert len(removed) == 52 % players
    me = p.turn
    worlds = check_exact_count_and_uniformity(p, me, seed=players)
    assert len(worlds) > 1
    heart_bits = (removed & HEARTS).bits
    assert any(any(w & heart_bits for w in world) for world in worlds)
    assert any(not any(w & heart_bits for w in world) for world in worlds)
