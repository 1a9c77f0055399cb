"""Rules of `american` (docs/RULES.md §21, seed S004), one test per rule or worked example.

Seats 0..3 are N, E, S, W (the text's A, B, C, D in AM-1); play runs 0 -> 1 -> 2 -> 3.
Deals are built explicitly with support.hands.build_deal; hand_no 3 (the 4th hand) has
no pass, so those positions start at the first lead.
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
    MOON_DEAL,
    MOON_PLAY,
    NEAR_MOON_PLAY,
    build_deal,
    cards,
    play,
    play_lowest,
    position,
)

import copas_ai as ca

VARIANT = "american"


def rules():
    return ca.find_variant(VARIANT).rules()


# --- first lead -------------------------------------------------------------------


@pytest.mark.parametrize("holder", [0, 1, 2, 3])
@pytest.mark.parametrize("dealer", [0, 3])
def test_american_first_lead_2c_holder_must_lead_2c(holder, dealer):
    """american, trick 1 lead: the 2♣ holder leads, whoever deals, and must lead the
    2♣ itself (S004 "Quem tem 2♣ deve sair com ela"; same reading as A5)."""
    pos = position(VARIANT, {holder: "2C 3C AD AS"}, dealer=dealer)
    assert pos.turn == holder == pos.leader
    assert pos.legal_moves() == cards("2C")
    for other in ("3C", "AD", "AS"):
        assert "first lead" in pos.illegal_reason(other)
    with pytest.raises(ca.IllegalMoveError, match="3C"):
        pos.push("3C")


def test_american_first_lead_goes_to_whoever_holds_2c_after_the_pass():
    """american, hand 1 (pass left): seat 1 passes the 2♣ to seat 2, who then leads it."""
    pos = position(VARIANT, {1: "2C AH KH"}, hand_no=0)
    assert pos.phase == "passing"
    pos.set_pass(1, "2C,AH,KH")
    for seat in (0, 2, 3):
        pos.set_pass(seat, list(pos.hand(seat))[:3])
    assert pos.phase == "playing"
    assert ca.Card.from_str("2C") in pos.hand(2)
    assert pos.turn == 2
    assert pos.legal_moves() == cards("2C")


# --- follow suit ------------------------------------------------------------------


def test_american_follow_suit_required_when_holding_the_led_suit():
    """american, trick 1: a seat holding clubs must play a club after the 2♣ lead,
    even a high one; other suits are refused as 'must follow suit (clubs led)'."""
    pos = position(VARIANT, {0: "2C", 1: "5C AC 2D AH QS"})
    pos.push("2C")
    hand = pos.hand(1)
    assert pos.legal_moves() == hand & CLUBS
    for card in ("2D", "AH", "QS"):
        reason = pos.illegal_reason(card)
        assert "follow suit" in reason and "clubs" in reason


def test_american_follower_must_follow_with_low_or_high_card_of_led_suit():
    """american, trick 2, diamonds led: seat 1 holding 2♦ and A♦ may play either (no
    obligation to win) and nothing else."""
    deal = build_deal({0: "2C 9C", 1: "3C 2D AD AH QS", 2: "4C KD", 3: "AC 5D"})
    pos = ca.Position(rules(), deal, dealer=3, hand_no=3)
    play(pos, "2C 3C 4C AC")
    assert pos.turn == 3
    pos.push("5D")
    play_lowest(pos)  # seat 0
    assert pos.legal_moves() == pos.hand(1) & DIAMONDS
    assert cards("2D AD") <= pos.legal_moves()
    assert "follow suit" in pos.illegal_reason("AH")


# --- first trick bans ---------------------------------------------------------------


def test_american_first_trick_void_player_may_not_play_a_penalty_card():
    """american AM-2, trick 1: B (seat 1) has no clubs and holds ♥K ♥4, Q♠, ♦7 and
    more: he must play a card with no penalty; hearts and the Q♠ are refused."""
    pos = position(VARIANT, {0: "2C", 1: "KH 4H QS 7D"}, voids={1: "C"})
    pos.push("2C")
    assert pos.legal_moves() == pos.hand(1) - PENALTY
    assert ca.Card.from_str("7D") in pos.legal_moves()
    for card in ("KH", "4H", "QS"):
        assert "first trick" in pos.illegal_reason(card)


@pytest.mark.parametrize(
    "hand",
    [
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS",  # hearts + Q♠
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",  # hearts only
    ],
    ids=["hearts+QS", "hearts-only"],
)
def test_american_first_trick_only_penalty_cards_may_play_any_of_them(hand):
    """american AM-2 (contrast copas-fora A8): on trick 1 a seat holding only penalty
    cards may discard any of them, the Q♠ or any heart."""
    pos = position(VARIANT, {0: "2C", 1: hand})
    pos.push("2C")
    assert pos.legal_moves() == pos.hand(1) == cards(hand)
    assert pos.illegal_reason("QH") is None


def test_american_first_trick_penalty_discard_breaks_hearts_from_trick_2():
    """american B2: a heart discarded on trick 1 (from a hand of only penalty cards)
    breaks hearts, but only once trick 1 is over; the trick-1 winner may then lead one."""
    pos = position(VARIANT, {0: "2C", 1: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS",
                             2: "AC AH"})
    play(pos, "2C 5H AC")
    assert not pos.hearts_broken  # judged from completed tricks only
    play_lowest(pos)  # seat 3 follows clubs
    assert pos.turn == 2 and pos.hearts_broken
    assert pos.illegal_reason("AH") is None


# --- breaking hearts (B2, A54b) and leading hearts ------------------------------------


def am1_position():
    """AM-1 set-up: trick 1 all follow clubs except seat 1 (void, discards the 2♦);
    seat 0 wins it with the Q♣ and leads the K♣ to trick 2."""
    pos = position(VARIANT, {3: "2C AC 5H", 0: "QC KC", 1: "QS 2D", 2: "3C 4C"}, voids={1: "C"})
    play(pos, "2C QC 2D 3C")
    assert pos.turn == 0 and pos.tricks_done == 1
    return pos


def test_american_nonheart_discard_does_not_break_hearts():
    """american B2 (contrast copas-fora B1): a diamond discarded on trick 1 leaves
    hearts unbroken."""
    assert not am1_position().hearts_broken


def test_american_seed_example_kc_qs_4c_ac_ace_takes_queen_and_hearts_stay_closed():
    """american AM-1, the seed 004 example: not trick 1, no heart discarded yet.
    A leads K♣, B (no clubs) discards the Q♠ (legal), C plays 4♣, D the A♣: D wins
    and takes 13 points; the Q♠ is no trump and does not break hearts (B2), so D,
    holding hearts and other cards, may not lead a heart (AM-3)."""
    pos = am1_position()
    pos.push("KC")
    assert pos.illegal_reason("QS") is None
    play(pos, "QS 4C AC")
    assert pos.turn == 3 and pos.leader == 3
    assert pos.points_taken() == [0, 0, 0, 13]
    assert QS <= pos.won[3]
    assert not pos.hearts_broken
    hand = pos.hand(3)
    assert hand & HEARTS and hand - HEARTS
    assert pos.legal_moves() == hand - HEARTS
    reason = pos.illegal_reason("5H")
    assert "hearts" in reason and "led" in reason and "broken" in reason


def test_american_heart_discard_after_trick_1_is_legal_before_broken():
    """american: no R2 (S004 restricts heart leads only): on trick 2 a void seat may
    discard a heart although hearts are not broken."""
    pos = am1_position()
    pos.push("KC")
    assert not pos.hearts_broken
    assert pos.hand(1) & HEARTS <= pos.legal_moves()
    assert pos.illegal_reason(next(iter(pos.hand(1) & HEARTS))) is None


def test_american_heart_discard_breaks_hearts_for_the_next_lead():
    """american B2: a heart discarded in an earlier trick breaks hearts; the next
    leader, holding hearts and other cards, may then lead a heart."""
    pos = am1_position()
    heart = next(iter(pos.hand(1) & HEARTS))
    play(pos, f"KC {heart} 4C")
    assert not pos.hearts_broken  # the current trick does not count
    pos.push("AC")
    assert pos.turn == 3 and pos.hearts_broken
    assert pos.legal_moves() == pos.hand(3)
    assert pos.illegal_reason("5H") is None


def a54b_position():
    """Seat 3 wins trick 1 (A♣) and trick 2 (A♦ led), then holds only hearts."""
    pos = position(VARIANT, {0: "2C AH 2H", 3: "AC AD 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"})
    play(pos, "2C")
    play_lowest(pos, 2)
    play(pos, "AC AD")
    play_lowest(pos, 3)
    assert pos.turn == 3 and pos.hand(3) <= HEARTS
    assert not pos.hearts_broken
    return pos


def test_american_leader_with_only_hearts_may_lead_a_heart_before_broken():
    """american X1-like exception (S004 "salvo tendo só copas", AM-3): a leader holding
    only hearts may lead one before hearts are broken."""
    pos = a54b_position()
    assert pos.legal_moves() == pos.hand(3)
    assert pos.illegal_reason("3H") is None


def test_american_heart_led_from_all_hearts_hand_breaks_hearts_a54b():
    """american A54b (interpretation: american_led_heart_breaks=true): a heart led from
    an all-hearts hand breaks hearts from the next trick, though nobody discarded one;
    the next leader (seat 0, holding 2♥ and other cards) may then lead the 2♥."""
    pos = a54b_position()
    play(pos, "3H AH")
    play_lowest(pos, 2)  # seats 1 and 2 hold no hearts
    assert pos.turn == 0 and pos.hearts_broken
    assert pos.hand(0) - HEARTS
    assert pos.illegal_reason("2H") is None


def test_american_literal_a54b_alternative_keeps_hearts_closed():
    """american A54b, literal alternative (led_heart_breaks=False): the same heart
    lead does not break hearts, so seat 0 may not lead the 2♥ (the parameter works)."""
    literal = rules()
    literal.led_heart_breaks = False
    deal = build_deal({0: "2C AH 2H", 3: "AC AD 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"})
    pos = ca.Position(literal, deal, dealer=3, hand_no=3)
    play(pos, "2C")
    play_lowest(pos, 2)
    play(pos, "AC AD")
    play_lowest(pos, 3)
    play(pos, "3H AH")
    play_lowest(pos, 2)
    assert pos.turn == 0 and not pos.hearts_broken
    assert "broken" in pos.illegal_reason("2H")


def test_american_leader_with_hearts_and_qs_only_must_lead_the_queen():
    """american: after trick 1, a leader holding only hearts and the Q♠ before hearts
    are broken does not hold "only hearts", so he must lead the Q♠ (S004: the Q♠ may
    be led once the first trick is over)."""
    pos = position(VARIANT, {3: "AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"})
    play(pos, "2C")
    play_lowest(pos, 2)
    pos.push("AC")
    assert pos.turn == 3 and not pos.hearts_broken
    assert pos.legal_moves() == QS
    assert "broken" in pos.illegal_reason("2H")


def test_american_qs_may_be_led_after_trick_1_and_does_not_break_hearts():
    """american: the Q♠ may be led once trick 1 is over; a spade trick with the Q♠
    (everyone following) leaves hearts unbroken."""
    pos = position(VARIANT, {0: "2C 2S", 1: "3S", 2: "4S", 3: "AC QS KH"})
    play(pos, "2C")
    play_lowest(pos, 2)
    pos.push("AC")
    assert pos.illegal_reason("QS") is None
    play(pos, "QS 2S 3S 4S")
    assert pos.turn == 3 and not pos.hearts_broken
    assert pos.points_taken()[3] == 13


# --- trick winner, scoring, moon ----------------------------------------------------------


def test_american_trick_won_by_highest_card_of_led_suit_not_an_offsuit_ace():
    """american: the highest card of the led suit wins (no trumps): a discarded A♦
    does not beat the 4♣; the winner takes the trick and leads next."""
    pos = position(VARIANT, {0: "2C", 1: "AD", 2: "3C", 3: "4C"}, voids={1: "C"})
    play(pos, "2C AD 3C 4C")
    assert pos.turn == 3 == pos.leader
    assert pos.won[3] == cards("2C 3C 4C AD")
    assert [pos.tricks_won(s) for s in range(4)] == [0, 0, 0, 1]


@pytest.mark.parametrize("seed", range(12))
def test_american_hand_scores_26_points_or_a_moon(seed):
    """american scoring: each heart 1, the Q♠ 13, 26 in all; random legal play from a
    fixed deal (seeded) scores exactly the points taken, or 0/26/26/26 on a moon."""
    rng = random.Random(seed)
    pos = ca.Position(rules(), ca.deal(rules(), seed), hand_no=3)
    while not pos.is_over():
        pos.push(rng.choice(list(pos.legal_moves())))
    taken = pos.points_taken()
    assert sum(taken) == 26
    assert sum(len(w) for w in pos.won) == 52
    if pos.moon_shooter() is None:
        assert pos.score() == taken
    else:
        assert sorted(pos.score()) == [0, 26, 26, 26]


def test_american_moon_with_9_tricks_others_score_26_each():
    """american AM-4: D (seat 3) takes all 13 hearts and the Q♠ while winning only 9
    tricks (the other 4 hold no penalty card): D 0, each opponent +26, no subtraction."""
    pos = position(VARIANT, MOON_DEAL)
    play(pos, MOON_PLAY)
    assert pos.is_over() and pos.turn is None
    assert [pos.tricks_won(s) for s in range(4)] == [0, 0, 4, 9]
    assert pos.points_taken() == [0, 0, 0, 26]
    assert pos.moon_shooter() == 3
    assert pos.score() == [26, 26, 26, 0]


def test_american_25_points_is_no_moon():
    """american moon needs ALL the penalty cards: the same deal where seat 2 takes one
    heart scores plainly (seat 3 25, seat 2 1)."""
    pos = position(VARIANT, MOON_DEAL)
    play(pos, NEAR_MOON_PLAY)
    assert pos.is_over()
    assert pos.moon_shooter() is None
    assert pos.score() == [0, 0, 1, 25]


def test_american_moon_is_not_scored_before_the_hand_ends():
    """american: with 1 trick left the shooter-to-be has all 26 points, but score()
    gives the raw points until the hand is over."""
    pos = position(VARIANT, MOON_DEAL)
    play(pos, MOON_PLAY.rsplit("/", 1)[0])
    assert not pos.is_over()
    assert pos.moon_shooter() is None
    assert pos.score() == [0, 0, 0, 26]


def test_american_no_card_may_be_pushed_once_the_hand_is_over():
    """american: after 13 tricks push() refuses any card ('the hand is over')."""
    pos = position(VARIANT, MOON_DEAL)
    play(pos, MOON_PLAY)
    assert pos.legal_moves() == ca.CardSet()
    with pytest.raises(ca.IllegalMoveError, match="over"):
        pos.push("2C")


# --- passing -------------------------------------------------------------------------------

LEFT, RIGHT, ACROSS = 1, 3, 2


@pytest.mark.parametrize(
    "hand_number, expected",
    [(1, [(LEFT, 3)]), (2, [(RIGHT, 3)]), (3, [(ACROSS, 3)]), (4, []),
     (5, [(LEFT, 3)]), (6, [(RIGHT, 3)]), (7, [(ACROSS, 3)]), (8, []),
     (9, [(LEFT, 3)]), (12, [])],
)
def test_american_pass_direction_by_hand_number(hand_number, expected):
    """american AM-6: hand 1 left, 2 right, 3 across, 4 none, repeating; so hand 6
    passes right, hand 8 not at all, hand 9 left (1-based h = hand_no + 1)."""
    assert rules().pass_plan(hand_number - 1) == expected
    pos = ca.Position(rules(), ca.deal(rules(), hand_number), hand_no=hand_number - 1)
    assert pos.pass_plan == expected
    assert pos.phase == ("playing" if not expected else "passing")


@pytest.mark.parametrize("hand_no, offset", [(0, LEFT), (1, RIGHT), (2, ACROSS)])
def test_american_passed_cards_move_to_the_seat_of_the_pass_direction(hand_no, offset):
    """american passing: 3 cards each, face down, all at once; each seat's pass goes
    to the seat `offset` to its left, and is recorded as passed/received."""
    deal = ca.deal(rules(), 100 + hand_no)
    pos = ca.Position(rules(), deal, hand_no=hand_no)
    passes = [ca.CardSet(list(deal[s])[-3:]) for s in range(4)]
    for s in range(4):
        pos.set_pass(s, passes[s])
    assert pos.phase == "playing"
    for s in range(4):
        giver = (s - offset) % 4
        assert pos.hand(s) == (deal[s] - passes[s]) | passes[giver]
        assert pos.passed[s] == passes[s]
        assert pos.received[s] == passes[giver]
        assert len(pos.hand(s)) == 13


def test_american_pass_applies_only_when_all_four_are_set():
    """american passing: until the fourth pass is set the hands are unchanged and no
    card may be played ('the pass is not complete')."""
    deal = ca.deal(rules(), 5)
    pos = ca.Position(rules(), deal, hand_no=0)
    for s in range(3):
        pos.set_pass(s, list(deal[s])[:3])
        assert pos.pass_is_set(s)
    assert pos.phase == "passing" and pos.turn is None
    assert pos.hands == deal
    assert pos.legal_moves() == ca.CardSet()
    with pytest.raises(ca.IllegalMoveError, match="pass is not complete"):
        pos.push("2C")


def test_american_cannot_pass_on_a_received_card():
    """american passing: a seat sets its own cards aside before seeing what it gets
    (S004), so it cannot pass a card passed to it: the received Q♠ is refused."""
    deal = build_deal({0: "QS AH KH", 1: "2C 3D 4D"})
    pos = ca.Position(rules(), deal, hand_no=0)  # left: seat 0 -> seat 1
    pos.set_pass(0, "QS,AH,KH")
    with pytest.raises(ca.IllegalMoveError, match="does not hold QS"):
        pos.set_pass(1, "QS,2C,3D")
    assert not pos.pass_is_set(1)


@pytest.mark.parametrize(
    "seat, pass_text, message",
    [
        (0, "2C,3C", "3 cards, not 2"),
        (0, "2C,3C,4C,5C", "3 cards, not 4"),
        (0, "AS,3C,4C", "does not hold AS"),
        (7, "2C,3C,4C", "no seat 7"),
    ],
)
def test_american_set_pass_refuses_bad_passes(seat, pass_text, message):
    """american passing errors: wrong card count, a card not held, a seat that does
    not exist -> IllegalMoveError naming the problem."""
    pos = position(VARIANT, {0: "2C 3C 4C 5C", 1: "AS"}, hand_no=0)
    with pytest.raises(ca.IllegalMoveError, match=message):
        pos.set_pass(seat, pass_text)


def test_american_set_pass_refuses_a_second_pass_and_a_pass_on_a_no_pass_hand():
    """american passing errors: a seat passes once; hand 4 (hand_no 3) has no pass."""
    pos = position(VARIANT, {0: "2C 3C 4C 5C"}, hand_no=0)
    pos.set_pass(0, "2C,3C,4C")
    with pytest.raises(ca.IllegalMoveError, match="passed already"):
        pos.set_pass(0, "5C,6C,7C")
    no_pass = position(VARIANT, {0: "2C 3C 4C"}, hand_no=3)
    with pytest.raises(ca.IllegalMoveError, match="no pass"):
        no_pass.set_pass(0, "2C,3C,4C")


# --- match end -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "totals, outcome",
    [
        ([100, 87, 62, 62], (True, [2, 3])),  # AM-5: the two on 62 share the win
        ([99, 87, 62, 61], (False, [])),  # nobody at 100 yet
        ([100, 0, 10, 20], (True, [1])),  # exactly 100 ends the game (>= 100)
        ([120, 100, 50, 70], (True, [2])),
        ([30, 30, 30, 104], (True, [0, 1, 2])),  # a three-way shared win
    ],
)
def test_american_match_end_at_100_lowest_wins_ties_share(totals, outcome):
    """american AM-5: after a hand, if anyone is at >= 100 the lowest total wins;
    equal lowest totals share the victory (no extra hands)."""
    assert ca.match_outcome(rules(), totals) == outcome


# --- what a play reveals -------------------------------------------------------------------


def absent(pos, card):
    """The cards revealed_absent() rules out, within the 52 ."""
    return pos.revealed_absent(card) & DECK


def test_american_revealed_absent_stays_within_the_deck():
    """american trick 1, heart discarded from a hand of hearts + Q♠: the revealed set
    is exactly the 38 cards other than the penalty cards, nothing outside the deck."""
    pos = position(VARIANT, {0: "2C", 1: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS"})
    pos.push("2C")
    revealed = pos.revealed_absent("5H")
    assert revealed.bits & ~DECK.bits == 0
    assert len(revealed) == 38


def test_american_revealed_heart_discard_on_trick_1_shows_only_penalty_cards():
    """american trick 1: a void seat discarding a heart shows it holds only hearts and
    the Q♠ (no clubs, no diamonds, no other spade): the penalty fallback was used."""
    pos = position(VARIANT, {0: "2C", 1: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS"})
    pos.push("2C")
    assert absent(pos, "5H") == DECK - PENALTY
    assert absent(pos, "QS") == DECK - PENALTY


def test_american_revealed_offsuit_discard_shows_the_void_only():
    """american: a diamond discarded on trick 1 only shows the club void; a heart
    discarded on trick 2 (no R2 in american) also shows just the void in the led suit."""
    pos = am1_position()
    # trick 1 is over; replay it to ask what the 2♦ discard told the table
    pos.pop()
    pos.pop()
    assert absent(pos, "2D") == CLUBS
    play(pos, "2D 3C KC")
    heart = next(iter(pos.hand(1) & HEARTS))
    assert absent(pos, heart) == CLUBS
    assert absent(pos, "QS") == CLUBS


def test_american_revealed_heart_lead_before_broken_shows_only_hearts():
    """american: leading a heart before hearts are broken shows a hand of only hearts."""
    pos = a54b_position()
    assert absent(pos, "3H") == CLUBS | DIAMONDS | SPADES


def test_american_revealed_following_suit_shows_nothing():
    """american: following suit tells nothing beyond the card itself."""
    pos = position(VARIANT, {0: "2C", 1: "3C 9C"})
    pos.push("2C")
    assert absent(pos, "9C") == ca.CardSet()


def test_american_revealed_absent_reads_the_public_state_even_for_an_illegal_card():
    """american: revealed_absent() reads the rules and the trick, not the seat's hand: the
    3♣ led to trick 1 shows the leader lacks the 2♣, even asked of a seat that holds it (a
    world that breaks the play asks so: copas_ai/uno_world.py); outside the play it is refused."""
    pos = position(VARIANT, {0: "2C 3C"})
    assert not pos.is_legal("3C")
    assert absent(pos, "3C") == ca.CardSet.from_str("2C")
    passing = position(VARIANT, {0: "2C 3C"}, hand_no=0)
    with pytest.raises(ca.IllegalMoveError, match="3C"):
        passing.revealed_absent("3C")
