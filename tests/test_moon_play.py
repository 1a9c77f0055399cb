"""The heuristic bot's moon sense (copas_ai.bots.moon_sense), checked on every
situation that arises in seeded american hands played by the plain heuristic."""

import pytest

import copas_ai as ca
from copas_ai.arena import ArenaConfig, RunOptions, run_arena
from copas_ai.bots.moon_sense import _shooter, _winning, moon_card


def _strength(position, card):
    return position.rules.rank_strength[card.face]


def _situations(variant="american", deals=150):
    """(position, seat, moon card) for each decision where the moon sense speaks."""
    rules = ca.find_variant(variant).rules()
    for seed in range(deals):
        p = ca.Position(rules, ca.deal(rules, seed), dealer=3, hand_no=3)
        while not p.is_over():
            card = moon_card(p, p.turn)
            if card is not None:
                yield p.copy(), p.turn, card
            p.push(ca.heuristic_card(p, seed=seed * 100 + len(p.moves)))


def test_american_moon_sense_guards_and_attempts_by_the_rules():
    """american, no pass: guarding takes a moon trick or keeps moon cards off the shooter's
    trick; attempting leads and follows with the highest card."""
    seen = {"take": 0, "keep": 0, "attempt": 0}
    for p, seat, card in _situations():
        assert card in p.legal_moves()
        who, _ = _shooter(p)
        winning = _winning(p)
        if who == seat:
            seen["attempt"] += 1
            if winning is None or any(c.suit == winning[1].suit for c in p.legal_moves()):
                assert _strength(p, card) == max(_strength(p, c) for c in p.legal_moves())
        elif card.suit == winning[1].suit:
            seen["take"] += 1
            assert _strength(p, card) > _strength(p, winning[1])
            assert any(c in p.rules.moon_cards for _, c in p.trick)
        else:
            seen["keep"] += 1
            assert winning[0] == who and card not in p.rules.moon_cards
    assert min(seen.values()) > 0, seen


def test_moon_sense_is_silent_when_points_are_shared():
    """american: before any trick with a moon card, and once two seats hold moon cards, the plain heuristic plays."""
    rules = ca.find_variant("american").rules()
    p = ca.Position(rules, ca.deal(rules, 1), dealer=3, hand_no=3)
    assert moon_card(p, p.turn) is None
    while not p.is_over():
        if len([s for s in range(4) if p.won[s] & rules.moon_cards]) >= 2:
            assert moon_card(p, p.turn) is None
        p.push(ca.heuristic_card(p, seed=len(p.moves)))


@pytest.mark.slow
def test_moon_sense_beats_the_plain_heuristic_in_copas_fora():
    """copas-fora, 1000 duplicate deals: heuristic with moon sense vs without (measured -0.43 ± 0.11)."""
    summary = run_arena(ArenaConfig(("heuristic", "heuristic:moon=0"), variant="copas-fora", deals=1000, seed=7),
                        RunOptions(workers=1))
    assert summary.differences[0].high < 0
