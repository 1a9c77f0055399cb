"""Rules of `two-deck` in the core (docs/RULES.md §13, seed S000 L287-297, A46a-b;
worked example TD-1 of §25.7): two copies of every card, 6-10 seats with §13's deal
and kitty, no pass, the dealer's left leads any card (B0), the earlier of two
identical cards wins, hearts 1 and each Q♠ 13 (52), the moon of both copies of every
penalty card (A46b) giving the others +52, partners n/2 apart (A46a), the end at 200.
The variant is not in the registry yet (the match flow, the engine process and the
sampler do not carry two copies): these tests build its rules with
copas_ai.variants.two_deck.two_deck_rules. Whole hands are checked against the
independent referee of tests/support/independent_referee_two_deck.py."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from support.independent_referee_two_deck import DEAL, TwoDeckReferee, match_over, winners

import copas_ai as ca
from copas_ai._core import IdenticalCardWins, InvalidPositionError, solver_unsupported
from copas_ai.variants.two_deck import two_deck_rules

VARIANT = "two-deck"
RANKS = "23456789TJQKA"


def names(cardset) -> set[str]:
    return {str(c) for c in cardset}


def multiset(pos: ca.Position, seat: int) -> Counter:
    return Counter(names(pos.hand(seat))) + Counter(names(pos.twins[seat]))


def won_multiset(pos: ca.Position, seat: int) -> Counter:
    return Counter(names(pos.won[seat])) + Counter(names(pos.won_twins[seat]))


def position_of(rules, hands: list[list[str]], dealer: int) -> ca.Position:
    """A Position from hands given as card lists, a card twice where the seat holds both copies."""
    once = [ca.CardSet(sorted(set(h))) for h in hands]
    twice = [ca.CardSet(sorted(c for c, k in Counter(h).items() if k == 2)) for h in hands]
    return ca.Position(rules, once, dealer=dealer, twins=twice)


def fixed_deal(players: int, fixed: list[list[str]], no_spades: set[int] = frozenset(), seed: int = 0) -> list[list[str]]:
    """Each seat's `fixed` cards, the rest of the two decks dealt at random (seats in
    `no_spades` get none), to §13's hand size."""
    size = DEAL[players][0]
    rest = Counter({r + s: 2 for r in RANKS for s in "CDHS"}) - Counter(c for f in fixed for c in f)
    rng = random.Random(seed)
    spades = [c for c in rest.elements() if c[1] == "S"]
    others = [c for c in rest.elements() if c[1] != "S"]
    rng.shuffle(spades)
    rng.shuffle(others)
    hands = [list(f) for f in fixed]
    for s in range(players):
        if s in no_spades:
            continue
        while spades and len(hands[s]) < size:
            hands[s].append(spades.pop())
    for s in range(players):
        while len(hands[s]) < size:
            hands[s].append(others.pop())
    assert not spades, "the spades must fit the seats that may hold them"
    return hands


def td1_position(identical=IdenticalCardWins.EARLIER) -> ca.Position:
    # Seat 7 deals, seat 0 leads the 4♠; seats 3 and 6 hold no spade and discard hearts.
    rules = two_deck_rules(8)
    rules.identical_card_wins = identical
    fixed = [["4S"], ["2S"], ["KS"], ["3H"], ["5S"], ["KS"], ["7H"], ["QS"]]
    return position_of(rules, fixed_deal(8, fixed, no_spades={3, 6}), dealer=7)


def play_td1(pos: ca.Position) -> None:
    for card in ("4S", "2S", "KS", "3H", "5S", "KS", "7H", "QS"):
        pos.push(card)


def test_two_deck_td1_the_earlier_king_of_spades_wins_and_takes_the_queen():
    pos = td1_position()
    assert pos.turn == 0  # the dealer's (seat 7's) left
    play_td1(pos)
    assert pos.tricks_won(2) == 1 and pos.leader == 2
    assert won_multiset(pos, 2) == Counter(["4S", "2S", "KS", "KS", "3H", "5S", "7H", "QS"])
    assert pos.points_taken()[2] == 13 + 2  # the Q♠ and the two hearts


def test_two_deck_identical_cards_later_wins_as_data_for_uno_hearts():
    # RuleSet.identical_card_wins = LATER (uno-hearts, §15, later): the same trick goes to seat 5.
    pos = td1_position(IdenticalCardWins.LATER)
    play_td1(pos)
    assert pos.tricks_won(5) == 1 and pos.points_taken()[5] == 15


def test_two_deck_a_seat_holding_both_copies_keeps_the_other_after_playing_one():
    hands = fixed_deal(8, [["KS", "KS"], [], [], [], [], [], [], []], seed=3)
    pos = position_of(two_deck_rules(8), hands, dealer=7)
    assert "KS" in names(pos.twins[0])
    pos.push("KS")
    assert "KS" in names(pos.hand(0)) and "KS" not in names(pos.twins[0])  # mid-trick: one copy left
    for _ in range(7):
        pos.push(sorted(names(pos.legal_moves()))[0])
    assert multiset(pos, 0)["KS"] == 1 and pos.tricks_won(0) == 1  # the trick's end: still one
    for _ in range(8):
        pos.pop()
    assert multiset(pos, 0)["KS"] == 2 and won_multiset(pos, 0) == Counter()


@pytest.mark.parametrize("players", [6, 7, 8, 9, 10])
def test_two_deck_deals_section_13s_hands_and_kitty(players):
    rules = two_deck_rules(players)
    size, kitty = DEAL[players]  # 17+2, 14+6, 13+0, 11+5, 10+4
    assert (rules.hand_size, rules.kitty_size) == (size, kitty)
    for seed in range(5):
        hands, twins = ca.deal_twins(rules, seed)
        pos = ca.Position(rules, hands, dealer=players - 1, twins=twins)
        assert [sum(multiset(pos, s).values()) for s in range(players)] == [size] * players
        assert len(pos.kitty) + len(pos.kitty_twins) == kitty
        every = sum((multiset(pos, s) for s in range(players)), Counter())
        every += Counter(names(pos.kitty)) + Counter(names(pos.kitty_twins))
        assert every == Counter({r + s: 2 for r in RANKS for s in "CDHS"})  # 104 cards, each twice
        assert pos.pass_plan == [] and pos.phase == "playing" and pos.turn == 0  # no pass; dealer's left


def test_two_deck_refuses_other_seat_counts_and_odd_partnerships():
    for players in (5, 11):
        with pytest.raises(ValueError, match="6 to 10"):
            two_deck_rules(players)
    with pytest.raises(ValueError, match="6, 8 or 10"):
        two_deck_rules(7, partners=True)


def test_two_deck_refuses_impossible_deals_by_name():
    rules = two_deck_rules(8)
    hands, twins = ca.deal_twins(rules, 1)
    with pytest.raises(InvalidPositionError, match="not among its cards"):
        ca.Position(rules, hands, twins=[twins[1]] + twins[1:])
    thrice = [hands[0]] + hands[1:]
    thrice[1] = hands[0]
    with pytest.raises(InvalidPositionError, match="impossible deal"):
        ca.Position(rules, thrice, twins=twins)
    with pytest.raises(InvalidPositionError, match="use deal_twins"):
        ca.deal(rules, 1)
    with pytest.raises(InvalidPositionError, match="no twins"):
        ca.Position(ca.find_variant("american").rules(), ca.deal(ca.find_variant("american").rules(), 1), twins=[ca.CardSet()] * 4)


def test_two_deck_rules_the_core_cannot_carry_yet_are_refused_by_name():
    rules = two_deck_rules(8)
    rules.pool_cards = 3
    with pytest.raises(InvalidPositionError,
                       match="two copies of a card .* cannot be played with a pass chain, split pass or pool"):
        ca.Position(rules, *ca.deal_twins(two_deck_rules(8), 1)[:1])
    rules = two_deck_rules(6)
    rules.kitty_use = ca.KittyUse.INTO_HAND
    with pytest.raises(InvalidPositionError, match="into-hand"):
        ca.deal_twins(rules, 1)


def test_two_deck_the_solver_refuses_by_name():
    rules = two_deck_rules(8)
    pos = ca.Position(rules, *ca.deal_twins(rules, 2)[:1], twins=ca.deal_twins(rules, 2)[1])
    assert "two copies of a card" in solver_unsupported(pos, ca.MatchState([0] * 8))


def test_two_deck_the_one_copy_sampler_refuses_two_copies_by_name():
    # WorldSampler and the seat views hold one copy of each card; the search uses
    # the two-copy sampler instead (tests/test_sampler_two_deck.py).
    rules = two_deck_rules(8)
    hands, twins = ca.deal_twins(rules, 4)
    pos = ca.Position(rules, hands, twins=twins)
    with pytest.raises(InvalidPositionError, match="two copies of a card"):
        ca.WorldSampler(pos, 1)


def test_two_deck_values_each_heart_1_and_each_queen_of_spades_13():
    # Found by seed: a hand where one seat takes both Q♠; its points count both (26 + hearts).
    rules = two_deck_rules(8)
    for seed in range(200):
        pos, ref = random_hand(rules, seed)
        both = [s for s in range(8) if won_multiset(pos, s)["QS"] == 2]
        if both:
            s = both[0]
            hearts = sum(k for c, k in won_multiset(pos, s).items() if c[1] == "H")
            assert pos.points_taken()[s] == 26 + hearts
            assert sum(pos.points_taken()) == 52 and pos.score() == ref.scores()
            return
    pytest.fail("no seed gave one seat both Q♠")


def test_two_deck_the_moon_is_every_copy_and_gives_the_others_52():
    # Seat 0 leads each ace, then (both aces its own) each king: it wins all 13 tricks.
    aces = ["AC", "AC", "KC", "KC", "AD", "AD", "KD", "KD", "AS", "AS", "KS", "AH", "AH"]
    pos = position_of(two_deck_rules(8), fixed_deal(8, [aces] + [[]] * 7, seed=5), dealer=7)
    for card in aces:
        assert pos.turn == 0
        pos.push(card)
        for _ in range(7):
            pos.push(sorted(names(pos.legal_moves()))[-1])
    assert pos.is_over() and pos.moon_shooter() == 0
    assert pos.score() == [0] + [52] * 7


def test_two_deck_one_copy_of_each_penalty_card_is_not_the_moon():
    # A46b: the seat with every heart and Q♠ once (the other copies elsewhere) is no shooter.
    for seed in range(300):
        pos, ref = random_hand(two_deck_rules(6), seed)
        for s in range(6):
            won = won_multiset(pos, s)
            if all(won[r + "H"] >= 1 for r in RANKS) and won["QS"] >= 1 and not all(won[r + "H"] == 2 for r in RANKS):
                assert pos.moon_shooter() is None and pos.score() == ref.scores()
                return
    pytest.skip("no seed gave a seat every penalty card once")


@pytest.mark.parametrize("players", [6, 8, 10])
def test_two_deck_partners_sit_opposite_and_sum_a46a(players):
    rules = two_deck_rules(players, partners=True)
    assert rules.teams == players // 2
    half = players // 2
    totals = [10 * s + 5 for s in range(half)] + [0] * half  # each side apart; seat 0's side lowest
    totals[1], totals[1 + half] = 120, 80  # seat 1's side at 200, neither seat alone
    over, won = ca.match_outcome(rules, totals)
    assert over and sorted(won) == [0, half] == sorted(winners(totals, True)) and match_over(totals, True)
    assert not ca.match_outcome(two_deck_rules(players), totals)[0]  # alone, nobody has 200


def test_two_deck_the_match_ends_at_200_and_the_lowest_wins():
    rules = two_deck_rules(7)
    totals = [199, 150, 20, 35, 60, 80, 100]
    assert not ca.match_outcome(rules, totals)[0] and not match_over(totals, False)
    totals[0] = 200
    assert ca.match_outcome(rules, totals) == (True, [2]) and winners(totals, False) == [2]


def random_hand(rules, seed: int):
    """A hand played out at random, the engine and the independent referee side by side."""
    n = rules.players
    rng = random.Random(seed)
    hands, twins = ca.deal_twins(rules, seed)
    dealer = seed % n
    pos = ca.Position(rules, hands, dealer=dealer, twins=twins)
    ref = TwoDeckReferee([sorted(multiset(pos, s).elements()) for s in range(n)], dealer)
    while not pos.is_over():
        assert pos.turn == ref.turn
        legal = names(pos.legal_moves())
        assert legal == ref.legal()
        card = rng.choice(sorted(legal))
        pos.push(card)
        ref.play(card)
        assert [multiset(pos, s) for s in range(n)] == ref.held
    assert ref.over()
    return pos, ref


@pytest.mark.parametrize("players,partners", [(6, False), (6, True), (7, False), (8, False), (8, True),
                                              (9, False), (10, True)])
def test_two_deck_whole_hands_match_the_independent_referee(players, partners):
    rules = two_deck_rules(players, partners)
    for seed in range(25):
        pos, ref = random_hand(rules, seed)
        assert [won_multiset(pos, s) for s in range(players)] == ref.won
        assert pos.score() == ref.scores()
        assert pos.tricks_done == len(ref.tricks)
        total, _, _ = ca.add_hand_to_match(pos, [0] * players)
        assert total == ref.scores()


def test_two_deck_undo_takes_every_card_back_to_the_deal():
    rules = two_deck_rules(6)
    for seed in range(10):
        pos, _ = random_hand(rules, seed)
        moves, score = pos.moves, pos.score()
        hands, twins = ca.deal_twins(rules, seed)
        while pos.moves:
            pos.pop()
        assert pos.hands == hands and pos.twins == twins
        assert all(won_multiset(pos, s) == Counter() for s in range(6)) and pos.kitty_taker is None
        for _, card in moves:
            pos.push(card)
        assert pos.score() == score


def test_two_deck_the_cores_random_hands_score_52_points_a_hand():
    # The core's own loop (deal_random_twins, random play, hand_scores): 52 points a
    # hand, or a moon's 52 to each other seat.
    for players in (6, 8, 10):
        rules = two_deck_rules(players)
        stats = ca.random_hands(rules, 200, 7)
        assert stats["hands"] == 200 and stats["plays"] == 200 * players * DEAL[players][0]
        assert sum(stats["score_sum"]) == 52 * (200 + (players - 2) * stats["moons"])
