"""Match flow: seeded deals, the pass cycle by hand number, passing, play, hand
scores, match totals and the end of the match with the variant's tie rule.

Every rule is the core's: this module sequences hands and keeps the totals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Sequence

from copas_ai._core import Card, CardSet, MatchState, Position, StockDraw, deal, deal_twins
from copas_ai.bots import Bot, choose_decision, choose_discard
from copas_ai.moves.decisions import PLAN
from copas_ai.moves.kitty import discard_index
from copas_ai.moves.passes import PassValue, is_split, set_any_pass
from copas_ai.moves.twins import cards_points, dealt_twins
from copas_ai.variants import Variant, find_variant


@dataclass
class HandRecord:
    """One hand as played: what a copas-game/1 record stores."""

    hand_no: int
    dealer: int
    deal: list[CardSet]
    passes: list[PassValue] | None  # per seat; a split pass is a tuple of parts (pass_parts.py)
    plays: list[tuple[int, Card]]
    score: list[int]
    # The into-hand kitty taker's discard (copas_ai.moves.kitty): (plays before it, cards).
    discard: tuple[int, CardSet] | None = None
    # Indices into `plays` of the cards that failed to follow suit (a record with
    # "revokes": "penalize", docs/RULES.md §1.3).
    revokes: tuple[int, ...] = ()
    # The match state the hand was played in (totals before it, tie-break, resets).
    match: MatchState | None = None
    # kitty-swap (docs/RULES.md §2.2 A13): what the pool dealt back to each seat.
    pool: list[CardSet] | None = None
    # Decisions other than cards (turbo's charges, copas_ai.moves.decisions):
    # (plays before it, seat, 'word=value'), in order.
    decisions: tuple[tuple[int, int, str], ...] = ()
    # Chips (docs/RULES.md §19): the match seats the hand was dealt to, hand seat i
    # being seats[i]; None when every seat played.
    seats: list[int] | None = None
    # A stock (two-player, docs/RULES.md §18): its order as dealt, top first.
    stock: list[Card] | None = None
    # Two copies of every card (two-deck, docs/RULES.md §13): the cards each seat was
    # dealt twice (each is in its `deal` too); None with one copy of each card.
    twins: list[CardSet] | None = None
    # uno-hearts (docs/RULES.md §15): the cards each seat passed both copies of (each is in
    # its `passes` too); None when no seat did.
    pass_twins: list[CardSet] | None = None


def dealt_position(rules, seed: int, dealer: int, hand_no: int) -> Position:
    """A hand dealt at random from `seed` (two-deck: two copies of every card, docs/RULES.md §13)."""
    if rules.copies > 1:
        hands, twins = deal_twins(rules, seed)
        return Position(rules, hands, dealer=dealer, hand_no=hand_no, twins=twins)
    return Position(rules, deal(rules, seed), dealer=dealer, hand_no=hand_no)


def hand_record(dealt: list[CardSet], position: Position, score: list[int], match: MatchState | None = None,
                seats: list[int] | None = None) -> HandRecord:
    """The record of `position`'s hand as played so far (finished, or saved mid-hand), dealt
    `dealt`: every field a reader needs to deal and replay it (stock, twins, both-copies passes)."""
    passes = list(position.passed_parts) if position.pass_plan else None
    pool = list(position.received_parts) if position.rules.pool_cards and passes else None
    at = discard_index(position)
    discard = None if at is None else (at, position.discards)
    twins = [dealt_twins(position, s)[1] for s in range(position.players)] if position.rules.copies > 1 else None
    pass_twins = list(position.passed_twins) if passes and any(position.passed_twins) else None
    return HandRecord(position.hand_no, position.dealer, dealt, passes, position.moves, score, discard,
                      match=match, pool=pool, decisions=tuple(position.decisions), seats=seats,
                      stock=list(position.dealt_stock) or None, twins=twins, pass_twins=pass_twins)


@dataclass
class Match:
    """A match of one variant: deals hands from a seed and keeps the core's match
    state (totals, tie-break hands under way, pending exact-score resets, hands
    played: csrc/match.h).

    The first dealer is drawn by lot from the seed and the deal then rotates
    clockwise (docs/RULES.md A4); hand numbers start at 0 and choose the pass.
    """

    variant: Variant
    players: int
    seed: int = 0
    state: MatchState | None = None
    hands: list[HandRecord] = field(default_factory=list)
    first_dealer: int = 0

    def __post_init__(self) -> None:
        if self.state is None:  # chips (docs/RULES.md §19): each seat starts with the agreed chips
            self.state = MatchState([self.rules.start_chips] * self.players)

    @classmethod
    def new(cls, variant: str | Variant, players: int | None = None, seed: int = 0) -> "Match":
        v = find_variant(variant) if isinstance(variant, str) else variant
        n = v.default_players if players is None else players
        v.rules(n)  # refuses a player count the variant does not allow
        lot = random.Random(seed)
        return cls(variant=v, players=n, seed=seed, first_dealer=lot.randrange(n))

    @property
    def rules(self):
        return self.variant.rules(self.players)

    @property
    def totals(self) -> list[int]:
        return self.state.totals

    @totals.setter
    def totals(self, values: list[int]) -> None:
        self.state.totals = values

    def seats_in_play(self) -> list[int]:
        """The match seats the next hand is dealt to (chips: those still holding chips)."""
        return self.state.seats_in_play(self.rules)

    def next_dealer(self) -> int:
        """The next hand's dealer as a match seat: the rotation's seat, or the first seat
        still in after it clockwise (chips, docs/RULES.md A52c)."""
        # gong-zhu: the core names the last hand's Q♠ taker, who leads (as dealer) the next.
        named = self.state.next_dealer
        if named >= 0:
            return named
        turn = (self.first_dealer + self.state.hands_played) % self.players
        seats = self.seats_in_play()
        return min(seats, key=lambda s: (s - turn) % self.players)

    def hand_state(self) -> MatchState:
        """The match state as the next hand's seats see it: the totals of the seats
        in play (every seat, but under chips), the rest as it is."""
        seats = self.seats_in_play()
        if len(seats) == self.players:
            return self.state.copy()
        state = MatchState([self.state.totals[s] for s in seats], hands_played=self.state.hands_played)
        state.pot = self.state.pot
        return state

    def deal_next_hand(self) -> Position:
        """The next hand, dealt from the match seed and the hand number to the seats in play."""
        hand_no = self.state.hands_played
        hand_seed = random.Random(f"{self.seed}/{hand_no}").getrandbits(64)
        seats = self.seats_in_play()
        rules = self.variant.rules(len(seats))
        position = dealt_position(rules, hand_seed, seats.index(self.next_dealer()), hand_no)
        if rules.auction:  # the bids are bounded by the chips (docs/RULES.md §20, A53b)
            position.set_bid_limits([self.state.totals[s] for s in seats])
        return position

    def record_hand(self, dealt: list[CardSet], position: Position) -> HandRecord:
        """Adds a finished hand to the match state: the core (the conditional
        reverse moon, exact-score resets, tie-break hands) decides all of it."""
        if not position.is_over():
            raise ValueError("the hand is not over")
        before = self.state.copy()
        seats = self._dealt_seats()
        record = hand_record(dealt, position, self.state.add_hand(position), match=before, seats=seats)
        self.hands.append(record)
        return record

    def hand_in_play_record(self, dealt: list[CardSet], position: Position) -> HandRecord:
        """The record of the hand in play, as far as it has gone (the match state is not changed)."""
        return hand_record(dealt, position, position.score(), match=self.state.copy(), seats=self._dealt_seats())

    def _dealt_seats(self) -> list[int] | None:
        """The match seats the hand in play was dealt to; None when every seat plays."""
        seats = self.seats_in_play()
        return None if len(seats) == self.players else seats

    def outcome(self) -> tuple[bool, list[int]]:
        """(over, winning seats) under the variant's end rules, from the whole state."""
        return self.state.outcome(self.rules)

    def is_over(self) -> bool:
        return self.outcome()[0]


@dataclass
class TrickReport:
    """A finished trick, as handed to play_hand's observer."""

    number: int  # 1-based
    plays: list[tuple[int, Card]]
    winner: int | None  # None: carried, no winner (cancellation, docs/RULES.md §14)
    points: int
    carried: int = 0  # cancellation: the points of the carried tricks the winner takes with it


def deal_pool_back(position: Position) -> None:
    """kitty-swap (docs/RULES.md §2.2 A13): once every seat's cards are in the pool, the
    core deals it back from a seed drawn from the hand's cards (a seeded match replays the same)."""
    if position.pool_pending:
        position.deal_pool(hash((position.hand_no, *(h.bits for h in position.hands))) & (2**63 - 1))


def decide_plan(position: Position, bots: Sequence[Bot]) -> str | None:
    """queens (docs/RULES.md §11): the dealer's pass plan, when it is due (before the
    pass), chosen by the dealer's bot; returns it ('plan=2l1a'), or None."""
    if not (position.decision and position.decision[1] == PLAN):
        return None
    seat = position.decision[0]
    choice = choose_decision(bots[seat], position, seat)
    position.decide(choice, seat=seat)
    return choice


def play_hand(
    position: Position,
    bots: Sequence[Bot],
    on_passes: Callable[[Position], None] | None = None,
    on_trick: Callable[[TrickReport], None] | None = None,
) -> Position:
    """Plays a dealt hand to its end: the dealer's plan (queens), every seat passes,
    then the decisions (turbo's charges) and cards until over.

    kitty-swap's pool is dealt back by deal_pool_back. Observers see the position
    once the passes are applied, and each trick."""
    decide_plan(position, bots)
    if position.phase == "passing":
        count = sum(n for _, n in position.pass_plan)
        while (seat := position.next_passer) is not None:  # a pass chain's order (peek-pass)
            choice = bots[seat].choose_pass(position, seat, count)
            if is_split(position.pass_plan) and isinstance(choice, CardSet):
                choice = position.rote_pass(choice)  # a player that chooses cards, not directions
            set_any_pass(position, seat, choice)
        deal_pool_back(position)
        if on_passes:
            on_passes(position)
    while not position.is_over():
        if position.phase == "deciding":  # a decision other than a card (turbo's charges)
            seat = position.decision[0]
            position.decide(choose_decision(bots[seat], position, seat), seat=seat)
            continue
        seat = position.turn
        if position.discarding:
            position.discard(choose_discard(bots[seat], position, seat), seat=seat)
            continue
        before = list(position.trick) if on_trick else []
        card = bots[seat].choose_card(position, seat)
        position.push(card, seat=seat)
        if on_trick and not position.trick:
            on_trick(_trick_report(position, before, seat, card))
    return position


def _trick_report(position: Position, before: list, seat: int, card: Card) -> TrickReport:
    """The trick `card` (played by `seat` onto the trick `before`) has just ended."""
    if position.rules.stock_draw != StockDraw.UNTIL_FOLLOW:
        plays = position.moves[position.trick_starts[-2]:]  # 2 cards a seat after a nines-extend round
        carried = position.tricks_done - 1 in position.carried_tricks
        winner = None if carried else position.leader
    else:
        # domino (docs/RULES.md §17): the core does not index its tricks (N led-suit cards from any
        # seats); a discard that ends a stuck trick is not in it, and the winner, who took the
        # trick's cards, may not lead next (DO-3).
        plays = before + [(seat, card)] if not before or card.suit == before[0][1].suit else before
        winner = next(s for s in range(position.players) if plays[0][1] in position.won[s])
    points = cards_points(position.rules, [c for _, c in plays])  # two-deck: each copy
    return TrickReport(position.tricks_done, plays, winner, points, _carried_points(position) if winner is not None else 0)


def _carried_points(position: Position) -> int:
    """cancellation (docs/RULES.md §14): the points of the carried tricks just before the
    trick that has just ended (its winner took them with it)."""
    carried = set(position.carried_tricks)
    if not carried:  # every other variant (domino's tricks are not even indexed)
        return 0
    starts, t = position.trick_starts, position.tricks_done - 2
    first = t + 1
    while t in carried:
        first, t = t, t - 1
    return cards_points(position.rules, [c for _, c in position.moves[starts[first]:starts[position.tricks_done - 1]]])


def play_match(match: Match, bots: Sequence[Bot], max_hands: int = 1000) -> Match:
    """Plays hands until the match is over (or max_hands, as a guard on endless ties)."""
    if len(bots) != match.players:
        raise ValueError(f"need {match.players} bots, got {len(bots)}")
    while not match.is_over() and len(match.hands) < max_hands:
        seated = [bots[s] for s in match.seats_in_play()]  # chips: the seats still in (§19)
        for bot in seated:  # a bot that plays for the match (or reads it, A24) learns the state
            if hasattr(bot, "set_match"):
                bot.set_match(match.hand_state())
        position = match.deal_next_hand()
        dealt = position.hands
        play_hand(position, seated)
        match.record_hand(dealt, position)
    return match
