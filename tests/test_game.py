"""Match flow (copas_ai/game.py): seeded deals, pass cycle by hand number,
dealer rotation, totals and the end of the match with each variant's tie rule."""

import pytest

import copas_ai as ca
from copas_ai.bots import RandomBot
from copas_ai.game import Match, play_hand, play_match


def _bots(seed=0):
    return [RandomBot(seed * 10 + s) for s in range(4)]


@pytest.mark.parametrize("variant", ["american", "copas-fora"])
def test_match_is_deterministic_for_a_seed(variant):
    a = play_match(Match.new(variant, seed=5), _bots(1))
    b = play_match(Match.new(variant, seed=5), _bots(1))
    assert a.totals == b.totals
    assert [h.plays for h in a.hands] == [h.plays for h in b.hands]
    c = play_match(Match.new(variant, seed=6), _bots(1))
    assert [h.deal for h in c.hands] != [h.deal for h in a.hands]


@pytest.mark.parametrize("variant", ["american", "copas-fora"])
def test_pass_cycle_follows_hand_number(variant):
    """american AM-6 / copas-fora §2.1: hands 1, 2, 3, 4 pass left, right, across, none."""
    match = Match.new(variant, seed=2)
    expected = [[(1, 3)], [(3, 3)], [(2, 3)], [], [(1, 3)], [(3, 3)]]
    for plan in expected:
        pos = match.deal_next_hand()
        assert pos.pass_plan == plan
        dealt = pos.hands
        play_hand(pos, _bots())
        match.record_hand(dealt, pos)


def test_dealer_rotates_clockwise_from_a_drawn_first_dealer():
    """A4: the first dealer is drawn by lot from the seed, then the deal rotates clockwise."""
    match = Match.new("american", seed=11)
    dealers = []
    for _ in range(5):
        pos = match.deal_next_hand()
        dealers.append(pos.dealer)
        dealt = pos.hands
        play_hand(pos, _bots())
        match.record_hand(dealt, pos)
    first = dealers[0]
    assert dealers == [(first + i) % 4 for i in range(5)]
    firsts = {Match.new("american", seed=s).first_dealer for s in range(40)}
    assert firsts == {0, 1, 2, 3}


@pytest.mark.parametrize("variant", ["american", "copas-fora"])
def test_totals_are_sums_of_hand_scores_and_the_match_ends_at_100(variant):
    match = play_match(Match.new(variant, seed=3), _bots(2))
    sums = [sum(h.score[s] for h in match.hands) for s in range(4)]
    assert match.totals == sums
    assert max(match.totals) >= 100
    # Before the last hand nobody had reached 100 (or a copas-fora tie was being broken).
    before = [t - s for t, s in zip(match.totals, match.hands[-1].score)]
    over_before, _ = ca.match_outcome(match.rules, before)
    assert not over_before
    over, winners = match.outcome()
    assert over and winners == [s for s in range(4) if match.totals[s] == min(match.totals)]


def test_american_hand_scores_and_pass_records():
    """american: a hand's record keeps the deal, the passes, 52 plays and a 26-point score."""
    match = Match.new("american", seed=9)
    pos = match.deal_next_hand()
    dealt = pos.hands
    play_hand(pos, _bots())
    record = match.record_hand(dealt, pos)
    assert len(record.plays) == 52
    assert record.passes is not None and all(len(p) == 3 for p in record.passes)
    assert sum(record.score) in (26, 78)


def test_record_hand_refuses_an_unfinished_hand():
    match = Match.new("american", seed=1)
    pos = match.deal_next_hand()
    with pytest.raises(ValueError, match="not over"):
        match.record_hand(pos.hands, pos)


def test_match_refuses_a_player_count_the_variant_does_not_allow():
    with pytest.raises(ValueError, match="is for 4 players, not 5"):
        Match.new("american", players=5)
    with pytest.raises(ValueError, match="is for 3,5 players, not 4"):  # three-five: 3 or 5, not 4 (§4)
        Match.new("three-five", players=4)


def test_play_match_needs_one_bot_per_seat():
    with pytest.raises(ValueError, match="need 4 bots"):
        play_match(Match.new("american"), _bots()[:3])
