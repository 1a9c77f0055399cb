"""Options of `copas-fora` that change what may be played (docs/RULES.md §2.2).

Each option is data over the RuleSet; the core's legal-move filter reads it.
Registry order (the canonical order inside an id) follows §2.2.
"""

from __future__ import annotations

from copas_ai._core import Card, CardSet, FirstLead, HeartsBreak, RuleSet
from copas_ai.variants.types import VariantOption, option_choice

# The seeds apply the Copas Fora options to these bases (docs/RULES.md §0.4: copas-fora,
# and explicitly teams, three-five and spanish); the registry lists an option only on
# the bases it has.
COPAS_FORA_FAMILY = ("copas-fora", "teams", "three-five", "spanish")

_HEARTS = CardSet.suit(2)
_QS = CardSet([Card.from_str("QS")])

_FIRST_LEADERS = {"dealer": FirstLead.DEALER, "dealer-left": FirstLead.DEALER_LEFT}


def _dealer_lead(rules: RuleSet, value: str | None) -> None:
    # L55: the dealer (the default; or his left) leads any card but a heart or the Q♠;
    # the 2♣ has no role. A14: a hand of only hearts may lead one, a hand of hearts +
    # Q♠ must lead the Q♠ (the chain's fallbacks). With hearts-anytime a heart may open.
    rules.first_lead = _FIRST_LEADERS[option_choice("dealer-lead", value, "dealer", tuple(_FIRST_LEADERS))]
    rules.must_lead_first_card = False
    banned = _HEARTS | _QS
    if rules.hearts_break == HeartsBreak.NEVER:
        banned = banned - _HEARTS
    rules.first_lead_banned = banned


def _hearts_anytime(rules: RuleSet, value: str | None) -> None:
    # A15: hearts are free everywhere, trick 1 included; the Q♠ stays barred there.
    # L57 with dealer-lead: the opening lead may be a heart.
    rules.hearts_break = HeartsBreak.NEVER
    rules.first_trick_banned = rules.first_trick_banned - _HEARTS
    rules.first_lead_banned = rules.first_lead_banned - _HEARTS


def _points_first_trick(rules: RuleSet, value: str | None) -> None:
    # L59 removes R1. A16 (literal): R2 still bars a heart discard on trick 1 (nothing is
    # broken yet) unless the hand is only hearts, so in effect the Q♠ becomes playable.
    # A14b: dealer-lead's opening exclusion gives way too, so the opener may lead the Q♠
    # (hearts stay barred by R3 unless hearts-anytime or X1). A20b: qs-forced is then not
    # deferred past trick 1 (the core's chain applies it after R1).
    rules.first_trick_banned = rules.first_trick_banned - rules.point_cards
    rules.first_lead_banned = rules.first_lead_banned - rules.point_cards


def _lead_after_heart(rules: RuleSet, value: str | None) -> None:
    # L61: R3 uses B4 (a heart played in an earlier trick). A17 (literal): R2, the
    # discard rule, keeps B1 (the hearts_break flag).
    rules.lead_break_cards = _HEARTS


def _qs_opens_hearts(rules: RuleSet, value: str | None) -> None:
    # L63: for the rule above the Q♠ counts as a heart (B5).
    rules.lead_break_cards = rules.lead_break_cards | _QS


def _stuck_lead_ends_hand(rules: RuleSet, value: str | None) -> None:
    # L65, A18: unplayed cards score nothing.
    rules.stuck_lead_ends_hand = True


def _first_trick_stuck_annul(rules: RuleSet, value: str | None) -> None:
    # L67, A19: a seat due to play to trick 1 with no legal non-point card annuls the hand.
    rules.first_trick_stuck_annuls = True


def _lead_heart_over_qs(rules: RuleSet, value: str | None) -> None:
    # L69: a leader with only hearts + Q♠, hearts not open, may lead a heart too.
    rules.heart_lead_over_queen = True


def _qs_forced(rules: RuleSet, value: str | None) -> None:
    # L71, A20: the first trick led in a suit the holder is void in; deferred past trick 1
    # while R1 bars the Q♠ there (A20b: not with points-first-trick).
    rules.forced_queen = True


def extend_trigger(face: str):
    """The RuleSet setter of a trick-extending face (A21): its four cards extend a trick
    they are played to in their own suit (the core's RuleSet.extend_cards)."""
    def _set(rules: RuleSet, value: str | None) -> None:
        cards = CardSet([Card.from_str(face + suit) for suit in "CDHS"])
        if not cards & rules.deck:  # spanish has no 9s: sixes-extend is its version
            raise ValueError(f"the trigger {face}s are not in this deck")
        rules.extend_cards = cards
    return _set


# nines-extend is for the 52-card members of the family (spanish has no 9s: its own
# sixes-extend, families.py, is the same rule on the 6s), and for turbo, which S000
# L73 says it was designed for.
NINES_EXTEND_FAMILY = ("copas-fora", "teams", "three-five", "turbo")

OPTIONS: tuple[VariantOption, ...] = (
    VariantOption("dealer-lead", "the dealer (or his left) leads", "§2.2 L55, A14",
                  COPAS_FORA_FAMILY, _dealer_lead, values="dealer (default) or dealer-left"),
    VariantOption("hearts-anytime", "hearts may be played at any time", "§2.2 L57, A15",
                  COPAS_FORA_FAMILY, _hearts_anytime),
    VariantOption("points-first-trick", "point cards may be played to trick 1", "§2.2 L59, A16",
                  COPAS_FORA_FAMILY, _points_first_trick),
    VariantOption("lead-after-heart", "hearts may be led once a heart is played", "§2.2 L61, A17",
                  COPAS_FORA_FAMILY, _lead_after_heart, conflicts=("hearts-anytime",)),
    VariantOption("qs-opens-hearts", "the Q♠ opens hearts for leading", "§2.2 L63",
                  COPAS_FORA_FAMILY, _qs_opens_hearts, requires=("lead-after-heart",)),
    VariantOption("stuck-lead-ends-hand", "a leader with only unopened hearts ends the hand",
                  "§2.2 L65, A18", COPAS_FORA_FAMILY, _stuck_lead_ends_hand),
    VariantOption("first-trick-stuck-annul", "only point cards to play on trick 1 annuls the hand",
                  "§2.2 L67, A19", COPAS_FORA_FAMILY, _first_trick_stuck_annul),
    VariantOption("lead-heart-over-qs", "hearts + Q♠ only: a heart may be led instead",
                  "§2.2 L69", COPAS_FORA_FAMILY, _lead_heart_over_qs),
    VariantOption("qs-forced", "the Q♠ is forced on the first void", "§2.2 L71, A20",
                  COPAS_FORA_FAMILY, _qs_forced),
    VariantOption("nines-extend", "a 9 of the led suit gives the trick a second round", "§2.3 L73, A21",
                  NINES_EXTEND_FAMILY, extend_trigger("9"), conflicts=("sixes-extend",)),
)
