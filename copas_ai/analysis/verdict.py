"""The verdict on one decision, from its expected loss in hand points (or, under
the match objective, in match-winning chance).

The loss is how many expected points (the variant's own units) the decision
gave away against the engine's choice: 0 when they agree. The search's values
are estimates, so the verdict judges the loss less one standard error of it: a
loss within the search's noise is not held against the player. The thresholds
are inclusive lower bounds; docs/ANALYSIS.md explains the choice.
"""

from __future__ import annotations

from copas_ai._core import RuleSet

GOOD, INACCURACY, MISTAKE, BLUNDER = "good", "inaccuracy", "mistake", "blunder"
VERDICTS = (GOOD, INACCURACY, MISTAKE, BLUNDER)

# Half a point is about one heart handed over in expectation; two points is
# several hearts or a fair chance of the Q♠; five is most of a Q♠ or a moon risk.
THRESHOLDS = {INACCURACY: 0.5, MISTAKE: 2.0, BLUNDER: 5.0}
# The match objective judges the loss of match-winning chance (a share, 0.01 = one
# percentage point): one point is a small slip, four a real mistake, ten a match thrown.
MATCH_THRESHOLDS = {INACCURACY: 0.01, MISTAKE: 0.04, BLUNDER: 0.10}


# The points thresholds are american's, whose cards carry 26 points; another variant's
# scale by the points its cards carry (gong-zhu's 400, spot's 129), so a verdict weighs
# the same share of what a hand is worth.
AMERICAN_STAKE = 26


def points_at_stake(rules: RuleSet) -> int:
    """The points the variant's cards carry, each card's value counted unsigned."""
    return sum(abs(points) for card, points in rules.card_points.items() if card in rules.deck)


def thresholds_for(objective: str, rules: RuleSet | None = None) -> dict[str, float]:
    """The verdict thresholds in the objective's unit: match-winning chance, or points
    scaled to `rules`' stake (american's as they are without `rules`)."""
    if objective == "match":
        return MATCH_THRESHOLDS
    if rules is None:
        return THRESHOLDS
    scale = max(points_at_stake(rules), 1) / AMERICAN_STAKE
    return {name: value * scale for name, value in THRESHOLDS.items()}


def verdict(loss: float, stderr: float = 0.0, thresholds: dict[str, float] = THRESHOLDS) -> str:
    """good / inaccuracy / mistake / blunder for an expected loss in points and
    the standard error of that loss."""
    judged = loss - stderr
    for name in (BLUNDER, MISTAKE, INACCURACY):
        if judged >= thresholds[name]:
            return name
    return GOOD
