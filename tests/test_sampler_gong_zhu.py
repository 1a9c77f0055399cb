"""The world sampler in `gong-zhu` (docs/RULES.md §9): a charged card is public while its
charger holds it (turbo's charges, L223), and the opening lead tells who holds the 2♠
only in the first hand (L209: later hands are led by the last Q♠ taker, as the dealer).
Small late positions are enumerated in full by the independent reference
(tests/support/sampler_oracle.py, which replays the charges and the plays from each
candidate world, in the hand's own number) and the sampler's count and uniformity
checked against it.
"""

import pytest
from support.charges import charged_late_position
from support.hands import build_deal
from support.sampler_oracle import check_exact_count_and_uniformity

import copas_ai as ca
from copas_ai._core import WorldSampler
from copas_ai.search import world_from_view

TWO_SPADES = ca.Card.from_str("2S")


@pytest.mark.parametrize("card, plays, me, charger, hand_no", [
    ("QS", 40, 0, 2, 1), ("AH", 41, 1, 3, 1), ("TC", 42, 3, 0, 0), ("JD", 40, 2, 1, 0)])
def test_gong_zhu_charged_card_world_count_is_exact_and_samples_are_uniform(card, plays, me, charger, hand_no):
    """gong-zhu: seat <charger> charged <card> and still holds it <plays> cards in (hand number
    <hand_no>); seat <me>'s sampler counts exactly the worlds the enumeration finds (each with the
    charged card in the charger's hand) and draws them uniformly (chi-square)."""
    p = next(q for seed in range(300)
             if (q := charged_late_position("gong-zhu", seed, plays, charger, card, dealer=2, hand_no=hand_no)) is not None)
    charged = ca.Card.from_str(card)
    assert charged in WorldSampler(p, me).must_hold(charger)
    worlds = check_exact_count_and_uniformity(p, me, seed=plays)
    assert len(worlds) > 1
    assert all((w[charger] >> int(charged)) & 1 for w in worlds)


def test_gong_zhu_first_hand_opening_lead_shows_the_2s_holder():
    """gong-zhu L209, hand 1: W leads the A♥ (any card may open); W holds the 2♠, so every world
    of N's sampler gives W the 2♠."""
    rules = ca.find_variant("gong-zhu+no-charge").rules()
    p = ca.Position(rules, build_deal({3: "2S AH"}), dealer=1, hand_no=0)
    p.push("AH")
    assert TWO_SPADES in WorldSampler(p, 0).must_hold(3)


def test_gong_zhu_later_hand_opening_lead_shows_nothing_of_the_2s():
    """gong-zhu L209, a later hand: the dealer E (the last Q♠ taker) leads, so the lead tells nothing
    of the 2♠: N's sampler does not give it to E, and its worlds put it with E, S or W."""
    rules = ca.find_variant("gong-zhu+no-charge").rules()
    p = ca.Position(rules, build_deal({0: "5S", 3: "2S"}), dealer=1, hand_no=1)
    p.push(next(iter(p.legal_moves())))  # E leads
    sampler = WorldSampler(p, 0)
    assert TWO_SPADES not in sampler.must_hold(1)
    holders = {next(s for s in range(4) if (w[s] >> int(TWO_SPADES)) & 1) for w in sampler.sample_many(200, 1)}
    assert holders == {1, 2, 3}


def test_gong_zhu_world_from_view_gives_the_free_leader_the_2s():
    """gong-zhu L209, hand 1: in N's view W has led the A♥, so W holds the 2♠ in every world drawn
    from N's view (world_from_view, as the engine process and analyse build them), and the lead
    replays in each."""
    rules = ca.find_variant("gong-zhu+no-charge").rules()
    deal = build_deal({3: "2S AH"})
    for seed in range(1, 40):
        world = world_from_view(rules, 0, deal[0], moves=[(3, "AH")], dealer=1, hand_no=0, seed=seed)
        assert TWO_SPADES in world.hand(3) and world.moves == [(3, ca.Card.from_str("AH"))]
