"""The world sampler (csrc/search/sampler.h): exact uniform deals of the cards a seat
cannot see, consistent with everything that seat knows.

The reference (tests/support/sampler_oracle.py) is independent of the C++ knowledge:
a world (every seat's current hand) is consistent when the seat's own hand and every
hand count match, the seat's passed cards that are still out sit with their receiver,
and replaying the whole play history from that world's starting hands is legal move
by move (so it honours every shown void and every absence a rule revealed). Small
positions are enumerated in full.
"""

from __future__ import annotations

import random
from math import factorial

import pytest

import copas_ai as ca
from copas_ai._core import InvalidPositionError, WorldSampler

from support.sampler_oracle import check_exact_count_and_uniformity, no_pass_hand_no, random_position, world_error

FULL_DECK = ca.CardSet.full_deck().bits


def suit_bits(suit: int) -> int:
    return ca.CardSet.suit(suit).bits


def receiver_of(p: ca.Position, seat: int) -> int | None:
    plan = p.pass_plan
    return (seat + plan[0][0]) % p.players if plan else None


def revealed_absences(p: ca.Position, me: int) -> list[int]:
    """Per seat, what its plays revealed it lacks (the core's revealed_absent, replayed)."""
    q = p.copy()
    moves = p.moves
    for _ in moves:
        q.pop()
    absent = [0] * p.players
    for seat, card in moves:
        if seat != me:
            absent[seat] |= q.revealed_absent(card).bits
        q.push(card)
    return absent


def rule_revealed_beyond_voids(p: ca.Position, me: int) -> int:
    """Unseen cards some other seat was shown to lack by a rule, not by a suit void."""
    absent = revealed_absences(p, me)
    played = sum(1 << int(c) for _, c in p.moves)
    extra = 0
    for s in range(p.players):
        if s == me:
            continue
        voids = sum(suit_bits(v) for v in p.shown_voids(s))
        extra |= absent[s] & ~voids & ~played & ~p.hand(me).bits
    return extra & p.rules.deck.bits


def three_player_rules_with_undealt_two_of_clubs():
    """american rules for 3 seats: 17 cards each, one card of the 52 dealt to nobody."""
    r = ca.find_variant("american").rules(4)
    r.players = 3
    r.hand_size = 17
    return r


def three_player_position_two_of_clubs_undealt(seed: int, plays: int):
    r = three_player_rules_with_undealt_two_of_clubs()
    rng = random.Random(seed)
    cards = [c for c in ca.CardSet.full_deck() if str(c) != "2C"]
    rng.shuffle(cards)
    hands = [ca.CardSet(cards[17 * s: 17 * (s + 1)]) for s in range(3)]
    p = ca.Position(r, hands, dealer=2, hand_no=no_pass_hand_no(r))
    for _ in range(plays):
        p.push(rng.choice(sorted(p.legal_moves(), key=int)))
    return p


def first_seed(predicate, start: int):
    return next(seed for seed in range(start, start + 500) if predicate(seed))


# --- exact counts and chi-square over small positions ---------------------------------

ENUMERATED_CASES = [
    # (id, variant, hand_no, plays, seat)
    ("american pass left, 3 tricks left, seat 0", "american", 0, 40, 0),
    ("american no pass, 3 tricks left mid-trick, seat 1", "american", 3, 41, 1),
    ("american pass across, 2 tricks left, seat 2", "american", 2, 44, 2),
    ("copas-fora pass right, 3 tricks left mid-trick, seat 3", "copas-fora", 1, 42, 3),
    ("copas-fora no pass, 3 tricks left, seat 0", "copas-fora", 3, 40, 0),
    ("copas-fora pass left, 2 tricks left mid-trick, seat 1", "copas-fora", 0, 45, 1),
]


def enumerated_position(variant: str, hand_no: int, plays: int, seat: int, seed: int):
    return random_position(ca.find_variant(variant).rules(), seed, hand_no, plays, keep_passed_by=seat)


def with_voids_and_kept_pass(variant, hand_no, plays, seat):
    """A seed whose position shows a void by another seat and, with a pass, still has
    one of the seat's passed cards out with its receiver."""

    def good(seed):
        p = enumerated_position(variant, hand_no, plays, seat, seed)
        voids = any(p.shown_voids(s) for s in range(4) if s != seat)
        receiver = receiver_of(p, seat)
        kept = receiver is None or (p.passed[seat] & p.hand(receiver))
        return voids and kept

    return enumerated_position(variant, hand_no, plays, seat, first_seed(good, 100))


@pytest.mark.parametrize("name,variant,hand_no,plays,seat", ENUMERATED_CASES, ids=[c[0] for c in ENUMERATED_CASES])
def test_world_count_is_exact_and_samples_are_uniform(name, variant, hand_no, plays, seat):
    """Each named situation (variant, pass, tricks left, a shown void): the sampler counts
    exactly the worlds the reference enumeration finds, and draws them uniformly."""
    p = with_voids_and_kept_pass(variant, hand_no, plays, seat)
    receiver = receiver_of(p, seat)
    sampler = WorldSampler(p, seat)
    if receiver is not None:
        assert sampler.must_hold(receiver).bits & p.passed[seat].bits
    worlds = check_exact_count_and_uniformity(p, seat, seed=plays)
    assert len(worlds) > 1


@pytest.mark.parametrize("variant", ["american", "copas-fora"])
def test_rule_revealed_absence_counts_exactly(variant):
    """american / copas-fora, 3 tricks left: an earlier play revealed, by a rule rather
    than a void (e.g. a heart led or discarded before hearts broke means no other
    suit), that a seat lacks cards still unseen; the count and the draws obey it."""
    rules = ca.find_variant(variant).rules()

    def good(seed):
        p = random_position(rules, seed, 3, 40)
        return rule_revealed_beyond_voids(p, 0) != 0

    p = random_position(rules, first_seed(good, 1000), 3, 40)
    extra = rule_revealed_beyond_voids(p, 0)
    sampler = WorldSampler(p, 0)
    for s in range(1, 4):
        assert sampler.absent(s).bits & extra == revealed_absences(p, 0)[s] & extra
    check_exact_count_and_uniformity(p, 0, seed=5)


def test_undealt_card_three_players_two_of_clubs_out_of_the_deal():
    """3-seat american rules (17 cards each, one undealt), 2C out of the deal, 3 tricks
    left: the undealt pile takes one unseen card, and since 3C was led first the 2C is
    known to be the undealt one."""
    p = three_player_position_two_of_clubs_undealt(seed=3, plays=42)
    assert p.moves[0][1] == ca.Card.from_str("3C")
    sampler = WorldSampler(p, 0)
    two_clubs = ca.Card.from_str("2C")
    assert all(two_clubs in sampler.absent(s) for s in (1, 2))
    worlds = check_exact_count_and_uniformity(p, 0, seed=11)
    assert len(worlds) > 1
    for world in worlds:
        assert not any((w >> int(two_clubs)) & 1 for w in world)


# rook (docs/RULES.md §16) at the seat counts with a kitty (three-five's, taken with the
# first trick): (players, cards still to play in the hand), late enough to enumerate.
ROOK_KITTY_CASES = [(3, 6), (3, 4), (5, 3), (6, 3), (7, 3), (7, 4)]


@pytest.mark.parametrize("players,left", ROOK_KITTY_CASES)
def test_rook_kitty_world_count_is_exact_and_samples_are_uniform(players, left):
    """rook with <players> seats and a kitty (1, 2, 4 or 3 cards), <left> cards still to
    play, seen by the seat to play: the kitty taken with trick 1 stays unseen (no peek),
    and the sampler counts exactly the worlds the reference enumeration finds and draws
    them uniformly."""
    rules = ca.find_variant("rook").rules(players)
    assert rules.kitty_size
    plays = players * rules.hand_size - left
    p = next(q for seed in range(200) if (q := random_position(rules, seed, 0, plays)).kitty_taker is not None
             and any(q.shown_voids(s) for s in range(players) if s != q.turn))
    worlds = check_exact_count_and_uniformity(p, p.turn, seed=players)
    assert len(worlds) > 1


# --- properties over many random positions --------------------------------------------


def check_world_against_knowledge(p: ca.Position, me: int, world, absences: list[int]):
    """The explicit checks: counts, shown voids, passed cards, revealed absences."""
    played = sum(1 << int(c) for _, c in p.moves)
    for s in range(p.players):
        assert bin(world[s]).count("1") == len(p.hand(s)), f"seat {s} count"
        if s == me:
            assert world[s] == p.hand(me).bits
            continue
        for suit in p.shown_voids(s):
            assert world[s] & suit_bits(suit) == 0, f"seat {s} holds a card of void suit {suit}"
        assert world[s] & absences[s] == 0, f"seat {s} holds a card its play revealed it lacks"
    receiver = receiver_of(p, me)
    if receiver is not None and p.phase != "passing":
        out = p.passed[me].bits & ~played
        assert out & ~world[receiver] == 0, "a passed card left its receiver"


def random_positions(count: int, seed: int):
    rng = random.Random(seed)
    variants = ["american", "copas-fora"]
    for i in range(count):
        rules = ca.find_variant(variants[i % 2]).rules()
        hand_no = rng.randrange(4)
        plays = rng.choice([-1, 0, rng.randrange(1, 52)])
        deal_seed = rng.randrange(1 << 30)
        if plays < 0:  # still passing: some passes set, not all
            p = ca.Position(rules, ca.deal(rules, deal_seed), dealer=3, hand_no=hand_no)
            if p.phase == "passing":
                for s in range(rng.randrange(4)):
                    p.set_pass(s, sorted(p.hand(s), key=int)[:3])
        else:
            p = random_position(rules, deal_seed, hand_no, plays)
        yield p, rng.randrange(4), rng.randrange(1 << 30)


def test_random_positions_true_world_counts_and_no_sample_contradicts_knowledge():
    """american and copas-fora, 1500 random positions (passing, start of play, any
    point of the play), any seat: the true world satisfies the sampler's knowledge and
    the reference check, world_count >= 1, and no sampled world contradicts a shown
    void, a passed card, a revealed absence, the hand counts or the replayed history."""
    checked = 0
    for p, me, seed in random_positions(1500, seed=2024):
        sampler = WorldSampler(p, me)
        assert sampler.ready, sampler.problem
        assert sampler.world_count() >= 1
        true_world = tuple(h.bits for h in p.hands)
        assert world_error(p, me, true_world) is None
        for s in range(p.players):
            assert len(p.hand(s)) == sampler.hand_count(s)
            if s != me:
                assert sampler.must_hold(s) <= p.hand(s)
                assert not (sampler.absent(s) & p.hand(s))
        absences = revealed_absences(p, me) if p.phase != "passing" else [0] * p.players
        check_world_against_knowledge(p, me, true_world, absences)
        for world in sampler.sample_many(2, seed):
            check_world_against_knowledge(p, me, world, absences)
            assert world_error(p, me, world) is None
            checked += 1
    assert checked == 3000


# --- the knowledge in named situations -------------------------------------------------


def test_american_passing_phase_seat_knows_only_its_hand():
    """american, hand 0 (pass left), before every pass is down: the seat knows only its
    13 cards, so the 39 others split 13/13/13 in 39!/(13!)^3 ways."""
    rules = ca.find_variant("american").rules()
    p = ca.Position(rules, ca.deal(rules, 9), dealer=3, hand_no=0)
    p.set_pass(1, sorted(p.hand(1), key=int)[:3])
    sampler = WorldSampler(p, 0)
    assert sampler.exact_world_count() == 84478098072866400
    assert all(not sampler.must_hold(s) and not sampler.absent(s) for s in range(4))
    assert sampler.unseen == ca.CardSet.full_deck() - p.hand(0)


def test_american_start_of_play_after_pass_leader_holds_two_of_clubs():
    """american, pass left, first trick not yet led: the seat knows its passed cards are
    with its left neighbour and that the seat to lead holds the 2C."""
    rules = ca.find_variant("american").rules()

    def leader_is_not(seat):
        return lambda seed: random_position(rules, seed, 0, 0).turn not in (seat, (seat + 1) % 4)

    p = random_position(rules, first_seed(leader_is_not(0), 1), 0, 0)
    leader = p.turn
    sampler = WorldSampler(p, 0)
    two_clubs = ca.Card.from_str("2C")
    assert sampler.must_hold(1) == p.passed[0]
    assert sampler.must_hold(leader) == ca.CardSet([two_clubs])
    # 35 unseen cards: 10 free slots at seat 1, 12 at the leader, 13 at the other seat.
    assert sampler.exact_world_count() == factorial(35) // (factorial(10) * factorial(12) * factorial(13))
    for world in sampler.sample_many(200, 1):
        assert (world[leader] >> int(two_clubs)) & 1
        assert world[1] & p.passed[0].bits == p.passed[0].bits


def test_sampling_is_deterministic_for_a_seed():
    """The same seed gives the same world (american, mid-hand)."""
    p = random_position(ca.find_variant("american").rules(), 4, 1, 23)
    sampler = WorldSampler(p, 2)
    assert sampler.sample(77) == sampler.sample(77)
    assert sampler.sample_many(5, 3) == sampler.sample_many(5, 3)
    world = sampler.sample_position(77)
    assert [h.bits for h in world.hands] == [h.bits for h in sampler.sample(77)]
    assert world.moves == p.moves


def test_explicit_knowledge_matches_the_position_built_one():
    """The engine's path (knowledge from explicit fields) counts the same worlds as the
    path from a known position (copas-fora, pass right, mid-hand)."""
    p = random_position(ca.find_variant("copas-fora").rules(), 8, 1, 30, keep_passed_by=2)
    built = WorldSampler(p, 2)
    explicit = WorldSampler.from_knowledge(
        p.rules, 2, built.own_hand, built.played,
        [built.hand_count(s) for s in range(4)],
        [built.must_hold(s) for s in range(4)],
        [built.absent(s) for s in range(4)],
    )
    assert explicit.ready
    assert explicit.exact_world_count() == built.exact_world_count()
    assert explicit.sample(5) == built.sample(5)


def test_no_world_is_reported_when_no_seat_may_hold_a_card():
    """american, explicit knowledge: the seat holds the clubs and every other seat is
    known to lack hearts, so no world exists; the sampler says so and refuses to draw."""
    rules = ca.find_variant("american").rules()
    hearts = ca.CardSet.suit(2)
    sampler = WorldSampler.from_knowledge(
        rules, 0, ca.CardSet.suit(0), ca.CardSet(), [13, 13, 13, 13], [], [ca.CardSet(), hearts, hearts, hearts]
    )
    assert not sampler.ready
    assert sampler.status == "no_world"
    assert sampler.world_count() == 0.0
    assert "2H" in sampler.problem
    with pytest.raises(InvalidPositionError):
        sampler.sample(1)


def test_no_world_is_reported_when_counts_cannot_be_filled():
    """american, explicit knowledge: seats 1 and 2 may hold only clubs (13 cards for 26
    slots): each card has a place but the counts cannot all be met."""
    rules = ca.find_variant("american").rules()
    only_clubs = ca.CardSet.suit(1) | ca.CardSet.suit(2) | ca.CardSet.suit(3)
    sampler = WorldSampler.from_knowledge(
        rules, 0, ca.CardSet.suit(3), ca.CardSet(), [13, 13, 13, 13], [],
        [ca.CardSet(), only_clubs, only_clubs, ca.CardSet()],
    )
    assert sampler.status == "no_world"
    assert sampler.exact_world_count() == 0
    with pytest.raises(InvalidPositionError):
        sampler.sample_many(3, 1)


def test_malformed_knowledge_raises():
    """american, explicit knowledge whose hand counts do not add up to the deck."""
    rules = ca.find_variant("american").rules()
    with pytest.raises(InvalidPositionError, match="add up"):
        WorldSampler.from_knowledge(rules, 0, ca.CardSet.suit(0), ca.CardSet(), [13, 13, 13, 12])
    with pytest.raises(InvalidPositionError, match="no seat"):
        WorldSampler(random_position(rules, 1, 0, 5), 4)


# --- other seat counts (data-only rule sets built from american) -----------------------


def american_for(players: int):
    """american rules dealt to `players` seats: 52 // players cards each, the rest undealt."""
    r = ca.find_variant("american").rules(4)
    r.players = players
    r.hand_size = 52 // players
    return r


TEN_CARDS = "2C,3C,4C,5C,6C,2H,3H,4H,QS,KS"
NINE_CARDS_NO_2C = "3C,4C,5C,6C,2H,3H,4H,QS,KS"


def small_deck_rules(deck: str):
    """american rules cut down to 3 seats of 3 cards from a tiny deck, so that whole
    hands can be enumerated (10 cards: one undealt; 9 cards: all dealt)."""
    r = ca.find_variant("american").rules(4)
    r.players = 3
    r.hand_size = 3
    r.deck = ca.CardSet.from_str(deck)
    r.pass_cycle = []
    return r


SMALL_DEALS = {
    # name: (deck, hands, leader)
    "10 cards, 2C undealt, 3C leads": (TEN_CARDS, ["3C,2H,KS", "4C,5C,3H", "6C,4H,QS"], 0),
    "10 cards, 2C dealt to seat 2": (TEN_CARDS, ["3C,2H,KS", "4C,5C,3H", "2C,4H,QS"], 2),
    "9 cards without 2C, 3C leads": (NINE_CARDS_NO_2C, ["4C,2H,KS", "3C,5C,3H", "6C,4H,QS"], 1),
}


@pytest.mark.parametrize("deal", sorted(SMALL_DEALS))
@pytest.mark.parametrize("me", [0, 1, 2])
def test_before_first_lead_on_a_small_deck_counts_exactly(deal, me):
    """american rules on a tiny deck for 3 seats, before the first lead: the leader
    holds the 2C if it was dealt, else the lowest card dealt (all lower cards of the
    deck undealt). Every seat's view, leader or not, counts exactly the worlds the
    enumeration finds and draws them uniformly."""
    deck, hands, leader = SMALL_DEALS[deal]
    r = small_deck_rules(deck)
    p = ca.Position(r, [ca.CardSet.from_str(h) for h in hands], dealer=2, hand_no=no_pass_hand_no(r))
    assert p.turn == leader
    undealt_cards = len(r.deck) > 9
    assert WorldSampler(p, me).opening_holder == (leader if me != leader and undealt_cards else None)
    worlds = check_exact_count_and_uniformity(p, me, seed=me)
    assert len(worlds) > 1


@pytest.mark.parametrize("players", [3, 5, 6])
def test_more_seats_start_of_play_samples_replay_the_opening(players):
    """american rules for 3, 5 and 6 seats (cards left undealt), no pass, before the
    first lead: from the leader's view and another's, every sampled world gives the
    lead to the same seat (the holder of the 2C, or of the lowest card dealt)."""
    r = american_for(players)
    for seed in range(3):
        p = ca.Position(r, ca.deal(r, seed), dealer=0, hand_no=no_pass_hand_no(r))
        for me in (p.turn, (p.turn + 1) % players):
            sampler = WorldSampler(p, me)
            assert sampler.ready and sampler.world_count() >= 1
            for world in sampler.sample_many(30, seed):
                assert world_error(p, me, world) is None


@pytest.mark.parametrize("players,seed", [(5, 21), (6, 22)])
def test_more_seats_last_trick_counts_exactly_and_uniformly(players, seed):
    """american rules for 5 and 6 seats (2 and 4 cards undealt), mid last trick: the
    count matches the enumeration (undealt cards included) and draws are uniform."""
    r = american_for(players)
    plays = players * (r.hand_size - 1) + 2
    p = random_position(r, seed, no_pass_hand_no(r), plays)
    me = p.turn
    worlds = check_exact_count_and_uniformity(p, me, seed=seed)
    assert len(worlds) > 1


def test_ten_seats_at_the_start_is_reported_too_large():
    """american rules for 10 seats (5 cards each) before any play: more than 2^128
    worlds, reported as too_large rather than overflowing."""
    r = american_for(10)
    p = ca.Position(r, ca.deal(r, 1), dealer=0, hand_no=no_pass_hand_no(r))
    sampler = WorldSampler(p, 0)
    assert sampler.status == "too_large"
    assert sampler.world_count() == 0.0
    with pytest.raises(InvalidPositionError, match="too_large"):
        sampler.sample(1)
