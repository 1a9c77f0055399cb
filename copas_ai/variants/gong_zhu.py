"""`gong-zhu` (docs/RULES.md §9, S000 L205-253): no pass, free play (B0), signed
graded values with the highest total winning once a total is at -1000 or below,
the 10♣ doubling (or +50 taken with no point card), the all-hearts sign change
(A38), the Q♠ taker leading the next hand, and turbo's charges (csrc/decisions.cpp)
with the effects the same fields give here (A♥ doubles its taker's hearts, Q♠ -200,
J♦ +200, 10♣ x4 or +100). The core scores it all (csrc/hand_score.h,
signed_hand_score); this module only fills the RuleSet.

Options: `+face-value-hearts`, `+hearts-swap` (A41), `+grand-slam` (A42),
`+exact-minus-1000`, `+no-charge` and `+super-charge` (A40: each charge is followed
by its face, `face=down` a normal charge hidden until played, `face=up` a super
charge; the core's decision kFace and signed_hand_score).
"""

from __future__ import annotations

from copas_ai._core import EXACT_TARGET_FLIPS, Card, CardSet, FirstLead, Goal, HeartsBreak, MoonRule, RuleSet, TieRule
from copas_ai.variants.turbo import CHARGE_CARDS
from copas_ai.variants.types import Variant, VariantOption

_HEARTS = CardSet.suit(2)
_QS = Card.from_str("QS")
_JD = Card.from_str("JD")
_TC = Card.from_str("TC")
FAMILY = ("gong-zhu",)

# A36: the standard values (2♥-4♥ 0, still point cards: L215); the hearts total -200.
_HEART_VALUES = {"2": 0, "3": 0, "4": 0, "5": -10, "6": -10, "7": -10, "8": -10, "9": -10, "T": -10,
                 "J": -20, "Q": -30, "K": -40, "A": -50}
# +face-value-hearts (L235): the numerals at minus face value, the 4♥ -10 so the total stays -200.
_FACE_VALUE_NUMERALS = {"2": -2, "3": -3, "4": -10, "5": -5, "6": -6, "7": -7, "8": -8, "9": -9, "T": -10}


def _heart_points(values: dict[str, int]) -> dict[Card, int]:
    return {Card.from_str(face + "H"): points for face, points in values.items()}


def _gong_zhu(players: int) -> RuleSet:
    r = RuleSet()
    r.players = players
    r.hand_size = 13
    points = _heart_points(_HEART_VALUES)
    points[_QS] = -100
    points[_JD] = 100
    r.card_points = points
    # The "point cards" of the 10♣ rule: every heart (0-valued ones too, L215) and the
    # Q♠ and J♦ (A37). B0 has no restriction that reads them.
    r.point_cards = _HEARTS | CardSet([_QS, _JD])
    r.pass_cycle = []  # L207: no passing
    r.first_lead = FirstLead.HOLDER_OF_CARD  # L209: the 2♠ holder leads hand 1, any card
    r.first_lead_card = Card.from_str("2S")
    r.must_lead_first_card = False
    r.lead_taker_card = CardSet([_QS])  # L209: then whoever took the Q♠ (the Pig) leads
    r.first_trick_banned = CardSet()  # L211: B0, no trick-1 ban and no breaking
    r.hearts_break = HeartsBreak.NEVER
    r.lead_needs_broken = False
    r.discard_needs_broken = False
    r.moon = MoonRule.NEGATE_OWN  # L219, A38: all 13 hearts +200, with the Q♠ +300
    r.moon_cards = _HEARTS
    r.moon_negated = _HEARTS | CardSet([_QS])
    r.moon_value = 0
    r.doubling_cards = CardSet([_TC])  # L217: doubles the taker's points, or +50 alone
    r.doubling_alone_points = 50
    r.charge_cards = CHARGE_CARDS  # L223-231: charging as in turbo, after the deal
    r.charge_whole_suit = CardSet([Card.from_str("AH")])
    r.revoke_penalty_defined = False  # A39: no penalty on this scale; revokes are forbidden
    r.goal = Goal.HIGH
    r.target = -1000  # L221: a total at -1000 or below ends the game
    r.tie_rule = TieRule.EXTRA_HANDS  # A39: ties as copas-fora (A11), on the highest total
    return r


def _face_value_hearts(rules: RuleSet, value: str | None) -> None:
    points = rules.card_points
    points.update(_heart_points(_FACE_VALUE_NUMERALS))
    rules.card_points = points


def _hearts_swap(rules: RuleSet, value: str | None) -> None:
    # L237, A41: all 13 hearts keep their -200; the Q♠ and J♦ change sign for every taker.
    rules.moon = MoonRule.NEGATE_ALL
    rules.moon_negated = CardSet([_QS, _JD])


def _grand_slam(rules: RuleSet, value: str | None) -> None:
    # L239, A42: +1000 in place of the computed score.
    rules.grand_slam_cards = _HEARTS | CardSet([_QS, _JD, _TC])
    rules.grand_slam_points = 1000


def _exact_minus_1000(rules: RuleSet, value: str | None) -> None:
    rules.exact_score = EXACT_TARGET_FLIPS  # L241: landing on -1000 ends the game at +1000


def _no_charge(rules: RuleSet, value: str | None) -> None:
    rules.charge_cards = CardSet()  # L243
    rules.charge_whole_suit = CardSet()


def _super_charge(rules: RuleSet, value: str | None) -> None:
    rules.super_charge = True  # L245-253: face down a normal charge, face up a super one


VARIANTS: tuple[Variant, ...] = (
    Variant("gong-zhu", "Gong Zhu (signed graded scoring, charges)", 4, 4, 4, "high",
            "seeds/000 L205-253, docs/RULES.md §9", _gong_zhu),
)

OPTIONS: tuple[VariantOption, ...] = (
    VariantOption("face-value-hearts", "numeral hearts at minus face value, 4♥ -10", "§9 L235", FAMILY,
                  _face_value_hearts),
    VariantOption("hearts-swap", "all 13 hearts swap the signs of the Q♠ and J♦", "§9 L237, A41", FAMILY,
                  _hearts_swap),
    VariantOption("grand-slam", "all hearts, Q♠, J♦ and 10♣ score +1000", "§9 L239, A42", FAMILY, _grand_slam),
    VariantOption("exact-minus-1000", "a total landing on -1000 becomes +1000", "§9 L241", FAMILY,
                  _exact_minus_1000),
    VariantOption("no-charge", "no charging", "§9 L243", FAMILY, _no_charge),
    VariantOption("super-charge", "charges face down (hidden) or face up (super: x4)", "§9 L245-253, A40", FAMILY,
                  _super_charge, conflicts=("no-charge",)),
)
