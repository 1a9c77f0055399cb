"""Rules of `black-maria` (docs/RULES.md §12, seed S000 L275-285): pass right every hand,
the dealer's left leads any card, no restrictions (B0), K♠ 10 and A♠ 7 (BM-1), the moon
over all 16 penalty cards (A45), the end at 150."""

import pytest
from support.family_deals import HEARTS, QS, cards, play, position, sweep

import copas_ai as ca

VARIANT = "black-maria"


def test_black_maria_bm1_spade_honours_and_three_hearts_score_20():
    """black-maria BM-1: the K♠, the A♠ and 3 hearts are 10 + 7 + 3 = 20; 43 in all."""
    rules = ca.find_variant(VARIANT).rules()
    assert rules.points_of(cards("KS AS 2H 7H JH")) == 20
    assert rules.total_points == 43


def test_black_maria_bm1_moon_needs_all_16_and_gives_the_others_43_a45():
    """black-maria BM-1 / A45 (interpretation: the moon needs all 16 penalty cards)."""
    pos = sweep(VARIANT, shooter=0, dealer=3)
    assert pos.score() == [0, 43, 43, 43]
    assert ca.find_variant(VARIANT).rules().moon_cards == HEARTS | cards("QS KS AS")


def test_black_maria_passes_three_to_the_right_every_hand():
    """black-maria §12: 3 cards to the right every hand, no cycle."""
    rules = ca.find_variant(VARIANT).rules()
    assert [rules.pass_plan(h) for h in range(5)] == [[(3, 3)]] * 5


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_black_maria_dealer_left_leads_any_card_even_a_heart(dealer):
    """black-maria §12: the dealer's left leads trick 1 with any card, a heart or the Q♠
    included; the 2♣ has no role."""
    leader = (dealer + 1) % 4
    pos = position(VARIANT, {leader: "AH QS 5D"}, dealer=dealer, hand_no=0)
    for s in range(4):
        pos.set_pass(s, ca.CardSet(list(pos.hand(s) - cards("AH QS 5D"))[:3]))
    assert pos.turn == leader and pos.legal_moves() == pos.hand(leader)


def test_black_maria_no_first_trick_ban_and_no_breaking_b0():
    """black-maria §12 (B0): a void seat may throw the Q♠ or a heart on trick 1, and
    hearts may be led at once."""
    pos = position(VARIANT, {1: "2C AS", 2: "QS 3H", 3: "AC"}, voids={2: "C"}, dealer=0, no_pass=True)
    play(pos, "2C")
    assert cards("QS 3H") <= pos.legal_moves()
    play(pos, "QS AC")
    pos.push(next(iter(pos.legal_moves())))
    assert pos.turn == 3 and pos.legal_moves() == pos.hand(3)


def test_black_maria_end_at_150_lowest_wins():
    """black-maria §12: the match ends once a total is >= 150; the lowest wins."""
    rules = ca.find_variant(VARIANT).rules()
    assert ca.match_outcome(rules, [150, 20, 60, 90]) == (True, [1])
    assert ca.match_outcome(rules, [149, 20, 60, 90]) == (False, [])
