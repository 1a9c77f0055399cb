"""Rules of `domino` in the core (docs/RULES.md §17, seed S000 L353-371, A50a-g;
worked examples DO-1..DO-5 of §25.8): 6 cards each and a stock; the dealer's right
leads; a void seat draws until it can follow, or discards to a new stock and passes;
tricks of N led-suit cards from any seats; drop-outs; the stuck trick (A50f); the last
seat's sweep; hearts 1, the scaled moon (A50g). These tests build its rules
with copas_ai.variants.domino.domino_rules (the registry's `domino`; its protocol:
tests/test_protocol_domino.py). Whole hands are checked against the independent
referee of tests/support/independent_referee_domino.py."""

from __future__ import annotations

import random

import pytest
from support.family_deals import cards
from support.independent_referee_domino import DominoReferee

import copas_ai as ca
from copas_ai.variants.domino import domino_rules

VARIANT = "domino"
S, W, N, E = 0, 1, 2, 3  # clockwise: W is S's left; W deals, so S (his right) leads


def deck_rest(*hands: str) -> list[str]:
    used = set(" ".join(hands).split())
    return [f + s for s in "CDHS" for f in "23456789TJQKA" if f + s not in used]


def dealt(hands: list[str], stock_top: str = "", stock_bottom: str = "") -> ca.Position:
    """Seats S, W, N, E; W deals; the stock's top and bottom cards given, the rest between in deck order."""
    top, bottom = stock_top.split(), stock_bottom.split()
    middle = [c for c in deck_rest(*hands) if c not in top and c not in bottom]
    return ca.Position(domino_rules(4), [cards(h) for h in hands], dealer=W, stock=top + middle + bottom)


def names(cardset) -> set[str]:
    return {str(c) for c in cardset}


def test_domino_deals_6_cards_each_the_rest_a_stock_and_the_dealers_right_leads():
    for players in (3, 4, 8):
        r = domino_rules(players)
        pos = ca.Position(r, ca.deal(r, players), dealer=1)
        assert [len(h) for h in pos.hands] == [6] * players
        assert pos.stock_left == 52 - 6 * players  # 28 with 4 players (A50a)
        assert pos.pass_plan == [] and pos.phase == "playing"  # A50b: no pass
        assert pos.turn == 0  # A50c: the dealer's (seat 1's) right


def test_domino_refuses_other_seat_counts():
    for players in (2, 9):
        with pytest.raises(ValueError, match="3 to 8"):
            domino_rules(players)


def test_domino_values_hearts_1_and_the_queen_of_spades_0():
    r = domino_rules(4)
    assert r.points_of(ca.CardSet.suit(2)) == 13 and r.points_of(cards("QS")) == 0


def test_domino_the_leader_may_lead_a_heart_b0():
    pos = dealt(["2H 4S 2C 3C 4C 5C", "7C 8C 9C TC JC QC", "8S KC AC TD JD QD", "3S 5D 6D 7D 8D 9D"])
    assert "2H" in names(pos.legal_moves())  # A50e: no breaking, no trick-1 restriction


def test_domino_do1_a_void_seat_draws_until_it_can_follow_and_keeps_the_rest():
    pos = dealt(["4S 2C 3C 4C 5C 6C", "7C 8C 9C TC JC QC", "8S KC AC TD JD QD", "3S 5D 6D 7D 8D 9D"],
                stock_top="2D 9H JS")
    pos.push("4S")
    assert pos.turn == W
    assert names(pos.drawn[W]) == {"2D", "9H", "JS"}  # one at a time until a spade came
    assert names(pos.legal_moves()) == {"JS"}  # he plays the card that let him follow
    assert {"2D", "9H"} <= names(pos.hand(W))
    assert pos.stock_left == 25
    for card in ("JS", "8S", "3S"):
        pos.push(card)
    assert pos.tricks_done == 1 and pos.tricks_won(W) == 1  # 4 cards: W's J♠ wins
    assert names(pos.won[W]) == {"4S", "JS", "8S", "3S"} and pos.turn == W


def _do2_position() -> ca.Position:
    # Trick 1 empties the stock: N, void in clubs, draws all 28 cards, the A♣ last, and plays it.
    pos = dealt(["2C 3C 6H QH 4S 2S", "5C 6C 7C 8C 9C TC", "2H TH 6S 7S 8S 2D", "JC QC KC 4C 3S 5S"],
                stock_bottom="AC")
    for card in ("2C", "5C", "AC", "JC"):
        pos.push(card)
    assert pos.stock_left == 0 and pos.turn == N and len(pos.hand(N)) == 33
    return pos


def test_domino_do2_void_with_the_stock_empty_discards_a_new_stock_and_passes():
    pos = _do2_position()
    pos.push("2H")  # N leads a heart; E has none and the stock is empty
    assert pos.turn == E and names(pos.legal_moves()) == names(pos.hand(E))  # any card, face down
    pos.push("3S")
    assert names(pos.stock) == {"3S"} and pos.turn == S and pos.trick_passes == 1 << E
    pos.push("6H")
    # W is void: he draws E's 3♠ (unplayable), finds the stock empty and discards in turn.
    assert pos.turn == W and "3S" in names(pos.hand(W)) and pos.stock_left == 0
    pos.push("6C")
    assert names(pos.stock) == {"6C"} and pos.turn == N
    pos.push("TH")
    assert pos.turn == E and "6C" in names(pos.hand(E))  # E draws W's club: still no heart
    pos.push("4C")
    pos.push("QH")  # S adds a second card: 4 hearts from 3 seats (A50d)
    assert pos.tricks_done == 2 and pos.tricks_won(S) == 1
    assert names(pos.won[S]) == {"2H", "6H", "TH", "QH"} and pos.points_taken()[S] == 4
    assert names(pos.stock) == {"4C"} and pos.turn == S


def test_domino_undo_replays_the_draws_and_discards_back():
    pos = _do2_position()
    before = (pos.hands, pos.stock, pos.turn)
    for card in ("2H", "3S", "6H", "6C"):
        pos.push(card)
    for card in ("6C", "6H", "3S", "2H"):
        assert str(pos.pop()) == card
    assert (pos.hands, pos.stock, pos.turn) == before


def _random_hand(players: int, seed: int):
    """A hand played out at random, the engine and the independent referee side by side."""
    r = domino_rules(players)
    rng = random.Random(seed)
    dealer = seed % players
    pos = ca.Position(r, ca.deal(r, seed), dealer=dealer)
    ref = DominoReferee([sorted(names(h)) for h in pos.hands], [str(c) for c in pos.stock], dealer)
    dealt_stock = [str(c) for c in pos.stock]
    steps = []
    while not pos.is_over():
        assert pos.turn == ref.turn
        legal = names(pos.legal_moves())
        assert legal == ref.legal()
        card = rng.choice(sorted(legal))
        steps.append((pos.turn, card, pos.tricks_done))
        pos.push(card)
        ref.play(card)
        assert [names(h) for h in pos.hands] == ref.held
        assert [str(c) for c in pos.stock] == ref.stock
        assert [names(d) for d in pos.drawn] == ref.drawn
    assert ref.over
    # The move list keeps the discards (face down, each with its seat); the stock as dealt, none.
    assert [(s, str(c)) for s, c in pos.moves] == [(s, c) for s, c, _ in steps]
    assert [str(c) for c in pos.dealt_stock] == dealt_stock
    return pos, ref, steps


@pytest.mark.parametrize("players", [3, 4, 5, 8])
def test_domino_whole_hands_match_the_independent_referee(players):
    for seed in range(40):
        pos, ref, _ = _random_hand(players, seed)
        assert [names(w) for w in pos.won] == ref.won
        assert pos.score() == ref.scores()
        assert pos.tricks_done == len(ref.tricks)


def test_domino_do3_a_winner_without_cards_drops_out_and_his_left_leads():
    found = 0
    for seed in range(100):
        r = domino_rules(4)
        rng = random.Random(seed)
        pos = ca.Position(r, ca.deal(r, seed), dealer=seed % 4)
        while not pos.is_over():
            won_before = [pos.tricks_won(s) for s in range(4)]
            pos.push(rng.choice(sorted(names(pos.legal_moves()))))
            winners = [s for s in range(4) if pos.tricks_won(s) > won_before[s]]
            if winners and not pos.is_over() and not pos.hand(winners[0]):
                found += 1
                left = [(winners[0] + k) % 4 for k in range(1, 4)]
                assert pos.turn == next(s for s in left if pos.hand(s))
    assert found > 0  # the seeds reach DO-3


def test_domino_do5_a_stuck_trick_ends_after_a_round_of_passes():
    short = [t for seed in range(100) for t in _random_hand(4, seed)[1].tricks[:-1] if len(t[0]) < 4]
    assert short  # tricks of fewer than N cards happen only by A50f (the hand's last trick aside)
    for trick, winner in short:
        led = trick[0][1][1]
        top = max((c for _, c in trick if c[1] == led), key=lambda c: "23456789TJQKA".index(c[0]))
        assert (winner, top) in trick  # its highest led-suit card wins


def test_domino_do4_the_last_seat_with_cards_adds_them_to_its_won_cards():
    swept = 0
    for seed in range(60):
        pos, ref, _ = _random_hand(4, seed)
        held_at_end = [s for s in range(4) if names(pos.won[s]) - {c for t, _ in ref.tricks for _, c in t}]
        swept += len(held_at_end)
        assert len(held_at_end) <= 1 and all(not h for h in pos.hands)
    assert swept > 0


def test_domino_a50g_all_13_hearts_score_0_and_the_others_13():
    r = domino_rules(3)
    for seed in range(3000):
        pos, ref, _ = _random_hand(3, seed)
        if 13 in [sum(1 for c in names(w) if c[1] == "H") for w in pos.won]:
            assert sorted(pos.score()) == [0, 13, 13] and pos.score() == ref.scores()
            return
    pytest.skip("no moon in these seeds")  # pragma: no cover


def test_domino_the_solver_refuses_it_by_name():
    r = domino_rules(4)
    assert "domino" in ca.solver_unsupported(r)
    pos = ca.Position(r, ca.deal(r, 1), dealer=1)
    assert "domino" in ca.solver_unsupported(pos, ca.MatchState([0] * 4))


def test_domino_what_the_core_does_not_keep_is_refused_by_name():
    r = domino_rules(4)
    pos = ca.Position(r, ca.deal(r, 2), dealer=1)
    for ask in (lambda: pos.perft(2), lambda: pos.draws, lambda: pos.trick_starts, lambda: ca._core.solve_plain(pos)):
        with pytest.raises(ca.InvalidPositionError, match="domino"):
            ask()
