"""Rules of `negative-scoring` (docs/RULES.md §5, seed S000 L147-153): signed values with
the 10♦ "Golden Ten", the moon that needs the 10♦ (A30b), the end at -100 where the
highest total wins (A30a), the 10♦ free on trick 1 (A30d); worked example NEG-1."""

from support.family_deals import HEARTS, QS, cards, play, position, sweep

import copas_ai as ca

VARIANT = "negative-scoring"


def rules():
    return ca.find_variant(VARIANT).rules()


def test_negative_scoring_neg1_ten_of_diamonds_and_three_hearts_is_plus_7():
    """negative-scoring NEG-1: the 10♦ (+10) and 3 hearts (-1 each) give +7; the Q♠ is -13."""
    r = rules()
    assert r.points_of(cards("TD 2H 5H KH")) == 7
    assert r.points_of(QS) == -13 and r.total_points == -13 - 13 + 10


def test_negative_scoring_neg1_moon_needs_the_10d_and_gives_the_shooter_26_a30b():
    """negative-scoring NEG-1 / A30b (interpretation: the others score 0 and +26 is the
    shooter's whole score, the 10♦'s +10 not added): all 13 hearts, the Q♠ and the 10♦."""
    pos = sweep(VARIANT, shooter=2)
    assert pos.moon_shooter() == 2 and pos.score() == [0, 0, 26, 0]
    assert rules().moon_cards == HEARTS | QS | cards("TD")


def test_negative_scoring_hearts_and_queen_without_the_10d_are_no_moon():
    """negative-scoring §5: the moon needs the 10♦ too; without it the cards count as they are."""
    r = rules()
    assert r.points_of(HEARTS | QS) == -26
    assert not (r.moon_cards <= (HEARTS | QS))


def test_negative_scoring_a30a_end_at_minus_100_highest_total_wins():
    """negative-scoring A30a (interpretation: over once a total is <= -100, the highest,
    least negative, total wins; ties as copas-fora: extra hands)."""
    r = rules()
    assert ca.match_outcome(r, [-100, -50, -20, -30]) == (True, [2])
    assert ca.match_outcome(r, [-99, -50, -20, -30]) == (False, [])
    assert ca.match_outcome(r, [-104, -20, -20, -30]) == (False, [])


def test_negative_scoring_a30d_the_10d_may_be_played_on_trick_1():
    """negative-scoring A30d (interpretation: R1 bans only hearts and the Q♠): a seat void
    in clubs may discard the 10♦ on the 2♣, not a heart nor the Q♠."""
    pos = position(VARIANT, {0: "2C", 1: "TD AH QS"}, voids={1: "C"}, hand_no=3)
    play(pos, "2C")
    legal = pos.legal_moves()
    assert ca.Card.from_str("TD") in legal and not legal & (HEARTS | QS)


def test_negative_scoring_play_rules_are_copas_fora_b1():
    """negative-scoring §5: passing, the 2♣ lead and B1 (R2/R3) are unchanged."""
    r, cf = rules(), ca.find_variant("copas-fora").rules()
    assert (r.hearts_break, r.lead_needs_broken, r.discard_needs_broken) == \
        (cf.hearts_break, cf.lead_needs_broken, cf.discard_needs_broken)
    assert r.pass_cycle == cf.pass_cycle and r.first_trick_banned == cf.first_trick_banned
