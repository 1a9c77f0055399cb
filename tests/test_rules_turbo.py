"""`turbo` (docs/RULES.md §8, S000 L185-203): the J♦ at -10, the 10♣ doubling (the J♦
first), the match to 300, and the charging phase after the pass (A33-A35), with the
worked examples TU-1 to TU-7 of §25.4.

Seats 0..3 are N, E, S, W; play runs 0 -> 1 -> 2 -> 3. hand_no 3 has no pass, so
the deal goes straight to the charges, made in seat order from the dealer's left
(dealer 3: seat 0 first). Scores are checked against the slow scorer written from §8
(tests/support/independent_scorer_turbo.py) as well as the ruling's figure.
"""

import random

import pytest
from support.charges import charge_all, won_text
from support.hands import MOON_DEAL, build_deal, cards, play, position
from support.independent_scorer_turbo import seat_score, turbo_scores

import copas_ai as ca
from copas_ai.bots import RandomBot
from copas_ai.game import play_hand

TURBO = "turbo"
CHARGE_ORDER = ("QS", "TC", "AH", "JD")


# --- the variant's data -------------------------------------------------------------------


def test_turbo_rules_jd_minus_ten_ten_of_clubs_doubles_target_300():
    """turbo: J♦ -10 and the 10♣ doubling as jd-bonus and ten-of-death, the match to 300."""
    rules = ca.find_variant(TURBO).rules()
    assert rules.card_points[ca.Card.from_str("JD")] == -10
    assert ca.Card.from_str("TC") in rules.doubling_cards
    assert rules.target == 300
    assert rules.charge_cards == cards("QS AH JD TC")


def test_turbo_charges_come_after_the_pass_in_seat_order_from_the_dealers_left():
    """turbo A33: after the pass (hand_no 0 passes left) the phase is 'deciding'; the
    charges go from the dealer's left, each seat may charge a chargeable card it holds or none."""
    rules = ca.find_variant(TURBO).rules()
    pos = ca.Position(rules, ca.deal(rules, 5), dealer=1, hand_no=0)
    for s in range(4):
        pos.set_pass(s, list(pos.hand(s))[:3])
    order = []
    while pos.phase == "deciding":
        seat, _ = pos.decision
        order.append(seat)
        held = pos.hand(seat) & rules.charge_cards
        assert sorted(pos.decision_choices) == sorted([f"charge={c}" for c in held] + ["charge=none"])
        pos.decide("charge=none")
    assert order == [2, 3, 0, 1]
    assert pos.phase == "playing" and pos.turn == pos.leader


def test_turbo_charges_are_revealed_together_once_every_seat_has_charged():
    """turbo A33: a charge is hidden until the last is down (charged stays empty), then all are public."""
    pos = position(TURBO, {0: "QS 2C", 2: "AH"})
    pos.decide("charge=QS")
    assert pos.charged == ca.CardSet()
    pos.decide("charge=none")
    pos.decide("charge=AH")
    assert pos.charged == ca.CardSet()
    pos.decide("charge=none")
    assert pos.charged == cards("QS AH")


def test_turbo_a33_at_most_one_charge_and_only_a_held_chargeable_card():
    """turbo A33: one charge per seat; a card it lacks or a card that cannot be charged is refused."""
    pos = position(TURBO, {0: "QS TC 2C"})
    with pytest.raises(ca.IllegalMoveError, match="does not hold AH"):
        pos.decide("charge=AH")
    with pytest.raises(ca.IllegalMoveError, match="KS is not a card that may be charged"):
        pos.decide("charge=KS")
    with pytest.raises(ca.IllegalMoveError, match="not a decision"):
        pos.decide("charge")
    with pytest.raises(ca.IllegalMoveError, match="seat 0's charge is due, not seat 1's"):
        pos.decide("charge=none", seat=1)
    pos.decide("charge=QS")
    assert pos.decision[0] == 1  # one charge made: the turn moved on
    assert pos.pop() == "charge=QS" and pos.decision[0] == 0


def test_turbo_no_card_before_the_charges():
    """turbo: a card sent while a charge is due is refused, naming the charge."""
    pos = position(TURBO, {0: "2C"})
    with pytest.raises(ca.IllegalMoveError, match="seat 0's charge is due first"):
        pos.push("2C")


# --- TU-5 and TU-7: the charged card on the first trick led in its suit (A34) -----------


def _tu5_position(spades: str) -> ca.Position:
    """N holds the 4♣, the Q♠ (charged) and `spades`, the rest diamonds; E leads the 2♣, W
    wins trick 1 with the A♣ and leads the 2♠, the first spade trick: N is to follow."""
    hand = ["4C", "QS", *spades.split()]
    hand += "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD".split()[:13 - len(hand)]
    pos = position(TURBO, {0: " ".join(hand), 1: "2C", 2: "3C", 3: "AC 2S 3S"}, voids={0: "CDHS"})
    charge_all(pos, {0: "QS"})
    play(pos, "2C 3C AC 4C 2S")
    assert pos.turn == 0
    return pos


def test_turbo_tu5_a34_following_the_first_spade_trick():
    """TU-5 (turbo, A34): W leads the first spade trick; N, holding the charged Q♠ and the 7♠,
    must play the 7♠ (the refusal names the rule); had the Q♠ been his only spade, he must play it."""
    pos = _tu5_position("7S")
    assert pos.legal_moves() == cards("7S")
    assert "charged card" in pos.illegal_reason("QS")
    alone = _tu5_position("")
    assert alone.legal_moves() == cards("QS")


def test_turbo_tu5_a34_leading_and_later_tricks():
    """TU-5 (turbo, A34): N may not open the first spade trick with the charged Q♠ while he
    holds the 7♠; once a spade trick has been led the Q♠ is unrestricted."""
    deal = {0: "AC QS 7S 2D 3D 4D 5D 6D 7D 8D 9D TD JD", 1: "2C", 2: "3C", 3: "4C"}
    pos = position(TURBO, deal, voids={0: "CDHS"})
    charge_all(pos, {0: "QS"})
    play(pos, "2C 3C 4C AC")  # N wins trick 1 and leads
    assert pos.turn == 0
    assert ca.Card.from_str("QS") not in pos.legal_moves()
    assert cards("7S 2D") <= pos.legal_moves()
    assert "first trick led in its suit" in pos.illegal_reason("QS")
    pos.push("7S")  # the first spade trick
    while pos.trick:
        pos.push(next(iter(pos.legal_moves())))
    # Whoever leads next, a later spade trick may take the Q♠: judged by the chain for a follower.
    assert ca.Card.from_str("QS") in pos.legal_following(cards("QS 2D"), 3, False)


def test_turbo_tu7_a_lone_charged_ten_of_clubs_on_trick_1():
    """TU-7 (turbo, A9): the 2♣ is led and E's only club is the 10♣: E must play it, though it
    is a point card and charged."""
    pos = position(TURBO, {0: "2C", 1: "TC QS AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH"}, voids={1: "C"})
    charge_all(pos, {1: "TC"})
    pos.push("2C")
    assert pos.legal_moves() == cards("TC")


def test_turbo_a34_the_charged_card_may_be_discarded_on_another_suit():
    """turbo A34: the restriction is only for the trick led in the charged card's suit: a seat
    void in diamonds may discard its charged Q♠ on the first diamond trick."""
    pos = position(TURBO, {0: "QS 7S", 1: "2C"})
    charge_all(pos, {0: "QS"})
    assert pos.legal_following(cards("QS 7S 3C"), 1, False) == cards("QS 7S 3C")  # diamonds led
    assert pos.legal_following(cards("QS 7S"), 3, False) == cards("7S")  # spades led: the rule


# --- scoring: TU-1 to TU-4 and TU-6 ------------------------------------------------------


def random_turbo_hands(count: int, charges: tuple[str, ...] = CHARGE_ORDER):
    """Seeded random hands of turbo, each seat charging the first card of `charges` it
    holds: yields (seed, finished position)."""
    rules = ca.find_variant(TURBO).rules()
    for seed in range(count):
        pos = ca.Position(rules, ca.deal(rules, seed), dealer=3, hand_no=3)
        picks = {}
        for s in range(4):
            held = [c for c in charges if ca.Card.from_str(c) in pos.hand(s)]
            picks[s] = held[0] if held else "none"
        charge_all(pos, picks)
        play_hand(pos, [RandomBot(seed * 4 + s) for s in range(4)])
        yield seed, pos


def first_hand(predicate, charges=CHARGE_ORDER, count: int = 400):
    """The first seeded hand whose (seat, cards taken, charged) meet `predicate`."""
    for _, pos in random_turbo_hands(count, charges):
        if pos.moon_shooter() is not None:
            continue
        for seat, taken in enumerate(won_text(pos)):
            if predicate(taken, {str(c) for c in pos.charged}):
                return pos, seat, taken
    raise AssertionError("no seeded hand shows the situation: widen `count`")


def hearts(taken: set[str]) -> int:
    return sum(1 for c in taken if c.endswith("H"))


def test_turbo_tu1_ten_of_clubs_jack_of_diamonds_and_three_hearts():
    """TU-1 (turbo): a seat takes the 10♣, the J♦ and 3 hearts, nothing charged: (3 - 10) x 2 = -14."""
    pos, seat, taken = first_hand(lambda t, ch: {"TC", "JD"} <= t and "QS" not in t and hearts(t) == 3,
                                  charges=())
    assert pos.score()[seat] == -14 == seat_score(taken, ())


def test_turbo_tu2_ten_of_clubs_and_jack_of_diamonds_alone():
    """TU-2 (turbo): a seat takes the 10♣ and the J♦ and no other point card: -20."""
    pos, seat, taken = first_hand(lambda t, ch: {"TC", "JD"} <= t and "QS" not in t and hearts(t) == 0,
                                  charges=())
    assert pos.score()[seat] == -20 == seat_score(taken, ())


def test_turbo_tu3_charged_ace_of_hearts_doubles_every_heart():
    """TU-3 (turbo): the A♥ charged; its taker's hearts count twice, an uncharged Q♠ 13:
    hearts x 2 + 13 (A♥, K♥, 2♥ and the Q♠: 19)."""
    pos, seat, taken = first_hand(lambda t, ch: "AH" in t and "QS" in t and ch == {"AH"} and "JD" not in t
                                  and "TC" not in t, charges=("AH",))
    assert pos.score()[seat] == 2 * hearts(taken) + 13 == seat_score(taken, {"AH"})


def test_turbo_tu4_charged_queen_and_charged_ten_of_clubs():
    """TU-4 (turbo): the Q♠ and the 10♣ charged by two seats, one seat takes both: (hearts + 26) x 4
    (with 1 heart: 108)."""
    pos, seat, taken = first_hand(lambda t, ch: {"QS", "TC"} <= ch and {"QS", "TC"} <= t and "JD" not in t,
                                  charges=("QS", "TC"))
    assert pos.score()[seat] == (hearts(taken) + 26) * 4 == seat_score(taken, {"QS", "TC"})


def test_turbo_charged_jack_of_diamonds_is_minus_twenty():
    """turbo §8: a charged J♦ is worth -20 to its taker (before the 10♣'s doubling)."""
    pos, seat, taken = first_hand(lambda t, ch: "JD" in ch and "JD" in t, charges=("JD",))
    assert pos.score()[seat] == seat_score(taken, {"JD"})
    assert pos.score()[seat] == (hearts(taken) + (13 if "QS" in taken else 0) - 20) * (2 if "TC" in taken else 1)


# MOON_DEAL under turbo: the 10♣ may not go to trick 1 (ten-of-death, R1), so seat 2 plays the
# J♣ there and sheds the 10♣ on seat 3's spades in trick 7; its charged J♦ may not go to the
# first diamond trick (A34), so it wins that one with the Q♦ and leads the J♦ next.
TURBO_MOON_PLAY = (
    "2C 6C JC AC / AS 3C 7C 2S / KS 2H 9H 3S / QS 3H TH 4S / JS 4H JH 5S / TS 5H QH 6S / "
    "9S 6H KH TC / 8S 7H AH QC / 7S 8H 8C KC / 2D 6D 8D QD / JD 3D 7D 9D / KD 4D 4C TD / "
    "AD 5D 5C 9C"
)


def test_turbo_tu6_a_moon_ignores_the_charges():
    """TU-6 (turbo, A35): W takes the 13 hearts and the charged Q♠: W 0, the others +26 (not 39);
    the charged J♦'s taker keeps jd-bonus's 26 - 10 = 16 (not 6)."""
    rules = ca.find_variant(TURBO).rules()
    pos = ca.Position(rules, build_deal(MOON_DEAL), dealer=3, hand_no=3)
    charge_all(pos, {3: "QS", 2: "JD"})
    play(pos, TURBO_MOON_PLAY)
    assert pos.is_over() and pos.moon_shooter() == 3
    assert pos.charged == cards("QS JD")
    assert pos.score() == [26, 26, 16, 0] == turbo_scores(won_text(pos), {}, {"QS", "JD"})


def test_turbo_random_hands_score_as_the_independent_scorer():
    """turbo §8: 300 seeded random hands with random charges score as the scorer written from §8."""
    rules = ca.find_variant(TURBO).rules()
    rng = random.Random(8)
    for seed in range(300):
        pos = ca.Position(rules, ca.deal(rules, seed), dealer=seed % 4, hand_no=seed % 4)
        play_hand(pos, [RandomBot(rng.getrandbits(32)) for _ in range(4)])
        charged = {str(c) for c in pos.charged}
        assert pos.score() == turbo_scores(won_text(pos), {}, charged), seed


def test_turbo_jd_bonus_agreement_moon_needs_jd():
    """turbo with the jd-bonus agreement moon-needs-jd (§8: its agreements inherited): the J♦ joins the moon."""
    rules = ca.find_variant("turbo+jd-bonus=moon-needs-jd").rules()
    assert ca.Card.from_str("JD") in rules.moon_cards and rules.charge_cards == cards("QS AH JD TC")
