"""The world sampler with turbo's charged cards (docs/RULES.md §8, A33): a charged card
is public while its charger holds it, so every world puts it in the charger's hand.
Small late positions are enumerated in full by the independent reference
(tests/support/sampler_oracle.py, which replays the charges and the plays from each
candidate world) and the sampler's count and uniformity checked against it.
"""

import pytest
from support.charges import charged_late_position
from support.sampler_oracle import check_exact_count_and_uniformity

import copas_ai as ca
from copas_ai._core import WorldSampler

QS = ca.Card.from_str("QS")


@pytest.mark.parametrize("plays, me, charger", [(40, 0, 2), (41, 1, 3), (42, 3, 0)])
def test_turbo_charged_queen_world_count_is_exact_and_samples_are_uniform(plays, me, charger):
    """turbo: seat <charger> charged the Q♠ and still holds it <plays> cards in; seat <me>'s
    sampler counts exactly the worlds the enumeration finds (each with the Q♠ in the
    charger's hand) and draws them uniformly (chi-square)."""
    p = next(q for seed in range(200) if (q := charged_late_position("turbo", seed, plays, charger)) is not None)
    sampler = WorldSampler(p, me)
    assert QS in sampler.must_hold(charger)
    worlds = check_exact_count_and_uniformity(p, me, seed=plays)
    assert len(worlds) > 1
    assert all((w[charger] >> int(QS)) & 1 for w in worlds)


def test_turbo_charges_stay_hidden_from_the_sampler_until_all_are_down():
    """turbo A33: during the charges a made charge is not public: the next seat's sampler
    does not place the charged card."""
    rules = ca.find_variant("turbo").rules()
    seed = next(s for s in range(50) if QS in ca.deal(rules, s)[0])
    p = ca.Position(rules, ca.deal(rules, seed), dealer=3, hand_no=3)
    p.decide("charge=QS", seat=0)
    assert QS not in WorldSampler(p, 1).must_hold(0)
