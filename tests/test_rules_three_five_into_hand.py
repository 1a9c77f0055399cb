"""Rules of `three-five` (docs/RULES.md §4) with the kitty deal method and kitty_use
`into-hand` (`+kitty-use`, bare = into-hand; issue 7): the taker adds the kitty to his
hand, then discards as many cards (1 or 2) into the trick he just won, where they
score; kitty cards may be played later.

AMBIGUITY interpretations taken here (the text is silent):
* the discards are face down: the other seats never learn them (tricks are kept face
  down, and "into the trick" names no showing);
* any card may be discarded, point cards (the Q♠) included: "of his choice";
* the discard is made at once, before the taker leads the next trick;
* kitty-peek is meaningless with into-hand (the taker holds the kitty): refused.
The core takes a discard of k cards as k plays of the taker in ascending card order
(csrc/kitty_discard.cpp); Position.discard(cards) makes the whole discard at once.
"""

import random

import pytest
from support.family_deals import QS, build_deal, cards, play, position, top_cards

import copas_ai as ca

INTO = "three-five+kitty+kitty-use"
INTO_FPT = "three-five+kitty=first-point-taker+kitty-use"


def play_out_randomly(pos: ca.Position, seed: int) -> int:
    """Random legal moves to the end (discards included); returns the number made."""
    rng = random.Random(seed)
    made = 0
    while not pos.is_over():
        pos.push(rng.choice(list(pos.legal_moves())))
        made += 1
    return made


# --- the option --------------------------------------------------------------------------------

def test_three_five_kitty_use_into_hand_option_sets_the_rules():
    """three-five+kitty+kitty-use §4: bare means into-hand; =add-to-trick is the +kitty default."""
    assert ca.find_variant(INTO).rules(3).kitty_use == ca.KittyUse.INTO_HAND
    assert ca.find_variant("three-five+kitty+kitty-use=into-hand").id == "three-five+kitty+kitty-use=into-hand"
    assert ca.find_variant("three-five+kitty+kitty-use=add-to-trick").rules(5).kitty_use == ca.KittyUse.ADD_TO_TRICK
    assert ca.find_variant("three-five+kitty").rules(3).kitty_use == ca.KittyUse.ADD_TO_TRICK


@pytest.mark.parametrize("variant, why", [
    ("three-five+kitty+kitty-peek+kitty-use", "kitty-peek is for the add-to-trick"),
    ("three-five+kitty+kitty-use=into-hand+kitty-peek", "kitty-peek is for the add-to-trick"),
    ("three-five+kitty-use", "requires kitty"),
    ("three-five+kitty+kitty-use=face-up", "unknown value"),
])
def test_three_five_kitty_use_refuses_bad_combinations(variant, why):
    """three-five+kitty-use: needs the kitty; into-hand with kitty-peek is refused (AMBIGUITY,
    our reading: the peek is a sub-parameter of add-to-trick only)."""
    with pytest.raises(ca.VariantNotFoundError, match=why):
        ca.find_variant(variant)


def test_three_five_kitty_use_core_refuses_peek_with_into_hand():
    """three-five+kitty+kitty-use: a RuleSet with both is refused by the core too."""
    rules = ca.find_variant(INTO).rules(3)
    rules.kitty_peek = True
    with pytest.raises(ca.InvalidPositionError, match="kitty-peek"):
        ca.Position(rules, ca.deal(ca.find_variant(INTO).rules(3), 1), dealer=0, hand_no=2)


# --- the discard step --------------------------------------------------------------------------

def test_three_five_into_hand_3p_trick_1_winner_takes_the_queen_into_hand():
    """three-five+kitty+kitty-use, 3 players, first-trick-winner (TF-2 with into-hand): the
    kitty is the Q♠; the winner of trick 1 holds it (17 cards) and must discard 1 before
    leading; keeping the Q♠ scores nothing yet, it may be played later."""
    pos = position(INTO, {0: "2C", 1: "3C", 2: "AC 5D"}, players=3, kitty="QS", hand_no=2)
    play(pos, "2C 3C AC")
    assert pos.kitty_taker == 2 and pos.discarding and pos.discards_left == 1 and pos.turn == 2
    assert QS <= pos.hand(2) and len(pos.hand(2)) == 17 and pos.points_taken()[2] == 0
    pos.discard("5D")
    assert not pos.discarding and pos.turn == 2 and pos.leader == 2
    assert cards("5D") <= pos.won[2] and QS <= pos.hand(2) and len(pos.hand(2)) == 16
    assert pos.points_taken() == [0, 0, 0]
    pos.push("QS")  # the kitty card is played later
    assert pos.trick == [(2, ca.Card.from_str("QS"))]


def test_three_five_into_hand_3p_discarded_queen_scores_13_for_the_taker():
    """three-five+kitty+kitty-use: a discarded Q♠ goes into the taker's trick and scores 13
    there (AMBIGUITY: any card may be discarded, point cards too)."""
    pos = position(INTO, {0: "2C", 1: "3C", 2: "AC"}, players=3, kitty="QS", hand_no=2)
    play(pos, "2C 3C AC")
    pos.discard("QS")
    assert pos.discards == QS and QS <= pos.won[2] and pos.points_taken() == [0, 0, 13]
    assert pos.pop() == ca.Card.from_str("QS")
    assert pos.discarding and QS <= pos.hand(2) and pos.points_taken() == [0, 0, 0]
    assert pos.pop() == ca.Card.from_str("AC")
    assert pos.kitty_taker is None and not QS & pos.hand(2) and len(pos.hand(2)) == 17


def test_three_five_into_hand_5p_first_point_taker_discards_2_into_the_scoring_trick():
    """three-five+kitty=first-point-taker+kitty-use, 5 players: trick 1 holds no point card,
    so the kitty waits; the first trick with a heart (from a seat of only hearts, R2)
    gives its winner both kitty cards,
    who discards 2 of his choice (here a heart and a kitty card): both score for him."""
    pos = position(INTO_FPT, {0: "4C 3D", 1: "5C 4D", 2: "6C 5D", 3: "7C 2H 3H 4H 5H 6H 7H 8H 9H TH", 4: "AC AD"},
                   players=5, kitty="2C 3C", hand_no=4)
    play(pos, "4C 5C 6C 7C AC")
    assert pos.kitty_taker is None and not pos.discarding
    play(pos, "AD 3D 4D 5D 2H")
    assert pos.kitty_taker == 4 and pos.discards_left == 2 and cards("2C 3C") <= pos.hand(4)
    assert len(pos.hand(4)) == 10  # 10 dealt, 2 played, 2 taken
    heart = min(pos.hand(4) & ca.CardSet.suit(2), key=lambda c: c.index, default=None)
    discard = cards("3C") | (ca.CardSet([heart]) if heart else cards("2C"))
    before = pos.points_taken()[4]
    pos.discard(discard)
    assert discard <= pos.won[4] and not discard & pos.hand(4) and len(pos.hand(4)) == 8
    assert pos.points_taken()[4] == before + (1 if heart else 0)


def test_three_five_into_hand_legal_moves_list_discards_in_ascending_order():
    """three-five+kitty+kitty-use, 5 players: card by card the discard goes up in card
    order, so each set of 2 is one line: the first card leaves a higher one for the
    second, the second is above the first; perft counts each pair once."""
    pos = position(INTO, {0: "4C", 1: "5C", 2: "6C", 3: "7C", 4: "AC"}, players=5, kitty="2C 3C", hand_no=4)
    play(pos, "4C 5C 6C 7C AC")
    hand = pos.hand(4)
    first = pos.legal_moves()
    assert first == hand - ca.CardSet([max(hand, key=lambda c: c.index)])
    assert pos.perft(2) == len(hand) * (len(hand) - 1) // 2
    low = min(hand, key=lambda c: c.index)
    pos.push(low)
    assert pos.legal_moves() == hand - ca.CardSet([low])
    assert "does not hold" in pos.illegal_reason(low)


def test_three_five_into_hand_bad_discards_are_refused():
    """three-five+kitty+kitty-use, 5 players: a discard of the wrong size, of a card not
    held, by another seat, or outside the discard step is an IllegalMoveError; a pushed
    card out of the ascending order too."""
    pos = position(INTO, {0: "4C", 1: "5C", 2: "6C", 3: "7C", 4: "AC KS"}, players=5, kitty="2C 3C", hand_no=4)
    with pytest.raises(ca.IllegalMoveError, match="no discard"):
        pos.discard("4C,5C")
    play(pos, "4C 5C 6C 7C AC")
    with pytest.raises(ca.IllegalMoveError, match="2 cards, not 1"):
        pos.discard("2C")
    with pytest.raises(ca.IllegalMoveError, match="2 cards, not 3"):
        pos.discard("2C,3C,KS")
    with pytest.raises(ca.IllegalMoveError, match="does not hold"):
        pos.discard("2C,4C")
    with pytest.raises(ca.IllegalMoveError, match="seat 4 took the kitty"):
        pos.discard("2C,3C", seat=1)
    pos.push("KS")  # the first of the two; 2C and 3C now lie below it
    with pytest.raises(ca.IllegalMoveError, match="ascending"):
        pos.push("2C")
    with pytest.raises(ca.IllegalMoveError, match="under way"):
        pos.discard("2C")
    assert pos.pop() == ca.Card.from_str("KS") and pos.discards_left == 2
    pos.discard("2C,3C", seat=4)
    assert pos.discards == cards("2C 3C") and pos.points_taken()[4] == 0


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("variant", [INTO, INTO_FPT])
def test_three_five_into_hand_random_hands_score_every_card_and_undo_exactly(variant, players):
    """three-five+kitty(+first-point-taker)+kitty-use, 3 and 5 players: random hands end with
    the whole deck won (the kitty's size discarded), the 26 points shared, and popping
    every move gives back the deal and the lying kitty."""
    rules = ca.find_variant(variant).rules(players)
    for seed in range(25):
        dealt = ca.deal(rules, seed)
        pos = ca.Position(rules, dealt, dealer=0, hand_no=2 if players == 3 else 4)
        made = play_out_randomly(pos, seed)
        assert len(pos.discards) == rules.kitty_size and pos.discards <= pos.won[pos.kitty_taker]
        assert len(ca.CardSet([c for w in pos.won for c in w])) == 52 and sum(pos.points_taken()) == 26
        for _ in range(made):
            pos.pop()
        assert pos.kitty_taker is None and list(pos.hands) == list(dealt) and not pos.discards


def test_three_five_into_hand_sweep_with_a_discarded_heart_shoots_the_moon():
    """three-five+kitty+kitty-use, 3 players: the shooter holds the top 17 cards, takes the
    kitty (the 2♥) with trick 1 and discards that heart: he still wins every trick and,
    with the heart in his discards, holds all 26 points: 0 for him, +26 for the others."""
    rules = ca.find_variant(INTO).rules(3)
    rules.pass_cycle = []
    pos = ca.Position(rules, build_deal(rules, {1: str(top_cards(rules))}, kitty="2H"), dealer=0, hand_no=0)
    while not pos.is_over():
        if pos.discarding:
            pos.discard("2H")
        else:
            pos.push(min(pos.legal_moves(), key=lambda c: (c.face, c.index)))
    assert pos.discards == cards("2H") and pos.tricks_won(1) == 17 and pos.moon_shooter() == 1
    assert pos.score() == [26, 0, 26]


def test_three_five_into_hand_moon_missed_when_the_kitty_heart_is_kept_and_led():
    """three-five+kitty+kitty-use, 3 players: the same shooter keeps the 2♥ from the kitty
    and discards the A♣ instead (it scores nothing); led later, the 2♥ loses its trick to
    a higher heart, so no moon: everybody scores what he took."""
    rules = ca.find_variant(INTO).rules(3)
    rules.pass_cycle = []
    pos = ca.Position(rules, build_deal(rules, {1: str(top_cards(rules))}, kitty="2H"), dealer=0, hand_no=0)
    while not pos.is_over():
        if pos.discarding:
            pos.discard("AC")
        else:
            pos.push(min(pos.legal_moves(), key=lambda c: (c.face, c.index)))
    assert cards("AC") <= pos.won[1] and not cards("2H") & pos.won[1]
    assert pos.moon_shooter() is None and pos.score() == pos.points_taken() and pos.points_taken()[1] < 26


def test_three_five_into_hand_3p_first_point_taker_keeps_the_queen_out_of_his_score():
    """three-five+kitty=first-point-taker+kitty-use, 3 players (A29: taken at the end of
    the first trick holding a point card): the kitty is the Q♠; tricks 1 and 2 score
    nothing, so it waits; the trick where the 5♥ falls gives it to seat 2, who holds it
    (17 - 3 + 1 cards), discards the A♠ (his only other spade, the card that would
    catch a Q♠) and so scores only the 5♥ so far: a kitty Q♠ scores for the taker only
    when discarded or won later."""
    pos = position("three-five+kitty=first-point-taker+kitty-use",
                   {0: "2C 3D 2S", 1: "3C", 2: "AC AD AS " + " ".join(r + "H" for r in "23456789TJQKA")},
                   players=3, kitty="QS", hand_no=2, voids={0: "H", 1: "DH"})
    play(pos, "2C 3C AC / AD 3D")
    pos.push(next(iter(pos.legal_moves())))  # seat 1, void in diamonds and hearts
    assert pos.kitty_taker is None and not pos.discarding
    play(pos, "5H")
    while pos.trick:
        pos.push(next(iter(pos.legal_moves())))
    assert pos.kitty_taker == 2 and pos.discarding and QS <= pos.hand(2) and len(pos.hand(2)) == 15
    pos.discard("AS")
    assert QS <= pos.hand(2) and pos.discards == cards("AS") and pos.points_taken()[2] == 1


def test_three_five_into_hand_solver_refuses_the_discard_step_and_pimc_falls_back():
    """three-five+kitty+kitty-use, 3 players, at the discard step: the exact solver does not
    search the discard and says so; a PIMC search there runs ISMCTS instead and says so in
    its result (algorithm), answering a whole discard of 1 of the taker's cards."""
    pos = position(INTO, {0: "2C", 1: "3C", 2: "AC"}, players=3, kitty="QS", hand_no=2)
    play(pos, "2C 3C AC")
    with pytest.raises(ca.InvalidPositionError, match="discard"):
        ca.Solver(hash_mb=1).solve(pos)
    result = ca.Searcher(seed=2, algorithm="pimc").search(pos, 2, ca.Limit(iterations=200))
    assert result.algorithm == "ismcts" and result.decision == "discard"
    assert len(result.best) == 1 and result.best <= pos.hand(2)


def test_spanish_kitty_into_hand_3_players_random_hands_score_the_20_points():
    """spanish+kitty+kitty-use, 3 players (§7: the kitty method with the three-five
    agreements): 40 cards, 13 each and 1 in the kitty; random hands end with the kitty's
    size discarded and the 20 points (10 hearts, Q♠ 10) shared."""
    rules = ca.find_variant("spanish+kitty+kitty-use").rules(3)
    assert rules.kitty_size == 1 and rules.hand_size == 13
    for seed in range(10):
        pos = ca.Position(rules, ca.deal(rules, seed), dealer=0, hand_no=2)
        play_out_randomly(pos, seed)
        assert len(pos.discards) == 1 and sum(pos.points_taken()) == 20
