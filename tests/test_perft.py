"""Move-generation counts in the manner of chess perft.

A slow, independent pure-Python model of the `american` and `copas-fora` play rules,
written from docs/RULES.md §21 and §2.1 (not from csrc/), counts the distinct play
sequences of `depth` cards; Position.perft(depth) must give the same number. The
model also follows random games card by card and checks the legal sets, the
hearts-broken flag, the turn and the points taken at every step.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
from support.hands import CF3_DEAL, MOON_DEAL, build_deal

import copas_ai as ca

RANKS = "23456789TJQKA"
VARIANTS = ("american", "copas-fora")
TWO_CLUBS = ("C", 0)
QUEEN_SPADES = ("S", RANKS.index("Q"))

# ---------------------------------------------------------------------------------------
# The model. A card is (suit letter, rank 0..12); a hand is a Python set of cards.
# ---------------------------------------------------------------------------------------


def model_card(card: ca.Card) -> tuple[str, int]:
    text = str(card)
    return text[1], RANKS.index(text[0])


def model_hand(cardset: ca.CardSet) -> set[tuple[str, int]]:
    return {model_card(c) for c in cardset}


def is_penalty(card) -> bool:
    """Both variants: every heart (1 point) and the Q♠ (13 points)."""
    return card[0] == "H" or card == QUEEN_SPADES


@dataclass
class Game:
    variant: str
    hands: list[set]
    turn: int
    trick: list = field(default_factory=list)  # [(seat, card)]
    tricks_done: int = 0
    broken: bool = False
    taken: list = field(default_factory=lambda: [0, 0, 0, 0])
    undo_log: list = field(default_factory=list)

    @classmethod
    def start(cls, variant: str, hands: list[set]) -> "Game":
        """After the pass: the 2♣ holder is on lead (both variants)."""
        leader = next(s for s in range(4) if TWO_CLUBS in hands[s])
        return cls(variant, [set(h) for h in hands], leader)

    def over(self) -> bool:
        return self.tricks_done == 13

    # -- legal cards --------------------------------------------------------------------

    def legal(self) -> set:
        hand = self.hands[self.turn]
        if not self.trick:
            return self._legal_lead(hand)
        led = self.trick[0][1][0]
        same_suit = {c for c in hand if c[0] == led}
        if same_suit:  # follow suit whenever possible (A7: hearts on hearts too)
            return same_suit
        return self._legal_discard(hand)

    def _legal_lead(self, hand: set) -> set:
        if self.tricks_done == 0:
            return {TWO_CLUBS}  # american §21; copas-fora A5: the 2♣ itself
        if not self.broken:
            # american "não saia de copas ... salvo tendo só copas"; copas-fora R3 + X1
            non_hearts = {c for c in hand if c[0] != "H"}
            if non_hearts:
                return non_hearts
        return set(hand)

    def _legal_discard(self, hand: set) -> set:
        clean = {c for c in hand if not is_penalty(c)}
        if self.variant == "american":
            # trick 1: no heart nor Q♠ while holding a card without penalty; a hand of
            # only penalty cards may discard any of them. Later: any card (no R2).
            if self.tricks_done == 0 and clean:
                return clean
            return set(hand)
        # copas-fora
        if self.tricks_done == 0:
            if clean:  # R1
                return clean
            if QUEEN_SPADES in hand:  # X2 / A8: hearts + Q♠ -> the Q♠ only
                return {QUEEN_SPADES}
            return set(hand)  # X1: only hearts
        if not self.broken:  # R2 with its X1 exception
            non_hearts = {c for c in hand if c[0] != "H"}
            if non_hearts:
                return non_hearts
        return set(hand)

    # -- playing ----------------------------------------------------------------------------

    def play(self, card) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self.undo_log.append((seat, card, self.broken, self.turn, None))
        if len(self.trick) < 4:
            self.turn = (seat + 1) % 4
            return
        led = self.trick[0][1][0]
        winner = max((c[1], s) for s, c in self.trick if c[0] == led)[1]
        points = sum(13 if c == QUEEN_SPADES else 1 for _, c in self.trick if is_penalty(c))
        if self.variant == "american":
            # B2: a heart discarded; A54b: a heart led breaks too
            breaks = any(c[0] == "H" for _, c in self.trick)
        else:
            # B1: any card not of the led suit
            breaks = any(c[0] != led for _, c in self.trick)
        self.undo_log[-1] = (seat, card, self.broken, self.turn, list(self.trick))
        self.broken = self.broken or breaks
        self.taken[winner] += points
        self.tricks_done += 1
        self.trick = []
        self.turn = winner

    def undo(self) -> None:
        seat, card, broken, turn, finished = self.undo_log.pop()
        if finished is not None:
            led = finished[0][1][0]
            winner = max((c[1], s) for s, c in finished if c[0] == led)[1]
            self.taken[winner] -= sum(13 if c == QUEEN_SPADES else 1
                                      for _, c in finished if is_penalty(c))
            self.tricks_done -= 1
            self.trick = finished
        self.trick.pop()
        self.hands[seat].add(card)
        self.broken = broken
        self.turn = turn

    def perft(self, depth: int) -> int:
        if depth == 0 or self.over():
            return 1
        moves = self.legal()
        if depth == 1:
            return len(moves)
        total = 0
        for card in sorted(moves):
            self.play(card)
            total += self.perft(depth - 1)
            self.undo()
        return total


# ---------------------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------------------

PASS_OFFSET_BY_HAND = {1: 1, 2: -1, 3: 2, 0: 0}  # h mod 4: left, right, across, none


def passed_deal(variant: str, seed: int, hand_no: int):
    """A seeded deal with a seeded pass on hand hand_no: (Position, the model's hands),
    the model applying the pass itself from the text's cycle."""
    rules = ca.find_variant(variant).rules()
    deal = ca.deal(rules, seed)
    pos = ca.Position(rules, deal, hand_no=hand_no)
    hands = [model_hand(h) for h in deal]
    offset = PASS_OFFSET_BY_HAND[(hand_no + 1) % 4]
    if offset:
        rng = random.Random(seed)
        passes = [rng.sample(sorted(deal[s], key=int), 3) for s in range(4)]
        for s in range(4):
            pos.set_pass(s, passes[s])
        for s in range(4):
            hands[s] -= {model_card(c) for c in passes[s]}
        for s in range(4):
            hands[(s + offset) % 4] |= {model_card(c) for c in passes[s]}
    assert [model_hand(h) for h in pos.hands] == hands
    return pos, hands


def explicit_deal(variant: str, spec: dict[int, str]):
    rules = ca.find_variant(variant).rules()
    deal = build_deal(spec)
    return ca.Position(rules, deal, hand_no=3), [model_hand(h) for h in deal]


# Deals that put the special first-trick and breaking rules to work.
SPECIAL_DEALS = {
    "cf3": CF3_DEAL,
    "moon": MOON_DEAL,
    "hearts+qs": {0: "2C", 1: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS"},
    "hearts-only": {0: "2C", 1: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"},
    "clubs-void": {0: "2C", 1: "AH 7H 3H QS 9D 5D 8S 4S 2D 3D 4D 5S 6S"},
}


def check_step(pos: ca.Position, game: Game) -> None:
    assert model_hand(pos.legal_moves()) == game.legal()
    assert pos.hearts_broken == game.broken
    assert pos.turn == game.turn
    assert pos.points_taken() == game.taken


# ---------------------------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed, hand_no", [(1, 3), (2, 3), (3, 0), (4, 1), (5, 2)])
def test_perft_first_two_tricks_of_random_deals(variant, seed, hand_no):
    """american / copas-fora: perft(8) from the first lead (the first two tricks), on
    seeded deals without a pass (hand_no 3) and after a left, right and across pass."""
    pos, hands = passed_deal(variant, seed, hand_no)
    game = Game.start(variant, hands)
    expected = game.perft(8)
    assert expected > 0
    assert pos.perft(8) == expected


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("name", sorted(SPECIAL_DEALS))
def test_perft_first_two_tricks_of_special_deals(variant, name):
    """american / copas-fora: perft(8) on deals built to trigger the trick-1 bans and
    their exceptions (X1, X2/A8, AM-2), B1/B2 breaking on trick 1 and the CF-3 line."""
    pos, hands = explicit_deal(variant, SPECIAL_DEALS[name])
    assert pos.perft(8) == Game.start(variant, hands).perft(8)


def test_perft_x2_deal_counts_differ_between_variants():
    """The hearts + Q♠ deal has a different trick-1 count under american (any penalty
    card) and copas-fora (the Q♠ only, A8): the two rule sets are really exercised."""
    counts = {v: explicit_deal(v, SPECIAL_DEALS["hearts+qs"])[0].perft(4) for v in VARIANTS}
    assert counts["american"] == 13 * counts["copas-fora"]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed, plays, depth", [(11, 40, 12), (12, 40, 12), (13, 37, 15),
                                                (14, 36, 16)])
def test_perft_end_of_hand_from_random_positions(variant, seed, plays, depth):
    """american / copas-fora: after `plays` random legal cards (seeded, checked step by
    step against the model), perft to the end of the hand (last 3-4 tricks)."""
    rng = random.Random(seed)
    pos, hands = passed_deal(variant, seed, seed % 4)
    game = Game.start(variant, hands)
    for _ in range(plays):
        check_step(pos, game)
        card = rng.choice(list(pos.legal_moves()))
        pos.push(card)
        game.play(model_card(card))
    assert pos.perft(depth) == game.perft(depth)
    # past the end of the hand perft counts whole hands, as the model does
    assert pos.perft(depth + 4) == game.perft(depth + 4)


@pytest.mark.parametrize("variant", VARIANTS)
def test_model_agrees_with_core_through_random_hands(variant):
    """american / copas-fora: 30 seeded random hands (with every pass direction) played
    to the end; at every card the legal set, hearts-broken flag, turn and points
    taken agree with the model; the final scores hold 26 points (or a moon)."""
    for seed in range(30):
        rng = random.Random(500 + seed)
        pos, hands = passed_deal(variant, 500 + seed, seed % 4)
        game = Game.start(variant, hands)
        while not pos.is_over():
            check_step(pos, game)
            card = rng.choice(list(pos.legal_moves()))
            pos.push(card)
            game.play(model_card(card))
        assert game.over()
        assert pos.points_taken() == game.taken
