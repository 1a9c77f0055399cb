"""Rules of `copas-fora` (docs/RULES.md §2.1, seed S000 L1-43), one test per rule or
worked example (CF-1 ... CF-6) and per ambiguity it settles (A5-A9, A11, X1, X2).

Seats 0..3 are N, E, S, W; play runs 0 -> 1 -> 2 -> 3. Deals are built explicitly
with support.hands.build_deal; hand_no 3 (the 4th hand) has no pass.
"""

import random

import pytest
from support.hands import (
    CLUBS,
    DECK,
    DIAMONDS,
    HEARTS,
    PENALTY,
    QS,
    SPADES,
    CF3_DEAL,
    MOON_DEAL,
    MOON_PLAY,
    build_deal,
    cards,
    play,
    play_lowest,
    position,
    rotate,
)

import copas_ai as ca

VARIANT = "copas-fora"
TWELVE_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"


def rules():
    return ca.find_variant(VARIANT).rules()


def absent(pos, card):
    """The cards revealed_absent() rules out, within the 52 ."""
    return pos.revealed_absent(card) & DECK


# --- first lead, follow suit ---------------------------------------------------------------


@pytest.mark.parametrize("holder", [0, 1, 2, 3])
def test_copas_fora_first_lead_2c_holder_must_lead_2c(holder):
    """copas-fora A5 (interpretation: the 2♣ holder must lead the 2♣ itself): the
    holder is on lead and the 2♣ is his only legal card; the dealer is irrelevant (A4)."""
    pos = position(VARIANT, {holder: "2C 3C KD"}, dealer=(holder + 2) % 4)
    assert pos.turn == holder
    assert pos.legal_moves() == cards("2C")
    assert "first lead" in pos.illegal_reason("KD")


def test_copas_fora_follow_suit_required():
    """copas-fora: a player must follow the led suit when he can ('must follow suit')."""
    pos = position(VARIANT, {0: "2C", 1: "3C KC 4D QS"})
    pos.push("2C")
    assert pos.legal_moves() == pos.hand(1) & CLUBS
    reason = pos.illegal_reason("4D")
    assert "follow suit" in reason and "clubs" in reason


# --- the first trick: R1, X1, X2 (A8) --------------------------------------------------------


def cf1_position():
    """CF-1: hand after the pass, N leads the 2♣; E has no clubs and holds ♥A ♥7 ♥3,
    Q♠, ♦9 ♦5, ♠8 ♠4 and others; S holds the A♣ and a heart."""
    pos = position(VARIANT, {0: "2C", 1: "AH 7H 3H QS 9D 5D 8S 4S", 2: "AC 2H"}, voids={1: "C"})
    pos.push("2C")
    return pos


def test_copas_fora_first_trick_void_player_may_not_discard_a_point_card():
    """copas-fora CF-1 (R1, R2): E may play any diamond or a spade other than the Q♠,
    no heart and not the Q♠."""
    pos = cf1_position()
    assert pos.legal_moves() == pos.hand(1) - PENALTY
    assert cards("9D 5D 8S 4S") <= pos.legal_moves()
    assert "first trick" in pos.illegal_reason("QS")
    for heart in ("AH", "7H", "3H"):
        reason = pos.illegal_reason(heart)
        assert "hearts" in reason and ("broken" in reason or "first trick" in reason)


def test_copas_fora_trick_1_discard_breaks_hearts_from_trick_2_only():
    """copas-fora CF-1 + B1 + A6: E's diamond discard breaks hearts, but only from
    trick 2: during trick 1 the flag stays down; afterwards the winner (S), holding
    hearts and other cards, may lead a heart."""
    pos = cf1_position()
    pos.push("9D")
    assert not pos.hearts_broken
    pos.push("AC")
    assert not pos.hearts_broken
    play_lowest(pos)  # W follows clubs
    assert pos.turn == 2 and pos.hearts_broken
    assert pos.illegal_reason("2H") is None
    assert pos.legal_moves() == pos.hand(2)


def test_copas_fora_first_trick_hearts_plus_qs_only_the_queen_is_legal():
    """copas-fora CF-2, X2 with A8 (literal reading): void in clubs on trick 1 with 12
    hearts + the Q♠, the Q♠ is the ONLY legal card; a heart is refused (R1/R2 still
    bar hearts, X1 needs a hand of hearts only)."""
    pos = position(VARIANT, {0: "2C", 1: TWELVE_HEARTS + " QS"})
    pos.push("2C")
    assert pos.legal_moves() == QS
    reason = pos.illegal_reason("5H")
    assert reason is not None and "hearts" in reason


def test_copas_fora_first_trick_only_hearts_may_play_any_heart():
    """copas-fora CF-2, X1: void in clubs on trick 1 with 13 hearts, any heart is legal."""
    pos = position(VARIANT, {0: "2C", 1: TWELVE_HEARTS + " AH"})
    pos.push("2C")
    assert pos.legal_moves() == HEARTS


def test_copas_fora_x2_queen_discard_on_trick_1_breaks_hearts():
    """copas-fora X2 + B1: the Q♠ discarded on trick 1 is an off-suit card, so hearts
    are broken from trick 2; the trick-1 winner takes the 13 points."""
    pos = position(VARIANT, {0: "2C", 1: TWELVE_HEARTS + " QS", 2: "AC AH"})
    play(pos, "2C QS AC")
    play_lowest(pos)
    assert pos.turn == 2 and pos.hearts_broken
    assert pos.points_taken() == [0, 0, 13, 0]
    assert pos.illegal_reason("AH") is None


@pytest.mark.parametrize("clubs, legal", [("TC 5C", "5C"), ("TC", "TC")])
def test_copas_fora_a9_following_suit_prevails_over_a_first_trick_ban(clubs, legal):
    """copas-fora A9 (applied to all variants): a card barred from trick 1 that is of
    the led suit may be played only when it is the player's only card of that suit.
    Checked with the 10♣ added to the trick-1 ban, as +ten-of-death would do."""
    ten_of_death = rules()
    ten_of_death.first_trick_banned = ten_of_death.first_trick_banned | cards("TC")
    deal = build_deal({0: "2C", 1: clubs}, voids={1: "C"})
    pos = ca.Position(ten_of_death, deal, dealer=3, hand_no=3)
    pos.push("2C")
    assert pos.hand(1) & CLUBS == cards(clubs)
    assert pos.legal_moves() == cards(legal)


# --- B1 timing (A6), R2 discards, R3 leads ----------------------------------------------------


def cf3_position():
    """CF-3: trick 1 all follow clubs and S wins it with the A♣."""
    pos = position(VARIANT, CF3_DEAL)
    play(pos, "2C JC AC TC")
    assert pos.turn == 2 and not pos.hearts_broken
    return pos


def test_copas_fora_cf3_leader_with_hearts_and_diamonds_may_not_lead_a_heart():
    """copas-fora CF-3, R3: S holds only hearts and diamonds, hearts unbroken (trick 1
    was all clubs): S must lead a diamond."""
    pos = cf3_position()
    assert pos.legal_moves() == pos.hand(2) & DIAMONDS
    reason = pos.illegal_reason("8H")
    assert "led" in reason and "broken" in reason


def test_copas_fora_cf3_discard_in_the_same_trick_does_not_break_hearts():
    """copas-fora CF-3, R2 + A6: S leads the ♦4. W (no diamonds; hearts and spades)
    must play a spade. N (no diamonds; hearts and clubs) must play a club: W's
    discard in the SAME trick does not count. E follows. From trick 3 hearts are
    broken and may be discarded."""
    pos = cf3_position()
    pos.push("4D")
    assert pos.legal_moves() == pos.hand(3) & SPADES
    assert "discarded" in pos.illegal_reason("7H")
    pos.push("2S")
    assert not pos.hearts_broken
    assert pos.legal_moves() == pos.hand(0) & CLUBS
    assert "broken" in pos.illegal_reason("2H")
    pos.push("3C")
    assert pos.legal_moves() == pos.hand(1) & DIAMONDS
    pos.push("8D")
    assert pos.turn == 1 and pos.hearts_broken
    # trick 3: E leads a spade; S (no spades) and N (no spades) may now discard hearts
    play(pos, "KS")
    assert pos.illegal_reason("8H") is None
    pos.push("8H")
    pos.push("3S")
    assert pos.illegal_reason("2H") is None


def test_copas_fora_leader_with_hearts_and_qs_only_must_lead_the_queen():
    """copas-fora L69 (+lead-heart-over-qs exists to relax this) and A8: a leader
    holding only hearts and the Q♠ before hearts are broken must lead the Q♠."""
    pos = position(VARIANT, {3: "AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"})
    play(pos, "2C")
    play_lowest(pos, 2)
    pos.push("AC")
    assert pos.turn == 3 and not pos.hearts_broken
    assert pos.legal_moves() == QS


HEART_LEAD_DEAL = {
    0: "2C 2H",
    1: "3H",
    2: "AH",
    3: "AC AD AS 4H 5H 6H 7H 8H 9H TH JH QH KH",
}


def heart_lead_position(variant):
    """W wins tricks 1-3 (A♣, then A♦ and A♠ led, all following suit) and then holds
    only hearts, with hearts unbroken; N, E, S hold one heart each."""
    pos = position(variant, HEART_LEAD_DEAL)
    play(pos, "2C")
    play_lowest(pos, 2)
    pos.push("AC")
    for ace in ("AD", "AS"):
        pos.push(ace)
        play_lowest(pos, 3)
    assert pos.turn == 3 and pos.hand(3) <= HEARTS
    assert not pos.hearts_broken
    return pos


def test_copas_fora_x1_leader_with_only_hearts_may_lead_a_heart_before_broken():
    """copas-fora X1 (R3 exception): a leader with only hearts leads one before broken."""
    pos = heart_lead_position(VARIANT)
    assert pos.legal_moves() == pos.hand(3)


def test_copas_fora_a7_following_hearts_on_a_heart_lead_is_always_legal():
    """copas-fora A7: R2 applies to discards only; on a heart lead (hearts unbroken) a
    player holding a heart must follow with it."""
    pos = heart_lead_position(VARIANT)
    pos.push("4H")
    assert pos.legal_moves() == cards("2H")
    assert pos.illegal_reason("2H") is None


def test_copas_fora_b1_heart_trick_with_all_following_does_not_break_hearts():
    """copas-fora B1 (literal): only an off-suit card breaks; a heart led under X1 with
    everyone following hearts leaves hearts unbroken (unlike american A54b)."""
    pos = heart_lead_position(VARIANT)
    play(pos, "4H 2H 3H AH")
    assert pos.turn == 2
    assert not pos.hearts_broken


def test_american_contrast_same_heart_trick_breaks_hearts_a54b():
    """american A54b on the same line as the test above: the led heart breaks hearts."""
    pos = heart_lead_position("american")
    play(pos, "4H 2H 3H AH")
    assert pos.hearts_broken


def test_copas_fora_x1_void_player_with_only_hearts_may_discard_one_before_broken():
    """copas-fora R2 exception X1: on trick 2, unbroken, a player void in the led suit
    whose hand is only hearts may discard a heart."""
    pos = position(VARIANT, {0: "2C", 1: "3C " + TWELVE_HEARTS, 3: "AC AD"})
    play(pos, "2C 3C")
    play_lowest(pos)
    pos.push("AC")
    pos.push("AD")
    play_lowest(pos)  # N
    assert pos.turn == 1 and not pos.hearts_broken
    assert pos.legal_moves() == pos.hand(1) == HEARTS - cards("AH")
    assert absent(pos, "2H") == DECK - HEARTS


def test_copas_fora_qs_led_after_trick_1_does_not_break_but_qs_discard_does():
    """copas-fora: the Q♠ may be led after trick 1 and has no breaking effect of its
    own (a spade trick, all following, leaves hearts closed); discarded on another
    suit it is an off-suit card and breaks hearts like any other (B1)."""
    pos = position(VARIANT, {0: "2C 2S", 1: "3S", 2: "4S", 3: "AC QS KH"})
    play(pos, "2C")
    play_lowest(pos, 2)
    pos.push("AC")
    assert pos.illegal_reason("QS") is None
    play(pos, "QS 2S 3S 4S")
    assert not pos.hearts_broken

    # E, void in diamonds, discards the Q♠ on S's A♦ lead (trick 2)
    pos = position(VARIANT, {0: "2C 3D", 1: "3C QS", 2: "AC AD", 3: "4C 2D"}, voids={1: "D"})
    play(pos, "2C 3C AC 4C / AD 2D 3D")
    assert pos.illegal_reason("QS") is None
    assert not pos.hearts_broken
    pos.push("QS")
    assert pos.turn == 2 and pos.hearts_broken
    assert pos.points_taken() == [0, 0, 13, 0]


# --- trick winner, scoring, moon ------------------------------------------------------------


def test_copas_fora_trick_won_by_highest_card_of_led_suit():
    """copas-fora: the highest card of the led suit takes the trick (no trumps); an
    off-suit A♦ does not win; the winner leads the next trick."""
    pos = position(VARIANT, {0: "2C", 1: "AD", 2: "KC", 3: "4C"}, voids={1: "C"})
    play(pos, "2C AD KC 4C")
    assert pos.turn == 2 == pos.leader
    assert pos.won[2] == cards("2C 4C KC AD")


@pytest.mark.parametrize("seed", range(12))
def test_copas_fora_hand_scores_26_points_or_a_moon(seed):
    """copas-fora card points: each heart 1, the Q♠ 13, 26 per hand, scored after 13
    tricks; random legal play (seeded) scores the points taken, or 0/26/26/26."""
    rng = random.Random(1000 + seed)
    pos = ca.Position(rules(), ca.deal(rules(), 1000 + seed), hand_no=3)
    while not pos.is_over():
        pos.push(rng.choice(list(pos.legal_moves())))
    assert sum(pos.points_taken()) == 26
    assert sum(pos.tricks_won(s) for s in range(4)) == 13
    if pos.moon_shooter() is None:
        assert pos.score() == pos.points_taken()
    else:
        assert sorted(pos.score()) == [0, 26, 26, 26]


def test_copas_fora_moon_base_shooter_0_others_26():
    """copas-fora CF-4 (base rules): E takes all 13 hearts and the Q♠ (here in 9
    tricks, all tricks are not required): E 0, N, S and W +26 each."""
    deal = rotate(build_deal(MOON_DEAL), 2)  # the shooter's hand goes to seat 1 (E)
    pos = ca.Position(rules(), deal, dealer=0, hand_no=3)
    play(pos, MOON_PLAY)
    assert pos.is_over()
    assert pos.tricks_won(1) == 9
    assert pos.points_taken() == [0, 26, 0, 0]
    assert pos.moon_shooter() == 1
    assert pos.score() == [26, 0, 26, 26]


# --- passing -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand_number, expected",
    [(1, [(1, 3)]), (2, [(3, 3)]), (3, [(2, 3)]), (4, []), (5, [(1, 3)]), (8, []), (12, [])],
)
def test_copas_fora_pass_cycle_left_right_across_none(hand_number, expected):
    """copas-fora passing (S000 L9): 3 cards; h = 1 left, 2 right, 3 across, 4 none,
    then repeat (hands 4, 8, 12 ... have no pass); offsets are seats to the left."""
    assert rules().pass_plan(hand_number - 1) == expected


def test_copas_fora_pass_left_moves_cards_and_a_received_card_cannot_be_passed_on():
    """copas-fora passing procedure (S000 L11): each player puts his 3 cards down
    before picking up his incoming ones, so a received card can never be passed on;
    on hand 1 the cards go to the next seat (left)."""
    deal = build_deal({0: "AS KS QS", 1: "2C 3C 4C", 2: "5C 6C 7C", 3: "8C 9C TC"})
    pos = ca.Position(rules(), deal, hand_no=0)
    pos.set_pass(0, "AS,KS,QS")
    with pytest.raises(ca.IllegalMoveError, match="does not hold QS"):
        pos.set_pass(1, "QS,2C,3C")
    pos.set_pass(1, "2C,3C,4C")
    pos.set_pass(2, "5C,6C,7C")
    pos.set_pass(3, "8C,9C,TC")
    assert cards("AS KS QS") <= pos.hand(1)
    assert cards("2C 3C 4C") <= pos.hand(2)
    assert cards("8C 9C TC") <= pos.hand(0)
    assert pos.turn == 2  # the 2♣ moved with the pass; its new holder leads


# --- match end (A11) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "totals, outcome",
    [
        ([104, 61, 61, 88], (False, [])),  # CF-6 after hand 9: E and S tie, play on
        ([104, 66, 64, 106], (True, [2])),  # CF-6 after hand 10: S wins
        ([110, 70, 75, 68], (True, [3])),  # A11: the winner need not be one of the tied
        ([99, 50, 60, 70], (False, [])),  # nobody at 100
        ([100, 20, 30, 40], (True, [1])),  # exactly 100 ends it (>= 100)
        ([100, 100, 40, 60], (True, [2])),  # ties at 100 or more do not matter
        ([100, 30, 30, 30], (False, [])),  # a three-way tie for lowest plays on
    ],
)
def test_copas_fora_match_end_and_tie_break_hands(totals, outcome):
    """copas-fora game end: once any total is >= 100 the lowest total wins; a tie for
    lowest means more hands (A11: all play, the first unique lowest total wins)."""
    assert ca.match_outcome(rules(), totals) == outcome


# --- what a play reveals -------------------------------------------------------------------


def test_copas_fora_revealed_absent_stays_within_the_deck():
    """copas-fora, heart led before broken (X1): the revealed set is exactly the 39
    clubs, diamonds and spades, no bit outside the 52-card deck."""
    pos = heart_lead_position(VARIANT)
    revealed = pos.revealed_absent("4H")
    assert revealed.bits & ~DECK.bits == 0
    assert len(revealed) == 39


def test_copas_fora_revealed_heart_lead_before_broken_shows_only_hearts():
    """copas-fora R3/X1: a heart led before hearts are broken shows a hand of hearts only."""
    pos = heart_lead_position(VARIANT)
    assert absent(pos, "4H") == CLUBS | DIAMONDS | SPADES


def test_copas_fora_revealed_trick_1_discards():
    """copas-fora trick 1: the Q♠ discarded under X2 shows hearts + Q♠ only; a heart
    under X1 shows hearts only (contrast american, where it shows hearts + Q♠); a
    clean discard shows only the club void."""
    pos = position(VARIANT, {0: "2C", 1: TWELVE_HEARTS + " QS"})
    pos.push("2C")
    assert absent(pos, "QS") == DECK - PENALTY
    pos = position(VARIANT, {0: "2C", 1: TWELVE_HEARTS + " AH"})
    pos.push("2C")
    assert absent(pos, "AH") == DECK - HEARTS
    pos = cf1_position()
    assert absent(pos, "9D") == CLUBS


def test_copas_fora_revealed_discards_on_later_tricks():
    """copas-fora: before hearts are broken a non-heart discard shows only the void in
    the led suit (CF-3: W's spade on the ♦4); after they are broken a heart discard
    also shows only the void."""
    pos = cf3_position()
    pos.push("4D")
    assert absent(pos, "2S") == DIAMONDS
    play(pos, "2S 3C 8D / KS")
    assert pos.hearts_broken
    assert absent(pos, "8H") == SPADES
    assert absent(pos, "2D") == SPADES


def test_copas_fora_revealed_following_suit_shows_nothing():
    """copas-fora: a card of the led suit tells nothing."""
    pos = cf3_position()
    pos.push("4D")
    play(pos, "2S 3C")
    assert absent(pos, "AD") == ca.CardSet()
