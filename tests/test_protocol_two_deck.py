"""`two-deck` (docs/RULES.md §13, S000 L287-297, A46a-b) in the registry, the protocol and
the records (docs/PROTOCOL.md, "Two copies of a card"): a hand lists a card twice when it
holds both copies, a move names a value; a seat's view draws its world from the two-copy
sampler; whole matches at every seat count go through the engine process and are rescored
by the independent referee of tests/support/independent_referee_two_deck.py.
"""

from __future__ import annotations

import json
import sys
from collections import Counter

import pytest
from support.cep.process import EngineProcess
from support.independent_referee_two_deck import TwoDeckMatch
from support.twin_matches import play_through_engine

import copas_ai as ca
from copas_ai._core import match_equity_unsupported, twin_worlds
from copas_ai.analysis.analyse import AnalysisSettings, analyse, decision_points, view_world
from copas_ai.analysis.record import dump_record, read_record, record_from_match, replay
from copas_ai.arena.cep_player import CepBot, close_engines, seat_view_text
from copas_ai.bots import make_bot
from copas_ai.cep.facade import Engine
from copas_ai.cep.position_text import position_to_text
from copas_ai.errors import PositionTextError, RecordError
from copas_ai.game import Match, play_hand, play_match
from copas_ai.search import Limit

VARIANT = "two-deck"


def multiset(once, twice) -> Counter:
    return Counter(map(str, once)) + Counter(map(str, twice))


def held(pos: ca.Position, seat: int) -> Counter:
    return multiset(pos.hand(seat), pos.twins[seat])


def loaded(line: str) -> Engine:
    engine = Engine()
    engine.set_position(line.split()[1:])
    return engine


def position_with_a_pair(seed: int = 1, players: int = 8) -> ca.Position:
    """A dealt hand in which some seat holds both copies of a card."""
    while True:
        match = Match.new(VARIANT, players, seed=seed)
        pos = match.deal_next_hand()
        if any(pos.twins[s] for s in range(players)):
            return pos
        seed += 1


def played_out(pos: ca.Position, plays: int, seed: int = 1) -> ca.Position:
    bot = make_bot("random", seed=seed)
    for _ in range(plays):
        pos.push(bot.choose_card(pos, pos.turn), seat=pos.turn)
    return pos


def test_two_deck_is_registered_8_seats_by_default_partners_at_6_8_10():
    variant = ca.find_variant(VARIANT)
    assert variant.seat_counts == (6, 7, 8, 9, 10) and variant.default_players == 8  # 13 each, no kitty
    assert variant.rules().hand_size == 13 and variant.rules().kitty_size == 0 and variant.rules().copies == 2
    partners = ca.find_variant("two-deck+partners")
    assert partners.seat_counts == (6, 8, 10) and partners.rules(6).teams == 3
    assert "two-deck+partners" in ca.catalogue_ids()
    with pytest.raises(ValueError, match="6, 8 or 10"):
        partners.rules(7)


def test_two_deck_position_lists_a_card_held_twice_twice_and_the_engine_answers():
    pos = played_out(position_with_a_pair(), 5)
    line = position_to_text(pos, VARIANT)
    seat = next(s for s in range(pos.players) if pos.twins[s])
    pair = str(next(iter(pos.twins[seat])))
    assert f"{pair},{pair}" in line.split(" hand ")[seat + 1]
    engine = loaded(line)
    assert [held(engine.position.position, s) for s in range(pos.players)] == [held(pos, s) for s in range(pos.players)]
    assert engine.legal().moves == pos.legal_moves()
    picture = "\n".join(engine.show())
    assert f"{pair},{pair}" in picture and "removed" not in picture


def test_two_deck_position_refuses_a_third_copy_by_name():
    pos = position_with_a_pair()
    seat = next(s for s in range(pos.players) if pos.twins[s])
    pair = str(next(iter(pos.twins[seat])))
    words = position_to_text(pos, VARIANT).split()
    at = words.index("hand") + 3 * seat + 2  # the seat's cards
    with pytest.raises(PositionTextError, match=f"card {pair} listed 3 times \\(two decks hold 2\\)"):
        loaded(" ".join(words[:at] + [f"{words[at]},{pair}"] + words[at + 1:]))
    # Another seat given a copy too: the core's deal check names the card.
    other = (seat + 1) % pos.players
    at = words.index("hand") + 3 * other + 2
    swapped = ",".join([pair] + words[at].split(",")[1:])
    culprit = f"hand {max(seat, other)} "  # the later seat in seat order takes the third copy
    with pytest.raises(PositionTextError, match=f"{culprit}.*impossible deal: card {pair} is dealt more than twice"):
        loaded(" ".join(words[:at] + [swapped] + words[at + 1:]))


def test_one_copy_variants_still_refuse_a_card_listed_twice():
    with pytest.raises(PositionTextError, match="card 2C listed twice"):
        loaded("position variant american hand 0 2C,2C")


@pytest.mark.parametrize("players", [6, 8, 10])
def test_two_deck_a_seats_view_is_the_two_copy_samplers_draw(players):
    """The world a one-hand view loads is exactly the sampler's draw on the true
    position (same knowledge, same seed): uniform as the sampler is
    (tests/test_sampler_two_deck.py checks the sampler against an enumeration)."""
    pos = played_out(position_with_a_pair(3, players), 3 * players + 2)
    seat = pos.turn
    world = loaded(seat_view_text(pos, seat, VARIANT)).position.position
    hands, _kitty = twin_worlds(pos, seat, 1, 1)[0]  # the world builder's seed
    assert [held(world, s) for s in range(players)] == [Counter(h) for h in hands]
    assert held(world, seat) == held(pos, seat)
    assert world.moves == pos.moves and world.legal_moves() == pos.legal_moves()


@pytest.mark.parametrize("players", [6, 9])
def test_two_deck_a_seats_view_gives_the_true_legal_moves_over_a_whole_hand(players):
    pos = Match.new(VARIANT, players, seed=5).deal_next_hand()
    bot = make_bot("random", seed=2)
    while not pos.is_over():
        seat = pos.turn
        engine = loaded(seat_view_text(pos, seat, VARIANT))
        assert engine.legal().moves == pos.legal_moves(), pos.moves
        pos.push(bot.choose_card(pos, seat), seat=seat)


def test_two_deck_a_seats_view_refuses_a_third_copy_and_a_card_it_lacks():
    deals = (position_with_a_pair(seed) for seed in range(1, 50))
    pos = next(p for p in deals if any(p.twins[s] for s in range(p.players) if s != p.turn))
    leader = pos.turn
    seat = next(s for s in range(pos.players) if pos.twins[s] and s != leader)
    pair = next(iter(pos.twins[seat]))
    with pytest.raises(PositionTextError, match=f"move {leader}:{pair}: .*both copies of {pair} are already seen"):
        loaded(f"{seat_view_text(pos, seat, VARIANT)} moves {leader}:{pair}")
    lacking = next(c for c in ca.CardSet.full_deck() if c not in pos.hand(leader))
    with pytest.raises(PositionTextError, match=f"move {leader}:{lacking}: .*{lacking}"):
        loaded(f"{seat_view_text(pos, leader, VARIANT)} moves {leader}:{lacking}")


def test_two_deck_records_round_trip_with_cards_listed_twice():
    match = Match.new(VARIANT, 6, seed=4)
    play_match(match, [make_bot("random", seed=s) for s in range(6)])
    data = record_from_match(match)
    back = read_record(dump_record(data))
    assert len(back.hands) == len(match.hands) and [h.twins for h in back.hands] == [h.twins for h in match.hands]
    pairs = [cards for cards in data["hands"][0]["deal"] if len(set(cards)) < len(cards)]
    assert pairs  # some seat was dealt both copies of a card, and its list names it twice
    for hand in back.hands:
        final = replay(back, hand)
        assert final.is_over() and final.score() == hand.score


def test_two_deck_record_refuses_a_third_copy_by_name():
    match = Match.new(VARIANT, 6, seed=4)
    play_match(match, [make_bot("random", seed=s) for s in range(6)], max_hands=1)
    data = json.loads(dump_record(record_from_match(match)))
    deal = data["hands"][0]["deal"]
    third = deal[0][2]
    deal[0][0] = deal[0][1] = third
    with pytest.raises(RecordError, match=f"deal of seat 0: .*card {third} listed 3 times"):
        read_record(data)


@pytest.mark.parametrize("variant_id,players", [(VARIANT, n) for n in (6, 7, 8, 9, 10)]
                         + [("two-deck+partners", n) for n in (6, 8, 10)])
def test_two_deck_complete_matches_through_the_engine_confirmed_by_the_referee(variant_id, players):
    with EngineProcess() as engine:
        for seed in range(1, 11):
            assert play_through_engine(engine, variant_id, players, seed).is_over()
        code, err = engine.close()
    assert code == 0 and b"Traceback" not in err


def test_two_deck_the_engine_plays_a_hand_from_its_seats_view():
    """CepBot (the arena's and the GUI's engine player) asks `go` on seat 0's view at
    every turn; each answer is legal and the hand ends."""
    pos = Match.new(VARIANT, 8, seed=7).deal_next_hand()
    bots = [CepBot(f"{sys.executable} -m copas_ai engine", 1, VARIANT, iterations=200)] + [
        make_bot("random", seed=s) for s in range(1, 8)]
    try:
        play_hand(pos, bots)
    finally:
        close_engines()
    assert pos.is_over() and sum(pos.score()) in (52, 7 * 52)


def test_two_deck_analyse_judges_each_card_from_the_seats_view_and_names_the_missing_double_dummy():
    """`analyse` on a two-deck record: every card of seat 2 is judged by the search from
    a world of the two-copy sampler (the seat's own cards, both copies included, as dealt),
    the card played among the rated ones; the double-dummy line is missing with the solver's
    reason (two copies)."""
    match = Match.new(VARIANT, 8, seed=6)
    play_match(match, [make_bot("heuristic", seed=s) for s in range(8)], max_hands=1)
    record = read_record(json.loads(dump_record(record_from_match(match))))
    analysis = analyse(record, AnalysisSettings(limit=Limit(iterations=60), seats={2}, hands=(1, 1)))
    mine = [card for seat, card in record.hands[0].plays if seat == 2]
    assert [d.played for d in analysis.decisions] == mine
    assert all(d.loss >= 0 and (d.forced or d.best_score is not None) for d in analysis.decisions)
    assert "two copies" in analysis.double_dummy_missing
    point = next(decision_points(record, record.hands[0], {2}))
    world = view_world(record, point, 1)
    assert held(world, 2) == multiset(record.hands[0].deal[2], record.hands[0].twins[2])


def test_two_deck_the_match_objective_is_refused_by_name():
    """The match-equity model simulates hands of one copy of each card: two-deck is refused
    (`setoption name Objective value match`), never simulated wrongly."""
    assert "two copies" in match_equity_unsupported(ca.find_variant(VARIANT).rules())
    with EngineProcess() as engine:
        engine.ask(f"setoption name Variant value {VARIANT}")
        answer = engine.ask("setoption name Objective value match")
        code, _ = engine.close()
    assert answer and "two copies of every card are not modelled" in answer[0] and code == 0


def test_two_deck_revokes_penalize_referees_a_full_position_and_refuses_a_view_by_name():
    pos = played_out(Match.new(VARIANT, 8, seed=1).deal_next_hand(), 1)
    revoke = next(iter(pos.hand(pos.turn) - pos.legal_moves()))  # the second seat holds the led suit
    line = f"{position_to_text(pos, VARIANT)} {pos.turn}:{revoke}"
    with pytest.raises(PositionTextError, match=f"move {pos.turn}:{revoke}: illegal move"):
        loaded(line)
    engine = Engine()
    engine.set_option("Revokes", "penalize")
    engine.set_position(line.split()[1:])  # a revoke is refereed, not refused
    assert engine.position.position.moves[-1] == (pos.turn, revoke)
    with pytest.raises(PositionTextError, match="one-hand views of two copies of a card take Revokes forbid only"):
        engine.set_position(seat_view_text(pos, pos.turn, VARIANT).split()[1:])


@pytest.mark.parametrize("players", [6, 8, 10])
def test_two_deck_heuristic_bots_play_whole_matches(players):
    """The heuristic bot (the arena's opponent) reads the unseen cards with two copies
    (its moon sense: a card is unseen while one copy is); whole matches end at 200."""
    for seed in (1, 2):
        match = play_match(Match.new(VARIANT, players, seed=seed), [make_bot("heuristic", seed=s) for s in range(players)])
        over, winners = match.outcome()
        assert over and max(match.totals) >= 200 and all(match.totals[w] == min(match.totals) for w in winners)
        assert all(sum(h.score) in (52, 52 * (players - 1)) for h in match.hands)


def test_two_deck_a_tie_for_the_lowest_at_200_plays_extra_hands_as_the_referee_says():
    """§13 ends at 200, the lowest total wins; a tie for the lowest plays tie-break hands
    (Copas Fora's, A11b), which go on until one side is lowest. The core and the
    independent referee agree on each step."""
    rules = ca.find_variant(VARIANT).rules(6)
    referee = TwoDeckMatch(6, partners=False)
    referee.add_hand([210, 40, 40, 100, 120, 150])
    assert ca.match_outcome(rules, referee.totals) == referee.outcome() == (False, []) and referee.tiebreak
    referee.add_hand([0, 0, 1, 0, 0, 0])  # a tie-break hand: seat 1 alone is lowest
    state = ca.MatchState(referee.totals, tiebreak=True)
    assert state.outcome(rules) == referee.outcome() == (True, [1])
    sides = TwoDeckMatch(6, partners=True)  # A46a: seat s and s + 3 are a side, summed
    sides.add_hand([100, 20, 30, 110, 20, 30])
    assert ca.match_outcome(ca.find_variant("two-deck+partners").rules(6), sides.totals) == sides.outcome() == (True, [1, 4])


@pytest.mark.parametrize("variant", ["two-deck", "cancellation"])
def test_show_of_a_seats_view_in_a_two_copy_game_without_a_pass(variant):
    """two-deck (§13) and cancellation (§14) have no pass: `show` of a one-seat view writes the
    seat's hand (a card held twice twice) and no pass (once, an internal error: the uno-hearts
    pass line was read for every two-copy view)."""
    pos = played_out(Match.new(variant, 8, seed=4).deal_next_hand(), 8 * 2 + 3)
    seat = pos.turn
    engine = Engine()
    engine.set_position(seat_view_text(pos, seat, variant).split()[1:])
    picture = engine.show()
    mine = next(line for line in picture if line.startswith(f"seat {seat}  holds"))
    assert "passed" not in mine and "received" not in mine and mine.endswith("<- engine")
    assert Counter(mine.split()[3].split(",")) == Counter(str(c) for c in pos.hand(seat)) + Counter(str(c) for c in pos.twins[seat])
