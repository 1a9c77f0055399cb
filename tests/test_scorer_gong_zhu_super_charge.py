"""The independent gong-zhu scorer (tests/support/independent_scorer_gong_zhu.py) on
`gong-zhu+super-charge`'s figures (docs/RULES.md §9, the seed's L245-253, GZ-4's super row of
§25.5, A40). The engine does not play the option yet (docs/RULES.md §9, Engine); these pin the
oracle its tests will be checked against to the seed's own totals, before any engine code
exists to agree with it.
"""

import pytest
from support.independent_scorer_gong_zhu import HEARTS, gong_zhu_scores

SUPER = {"super-charge": None}
ALL_HEARTS = sorted(HEARTS)


def north(taken, charged=(), super_charged=(), options=SUPER) -> int:
    """N's score when N takes `taken` and the other seats share the rest of the deck's
    scoring cards (none of which changes N's score)."""
    return gong_zhu_scores([taken, [], [], []], options, charged, super_charged)[0]


@pytest.mark.parametrize("taken, charged, super_charged, score", [
    (ALL_HEARTS, (), ("AH",), 800),  # L247: all 13 hearts with the super A♥: +800, not -800
    (["QS"], (), ("QS",), -400),  # L249: the super Q♠ -400
    (ALL_HEARTS + ["QS"], (), ("QS",), 600),  # L249: all hearts and a super Q♠
    (ALL_HEARTS + ["QS"], (), ("AH", "QS"), 1200),  # L249, GZ-4: both super-charged
    (["JD"], (), ("JD",), 400),  # L251 (A40: "turbinado" read as super-charged)
    (["TC"], (), ("TC",), 200),  # L253: the super 10♣ with no point card
    (["TC", "QS"], (), ("TC",), -800),  # L253: x8
    (["TC", "3H"], (), ("TC",), 0),  # L253: "the Two, Three and Four rule applies": 0 x 8
    (["AH", "KH"], (), ("AH",), -360),  # L247: hearts x4
])
def test_gong_zhu_super_charge_seed_figures(taken, charged, super_charged, score):
    """gong-zhu+super-charge (L245-253): a super (face-up) charge's effects, as the seed states them."""
    assert north(taken, charged, super_charged) == score


def test_gong_zhu_super_charge_normal_and_super_charges_coexist():
    """gong-zhu+super-charge A40: a face-down (normal) charged Q♠ and a super A♥ in one hand:
    all hearts +800 and the Q♠'s -200 turned +200 = +1000; a face-down J♦ alone +200."""
    assert north(ALL_HEARTS + ["QS"], ("QS",), ("AH",)) == 1000
    assert north(["JD"], ("JD",), ()) == 200


def test_gong_zhu_super_charge_needs_the_option_and_one_kind_per_card():
    """The scorer refuses super charges without +super-charge, and a card both charged face
    down and super-charged (one charge per card)."""
    with pytest.raises(ValueError, match="super-charge"):
        north(["QS"], (), ("QS",), options={})
    with pytest.raises(ValueError, match="both"):
        north(["QS"], ("QS",), ("QS",))
