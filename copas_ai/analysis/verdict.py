"""The verdict on one decision, from its expected loss in hand points (or, under
the match objective, in match-winning chance).

The loss is how many expected points (the variant's own units) the decision
gave away against the engine's choice: 0 when they agree. The search's values
are estimates, so the verdict judges the loss less one standard error of it: a
loss within the search's noise is not held against the player. The thresholds
are inclusive lower bounds; docs/ANALYSIS.md explains the choice.
"""

from __future__ import annotations

GOOD, INACCURACY, MISTAKE, BLUNDER = "good", "inaccuracy", "mistake", "blunder"
VERDICTS = (GOOD, INACCURACY, MISTAKE, BLUNDER)

# Half a point is about one heart handed over in expectation; two points is
# several hearts or a fair chance of the Q♠; five is most of a Q♠ or a moon risk.
THRESHOLDS = {INACCURACY: 0.5, MISTAKE: 2.0, BLUNDER: 5.0}
# The match objective judges the loss of match-winning chance (a share, 0.01 = one
# percentage point): one point is a small slip, four a real mistake, ten a match thrown.
MATCH_THRESHOLDS = {INACCURACY: 0.01, MISTAKE: 0.04, BLUNDER: 0.10}


def thresholds_for(objective: str) -> dict[str, float]:
    """The verdict thresholds in the objective's unit: points, or match-winning chance."""
    return MATCH_THRESHOLDS if objective == "match" else THRESHOLDS


def verdict(loss: float, stderr: float = 0.0, thresholds: dict[str, float] = THRESHOLDS) -> str:
    """good / inaccuracy / mistake / blunder for an expected loss in points and
    the standard error of that loss."""
    judged = loss - stderr
    for name in (BLUNDER, MISTAKE, INACCURACY):
        if judged >= thresholds[name]:
            return name
    return GOOD
