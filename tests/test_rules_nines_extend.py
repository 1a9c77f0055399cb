"""Tricks of variable length: `copas-fora+nines-extend` (docs/RULES.md §2.3 L73, A21,
worked example CF-9) and `spanish+sixes-extend` (§7 L179: the same with the 6s).

A trick whose first round holds the trigger card of its led suit (led, or played to
it) gets a second round: every seat plays one more card, the leader first, following
the original led suit, under the usual restrictions with the hearts-broken flag of
before the trick; once per trick, never when the hands are empty; the highest card of
the led suit among all of them takes the trick. Seats 0..3 are N, E, S, W.
"""

from __future__ import annotations

import random

import pytest
from support.endgames import feeding_policy, stacked_deal
from support.hands import (
    CF9_DEAL,
    CF9_FIRST_TRICKS,
    CF9_VOIDS,
    DECK,
    HEARTS,
    PENALTY,
    QS,
    SPADES,
    cards,
    play,
    position,
)
from support.independent_legal_copas_fora import takers
from support.sampler_oracle import no_pass_hand_no

import copas_ai as ca
from copas_ai import _core

def cf9_before_trick_4() -> ca.Position:
    pos = position("copas-fora+nines-extend", CF9_DEAL, voids=CF9_VOIDS)
    play(pos, CF9_FIRST_TRICKS)
    assert (pos.turn, pos.tricks_done, pos.hearts_broken) == (0, 3, True)
    return pos


def test_copas_fora_nines_extend_cf9_east_takes_eight_cards_for_two_points():
    """copas-fora+nines-extend, CF-9: N leads the 9♠, E 3♠, S K♠, W ♥5; a 9 was led, so a
    second round: N 2♠, E A♠, S 4♠, W ♥7. E's A♠ is the highest spade of the 8 cards:
    E takes all 8 (2 points) and leads next; each seat used 2 cards on the trick."""
    pos = cf9_before_trick_4()
    play(pos, "9S 3S KS 5H")
    assert pos.trick_size == 8 and pos.turn == 0 and len(pos.trick) == 4
    play(pos, "2S AS 4S 7H")
    assert pos.tricks_done == 4 and pos.trick == []
    assert pos.trick_starts == [0, 4, 8, 12, 20]
    assert pos.won[1] == cards("9S 3S KS 5H 2S AS 4S 7H")
    assert pos.points_taken() == [0, 2, 0, 0]
    assert pos.leader == 1 and pos.turn == 1 and pos.tricks_won(1) == 1
    assert [len(pos.hand(s)) for s in range(4)] == [8, 8, 8, 8]


def test_copas_fora_nines_extend_cf9_second_round_follows_the_original_suit_leader_first():
    """copas-fora+nines-extend, A21: the second round starts with the original leader and
    keeps the led suit: N (holding spades) may play only spades, W (void) anything."""
    pos = cf9_before_trick_4()
    play(pos, "9S 3S KS 5H")
    assert pos.turn == 0
    assert pos.legal_moves() == pos.hand(0) & SPADES
    other = min(pos.hand(0) - SPADES, key=int)
    assert pos.illegal_reason(other) == "must follow suit (spades led)"
    play(pos, "2S AS 4S")
    assert pos.legal_moves() == pos.hand(3)


def test_copas_fora_nines_extend_nine_of_another_suit_does_not_extend():
    """copas-fora+nines-extend: a 9 discarded on a trick led in another suit is no trigger."""
    pos = position("copas-fora+nines-extend", {0: "2C", 1: "3C", 2: "4C", 3: "9D"}, voids={3: "C"})
    play(pos, "2C 3C 4C 9D")
    assert pos.tricks_done == 1 and pos.trick_starts == [0, 4]


# R1 deal: E's only club is the 9♣, S holds no club; N and W hold the other clubs.
R1_SPEC = {0: "2C 3C 4C", 1: "9C 2H QS", 2: "2D 3H", 3: "5C 6C"}


def test_copas_fora_nines_extend_nine_followed_extends_trick_1_and_r1_holds_in_round_2():
    """copas-fora+nines-extend, A21 on trick 1: E's 9♣ played to N's 2♣ extends it. In
    the second round R1 still bars hearts and the Q♠ from the void seats, the leader
    N must follow clubs again, and the highest club of all 8 cards (E's 9♣) takes it."""
    pos = position("copas-fora+nines-extend", R1_SPEC, voids={1: "C", 2: "C"})
    play(pos, "2C 9C")
    assert pos.legal_moves() == pos.hand(2) - PENALTY
    play(pos, "2D 5C")
    assert pos.trick_size == 8 and pos.turn == 0 and pos.tricks_done == 0
    assert pos.legal_moves() == pos.hand(0) & ca.CardSet.suit(0)
    play(pos, "3C")
    assert pos.legal_moves() == pos.hand(1) - PENALTY  # R1, and R2: hearts not broken
    assert "first trick" in pos.illegal_reason("QS")
    east = min(pos.legal_moves(), key=int)
    play(pos, str(east))
    assert pos.legal_moves() == pos.hand(2) - PENALTY
    play(pos, str(min(pos.legal_moves(), key=int)) + " 6C")
    assert pos.tricks_done == 1 and pos.leader == 1 and len(pos.won[1]) == 8
    assert pos.trick_starts == [0, 8]


def test_copas_fora_nines_extend_a_void_shown_only_in_the_second_round():
    """copas-fora+nines-extend: E followed clubs in the first round with his last club;
    failing to follow in the second round shows the void, and tells the other seats so."""
    pos = position("copas-fora+nines-extend", R1_SPEC, voids={1: "C", 2: "C"})
    play(pos, "2C 9C 2D 5C 3C")
    assert 0 not in pos.shown_voids(1)
    east = min(pos.legal_moves(), key=int)
    clubs = ca.CardSet.suit(0)
    assert pos.revealed_absent(east) & clubs == clubs
    pos.push(east)
    assert 0 in pos.shown_voids(1)


# Trick 1 all follow clubs (W wins with the A♣, hearts stay unbroken); W leads the 9♦ to
# trick 2 and E is void in diamonds.
BROKEN_SPEC = {0: "2C 2D 5D", 1: "3C 5C 6C 2H 3H", 2: "4C 3D 6D", 3: "AC 9D 4D"}


def test_copas_fora_nines_extend_second_round_keeps_the_broken_flag_of_before_the_trick():
    """copas-fora+nines-extend, A21: E's off-suit club in the first round would break
    hearts (B1), but only once the trick is over: in the second round E still may not
    discard a heart (R2). The trick breaks them when it ends."""
    pos = position("copas-fora+nines-extend", BROKEN_SPEC, voids={1: "D"})
    play(pos, "2C 3C 4C AC")
    assert pos.turn == 3 and not pos.hearts_broken
    play(pos, "9D 2D 5C 3D / 4D 5D")
    assert pos.turn == 1 and not pos.hearts_broken
    assert pos.legal_moves() == pos.hand(1) - HEARTS
    assert "broken" in pos.illegal_reason("2H")
    play(pos, "6C 6D")
    assert pos.hearts_broken and pos.tricks_done == 2 and pos.leader == 3


def test_copas_fora_nines_extend_qs_forced_in_the_second_round():
    """copas-fora+nines-extend+qs-forced (A20 with A21): E followed the 9♦ with his last
    diamond; in the second round he is void, and the Q♠ is forced."""
    pos = position("copas-fora+nines-extend+qs-forced", {0: "2C 3D 6D", 1: "3C 2D QS", 2: "4C 4D", 3: "AC 9D 5D"},
                   voids={1: "D"})
    play(pos, "2C 3C 4C AC / 9D 3D 2D 4D / 5D 6D")
    assert pos.turn == 1 and pos.legal_moves() == QS


def test_copas_fora_nines_extend_first_trick_stuck_annul_in_the_second_round():
    """copas-fora+nines-extend+first-trick-stuck-annul (A19 with A21): N led his only
    clean card, the 2♣; E's 9♣ extends trick 1, and N, due to play to trick 1 again with
    only hearts, annuls the hand (nobody scores)."""
    pos = position("copas-fora+nines-extend+first-trick-stuck-annul",
                   {0: "2C 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", 1: "9C"})
    play(pos, "2C 9C")
    for _ in range(2):  # S and W: any card
        pos.push(min(pos.legal_moves(), key=int))
    assert pos.is_over() and pos.hand_end == "annulled"
    assert pos.score() == [0, 0, 0, 0]


def test_copas_fora_nines_extend_no_extension_on_the_last_trick():
    """copas-fora+nines-extend, A21: each seat keeps a 9 to the end (the others are
    played first); the last trick is led with a 9 but the hands are empty: no second
    round, and the hand ends with 4 cards on that trick."""
    pos = position("copas-fora+nines-extend", {0: "9C", 1: "9D", 2: "9H", 3: "9S"})
    nines = cards("9C 9D 9H 9S")
    while not pos.is_over():
        legal = pos.legal_moves()
        pos.push(min(legal - nines if legal - nines else legal, key=int))
    starts = pos.trick_starts
    last = [str(c) for _, c in pos.moves[starts[-2]:]]
    assert len(last) == 4 and last[0][0] == "9" and starts[-1] == 52
    assert sum(pos.tricks_won(s) for s in range(4)) == pos.tricks_done < 13  # some trick had 8 cards


def test_three_five_kitty_nines_extend_the_extended_first_trick_takes_the_kitty():
    """three-five+kitty+nines-extend (A29 with A21): the kitty goes with trick 1 (first-
    trick-winner) also when it had a second round: S's A♣ takes 6 cards and the kitty."""
    rules = ca.find_variant("three-five+kitty+nines-extend").rules(3)
    given = [cards("2C 3C 4C"), cards("9C 5C"), cards("AC 6C")]
    kitty = cards("KD")
    rest = sorted(DECK - kitty - given[0] - given[1] - given[2], key=int)
    hands = []
    for g in given:
        hands.append(g | ca.CardSet(rest[:17 - len(g)]))
        rest = rest[17 - len(g):]
    assert [len(h) for h in hands] == [17, 17, 17]
    pos = ca.Position(rules, hands, dealer=2, hand_no=2)
    assert pos.phase == "playing" and pos.turn == 0
    play(pos, "2C 9C AC / 3C 5C 6C")
    assert pos.tricks_done == 1 and pos.kitty_taker == 2
    assert pos.won[2] == cards("2C 9C AC 3C 5C 6C KD")


def test_copas_fora_nines_extend_a_revoke_in_the_second_round_is_proven_later():
    """copas-fora+nines-extend with revokes penalized (§1.3, A10): W fails to follow
    diamonds in the second round while holding one; when he later plays a diamond the
    revoke is proven and he scores the penalty."""
    pos = position("copas-fora+nines-extend", BROKEN_SPEC, voids={1: "D"})
    pos.revokes = "penalize"
    play(pos, "2C 3C 4C AC / 9D 2D 5C 3D / 4D 5D 6C")
    south = pos.hand(2)
    other = min(south - ca.CardSet.suit(1), key=int)
    assert pos.is_revoke(other)
    pos.push(other)
    assert pos.revoke_pending and pos.tricks_done == 2
    while not pos.is_over():
        legal = pos.legal_moves()
        diamonds = legal & ca.CardSet.suit(1)
        seat = pos.turn
        pos.push(min(diamonds if seat == 2 and diamonds else legal, key=int))
    assert pos.hand_end == "revoke" and pos.score() == [0, 0, 26, 0]


def _snapshot(pos: ca.Position) -> tuple:
    n = pos.players
    return (tuple(pos.moves), tuple(pos.hands), tuple(pos.won), tuple(pos.trick_starts), pos.turn, pos.leader,
            pos.trick_size, pos.tricks_done, pos.hearts_broken, tuple(tuple(pos.shown_voids(s)) for s in range(n)),
            pos.legal_moves() if pos.turn is not None else None)


@pytest.mark.parametrize("variant_id", ["copas-fora+nines-extend", "spanish+sixes-extend"])
def test_nines_extend_undo_restores_every_step(variant_id):
    """<variant_id>: random hands pushed to the end and popped back restore every
    state on the way (extended tricks reopened with their 2 cards a seat)."""
    rules = ca.find_variant(variant_id).rules()
    rng = random.Random(variant_id)
    extended = 0
    for seed in range(30):
        pos = ca.Position(rules, ca.deal(rules, seed), dealer=3, hand_no=3)
        states = [_snapshot(pos)]
        while not pos.is_over():
            pos.push(rng.choice(sorted(pos.legal_moves(), key=int)))
            states.append(_snapshot(pos))
        starts = pos.trick_starts
        extended += sum(b - a == 2 * rules.players for a, b in zip(starts, starts[1:]))
        assert starts[-1] == rules.players * rules.hand_size
        while states:
            assert _snapshot(pos) == states.pop()
            if pos.moves:
                pos.pop()
    assert extended > 10


@pytest.mark.parametrize("variant_id, trigger", [("copas-fora+nines-extend", "9"), ("spanish+sixes-extend", "6"),
                                                 ("three-five+nines-extend", "9")])
def test_nines_extend_tricks_and_takers_agree_with_the_independent_oracle(variant_id, trigger):
    """<variant_id>: over random hands the core's tricks (where each starts, who takes
    it, the cards) are those of the oracle written from A21 (tests/support)."""
    rules = ca.find_variant(variant_id).rules()
    rng = random.Random(variant_id)
    for seed in range(40):
        pos = ca.Position(rules, ca.deal(rules, seed), dealer=0, hand_no=no_pass_hand_no(rules))
        while not pos.is_over():
            pos.push(rng.choice(sorted(pos.legal_moves(), key=int)))
        moves = [(seat, str(card)) for seat, card in pos.moves]
        tricks, won = takers(moves, trigger, rules.players, rules.players * rules.hand_size)
        assert tricks == [pos.tricks_won(s) for s in range(rules.players)]
        assert won == [{str(c) for c in pos.won[s]} for s in range(rules.players)]


def test_nines_extend_is_offered_where_the_trigger_is_in_the_deck():
    """§0.4/§0.5: nines-extend on copas-fora, teams and three-five; spanish has no 9s and
    takes sixes-extend (the same rule on the 6s); the two exclude each other."""
    assert ca.find_variant("teams+nines-extend").rules().extend_cards == cards("9C 9D 9H 9S")
    assert ca.find_variant("three-five+nines-extend").rules(5).extend_cards == cards("9C 9D 9H 9S")
    assert ca.find_variant("spanish+sixes-extend").rules().extend_cards == cards("6C 6D 6H 6S")
    assert ca.find_variant("copas-fora").rules().extend_cards == ca.CardSet()
    with pytest.raises(ca.VariantNotFoundError, match="9s are not in this deck"):
        ca.find_variant("spanish+nines-extend")
    with pytest.raises(ca.VariantNotFoundError, match="cannot be combined"):
        ca.find_variant("copas-fora+nines-extend+sixes-extend")
    assert "nines-extend" in ca.find_variant("american+nines-extend").unverified


def test_nines_extend_rules_are_refused_by_the_solver_with_the_reason():
    """The exact solver assumes one card per seat in a trick: it names A21 for these
    rules (PIMC then searches with ISMCTS), and still scores every other RuleSet."""
    assert "A21" in _core.solver_unsupported(ca.find_variant("copas-fora+nines-extend").rules())
    assert "A21" in _core.solver_unsupported(ca.find_variant("spanish+sixes-extend").rules())
    assert _core.solver_unsupported(ca.find_variant("copas-fora").rules()) == ""


def test_copas_fora_nines_extend_super_moon_counts_the_hands_fewer_tricks():
    """copas-fora+nines-extend+super-moon+clean-hand (A25, L111 with A21): on stacked
    deals where the others feed one seat, a shooter who won every trick of a hand that
    had a second round (so fewer than 13 tricks) makes the double moon (the others
    +52), and the others, with no trick, add the clean-hand bonus (−5)."""
    rules = ca.find_variant("copas-fora+nines-extend+super-moon+clean-hand").rules()
    for seed in range(200):
        rng = random.Random(seed)
        shooter = rng.randrange(4)
        pos = ca.Position(rules, stacked_deal(rules, rng, shooter), dealer=3, hand_no=3)
        policy = feeding_policy(shooter)
        while not pos.is_over():
            pos.push(policy(pos, rng))
        if pos.tricks_done < 13 and pos.tricks_won(shooter) == pos.tricks_done:
            break
    else:
        raise AssertionError("no stacked hand with a second round and every trick to one seat")
    assert pos.moon_shooter() == shooter
    assert pos.score() == [0 if s == shooter else 52 - 5 for s in range(4)]
