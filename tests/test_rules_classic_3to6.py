"""Rules of `classic-3to6` (docs/RULES.md §22, seed S003): decks per seat count, the pass to
the right, the opening lead (A55a), the Q♠-only first-trick ban (A55b), B3 breaking
(A55c, A55d), the -26 moon (A55e) and the end at 50 with shared ties (A55f); worked
examples CL-1 ... CL-4."""

import pytest
from support.family_deals import HEARTS, QS, cards, play, position, sweep

import copas_ai as ca

VARIANT = "classic-3to6"


@pytest.mark.parametrize("players, removed, each", [
    (3, "2C", 17), (4, "", 13), (5, "2C 2D", 10), (6, "2C 2D 2S 3C", 8)])
def test_classic_3to6_deck_by_seat_count(players, removed, each):
    """classic-3to6 §22 table (CL-1 for 6): the cards removed and the cards each."""
    rules = ca.find_variant(VARIANT).rules(players)
    assert ca.CardSet.full_deck() - rules.deck == cards(removed)
    assert rules.hand_size == each and each * players == len(rules.deck)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_classic_3to6_passes_three_to_the_right_every_hand(players):
    """classic-3to6 §22: 3 cards to the right in every hand, no cycle."""
    rules = ca.find_variant(VARIANT).rules(players)
    assert [rules.pass_plan(h) for h in range(5)] == [[(players - 1, 3)]] * 5


def test_classic_3to6_no_pass_option_skips_the_pass():
    """classic-3to6+no-pass (S003: 'one version omits this part')."""
    assert ca.find_variant("classic-3to6+no-pass").rules(5).pass_plan(0) == []


def test_classic_3to6_cl1_six_players_dealer_left_leads_no_heart_nor_queen():
    """classic-3to6 CL-1 (6 players): the player on the dealer's left leads, e.g. the
    5♦; a heart or the Q♠ would be an illegal lead."""
    pos = position("classic-3to6+no-pass", {1: "5D 7H QS 9C"}, players=6, dealer=0)
    assert pos.turn == 1
    assert ca.Card.from_str("5D") in pos.legal_moves()
    assert pos.legal_moves() == pos.hand(1) - HEARTS - QS
    assert "opening lead" in pos.illegal_reason(ca.Card.from_str("7H"))
    assert "opening lead" in pos.illegal_reason(ca.Card.from_str("QS"))


@pytest.mark.parametrize("players", [5, 6])
def test_classic_3to6_a55a_leader_with_only_hearts_and_queen_leads_any(players):
    """classic-3to6 A55a (interpretation: a leader holding only hearts and/or the Q♠ may
    lead any card): with 5/6 players, no pass, the dealer's left holds only those."""
    size = ca.find_variant(VARIANT).rules(players).hand_size
    hand = " ".join(f"{r}H" for r in "23456789TJQKA"[:size - 1]) + " QS"
    pos = position("classic-3to6+no-pass", {1: hand}, players=players, dealer=0)
    assert pos.turn == 1 and pos.legal_moves() == cards(hand)
    # Leading a heart shows the hand holds nothing but hearts and the Q♠.
    assert pos.revealed_absent(ca.Card.from_str("2H")) & pos.rules.deck == pos.rules.deck - HEARTS - QS


def test_classic_3to6_cl2_four_players_heart_discard_legal_queen_barred_and_breaks():
    """classic-3to6 CL-2 (4 players): N leads the 2♣; E, void in clubs, discards the ♥K
    (legal here); W, void, may not play the Q♠ on trick 1; the heart discard breaks
    hearts (B3), so the trick-2 leader may lead a heart."""
    pos = position("classic-3to6+no-pass", {0: "2C 3H", 1: "KH", 2: "AC 4H", 3: "QS 5D"},
                   voids={1: "C", 3: "C"})
    assert pos.legal_moves() == cards("2C")
    play(pos, "2C")
    assert ca.Card.from_str("KH") in pos.legal_moves()
    play(pos, "KH AC")
    assert ca.Card.from_str("QS") not in pos.legal_moves()
    assert "first trick" in pos.illegal_reason(ca.Card.from_str("QS"))
    play(pos, "5D")
    assert pos.turn == 2 and pos.hearts_broken
    assert ca.Card.from_str("4H") in pos.legal_moves()


def test_classic_3to6_a55b_lone_queen_must_follow_a_spade_lead_on_trick_1():
    """classic-3to6 A55b (interpretation: following suit prevails): 3 players, the
    opening lead is a spade and the Q♠ is the next seat's only spade."""
    pos = position("classic-3to6+no-pass", {0: "3S 4S 5S 6S 7S 8S 9S TS JS KS AS", 1: "2S", 2: "QS"},
                   players=3, dealer=0)
    play(pos, "2S")
    assert pos.turn == 2 and pos.legal_moves() == QS


def test_classic_3to6_b3_leads_barred_until_a_void_player_discards_a_heart():
    """classic-3to6 B3 (§1.2, A55c: any earlier trick): a non-heart discard does not
    break; the Q♠ may be led after trick 1 and does not break either."""
    pos = position("classic-3to6+no-pass", {0: "2C 3C 4H", 1: "KC", 2: "AC QS 6H", 3: "5C"},
                   voids={1: "C"})
    play(pos, "2C")
    off_suit = next(c for c in pos.legal_moves() if c.suit_char != "H")
    pos.push(off_suit)
    play(pos, "AC 5C")
    assert pos.turn == 2 and not pos.hearts_broken
    assert not pos.legal_moves() & HEARTS and ca.Card.from_str("QS") in pos.legal_moves()


def test_classic_3to6_a55d_only_hearts_leads_a_heart_which_does_not_break():
    """classic-3to6 A55d (a leader holding only hearts may lead one); B3 read literally
    (our interpretation, the catalogue is silent): that led heart does not break hearts,
    only a heart discarded by a void player does."""
    pos = position("classic-3to6+no-pass", {0: "2C", 1: "KC", 2: "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"},
                   voids={2: "DS"})
    play(pos, "2C KC AC")
    pos.push(next(iter(pos.legal_moves())))
    assert pos.hand(2) == cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")
    assert pos.legal_moves() == pos.hand(2)
    play(pos, "2H")
    while pos.trick:
        pos.push(next(iter(pos.legal_moves())))
    assert not pos.hearts_broken


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_classic_3to6_cl3_moon_takes_26_off_the_shooter_only(players):
    """classic-3to6 CL-3 / A55e: all 13 hearts and the Q♠ give the shooter -26 (30 -> 4)
    and leave the others unchanged; totals may go negative."""
    pos = sweep(VARIANT, players, shooter=1)
    assert pos.moon_shooter() == 1
    score = pos.score()
    assert score[1] == -26 and all(score[s] == 0 for s in range(players) if s != 1)
    assert 30 + score[1] == 4


def test_classic_3to6_cl3_missing_one_heart_scores_everything_taken():
    """classic-3to6 CL-3: a shooter who misses one heart scores all he took (25)."""
    rules = ca.find_variant(VARIANT).rules()
    assert rules.points_of(HEARTS - cards("2H") | QS) == 25


def test_classic_3to6_cl4_end_at_50_lowest_wins_and_a55f_ties_share():
    """classic-3to6 CL-4: totals 52, 20, 35 (3 players) end the match, 20 wins; A55f
    (interpretation: equal lowest share the win)."""
    rules = ca.find_variant(VARIANT).rules(3)
    assert ca.match_outcome(rules, [52, 20, 35]) == (True, [1])
    assert ca.match_outcome(rules, [49, 20, 35]) == (False, [])
    assert ca.match_outcome(rules, [50, 20, 20]) == (True, [1, 2])
