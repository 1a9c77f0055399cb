"""A slow, independent scorer for the tests, written from docs/RULES.md (§2, §3, §21)
and not from the RuleSet fields: hand scores from the cards each seat won, match
totals (exact-score, the conditional reverse moon) and the end of a match.

Cards are strings, rank then suit ("QS", "TC"). A variant is its id: the base and
its option tokens ("copas-fora+jd-bonus=moon-needs-jd+super-moon").

Bases scored here: american, copas-fora, teams, no-pass-strict-lead (scored as
copas-fora, §6), turbo (§8, tests/support/independent_scorer_turbo.py), queens (§11,
tests/support/independent_scorer_queens.py: its moon wins the match at once), gong-zhu (§9,
tests/support/independent_scorer_gong_zhu.py), two-player (§18,
tests/support/independent_scorer_two_player.py: one deal). Other bases come from tests/support/independent_scorer_families.py when it
exists: SCORERS[base](won, options) -> scores, with no copas-fora options applied.
Match ties of those bases come from its optional TIES dict ({base: "extra-hands" |
"shared" | "stands"}). Any other base raises UnknownVariant, so a test can never
pass without a scorer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Collection, Sequence

from support.independent_scorer_queens import queens_scores, queens_shooter
from support.independent_scorer_gong_zhu import gong_zhu_scores
from support.independent_scorer_turbo import turbo_scores
from support.independent_scorer_two_player import two_player_scores
from support.independent_referee_domino import domino_scores

try:  # the families helper's scorers (three-five, spanish, spot, ...), when present
    from support import independent_scorer_families as _families
except ImportError:  # pragma: no cover - depends on what is merged
    _families = None
FAMILY_SCORERS: dict[str, Callable] = getattr(_families, "SCORERS", {})
# How each family base breaks a tie for the best total: "extra-hands", "shared" or
# "stands" (optional TIES dict next to SCORERS).
FAMILY_TIES: dict[str, str] = getattr(_families, "TIES", {})
# Bases whose match is a fixed number of hands (optional HANDS dict): {base: hands}.
FAMILY_HANDS: dict[str, int] = getattr(_families, "HANDS", {})

# The tie rule of the bases scored here (§2.1 A11, §21 S004; §3 teams and §6 are
# copas-fora's: A11b names teams' side totals; teams+individual-tally's tie is a draw).
TIES = {"copas-fora": "extra-hands", "no-pass-strict-lead": "extra-hands", "american": "shared",
        "teams": "extra-hands", "turbo": "extra-hands", "queens": "extra-hands", "gong-zhu": "extra-hands",
        "two-player": "shared",  # §18: 13 points between two seats never tie
        "domino": "extra-hands"}  # §17 end (a) names no tie: copas-fora's (A11)
# Bases scored here whose match is one deal (§18 L385: two-player), not a target.
HANDS = {"two-player": 1}
# Targets other than 100 of the bases scored here (§8: turbo ends at 300; §11: queens too;
# §9: gong-zhu at -1000 or below).
TARGETS = {"turbo": 300, "queens": 300, "gong-zhu": -1000}

HEARTS = frozenset(r + "H" for r in "23456789TJQKA")


# Bases whose hands score as copas-fora's, with its options (§0.4), and their hearts
# and Q♠: teams §3, no-pass-strict-lead §6, three-five §4 "scoring unchanged",
# spanish §7 (40 cards: hearts 1, Q♠ 10).
COPAS_BASES: dict[str, tuple[frozenset[str], int]] = {
    "copas-fora": (HEARTS, 13), "teams": (HEARTS, 13), "no-pass-strict-lead": (HEARTS, 13),
    "three-five": (HEARTS, 13), "spanish": (frozenset(r + "H" for r in "234567JQKA"), 10),
}


class UnknownVariant(LookupError):
    """The independent scorer has no entry for this base variant."""


def parse_id(variant_id: str) -> tuple[str, dict[str, str | None]]:
    """'copas-fora+jd-bonus=moon-needs-jd+super-moon' -> ('copas-fora', {...})."""
    base, *tokens = variant_id.split("+")
    options: dict[str, str | None] = {}
    for token in tokens:
        name, eq, value = token.partition("=")
        options[name] = value if eq else None
    return base, options


def _values(options: dict[str, str | None]) -> list[str]:
    return [w for v in options.values() if v for w in v.split(",")]


@dataclass
class CopasRules:
    """What the text says a copas-fora hand scores, read off the option tokens."""

    options: dict[str, str | None]
    hearts: frozenset[str] = HEARTS  # the hearts in the deck (spanish has 10, §7)
    queen: int = 13  # the Q♠'s value (spanish: 10)
    card_values: dict[str, int] = field(default_factory=dict)
    moon_cards: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        opts = self.options
        self.card_values = {h: 1 for h in self.hearts}
        self.card_values["QS"] = self.queen
        if "fatal-ace" in opts:  # L89: A♥ 5
            self.card_values["AH"] = 5
        self.moon_cards = set(self.hearts) | {"QS"}
        words = _values(opts)
        if "jd-bonus" in opts:  # L75-79: J♦ -10; the moon needs it only by agreement
            self.card_values["JD"] = -10
            if "moon-needs-jd" in words:
                self.moon_cards.add("JD")
        if "ten-of-death" in opts and "moon-needs-tc" in words:  # L81-87
            self.moon_cards.add("TC")

    @property
    def moon_value(self) -> int:
        # The moon gives the value of the hearts and the Q♠: 26, or 30 with the fatal ace.
        return sum(self.card_values[c] for c in self.hearts | {"QS"})

    def plain(self, cards: Collection[str]) -> int:
        return sum(self.card_values.get(c, 0) for c in cards)


def copas_shooter(won: Sequence[Collection[str]], rules: CopasRules) -> int | None:
    """The seat that took every moon card, or None."""
    moon = rules.moon_cards
    return next((s for s in range(len(won)) if moon <= set(won[s])), None)


def copas_fora_scores(won: Sequence[Collection[str]], tricks: Sequence[int],
                      options: dict[str, str | None], reverse: bool | None = None,
                      base: str = "copas-fora") -> list[int]:
    """A copas-fora hand (§2.1, §2.3), or one of a base that scores like it with its own
    deck: `reverse` forces the moon's form (None: the option's own, i.e. reverse only
    with reverse-moon=always)."""
    hearts, queen = COPAS_BASES[base]
    rules = CopasRules(options, hearts, queen)
    n = len(won)
    if reverse is None:
        reverse = options.get("reverse-moon", "") in (None, "always") and "reverse-moon" in options
    shooter = copas_shooter(won, rules)
    scores = [rules.plain(cards) for cards in won]
    if shooter is not None:
        value = rules.moon_value
        if "super-moon" in options and tricks[shooter] == sum(tricks):  # L97-99: all 13 tricks
            value *= 2
        if reverse:  # L91: the shooter loses the moon, the others keep their own cards
            scores[shooter] = -value
        else:  # the others take the moon; a J♦ outside the moon still counts (26 - 10 = 16)
            scores = [0 if s == shooter else value + rules.plain(set(won[s]) - rules.moon_cards)
                      for s in range(n)]
    if "ten-of-death" in options:  # the 10♣ doubles its taker's hand, after the J♦ (A23)
        scores = [2 * v if "TC" in won[s] and s != shooter else v for s, v in enumerate(scores)]
    if "clean-hand" in options:  # L111: no trick at all
        bonus = 5 if options["clean-hand"] == "penalty" else -5
        scores = [v + bonus if tricks[s] == 0 else v for s, v in enumerate(scores)]
    return scores


def american_scores(won: Sequence[Collection[str]], tricks: Sequence[int],
                    options: dict[str, str | None]) -> list[int]:
    """§21: hearts 1, Q♠ 13; all 14 penalty cards: 0 and the others +26."""
    penalty = HEARTS | {"QS"}
    for seat, cards in enumerate(won):
        if penalty <= set(cards):
            return [0 if s == seat else 26 for s in range(len(won))]
    return [sum(1 for c in cards if c in HEARTS) + (13 if "QS" in cards else 0) for cards in won]




def hand_scores(variant_id: str, won: Sequence[Collection[str]], tricks: Sequence[int],
                reverse: bool | None = None, charged: Collection[str] = (),
                super_charged: Collection[str] = ()) -> list[int]:
    """The hand's score of each seat from the cards (and number of tricks) it won;
    `charged`: turbo's charged cards (§8); gong-zhu+super-charge (§9, A40): `charged`
    those charged face down, `super_charged` those charged face up."""
    base, options = parse_id(variant_id)
    if base == "turbo":
        return turbo_scores(won, options, charged)
    if base == "queens":
        return queens_scores(won, options)
    if base == "gong-zhu":
        return gong_zhu_scores(won, options, charged, super_charged)
    if base in COPAS_BASES:
        return copas_fora_scores(won, tricks, options, reverse, base)
    if base == "american":
        return american_scores(won, tricks, options)
    if base == "two-player":
        return two_player_scores(won)
    if base == "domino":
        return domino_scores(won)
    if base in FAMILY_SCORERS:
        return list(FAMILY_SCORERS[base](won, tuple(variant_id.split("+")[1:])))
    raise UnknownVariant(f"the independent scorer has no entry for '{base}' ({variant_id})")


# --- the match ---------------------------------------------------------------------------


@dataclass
class MatchRules:
    target: int = 100
    goal_low: bool = True
    teams: bool = False
    individual_tally: bool = False
    ties: str = "extra-hands"  # extra-hands | shared | stands
    exact: tuple[str, ...] = ()
    conditional_reverse: bool = False
    hands: int = 0  # a match of this many hands (rook §16), then tie-break hands; 0: the target ends it
    flip_exact: bool = False  # gong-zhu+exact-minus-1000 (§9 L241): landing on the target ends it, flipped

    @classmethod
    def of(cls, variant_id: str, goal_low: bool = True, target: int | None = None) -> "MatchRules":
        base, options = parse_id(variant_id)
        rules = cls(goal_low=goal_low)
        # The bases scored here end at 100 (200 with target-200); a family's target is given.
        own = 200 if "target-200" in options else TARGETS.get(base, 100)
        rules.target = own if base in TIES or target is None else target
        ties = {**FAMILY_TIES, **TIES}
        if base not in ties:
            raise UnknownVariant(f"the independent scorer knows no tie rule for '{base}' "
                                 "(TIES in tests/support/independent_scorer_families.py)")
        rules.ties = ties[base]
        if "tie-stands" in options or "individual-tally" in options:
            rules.ties = "stands"
        rules.teams = base == "teams"
        rules.individual_tally = "individual-tally" in options
        if "exact-score" in options:
            rules.exact = tuple((options["exact-score"] or "hit-100-to-51").split(","))
        rules.conditional_reverse = options.get("reverse-moon") == "conditional"
        rules.hands = {**FAMILY_HANDS, **HANDS}.get(base, 0)
        rules.flip_exact = "exact-minus-1000" in options
        return rules

    def sides(self, n: int) -> list[list[int]]:
        return [[0, 2], [1, 3]] if self.teams else [[s] for s in range(n)]

    def reached(self, total: int) -> bool:
        return total >= self.target if self.goal_low else total <= self.target

    def target_hit(self, totals: Sequence[int]) -> bool:
        """Some seat's total (individual-tally) or side's sum is at the target (§2.1, §3, §5)."""
        sides = self.sides(len(totals))
        ending = totals if self.individual_tally else [sum(totals[s] for s in side) for side in sides]
        return any(self.reached(t) for t in ending)

    def end_hit(self, totals: Sequence[int], hands_played: int) -> bool:
        """The match's end before ties: the fixed hands played (§16), else the target."""
        return hands_played >= self.hands if self.hands else self.target_hit(totals)

    def outcome(self, totals: Sequence[int], tiebreak: bool = False, hands_played: int = 0,
                flipped: bool = False) -> tuple[bool, list[int]]:
        """§2.1 game end and ties (A11; A11b: during tie-break hands only a single best
        total counts, the target no longer), §3 (A28b, L121), tie-stands (A27), §16's six
        hands; `flipped`: a gong-zhu total landed on -1000 and became +1000 (L241: the end)."""
        if not tiebreak and not flipped and not self.end_hit(totals, hands_played):
            return False, []
        sides = self.sides(len(totals))
        sums = [sum(totals[s] for s in side) for side in sides]
        best = min(sums) if self.goal_low else max(sums)
        winners = [s for side, total in zip(sides, sums) if total == best for s in side]
        tied = sum(1 for total in sums if total == best) > 1
        if tied and (tiebreak or self.ties == "extra-hands"):
            return False, []
        return True, sorted(winners)


def add_hand(variant_id: str, totals: list[int], pending: set[int], won: Sequence[Collection[str]],
             tricks: Sequence[int], match: MatchRules, tiebreak: bool = False,
             charged: Collection[str] = (), reverse: bool | None = None,
             super_charged: Collection[str] = ()) -> list[int]:
    """Adds a hand to `totals` (and the exact-score (c) memory `pending`) in place;
    returns the hand's scores as they counted. `tiebreak`: tie-break hands are under way;
    `charged`: turbo's charged cards (gong-zhu+super-charge: the face-down ones, and
    `super_charged` the face-up ones); `reverse`: reverse-moon=shooter-choice's choice (§2.3)."""
    scores = hand_scores(variant_id, won, tricks, reverse=reverse, charged=charged, super_charged=super_charged)
    base, options = parse_id(variant_id)
    shooter = None
    if base in COPAS_BASES:
        hearts, queen = COPAS_BASES[base]
        shooter = copas_shooter(won, CopasRules(options, hearts, queen))
    if match.conditional_reverse and shooter is not None:
        # A24: the normal moon, unless it ends the match without the shooter's side
        # as the only winner; then the reverse form.
        after = [t + v for t, v in zip(totals, scores)]
        sides = match.sides(len(totals))
        ending = after if match.individual_tally else [sum(after[s] for s in side) for side in sides]
        if any(match.reached(t) for t in ending):
            over, winners = match.outcome(after, tiebreak)
            shooter_side = next(side for side in sides if shooter in side)
            if not (over and winners == sorted(shooter_side)):
                scores = hand_scores(variant_id, won, tricks, reverse=True)
    for s, score in enumerate(scores):
        total = totals[s] + score
        was_pending = s in pending
        pending.discard(s)
        if score == 0:  # (c): nothing scored the hand after the drop
            total = 0 if was_pending and "hit-100-to-50-then-0" in match.exact else total
        elif total == match.target and "hit-100-to-51" in match.exact:  # (a): 100 -> 51
            total = match.target // 2 + 1
        elif total == match.target and "hit-100-to-50-then-0" in match.exact:  # (c): 100 -> 50
            total = match.target // 2
            pending.add(s)
        elif total == match.target // 2 and "hit-50-to-0" in match.exact:  # (b): 50 -> 0
            total = 0
        elif total == match.target and match.flip_exact:  # gong-zhu L241: -1000 -> +1000
            total = -match.target
        totals[s] = total
    return scores


@dataclass
class IndependentMatch:
    """A match between hands as the catalogue describes it: the totals, the
    exact-score (c) memory and whether tie-break hands have begun (§2.1 A11: a
    shared best total once the target is reached plays further hands; A11b: from
    then on the first hand leaving one best total ends the match)."""

    variant_id: str
    rules: MatchRules
    totals: list[int]
    pending: set[int] = field(default_factory=set)
    tiebreak: bool = False
    hands_played: int = 0
    moon_winner: int | None = None  # queens (§11 L273): the moon won the match at once
    flipped: bool = False  # gong-zhu+exact-minus-1000: a total was flipped, the match is over

    def add_hand(self, won: Sequence[Collection[str]], tricks: Sequence[int],
                 charged: Collection[str] = (), reverse: bool | None = None,
                 super_charged: Collection[str] = ()) -> list[int]:
        before = list(self.totals)
        scores = add_hand(self.variant_id, self.totals, self.pending, won, tricks, self.rules, self.tiebreak,
                          charged, reverse, super_charged)
        self.hands_played += 1
        if parse_id(self.variant_id)[0] == "queens":
            self.moon_winner = queens_shooter(won)
        self.flipped = self.flipped or (self.rules.flip_exact and any(
            b + v == self.rules.target for b, v in zip(before, scores)))
        ending = self.flipped or self.rules.end_hit(self.totals, self.hands_played)
        if not self.tiebreak and ending and not self.outcome()[0]:
            self.tiebreak = True
        return scores

    def outcome(self) -> tuple[bool, list[int]]:
        if self.moon_winner is not None:  # whatever the totals
            return True, [self.moon_winner]
        return self.rules.outcome(self.totals, self.tiebreak, self.hands_played, self.flipped)
