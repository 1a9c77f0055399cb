"""`gong-zhu+super-charge` (docs/RULES.md §9, S000 L245-253, A40): each charge of a card is
followed by the same seat's face, `face=down` (a normal charge, hidden from the other seats
until its card is played or the hand is over) or `face=up` (a super charge: A♥ hearts x4,
Q♠ -400, J♦ +400, 10♣ x8 or +200). The super rows of GZ-4 (§25.5) and the seed's figures
are played out on stacked deals and checked against the independent scorer
(tests/support/independent_scorer_gong_zhu.py), as are random hands; the views hide a
face-down card (tests/support/gong_zhu_hands.py builds the deals).
"""

import random

import pytest
from support.charges import charge_all
from support.gong_zhu_hands import all_hearts_hand, capture_hand, independent, lowest_legal
from support.hands import build_deal, cards

import copas_ai as ca
from copas_ai._core import WorldSampler
from copas_ai.bots import RandomBot
from copas_ai.errors import VariantNotFoundError
from copas_ai.game import play_hand
from copas_ai.moves.kitty import view_move_texts
from copas_ai.search import world_from_view

SC = "gong-zhu+super-charge"


# --- the decisions ------------------------------------------------------------------------


def test_gong_zhu_super_charge_a_charge_is_followed_by_its_face():
    """gong-zhu+super-charge (L245, A40): after `charge=QS` the same seat owes `face=down|up`;
    `charge=none` passes to the next seat at once; once every charge is down the face-up cards are
    the super charges and every charged card is charged."""
    pos = ca.Position(ca.find_variant(SC).rules(), build_deal({1: "QS", 2: "JD", 3: "AH"}), dealer=0, hand_no=1)
    assert pos.decision == (1, "charge")
    pos.decide("charge=QS", seat=1)
    assert pos.decision == (1, "face")
    assert pos.decision_choices == ["face=down", "face=up"]
    pos.decide("face=up", seat=1)
    pos.decide("charge=JD", seat=2)
    pos.decide("face=down", seat=2)
    assert pos.decision == (3, "charge") and pos.charged == ca.CardSet()  # nothing public yet (A33)
    pos.decide("charge=none", seat=3)
    pos.decide("charge=none", seat=0)
    assert pos.phase == "playing"
    assert pos.charged == cards("QS JD") and pos.super_charged == cards("QS")
    pos.pop()  # the last charge: the phase is open again, nothing public
    assert pos.decision == (0, "charge") and pos.charged == ca.CardSet() == pos.super_charged


def test_gong_zhu_super_charge_face_undo_and_bad_faces():
    """gong-zhu+super-charge: a face is taken back alone; a face that is not down or up, or one
    that is not due, is refused naming the word."""
    pos = ca.Position(ca.find_variant(SC).rules(), build_deal({1: "TC"}), dealer=0, hand_no=1)
    pos.decide("charge=TC", seat=1)
    with pytest.raises(ca.IllegalMoveError, match="not a value of face"):
        pos.decide("face=sideways", seat=1)
    with pytest.raises(ca.IllegalMoveError, match="no charge is due"):
        pos.decide("charge=none", seat=1)
    pos.decide("face=up", seat=1)
    pos.pop()
    assert pos.decision == (1, "face")


def test_gong_zhu_super_charge_refuses_no_charge():
    """gong-zhu+super-charge+no-charge: super charges need the charge phase (L243 vs L245)."""
    with pytest.raises(VariantNotFoundError, match="cannot be combined with no-charge"):
        ca.find_variant(SC + "+no-charge")


# --- the scores: GZ-4's super rows and the seed's figures ---------------------------------------


@pytest.mark.parametrize("keep, charges, faces, score", [
    ({"JD", "TC"}, {0: "AH", 2: "QS"}, {0: "up", 2: "up"}, 1200),  # GZ-4, L249: both super-charged
    ({"QS", "JD", "TC"}, {0: "AH"}, {0: "up"}, 800),  # L247: all 13 hearts with the super A♥
    ({"JD", "TC"}, {2: "QS"}, {2: "up"}, 600),  # L249: all hearts and a super Q♠
    ({"JD", "TC"}, {0: "AH", 2: "QS"}, {0: "up", 2: "down"}, 1000),  # A40: super A♥, face-down Q♠
    ({"JD", "TC"}, {0: "AH", 2: "QS"}, {0: "down", 2: "down"}, 600),  # face down: GZ-4's charged row
])
def test_gong_zhu_super_charge_gz4_all_hearts_super_rows(keep, charges, faces, score):
    """GZ-4 (gong-zhu+super-charge, L247-249, A38b): the collector of all 13 hearts scores them and
    the Q♠ with the sign changed, a super A♥ quadrupling the hearts and a super Q♠ at -400."""
    pos = all_hearts_hand(SC, keep, charges, faces)
    assert pos.score()[0] == score
    assert pos.score() == independent(pos, SC)


@pytest.mark.parametrize("trick, charges, faces, score", [
    (("2C", "3C", ("JD", "5D")), {2: "JD"}, {2: "up"}, 400),  # L251: the super J♦
    (("2C", "3C", ("JD", "5D")), {2: "JD"}, {2: "down"}, 200),  # face down: a normal charge
    (("2C", "TC", ("5S", "5D")), {1: "TC"}, {1: "up"}, 200),  # L253: the super 10♣ with no point card
    (("2C", "TC", ("QS", "5D")), {1: "TC"}, {1: "up"}, -800),  # L253: x8
    (("2C", "TC", ("3H", "5D")), {1: "TC"}, {1: "up"}, 0),  # L253: the 2-3-4♥ rule applies: 0 x 8
    (("KH", "AH", ("5S", "5D")), {1: "AH"}, {1: "up"}, -360),  # L247: the super A♥: hearts x4
    (("2C", "3C", ("QS", "5D")), {2: "QS"}, {2: "up"}, -400),  # L249: the super Q♠
    (("2C", "TC", ("JD", "5D")), {2: "JD", 1: "TC"}, {2: "up", 1: "down"}, 1600),  # +400 x 4
])
def test_gong_zhu_super_charge_single_trick_captures(trick, charges, faces, score):
    """gong-zhu+super-charge (L247-253): E takes exactly the cards of trick 1 and scores the seed's
    super-charged figure (or the normal one when the card went face down)."""
    lead, win, discards = trick
    pos = capture_hand(SC, lead, win, discards, charges, faces)
    assert pos.score()[1] == score
    assert pos.score() == independent(pos, SC)


def test_gong_zhu_super_charge_random_hands_score_as_the_independent_scorer():
    """gong-zhu+super-charge §9: 300 seeded random hands, each seat charging a chargeable card it
    holds with probability 1/2, face up or down at random, score as the scorer written from §9."""
    rules = ca.find_variant(SC).rules()
    rng = random.Random(11)
    supers = 0
    for seed in range(300):
        pos = ca.Position(rules, ca.deal(rules, seed), dealer=seed % 4, hand_no=seed % 2)
        while pos.phase == "deciding":
            seat, word = pos.decision
            if word == "face":
                pos.decide(f"face={rng.choice(['up', 'down'])}", seat=seat)
                continue
            held = [str(c) for c in pos.hand(seat) & rules.charge_cards if rng.random() < 0.5]
            pos.decide(f"charge={held[0] if held else 'none'}", seat=seat)
        supers += len(pos.super_charged)
        play_hand(pos, [RandomBot(rng.getrandbits(32)) for _ in range(4)])
        assert pos.score() == independent(pos, SC), seed
    assert supers > 100  # the super effects were exercised


# --- A34 on a face-down card ---------------------------------------------------------------------


def test_gong_zhu_super_charge_a34_holds_back_a_face_down_charged_card():
    """gong-zhu+super-charge (A40: the restriction still applies to a face-down charge): S charged
    the Q♠ face down and holds other spades; on the first spade trick S must play one of those."""
    pos = ca.Position(ca.find_variant(SC).rules(), build_deal({0: "2S", 2: "QS 7S"}), dealer=0, hand_no=1)
    charge_all(pos, {2: "QS"}, {2: "down"})
    assert pos.super_charged == ca.CardSet() and pos.charged == cards("QS")
    pos.push("2S")
    pos.push(lowest_legal(pos))
    assert pos.legal_moves() == (pos.hand(2) & ca.CardSet.suit(3)) - cards("QS")
    assert "charged" in pos.illegal_reason("QS")


# --- hidden information -------------------------------------------------------------------------

HIDDEN_DEAL = {0: "2S 3S", 1: "AH 4S", 2: "JD 5S 6S", 3: "QS TC"}


def hidden_hand() -> ca.Position:
    """Hand 2 (N leads): E charges the A♥ face down, S the J♦ face up, W the Q♠ face down."""
    pos = ca.Position(ca.find_variant(SC).rules(), build_deal(HIDDEN_DEAL), dealer=0, hand_no=1)
    charge_all(pos, {1: "AH", 2: "JD", 3: "QS"}, {1: "down", 2: "up", 3: "down"})
    return pos


def test_gong_zhu_super_charge_views_hide_a_face_down_card_until_it_is_played():
    """gong-zhu+super-charge (A40): another seat sees a face-down charge as `charge=?` with its
    `face=down` (and a face-up one in full); the charger sees its own; during the phase another
    seat's face is not written at all; the card shows once played, and every one once the hand is over."""
    pos = ca.Position(ca.find_variant(SC).rules(), build_deal(HIDDEN_DEAL), dealer=0, hand_no=1)
    pos.decide("charge=AH", seat=1)
    pos.decide("face=down", seat=1)
    assert view_move_texts(pos, 0) == ["1:charge=?"]  # the phase is on: nothing of it shows
    assert view_move_texts(pos, 1) == ["1:charge=AH", "1:face=down"]
    pos = hidden_hand()
    down = ["1:charge=?", "1:face=down", "2:charge=JD", "2:face=up", "3:charge=?", "3:face=down", "0:charge=none"]
    assert view_move_texts(pos, 0) == down
    assert view_move_texts(pos, 3)[4:6] == ["3:charge=QS", "3:face=down"]
    # Play on, the Q♠ kept, until E plays its A♥: only then does N's view show it.
    ace = ca.Card.from_str("AH")
    while ace not in {card for _, card in pos.moves}:
        assert view_move_texts(pos, 0)[0] == "1:charge=?"
        pos.push(ace if pos.turn == 1 and pos.is_legal(ace) else lowest_legal(pos, {"AH", "QS"}))
    assert view_move_texts(pos, 0)[0] == "1:charge=AH"
    assert view_move_texts(pos, 0)[4] == "3:charge=?"
    while not pos.is_over():
        pos.push(lowest_legal(pos))
    assert view_move_texts(pos, 0)[:7] == ["1:charge=AH", "1:face=down", "2:charge=JD", "2:face=up",
                                          "3:charge=QS", "3:face=down", "0:charge=none"]


def test_gong_zhu_super_charge_search_worlds_give_each_face_down_charger_a_hidden_card():
    """gong-zhu+super-charge (A40, the sampler's part in the search): N's worlds (knowledge_of) give
    E and W each one face-down charged card among the chargeable cards N has not seen (never the
    open J♦, never N's own), hold it in their hands, and vary it; the face-up J♦ stays put."""
    pos = hidden_hand()
    sampler = WorldSampler(pos, 0)
    seen = {1: set(), 3: set()}
    for seed in range(200):
        world = sampler.sample_position(seed)
        assert world.super_charged == cards("JD") and ca.Card.from_str("JD") in world.hand(2)
        face_down = world.charged - world.super_charged
        assert len(face_down) == 2 and not face_down & (cards("JD") | pos.hand(0))
        for seat in (1, 3):
            mine = face_down & world.hand(seat)
            assert len(mine) == 1
            seen[seat] |= {str(c) for c in mine}
    assert seen[1] == seen[3] == {"AH", "QS", "TC"}


def test_gong_zhu_super_charge_view_world_from_hidden_charges():
    """gong-zhu+super-charge (A40): world_from_view on N's view (`1:charge=?`, `1:face=down`, ...)
    builds worlds whose face-down charged cards are held by E and W, one each, never N's or the
    open J♦; a face-up charge written `?` is refused, naming it."""
    pos = hidden_hand()
    rules = pos.rules
    decisions = [(0, int(t[0]), t.partition(":")[2]) for t in view_move_texts(pos, 0)]
    charged = set()
    for seed in range(60):
        world = world_from_view(rules, 0, pos.hand(0), dealer=0, hand_no=1, seed=seed, decisions=decisions)
        face_down = world.charged - world.super_charged
        assert world.super_charged == cards("JD")
        assert all(len(face_down & world.hand(s)) == 1 for s in (1, 3))
        assert not face_down & pos.hand(0)
        charged |= {str(c) for c in face_down}
    assert charged == {"AH", "QS", "TC"}
    bad = [(0, 1, "charge=?"), (0, 1, "face=up")] + decisions[2:]
    with pytest.raises(ca.InvalidPositionError, match="face-up charge is public"):
        world_from_view(rules, 0, pos.hand(0), dealer=0, hand_no=1, decisions=bad)


def test_gong_zhu_super_charge_a34_holds_in_the_worlds_of_a_view():
    """gong-zhu+super-charge (A40, A34 in the sampled worlds): N leads the 2♥, the first heart
    trick, after E charged a card face down; in each of N's worlds where E's charged card is the A♥
    and E holds another heart, E may not play the A♥ (and such worlds occur)."""
    own = "2H 3H 2C 3C 4C 5C 6C 7C 8C 9C 2D 3D 4D"
    rules = ca.find_variant(SC).rules()
    decisions = [(0, 1, "charge=?"), (0, 1, "face=down"), (0, 2, "charge=none"), (0, 3, "charge=none"),
                 (0, 0, "charge=none")]
    held_back = 0
    for seed in range(80):
        world = world_from_view(rules, 0, cards(own), moves=[(0, "2H")], dealer=0, hand_no=1, seed=seed,
                                decisions=decisions)
        assert world.turn == 1 and len(world.charged & world.hand(1)) == 1
        ace = ca.Card.from_str("AH")
        if ace in world.charged and len(world.hand(1) & ca.CardSet.suit(2)) > 1:
            assert ace not in world.legal_moves()
            held_back += 1
    assert held_back > 0
