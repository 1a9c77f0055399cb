"""Rules of `cancellation` in the core (docs/RULES.md §14, seed S000 L299-303, A47; worked
examples CA-1..CA-4 of §25.7): two-deck (§13) but two identical cards in a trick cancel, the
highest led-suit card played once wins; a trick without one is carried (its leader leads
again, the next winner takes it too); the hand's last trick cancelled goes to its leader
with every carried trick, so a hand of cancelled tricks is the first leader's moon. Whole
hands at every seat count are checked against the independent referee of
tests/support/independent_referee_cancellation.py."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from support.independent_referee_cancellation import CancellationReferee
from support.independent_referee_two_deck import DEAL
from support.twin_hands import held, layers, taken, twin_position

import copas_ai as ca
from copas_ai._core import IdenticalCardWins, InvalidPositionError, solver_unsupported
from copas_ai.variants.cancellation import cancellation_rules

VARIANT = "cancellation"
RANKS = "23456789TJQKA"
EVERY = Counter({r + s: 2 for r in RANKS for s in "CDHS"})


def deal_around(players: int, fixed: list[list[str]], seed: int = 0) -> list[list[str]]:
    """Each seat's `fixed` cards, then the rest of the two decks at random, to §13's hand
    size; a seat given no card of a suit its fixed cards lack in `fixed` keeps none if the
    fixed list ends with '-<suits>' (e.g. '-S': no spades)."""
    size = DEAL[players][0]
    banned = [set(f[-1][1:]) if f and f[-1].startswith("-") else set() for f in fixed]
    hands = [[c for c in f if not c.startswith("-")] for f in fixed]
    rest = list((EVERY - Counter(c for h in hands for c in h)).elements())
    random.Random(seed).shuffle(rest)
    # The seats with bans first, so that the banned suits land with the others.
    for s in sorted(range(players), key=lambda s: -len(banned[s])):
        for c in list(rest):
            if len(hands[s]) == size:
                break
            if c[1] not in banned[s]:
                hands[s].append(c)
                rest.remove(c)
    assert all(len(h) == size for h in hands)
    return hands


def ca1_position() -> ca.Position:
    # Seat 5 (F) deals; A = seat 0 leads. E holds no spade.
    fixed = [["7S"], ["KS"], ["KS"], ["9S"], ["2H", "-S"], ["QS"]]
    return twin_position(cancellation_rules(6), deal_around(6, fixed, seed=1), dealer=5)


def test_cancellation_ca1_the_two_kings_cancel_and_the_queen_of_spades_wins_14():
    pos = ca1_position()
    for card in ("7S", "KS", "KS", "9S", "2H", "QS"):
        pos.push(card)
    assert pos.leader == 5 and pos.tricks_won(5) == 1
    assert taken(pos, 5) >= Counter(["7S", "KS", "KS", "9S", "2H", "QS"])
    # F also takes the 6-seat kitty (first-trick-winner, §13): 14 plus the kitty's points.
    kitty = layers(pos.kitty, pos.kitty_twins)
    assert pos.points_taken()[5] == 14 + sum(1 if c[1] == "H" else 13 if c == "QS" else 0 for c in kitty.elements())


def test_cancellation_ca2_a_trick_all_cancelled_is_carried_and_its_leader_leads_again():
    # A 5♦, B 5♦, C 9♦, D 9♦, E 3♥, F 3♥: E and F hold no diamond.
    fixed = [["5D", "AD"], ["5D", "2D"], ["9D"], ["9D"], ["3H", "-D"], ["3H", "-D"]]
    pos = twin_position(cancellation_rules(6), deal_around(6, fixed, seed=2), dealer=5)
    for card in ("5D", "5D", "9D", "9D", "3H", "3H"):
        pos.push(card)
    assert pos.carried_tricks == [0] and pos.tricks_done == 1
    assert pos.turn == 0 and pos.leader == 0  # A47: A leads the next trick
    assert sum(pos.tricks_won(s) for s in range(6)) == 0 and all(not taken(pos, s) for s in range(6))
    assert layers(pos.pending, pos.pending_twins) == Counter(["5D", "5D", "9D", "9D", "3H", "3H"])
    assert pos.kitty_taker is None  # the kitty goes with the first trick, still untaken
    # The next trick: A leads the A♦, B follows with the 2♦; A's ace stands.
    pos.push("AD")
    pos.push("2D")
    while pos.trick:
        pos.push(sorted(str(c) for c in pos.legal_moves())[0])
    winner = pos.leader
    assert not pos.pending and not pos.pending_twins and pos.carried_tricks == [0]
    assert taken(pos, winner) >= Counter(["5D", "5D", "9D", "9D", "3H", "3H"])  # CA-2: the 2 points too
    assert pos.kitty_taker == winner


def ca2_supplementary_position(fixed_trick2: list[list[str]], seed: int) -> ca.Position:
    """CA-2's carried diamond trick (A 5♦, B 5♦, C 9♦, D 9♦, E 3♥, F 3♥), the seats
    also holding `fixed_trick2`'s cards (a last '-<suits>' entry bans suits)."""
    # E and F hold no diamond, so they discard their hearts.
    first = [["5D"], ["5D"], ["9D"], ["9D"], ["3H"], ["3H"]]
    fixed = [f + extra + (["-D"] if s >= 4 else []) for s, (f, extra) in enumerate(zip(first, fixed_trick2))]
    pos = twin_position(cancellation_rules(6), deal_around(6, fixed, seed=seed), dealer=5)
    for card in ("5D", "5D", "9D", "9D", "3H", "3H"):
        pos.push(card)
    assert pos.carried_tricks == [0] and pos.turn == 0
    return pos


TRICK1 = Counter(["5D", "5D", "9D", "9D", "3H", "3H"])


def test_cancellation_supplementary_trick_led_in_another_suit_is_won_by_a_discard_of_the_initial_suit():
    # Seed L301: the second trick goes to its highest unpaired card "do mesmo naipe da que
    # iniciou a rodada inicial" (diamonds), not of its own led suit (clubs): B, void in clubs,
    # discards the 7♦ and takes both tricks although C's K♣ is the highest club.
    pos = ca2_supplementary_position([["4C"], ["7D", "-C"], ["KC"], ["8C"], ["QC"], ["JC"]], seed=4)
    for card in ("4C", "7D", "KC", "8C", "QC", "JC"):
        pos.push(card)
    assert pos.carried_tricks == [0] and pos.leader == 1 == pos.turn
    assert [pos.tricks_won(s) for s in range(6)] == [0, 1, 0, 0, 0, 0]
    assert not pos.pending and not pos.pending_twins
    assert taken(pos, 1) >= TRICK1 + Counter(["4C", "7D", "KC", "8C", "QC", "JC"])
    assert pos.kitty_taker == 1


def test_cancellation_supplementary_trick_led_in_another_suit_without_the_initial_suit_is_carried_again():
    # The clubs trick holds no diamond: nothing of the initial suit stands, so it is carried
    # too (the K♣ does not win it); A leads again, the A♦ then takes all three tricks.
    pos = ca2_supplementary_position([["4C", "AD", "AD"], ["7C"], ["KC"], ["8C"], ["QC"], ["JC"]], seed=5)
    for card in ("4C", "7C", "KC", "8C", "QC", "JC"):
        pos.push(card)
    assert pos.carried_tricks == [0, 1] and pos.turn == 0 == pos.leader and pos.tricks_done == 2
    assert sum(pos.tricks_won(s) for s in range(6)) == 0
    assert layers(pos.pending, pos.pending_twins) == TRICK1 + Counter(["4C", "7C", "KC", "8C", "QC", "JC"])
    pos.push("AD")
    while pos.trick:
        pos.push(sorted(str(c) for c in pos.legal_moves())[0])
    assert pos.leader == 0 and pos.tricks_won(0) == 1 and not pos.pending
    assert taken(pos, 0) >= TRICK1 + Counter(["4C", "7C", "KC", "8C", "QC", "JC", "AD"])


def test_cancellation_supplementary_trick_led_in_the_initial_suit_takes_the_pile_ca2():
    # CA-2's second trick led in diamonds again: docs/RULES.md's reading and the seed agree.
    pos = ca2_supplementary_position([["AD"], ["2D"], [], [], [], []], seed=6)
    pos.push("AD")
    pos.push("2D")
    while pos.trick:
        pos.push(sorted(str(c) for c in pos.legal_moves())[0])
    assert pos.tricks_won(pos.leader) == 1 and not pos.pending
    assert taken(pos, pos.leader) >= TRICK1


def test_cancellation_ca4_only_the_led_suit_cancelling_is_carried_a47():
    # 8♣ (lead), 8♣, 10♣, 10♣, 4♥, K♦: the unpaired off-suit cards do not win (A47).
    fixed = [["8C"], ["8C"], ["TC"], ["TC"], ["4H", "-C"], ["KD", "-C"]]
    pos = twin_position(cancellation_rules(6), deal_around(6, fixed, seed=3), dealer=5)
    for card in ("8C", "8C", "TC", "TC", "4H", "KD"):
        pos.push(card)
    assert pos.carried_tricks == [0] and pos.turn == 0
    assert layers(pos.pending, pos.pending_twins) == Counter(["8C", "8C", "TC", "TC", "4H", "KD"])


def mirrored_deal() -> list[list[str]]:
    """6 seats: seats 0 and 1, 2 and 3, 4 and 5 hold the same 17 values, the pairs'
    values disjoint (51 values), the kitty the 52nd value twice. When each seat
    2k + 1 plays the value seat 2k played, every card of the trick is paired."""
    values = [r + s for s in "CDHS" for r in RANKS if r + s != "2C"]
    return [values[(s // 2)::3] for s in range(6)]


def play_mirrored(pos: ca.Position, first_tricks=()) -> None:
    """Seat 2k plays its lowest legal card, seat 2k + 1 the same value, except in the
    tricks of `first_tricks` (lists of the six cards to play)."""
    for cards in first_tricks:
        for card in cards:
            pos.push(card)
    while not pos.is_over():
        seat = pos.turn
        card = sorted(str(c) for c in pos.legal_moves())[0] if seat % 2 == 0 else str(pos.trick[-1][1])
        pos.push(card)


def referee_of(pos_moves, hands, dealer) -> CancellationReferee:
    ref = CancellationReferee(hands, dealer)
    for _, card in pos_moves:
        ref.play(str(card))
    return ref


def test_cancellation_every_trick_cancelled_is_the_first_leaders_moon():
    hands = mirrored_deal()
    pos = twin_position(cancellation_rules(6), hands, dealer=5)
    play_mirrored(pos)
    assert pos.is_over() and pos.tricks_done == 17
    assert pos.carried_tricks == list(range(16))  # the last is the leader's (CA-3)
    assert taken(pos, 0) == EVERY  # all 104: the 102 played and the kitty's two 2♣
    assert pos.moon_shooter() == 0 and pos.score() == [0] + [52] * 5
    assert referee_of(pos.moves, hands, 5).scores() == pos.score()


def test_cancellation_ca3_the_last_trick_cancelled_goes_to_its_leader_with_the_carried_tricks():
    hands = mirrored_deal()
    pos = twin_position(cancellation_rules(6), hands, dealer=5)
    # Trick 1: seat 1's 6♣ beats seat 0's 3♣ (the only unpaired cards); trick 2, led by
    # seat 1: the same two clubs the other way round, seat 0 wins. The hands are mirrored
    # again, so from there every trick cancels, the last one too.
    play_mirrored(pos, [["3C", "6C", "4C", "4C", "5C", "5C"], ["3C", "7C", "7C", "8C", "8C", "6C"]])
    assert [pos.tricks_won(s) for s in range(6)] == [2, 1, 0, 0, 0, 0] and pos.kitty_taker == 1
    assert pos.carried_tricks == list(range(2, 16))
    ref = referee_of(pos.moves, hands, 5)
    assert ref.tricks[-1][1] == 0 == ref.tricks[-1][0][0][0]  # the last trick's leader took it
    # Seat 0: its trick 2, then the last trick with the 14 carried ones.
    assert sum(taken(pos, 0).values()) == 6 * 16
    assert [taken(pos, s) for s in range(6)] == ref.won and pos.score() == ref.scores()


def random_hand(rules, seed: int, stop: int | None = None):
    """A hand played at random (pairing often), the engine and the referee side by side, step by step."""
    n = rules.players
    pos = ca.Position(rules, *ca.deal_twins(rules, seed)[:1], dealer=seed % n, twins=ca.deal_twins(rules, seed)[1])
    ref = CancellationReferee([sorted(held(pos, s).elements()) for s in range(n)], pos.dealer)
    rng = random.Random(seed)
    while not pos.is_over() and (stop is None or len(pos.moves) < stop):
        assert pos.turn == ref.turn
        legal = {str(c) for c in pos.legal_moves()}
        assert legal == ref.legal()
        # Mostly a card the trick already holds, when legal: the pairs that cancel; after a
        # carried trick, mostly a lead in another suit (the seed's L301 case).
        pairing = sorted(legal & {str(c) for _, c in pos.trick})
        if not pos.trick and ref.tricks and ref.tricks[-1][1] is None:
            pairing = sorted(c for c in legal if c[1] != ref.tricks[-1][0][0][1][1])
        card = rng.choice(pairing if pairing and rng.random() < 0.8 else sorted(legal))
        pos.push(card)
        ref.play(card)
        assert [taken(pos, s) for s in range(n)] == ref.won
        assert layers(pos.pending, pos.pending_twins) == Counter(ref.pending)
    return pos, ref


@pytest.mark.parametrize("players,partners", [(6, False), (6, True), (7, False), (8, False), (8, True),
                                              (9, False), (10, False), (10, True)])
def test_cancellation_whole_hands_match_the_independent_referee(players, partners):
    rules = cancellation_rules(players, partners)
    carried = other_led = 0
    for seed in range(40):
        pos, ref = random_hand(rules, seed)
        assert ref.over() and pos.score() == ref.scores()
        assert pos.carried_tricks == [t for t, (_, w) in enumerate(ref.tricks) if w is None]
        carried += len(pos.carried_tricks)
        # Supplementary tricks led in another suit than the carried trick before them.
        for t in pos.carried_tricks:
            if t + 1 < len(ref.tricks):
                other_led += ref.tricks[t + 1][0][0][1][1] != ref.tricks[t][0][0][1][1]
        total, _, _ = ca.add_hand_to_match(pos, [0] * players)
        assert total == ref.scores()
    assert carried > 0 and other_led > 0  # random play exercised both: the rule was tested


def test_cancellation_undo_takes_carried_tricks_back_step_by_step():
    rules = cancellation_rules(6)
    for seed in range(8):
        pos, _ = random_hand(rules, seed)
        moves = pos.moves
        for k in range(len(moves), 0, -3):
            pos2, ref = random_hand(rules, seed, stop=k)  # the same random line, to k moves
            while len(pos.moves) > k:
                pos.pop()
            assert [taken(pos, s) for s in range(6)] == [taken(pos2, s) for s in range(6)] == ref.won
            assert pos.carried_tricks == pos2.carried_tricks and pos.turn == pos2.turn
            assert [pos.tricks_won(s) for s in range(6)] == [pos2.tricks_won(s) for s in range(6)]
            assert pos.kitty_taker == pos2.kitty_taker
        while pos.moves:
            pos.pop()
        assert (pos.hands, pos.twins) == ca.deal_twins(rules, seed)


def test_cancellation_is_registered_6_to_10_seats_default_8_with_partners():
    v = ca.find_variant(VARIANT)
    assert (v.min_players, v.max_players, v.default_players, v.seat_counts) == (6, 10, 8, (6, 7, 8, 9, 10))
    rules = v.rules(8)
    assert rules.identical_card_wins == IdenticalCardWins.CANCEL and rules.copies == 2
    assert (rules.moon_value, rules.revoke_penalty, rules.target, list(rules.pass_cycle)) == (52, 52, 200, [])
    assert ca.find_variant(VARIANT + "+partners").rules(6).teams == 3


def test_cancellation_needs_two_copies_and_the_solver_refuses_it_by_name():
    rules = ca.find_variant("american").rules()
    rules.identical_card_wins = IdenticalCardWins.CANCEL
    with pytest.raises(InvalidPositionError, match="cancel .* needs copies = 2"):
        ca.Position(rules, ca.deal(ca.find_variant("american").rules(), 1))
    rules = cancellation_rules(8)
    hands, twins = ca.deal_twins(rules, 2)
    assert "two copies of a card" in solver_unsupported(ca.Position(rules, hands, twins=twins), ca.MatchState([0] * 8))


def test_cancellation_the_cores_random_hands_score_52_points_a_hand():
    for players in (6, 8, 10):
        stats = ca.random_hands(cancellation_rules(players), 200, 11)
        assert stats["hands"] == 200 and stats["plays"] == 200 * players * DEAL[players][0]
        assert sum(stats["score_sum"]) == 52 * (200 + (players - 2) * stats["moons"])
