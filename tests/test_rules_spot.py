"""Rules of `spot` (docs/RULES.md §10, seed S000 L255-261): hearts at face value, both value
tables (SPOT-1), the moon/revoke constant 140 and the end at 500 (A43)."""

from support.family_deals import HEARTS, QS, cards, sweep

import copas_ai as ca

VARIANT = "spot"


def test_spot_spot1_face_values_51():
    """spot SPOT-1: the A♥, 10♥, 2♥ and Q♠ are 14 + 10 + 2 + 25 = 51."""
    assert ca.find_variant(VARIANT).rules().points_of(cards("AH TH 2H QS")) == 51


def test_spot_spot1_alt_values_52():
    """spot+alt-values SPOT-1: 15 + 10 + 2 + 25 = 52; J♥ Q♥ K♥ are 10 each."""
    rules = ca.find_variant("spot+alt-values").rules()
    assert rules.points_of(cards("AH TH 2H QS")) == 52
    assert rules.points_of(cards("JH QH KH")) == 30


def test_spot_totals_129_and_124_a43():
    """spot A43: the point cards total 129 (124 with alt-values), not the 140 of the moon."""
    assert ca.find_variant(VARIANT).rules().total_points == 129
    assert ca.find_variant("spot+alt-values").rules().total_points == 124


def test_spot_moon_gives_each_other_seat_140_a43():
    """spot A43 (interpretation: 140 as written, a configured constant): moon others +140,
    under both value tables."""
    for variant in (VARIANT, "spot+alt-values"):
        pos = sweep(variant, shooter=3)
        assert pos.score() == [140, 140, 140, 0]


def test_spot_end_at_500_lowest_wins_a43():
    """spot A43 (interpretation: >= 500, checked after each hand); the lowest total wins."""
    rules = ca.find_variant(VARIANT).rules()
    assert ca.match_outcome(rules, [500, 120, 310, 499]) == (True, [1])
    assert ca.match_outcome(rules, [499, 120, 310, 499]) == (False, [])


def test_spot_first_trick_bans_the_penalty_cards_as_copas_fora():
    """spot §10: only the values change; R1 still bans every heart and the Q♠."""
    assert ca.find_variant(VARIANT).rules().first_trick_banned == HEARTS | QS
