"""Rules of `spanish` (docs/RULES.md §7, seed S000 L161-183): the 40-card deck, both rank
orders (SP-1), values and moon (SP-2), 5 players (8 each, the 5-player cycle) and 3
players with the 2♣ removed (13 each, the 3♣ leads; A32 cycle). Not built here: the
kitty method for 3 players and sixes-extend (next variants issue)."""

import pytest
from support.family_deals import HEARTS, QS, cards, play, position, sweep

import copas_ai as ca

VARIANT = "spanish"


def test_spanish_forty_cards_without_8_9_10():
    """spanish §7: 40 cards, all 8s, 9s and 10s removed, 10 each for 4 players."""
    rules = ca.find_variant(VARIANT).rules()
    removed = ca.CardSet.full_deck() - rules.deck
    assert removed == cards(" ".join(f + s for f in "89T" for s in "CDHS"))
    assert rules.hand_size == 10


def sp1_position(variant):
    """SP-1: trick 1 goes to seat 3 (A♣); seat 3 leads the ♠5, the others play the Q♠,
    J♠ and 7♠."""
    pos = position(variant, {0: "2C QS", 1: "3C JS", 2: "4C 7S", 3: "AC 5S"}, hand_no=3)
    play(pos, "2C 3C 4C AC / 5S QS JS 7S")
    return pos


def test_spanish_sp1_default_order_the_queen_wins_its_own_trick():
    """spanish SP-1, default order A K Q J 7 ... 2: the Q♠ wins, so its owner takes it (10)."""
    pos = sp1_position(VARIANT)
    assert pos.leader == 0 and pos.points_taken()[0] == 10


def test_spanish_sp1_sueca_order_the_seven_wins_and_takes_the_queen():
    """spanish+sueca-order SP-1 (A 7 K J Q 6 5 4 3 2): the 7♠ wins and takes the Q♠."""
    pos = sp1_position("spanish+sueca-order")
    assert pos.leader == 2 and pos.points_taken()[2] == 10


def test_spanish_sueca_order_queen_ranks_below_the_jack():
    """spanish+sueca-order §7: the Q ranks below the J (the Q♠ is easier to catch)."""
    strength = ca.find_variant("spanish+sueca-order").rules().rank_strength
    faces = "23456789TJQKA"
    order = sorted("234567JQKA", key=lambda f: -strength[faces.index(f)])
    assert "".join(order) == "A7KJQ65432"


def test_spanish_values_total_20():
    """spanish §7: the 10 hearts 1 each, the Q♠ 10: 20 per hand."""
    rules = ca.find_variant(VARIANT).rules()
    assert rules.points_of(HEARTS & rules.deck) == 10 and rules.points_of(QS) == 10
    assert rules.total_points == 20


@pytest.mark.parametrize("players", [3, 4, 5])
def test_spanish_sp2_moon_gives_each_other_seat_20(players):
    """spanish SP-2: a moon gives each other player +20."""
    pos = sweep(VARIANT, players, shooter=0)
    assert pos.score() == [0] + [20] * (players - 1)


def test_spanish_five_players_eight_each_and_the_five_player_cycle():
    """spanish+five-players §7: 8 cards each (40 / 5), no kitty, the three-five 5-player cycle."""
    rules = ca.find_variant(VARIANT).rules(5)
    assert rules.hand_size == 8 and len(rules.deck) == 40
    assert [rules.pass_plan(h) for h in range(5)] == [[(1, 3)], [(4, 3)], [(2, 3)], [(3, 3)], []]


def test_spanish_three_players_2c_removed_3c_leads_and_a32_cycle():
    """spanish+three-players §7 (remove the 2♣): 39 cards, 13 each; the 3♣ holder leads
    it; A32 (interpretation: the three-five 3-player cycle left, right, none)."""
    rules = ca.find_variant(VARIANT).rules(3)
    assert len(rules.deck) == 39 and rules.hand_size == 13 and ca.Card.from_str("2C") not in rules.deck
    assert [rules.pass_plan(h) for h in range(3)] == [[(1, 3)], [(2, 3)], []]
    pos = position(VARIANT, {1: "3C 4C"}, players=3, hand_no=2)
    assert pos.turn == 1 and pos.legal_moves() == cards("3C")
