"""The random-hand simulator and the pieces the speed work touched: seeded runs,
the two ways of drawing a random card, the deal, and points with many card values."""

import json
import os
import random
import subprocess
import sys

import copas_ai as ca

AMERICAN = ca.find_variant("american").rules()


def totals(rules, count: int, seed: int) -> dict:
    stats = ca.random_hands(rules, count, seed)
    return {key: stats[key] for key in ("hands", "plays", "moons", "score_sum")}


def test_american_random_hands_are_the_same_for_the_same_seed():
    assert totals(AMERICAN, 300, seed=3) == totals(AMERICAN, 300, seed=3)
    assert totals(AMERICAN, 300, seed=3) != totals(AMERICAN, 300, seed=4)


def test_american_random_hands_same_with_the_portable_card_draw():
    """The PDEP draw (used where the CPU has it fast) and the portable one pick the
    same card, so COPAS_PORTABLE_SELECT=1 changes no result. (On a CPU without a fast
    PDEP both runs are portable.)"""
    script = (
        "import json, copas_ai as ca\n"
        "s = ca.random_hands(ca.find_variant('american').rules(), 2000, 11)\n"
        "print(json.dumps({k: s[k] for k in ('hands', 'plays', 'moons', 'score_sum')}))\n"
    )
    env = dict(os.environ, COPAS_PORTABLE_SELECT="1")
    out = subprocess.run([sys.executable, "-c", script], env=env, check=True, capture_output=True, text=True)
    assert json.loads(out.stdout) == totals(AMERICAN, 2000, seed=11)


def test_copas_fora_random_hands_score_26_points_or_a_moon():
    # copas-fora: R2 bars heart discards before hearts break; still 26 points a hand.
    stats = ca.random_hands(ca.find_variant("copas-fora").rules(), 500, seed=8)
    assert stats["plays"] == 500 * 52
    assert sum(stats["score_sum"]) == 26 * (500 - stats["moons"]) + 78 * stats["moons"]


def test_american_deal_for_a_seed_is_unchanged():
    # ca.deal(seed) is what the match flow replays; the faster dealer keeps it.
    hands = [str(h) for h in ca.deal(AMERICAN, 12345)]
    assert hands == [
        "3C,6C,8C,KC,5D,7D,9D,TD,AD,4H,2S,4S,6S",
        "2C,9C,3D,3H,6H,JH,QH,KH,AH,3S,5S,9S,JS",
        "4C,JC,AC,2D,8D,QD,KD,2H,7H,8H,8S,QS,KS",
        "5C,7C,TC,QC,4D,6D,JD,5H,9H,TH,7S,TS,AS",
    ]


def play_randomly_checking_points(rules, seed: int) -> None:
    rng = random.Random(seed)
    pos = ca.Position(rules, ca.deal(rules, seed), hand_no=3)
    while not pos.is_over():
        assert pos.points_taken() == [rules.points_of(w) for w in pos.won]
        pos.push(rng.choice(list(pos.legal_moves())))
    assert pos.points_taken() == [rules.points_of(w) for w in pos.won]


def test_points_taken_with_few_and_with_many_card_values():
    """american with card values changed: four distinct values (points counted by
    value groups) and six (counted card by card) both sum card_points of the won cards."""
    few = AMERICAN.copy()
    few.card_points = {**AMERICAN.card_points, ca.Card.from_str("AH"): 5, ca.Card.from_str("JD"): -10}
    many = few.copy()
    many.card_points = {**few.card_points, ca.Card.from_str("TC"): 2, ca.Card.from_str("KH"): 3}
    for seed in range(20):
        play_randomly_checking_points(few, seed)
        play_randomly_checking_points(many, seed)
