"""Stacked gong-zhu hands for the tests (docs/RULES.md §9, §25.5): the all-hearts deal of
GZ-4 and the one-trick capture of GZ-1/2/3/6, each played out with given charges (and,
under +super-charge, their faces), and the hand's score by the independent scorer."""

from __future__ import annotations

import copas_ai as ca
from support.charges import charge_all, won_text
from support.hands import build_deal, cards
from support.independent_scorer_gong_zhu import gong_zhu_scores

HEARTS_DOWN = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H"  # N's twelve hearts in ALL_HEARTS_DEAL


def independent(pos: ca.Position, variant: str) -> list[int]:
    """The scorer's figures: the face-down (normal) charges apart from the face-up (super) ones."""
    options = {token: None for token in variant.split("+")[1:]}
    super_charged = {str(c) for c in pos.super_charged}
    return gong_zhu_scores(won_text(pos), options, {str(c) for c in pos.charged} - super_charged, super_charged)


def lowest_legal(pos: ca.Position, keep: set[str] = frozenset()) -> ca.Card:
    legal = sorted(pos.legal_moves(), key=lambda c: c.face)
    spare = [c for c in legal if str(c) not in keep]
    return (spare or legal)[0]


# N holds twelve hearts and the 2♣, E the 2♥ and the other clubs, S the spades, W the
# diamonds. N leads (hand 2, dealer N) its hearts from the top: E follows once with the 2♥,
# then every seat discards; the last trick N's 2♣ is led and E's last club takes it. The
# cards discarded onto N's hearts are N's; those each seat keeps to the end are E's.
ALL_HEARTS_DEAL = {0: HEARTS_DOWN + " 2C", 1: "2H 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
                   2: "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", 3: "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"}


def all_hearts_hand(variant: str, keep: set[str], charges: dict[int, str] | None = None,
                    faces: dict[int, str] | None = None) -> ca.Position:
    """N takes the 13 hearts and every card not in `keep`; E takes `keep`'s cards."""
    pos = ca.Position(ca.find_variant(variant).rules(), build_deal(ALL_HEARTS_DEAL), dealer=0, hand_no=1)
    charge_all(pos, charges, faces)
    assert pos.turn == 0
    hearts = ["KH", "AH", *HEARTS_DOWN.split()[2:], "2C"]  # A34: a charged A♥ may not open hearts
    while not pos.is_over():
        pos.push(hearts.pop(0) if pos.turn == 0 else lowest_legal(pos, keep))
    assert ca.CardSet.suit(2) <= pos.won[0]
    assert {str(c) for c in pos.won[1]} & {"QS", "JD", "TC"} == keep & {"QS", "JD", "TC"}
    return pos


def capture_hand(variant: str, lead: str, win: str, discards: tuple[str, str],
                 charges: dict[int, str] | None = None, faces: dict[int, str] | None = None) -> ca.Position:
    """E takes exactly trick 1 and nothing else: N (dealer of hand 2) leads `lead`, E wins it with
    `win`, S and W (void in that suit) discard `discards`; E holds the lowest cards of the other
    non-heart suits and plays its lowest card from then on, the others their highest."""
    suit = lead[-1]
    given = {lead, win, *discards}
    lows = [r + s for r in "23456789" for s in "CDS" if s != suit and r + s not in given][:12]
    rest_of_suit = [r + suit for r in "23456789TJQKA" if r + suit not in given]  # N holds the suit led
    spec = {0: " ".join([lead, *rest_of_suit]), 1: " ".join([win, *lows]), 2: discards[0], 3: discards[1]}
    pos = ca.Position(ca.find_variant(variant).rules(), build_deal(spec, voids={2: suit, 3: suit}),
                      dealer=0, hand_no=1)
    charge_all(pos, charges, faces)
    for card in (lead, win, *discards):
        pos.push(card)
    assert pos.tricks_won(1) == 1
    while not pos.is_over():
        legal = sorted(pos.legal_moves(), key=lambda c: c.face)
        pos.push(legal[0] if pos.turn == 1 else legal[-1])
    assert pos.won[1] == cards(" ".join(given)), "E must take trick 1 alone"
    return pos
