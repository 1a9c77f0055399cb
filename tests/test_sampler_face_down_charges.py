"""The world sampler's face-down charges (docs/RULES.md §9, A40: `gong-zhu+super-charge`'s
normal charges are made face down, so the other seats know only how many each seat made).
From seat me's view, seat X made k face-down charges not yet revealed: a world gives X at
least k of the hidden chargeable cards and says which k of them are charged. The sampler is
uniform over the (hands, charged cards) pairs, so a deal counts C(m, k) times when X holds m
of those cards. Small late positions, given as explicit knowledge, are enumerated in full
here, independently of the sampler, and its count and uniformity (chi-square) checked.
"""

import itertools
from collections import Counter

import pytest
from scipy.stats import chisquare

import copas_ai as ca
from copas_ai._core import InvalidPositionError, WorldSampler

CHARGEABLE = ca.CardSet.from_str("QS,AH,JD,TC")
RULES = ca.find_variant("gong-zhu").rules()
EMPTY = ca.CardSet()


def late_knowledge(own: str, unseen: str):
    """Seat 0 holds `own`; `unseen` is spread over seats 1..3 (as many cards each as seat 0);
    every other card of the deck is played."""
    own_set, unseen_set = (ca.CardSet.from_str(t.replace(" ", ",")) for t in (own, unseen))
    played = RULES.deck - own_set - unseen_set
    return own_set, unseen_set, played, [len(own_set)] * 4


def bits(cards) -> int:
    return (ca.CardSet.from_str(cards) if isinstance(cards, str) else ca.CardSet(cards)).bits


def enumerate_pairs(unseen, counts, must_hold, absent, hidden_charges):
    """Every (hands of seats 1..3, charged cards) pair the knowledge allows, by brute force:
    each deal of the unseen cards that fits the counts, the must-hold and the absent cards,
    times each choice, per seat, of hidden_charges[s] of its chargeable cards."""
    cards = sorted(ca.CardSet(unseen), key=int)
    pairs = set()
    for owners in itertools.product((1, 2, 3), repeat=len(cards)):
        hands = [0, 0, 0, 0]
        for card, seat in zip(cards, owners):
            hands[seat] |= 1 << int(card)
        if any(bin(hands[s]).count("1") != counts[s] for s in (1, 2, 3)):
            continue
        if any(hands[s] & bits(absent[s]) or bits(must_hold[s]) & ~hands[s] for s in (1, 2, 3)):
            continue
        choices = []
        for s in (1, 2, 3):
            mine = list(ca.CardSet.from_bits(hands[s] & bits(CHARGEABLE)))
            choices.append([sum(1 << int(c) for c in chosen)
                            for chosen in itertools.combinations(mine, hidden_charges[s])])
        for charged in itertools.product(*choices):
            pairs.add((hands[1], hands[2], hands[3], sum(charged)))
    return pairs


def check_exact(own, unseen, hidden_charges, must_hold=None, absent=None, seed=1):
    own_set, unseen_set, played, counts = late_knowledge(own, unseen)
    must_hold = must_hold or [EMPTY] * 4
    absent = absent or [EMPTY] * 4
    sampler = WorldSampler.from_knowledge(RULES, 0, own_set, played, counts, must_hold, absent,
                                          hidden_charges, CHARGEABLE)
    pairs = enumerate_pairs(unseen_set, counts, must_hold, absent, hidden_charges)
    assert sampler.exact_world_count() == len(pairs)
    draws = sampler.sample_many_with_charges(60 * len(pairs), seed)
    observed = Counter((w[1], w[2], w[3], w[4]) for w in draws)
    assert set(observed) <= pairs
    assert all(w[0] == own_set.bits for w in draws)
    assert chisquare([observed[p] for p in sorted(pairs)]).pvalue > 0.001
    return sampler, pairs


def test_gong_zhu_super_charge_one_face_down_charge_each_for_two_seats_is_exact_and_uniform():
    """gong-zhu+super-charge, three cards each left: E and W made one face-down charge each;
    N's sampler gives each of them a hidden chargeable card and names it, uniformly over the
    (deal, charged cards) pairs (a deal with two of the cards in E's hand counts twice)."""
    sampler, pairs = check_exact("2C 3C 4C", "QS AH JD TC 5D 6D 7D 8D 9D", [0, 1, 0, 1])
    assert len(pairs) > len({p[:3] for p in pairs})  # some deals carry several charge choices
    for hands_e, _, hands_w, charged in pairs:
        assert bin(charged & hands_e).count("1") == 1 and bin(charged & hands_w).count("1") == 1


def test_gong_zhu_super_charge_two_face_down_charges_of_one_seat_with_a_void():
    """gong-zhu+super-charge: S made two face-down charges; W showed a club void, so the 10♣
    is with E or S; the sampler stays exact and uniform, and every world charges two of S's cards."""
    no_clubs = ca.CardSet.suit(0)
    _, pairs = check_exact("2S 3S 4S", "QS AH JD TC 5D 6D 7D 8D 9D", [0, 0, 2, 0],
                           absent=[EMPTY, EMPTY, EMPTY, no_clubs])
    assert all(bin(charged & s).count("1") == 2 for _, s, _, charged in pairs)


def test_gong_zhu_super_charge_face_down_charge_with_a_known_card():
    """gong-zhu+super-charge: E made a face-down charge and is known to hold the J♦ (e.g. N
    saw it): the J♦ may be the charged card or not; both kinds of world are drawn."""
    _, pairs = check_exact("2S 3S 4S", "QS AH JD 5D 6D 7D 8D 9D TD", [0, 1, 0, 0],
                           must_hold=[EMPTY, ca.CardSet.from_str("JD"), EMPTY, EMPTY])
    jd = bits("JD")
    assert {bool(charged & jd) for *_, charged in pairs} == {True, False}


def test_gong_zhu_super_charge_no_world_when_no_chargeable_card_is_left_hidden():
    """gong-zhu+super-charge: E made a face-down charge but N holds or has seen every
    chargeable card: no world fits, and the sampler says so."""
    own_set, unseen_set, played, counts = late_knowledge("QS AH JD", "5D 6D 7D 8D 9D TD 2H 3H 4H")
    sampler = WorldSampler.from_knowledge(RULES, 0, own_set, played, counts, [], [], [0, 1, 0, 0], CHARGEABLE)
    assert sampler.status == "no_world"
    assert "face-down" in sampler.problem


def test_gong_zhu_super_charge_malformed_face_down_charges_raise():
    """gong-zhu+super-charge: a seat's own charges are not hidden from it, and no seat makes
    more face-down charges than it holds cards."""
    own_set, unseen_set, played, counts = late_knowledge("2S 3S 4S", "QS AH JD TC 5D 6D 7D 8D 9D")
    with pytest.raises(InvalidPositionError, match="own charges"):
        WorldSampler.from_knowledge(RULES, 0, own_set, played, counts, [], [], [1, 0, 0, 0], CHARGEABLE)
    with pytest.raises(InvalidPositionError, match="face-down charges but holds"):
        WorldSampler.from_knowledge(RULES, 0, own_set, played, counts, [], [], [0, 4, 0, 0], CHARGEABLE)
    with pytest.raises(InvalidPositionError, match="one entry per seat"):
        WorldSampler.from_knowledge(RULES, 0, own_set, played, counts, [], [], [0, 1], CHARGEABLE)
