"""The Python API: Card and CardSet notation, typed errors, and push/pop symmetry."""

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import copas_ai as ca
from copas_ai import Card, CardSet

VARIANTS = ("american", "copas-fora")

# --- Card ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, canonical",
    [("QS", "QS"), ("2C", "2C"), ("TD", "TD"), ("AH", "AH"), ("10H", "TH"), ("10h", "TH"),
     ("th", "TH"), ("q♠", "QS"), ("Q♤", "QS"), ("A♦", "AD"), ("10♥", "TH"), ("K♡", "KH"),
     ("2♣", "2C"), ("3♧", "3C"), ("9♢", "9D")],
)
def test_card_from_str_accepts_ascii_ten_and_suit_symbols(text, canonical):
    """Card.from_str takes rank then suit: T or 10, any case, letters or ♣♦♥♠ (and
    the white forms); str() is the canonical two-character form."""
    card = Card.from_str(text)
    assert str(card) == canonical
    assert card == Card.from_str(canonical)


def test_card_str_repr_round_trip_for_all_52():
    """Every card: str() parses back, repr() is eval-able to an equal Card, index is
    suit * 16 + face, and cards hash and sort by index."""
    seen = set()
    for suit in range(4):
        for face in range(13):
            card = Card(suit * 16 + face)
            assert (card.suit, card.face) == (suit, face)
            assert Card.from_str(str(card)) == card
            assert repr(card) == f"Card.from_str('{card}')"
            assert eval(repr(card), {"Card": Card}) == card
            assert str(card) == card.rank_char + card.suit_char
            seen.add(card)
    assert len(seen) == 52
    assert Card.from_str("2C") < Card.from_str("AC") < Card.from_str("2D") < Card.from_str("2S")


def test_card_pickles():
    for text in ("2C", "TH", "QS", "AS"):
        card = Card.from_str(text)
        assert pickle.loads(pickle.dumps(card)) == card


@pytest.mark.parametrize("bad", ["1X", "", "11H", "QSX", "Q", "10", "H", "ZZ", "0C", "QX"])
def test_card_from_str_bad_input_raises_invalid_card_error_naming_it(bad):
    """A bad card string raises InvalidCardError (a ValueError) quoting the input."""
    with pytest.raises(ca.InvalidCardError, match=f"'{bad}'") as info:
        Card.from_str(bad)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("index", [-1, 13, 15, 29, 64, 200])
def test_card_bad_index_raises_invalid_card_error(index):
    """Card(index) refuses indexes that are not one of the 52 cards."""
    with pytest.raises(ca.InvalidCardError, match=str(index)):
        Card(index)


# --- CardSet -----------------------------------------------------------------------------


def test_cardset_iterates_and_prints_in_c_d_h_s_then_rank_order():
    """CardSet output is canonical: clubs, diamonds, hearts, spades, each by rank."""
    cs = CardSet.from_str("AS,2C,KH,3D,TC,10♥")
    assert [str(c) for c in cs] == ["2C", "TC", "3D", "TH", "KH", "AS"]
    assert str(cs) == "2C,TC,3D,TH,KH,AS"
    assert repr(cs) == "CardSet.from_str('2C,TC,3D,TH,KH,AS')"
    assert eval(repr(cs), {"CardSet": CardSet}) == cs


def test_cardset_dash_is_the_empty_set():
    empty = CardSet.from_str("-")
    assert len(empty) == 0 and not empty
    assert empty == CardSet() == CardSet([])
    assert str(empty) == "-"
    assert list(empty) == []


def test_cardset_set_operations():
    """|, &, -, ^, <=, >=, len, in (Card or str), add/discard/remove, of_suit."""
    a = CardSet.from_str("2C,3C,QS,AH")
    b = CardSet.from_str("3C,QS,KD")
    assert a | b == CardSet.from_str("2C,3C,KD,AH,QS")
    assert a & b == CardSet.from_str("3C,QS")
    assert a - b == CardSet.from_str("2C,AH")
    assert a ^ b == CardSet.from_str("2C,KD,AH")
    assert CardSet.from_str("3C,QS") <= a and a >= CardSet.from_str("3C")
    assert not (b <= a)
    assert len(a) == 4 and bool(a)
    assert "QS" in a and Card.from_str("AH") in a and "KD" not in a
    c = a.copy()
    c.add("KD")
    c.discard("2C")
    c.discard("2C")  # discarding an absent card is a no-op, as for set
    c.remove("QS")
    assert c == CardSet.from_str("3C,KD,AH")
    assert a == CardSet.from_str("2C,3C,QS,AH")  # copy() is independent
    with pytest.raises(KeyError):
        c.remove("QS")
    assert a.of_suit(0) == CardSet.from_str("2C,3C")
    assert CardSet.full_deck() == CardSet.suit(0) | CardSet.suit(1) | CardSet.suit(2) | CardSet.suit(3)
    assert len(CardSet.full_deck()) == 52
    assert CardSet(["2C", Card.from_str("QS")]) == CardSet.from_str("QS,2C")
    assert CardSet.from_bits(a.bits) == a
    assert hash(CardSet.from_str("2C,3C")) == hash(CardSet.from_str("3C,2C"))


def test_cardset_pickles():
    for text in ("-", "2C", "2C,TH,QS,AS", str(CardSet.full_deck())):
        cs = CardSet.from_str(text)
        assert pickle.loads(pickle.dumps(cs)) == cs


@pytest.mark.parametrize(
    "text, message",
    [("2C,2C", "2C listed twice"), ("", "empty"), ("2C,,3C", "bad card ''"),
     ("2C;3C", "bad card '2C;3C'"), ("2C,1X", "bad card '1X'")],
)
def test_cardset_from_str_bad_input_raises_invalid_card_error(text, message):
    with pytest.raises(ca.InvalidCardError, match=message):
        CardSet.from_str(text)


def test_cardset_bad_bits_and_duplicates_raise_invalid_card_error():
    with pytest.raises(ca.InvalidCardError, match="outside the 52"):
        CardSet.from_bits(1 << 13)
    with pytest.raises(ca.InvalidCardError, match="2C listed twice"):
        CardSet(["2C", "2C"])


def test_non_card_objects_raise_a_typed_error():
    r = ca.find_variant("american").rules()
    pos = ca.Position(r, ca.deal(r, 1), hand_no=3)
    with pytest.raises((TypeError, ca.InvalidCardError)):
        pos.push(3.5)
    with pytest.raises((TypeError, ca.InvalidCardError)):
        CardSet([1])


# --- Position errors ---------------------------------------------------------------------


@pytest.fixture
def american():
    rules = ca.find_variant("american").rules()
    return rules, ca.deal(rules, 1)


def test_push_a_card_not_in_hand_names_card_and_does_not_hold(american):
    rules, deal = american
    pos = ca.Position(rules, deal, hand_no=3)
    seat = pos.turn
    other = next(iter(deal[(seat + 1) % 4]))
    with pytest.raises(ca.IllegalMoveError, match=f"{other}.*does not hold {other}"):
        pos.push(other)
    assert pos.moves == []  # nothing was played


def test_push_out_of_turn_raises_illegal_move(american):
    rules, deal = american
    pos = ca.Position(rules, deal, hand_no=3)
    wrong = (pos.turn + 1) % 4
    with pytest.raises(ca.IllegalMoveError, match=f"seat {wrong}.*seat {pos.turn}'s turn"):
        pos.push("2C", seat=wrong)
    pos.push("2C", seat=pos.turn)
    assert len(pos.moves) == 1


def test_push_an_illegal_card_names_card_and_reason(american):
    rules, deal = american
    pos = ca.Position(rules, deal, hand_no=3)
    card = next(iter(pos.hand(pos.turn) - CardSet.from_str("2C")))
    with pytest.raises(ca.IllegalMoveError, match=f"illegal move {card}: the first lead"):
        pos.push(card)


def test_deal_with_a_duplicate_card_raises_naming_the_card(american):
    rules, deal = american
    moved = next(iter(deal[0]))
    bad = [deal[0], (deal[1] - CardSet([next(iter(deal[1]))])) | CardSet([moved]), deal[2], deal[3]]
    with pytest.raises(ca.InvalidPositionError, match=f"card {moved} is dealt to two seats"):
        ca.Position(rules, bad)


def test_deal_with_a_wrong_count_raises_naming_the_seat(american):
    rules, deal = american
    short = deal[2] - CardSet([next(iter(deal[2]))])
    with pytest.raises(ca.InvalidPositionError, match="seat 2 holds 12 cards, not 13"):
        ca.Position(rules, [deal[0], deal[1], short, deal[3]])
    with pytest.raises(ca.InvalidPositionError, match="expected 4 hands, got 3"):
        ca.Position(rules, deal[:3])


def test_position_bad_arguments_raise_typed_errors(american):
    rules, deal = american
    with pytest.raises(ca.InvalidPositionError, match="dealer"):
        ca.Position(rules, deal, dealer=9)
    with pytest.raises(ca.InvalidPositionError, match="hand number"):
        ca.Position(rules, deal, hand_no=-1)
    with pytest.raises(ca.InvalidCardError, match="ZZ"):
        ca.Position(rules, ["ZZ", "-", "-", "-"])
    pos = ca.Position(rules, deal, hand_no=3)
    with pytest.raises(ca.InvalidPositionError, match="no seat 9"):
        pos.hand(9)
    with pytest.raises(ca.InvalidPositionError, match="depth"):
        pos.perft(-1)
    with pytest.raises(ca.InvalidPositionError, match="expected 4 totals"):
        ca.match_outcome(rules, [1, 2, 3])


def test_find_variant_unknown_lists_known_ids():
    with pytest.raises(ca.VariantNotFoundError, match="'nope'") as info:
        ca.find_variant("nope")
    assert isinstance(info.value, ValueError)
    for known in ca.variant_ids():
        assert known in str(info.value)
    assert {"american", "copas-fora"} <= set(ca.variant_ids())
    assert ca.find_variant(" Copas-Fora ").id == "copas-fora"


def test_variant_refuses_a_player_count_it_does_not_support():
    with pytest.raises(ValueError, match="not 5"):
        ca.find_variant("american").rules(5)


def test_pop_on_empty_history_raises_index_error(american):
    rules, deal = american
    pos = ca.Position(rules, deal, hand_no=3)
    with pytest.raises(IndexError):
        pos.pop()
    pos.push("2C")
    assert pos.pop() == Card.from_str("2C")
    with pytest.raises(IndexError):
        pos.pop()


def test_position_copy_is_independent(american):
    rules, deal = american
    pos = ca.Position(rules, deal, hand_no=3)
    twin = pos.copy()
    pos.push("2C")
    assert twin.moves == [] and len(pos.moves) == 1
    assert twin.hands == deal


# --- push/pop restore everything (property) ------------------------------------------------


def snapshot(pos):
    """Everything observable about a position."""
    return {
        "hands": pos.hands, "won": pos.won, "turn": pos.turn, "leader": pos.leader,
        "phase": pos.phase, "hearts_broken": pos.hearts_broken, "tricks_done": pos.tricks_done,
        "trick": pos.trick, "moves": pos.moves, "legal": pos.legal_moves(),
        "score": pos.score(), "tricks_won": [pos.tricks_won(s) for s in range(4)],
        "voids": [pos.shown_voids(s) for s in range(4)],
    }


@settings(max_examples=100, deadline=None, derandomize=True, database=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32 - 1),
       hand_no=st.integers(0, 7), plays=st.integers(0, 52))
def test_push_then_pop_everything_restores_the_position(variant, seed, hand_no, plays):
    """american / copas-fora: after the pass, play `plays` random legal cards, then
    pop them one by one: every intermediate position, and finally the starting one
    (hands, turn, won, hearts_broken ...), is restored exactly."""
    rules = ca.find_variant(variant).rules()
    rng = random.Random(seed)
    pos = ca.Position(rules, ca.deal(rules, seed), hand_no=hand_no)
    if pos.phase == "passing":
        for s in range(4):
            pos.set_pass(s, rng.sample(list(pos.hand(s)), 3))
    history = [snapshot(pos)]
    pushed = []
    while len(pushed) < plays and not pos.is_over():
        card = rng.choice(list(pos.legal_moves()))
        pos.push(card)
        pushed.append(card)
        history.append(snapshot(pos))
    for card in reversed(pushed):
        history.pop()
        assert pos.pop() == card
        assert snapshot(pos) == history[-1]
    with pytest.raises(IndexError):
        pos.pop()
