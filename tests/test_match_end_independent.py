"""Whole matches of every variant whose hand scores can be negative (a J♦ or
clean-hand bonus, a reverse or negative moon, negative-scoring's Golden Ten), played
by seeded random bots through game.Match (the core's MatchState), and the slow
independent scorer (tests/independent_scorer.py IndependentMatch, written from
docs/RULES.md §2.1 A11/A11b, §2.3 A24/A26, §3, §5 A30a) agree on every hand's scores,
totals and state, and on the hand the match ends.

These are the matches of issue 33: a negative hand score can take every total back
under the target during tie-break hands, and the match must still end there.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import pytest
from support.independent_scorer import IndependentMatch, MatchRules

from copas_ai.bots import make_bot
from copas_ai.game import Match, play_hand
from copas_ai.variants import find_variant

# (variant id, players): each can score a hand below zero for some seat.
VARIANTS = [
    ("copas-fora+jd-bonus", None),
    ("copas-fora+clean-hand", None),
    ("copas-fora+jd-bonus+clean-hand", None),
    ("copas-fora+reverse-moon", None),
    ("copas-fora+reverse-moon=conditional+jd-bonus", None),
    ("copas-fora+super-moon+reverse-moon+clean-hand", None),
    ("copas-fora+jd-bonus+ten-of-death", None),
    ("copas-fora+jd-bonus+target-200", None),
    ("copas-fora+jd-bonus+tie-stands", None),
    ("copas-fora+jd-bonus+exact-score=hit-100-to-50-then-0", None),
    ("copas-fora+clean-hand+exact-score=hit-100-to-51,hit-50-to-0", None),
    ("copas-fora+pass-cycle=always-right+clean-hand", None),
    ("teams+jd-bonus", None),
    ("teams+clean-hand+reverse-moon", None),
    ("teams+jd-bonus+individual-tally", None),
    ("three-five+jd-bonus", 3),
    ("three-five+clean-hand", 5),
    ("three-five+reverse-moon", 3),
    ("spanish+jd-bonus", None),
    ("spanish+clean-hand", None),
    ("negative-scoring", None),
    ("classic-3to6", 4),
]
MATCHES = 30  # per variant and start, seeds 0..29: over 10,000 hands in all
MAX_HANDS = 80  # a guard only
# Matches from 0, and matches primed one point short of the target for seat 0 with
# every other seat level, so that tie-break hands (rare from 0) come often.
STARTS = ("zero", "primed")


@dataclass
class Trace:
    hands: int = 0
    ended_at: int | None = None  # 1-based hand that ended the match
    tiebreaks: int = 0  # matches that played tie-break hands
    under_target_end: int = 0  # tie-breaks ended with every total back short of the target
    negative_scores: int = 0  # hand scores below zero


def _start(rules: MatchRules, players: int, start: str) -> list[int]:
    if start == "zero":
        return [0] * players
    step = 1 if rules.goal_low else -1
    return [rules.target - step] + [rules.target // 10] * (players - 1)


@functools.cache
def played(variant_id: str, players: int | None, seed: int, start: str = "zero") -> Trace:
    """One match, hand by hand against the independent scorer; asserts as it goes."""
    variant = find_variant(variant_id)
    match = Match.new(variant, players=players, seed=seed)
    rules = match.rules
    independent_rules = MatchRules.of(variant_id, goal_low=variant.goal == "low", target=rules.target)
    totals = _start(independent_rules, match.players, start)
    match.totals = totals
    independent = IndependentMatch(variant_id, independent_rules, list(totals))
    bots = [make_bot("random", seed=seed * 100 + s) for s in range(match.players)]
    trace = Trace()
    while not match.is_over():
        assert trace.hands < MAX_HANDS, f"{variant_id} seed {seed}: no end after {MAX_HANDS} hands"
        position = match.deal_next_hand()
        dealt = position.hands
        play_hand(position, bots)
        record = match.record_hand(dealt, position)
        won = [{str(c) for c in position.won[s]} for s in range(match.players)]
        expected = independent.add_hand(won, [position.tricks_won(s) for s in range(match.players)])
        trace.hands += 1
        where = f"{variant_id} seed {seed} hand {trace.hands}"
        assert record.score == expected, where
        assert match.totals == independent.totals, where
        assert match.state.tiebreak == independent.tiebreak, where
        assert match.state.reset_pending == sorted(independent.pending), where
        assert match.outcome() == independent.outcome(), where
        trace.negative_scores += sum(1 for v in expected if v < 0)
    trace.ended_at = trace.hands
    assert independent.outcome()[0], f"{variant_id} seed {seed}: the independent scorer goes on"
    if match.state.tiebreak:
        trace.tiebreaks += 1
        trace.under_target_end += not independent.rules.target_hit(match.totals)
    return trace


@pytest.mark.parametrize("variant_id,players", VARIANTS)
def test_match_totals_and_end_agree_with_the_independent_scorer(variant_id, players):
    traces = [played(variant_id, players, seed, start) for seed in range(MATCHES) for start in STARTS]
    assert all(t.ended_at == t.hands for t in traces)


def test_the_matches_include_tie_breaks_ended_back_under_the_target_and_negative_scores():
    """The set is not vacuous: thousands of hands, negative hand scores in every
    variant family listed, and tie-breaks ended with every total short of the target
    (the A11b case of issue 33)."""
    traces = [played(v, p, seed, start) for v, p in VARIANTS for seed in range(MATCHES) for start in STARTS]
    assert sum(t.hands for t in traces) >= 10000
    assert sum(t.tiebreaks for t in traces) >= 50
    assert sum(t.under_target_end for t in traces) >= 2
    for v, p in VARIANTS:
        if "reverse-moon" in v or v.startswith("classic-3to6"):
            continue  # their negative scores are moons, rare under random play
        assert sum(played(v, p, seed, start).negative_scores for seed in range(MATCHES) for start in STARTS) > 0, v
