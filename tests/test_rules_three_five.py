"""Rules of `three-five` (VARIANTS.md §4, seed S000 L123-145), deal method deck-mod:
the decks, the opening club (A29), the 3- and 5-player pass cycles, the unchanged
copas-fora play and moon; worked example TF-1. The kitty deal method is not built yet."""

import pytest
from family_deals import HEARTS, QS, cards, play, position, sweep

import copas_ai as ca

VARIANT = "three-five"


def test_three_five_is_for_3_or_5_players_only():
    """three-five §4: 3 or 5 players; 4 is copas-fora itself."""
    with pytest.raises(ValueError, match="3 or 5"):
        ca.find_variant(VARIANT).rules(4)


def test_three_five_deck_mod_3_players_drop_the_2d_and_the_2c_leads():
    """three-five deck-mod, 3 players: the 2♦ is removed, 51 cards, 17 each, and the
    2♣ holder must lead it (A5 as in copas-fora)."""
    rules = ca.find_variant(VARIANT).rules(3)
    assert ca.CardSet.full_deck() - rules.deck == cards("2D") and rules.hand_size == 17
    pos = position(VARIANT, {2: "2C 3C"}, players=3, hand_no=2)
    assert pos.turn == 2 and pos.legal_moves() == cards("2C")


def test_three_five_tf1_five_players_3c_holder_leads_it_and_the_cycle():
    """three-five TF-1 (5 players, deck-mod): the 2♦ and 2♣ are removed (50 cards, 10
    each); the 3♣ holder must lead the 3♣ (A29: the lowest club in play); hand 3 passes
    to the 2nd player on the left, hand 5 has no pass."""
    rules = ca.find_variant(VARIANT).rules(5)
    assert ca.CardSet.full_deck() - rules.deck == cards("2C 2D") and rules.hand_size == 10
    assert [rules.pass_plan(h) for h in range(6)] == [[(1, 3)], [(4, 3)], [(2, 3)], [(3, 3)], [], [(1, 3)]]
    pos = position(VARIANT, {3: "3C 4C KD"}, players=5, hand_no=4)
    assert pos.phase == "playing" and pos.turn == 3
    assert pos.legal_moves() == cards("3C")
    assert "first lead" in pos.illegal_reason(ca.Card.from_str("4C"))


def test_three_five_three_player_cycle_left_right_none():
    """three-five §4: with 3 players the pass goes left, right, then none, repeating."""
    rules = ca.find_variant(VARIANT).rules(3)
    assert [rules.pass_plan(h) for h in range(4)] == [[(1, 3)], [(2, 3)], [], [(1, 3)]]


def test_three_five_passing_with_five_players_reaches_the_2nd_right():
    """three-five §4, 5 players, hand 4: each seat's 3 cards go to the 2nd player on its
    right (seat s to seat s - 2)."""
    pos = position(VARIANT, {}, players=5, hand_no=3)
    given = [ca.CardSet(list(pos.hand(s))[:3]) for s in range(5)]
    for s in range(5):
        pos.set_pass(s, given[s])
    assert all(pos.received[(s - 2) % 5] == given[s] for s in range(5))


def test_three_five_first_trick_and_breaking_as_copas_fora():
    """three-five §4: play is copas-fora's: on trick 1 a void seat may play no heart and
    not the Q♠ (R1), and its off-suit card breaks hearts (B1) from trick 2."""
    pos = position(VARIANT, {0: "2C", 1: "AH QS 5D", 2: "AC"}, players=3, voids={1: "C"}, hand_no=2)
    play(pos, "2C")
    assert not pos.legal_moves() & (HEARTS | QS)
    play(pos, "5D AC")
    assert pos.hearts_broken


@pytest.mark.parametrize("players", [3, 5])
def test_three_five_moon_unchanged_others_plus_26(players):
    """three-five §4: the moon is unchanged: shooter 0, each other seat +26."""
    pos = sweep(VARIANT, players, shooter=1)
    assert pos.score() == [0 if s == 1 else 26 for s in range(players)]
