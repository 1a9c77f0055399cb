"""The package imports and plays a whole random hand of the default variant."""

import copas_ai


def test_american_random_hand_scores_26_points():
    # american: 13 hearts at 1 and the Q♠ at 13 are 26 points per hand, or 78 after a moon.
    rules = copas_ai.find_variant("american").rules()
    stats = copas_ai.random_hands(rules, 500, seed=7)
    assert stats["hands"] == 500
    assert stats["plays"] == 500 * 52
    assert sum(stats["score_sum"]) == 26 * (500 - stats["moons"]) + 78 * stats["moons"]
