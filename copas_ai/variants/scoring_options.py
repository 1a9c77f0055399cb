"""Options of `copas-fora` that change the score or the match (docs/RULES.md
§2.3), and the `teams` tally option (§3). The pass options are in pass_options.py.

Each option is data over the RuleSet; the core's scorer (Position hand scores),
match score (csrc/match.h) and match rules (match_outcome) read it.
"""

from __future__ import annotations

from copas_ai._core import (
    EXACT_HALF_TO_ZERO,
    EXACT_TARGET_TO_HALF_PLUS_ONE,
    EXACT_TARGET_TO_HALF_THEN_ZERO,
    Card,
    CardSet,
    MoonRule,
    RuleSet,
    TieRule,
)
from copas_ai.variants.play_options import COPAS_FORA_FAMILY
from copas_ai.variants.types import VariantOption, option_choice, option_words, pick_one

_JD = Card.from_str("JD")
_TC = Card.from_str("TC")
_AH = Card.from_str("AH")
_QS = Card.from_str("QS")


def _add_points(rules: RuleSet, card: Card, points: int) -> None:
    table = rules.card_points
    table[card] = points
    rules.card_points = table


# -- jd-bonus (L75-79, A22) and ten-of-death (L81-87, A23) --------------------------

JD_VALUES = "moon-needs-jd|moon-without-jd (default), and/or jd-first-trick (default)|no-jd-first-trick"


def _jd_bonus(rules: RuleSet, value: str | None) -> None:
    # The J♦ scores -10. Agreements: whether the moon needs it (else its taker scores
    # 26 - 10 = 16 under a moon, CF-7); whether it may be played on trick 1 (when not,
    # it is treated as a point card for R1, A22).
    words = option_words("jd-bonus", value, "moon-without-jd",
                         ("moon-needs-jd", "moon-without-jd", "jd-first-trick", "no-jd-first-trick"))
    _add_points(rules, _JD, -10)
    if pick_one("jd-bonus", words, ("moon-needs-jd", "moon-without-jd")) == "moon-needs-jd":
        rules.moon_cards = rules.moon_cards | CardSet([_JD])
    if pick_one("jd-bonus", words, ("jd-first-trick", "no-jd-first-trick")) == "no-jd-first-trick":
        rules.first_trick_banned = rules.first_trick_banned | CardSet([_JD])


TC_VALUES = "moon-needs-tc|moon-without-tc (default)"


def _ten_of_death(rules: RuleSet, value: str | None) -> None:
    # The 10♣ taker's hand score doubles (after the J♦, A23); it is a point card, so
    # R1 bars it from trick 1 unless it is the only club (A9). Agreement: whether the
    # moon needs it (else its taker scores 2 x 26 = 52 under a moon, CF-8).
    moon = option_choice("ten-of-death", value, "moon-without-tc", ("moon-needs-tc", "moon-without-tc"))
    rules.doubling_cards = rules.doubling_cards | CardSet([_TC])
    rules.point_cards = rules.point_cards | CardSet([_TC])
    if _QS in rules.first_trick_banned:  # R1 is in force (points-first-trick lifts it)
        rules.first_trick_banned = rules.first_trick_banned | CardSet([_TC])
    if moon == "moon-needs-tc":
        rules.moon_cards = rules.moon_cards | CardSet([_TC])


# -- fatal-ace (L89), reverse-moon (L91-95, A24), super-moon (L97-99, A25) ----------

def _fatal_ace(rules: RuleSet, value: str | None) -> None:
    # L89: the A♥ is worth 5 (30 points in the deck), and a moon gives the others +30.
    rules.moon_value = rules.moon_value + 5 - rules.card_points.get(_AH, 0)
    _add_points(rules, _AH, 5)


def _reverse_moon(rules: RuleSet, value: str | None) -> None:
    # always: the shooter scores -26, the others keep their own (0 unless a bonus card).
    # conditional (A24): the normal moon unless it would end the match without the
    # shooter's side winning; then the reverse (decided by the match, csrc/match.h).
    # shooter-choice: once the cards are played the shooter decides (`<seat>:moon=reverse`).
    mode = option_choice("reverse-moon", value, "always", ("always", "conditional", "shooter-choice"))
    if mode == "always":
        rules.moon = MoonRule.SELF_MINUS
    elif mode == "conditional":
        rules.reverse_moon_if_losing = True
    else:
        rules.moon_shooter_choice = True


def _super_moon(rules: RuleSet, value: str | None) -> None:
    # A shooter who won every trick: twice the moon (others +52, or -52 reversed).
    rules.super_moon = True


# -- exact-score (L101-109, A26), clean-hand (L111), tie-stands (L113), target-200 ---

_EXACT_MODES = {
    "hit-100-to-51": EXACT_TARGET_TO_HALF_PLUS_ONE,
    "hit-50-to-0": EXACT_HALF_TO_ZERO,
    "hit-100-to-50-then-0": EXACT_TARGET_TO_HALF_THEN_ZERO,
}
EXACT_VALUES = "hit-100-to-51 (default)|hit-100-to-50-then-0, and/or hit-50-to-0 (',' between)"


def _exact_score(rules: RuleSet, value: str | None) -> None:
    # A26: (a) and (c) exclude each other, (b) combines with either; the figures
    # scale with the target (target 200: 200 -> 101 / 100, 100 -> 0).
    words = option_words("exact-score", value, "hit-100-to-51", tuple(_EXACT_MODES))
    pick_one("exact-score", words, ("hit-100-to-51", "hit-100-to-50-then-0"))
    flags = 0
    for word in words:
        flags |= _EXACT_MODES[word]
    rules.exact_score = flags


def _clean_hand(rules: RuleSet, value: str | None) -> None:
    # A seat that won no trick at all: -5 (bonus) or +5 (penalty); zero tricks, not zero points.
    sign = option_choice("clean-hand", value, "bonus", ("bonus", "penalty"))
    rules.clean_hand_points = -5 if sign == "bonus" else 5


def _target_200(rules: RuleSet, value: str | None) -> None:
    rules.target = 200


def _tie_stands(rules: RuleSet, value: str | None) -> None:
    # A27: tied for the lowest total when someone reaches the target: the match ends drawn.
    rules.tie_rule = TieRule.STANDS


def _individual_tally(rules: RuleSet, value: str | None) -> None:
    # L121: totals per seat; a seat reaching the target ends the match, the lower
    # pair sum wins (TE-1), equal sums draw.
    if not rules.teams:
        raise ValueError("individual-tally needs a partnership variant (teams)")
    rules.team_individual_tally = True
    rules.tie_rule = TieRule.STANDS  # §3: a tie of the pair sums is a draw


OPTIONS: tuple[VariantOption, ...] = (
    VariantOption("jd-bonus", "the J♦ scores -10", "§2.3 L75-79, A22", COPAS_FORA_FAMILY, _jd_bonus,
                  values=JD_VALUES),
    VariantOption("ten-of-death", "the 10♣ doubles its taker's score", "§2.3 L81-87, A23",
                  COPAS_FORA_FAMILY, _ten_of_death, values=TC_VALUES),
    VariantOption("fatal-ace", "the A♥ is worth 5", "§2.3 L89", COPAS_FORA_FAMILY, _fatal_ace),
    VariantOption("reverse-moon", "the moon subtracts from the shooter", "§2.3 L91-95, A24",
                  COPAS_FORA_FAMILY, _reverse_moon, values="always (default)|conditional|shooter-choice"),
    VariantOption("super-moon", "all tricks: a double moon", "§2.3 L97-99, A25", COPAS_FORA_FAMILY,
                  _super_moon),
    VariantOption("exact-score", "exact totals drop back", "§2.3 L101-109, A26", COPAS_FORA_FAMILY,
                  _exact_score, values=EXACT_VALUES),
    VariantOption("clean-hand", "no trick taken: -5 or +5", "§2.3 L111", COPAS_FORA_FAMILY, _clean_hand,
                  values="bonus (default)|penalty"),
    VariantOption("tie-stands", "a tie at the end stands", "§2.3 L113, A27", COPAS_FORA_FAMILY,
                  _tie_stands),
    VariantOption("target-200", "the match ends at 200", "§2.3", COPAS_FORA_FAMILY, _target_200),
    VariantOption("individual-tally", "totals per player, pairs summed at the end", "§3 L121, A28",
                  ("teams",), _individual_tally),
)
