"""Rules of `three-five` (docs/RULES.md §4, seed S000 L123-145), deal method deck-mod:
the decks, the opening club (A29), the 3- and 5-player pass cycles, the unchanged
copas-fora play and moon; worked example TF-1. The kitty deal method is not built yet."""

import pytest
from support.family_deals import HEARTS, QS, cards, play, position, sweep

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


# --- deal method kitty (add-to-trick, the kitty face down) -----------------------------------

KITTY = "three-five+kitty"


@pytest.mark.parametrize("players, each, kitty", [(3, 17, 1), (5, 10, 2)])
def test_three_five_kitty_deals_the_full_deck_with_1_or_2_left(players, each, kitty):
    """three-five+kitty §4: the full 52, 17 each + 1 (3 players) or 10 each + 2 (5)."""
    rules = ca.find_variant(KITTY).rules(players)
    assert len(rules.deck) == 52 and rules.hand_size == each and rules.kitty_size == kitty
    pos = ca.Position(rules, ca.deal(rules, 9), dealer=0, hand_no=2 if players == 3 else 4)
    assert len(pos.kitty) == kitty and not pos.kitty & ca.CardSet([c for h in pos.hands for c in h])


def test_three_five_kitty_tf2_queen_in_the_kitty_goes_to_the_trick_1_winner():
    """three-five+kitty TF-2 (first-trick-winner / add-to-trick): the kitty card is the
    Q♠; the winner of trick 1 takes it, and its 13 points, with that trick. It was never
    played, so R1 is not involved; undoing the trick gives it back to the kitty."""
    pos = position(KITTY, {0: "2C", 1: "3C", 2: "AC"}, players=3, kitty="QS", hand_no=2)
    assert pos.kitty == QS and pos.kitty_taker is None
    play(pos, "2C 3C AC")
    assert pos.kitty_taker == 2 and QS <= pos.won[2] and pos.points_taken()[2] == 13
    pos.pop()
    assert pos.kitty_taker is None and not QS & pos.won[2]


def test_three_five_kitty_tf2_2c_in_the_kitty_the_3c_holder_leads_it():
    """three-five+kitty TF-2 / §4: with the 2♣ in the kitty the 3♣ holder leads (A29:
    the club that designates him)."""
    pos = position(KITTY, {1: "3C 4C"}, players=3, kitty="2C", hand_no=2)
    assert pos.turn == 1 and pos.legal_moves() == cards("3C")


def test_three_five_kitty_a29_both_low_clubs_in_the_kitty_lowest_club_in_play_leads():
    """three-five+kitty A29 (interpretation: with 5 players and both the 2♣ and 3♣ in the
    kitty, the holder of the lowest club in play leads it)."""
    pos = position(KITTY, {4: "4C 9C"}, players=5, kitty="2C 3C", hand_no=4)
    assert pos.turn == 4 and pos.legal_moves() == cards("4C")


def test_three_five_kitty_a29_first_point_taker_takes_it_after_the_first_scoring_trick():
    """three-five+kitty=first-point-taker A29 (interpretation: taken at the end of the
    first trick that holds a point card): trick 1 (no point card, R1) leaves it; the
    trick where a heart falls gives it to that trick's winner."""
    pos = position("three-five+kitty=first-point-taker",
                   {0: "2C 3D", 1: "3C", 2: "AC AD " + " ".join(r + "H" for r in "23456789TJQKA")},
                   players=3, kitty="KS", hand_no=2, voids={0: "H", 1: "DH"})
    play(pos, "2C 3C AC / AD 3D")
    pos.push(next(iter(pos.legal_moves())))  # seat 1 discards: hearts are broken (B1)
    assert pos.kitty_taker is None and pos.hearts_broken
    play(pos, "5H")
    while pos.trick:
        pos.push(next(iter(pos.legal_moves())))
    assert pos.kitty_taker == 2 and cards("KS 5H") <= pos.won[2]


def test_three_five_kitty_solver_refuses_while_the_kitty_lies():
    """three-five+kitty=first-point-taker: the solver values a hand only once the kitty
    is taken (its bounds count hands and won cards); it says so instead of guessing."""
    pos = position("three-five+kitty=first-point-taker", {0: "2C"}, players=3, kitty="KS", hand_no=2)
    with pytest.raises(ca.InvalidPositionError, match="kitty"):
        ca.Solver(hash_mb=1).solve(pos)


def test_three_five_kitty_sampled_worlds_deal_the_unseen_kitty_too():
    """three-five+kitty: the kitty is unseen by every seat (no peek), also once taken;
    the worlds a seat samples place it among the cards it cannot see, in the taker's
    won cards, never in a hand, and not always the true card."""
    pos = position(KITTY, {0: "2C", 1: "3C", 2: "AC"}, players=3, kitty="QS", hand_no=2)
    play(pos, "2C 3C AC")
    sampler = ca.WorldSampler(pos, 0)
    assert QS <= sampler.unseen
    kitties = set()
    for seed in range(40):
        world = sampler.sample_position(seed)
        assert len(world.kitty) == 1 and world.kitty_taker == 2 and world.kitty <= world.won[2]
        assert not world.kitty & (world.hands[0] | world.hands[1] | world.hands[2])
        assert world.hands[0] == pos.hands[0]
        kitties.add(str(world.kitty))
    assert len(kitties) > 5


@pytest.mark.parametrize("players", [3, 5])
def test_three_five_kitty_moon_counts_the_kitty(players):
    """three-five+kitty §4: the moon is unchanged; a seat that wins every trick takes the
    kitty too (with the first trick) and so all 26 points."""
    pos = sweep(KITTY, players, shooter=1)
    assert pos.kitty_taker == 1
    assert pos.score() == [0 if s == 1 else 26 for s in range(players)]


def test_three_five_kitty_world_from_view_keeps_the_2c_undealt_after_a_3c_lead():
    """three-five+kitty A29 from a seat's view (the engine process): seat 1 leads the 3♣,
    so every world has the 2♣ in the kitty; once trick 1 is won, the world's kitty is the
    undealt card, in the trick winner's won cards."""
    pos = position(KITTY, {1: "3C 4C", 2: "AC"}, players=3, kitty="2C", hand_no=2)
    play(pos, "3C")
    moves = [(1, ca.Card.from_str("3C"))]
    for _ in range(2):
        card = next(iter(pos.legal_moves()))
        moves.append((pos.turn, card))
        pos.push(card)
    rules = ca.find_variant(KITTY).rules(3)
    dealt = pos.hands[0] | ca.CardSet([c for s, c in moves if s == 0])
    for seed in range(20):
        world = ca.world_from_view(rules, 0, dealt, ca.CardSet(), ca.CardSet(), moves, dealer=0, hand_no=2,
                                   seed=seed)
        assert world.kitty == cards("2C") and world.kitty_taker == pos.kitty_taker


def test_three_five_kitty_peek_the_taker_knows_the_kitty_the_others_do_not():
    """three-five+kitty+kitty-peek §4 (kitty_peek: the taker may look at the kitty): once
    taken, the taker's sampled worlds keep the true kitty; another seat's do not know it."""
    pos = position("three-five+kitty+kitty-peek", {0: "2C", 1: "3C", 2: "AC"}, players=3, kitty="QS", hand_no=2)
    play(pos, "2C 3C AC")
    taker, other = ca.WorldSampler(pos, 2), ca.WorldSampler(pos, 0)
    assert not QS & taker.unseen and QS <= other.unseen
    assert all(taker.sample_position(seed).kitty == QS for seed in range(10))
    assert {str(other.sample_position(seed).kitty) for seed in range(30)} != {"QS"}


def test_three_five_kitty_peek_requires_the_kitty():
    """three-five+kitty-peek: the peek is a sub-agreement of the kitty deal method."""
    with pytest.raises(ca.VariantNotFoundError, match="requires kitty"):
        ca.find_variant("three-five+kitty-peek")
