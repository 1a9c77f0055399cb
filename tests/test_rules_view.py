"""The rules' derived view (csrc/rule_view.h, issue 27 part 4): the facts the position,
the scorer, the solver and the playout policy read, per variant id; the solver's
discard bounds reading the legal-move restriction chain (Position.legal_following);
the playout policy finding the dangerous cards from the rules."""

from __future__ import annotations

import random

import pytest
from support.family_deals import HEARTS, QS, build_deal, cards, play, position

import copas_ai as ca


def view(variant: str) -> dict:
    return ca.find_variant(variant).rules().view()


# --- the view's facts per variant -------------------------------------------------


def test_american_view_hearts_1_qs_13_the_qs_is_the_top_card_guarded_by_ks_as():
    """american (S004, §21): every heart 1, the Q♠ 13 (26 in all); the Q♠ is the most
    costly card, the K♠ and A♠ can be forced to win it; A-high is the identity order."""
    v = view("american")
    assert v["cost"] == {**{str(c): 1 for c in HEARTS}, "QS": 13}
    assert v["costly_cards"] == HEARTS | QS and v["scoring_cards"] == HEARTS | QS
    assert v["top_cards"] == QS and v["top_guards"] == cards("KS AS")
    assert v["bonus_cards"] == ca.CardSet() and v["identity_ranks"]
    assert ca.find_variant("american").rules().total_points == 26


def test_black_maria_view_ks_10_as_7_score_and_guard_the_qs():
    """black-maria (§12, BM-1): the K♠ 10 and the A♠ 7 score as well as the Q♠ 13 and the
    hearts (43); they are also the cards above the Q♠ that can be forced to win her."""
    v = view("black-maria")
    assert v["cost"] == {**{str(c): 1 for c in HEARTS}, "QS": 13, "KS": 10, "AS": 7}
    assert v["costly_cards"] == HEARTS | cards("QS KS AS")
    assert v["top_cards"] == QS and v["top_guards"] == cards("KS AS")
    assert ca.find_variant("black-maria").rules().total_points == 43


def test_spot_view_hearts_at_face_value_qs_25():
    """spot (§10): hearts 2-10 at face value, J♥ 11, Q♥ 12, K♥ 13, A♥ 14, Q♠ 25 (129)."""
    v = view("spot")
    faces = "23456789TJQKA"
    assert v["cost"] == {**{f"{f}H": i + 2 for i, f in enumerate(faces)}, "QS": 25}
    assert v["top_cards"] == QS and v["top_guards"] == cards("KS AS")
    assert ca.find_variant("spot").rules().total_points == 129


def test_spot_alt_values_view_ace_of_hearts_15():
    """spot+alt-values (§10 L261): J♥ Q♥ K♥ 10, A♥ 15."""
    v = view("spot+alt-values")
    assert v["cost"]["AH"] == 15 and v["cost"]["JH"] == v["cost"]["KH"] == 10 and v["cost"]["QS"] == 25


def test_spanish_view_40_cards_hearts_1_qs_10():
    """spanish (§7): no 8, 9, 10; hearts 1 and the Q♠ 10 (20 in all); the K♠ and A♠ guard her."""
    rules = ca.find_variant("spanish").rules()
    v = rules.view()
    assert v["cost"] == {**{str(c): 1 for c in HEARTS & rules.deck}, "QS": 10}
    assert v["top_cards"] == QS and v["top_guards"] == cards("KS AS")
    assert rules.total_points == 20 and v["identity_ranks"]


def test_spanish_sueca_order_view_is_not_the_identity_and_the_7s_jack_beat_the_queen():
    """spanish+sueca-order (§7 L179): ranks A 7 K J Q 6 5 4 3 2, so the cards above the
    Q♠ are the J♠, K♠, 7♠ and A♠."""
    v = view("spanish+sueca-order")
    assert not v["identity_ranks"]
    assert v["top_guards"] == cards("7S JS KS AS")


def test_negative_scoring_view_costs_follow_the_high_goal():
    """negative-scoring (§5): hearts -1, Q♠ -13, 10♦ +10 with the highest total winning:
    the hearts and the Q♠ cost their taker, the 10♦ is a bonus card."""
    rules = ca.find_variant("negative-scoring").rules()
    v = rules.view()
    assert v["cost"] == {**{str(c): 1 for c in HEARTS}, "QS": 13, "TD": -10}
    assert v["costly_cards"] == HEARTS | QS and v["bonus_cards"] == cards("TD")
    assert v["top_cards"] == QS
    assert rules.points_of(cards("TD 2H 5H KH")) == 7 and rules.total_points == -16


def test_jd_bonus_view_jack_of_diamonds_is_a_bonus_card():
    """copas-fora+jd-bonus (§2.3): the J♦ is worth -10, a bonus for its taker."""
    v = view("copas-fora+jd-bonus")
    assert v["bonus_cards"] == cards("JD") and v["cost"]["JD"] == -10


@pytest.mark.parametrize("rule,breakers", [
    (ca.HeartsBreak.HEART_PLAYED, HEARTS),
    (ca.HeartsBreak.HEART_OR_QUEEN_PLAYED, HEARTS | QS),
    (ca.HeartsBreak.HEART_DISCARDED, ca.CardSet()),
])
def test_view_break_cards_b4_b5(rule, breakers):
    """docs/RULES.md §1.2 B4/B5: the cards whose play breaks hearts (B2 is judged by the trick)."""
    rules = ca.find_variant("copas-fora").rules()
    rules.hearts_break = rule
    assert rules.view()["break_cards"] == breakers


def test_view_points_agree_with_card_points_on_random_sets():
    """The table sums equal the card-by-card sum of card_points, for every variant id."""
    rng = random.Random(27)
    for variant in ca.variant_ids() + ["copas-fora+jd-bonus", "copas-fora+fatal-ace", "spot+alt-values"]:
        rules = ca.find_variant(variant).rules()
        deck = list(rules.deck)
        for _ in range(50):
            chosen = rng.sample(deck, rng.randrange(len(deck) + 1))
            expected = sum(rules.card_points.get(c, 0) for c in chosen)
            assert rules.points_of(ca.CardSet(chosen)) == expected, (variant, chosen)


# --- the solver's discard bounds read the legal-move chain -------------------------


CHAIN_VARIANTS = ("american", "copas-fora", "copas-fora+qs-forced", "black-maria", "spot",
                  "classic-3to6", "no-pass-strict-lead", "copas-fora+hearts-anytime")


@pytest.mark.parametrize("variant", CHAIN_VARIANTS)
def test_legal_following_agrees_with_legal_moves_through_random_hands(variant):
    """The restriction chain the solver's bounds read (legal_following: what a seat may
    play to a trick led in a suit, judged before that trick) gives the legal moves the
    seat is then offered: predicted at each trick boundary for every seat and suit it is
    void in (copas-fora: no heart discard before hearts are broken; qs-forced: the Q♠
    holder must discard her, from trick 2), and checked at every card played."""
    rules = ca.find_variant(variant).rules()
    rules.pass_cycle = []
    rng = random.Random(variant)
    checked = 0
    for seed in range(30):
        pos = ca.Position(rules, ca.deal(rules, seed), dealer=seed % rules.players, hand_no=0)
        predicted: dict[tuple[int, int], ca.CardSet] = {}
        while pos.phase == "playing":
            first = pos.tricks_done == 0
            if not pos.trick:
                predicted = {}
                for s in range(rules.players):
                    hand = pos.hand(s)
                    for suit in range(4):
                        if not hand & ca.CardSet.suit(suit):
                            predicted[(s, suit)] = pos.legal_following(hand, suit, first)
            else:
                led = pos.trick[0][1].suit
                seat = pos.turn
                moves = pos.legal_moves()
                assert pos.legal_following(pos.hand(seat), led, first) == moves
                if (seat, led) in predicted:
                    assert predicted[(seat, led)] == moves, (seed, pos.trick)
                    checked += 1
            pos.push(rng.choice(list(pos.legal_moves())))
    assert checked > 20  # discards by void seats were really compared


def test_legal_following_copas_fora_hearts_not_broken_keeps_hearts_back():
    """copas-fora R2 (§2): before hearts are broken a seat void in the suit led may not
    discard a heart while it holds another card; with only hearts it may."""
    pos = position("copas-fora", {0: "2C", 1: "3C 2H 5H AS"}, voids={1: "D"}, no_pass=True)
    hand = pos.hand(1)
    assert not pos.hearts_broken
    assert pos.legal_following(hand, 1, False) == hand - HEARTS
    assert pos.legal_following(HEARTS & hand, 1, False) == HEARTS & hand


def test_legal_following_qs_forced_from_trick_two():
    """copas-fora+qs-forced (A20): a Q♠ holder void in the suit led must play her, after
    trick 1 (R1 bars her there)."""
    pos = position("copas-fora+qs-forced", {0: "2C", 1: "3C QS 4S 9H"}, voids={1: "D"}, no_pass=True)
    hand = pos.hand(1)
    assert pos.legal_following(hand, 1, False) == QS
    assert not pos.legal_following(hand, 1, True) & QS


# --- the playout policy finds the dangerous cards from the rules ---------------------

# Seat 3 wins trick 1 (2♣ 3♣/Q♠ 4♣ 5♣) and leads trick 2 holding A♠ 2♠, six diamonds
# and four hearts: leading the 2♠ would pull spades while a card it beats in spades is
# still out elsewhere, and its A♠ could be forced to win it.
LEADER = "5C AS 2S 9D TD JD QD KD AD 2H 3H 4H 5H"


def lead_after_first_trick(variant: str, spec: dict[int, str], voids: dict[int, str], trick: str) -> set[str]:
    pos = position(variant, spec, voids=voids, dealer=3, no_pass=True)
    play(pos, trick)
    assert pos.turn == 3 and pos.tricks_done == 1
    return {str(ca.heuristic_card(pos, seed=seed)) for seed in range(16)}


def test_playout_american_does_not_lead_spades_holding_the_as_while_the_qs_is_out():
    """american: the Q♠ is with seat 1; seat 3, holding the A♠, leads its low diamond
    rather than the 2♠ (every seed)."""
    leads = lead_after_first_trick("american", {0: "2C", 1: "3C QS", 2: "4C KS", 3: LEADER}, {}, "2C 3C 4C 5C")
    assert leads == {"9D"}


def test_playout_black_maria_guards_the_as_while_the_ks_is_out_after_the_qs():
    """black-maria (§12: K♠ 10, A♠ 7): the Q♠ fell on trick 1, the K♠ (10 points) is with
    seat 2; seat 3, holding the A♠, leads its low diamond rather than the 2♠, as an
    american player does while the Q♠ is out (every seed)."""
    leads = lead_after_first_trick("black-maria", {0: "2C", 1: "QS", 2: "4C KS", 3: LEADER}, {1: "C"},
                                   "2C QS 4C 5C")
    assert leads == {"9D"}


def test_playout_black_maria_leads_the_low_spade_holding_the_ks_itself():
    """black-maria: with the K♠ in its own hand nothing above a costly spade is out, so
    the 2♠ is its usual low lead (most seeds; a quarter of the leads are random)."""
    leader = LEADER.replace("9D", "KS")
    pos = position("black-maria", {0: "2C", 1: "QS", 2: "4C", 3: leader}, voids={1: "C"}, dealer=3, no_pass=True)
    play(pos, "2C QS 4C 5C")
    leads = [str(ca.heuristic_card(pos, seed=seed)) for seed in range(16)]
    assert leads.count("2S") >= 8


def test_playout_black_maria_discards_the_ks_before_the_as_while_the_qs_is_out():
    """black-maria: void in the suit led with the Q♠ out, the cards that can be forced to
    win her go first, the costlier first: the K♠ (10) before the A♠ (7)."""
    pos = position("black-maria", {0: "2C", 1: "3C", 2: "4C QS", 3: "AS KS 2H 3H 4D 5D"}, voids={3: "C"},
                   dealer=3, no_pass=True)
    play(pos, "2C 3C 4C")
    assert pos.turn == 3
    assert str(ca.heuristic_card(pos)) == "KS"


@pytest.mark.parametrize("flat_hearts,expected", [(False, "9H"), (True, "AH")])
def test_playout_spot_last_seat_winning_a_heart_trick_keeps_its_ace_of_hearts(flat_hearts, expected):
    """spot (§10: hearts at face value): the last seat, unable to duck a heart trick,
    wins it with the 9♥ (9) rather than the A♥ (14). With every heart worth 1 (as in
    american) the same deal wins it with the A♥, the highest card, as before."""
    rules = ca.find_variant("spot").rules()
    rules.pass_cycle = []
    if flat_hearts:
        rules.card_points = {**{c: 1 for c in HEARTS}, ca.Card.from_str("QS"): 25}
    spec = {0: "AC 8H", 1: "2C 2H", 2: "3C 3H", 3: "4D 9H AH 5D 6D 7D 8D 9D TD 2S 3S 4S 5S"}
    pos = ca.Position(rules, build_deal(rules, spec), dealer=0, hand_no=0)
    # Trick 1: the 2♣ leads, seat 3 (void in clubs) discards a diamond: hearts break (B1).
    play(pos, "2C 3C 4D AC")
    play(pos, "8H 2H 3H")
    assert pos.turn == 3 and pos.legal_moves() == cards("9H AH")
    assert str(ca.heuristic_card(pos)) == expected
