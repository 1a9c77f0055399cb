"""The `position` command of CEP/1 (docs/PROTOCOL.md): its tokens become a
checked core Position.

    spec = parse_position(tokens)                  # syntax only
    loaded = load_position(spec, "american")       # every check is the core's

A fully known position (every hand given) is built and checked by the core:
the deal (Position), each pass (set_pass), each play and its seat (push). A
one-hand position (only the engine's seat known) needs a whole world to search
in; that world comes from `copas_ai.search.world_from_view` (the WorldBuilder
boundary below), called once per prefix of the view so that a refusal names
the first offending token. Nothing here decides a rule.
"""

from __future__ import annotations

import functools

import logging
import re
from dataclasses import dataclass, field
from typing import Callable, Optional

from copas_ai._core import (
    Card,
    CardSet,
    FirstLead,
    IllegalMoveError,
    InvalidCardError,
    InvalidPositionError,
    MatchState,
    Position,
    RuleSet,
    StockDraw,
    deal,
    sides,
)
from copas_ai.moves import decisions as decision_moves
from copas_ai.moves import kitty as kitty_moves
from copas_ai.match_text import WORDS as MATCH_WORDS, check_chips, check_match_state, match_words, parse_match_words
from copas_ai.moves.passes import FORWARD, PassValue, all_cards, parse_pass_text, pass_text
from copas_ai.moves.stock import drawn_in_order
from copas_ai.moves.twins import (dealt_twins, parse_twin_cards, received_text, twin_card_list, twin_cards_text,
                                  twin_pass, twin_text)
from copas_ai.cep.domino_view import domino_view_world
from copas_ai.twin_world import twin_world_from_view
from copas_ai.cep.uno_view import uno_view_world
from copas_ai.variants import Variant, VariantNotFoundError, find_variant
from copas_ai.errors import PositionStateError, PositionTextError, WorldUnavailableError

log = logging.getLogger("copas_ai.position")

# Position stores the hand number in 16 bits (csrc/position.h), so larger ones
# would read back wrong.
MAX_HAND_NO = 65535
# Totals stay far inside the core's 32-bit integers even after a hand is added.
MAX_ABS_SCORE = 10**9

_INT = re.compile(r"[+-]?[0-9]+")
_SEATS = re.compile(r"[0-9,]+")  # `match reset 1,3`
_MOVE = re.compile(r"(?:([0-9]{1,12}):)?(.*)", re.S)

# (rules, seat, dealt hand, passed or None, received or None, [(seat, card)],
#  dealer, hand_no) -> a Position consistent with the seat's view; raises
#  InvalidPositionError when no world is.
WorldBuilder = Callable[
    [RuleSet, int, CardSet, Optional[PassValue], Optional[PassValue], list, int, int], Position
]


@dataclass
class SeatCards:
    """A `hand|passed|received <seat> <cards>` group as written."""

    seat: int
    cards: PassValue  # a CardSet; `passed`/`received` of a split pass: its parts ('QS/AH,KC')
    label: str  # the tokens, for error messages
    # two-deck (docs/RULES.md §13): the cards a `hand` lists twice (each is in `cards` too).
    twins: CardSet = field(default_factory=CardSet)


@dataclass
class OrderedCards:
    """A stock's cards in order, top first (two-player, docs/RULES.md §18): `stock <cards>`
    (the whole stock as dealt) or `drawn <seat> <cards>` (what one seat drew)."""

    seat: int | None
    cards: list[Card]
    label: str


@dataclass
class MoveToken:
    """One move of `moves`: `[<seat>:]<card>` or `<seat>:<word>=<value>`; in a domino
    view (docs/RULES.md §17) also `<seat>:+<k>` (it drew k cards) and `<seat>:?` (its discard, face down)."""

    text: str
    seat: int | None
    card: Card | None
    decision: str | None = None  # "word=value"
    draws: int = 0  # `<seat>:+<k>`
    face_down: bool = False  # `<seat>:?`

    @property
    def domino_only(self) -> bool:
        return self.draws > 0 or self.face_down


@dataclass
class PositionSpec:
    """The `position` command parsed but not yet checked against any rules."""

    variant: str | None = None
    players: int | None = None
    dealer: int | None = None
    hand_no: int = 0
    scores: list[int] | None = None
    # The `match` group: the words after it (match_text.py), None when not given.
    match: list[str] | None = None
    seat: int | None = None
    hands: list[SeatCards] = field(default_factory=list)
    passed: list[SeatCards] = field(default_factory=list)
    received: list[SeatCards] = field(default_factory=list)
    stock: OrderedCards | None = None
    drawn: OrderedCards | None = None
    # uno-hearts' one-seat view (docs/RULES.md §15): every card the pairs drew, in order,
    # and each hand the swaps gave the seat, in order (cep/uno_view.py).
    draws: OrderedCards | None = None
    got: list[SeatCards] = field(default_factory=list)
    moves: list[MoveToken] = field(default_factory=list)

    def to_text(self) -> str:
        """The canonical `position …` line for this spec."""
        parts = ["position"]
        if self.variant is not None:
            parts += ["variant", self.variant]
        if self.players is not None:
            parts += ["players", str(self.players)]
        if self.dealer is not None:
            parts += ["dealer", str(self.dealer)]
        if self.hand_no:
            parts += ["handno", str(self.hand_no)]
        if self.scores is not None:
            parts += ["scores", *map(str, self.scores)]
        if self.match:
            parts += ["match", *self.match]
        if self.seat is not None:
            parts += ["seat", str(self.seat)]
        for g in self.hands:
            parts += ["hand", str(g.seat), twin_cards_text(g.cards, g.twins)]
        for word, groups in (("passed", self.passed), ("received", self.received)):
            for g in groups:
                parts += [word, str(g.seat), twin_cards_text(g.cards, g.twins) if g.twins else pass_text(g.cards)]
        if self.stock is not None:
            parts += ["stock", ",".join(map(str, self.stock.cards))]
        if self.drawn is not None:
            parts += ["drawn", str(self.drawn.seat), ",".join(map(str, self.drawn.cards))]
        if self.draws is not None:
            parts += ["draws", ",".join(map(str, self.draws.cards)) or "-"]
        for g in self.got:
            parts += ["got", str(g.seat), twin_cards_text(g.cards, g.twins)]
        if self.moves:
            parts.append("moves")
            for m in self.moves:
                body = (m.decision if m.decision is not None else "?" if m.face_down
                        else f"+{m.draws}" if m.draws else str(m.card))
                parts.append(body if m.seat is None else f"{m.seat}:{body}")
        return " ".join(parts)


# ---------------------------------------------------------------------------
# Syntax


def _int_token(label: str, text: str, low: int, high: int) -> int:
    if not _INT.fullmatch(text):
        raise PositionTextError(f"{label}: not a number")
    # Length first: int() of thousands of digits is slow (and refused past 4300).
    if len(text.lstrip("+-")) > 15 or not low <= int(text) <= high:
        raise PositionTextError(f"{label}: must be {low}..{high}")
    return int(text)


def _hand_token(label: str, text: str) -> tuple[CardSet, CardSet]:
    """A hand's cards and those it lists twice (two-deck's two copies; refused with one
    copy of each card once the variant is known)."""
    try:
        return parse_twin_cards(text)
    except InvalidCardError as exc:
        raise PositionTextError(f"{label}: {exc}") from None


def _ordered_token(label: str, text: str, once: bool = True) -> list[Card]:
    """Cards in the order written: a stock's, each at most twice (uno-hearts' two copies;
    a card twice is refused with one copy once the variant is known); with `once` False a
    seat's draws (domino's seat may draw its own discard back, so the core checks those)."""
    cards: list[Card] = []
    for token in text.split(","):
        try:
            card = Card.from_str(token)
        except InvalidCardError as exc:
            raise PositionTextError(f"{label}: {exc}") from None
        if once and cards.count(card) == 2:
            raise PositionTextError(f"{label}: {card} is listed 3 times (two decks hold two)")
        cards.append(card)
    return cards


def _pass_token(label: str, text: str) -> PassValue | str:
    # `passed`/`received`: one card list, or a split pass's parts with '/' between;
    # `passed <seat> forward`: blind-forward's pass of the unseen received cards.
    if text == FORWARD and label.startswith("passed"):
        return FORWARD
    try:
        return parse_pass_text(text)
    except InvalidCardError as exc:
        raise PositionTextError(f"{label}: {exc}") from None


def _pass_group(seat: int, label: str, text: str) -> SeatCards:
    """A `passed`/`received` group; one card list may name a card twice: both copies
    (uno-hearts, docs/RULES.md §15; refused with one copy once the variant is known)."""
    if "/" not in text and text != FORWARD:
        cards, twins = _hand_token(label, text)
        if twins:
            return SeatCards(seat, cards, label, twins)
    return SeatCards(seat, _pass_token(label, text), label)


def _move_token(text: str) -> MoveToken:
    label = f"move {text}"
    prefix, body = _MOVE.fullmatch(text).groups()
    seat = None if prefix is None else int(prefix)
    if body == "?" or body.startswith("+"):  # domino: a face-down discard, another seat's draws
        if seat is None or (body != "?" and not body[1:].isdigit()):
            raise PositionTextError(f"{label}: write <seat>:? (a face-down discard) or <seat>:+<count> (draws)")
        draws = 0 if body == "?" else int(body[1:])
        if body != "?" and not 1 <= draws <= 50:
            raise PositionTextError(f"{label}: a seat draws 1 to 50 cards, not {draws}")
        return MoveToken(text, seat, None, draws=draws, face_down=body == "?")
    if "=" in body:
        word, _, value = body.partition("=")
        if seat is None or not word or not value:
            raise PositionTextError(f"{label}: a decision is written <seat>:<word>=<value>")
        return MoveToken(text, seat, None, f"{word.lower()}={value}")
    try:
        card = Card.from_str(body)
    except InvalidCardError as exc:
        raise PositionTextError(f"{label}: {exc}") from None
    return MoveToken(text, seat, card)


def parse_move_token(text: str) -> MoveToken:
    """One `moves` token: `[<seat>:]<card>` or `<seat>:<word>=<value>`."""
    return _move_token(text)


def parse_position(tokens: list[str]) -> PositionSpec:
    """The tokens after `position`, keywords in any order before `moves`."""
    spec = PositionSpec()
    seen: set[str] = set()
    i = 0
    while i < len(tokens):
        word = tokens[i].lower()
        if word == "moves":
            spec.moves = [_move_token(t) for t in tokens[i + 1:]]
            break
        if word in ("variant", "players", "dealer", "handno", "seat", "scores", "match"):
            if word in seen:
                raise PositionTextError(f"{word}: given twice")
            seen.add(word)
        if word == "scores":
            j = i + 1
            while j < len(tokens) and _INT.fullmatch(tokens[j]):
                j += 1
            values = tokens[i + 1:j]
            label = " ".join(["scores", *values])
            if not values:
                raise PositionTextError("scores: expected one total per seat")
            spec.scores = [_int_token(label, v, -MAX_ABS_SCORE, MAX_ABS_SCORE) for v in values]
            i = j
            continue
        if word == "match":
            # Its words run to the next keyword: tiebreak, reset <seats>, pot <chips>, none (match_text.py).
            j = i + 1
            while j < len(tokens) and (tokens[j].lower() in MATCH_WORDS
                                       or (tokens[j - 1].lower() == "reset" and _SEATS.fullmatch(tokens[j]))
                                       or (tokens[j - 1].lower() == "pot" and tokens[j].isdigit())):
                j += 1
            spec.match = [t.lower() for t in tokens[i + 1:j]]
            if not spec.match:
                raise PositionTextError("match: expected tiebreak, reset <seats>, pot <chips> or none")
            i = j
            continue
        if word in ("variant", "players", "dealer", "handno", "seat"):
            if i + 1 >= len(tokens):
                raise PositionTextError(f"{word}: value missing")
            value = tokens[i + 1]
            label = f"{word} {value}"
            if word == "variant":
                spec.variant = value.lower()
            elif word == "players":
                spec.players = _int_token(label, value, 1, 99)
            elif word == "dealer":
                spec.dealer = _int_token(label, value, 0, 99)
            elif word == "handno":
                spec.hand_no = _int_token(label, value, 0, MAX_HAND_NO)
            else:
                spec.seat = _int_token(label, value, 0, 99)
            i += 2
            continue
        if word in ("stock", "draws"):  # the stock as dealt; uno-hearts' view: every card the pairs drew
            if getattr(spec, word) is not None:
                raise PositionTextError(f"{word}: given twice")
            if i + 1 >= len(tokens):
                raise PositionTextError(f"{word}: expected {word} <cards>, "
                                        + ("top first" if word == "stock" else "in the order drawn"))
            label = f"{word} {tokens[i + 1]}"
            none = word == "draws" and tokens[i + 1] == "-"  # nothing drawn yet
            setattr(spec, word, OrderedCards(None, [] if none else _ordered_token(label, tokens[i + 1]), label))
            i += 2
            continue
        if word == "drawn":
            if i + 2 >= len(tokens):
                raise PositionTextError(f"{' '.join(tokens[i:])}: expected drawn <seat> <cards>")
            label = f"drawn {tokens[i + 1]} {tokens[i + 2]}"
            if spec.drawn is not None:
                raise PositionTextError(f"{label}: drawn given twice")
            spec.drawn = OrderedCards(_int_token(label, tokens[i + 1], 0, 99), _ordered_token(label, tokens[i + 2], once=False),
                                      label)
            i += 3
            continue
        if word in ("hand", "passed", "received", "got"):
            if i + 2 >= len(tokens):
                raise PositionTextError(f"{' '.join(tokens[i:])}: expected {word} <seat> <cards>")
            label = f"{word} {tokens[i + 1]} {tokens[i + 2]}"
            seat = _int_token(label, tokens[i + 1], 0, 99)
            if word in ("hand", "got"):
                cards, twins = _hand_token(label, tokens[i + 2])
                group = SeatCards(seat, cards, label, twins)
            else:
                group = _pass_group(seat, label, tokens[i + 2])
            if word == "got":  # one per swap that gave the seat a hand, in order
                spec.got.append(group)
                i += 3
                continue
            groups = {"hand": spec.hands, "passed": spec.passed, "received": spec.received}[word]
            if any(g.seat == seat for g in groups):
                raise PositionTextError(f"{label}: {word} {seat} given twice")
            groups.append(group)
            i += 3
            continue
        raise PositionTextError(f"{tokens[i]}: unknown keyword")
    return spec


# ---------------------------------------------------------------------------
# Checking against the rules


@dataclass
class LoadedPosition:
    """A checked position: the core Position (a consistent world when only one
    hand is known) and what the engine may reveal of it."""

    spec: PositionSpec
    variant: Variant
    rules: RuleSet
    position: Position
    scores: list[int]
    seat: int | None  # the seat the engine speaks for
    view_seat: int | None  # None: every hand is known; else the only known seat
    view_passed: PassValue | str | None = None  # one-hand view: the seat's pass, if given (FORWARD: it forwarded)
    view_received: PassValue | None = None
    leader_hidden: bool = False  # one-hand view before the first lead: who leads is unknown
    # The match state this hand is played in: `scores`, the `match` group, handno.
    match: MatchState | None = None

    @property
    def fully_known(self) -> bool:
        return self.view_seat is None

    def knows(self, seat: int) -> bool:
        return self.view_seat is None or self.view_seat == seat

    def state(self) -> str:
        """passing, playing or over, as the engine's seat sees it."""
        if (self.view_seat is not None and self.view_passed is not None and self.view_received is None
                and self.view_passed != FORWARD):  # a forwarder receives nothing it sees
            return "passing"  # the seat's pass is down, the cards it gets are not known yet
        return self.position.phase

    def seat_to_act(self) -> int:
        """The seat `legal` and `go` answer for; PositionStateError if none or unknown."""
        phase = self.state()
        if phase == "over":
            raise PositionStateError("the hand is over")
        if phase == "passing":
            if self.position.pool_pending and self.view_seat is None:
                raise PositionStateError("the pool is to be dealt back: give received <seat> for every seat")
            seat = self.seat if self.seat is not None else self.view_seat
            if seat is None and self.position.rules.pass_chain:
                seat = self.position.next_passer  # a pass chain: the link that is due
            if seat is None:
                raise PositionStateError("during the pass, give `seat <s>` in the position")
            if self.position.pass_is_set(seat) or (self.view_seat is not None and self.view_passed is not None):
                raise PositionStateError(f"seat {seat} has passed already")
            if (self.position.rules.pass_chain and not self.position.rules.pass_blind and self.view_seat is not None
                    and self.view_received is None and not self.position.chain_start(seat)):
                raise PositionStateError(
                    f"seat {seat} receives before it passes in the pass chain: give received {seat}")
            if self.position.rules.pass_chain and self.position.next_passer != seat:
                raise PositionStateError(
                    f"the pass chain's next link is seat {self.position.next_passer}, not seat {seat}")
            return seat
        if phase == "deciding":
            due, word = self.position.decision
            if not self.knows(due) and word not in decision_moves.AT_HAND_END:  # the moon's: nothing hidden
                raise PositionStateError(f"seat {due}'s {word} is due and only seat {self.view_seat}'s hand is known")
            return due
        turn = self.turn()
        if turn is None:
            raise PositionStateError(f"who leads is not known from seat {self.view_seat}'s hand")
        if not self.knows(turn):
            raise PositionStateError(f"seat {turn} is to play and only seat {self.view_seat}'s hand is known")
        return turn

    def turn(self) -> int | None:
        """The seat to play, when there is one and the engine's seat can know it
        (the world's own first leader is only a guess)."""
        if self.state() != "playing" or self.leader_hidden:
            return None
        return self.position.turn

    def match_after(self) -> MatchState:
        """The match state once this hand is over (the core's add_hand: conditional
        reverse moon, exact-score resets, tie-break hands); before it while it is not."""
        state = self.match.copy()
        if self.position.is_over():
            state.add_hand(self.position)
        return state

    def totals(self) -> list[int]:
        """The totals with this hand's score: once it is over, as the match counts it
        (chips, §19: settled only then, so unchanged before)."""
        if self.position.is_over():
            return self.match_after().totals
        if self.rules.start_chips:
            return list(self.scores)
        return [t + s for t, s in zip(self.scores, self.position.score())]

    def match_over(self) -> bool:
        return self.match_after().outcome(self.rules)[0]

    def match_winners(self) -> list[int]:
        """The seats that won the match (several on a shared win; none while it goes on)."""
        return list(self.match_after().outcome(self.rules)[1])

    def side_lines(self) -> list[str]:
        """`side <seats> score <v> total <t>` per side of a partnership game (none
        without teams): the sums a front end shows without knowing who sits with whom."""
        groups = sides(self.rules)
        if len(groups) == self.position.players:
            return []
        score, totals = self.position.score(), self.totals()
        return [f"side {','.join(map(str, seats))} score {sum(score[s] for s in seats)} "
                f"total {sum(totals[s] for s in seats)}" for seats in groups]


def load_position(spec: PositionSpec, default_variant: str,
                  world_builder: WorldBuilder | None = None, revokes: str = "forbid") -> LoadedPosition:
    """Checks `spec` through the core; PositionTextError names the first offending token.
    revokes="penalize": the moves may hold revokes (docs/RULES.md §1.3). In a one-hand view
    another seat's failure to follow is a void until its later card of that suit proves
    the revoke, which ends the hand."""
    variant_id = spec.variant or default_variant
    try:
        variant = find_variant(variant_id)
    except VariantNotFoundError as exc:
        raise PositionTextError(f"variant {variant_id}: {exc}") from None
    try:
        rules = variant.rules(spec.players)
    except (ValueError, InvalidPositionError) as exc:
        raise PositionTextError(f"players {spec.players}: {exc}") from None
    n = rules.players

    def check_seat(label: str, seat: int) -> None:
        if seat >= n:
            raise PositionTextError(f"{label}: no seat {seat} in a {n}-player game")

    dealer = n - 1 if spec.dealer is None else spec.dealer
    check_seat(f"dealer {dealer}", dealer)
    scores = [rules.start_chips] * n if spec.scores is None else spec.scores  # chips (§19): the agreed start
    if len(scores) != n:
        raise PositionTextError(
            f"scores {' '.join(map(str, scores))}: {n} totals needed, got {len(scores)}")
    match = _match_state(spec, rules, scores)
    if spec.seat is not None:
        check_seat(f"seat {spec.seat}", spec.seat)
    for group in (*spec.hands, *spec.passed, *spec.received, *spec.got):
        check_seat(group.label, group.seat)
    for given in (spec.draws, *spec.got):
        if given is not None and rules.stock_draw != StockDraw.PAIRS:
            raise PositionTextError(f"{given.label}: only an uno-hearts seat's view writes the pairs' draws and "
                                    "the hands it got")
    for group in (*spec.hands, *spec.passed, *spec.received):
        if group.twins and rules.copies == 1:
            text = group.label.split()[-1]
            raise PositionTextError(f"{group.label}: invalid card list '{text}': card {next(iter(group.twins))} listed twice")
    for move in spec.moves:
        if move.seat is not None:
            check_seat(f"move {move.text}", move.seat)
    for given in (spec.stock, spec.drawn):
        if given is not None and rules.stock_draw == StockDraw.NONE:
            raise PositionTextError(f"{given.label}: variant {variant.id} has no stock")
        twice = next((c for i, c in enumerate(given.cards) if c in given.cards[:i]), None) if given else None
        # domino's seat may draw its own discard back: its draws' repeats are the core's to check
        redrawn = given is spec.drawn and rules.stock_draw == StockDraw.UNTIL_FOLLOW
        if twice is not None and rules.copies == 1 and not redrawn:
            raise PositionTextError(f"{given.label}: {twice} is listed twice")
    if spec.drawn is not None:
        check_seat(spec.drawn.label, spec.drawn.seat)
    for move in spec.moves:
        if move.domino_only and (rules.stock_draw != StockDraw.UNTIL_FOLLOW or len(spec.hands) != 1):
            raise PositionTextError(f"move {move.text}: only a domino one-seat view writes draws and face-down "
                                    "discards (with every hand known they follow from the stock)")

    if not spec.hands:
        raise PositionTextError(f"no hand given: give one seat's hand or all {n}")
    if len(spec.hands) == n:
        for given in (spec.draws, *spec.got):
            if given is not None:
                raise PositionTextError(f"{given.label}: with every hand known the draws and swaps follow from "
                                        "the stock")
        loaded = _load_known(spec, variant, rules, dealer, scores, revokes)
        loaded.match = match
        return loaded
    if len(spec.hands) > 1:
        raise PositionTextError(
            f"{spec.hands[1].label}: give one seat's hand or all {n}, not {len(spec.hands)}")
    if rules.stock_draw == StockDraw.UNTIL_FOLLOW:  # domino (docs/RULES.md §17): its own view syntax
        if world_builder is None:
            raise WorldUnavailableError(f"{spec.hands[0].label}: one-hand positions need the world construction")
        seat = spec.hands[0].seat
        world = domino_view_world(spec, rules, dealer, world_builder)
        return LoadedPosition(spec, variant, rules, world, scores, seat, seat, match=match)
    if rules.stock_draw == StockDraw.PAIRS:  # uno-hearts (docs/RULES.md §15): its own view syntax
        if world_builder is None:
            raise WorldUnavailableError(f"{spec.hands[0].label}: one-hand positions need the world construction")
        seat = spec.hands[0].seat
        world = uno_view_world(spec, rules, dealer, revokes)
        passed, received = (twin_pass(spec.passed[0].cards, spec.passed[0].twins) if spec.passed else None,
                            twin_pass(spec.received[0].cards, spec.received[0].twins) if spec.received else None)
        return LoadedPosition(spec, variant, rules, world, scores, seat, seat, passed, received, match=match)
    if rules.copies > 1 and world_builder is not None:  # two-deck: the two-copy world (copas_ai/twin_world.py)
        world_builder = functools.partial(twin_world_from_view, twins=spec.hands[0].twins, revokes=revokes)
    elif revokes != "forbid" and world_builder is not None:
        # Refuses a bad mode, or one the variant lacks, before any move is read.
        try:
            world_builder = functools.partial(world_builder, revokes=revokes)
            Position(rules, deal(rules, 0)).revokes = revokes
        except ValueError as exc:
            raise PositionTextError(f"variant {variant.id}: {exc}") from None
    loaded = _load_view(spec, variant, rules, dealer, scores, world_builder)
    loaded.match = match
    return loaded


def _match_state(spec: PositionSpec, rules: RuleSet, scores: list[int]) -> MatchState:
    """The match state the hand is played in: the totals, the `match` group, and
    handno as the hands played; a state the variant cannot reach is refused."""
    tiebreak, reset, pot = False, [], 0
    try:
        check_chips(rules, scores)
    except ValueError as exc:
        raise PositionTextError(f"scores {' '.join(map(str, scores))}: {exc}") from None
    if spec.match is not None:
        label = " ".join(["match", *spec.match])
        try:
            tiebreak, reset, pot = parse_match_words(spec.match, rules.players)
            check_match_state(rules, tiebreak, reset, scores, pot)
        except ValueError as exc:
            raise PositionTextError(f"{label}: {exc}") from None
    state = MatchState(scores, tiebreak=tiebreak, reset_pending=reset, hands_played=spec.hand_no)
    state.pot = pot
    return state


def _load_known(spec: PositionSpec, variant: Variant, rules: RuleSet, dealer: int,
                scores: list[int], revokes: str = "forbid") -> LoadedPosition:
    n = rules.players
    by_seat = {g.seat: g for g in spec.hands}
    if spec.drawn is not None:
        raise PositionTextError(f"{spec.drawn.label}: with every hand known the draws follow from the stock")
    if rules.stock_draw != StockDraw.NONE and spec.stock is None:
        raise PositionTextError(f"{spec.hands[-1].label}: with every hand known give the stock's order too "
                                "(stock <cards>, top first)")
    try:
        position = Position(rules, [by_seat[s].cards for s in range(n)], dealer=dealer, hand_no=spec.hand_no,
                            stock=None if spec.stock is None else spec.stock.cards,
                            twins=[by_seat[s].twins for s in range(n)] if rules.copies > 1 else None)
    except InvalidPositionError as exc:
        culprit = spec.stock.label if "impossible stock" in str(exc) else _deal_culprit(spec.hands, str(exc))
        raise PositionTextError(f"{culprit}: {exc}") from None
    try:
        position.revokes = revokes
    except ValueError as exc:  # the Revokes option asks for a penalty the variant lacks
        raise PositionTextError(f"variant {variant.id}: {exc}") from None
    if rules.auction:  # the bids are bounded by the chips (docs/RULES.md §20, A53b)
        position.set_bid_limits(scores)
    plan, moves = _leading_plan(spec, rules)
    if plan is not None:
        try:
            position.decide(plan.decision, seat=plan.seat)
        except IllegalMoveError as exc:
            raise PositionTextError(f"move {plan.text}: {exc}") from None
    for group in _pass_order(spec.passed, position):
        try:
            if group.twins:  # both copies of a card (uno-hearts)
                position.set_twin_pass(group.seat, twin_card_list(group.cards, group.twins))
                continue
            position.set_pass(group.seat, _forwarded_cards(group, position) if group.cards == FORWARD else group.cards)
        except IllegalMoveError as exc:
            raise PositionTextError(f"{group.label}: {exc}") from None
    if position.pool_pending and spec.received:
        _return_pool(spec, position)
    for group in spec.received:
        if position.phase == "passing":
            raise PositionTextError(f"{group.label}: cannot be checked before every seat's pass is given")
        actual = received_text(position, group.seat)  # two copies: a card received twice, twice
        if actual != (twin_text(group.cards, group.twins) if rules.copies > 1 else pass_text(group.cards)):
            raise PositionTextError(f"{group.label}: seat {group.seat} received {actual}")
    for move in moves:
        _refuse_decision(move, variant, rules)
        if position.pool_pending:
            raise PositionTextError(f"move {move.text}: play has begun but the pool is not dealt back: "
                                    f"give received <seat> for every seat")
        if position.phase == "passing":
            missing = next(s for s in range(n) if not position.pass_is_set(s))
            raise PositionTextError(
                f"move {move.text}: play has begun but the pass of seat {missing} is not given")
        try:
            if move.decision is not None and _general(move, rules):
                position.decide(move.decision, seat=move.seat)
            elif move.decision is not None:
                kitty_moves.apply_known(position, move.seat, move.decision)
            else:
                position.push(move.card, seat=move.seat)
        except ValueError as exc:  # IllegalMoveError and InvalidCardError are ValueErrors
            raise PositionTextError(f"move {move.text}: {exc}") from None
    return LoadedPosition(spec, variant, rules, position, scores, spec.seat, None)


def _return_pool(spec: PositionSpec, position: Position) -> None:
    """kitty-swap (docs/RULES.md §2.2 A13): the `received` groups of a fully known
    position are the pool's chance step, every seat's given."""
    given = {g.seat: g for g in spec.received}
    missing = [s for s in range(position.players) if s not in given]
    if missing:
        raise PositionTextError(f"{spec.received[0].label}: the pool is dealt back to every seat: "
                                f"give received {missing[0]} too")
    try:
        position.return_pool([all_cards(given[s].cards) for s in range(position.players)])
    except IllegalMoveError as exc:
        raise PositionTextError(f"{spec.received[0].label}: {exc}") from None


def _forwarded_cards(group: SeatCards, position: Position) -> CardSet:
    """`passed <seat> forward` (blind-forward): the packet that link received and has not seen."""
    if not position.rules.pass_blind:
        raise PositionTextError(f"{group.label}: only blind-forward's chain forwards a pass unseen")
    if position.next_passer != group.seat or not position.blind_packet:
        raise PositionTextError(f"{group.label}: seat {group.seat} holds no unseen cards to forward now "
                                f"(a chain's first link passes its own)")
    return position.blind_packet


def _pass_order(groups: list[SeatCards], position: Position) -> list[SeatCards]:
    """The `passed` groups in the order the core takes them: as written, or in a pass
    chain (peek-pass) the chain's order whatever the text's (a seat outside the game stays
    last, where set_pass names it)."""
    if not position.rules.pass_chain:
        return groups
    order = position.pass_order
    return sorted(groups, key=lambda g: order.index(g.seat) if g.seat in order else len(order))


def _deal_culprit(hands: list[SeatCards], message: str) -> str:
    """The `hand` token an impossible-deal message from the core points at."""
    seat = re.search(r"seat (\d+) holds", message)
    if seat:
        return next(g.label for g in hands if g.seat == int(seat.group(1)))
    card = re.search(r"card (\S+) is dealt (to two seats|more than twice)", message)
    if card:
        copies = 2 if card.group(2) == "more than twice" else 1  # two-deck's two copies (§13)
        dealt = 0
        for g in sorted(hands, key=lambda g: g.seat):  # the core deals in seat order
            dealt += sum(1 for layer in (g.cards, g.twins) if card.group(1) in layer)
            if dealt > copies:
                return g.label  # the mention that goes past the copies is the one that offends
    return "hand"


def _load_view(spec: PositionSpec, variant: Variant, rules: RuleSet, dealer: int,
               scores: list[int], world_builder: WorldBuilder | None) -> LoadedPosition:
    hand = spec.hands[0]
    seat = hand.seat
    if spec.seat is not None and spec.seat != seat:
        raise PositionTextError(f"seat {spec.seat}: only seat {seat}'s hand is given")
    # blind-forward: any seat's `passed <s> forward` is public; the seat's own gives no cards.
    forwards = [g for g in spec.passed if g.cards == FORWARD]
    if forwards and not rules.pass_blind:
        raise PositionTextError(f"{forwards[0].label}: only blind-forward's chain forwards a pass unseen")
    own_forward = next((g for g in forwards if g.seat == seat), None)
    for group in (*spec.passed, *spec.received):
        if group.seat != seat and group.cards != FORWARD:
            raise PositionTextError(f"{group.label}: only seat {seat}'s hand is known")
    passed = next((g for g in spec.passed if g.seat == seat and g.cards != FORWARD), None)
    received = spec.received[0] if spec.received else None
    if spec.stock is not None:
        raise PositionTextError(f"{spec.stock.label}: seat {seat} does not see the stock")
    if spec.drawn is not None and spec.drawn.seat != seat:
        raise PositionTextError(f"{spec.drawn.label}: seat {seat} does not see seat {spec.drawn.seat}'s draws")
    drawn = spec.drawn.cards if spec.drawn is not None else []
    if rules.copies == 1:  # two copies: the two-copy world checks where each copy is
        _check_view_cards(spec, variant, rules, seat, hand.cards | CardSet(drawn), passed, received)
    take = _ViewTake.of(spec, seat)
    if world_builder is None:
        raise WorldUnavailableError(
            f"{hand.label}: one-hand positions need the world construction "
            "(copas_ai.search.world_from_view), not available yet")

    decided: list[tuple[int, int, str]] = []  # the general decisions so far (moves/decisions.py)
    plan, moves = _leading_plan(spec, rules)
    if plan is not None:
        decided.append((0, plan.seat, plan.decision))

    def world(label: str, moves: list[tuple[int, Card]], with_pass: bool = True,
              with_received: bool = True) -> Position:
        extra = {"decisions": list(decided)} if decided else {}
        # The seat's own forward is its pass: left out with the pass.
        forwarded = [g.seat for g in forwards if g.seat != seat or with_pass]
        if forwarded:
            extra["forwarded"] = forwarded
        if drawn:  # two-player: the seat's draws, as far as the moves so far have made them
            extra |= {"drawn": drawn, "drawn_complete": False}
        if rules.auction:  # the bids are bounded by the chips (docs/RULES.md §20, A53b)
            extra["bid_limits"] = scores
        try:
            return world_builder(rules, seat, hand.cards,
                                 passed.cards if passed and with_pass else None,
                                 received.cards if received and with_received else None,
                                 moves, dealer, spec.hand_no, **take.world_args(), **extra)
        except (InvalidPositionError, IllegalMoveError, InvalidCardError) as exc:
            raise PositionTextError(f"{label}: {exc}") from None
        except Exception as exc:  # the boundary's own failure: still one error line
            log.error("world construction failed", exc_info=exc)
            raise PositionTextError(f"{label}: the world construction failed: {type(exc).__name__}: {exc}") from None

    current = world(hand.label, [], with_pass=False, with_received=False)
    hand_has_pass = current.phase == "passing"
    if received and hand_has_pass and rules.pass_chain and not rules.pass_blind and not current.chain_start(seat):
        # A pass chain's later link (peek-pass, A12) receives and looks before it passes.
        current = world(received.label, [], with_pass=False)
        if passed:
            current = world(passed.label, [])
    else:
        if passed or own_forward:
            current = world((passed or own_forward).label, [], with_received=False)
        if received:
            if own_forward:
                raise PositionTextError(f"{received.label}: seat {seat} forwarded what it received unseen")
            if hand_has_pass and not passed:
                raise PositionTextError(f"{received.label}: passed {seat} is not given")
            current = world(received.label, [])
    played: list[tuple[int, Card]] = []
    for i, move in enumerate(moves):
        label = f"move {move.text}"
        if hand_has_pass and not (passed and received) and not own_forward:
            missing = "passed" if not passed else "received"
            raise PositionTextError(f"{label}: play has begun but {missing} {seat} is not given")
        if move.decision is not None and _general(move, rules):
            decided.append((len(played), move.seat, move.decision))
            # gong-zhu+super-charge (A40): a hidden charge is checked with the face that follows it.
            if not decision_moves.face_follows(move, moves[i + 1] if i + 1 < len(moves) else None):
                current = world(label, list(played))
            continue
        if current.phase == "deciding" and move.decision is None:
            due, word = current.decision
            raise PositionTextError(f"{label}: seat {due}'s {word} is due first")
        if current.phase != "playing":
            why = "the pass is not complete" if current.phase == "passing" else "the hand is over"
            if current.revoker is not None:
                why += f": seat {current.revoker}'s revoke was proven"
            raise PositionTextError(f"{label}: {why}")
        if take.step(label, move, current, seat):
            current = world(label, list(played))
            continue
        # The first leader hides behind the other hands when it is whoever holds a card.
        leader_hidden = (not played and rules.opening_lead_rule(spec.hand_no) == FirstLead.HOLDER_OF_CARD
                         and current.turn != seat)
        if move.seat is None:
            if leader_hidden:
                raise PositionTextError(
                    f"{label}: write <seat>:{move.card}, seat {seat}'s hand does not tell who leads")
            mover = current.turn
        else:
            mover = move.seat
            if not leader_hidden and mover != current.turn:
                raise PositionTextError(f"{label}: it is seat {current.turn}'s turn, not seat {mover}'s")
        played.append((mover, move.card))
        current = world(label, list(played))
    if drawn:
        made = len(drawn_in_order(current, seat))
        if made != len(drawn):
            raise PositionTextError(f"{spec.drawn.label}: seat {seat} has drawn {made} cards so far, not {len(drawn)}")
    leader_hidden = (not played and current.phase == "playing"
                     and rules.opening_lead_rule(spec.hand_no) == FirstLead.HOLDER_OF_CARD and current.turn != seat)
    return LoadedPosition(spec, variant, rules, current, scores, seat, seat,
                          passed.cards if passed else FORWARD if own_forward else None,
                          received.cards if received else None, leader_hidden)


def _leading_plan(spec: PositionSpec, rules: RuleSet) -> tuple[MoveToken | None, list[MoveToken]]:
    """queens (docs/RULES.md §11): the dealer's plan, the hand's first move, is made
    before the passes; (that move or None, the moves after it)."""
    first = spec.moves[0] if spec.moves else None
    if first is not None and first.decision is not None and _general(first, rules) \
            and decision_moves.word_of(first.decision) == decision_moves.PLAN:
        if first.seat is None:
            raise PositionTextError(f"move {first.text}: write the dealer's seat, e.g. 0:{first.decision}")
        return first, list(spec.moves[1:])
    return None, list(spec.moves)


def _general(move: MoveToken, rules: RuleSet) -> bool:
    """A decision of the core's general kind (moves/decisions.py), not the kitty's."""
    return decision_moves.word_of(move.decision) in decision_moves.decision_words(rules)


def _refuse_decision(move: MoveToken, variant: Variant, rules: RuleSet) -> None:
    # The into-hand kitty's discard (kitty_moves) and the general decisions
    # (decision_moves, checked by the core) are the decisions besides a card.
    if move.decision is not None and not _general(move, rules):
        word = move.decision.split("=")[0]
        if word not in kitty_moves.decision_words(rules):
            raise PositionTextError(f"move {move.text}: variant {variant.id} has no decision '{word}'")
        try:
            kitty_moves.decision_cards(move.decision)
        except ValueError as exc:
            raise PositionTextError(f"move {move.text}: {exc}") from None


@dataclass
class _ViewTake:
    """The into-hand kitty in a one-hand view: the seat's own kitty (stated once, and
    needed from the take on) and its discard, or another taker's face-down discard."""

    kitty: CardSet | None = None
    discarded: CardSet | None = None
    discard_made: bool = False

    @classmethod
    def of(cls, spec: PositionSpec, seat: int) -> "_ViewTake":
        take = cls()
        for move in spec.moves:
            if move.decision is not None and move.decision.startswith(kitty_moves.KITTY + "=") and move.seat == seat:
                take.kitty = kitty_moves.decision_cards(move.decision)
        return take

    def world_args(self) -> dict:
        if self.kitty is None and not self.discard_made:
            return {}  # no take in view: the plain world builder's arguments
        return {"kitty": self.kitty, "discarded": self.discarded if self.discard_made else None,
                "discard_made": self.discard_made}

    def step(self, label: str, move: MoveToken, current: Position, seat: int) -> bool:
        """Checks a decision against the world so far and records it (True); a card
        while a discard is due is refused; any other card: False."""
        if move.decision is None:
            if current.discarding:
                taker = current.kitty_taker
                written = f"{taker}:discard=<cards>" if taker == seat else f"{taker}:discard=?"
                raise PositionTextError(f"{label}: seat {taker} discards first ({written})")
            return False
        word = move.decision.split("=")[0]
        cards = kitty_moves.decision_cards(move.decision)
        if not current.discarding or current.discards or move.seat != current.kitty_taker:
            raise PositionTextError(f"{label}: no {word} is due from seat {move.seat} here")
        if word == kitty_moves.KITTY:
            if move.seat != seat:
                raise PositionTextError(f"{label}: seat {seat} does not see seat {move.seat}'s kitty")
            if self.discard_made:
                raise PositionTextError(f"{label}: the kitty is stated before the discard")
            return True
        if (move.seat == seat) != (cards is not None):
            raise PositionTextError(f"{label}: " + ("seat {seat}'s own discard is written with its cards"
                                                     if move.seat == seat else
                                                     f"seat {move.seat}'s discard is face down: "
                                                     f"write {move.seat}:discard=?").format(seat=seat))
        self.discarded, self.discard_made = cards, True
        return True


def _check_view_cards(spec: PositionSpec, variant: Variant, rules: RuleSet, seat: int, dealt: CardSet,
                      passed: SeatCards | None, received: SeatCards | None) -> None:
    """Where a card is, as far as the seat's own cards tell: a card held by the
    seat cannot be played by another, a card it lacks cannot be played by it."""
    gave = all_cards(passed.cards) if passed else CardSet()
    got = all_cards(received.cards) if received else CardSet()
    # A passed card it was not dealt came with what it received and went on (a pass
    # chain's later link); a received card it was dealt is its own back (the chain's
    # first link, the pool): held.
    holding = (dealt - gave) | (got - (gave - dealt))
    seen = CardSet()
    for move in spec.moves:
        _refuse_decision(move, variant, rules)
        if move.decision is not None and _general(move, rules):
            continue  # the world construction checks a charged card's place
        if move.decision is not None:
            cards = kitty_moves.decision_cards(move.decision)
            if move.seat == seat and cards is not None:  # the seat's own kitty joins its hand, its discard leaves it
                holding = holding | cards if move.decision.startswith(kitty_moves.KITTY + "=") else holding - cards
            continue  # the world construction checks the kitty's and the discard's cards
        card = move.card
        label = f"move {move.text}"
        if card in seen:
            raise PositionTextError(f"{label}: {card} was played already")
        seen.add(card)
        if move.seat is not None and move.seat != seat and card in holding:
            raise PositionTextError(f"{label}: seat {seat} holds {card}")
        if move.seat == seat and card not in holding:
            raise PositionTextError(f"{label}: seat {seat} does not hold {card}")
        holding.discard(card)


def dealt_cards(position: Position, seat: int) -> SeatCards:
    """The `hand <seat>` group of what `seat` was dealt (two-deck: a card dealt twice, twice)."""
    if position.rules.copies > 1:
        once, twice = dealt_twins(position, seat)
        return SeatCards(seat, once, "", twice)
    return SeatCards(seat, kitty_moves.dealt_hand(position, seat), "")


def position_to_text(position: Position, variant: str | None = None, scores: list[int] | None = None,
                     seat: int | None = None, match: MatchState | None = None) -> str:
    """A fully known core Position as a `position …` line (every hand, pass and move);
    `match`: the match state it is played in (its totals are `scores` unless given).

    The dealt hands are recovered by set arithmetic: what is held now, plus what
    was played and passed, minus what was received (kitty_moves.dealt_hand)."""
    n = position.players
    if match is not None and scores is None:
        scores = match.totals
    spec = PositionSpec(variant=variant, players=n, dealer=position.dealer, hand_no=position.hand_no,
                        scores=scores, match=None if match is None else match_words(match) or None, seat=seat)
    passing = bool(position.pass_plan)
    for s in range(n):
        spec.hands.append(dealt_cards(position, s))
        if passing and position.pass_is_set(s):
            spec.passed.append(SeatCards(s, position.passed_parts[s], "",
                                         position.passed_twins[s] if position.rules.copies > 1 else CardSet()))
        if passing and position.rules.pool_cards and position.phase != "passing":  # the pool's chance step
            spec.received.append(SeatCards(s, position.received_parts[s], ""))
    if position.rules.stock_draw != StockDraw.NONE:
        spec.stock = OrderedCards(None, list(position.dealt_stock), "")
    spec.moves = [_move_token(text) for text in kitty_moves.move_texts(position)]
    return spec.to_text()
