"""Options of `copas-fora` that change what may be played or end the hand early
(docs/RULES.md §2.2, seed S000 L55-71), and the variant `no-pass-strict-lead` (§6).

One test per rule, worked example and ambiguity: dealer-lead (A14), hearts-anytime
with dealer-lead (L57), points-first-trick (A16), lead-after-heart (A17: B4 for
leads, R2 keeps B1), qs-opens-hearts (B5), stuck-lead-ends-hand (A18),
first-trick-stuck-annul (A19, CF-2), lead-heart-over-qs (L69), qs-forced (A20),
no-pass-strict-lead (A31). Seats 0..3 are N, E, S, W; play runs 0 -> 1 -> 2 -> 3.
"""

import random

import pytest
from support.hands import (
    CF3_DEAL,
    DECK,
    DIAMONDS,
    HEARTS,
    PENALTY,
    QS,
    SPADES,
    build_deal,
    cards,
    play,
    play_lowest,
    position,
)

import copas_ai as ca
from support.solver_oracle import minimax
from copas_ai import _core
from copas_ai.bots import RandomBot
from copas_ai.game import Match, play_hand

TWELVE_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"


def absent(pos, card):
    return pos.revealed_absent(card) & DECK


# --- dealer-lead (L55, A14) -------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_copas_fora_dealer_lead_dealer_leads_any_card_but_hearts_and_the_queen(dealer):
    """copas-fora+dealer-lead: the dealer leads trick 1 (the 2♣ has no role) and may
    lead any card except a heart or the Q♠."""
    holder = (dealer + 1) % 4
    pos = position("copas-fora+dealer-lead", {holder: "2C", dealer: "3C QS AH KD"}, dealer=dealer)
    assert pos.turn == dealer
    assert pos.legal_moves() == pos.hand(dealer) - PENALTY
    assert "opening lead" in pos.illegal_reason("QS")
    assert pos.illegal_reason("AH") is not None


@pytest.mark.parametrize("dealer", [0, 3])
def test_copas_fora_dealer_lead_left_the_dealers_left_leads(dealer):
    """copas-fora+dealer-lead=dealer-left: the seat after the dealer leads trick 1."""
    pos = position("copas-fora+dealer-lead=dealer-left", {}, dealer=dealer)
    assert pos.turn == (dealer + 1) % 4
    assert pos.legal_moves() == pos.hand(pos.turn) - PENALTY


def test_copas_fora_dealer_lead_a14_only_hearts_may_lead_a_heart():
    """copas-fora+dealer-lead, A14 (X1 by analogy): a dealer holding only hearts may
    lead any of them; the void followers still may not play the Q♠ (R1)."""
    pos = position("copas-fora+dealer-lead", {3: TWELVE_HEARTS + " AH", 0: "KD 2S QS"}, dealer=3)
    assert pos.legal_moves() == HEARTS
    pos.push("5H")
    assert pos.legal_moves() == pos.hand(0) - QS


def test_copas_fora_dealer_lead_a14_hearts_and_queen_must_lead_the_queen():
    """copas-fora+dealer-lead, A14 (X2 by analogy): a dealer holding only hearts and
    the Q♠ must lead the Q♠; that lead tells the others he holds no other card."""
    pos = position("copas-fora+dealer-lead", {3: TWELVE_HEARTS + " QS"}, dealer=3)
    assert pos.legal_moves() == QS
    assert absent(pos, ca.Card.from_str("QS")) == DECK - PENALTY


def test_copas_fora_dealer_lead_with_hearts_anytime_a_heart_may_open():
    """copas-fora+dealer-lead+hearts-anytime (L57: 'the first to play may start with a
    heart'): hearts may open trick 1; the Q♠ stays barred (A15)."""
    pos = position("copas-fora+dealer-lead+hearts-anytime", {3: "3C QS AH KD"}, dealer=3)
    assert pos.legal_moves() == pos.hand(3) - QS
    assert pos.illegal_reason("AH") is None


def test_copas_fora_dealer_lead_followers_keep_r1():
    """copas-fora+dealer-lead: R1 still binds the followers of trick 1 (a void seat may
    not discard a heart or the Q♠)."""
    pos = position("copas-fora+dealer-lead", {3: "KD", 0: "QS AH 2S 2C"}, voids={0: "D"}, dealer=3)
    pos.push("KD")
    assert pos.legal_moves() == pos.hand(0) - PENALTY


def test_copas_fora_dealer_lead_value_is_checked():
    with pytest.raises(ca.VariantNotFoundError, match="dealer or dealer-left"):
        ca.find_variant("copas-fora+dealer-lead=north")


def test_copas_fora_dealer_lead_rotates_the_dealer_and_so_the_first_leader():
    """copas-fora+dealer-lead, A4/A14: the deal rotates clockwise, so a different seat
    leads trick 1 in each of four hands of a match."""
    match = Match.new("copas-fora+dealer-lead", seed=5)
    bots = [RandomBot(s) for s in range(4)]
    leaders = []
    for _ in range(4):
        pos = match.deal_next_hand()
        dealt = pos.hands
        play_hand(pos, bots)
        leaders.append(pos.moves[0][0])
        assert leaders[-1] == pos.dealer
        match.record_hand(dealt, pos)
    assert sorted(leaders) == [0, 1, 2, 3]


# --- points-first-trick (L59, A16) --------------------------------------------------------------


def test_copas_fora_points_first_trick_a16_queen_may_be_discarded_but_not_a_heart():
    """copas-fora+points-first-trick, CF-1 hand, A16 (literal): on trick 1 the void E may
    discard the Q♠, but still no heart (R2: nothing is broken before trick 1 ends)."""
    pos = position("copas-fora+points-first-trick",
                   {0: "2C", 1: "AH 7H 3H QS 9D 5D 8S 4S"}, voids={1: "C"})
    pos.push("2C")
    assert pos.legal_moves() == pos.hand(1) - HEARTS
    assert "discarded" in pos.illegal_reason("AH")


def test_copas_fora_points_first_trick_only_hearts_may_play_one():
    """copas-fora+points-first-trick, A16 + X1: a hand of only hearts plays any heart."""
    pos = position("copas-fora+points-first-trick", {0: "2C", 1: TWELVE_HEARTS + " AH"})
    pos.push("2C")
    assert pos.legal_moves() == HEARTS


def test_copas_fora_points_first_trick_with_hearts_anytime_hearts_too():
    """copas-fora+hearts-anytime+points-first-trick: every card may be discarded on trick 1."""
    pos = position("copas-fora+hearts-anytime+points-first-trick",
                   {0: "2C", 1: "AH 7H 3H QS 9D 5D 8S 4S"}, voids={1: "C"})
    pos.push("2C")
    assert pos.legal_moves() == pos.hand(1)


# --- lead-after-heart (L61, A17) and qs-opens-hearts (L63) ----------------------------------------


def test_copas_fora_lead_after_heart_leader_may_not_lead_a_heart_until_one_is_played():
    """copas-fora+lead-after-heart, B4 vs B1: S (hearts and diamonds) wins trick 3 after
    an off-suit spade on trick 2: under copas-fora he may lead a heart (B1), under
    +lead-after-heart he may not (no heart played yet)."""
    deal = {
        0: "2C 3C 4C 5C 6C 7C 8C 9C 2H 3H 4H 5H 6H",
        1: "JC QC KC QS KS AS 8D 9D TD JD QD 2D 3D",
        2: "AC KD AD 4D 5D 6D 7D 8H 9H TH JH QH KH",
        3: "TC 7H AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
    }
    for variant, heart_lead_ok in (("copas-fora", True), ("copas-fora+lead-after-heart", False)):
        pos = position(variant, deal)
        play(pos, "2C JC AC TC / AD 2S 3C 2D")  # W's spade: B1 breaks; S keeps the lead
        assert pos.turn == 2 and pos.hearts_broken
        assert (pos.illegal_reason("8H") is None) == heart_lead_ok, variant
        if not heart_lead_ok:
            assert pos.legal_moves() == pos.hand(2) & DIAMONDS
            play(pos, "KD 3S 4C 3D")  # S wins again; still no heart played
            assert pos.turn == 2 and pos.illegal_reason("8H") is not None
            play(pos, "4D 7H 5C 8D")  # W discards a heart (R2, B1: legal); E wins
            assert pos.turn == 1


def test_copas_fora_lead_after_heart_a_heart_played_opens_leads():
    """copas-fora+lead-after-heart: once a heart has been discarded in an earlier
    trick, a heart may be led."""
    deal = {
        0: "2C 3C 4C 5C 6C 7C 8C 9C 2H 3H 4H 5H 6H",
        1: "JC QC KC QS KS AS 8D 9D TD JD QD 2D 3D",
        2: "AC KD AD 4D 5D 6D 7D 8H 9H TH JH QH KH",
        3: "TC 7H AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
    }
    pos = position("copas-fora+lead-after-heart", deal)
    play(pos, "2C JC AC TC / AD 2S 3C 2D / KD 7H 4C 3D")  # W discards the 7♥; S wins
    assert pos.turn == 2
    assert pos.illegal_reason("8H") is None


def test_copas_fora_lead_after_heart_only_hearts_may_lead_one():
    """copas-fora+lead-after-heart, X1 for leads: a leader with only hearts leads one."""
    pos = position("copas-fora+lead-after-heart", {2: "AC " + TWELVE_HEARTS})
    play(pos, "2C")
    play_lowest(pos)
    pos.push("AC")
    play_lowest(pos)
    assert pos.turn == 2
    assert pos.legal_moves() == pos.hand(2)


def queen_played_position(variant):
    """Trick 2 is a spade trick where the Q♠ falls (everyone follows, so B1 is not
    broken and no heart is played); S wins it and holds hearts and diamonds."""
    deal = {
        0: "2C 3C 4C 5C 6C 7C 8C 9C 2H 3H 4H 5H 2S",
        1: "JC QC KC QS 8D 9D TD JD QD 2D 3D 4D 5D",
        2: "AC AS KD AD 6D 7D 8H 9H TH JH QH KH 6H",
        3: "TC 7H AH 3S 4S 5S 6S 7S 8S 9S TS JS KS",
    }
    pos = position(variant, deal)
    play(pos, "2C JC AC TC / AS 3S 2S QS")
    assert pos.turn == 2 and not pos.hearts_broken
    return pos


def test_copas_fora_qs_opens_hearts_b5_the_queen_played_opens_heart_leads():
    """copas-fora+lead-after-heart+qs-opens-hearts (B5): after the Q♠ has fallen, S may
    lead a heart; with lead-after-heart alone (B4) he may not."""
    assert queen_played_position("copas-fora+lead-after-heart+qs-opens-hearts").illegal_reason("8H") is None
    b4 = queen_played_position("copas-fora+lead-after-heart")
    assert b4.legal_moves() == b4.hand(2) & DIAMONDS


def test_copas_fora_qs_opens_hearts_requires_lead_after_heart():
    with pytest.raises(ca.VariantNotFoundError, match="requires lead-after-heart"):
        ca.find_variant("copas-fora+qs-opens-hearts")


def test_copas_fora_lead_after_heart_conflicts_with_hearts_anytime():
    with pytest.raises(ca.VariantNotFoundError, match="cannot be combined"):
        ca.find_variant("copas-fora+hearts-anytime+lead-after-heart")


# --- stuck-lead-ends-hand (L65, A18) ------------------------------------------------------------


STUCK_DEAL = {  # S wins trick 1 (A♣) and trick 2 (A♠, taking the Q♠), then holds 11 hearts
    0: "2C 3S",
    1: "3C QS",
    2: "AC AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    3: "4C 2S",
}


def stuck_position(variant):
    pos = position(variant, STUCK_DEAL)
    play(pos, "2C 3C AC 4C / AS 2S 3S QS")
    return pos


def test_copas_fora_stuck_lead_ends_hand_a18_unplayed_cards_score_nothing():
    """copas-fora+stuck-lead-ends-hand, A18: nobody has played off-suit (B1 not
    broken) and S, to lead, holds only hearts: the hand ends at once; S scores the Q♠
    it took (13) and the 13 hearts still in hands score nothing (no moon possible)."""
    pos = stuck_position("copas-fora+stuck-lead-ends-hand")
    assert pos.is_over() and pos.hand_end == "stuck-lead"
    assert pos.score() == [0, 0, 13, 0]
    assert len(pos.hand(2)) == 11


def test_copas_fora_without_stuck_lead_the_leader_leads_a_heart():
    """copas-fora (X1): the same S leads a heart and play goes on."""
    pos = stuck_position("copas-fora")
    assert not pos.is_over() and pos.hand_end == ""
    assert pos.legal_moves() == pos.hand(2)


def test_copas_fora_stuck_lead_end_is_undone_by_pop():
    """copas-fora+stuck-lead-ends-hand: taking back the last card reopens the hand."""
    pos = stuck_position("copas-fora+stuck-lead-ends-hand")
    pos.pop()
    assert pos.phase == "playing" and pos.hand_end == ""
    pos.push("QS")
    assert pos.is_over()


def test_copas_fora_stuck_lead_with_lead_after_heart_uses_b4():
    """copas-fora+lead-after-heart+stuck-lead-ends-hand: 'or hearts not yet played, with
    the variation above': B1 is broken by a spade discard, but no heart was played, so a
    leader holding only hearts still ends the hand."""
    deal = {
        0: "2C 3S 4S",
        1: "3C 5S",
        2: "AC AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
        3: "4C",
    }
    for variant, ends in (("copas-fora+stuck-lead-ends-hand", False),
                          ("copas-fora+lead-after-heart+stuck-lead-ends-hand", True)):
        pos = position(variant, deal, voids={3: "D"})
        play(pos, "2C 3C AC 4C / AD")
        play_lowest(pos, 3)  # W has no diamonds: discards a non-heart (R2)
        assert pos.hearts_broken and pos.tricks_done == 2
        assert pos.is_over() == ends, variant


# --- first-trick-stuck-annul (L67, A19, CF-2) ------------------------------------------------------


@pytest.mark.parametrize("hand", [TWELVE_HEARTS + " QS", TWELVE_HEARTS + " AH"])
def test_copas_fora_first_trick_stuck_annul_cf2_hand_is_annulled(hand):
    """copas-fora+first-trick-stuck-annul, CF-2 / A19: E, void in clubs with 12 hearts
    + Q♠ (or 13 hearts), has no legal non-point card when his turn on trick 1 comes:
    the hand is annulled and nobody scores."""
    pos = position("copas-fora+first-trick-stuck-annul", {0: "2C", 1: hand})
    assert not pos.is_over()
    pos.push("2C")
    assert pos.is_over() and pos.hand_end == "annulled"
    assert pos.score() == [0, 0, 0, 0]
    pos.pop()
    assert pos.phase == "playing" and pos.hand_end == ""


def test_copas_fora_first_trick_stuck_annul_needs_only_point_cards():
    """copas-fora+first-trick-stuck-annul: one non-point card to play (a diamond) and
    the hand goes on."""
    pos = position("copas-fora+first-trick-stuck-annul", {0: "2C", 1: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH QS KD"})
    pos.push("2C")
    assert not pos.is_over()
    assert pos.legal_moves() == cards("KD")


def test_copas_fora_first_trick_stuck_annul_not_for_a_forced_point_card_when_the_hand_holds_others():
    """copas-fora+points-first-trick+qs-forced+first-trick-stuck-annul, A19 read as the seed
    says it (S000 L67: "only has cards worth points"): E, void in clubs, must play the Q♠
    (A20b) but also holds diamonds, so the hand is not annulled; the Q♠ is his one card."""
    pos = position("copas-fora+points-first-trick+qs-forced+first-trick-stuck-annul",
                   {0: "2C", 1: "QS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"})
    play(pos, "2C")
    assert not pos.is_over()
    assert pos.legal_moves() == cards("QS")


def test_copas_fora_first_trick_stuck_annul_with_dealer_lead_at_once():
    """copas-fora+dealer-lead+first-trick-stuck-annul, A19 + A14: a dealer holding only
    hearts and the Q♠ has no legal non-point lead: annulled before any card."""
    pos = position("copas-fora+dealer-lead+first-trick-stuck-annul", {3: TWELVE_HEARTS + " QS"}, dealer=3)
    assert pos.is_over() and pos.hand_end == "annulled" and pos.score() == [0, 0, 0, 0]


def test_copas_fora_first_trick_stuck_annul_counts_as_played_for_cycle_and_dealer():
    """copas-fora+first-trick-stuck-annul, A19: the annulled hand is recorded (all 0),
    and the next hand has the next pass and the next dealer (same rule as A10)."""
    match = Match.new("copas-fora+first-trick-stuck-annul", seed=1)
    rules = match.rules
    hands = build_deal({0: "2C", 1: TWELVE_HEARTS + " QS"})
    first = ca.Position(rules, hands, dealer=match.next_dealer(), hand_no=3)
    first.push("2C")
    assert first.hand_end == "annulled"
    match.record_hand(hands, first)
    assert match.totals == [0, 0, 0, 0]
    nxt = match.deal_next_hand()
    assert nxt.hand_no == 1 and nxt.dealer == (match.first_dealer + 1) % 4
    assert nxt.pass_plan == [(3, 3)]  # hand 2 of the cycle: 3 cards to the right


# --- lead-heart-over-qs (L69) ------------------------------------------------------------------------


def hearts_and_queen_leader(variant):
    """S wins trick 1 with the A♣ and then holds only hearts and the Q♠, unbroken."""
    pos = position(variant, {2: "AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"})
    play(pos, "2C")
    play_lowest(pos)
    pos.push("AC")
    play_lowest(pos)
    assert pos.turn == 2 and not pos.hearts_broken
    return pos


def test_copas_fora_lead_heart_over_qs_a_heart_may_be_led_instead_of_the_queen():
    """copas-fora+lead-heart-over-qs (L69): S, hearts not broken, holding only hearts +
    Q♠, may lead a heart or the Q♠; under copas-fora he must lead the Q♠ (A8)."""
    assert hearts_and_queen_leader("copas-fora").legal_moves() == QS
    pos = hearts_and_queen_leader("copas-fora+lead-heart-over-qs")
    assert pos.legal_moves() == pos.hand(2)
    # Leading a heart tells the others S holds nothing but hearts and the Q♠.
    assert absent(pos, ca.Card.from_str("5H")) == DECK - PENALTY


def test_copas_fora_lead_heart_over_qs_needs_only_hearts_and_the_queen():
    """copas-fora+lead-heart-over-qs: with a diamond too, hearts stay barred (R3)."""
    pos = position("copas-fora+lead-heart-over-qs", {2: "AC QS KD 3H 4H 5H 6H 7H 8H 9H TH JH QH"})
    play(pos, "2C")
    play_lowest(pos)
    pos.push("AC")
    play_lowest(pos)
    assert pos.turn == 2
    assert pos.legal_moves() == cards("QS KD")


def test_copas_fora_lead_heart_over_qs_on_trick_1_with_dealer_lead():
    """copas-fora+dealer-lead+lead-heart-over-qs: the dealer with hearts + Q♠ only may
    open with a heart (A14's Q♠-only rule relaxed as L69 says)."""
    pos = position("copas-fora+dealer-lead+lead-heart-over-qs", {3: TWELVE_HEARTS + " QS"}, dealer=3)
    assert pos.legal_moves() == pos.hand(3)


# --- qs-forced (L71, A20) ------------------------------------------------------------------------------


QS_FORCED_DEAL = {  # E holds the Q♠ and no diamonds; W wins trick 1 and leads a diamond
    0: "2C",
    1: "3C QS 2S 2H",
    2: "4C",
    3: "AC KD",
}


def after_diamond_lead(variant, deal):
    """Trick 1 all clubs (W wins with the A♣), W leads the K♦, N plays: E to act."""
    pos = position(variant, deal, voids={1: "D"})
    play(pos, "2C 3C 4C AC / KD")
    play_lowest(pos)
    assert pos.turn == 1
    return pos


def test_copas_fora_qs_forced_a20_void_holder_must_play_the_queen():
    """copas-fora+qs-forced, A20: on trick 2, E is void in the led diamonds and holds
    the Q♠: it is his only legal card."""
    pos = after_diamond_lead("copas-fora+qs-forced", QS_FORCED_DEAL)
    assert pos.legal_moves() == QS
    assert "Q♠" in pos.illegal_reason("2S")
    plain = after_diamond_lead("copas-fora", QS_FORCED_DEAL)
    assert len(plain.legal_moves()) > 1


def test_copas_fora_qs_forced_a20_not_on_a_spade_trick():
    """copas-fora+qs-forced, A20 (void case only): on a spade lead under the A♠ the
    holder follows with any spade, not necessarily the Q♠."""
    pos = position("copas-fora+qs-forced", {0: "2C", 1: "3C QS 2S", 2: "4C", 3: "AC AS"})
    play(pos, "2C 3C 4C AC / AS")
    play_lowest(pos)
    assert pos.legal_moves() == pos.hand(1) & SPADES and len(pos.legal_moves()) >= 2


def test_copas_fora_qs_forced_a20_deferred_past_trick_1():
    """copas-fora+qs-forced, A20 (R1 takes precedence): void in clubs on trick 1, the
    holder may not play the Q♠ there; he discards another card."""
    pos = position("copas-fora+qs-forced", {0: "2C", 1: "QS KD 2S"}, voids={1: "C"})
    pos.push("2C")
    assert ca.Card.from_str("QS") not in pos.legal_moves()
    assert pos.legal_moves() == pos.hand(1) - PENALTY


def test_copas_fora_qs_forced_a_discard_reveals_no_queen():
    """copas-fora+qs-forced: a void seat discarding another card after trick 1 shows
    it does not hold the Q♠ (what the sampler is told)."""
    deal = {0: "2C", 1: "3C 2S 2H", 2: "QS 4C", 3: "AC KD"}
    pos = after_diamond_lead("copas-fora+qs-forced", deal)
    assert ca.Card.from_str("QS") in absent(pos, ca.Card.from_str("2S"))
    plain = after_diamond_lead("copas-fora", deal)
    assert ca.Card.from_str("QS") not in absent(plain, ca.Card.from_str("2S"))


# --- no-pass-strict-lead (§6, A31) -------------------------------------------------------------------


@pytest.mark.parametrize("hand_no", [0, 1, 2, 3, 4])
def test_no_pass_strict_lead_never_passes(hand_no):
    """no-pass-strict-lead: no pass in any hand; play starts at once with the 2♣."""
    rules = ca.find_variant("no-pass-strict-lead").rules()
    pos = ca.Position(rules, ca.deal(rules, hand_no), dealer=0, hand_no=hand_no)
    assert pos.phase == "playing" and pos.pass_plan == []
    assert pos.legal_moves() == cards("2C")


def strict_leader(hand):
    """S wins trick 1 (A♣) after a diamond discard by W (B1: hearts broken)."""
    pos = position("no-pass-strict-lead", {0: "2C", 2: "AC " + hand}, voids={3: "C"})
    play(pos, "2C")
    play_lowest(pos)
    pos.push("AC")
    play_lowest(pos)
    assert pos.turn == 2 and pos.hearts_broken
    return pos


def test_no_pass_strict_lead_point_cards_never_led_even_when_broken():
    """no-pass-strict-lead: hearts broken, S holding hearts, the Q♠ and a diamond must
    lead the diamond; the Q♠ may never be led voluntarily."""
    pos = strict_leader("QS KD 3H 4H 5H 6H 7H 8H 9H TH JH QH")
    assert pos.legal_moves() == cards("KD")
    assert "may not be led" in pos.illegal_reason("QS")
    assert "may not be led" in pos.illegal_reason("5H")


def test_no_pass_strict_lead_a31_only_point_cards_any_may_be_led():
    """no-pass-strict-lead, A31: a leader holding only point cards may lead any of them
    (hearts or the Q♠), which tells the others he holds nothing else."""
    pos = strict_leader("QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH")
    assert pos.legal_moves() == pos.hand(2)
    assert absent(pos, ca.Card.from_str("5H")) == DECK - PENALTY


def test_no_pass_strict_lead_r2_discard_still_needs_b1():
    """no-pass-strict-lead: R2 with B1 is unchanged: on trick 2 (nothing off-suit yet)
    a void seat may not discard a heart."""
    pos = after_diamond_lead("no-pass-strict-lead", {0: "2C", 1: "3C 2H 2S", 2: "4C", 3: "AC KD"})
    assert not pos.hearts_broken and ca.Card.from_str("2H") not in pos.legal_moves()


# --- every option: random hands keep the chain consistent -------------------------------------------


PLAY_IDS = [
    "copas-fora+dealer-lead", "copas-fora+dealer-lead=dealer-left+hearts-anytime",
    "copas-fora+points-first-trick", "copas-fora+lead-after-heart",
    "copas-fora+lead-after-heart+qs-opens-hearts+stuck-lead-ends-hand",
    "copas-fora+stuck-lead-ends-hand", "copas-fora+first-trick-stuck-annul",
    "copas-fora+dealer-lead+first-trick-stuck-annul+lead-heart-over-qs",
    "copas-fora+lead-heart-over-qs", "copas-fora+qs-forced",
    "copas-fora+points-first-trick+qs-forced", "no-pass-strict-lead",
    # Pairs that meet on trick 1 (issue 34: A14b, A20b, B5 after a trick-1 Q♠).
    "copas-fora+dealer-lead+points-first-trick",
    "copas-fora+dealer-lead=dealer-left+hearts-anytime+points-first-trick+qs-forced",
    "copas-fora+points-first-trick+lead-after-heart+qs-opens-hearts",
    "copas-fora+hearts-anytime+qs-forced",
]


@pytest.mark.parametrize("variant", PLAY_IDS)
def test_play_options_random_hands_legal_reason_and_revealed_absent_agree(variant):
    """Every play option: over random hands, illegal_reason() is None exactly for the
    legal cards, the legal set is never empty while playing, and what a play reveals
    (revealed_absent) is never a card the player held."""
    rules = ca.find_variant(variant).rules()
    rng = random.Random(variant)
    for seed in range(25):
        pos = ca.Position(rules, ca.deal(rules, seed), dealer=seed % 4, hand_no=3)
        while not pos.is_over():
            hand = pos.hand(pos.turn)
            legal = pos.legal_moves()
            assert legal and legal <= hand
            for c in hand:
                assert (pos.illegal_reason(c) is None) == (c in legal), (variant, c)
            card = rng.choice(list(legal))
            assert not (pos.revealed_absent(card) & (hand - ca.CardSet([card]))), (variant, card)
            pos.push(card)
        scores = pos.score()
        assert len(scores) == 4
        if pos.hand_end == "annulled":
            assert scores == [0, 0, 0, 0]


# --- the solver stays exact under the play options ------------------------------------------------


def hoarded_endgame(variant, seed, tricks_left):
    """Random deal, played by seats that keep their point cards while they can (so
    hearts often stay unplayed and a lead can get stuck), down to `tricks_left` tricks
    with 0-3 cards of the next trick down."""
    rules = ca.find_variant(variant).rules()
    rng = random.Random(seed)
    pos = ca.Position(rules, ca.deal(rules, seed), dealer=seed % 4, hand_no=3)
    stop = 52 - 4 * tricks_left + rng.randrange(4)
    while len(pos.moves) < stop and not pos.is_over():
        moves = list(pos.legal_moves())
        clean = [c for c in moves if c not in PENALTY]
        pos.push(rng.choice(clean or moves))
    return pos


@pytest.mark.parametrize("variant", PLAY_IDS)
def test_solver_matches_minimax_under_play_options(variant):
    """Every play option: Solver.solve equals an independent paranoid minimax on
    seeded 2-trick endgames (3 tricks for some), including hands that end early."""
    solver = ca.Solver(hash_mb=4)
    checked = 0
    for seed in range(40):
        pos = hoarded_endgame(variant, seed, 2 + seed % 2)
        if pos.is_over():
            continue
        root = pos.turn
        assert solver.solve(pos) == minimax(pos, root), (variant, seed, pos.hands, pos.trick)
        checked += 1
    assert checked >= 20


def shared_moves_endgame(seed):
    """A 5-trick copas-fora endgame from random play whose moves are also legal under
    copas-fora+qs-forced (None when they are not)."""
    plain = ca.find_variant("copas-fora").rules()
    forced = ca.find_variant("copas-fora+qs-forced").rules()
    rng = random.Random(seed)
    a = ca.Position(plain, ca.deal(plain, seed), dealer=3, hand_no=3)
    while len(a.moves) < 32:
        a.push(rng.choice(list(a.legal_moves())))
    b = ca.Position(forced, ca.deal(forced, seed), dealer=3, hand_no=3)
    try:
        for _, card in a.moves:
            b.push(card)
    except ca.IllegalMoveError:
        return None
    return a, b


def test_solver_reused_across_play_options_gives_the_fresh_solvers_value():
    """copas-fora then copas-fora+qs-forced on the same cards, one Solver: its value
    must equal a fresh solver's (its tables are dropped whenever any rule differs)."""
    shared = ca.Solver(hash_mb=8)
    mismatches = 0
    for seed in range(40):
        pair = shared_moves_endgame(seed)
        if pair is None:
            continue
        plain, forced = pair
        shared.solve(plain)
        mismatches += shared.solve(forced) != ca.Solver(hash_mb=8).solve(forced)
    assert mismatches == 0


def unbroken_endgame(variant, seed):
    """Eight tricks where everyone follows (3 of clubs, 3 of diamonds, 2 of spades), so
    hearts are neither broken (B1) nor played (B4): 5 tricks remain, 13 hearts among
    the 20 cards, and a leader left with only hearts is stuck."""
    rng = random.Random(seed)
    rules = ca.find_variant(variant).rules()
    clubs, diamonds, spades = (sorted(ca.CardSet.suit(s), key=lambda c: c.index) for s in (0, 1, 3))
    rest = clubs[1:]
    for cards_of_suit in (rest, diamonds, spades):
        rng.shuffle(cards_of_suit)
    clubs = [clubs[0], *rest]
    hands = [clubs[3 * s:3 * s + 3] + diamonds[3 * s:3 * s + 3] + spades[2 * s:2 * s + 2] for s in range(4)]
    left = clubs[12:] + diamonds[12:] + spades[8:] + list(HEARTS)
    rng.shuffle(left)
    pos = ca.Position(rules, [ca.CardSet(h + left[5 * s:5 * s + 5]) for s, h in enumerate(hands)],
                      dealer=0, hand_no=3)
    for suit in (0, 0, 0, 1, 1, 1, 3, 3):
        for i in range(4):
            legal = list(pos.legal_moves())
            pos.push(rng.choice([c for c in legal if i or c.index // 16 == suit] or legal))
    return pos


@pytest.mark.parametrize("variant", ["copas-fora+stuck-lead-ends-hand",
                                     "copas-fora+lead-after-heart+stuck-lead-ends-hand"])
def test_solver_matches_plain_search_when_a_stuck_lead_can_end_the_hand(variant):
    """stuck-lead-ends-hand (A18): on 5-trick endgames with hearts unopened, the
    solver (with its trick-control bounds, which assume the hand is played out) equals
    the plain alpha-beta over Position, which ends the hand exactly as the rules say;
    some of these hands do end stuck."""
    solver = ca.Solver(hash_mb=8)
    stuck = 0
    for seed in range(30):
        pos = unbroken_endgame(variant, seed)
        if pos.is_over():
            stuck += pos.hand_end == "stuck-lead"
            continue
        assert solver.solve(pos) == _core.solve_plain(pos)[0], (variant, seed, pos.hands)
        probe = pos.copy()
        while not probe.is_over():
            probe.push(next(iter(probe.legal_moves())))
        stuck += probe.hand_end == "stuck-lead"
    assert stuck > 0


@pytest.mark.parametrize("algorithm", ["ismcts", "pimc"])
@pytest.mark.parametrize("variant", PLAY_IDS)
def test_search_plays_a_legal_card_under_play_options(variant, algorithm):
    """ISMCTS and PIMC search a seat's decision under every play option (from its own
    information: sampled worlds obey the options' revealed facts) and answer a legal
    card: ISMCTS on trick 1 and mid-hand, PIMC (a full solve per world) mid-hand."""
    from copas_ai.search import Limit, Searcher

    rules = ca.find_variant(variant).rules()
    searcher = Searcher(seed=1, hash_mb=8, algorithm=algorithm)
    rng = random.Random(variant)
    pos = ca.Position(rules, ca.deal(rules, 11), dealer=2, hand_no=3)
    for stop in ((1, 30) if algorithm == "ismcts" else (34,)):
        while len(pos.moves) < stop and not pos.is_over():
            pos.push(rng.choice(list(pos.legal_moves())))
        if pos.is_over():
            break
        result = searcher.search(pos, pos.turn, Limit(iterations=40))
        assert result.best in pos.legal_moves()


def test_engine_referees_an_annulled_hand_and_searches_a_dealer_lead_view():
    """Through the engine facade (what the CEP/1 process runs): a fully known
    copas-fora+first-trick-stuck-annul hand is over once E (12 hearts + Q♠) is due on
    trick 1, scoring 0 for all; a one-hand view under +dealer-lead gets a legal lead."""
    from copas_ai.cep.facade import Engine
    from copas_ai.search import Limit

    dealt = build_deal({0: "2C", 1: TWELVE_HEARTS + " QS"})
    hands = " ".join(f"hand {s} {','.join(map(str, dealt[s]))}" for s in range(4))
    engine = Engine()
    engine.set_position(f"variant copas-fora+first-trick-stuck-annul handno 3 {hands} moves 2C".split())
    answer = engine.score()
    assert answer.state == "handover" and answer.score == [0, 0, 0, 0]

    engine.set_position(f"variant copas-fora+dealer-lead handno 3 dealer 1 seat 1 "
                        f"hand 1 {','.join(map(str, dealt[0]))}".split())
    assert engine.legal().moves == dealt[0] - PENALTY
    done = []
    engine.go(Limit(iterations=30), lambda info: None, done.append)
    engine.wait()
    assert done and done[0].best in dealt[0] - PENALTY


@pytest.mark.parametrize("variant", PLAY_IDS)
def test_sampler_worlds_are_exactly_those_consistent_with_the_history(variant):
    """The sampler respects each option's information (a forced Q♠ or its absence, a
    heart led over the Q♠, a point card led under no-pass-strict-lead, a dealer's
    opening lead): on endgames after random play, its worlds are exactly the deals
    under which the whole history replays legally (tests/support/sampler_oracle.py), sampled
    uniformly."""
    from support.sampler_oracle import check_exact_count_and_uniformity, random_position

    rules = ca.find_variant(variant).rules()
    checked = 0
    for seed in range(4):
        p = random_position(rules, seed, hand_no=3, plays=42 + seed % 3)
        if p.is_over():
            continue
        check_exact_count_and_uniformity(p, seed % 4, seed)
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("variant", PLAY_IDS)
def test_world_from_view_accepts_every_real_history_under_play_options(variant):
    """The engine's view of one seat (its dealt hand and the moves, as the protocol
    gives them) always yields a world under every play option when the moves come from
    a real hand: the seat keeps its cards and the same seat is to act."""
    from copas_ai.search import world_from_view

    rules = ca.find_variant(variant).rules()
    for seed in range(15):
        rng = random.Random(seed)
        p = ca.Position(rules, ca.deal(rules, seed), dealer=seed % 4, hand_no=3)
        stop = rng.randrange(1, 40)
        while len(p.moves) < stop and not p.is_over():
            p.push(rng.choice(list(p.legal_moves())))
        if p.is_over():
            continue
        me = rng.randrange(4)
        dealt = p.hand(me) | ca.CardSet([c for s, c in p.moves if s == me])
        world = world_from_view(rules, me, dealt, moves=p.moves, dealer=p.dealer, hand_no=3, seed=seed)
        assert world.hand(me) == p.hand(me) and world.turn == p.turn
