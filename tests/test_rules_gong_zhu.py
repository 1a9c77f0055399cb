"""`gong-zhu` (docs/RULES.md §9, S000 L205-253): no pass, free play (B0), signed graded
scoring (A36), the 10♣ (L217, A37), the all-hearts rule (L219, A38), the Q♠ taker
leading the next hand (L209), turbo's charges with gong-zhu's effects (L223-231),
the options, and the worked examples GZ-1 to GZ-6 of §25.5.

Every score is played out on a stacked deal and checked against the ruling's figure
and the slow scorer written from §9 (tests/support/independent_scorer_gong_zhu.py).
Seats 0..3 are N, E, S, W. Hands after the first are led by the dealer (the match
makes the last Q♠ taker the dealer), so `hand_no=1, dealer=0` has N lead.
"""

import random

import pytest
from support.charges import charge_all
from support.gong_zhu_hands import all_hearts_hand, capture_hand, independent, lowest_legal
from support.hands import build_deal, cards

import copas_ai as ca
from copas_ai.bots import RandomBot
from copas_ai.game import Match, play_hand

GZ = "gong-zhu"


# --- the variant's data -------------------------------------------------------------------


def test_gong_zhu_rules_values_goal_high_to_minus_1000_no_pass():
    """gong-zhu A36: 2♥-4♥ 0 (still point cards, L215), 5♥-10♥ -10, J♥ -20 ... A♥ -50 (hearts -200),
    Q♠ -100, J♦ +100; the 10♣ doubles; no pass; highest total wins once one is at -1000."""
    v = ca.find_variant(GZ)
    rules = v.rules()
    assert v.goal == "high" and v.seat_counts == (4,)
    assert rules.points_of(cards("2H 3H 4H")) == 0 and cards("2H 3H 4H") <= rules.point_cards
    assert rules.points_of(ca.CardSet.suit(2)) == -200
    assert [rules.card_points[ca.Card.from_str(c)] for c in ("5H", "TH", "JH", "QH", "KH", "AH", "QS", "JD")] == [
        -10, -10, -20, -30, -40, -50, -100, 100]
    assert ca.Card.from_str("TC") in rules.doubling_cards and rules.doubling_alone_points == 50
    assert rules.pass_cycle == [] and rules.target == -1000
    assert rules.charge_cards == cards("QS AH JD TC")
    assert ca.solver_unsupported(rules).startswith("gong-zhu's scoring")


def test_gong_zhu_b0_any_card_anytime_but_follow_suit():
    """gong-zhu L211: no trick-1 ban and no breaking; the opening lead may be a heart, and
    every card of a void seat is legal; following suit stays."""
    pos = ca.Position(ca.find_variant(GZ + "+no-charge").rules(),
                      build_deal({3: "2S AH QS", 0: "KH"}, voids={1: "H", 2: "H"}), dealer=1, hand_no=0)
    assert pos.turn == 3
    assert pos.legal_moves() == pos.hand(3)  # any card, a heart or the Q♠ included
    pos.push("AH")
    assert pos.legal_moves() == pos.hand(0) & ca.CardSet.suit(2)  # N follows hearts
    pos.push(next(iter(pos.legal_moves())))
    assert pos.legal_moves() == pos.hand(1)  # E is void in hearts: anything, the Q♠ too


# --- GZ-5: who leads ----------------------------------------------------------------------


def test_gong_zhu_gz5_the_2s_holder_leads_hand_1_any_card():
    """GZ-5 (gong-zhu, L209): in hand 1 W holds the 2♠ and leads the A♥ (legal: no restrictions),
    after the charges (dealer 1: from E)."""
    rules = ca.find_variant(GZ).rules()
    pos = ca.Position(rules, build_deal({3: "2S AH"}), dealer=1, hand_no=0)
    assert pos.phase == "deciding" and pos.decision[0] == 2
    charge_all(pos)
    assert pos.turn == 3 and pos.is_legal("AH")
    pos.push("AH")
    assert pos.moves == [(3, ca.Card.from_str("AH"))]


def test_gong_zhu_gz5_the_queen_of_spades_taker_leads_the_next_hand():
    """GZ-5 (gong-zhu, L209): whoever took the Q♠ in a hand deals and leads the next one, for
    every hand of seeded matches; hand 1's leader is the 2♠ holder."""
    for seed in range(4):
        match = Match.new(GZ, seed=seed)
        bots = [RandomBot(seed * 10 + s) for s in range(4)]
        taker = None
        for hand in range(3):
            pos = match.deal_next_hand()
            dealt = pos.hands
            if hand == 0:
                holder = next(s for s in range(4) if ca.Card.from_str("2S") in pos.hand(s))
                assert pos.leader == holder
            else:
                assert pos.dealer == taker and pos.leader == taker, (seed, hand)
            play_hand(pos, bots)
            taker = next(s for s in range(4) if ca.Card.from_str("QS") in pos.won[s])
            match.record_hand(dealt, pos)
            assert match.state.next_dealer == taker


# --- the all-hearts rule: GZ-4 on a stacked deal --------------------------------------------

@pytest.mark.parametrize("variant, keep, charges, score", [
    (GZ, {"QS", "JD", "TC"}, {}, 200),  # all 13 hearts
    (GZ, {"JD", "TC"}, {}, 300),  # plus the Q♠
    (GZ, {"JD"}, {}, 600),  # plus the Q♠ and the 10♣ (A38)
    (GZ, {"QS", "JD", "TC"}, {0: "AH"}, 400),  # including a charged A♥
    (GZ, {"JD", "TC"}, {0: "AH", 2: "QS"}, 600),  # the same plus a charged Q♠
    (GZ, {"JD", "TC"}, {2: "QS"}, 400),  # the seed's L227: hearts and a charged Q♠
    (GZ, set(), {}, 800),  # all hearts, Q♠, J♦, 10♣: (200 + 100 + 100) x 2
    (GZ + "+grand-slam", set(), {}, 1000),  # A42: in place of the +800
    (GZ + "+grand-slam", set(), {2: "QS", 1: "TC"}, 1000),  # charges do not change it
])
def test_gong_zhu_gz4_all_hearts_cases(variant, keep, charges, score):
    """GZ-4 (gong-zhu, L219, L225-227, A38, A42): the taker of all 13 hearts scores them (and the
    Q♠ if he took it) with the sign changed, charges included, then the J♦ and the 10♣ apply."""
    pos = all_hearts_hand(variant, keep, charges)
    assert pos.score()[0] == score
    assert pos.score() == independent(pos, variant)


def test_gong_zhu_all_hearts_others_score_as_usual():
    """gong-zhu A38: the sign change is the collector's alone: E, taking the J♦ and the 10♣ on the
    last trick, scores +100 x 2; the Q♠ kept by S goes to E too: (100 - 100) x 2 = 0."""
    pos = all_hearts_hand(GZ, {"JD", "TC"})
    assert pos.score()[1] == 200
    pos = all_hearts_hand(GZ, {"QS", "JD", "TC"})
    assert pos.score()[1] == 0 and pos.score() == independent(pos, GZ)


def test_gong_zhu_hearts_swap_a41():
    """gong-zhu+hearts-swap (L237, A41): the collector's hearts score -200; the Q♠ becomes +100 and
    the J♦ -100 for whoever took them (E: (100 - 100) x 2 with both; N: -200 + 100 with the Q♠)."""
    v = GZ + "+hearts-swap"
    pos = all_hearts_hand(v, {"JD", "TC"})
    assert pos.score()[:2] == [-200 + 100, -100 * 2] and pos.score() == independent(pos, v)
    pos = all_hearts_hand(v, {"QS", "JD", "TC"})
    assert pos.score()[:2] == [-200, 0] and pos.score() == independent(pos, v)


# --- GZ-1, GZ-2, GZ-3, GZ-6: one trick's capture ----------------------------------------------


@pytest.mark.parametrize("variant, trick, charges, score", [
    (GZ, ("2C", "TC", ("5S", "5D")), {}, 50),  # GZ-1: the 10♣ alone
    (GZ, ("2C", "TC", ("3H", "5D")), {}, 0),  # GZ-1: with the 3♥ (a point card worth 0): 0 x 2
    (GZ, ("KH", "AH", ("QS", "TC")), {}, -380),  # GZ-2: (-100 - 50 - 40) x 2
    (GZ, ("2C", "TC", ("JD", "5D")), {}, 200),  # GZ-3: the J♦ with the 10♣ (A37)
    (GZ, ("2C", "3C", ("JD", "5D")), {2: "JD"}, 200),  # GZ-3: a charged J♦ alone
    (GZ, ("2C", "TC", ("JD", "5D")), {2: "JD", 1: "TC"}, 800),  # GZ-3: charged J♦ and charged 10♣
    (GZ, ("2C", "TC", ("5S", "5D")), {1: "TC"}, 100),  # L231: a charged 10♣ with no point card
    (GZ, ("2C", "TC", ("QS", "5D")), {1: "TC"}, -400),  # L231: charged 10♣ quadruples
    (GZ, ("KH", "AH", ("5S", "5D")), {1: "AH"}, -180),  # L225: a charged A♥ doubles its taker's hearts
    (GZ, ("2C", "3C", ("QS", "5D")), {2: "QS"}, -200),  # L227: a charged Q♠
    (GZ + "+face-value-hearts", ("2C", "TC", ("4H", "5D")), {}, -20),  # GZ-6: the 4♥ -10, doubled
    (GZ + "+face-value-hearts", ("2C", "TC", ("3H", "9H")), {}, -24),  # GZ-6: (-3 - 9) x 2
    (GZ + "+no-charge", ("2C", "TC", ("QS", "5D")), {}, -200),  # no charges: the phase is skipped
])
def test_gong_zhu_gz1_gz2_gz3_gz6_single_trick_captures(variant, trick, charges, score):
    """GZ-1, GZ-2, GZ-3, GZ-6 and the charged effects of L225-231 (gong-zhu): E takes exactly the
    cards of trick 1 and scores the ruling's figure."""
    lead, win, discards = trick
    pos = capture_hand(variant, lead, win, discards, charges)
    assert pos.score()[1] == score
    assert pos.score() == independent(pos, variant)


def test_gong_zhu_no_charge_has_no_charge_phase():
    """gong-zhu+no-charge (L243): play starts at once, nothing may be charged."""
    rules = ca.find_variant(GZ + "+no-charge").rules()
    pos = ca.Position(rules, ca.deal(rules, 3), dealer=0, hand_no=1)
    assert pos.phase == "playing" and rules.charge_cards == ca.CardSet()


def test_gong_zhu_face_value_hearts_total_minus_200():
    """GZ-6 (gong-zhu+face-value-hearts, L235): numerals -45, 4♥ -10, 3♥ -3, 2♥ -2 (-60), courts -140."""
    rules = ca.find_variant(GZ + "+face-value-hearts").rules()
    assert rules.points_of(cards("TH 9H 8H 7H 6H 5H")) == -45
    assert rules.points_of(cards("TH 9H 8H 7H 6H 5H 4H 3H 2H")) == -60
    assert rules.points_of(ca.CardSet.suit(2)) == -200


# --- A34 in gong-zhu, random hands ------------------------------------------------------------


def test_gong_zhu_a34_charged_card_held_back_from_the_first_trick_of_its_suit():
    """gong-zhu (L223: charging exactly as in turbo, A34): S charged the Q♠ and holds other spades;
    on the first spade trick (N leads the 2♠) S must play one of those."""
    pos = ca.Position(ca.find_variant(GZ).rules(), build_deal({0: "2S", 2: "QS 7S"}), dealer=0, hand_no=1)
    charge_all(pos, {2: "QS"})
    pos.push("2S")
    pos.push(lowest_legal(pos))
    assert pos.legal_moves() == (pos.hand(2) & ca.CardSet.suit(3)) - cards("QS")
    assert ca.Card.from_str("7S") in pos.legal_moves()
    assert "charged" in pos.illegal_reason("QS")


@pytest.mark.parametrize("variant", [GZ, GZ + "+face-value-hearts", GZ + "+hearts-swap", GZ + "+grand-slam",
                                     GZ + "+no-charge"])
def test_gong_zhu_random_hands_score_as_the_independent_scorer(variant):
    """gong-zhu §9: 300 seeded random hands, each seat charging each chargeable card it holds with
    probability 1/2 (one at most), score as the scorer written from §9."""
    rules = ca.find_variant(variant).rules()
    rng = random.Random(9)
    for seed in range(300):
        pos = ca.Position(rules, ca.deal(rules, seed), dealer=seed % 4, hand_no=seed % 2)
        while pos.phase == "deciding":
            seat, _ = pos.decision
            held = [str(c) for c in pos.hand(seat) & rules.charge_cards if rng.random() < 0.5]
            pos.decide(f"charge={held[0] if held else 'none'}", seat=seat)
        play_hand(pos, [RandomBot(rng.getrandbits(32)) for _ in range(4)])
        assert pos.score() == independent(pos, variant), (variant, seed)


# --- the match: -1000, exact-minus-1000 -------------------------------------------------------


def test_gong_zhu_match_ends_at_minus_1000_highest_wins():
    """gong-zhu L221: a total at -1000 or below ends the match; the highest total wins."""
    rules = ca.find_variant(GZ).rules()
    assert ca.match_outcome(rules, [-999, 0, 10, -500]) == (False, [])
    assert ca.match_outcome(rules, [-1000, 0, 10, -500]) == (True, [2])
    assert ca.match_outcome(rules, [-1200, 40, 40, -500]) == (False, [])  # A39: tie as copas-fora


def test_gong_zhu_exact_minus_1000_flips_and_ends():
    """gong-zhu+exact-minus-1000 (L241): a total landing exactly on -1000 becomes +1000 and the game
    ends; without the option (or landing below) it stays and ends the match as usual."""
    flipping = ca.find_variant(GZ + "+exact-minus-1000").rules()
    plain = ca.find_variant(GZ).rules()
    pos = all_hearts_hand(GZ + "+exact-minus-1000", {"JD", "TC"})  # N +300, E +200, S 0, W 0
    for rules, before, after, over in [
        (flipping, [-1300, -1150, 0, 0], [1000, -950, 0, 0], True),  # N lands on -1000: +1000, the end
        (flipping, [-1290, 0, 0, 0], [-990, 200, 0, 0], False),
        (flipping, [-1301, 0, 0, 0], [-1001, 200, 0, 0], True),  # below -1000: an ordinary end
    ]:
        state = ca.MatchState(before)
        assert state.add_hand(pos) == [300, 200, 0, 0]
        assert state.totals == after and state.outcome(rules)[0] == over
    state = ca.MatchState([-1300, 0, 0, 0])
    state.add_hand(all_hearts_hand(GZ, {"JD", "TC"}))
    assert state.totals == [-1000, 200, 0, 0] and state.outcome(plain) == (True, [1])
