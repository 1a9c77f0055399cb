"""Rules of `rook` (docs/RULES.md §16, seed S000 L333-351): Copas Fora with the ace low,
3 to 7 seats with three-five's kitty (unless 4), no pass, the dealer's left leading any
card with no restriction (B0), hearts 1 but 5♥ 5 and 10♥ 10, the 10♦ taking 10 off its
taker's hand total but never below 0 (A49: the whole hand total), the Q♠ 13 (A49's
literal reading; `+qs-value` makes it 0), no moon, and a match of exactly six hands
then tie-break hands (A11, A11b)."""

from __future__ import annotations

import random

import pytest
from support.family_deals import HEARTS, QS, cards, play, position, sweep

import copas_ai as ca
from copas_ai.bots import RandomBot
from copas_ai.game import Match, play_match

VARIANT = "rook"
PAD = "2D 3D 4D 5D 6D 7D 8D 9D JD QD KD AD"  # cards worth nothing, to fill the tricks


def rules(variant: str = VARIANT, players: int | None = None) -> ca.RuleSet:
    return ca.find_variant(variant).rules(players)


def fed_to_the_leader(taken: str, variant: str = VARIANT) -> ca.Position:
    """A finished 4-seat hand of rook's rules on a cut-down deck, in which seat 1 (the
    dealer's left, dealer 0) leads its clubs from the top and wins every trick while
    seats 2, 3 and 0, void in clubs, discard `taken` (padded with worthless diamonds):
    seat 1 ends with exactly `taken`, its clubs and the padding."""
    fed = taken.split()
    fed += PAD.split()[:-len(fed) % 3]
    tricks = len(fed) // 3
    r = rules(variant)
    leader = " ".join((f + "C") for f in "KQJT98765432"[:tricks])
    hands = {1: leader, 2: " ".join(fed[0::3]), 3: " ".join(fed[1::3]), 0: " ".join(fed[2::3])}
    r.deck = cards(" ".join(hands.values()))
    r.hand_size = tricks
    pos = ca.Position(r, [cards(hands[s]) for s in range(4)], dealer=0, hand_no=0)
    for t in range(tricks):
        play(pos, leader.split()[t] + " " + " ".join(fed[3 * t:3 * t + 3]))
    assert pos.is_over() and pos.won[1] == cards(leader + " " + " ".join(fed))
    return pos


# --- the rank order -----------------------------------------------------------------


def test_rook_ace_is_low_and_wins_nothing_over_a_king_or_a_two():
    """rook §16 L337: K Q J 10 ... 2 A. A led ace loses to the 2 of its suit; a led
    king beats the ace, the queen and the 2."""
    pos = position(VARIANT, {1: "AC KD", 2: "2C", 3: "AD QD", 0: "2D"}, voids={3: "C", 0: "C"})
    assert pos.turn == 1
    play(pos, "AC 2C")
    play(pos, "AD 2D")  # seats 3 and 0 are void in clubs: discards
    assert pos.turn == 2 and pos.won[2] == cards("AC 2C AD 2D")
    pos = position(VARIANT, {1: "KS", 2: "AS", 3: "QS", 0: "2S"})
    play(pos, "KS AS QS 2S")
    assert pos.turn == 1
    # RK-1 (docs/RULES.md §25.6): the 2♠ beats the A♠, the lowest card.
    hearts, diamonds = (" ".join(f + suit for f in "23456789TJQKA") for suit in "HD")
    pos = position(VARIANT, {1: "AS", 2: "2S", 3: hearts, 0: diamonds})  # seats 3 and 0 hold no spade
    play(pos, "AS 2S")
    while pos.trick:
        pos.push(next(iter(pos.legal_moves())))
    assert pos.turn == 2
    assert list(rules().rank_strength) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0]


# --- the card values and the 10♦'s floor ----------------------------------------------


def test_rook_heart_values_five_and_ten_of_hearts():
    """rook §16 L345: every heart 1 except the 5♥ (5) and the 10♥ (10): 26 in all; the
    Q♠ 13 (A49 literal); the 10♦ -10."""
    r = rules()
    assert r.points_of(cards("5H")) == 5 and r.points_of(cards("TH")) == 10
    assert r.points_of(cards("2H AH KH")) == 3 and r.points_of(HEARTS) == 26
    assert r.points_of(QS) == 13 and r.points_of(cards("TD")) == -10


@pytest.mark.parametrize("taken, score", [
    ("2H 3H 4H TD", 0),        # 3 - 10, floored at 0
    ("5H TH 3H TD", 6),        # RK-1 (docs/RULES.md §25.6): 16 - 10
    ("2H 3H 4H 6H TD", 0),     # RK-1: 4 - 10, floored at 0
    ("5H TH TD", 5),           # 15 - 10
    ("TD", 0),                 # "no benefit" without points (L347)
    ("5H TH 2H 3H", 17),       # no 10♦: the plain sum
    ("QS TD", 3),              # A49: the Q♠'s 13 is in the whole hand total
    ("QS 2H TD", 4),
    ("QS 5H TH TD", 18),
])
def test_rook_ten_of_diamonds_takes_ten_off_the_hand_total_never_below_zero(taken, score):
    """rook §16 L347 / A49 (interpretation: the -10 applies to the whole hand total, Q♠
    included, and the total is floored at 0): seat 1 takes `taken`; the others take nothing."""
    pos = fed_to_the_leader(taken)
    assert pos.score() == [0, score, 0, 0]


def test_rook_no_moon_all_hearts_and_the_queen_score_39_for_the_taker():
    """rook §16 L349 "não existe Monopólio": all 13 hearts (26) and the Q♠ (13) to one
    seat score 39 for him and nothing for the others."""
    pos = fed_to_the_leader(" ".join(str(c) for c in HEARTS) + " QS")
    assert pos.moon_shooter() is None and pos.score() == [0, 39, 0, 0]
    assert rules().moon == ca.MoonRule.NONE


def test_rook_no_moon_a_sweep_of_the_whole_deck_scores_29():
    """rook §16: one seat wins every trick of a full deal: 26 + 13 - 10 (its 10♦) = 29."""
    pos = sweep(VARIANT, shooter=2)
    assert pos.is_over() and pos.score() == [0, 0, 29, 0]


def test_rook_qs_value_0_makes_the_queen_worthless_a49():
    """rook+qs-value (bare = 0; A49's other reading, a Rook deck has no Q♠): the Q♠ is 0,
    so the Q♠, 3 hearts and the 10♦ score 0 (13 would give 6); `=13` is rook's value."""
    assert rules("rook+qs-value").points_of(QS) == 0
    assert ca.find_variant("rook+qs-value=0").id == "rook+qs-value=0"
    assert fed_to_the_leader("QS 2H 3H 4H TD", "rook+qs-value=0").score() == [0, 0, 0, 0]
    assert fed_to_the_leader("QS 2H 3H 4H TD").score() == [0, 6, 0, 0]
    assert fed_to_the_leader("QS 2H 3H 4H TD", "rook+qs-value=13").score() == [0, 6, 0, 0]
    assert rules("rook+qs-value").points_of(HEARTS) == 26
    with pytest.raises(ValueError, match="qs-value: unknown value '7'; accepted: 0 or 13"):
        ca.find_variant("rook+qs-value=7")


# --- the deal -------------------------------------------------------------------------


@pytest.mark.parametrize("players, hand, kitty", [(3, 17, 1), (4, 13, 0), (5, 10, 2), (6, 8, 4), (7, 7, 3)])
def test_rook_deals_the_whole_deck_with_a_kitty_unless_four(players, hand, kitty):
    """rook §16 L339: the kitty method unless 4 players: 3: 17 + 1, 5: 10 + 2, 6: 8 + 4,
    7: 7 + 3; taken as three-five+kitty's default (first trick's winner, added to that
    trick, not looked at)."""
    r = rules(players=players)
    assert (r.hand_size, r.kitty_size, len(r.deck)) == (hand, kitty, 52)
    pos = ca.Position(r, ca.deal(r, 5), dealer=0, hand_no=0)
    assert [len(h) for h in pos.hands] == [hand] * players and len(pos.kitty) == kitty
    if kitty:
        assert (r.kitty_taker, r.kitty_use, r.kitty_peek) == (ca.KittyTaker.FIRST_TRICK_WINNER,
                                                                ca.KittyUse.ADD_TO_TRICK, False)
    if players in (3, 5):
        tf = rules("three-five+kitty", players)
        assert (tf.hand_size, tf.kitty_size, tf.kitty_taker, tf.kitty_use) == \
            (r.hand_size, r.kitty_size, r.kitty_taker, r.kitty_use)


def test_rook_seven_seats_the_first_trick_winner_takes_the_kitty():
    """rook with 7 seats: the 3 kitty cards join the first trick's winner's cards."""
    pos = position(VARIANT, {1: "KC"}, players=7, kitty="5H TH 2S")
    kitty = pos.kitty
    assert kitty == cards("5H TH 2S")
    while pos.tricks_done == 0:
        pos.push(next(iter(pos.legal_moves())))
    assert pos.turn == 1 and kitty <= pos.won[1]


def test_rook_seat_counts_are_3_to_7():
    """rook §16 L339: "with more than 7 there are too few cards"; 3 to 7 seats."""
    assert ca.find_variant(VARIANT).seat_counts == (3, 4, 5, 6, 7)
    with pytest.raises(ValueError, match="variant rook is for 3-7 players, not 8"):
        rules(players=8)


# --- the play -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_rook_no_pass_the_dealers_left_leads_any_card(players):
    """rook §16 L341-343: no passing; the dealer's left leads the first trick with any
    card of his hand (hearts and the Q♠ included)."""
    kitty = " ".join("2S 3S 4S 5S".split()[:rules(players=players).kitty_size])
    for dealer in (0, players - 1):
        for hand_no in range(6):
            pos = position(VARIANT, {(dealer + 1) % players: "QS 5H 2C"}, players=players,
                           dealer=dealer, hand_no=hand_no, kitty=kitty)
            assert pos.phase == "playing" and pos.pass_plan == []
            assert pos.turn == (dealer + 1) % players
            assert pos.legal_moves() == pos.hand(pos.turn)


def test_rook_b0_points_on_trick_1_and_heart_leads_before_any_heart_fell():
    """rook §16 L343 (B0): a void seat may discard the Q♠ or a heart on trick 1, and a
    heart may be led on trick 2 though none has been played."""
    pos = position(VARIANT, {1: "KC 2H", 2: "QS TH"}, voids={2: "C"})
    play(pos, "KC")
    assert pos.legal_moves() == pos.hand(2)
    play(pos, "QS")
    while pos.tricks_done == 0:
        pos.push(next(iter(pos.legal_moves())))
    assert pos.turn == 1 and cards("2H") <= pos.legal_moves()


# --- the match ------------------------------------------------------------------------


def test_rook_match_is_six_hands_whatever_the_totals():
    """rook §16 L351: the game ends after six hands, the lowest total wins; before the
    sixth no total ends it (no target)."""
    r = rules()
    assert ca.match_outcome(r, ca.MatchState([150, 0, 3, 9], hands_played=5)) == (False, [])
    assert ca.match_outcome(r, ca.MatchState([15, 4, 3, 9], hands_played=6)) == (True, [2])
    assert ca.match_outcome(r, ca.MatchState([15, 3, 3, 9], hands_played=6)) == (False, [])


def test_rook_a_tie_after_hand_6_plays_a_7th_hand_that_decides():
    """rook §16 L351 / A11, A11b: seats 1 and 2 share the lowest total after six hands,
    so a tie-break hand is played; the first one leaving one lowest total ends it."""
    r = rules()
    state = ca.MatchState([20, 7, 10, 30], hands_played=5)
    state.add_hand(fed_to_the_leader("2H 3H 4H"))  # hand 6: seat 1 +3 -> 10 and 10
    assert state.hands_played == 6 and state.tiebreak and state.outcome(r) == (False, [])
    state.add_hand(fed_to_the_leader("2H TD"))  # hand 7: seat 1 scores 0 (floored)
    assert state.outcome(r) == (False, [])  # still 10 and 10
    state.add_hand(fed_to_the_leader("5H"))  # hand 8: seat 1 +5
    assert state.totals == [20, 15, 10, 30] and state.outcome(r) == (True, [2])


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_rook_random_matches_last_six_hands_unless_tied(players):
    """rook: seeded random matches end after hand 6 when one total is lowest, and
    otherwise at the first later hand that leaves one lowest total."""
    for seed in range(4):
        match = play_match(Match.new(VARIANT, players=players, seed=seed),
                           [RandomBot(seed=s) for s in range(players)])
        n = len(match.hands)
        totals_after = [0] * players
        for i, record in enumerate(match.hands, start=1):
            totals_after = [t + v for t, v in zip(totals_after, record.score)]
            unique_low = totals_after.count(min(totals_after)) == 1
            assert (i >= 6 and unique_low) == (i == n), f"{players}p seed {seed} hand {i}"
        assert match.outcome() == (True, [totals_after.index(min(totals_after))])


def test_rook_seven_seats_every_view_can_be_sampled():
    """rook at 7 seats (7 cards each, a kitty of 3; §16): the world sampler's counting
    table fits every seat's view through random hands (it was refused as too large in
    8 of 4,900 views when the table was capped at 2^20 entries)."""
    rules = ca.find_variant("rook").rules(7)
    views = 0
    for seed in range(60):
        pos = ca.Position(rules, ca.deal(rules, seed), dealer=6, hand_no=0)
        rng = random.Random(seed)
        while not pos.is_over():
            sampler = ca.WorldSampler(pos, pos.turn)
            assert sampler.status == "ready", (seed, len(pos.moves), sampler.status)
            assert sampler.sample(seed) is not None
            views += 1
            pos.push(rng.choice(list(pos.legal_moves())))
    assert views == 60 * 49
