"""`betting-chips` (docs/RULES.md §19, A52a-c; worked examples BE-1, BE-2 of §25.9):
the deal with the 52 mod N cards removed unseen, the hand rules, the settlement in
chips (checked against tests/support/independent_scorer_chips.py), partial payment and
elimination, the hands after an elimination, the records and the engine's refusals."""

from __future__ import annotations

import copy
import random

import pytest
from support.independent_scorer_chips import hearts_taken, outcome, settle

import copas_ai as ca
from copas_ai.analysis.analyse import AnalysisSettings, analyse
from copas_ai.analysis.record import RecordError, dump_record, read_record, record_from_match, replay
from copas_ai.analysis.selfplay import selfplay
from copas_ai.bots import RandomBot
from copas_ai.game import Match, play_match
from copas_ai.search import Limit

HEARTS = ca.CardSet.suit(2)


def play_randomly(p: ca.Position, seed: int) -> None:
    """Plays the hand to its end by seeded random legal cards."""
    rng = random.Random(seed)
    while not p.is_over():
        p.push(rng.choice(sorted(p.legal_moves(), key=int)))


def played_hand(variant: str, players: int, seed: int) -> ca.Position:
    """A seeded deal played to its end by random legal cards."""
    rules = ca.find_variant(variant).rules(players)
    p = ca.Position(rules, ca.deal(rules, seed), dealer=seed % players, hand_no=0)
    play_randomly(p, seed)
    return p


def taken(p: ca.Position) -> list[int]:
    return [len(p.won[s] & HEARTS) for s in range(p.players)]


def hand_with(variant: str, players: int, hearts: list[int], removed_hearts: int = 0) -> ca.Position:
    """The first seeded hand whose seats took these hearts (in some order)."""
    for seed in range(20000):
        p = played_hand(variant, players, seed)
        if sorted(taken(p)) == sorted(hearts) and 13 - sum(taken(p)) == removed_hearts:
            return p
    raise AssertionError("no seed gives the situation")


def chips_after(p: ca.Position, chips: list[int], pot: int = 0) -> tuple[list[int], int]:
    state = ca.MatchState(chips)
    state.pot = pot
    state.add_hand(p)
    return state.totals, state.pot


@pytest.mark.parametrize("players", range(2, 9))
def test_betting_chips_a52a_deal_removes_52_mod_n_cards_unseen(players):
    """betting-chips with <players> seats: 52 // N cards each, the rest dealt to nobody (no
    kitty, never taken); hearts 1, the Q♠ 0, no pass, no moon, the chips start at 50."""
    v = ca.find_variant("betting-chips")
    r = v.rules(players)
    assert r.hand_size == 52 // players and r.kitty_size == 0 and len(r.deck) == 52
    assert r.card_points == {c: 1 for c in HEARTS} and not r.pass_plan(0) and r.moon == ca.MoonRule.NONE
    assert r.start_chips == 50 and r.first_lead == ca.FirstLead.DEALER_LEFT
    p = ca.Position(r, ca.deal(r, 7), dealer=0, hand_no=0)
    dealt = ca.CardSet()
    for h in p.hands:
        dealt = dealt | h
    assert len(ca.CardSet.full_deck() - dealt) == 52 % players and len(p.kitty) == 0
    assert v.seat_counts == tuple(range(2, 9))


def test_betting_chips_options_start_chips_and_betting_base():
    assert ca.find_variant("betting-chips+start-chips=12").rules().start_chips == 12
    assert ca.find_variant("betting-chips+start-chips").rules().start_chips == 50
    assert ca.find_variant("betting-chips+betting-base=13").rules().chip_base_all_hearts
    for bad, why in (("betting-chips+start-chips=0", "not 1 to 1000000"), ("betting-chips+start-chips=x", "'x'"),
                     ("betting-chips+betting-base=12", "unknown value '12'")):
        with pytest.raises(ca.VariantNotFoundError, match=why):
            ca.find_variant(bad)


def test_betting_chips_b0_the_dealers_left_leads_any_card_hearts_included():
    """§19: the dealer's left leads any card; no first-trick ban and no breaking (B0)."""
    r = ca.find_variant("betting-chips").rules(4)
    p = ca.Position(r, ca.deal(r, 3), dealer=2, hand_no=0)
    assert p.turn == 3 and p.legal_moves() == p.hand(3)


def test_betting_chips_be1_four_players_7_3_3_0_net_minus15_plus1_plus1_plus13():
    """BE-1: 4 players take 7, 3, 3, 0 hearts: they pay 21, 9, 9, 0 (pot 39) and take
    6, 10, 10, 13: net -15, +1, +1, +13 (the source's "takes 4" is a slip, [^5])."""
    p = hand_with("betting-chips", 4, [7, 3, 3, 0])
    after, pot = chips_after(p, [50] * 4)
    net = {7: -15, 3: 1, 0: 13}
    assert [a - 50 for a in after] == [net[h] for h in taken(p)] and pot == 0
    assert p.score() == taken(p)  # the hand's score is the hearts taken (the searches' objective)


def test_betting_chips_be2_five_players_one_heart_removed_takings_use_hearts_in_play():
    """BE-2: 5 players, one heart among the 2 removed cards (H = 12); they take 5, 4, 2, 1, 0
    and pay 20, 16, 8, 4, 0 = 48; under A52b they take H - h = 7, 8, 10, 11, 12 = 48: it balances."""
    p = hand_with("betting-chips", 5, [5, 4, 2, 1, 0], removed_hearts=1)
    after, pot = chips_after(p, [50] * 5)
    net = {5: 7 - 20, 4: 8 - 16, 2: 10 - 8, 1: 11 - 4, 0: 12}
    assert [a - 50 for a in after] == [net[h] for h in taken(p)] and pot == 0


def test_betting_chips_be2_literal_base_13_leaves_the_pot_short():
    """BE-2 under betting-base=13: the literal takings (53) exceed the payments (48); the pot
    pays them from the dealer's left while it lasts, so the last seat in turn goes short
    and no chip is created."""
    p = hand_with("betting-chips", 5, [5, 4, 2, 1, 0], removed_hearts=1)
    literal = ca.find_variant("betting-chips+betting-base=13").rules(5)
    q = ca.Position(literal, played_deal(p), dealer=p.dealer, hand_no=0)
    for seat, card in p.moves:
        q.push(card, seat=seat)
    after, pot = chips_after(q, [50] * 5)
    assert sum(after) + pot == 250 and pot == 0
    assert (after, pot) == settle([50] * 5, 0, taken(q), q.dealer, base_13=True)
    last = (q.dealer + 5) % 5  # the dealer takes last
    assert after[last] - 50 == (13 - taken(q)[last]) - 5 - taken(q)[last] * 4


def played_deal(p: ca.Position) -> list[ca.CardSet]:
    """The cards each seat was dealt (every card played by the end)."""
    dealt = [ca.CardSet() for _ in range(p.players)]
    for seat, card in p.moves:
        dealt[seat].add(card)
    return dealt


def test_betting_chips_a52c_a_seat_that_cannot_pay_pays_what_it_has_and_takes_its_takings():
    """A52c: the seat that took 7 hearts owes 21 but holds 10: it pays 10, takes its 6 and
    stays in; the others settle in full."""
    p = hand_with("betting-chips", 4, [7, 3, 3, 0])
    poor = taken(p).index(7)
    chips = [10 if s == poor else 50 for s in range(4)]
    after, pot = chips_after(p, chips)
    assert after[poor] == 6 and (after, pot) == settle(chips, 0, taken(p), p.dealer)


def test_betting_chips_a52c_a_seat_left_on_zero_is_out_and_the_next_hand_skips_it():
    """A52c: a seat ending a hand on 0 chips is out; the next hand is dealt to the seats
    left (52 // (N - 1) cards each), the deal rotating among them; the record names them."""
    match = Match.new("betting-chips+start-chips=6", players=4, seed=2)
    while len(match.seats_in_play()) == 4:
        p = match.deal_next_hand()
        dealt = p.hands
        before = list(match.totals), match.state.pot
        play_randomly(p, seed=len(match.hands))
        match.record_hand(dealt, p)
        assert (match.totals, match.state.pot) == settle(*before, taken(p), p.dealer)
    out = [s for s in range(4) if match.totals[s] == 0]
    assert out and match.seats_in_play() == [s for s in range(4) if s not in out]
    n = 4 - len(out)
    p = match.deal_next_hand()
    assert p.players == n and p.rules.hand_size == 52 // n
    assert match.seats_in_play()[p.dealer] not in out


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2), (5, 3), (6, 4), (8, 5)])
def test_betting_chips_random_matches_end_with_the_last_seat_holding_chips(players, seed):
    """betting-chips with <players> seats, seed <seed>: a whole match of random bots, every
    hand's hearts and settlement as the independent scorer reads them; the chips are
    conserved (seats and pot) and the last seat holding chips wins."""
    match = Match.new("betting-chips+start-chips=12", players=players, seed=seed)
    chips, pot = [12] * players, 0
    play_match(match, [RandomBot(seed=s) for s in range(players)], max_hands=500)
    for hand in match.hands:
        plays = [str(card) for _, card in hand.plays]
        hearts = hearts_taken(plays, len(hand.deal), hand.dealer)
        assert hand.score == hearts
        assert (hand.seats or list(range(players))) == [s for s in range(players) if chips[s] > 0]
        chips, pot = settle(chips, pot, hearts, hand.dealer)
        assert sum(chips) + pot == 12 * players
    assert (match.totals, match.state.pot) == (chips, pot)
    assert match.outcome() == outcome(chips) and match.outcome()[0]


def test_betting_chips_record_carries_chips_seats_and_removed_cards_and_reads_back():
    """copas-game/1: each hand carries the chips before it, the seats in play once one is out
    and the removed cards; the reader replays the match and refuses a wrong statement."""
    match = Match.new("betting-chips+start-chips=8", players=5, seed=4)
    play_match(match, [RandomBot(seed=s) for s in range(5)], max_hands=500)
    data = record_from_match(match)
    last = data["hands"][-1]
    assert "seats" in last and len(last["deal"]) == len(last["seats"]) < 5
    assert all(len(h["removed"]) == 52 % len(h["deal"]) for h in data["hands"])
    record = read_record(dump_record(data))
    assert [h.score for h in record.hands] == [h.score for h in match.hands]
    assert [h.seats for h in record.hands] == [h.seats for h in match.hands]
    for key, value in (("chips", [1, 2, 3, 4, 5]), ("removed", ["2C", "3C"]), ("seats", [0, 1])):
        broken = copy.deepcopy(data)
        broken["hands"][1][key] = value
        with pytest.raises(RecordError, match=f"hand 2, {key}"):
            read_record(broken)


def test_betting_chips_analyse_judges_hands_after_an_elimination_in_match_seats():
    """`analyse` on a betting-chips record where a seat went out: each hand is searched with
    its own seat count, every card of every hand is judged once, and the decisions, the
    hand scores and the players' points are reported in match seats (an out seat: 0)."""
    match = Match.new("betting-chips+start-chips=4", players=4, seed=4)
    play_match(match, [RandomBot(seed=s) for s in range(4)], max_hands=500)
    record = read_record(dump_record(record_from_match(match)))
    assert any(h.seats for h in record.hands)
    result = analyse(record, AnalysisSettings(limit=Limit(iterations=60), double_dummy_trick=None))
    for hand in record.hands:
        judged = [d for d in result.decisions if d.hand == hand.hand_no + 1]
        assert len(judged) == len(hand.plays)
        assert {d.seat for d in judged} == set(hand.seats or range(4))
    for report, hand in zip(result.hands, record.hands):
        seats = hand.seats or list(range(4))
        assert report.score == [hand.score[seats.index(s)] if s in seats else 0 for s in range(4)]
    assert [p.points for p in result.players] == [sum(h.score[s] for h in result.hands) for s in range(4)]


def test_betting_chips_selfplay_record_reads_back_after_eliminations():
    """`selfplay` plays a betting-chips match past its eliminations (each hand's bots the
    seats still in) and writes a record the reader replays to the same end."""
    data = selfplay("betting-chips+start-chips=5", ["random"], hands=500, seed=3, players=4)
    record = read_record(data)
    assert any(h.seats for h in record.hands)
    final = ca.MatchState([5] * 4)
    for hand in record.hands:
        final.add_hand(replay(record, hand))
    assert final.outcome(record.rules)[0]


def test_betting_chips_a_hand_for_another_count_of_seats_with_chips_is_refused():
    """MatchState.add_hand under chips: the hand must have one seat per seat still holding chips."""
    p = hand_with("betting-chips", 4, [7, 3, 3, 0])
    with pytest.raises(ca.InvalidPositionError, match="a 4-player hand for a match with 3 seats holding chips"):
        ca.MatchState([5, 0, 5, 5]).add_hand(p)
