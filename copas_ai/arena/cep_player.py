"""A CEP/1 engine process as an arena player. The engine sees only its seat's
view (its dealt hand, its pass, what it received, the public moves), never the
other hands. One engine process per command line is kept per worker process and
reused from game to game (`newgame` between games); they end when the worker does."""

from __future__ import annotations

import atexit
import multiprocessing.util
import shlex

from copas_ai._core import Card, CardSet, Position, StockDraw
from copas_ai.engine import Limit, SimpleEngine
from copas_ai.moves import kitty as kitty_moves
from copas_ai.moves.passes import FORWARD, PassValue
from copas_ai.moves.domino_view import domino_view
from copas_ai.moves.stock import drawn_in_order
from copas_ai.moves.twins import layers, received_twins
from copas_ai.moves.uno_view import drawn_by_pairs, hands_got
from copas_ai.cep.position_text import OrderedCards, PositionSpec, SeatCards, dealt_cards, parse_move_token

_ENGINES: dict[str, SimpleEngine] = {}


def close_engines() -> None:
    while _ENGINES:
        _, engine = _ENGINES.popitem()
        engine.close()


atexit.register(close_engines)
# Worker processes of a pool leave by os._exit, which skips atexit; multiprocessing's own finalizers still run.
multiprocessing.util.Finalize(None, close_engines, exitpriority=10)


def _engine(command: str) -> SimpleEngine:
    engine = _ENGINES.get(command)
    if engine is None:
        engine = _ENGINES[command] = SimpleEngine.popen(shlex.split(command), timeout=30.0)
    return engine


def seat_view_text(position: Position, seat: int, variant: str) -> str:
    """The `position` line of what `seat` knows: its own cards and the public moves."""
    passes_applied = bool(position.pass_plan) and position.phase != "passing"
    spec = PositionSpec(variant=variant, players=position.players, dealer=position.dealer,
                        hand_no=position.hand_no, seat=seat, hands=[dealt_cards(position, seat)])
    # blind-forward: every forward is public; a forwarder saw no cards of its pass.
    forwarded = [s for s in range(position.players) if position.rules.pass_blind and position.forwarded(s)]
    spec.passed += [SeatCards(s, FORWARD, "") for s in forwarded]
    if passes_applied and position.rules.copies > 1:  # uno-hearts: a card passed twice is written twice
        once, twice = received_twins(position, seat)
        spec.passed.append(SeatCards(seat, position.passed_parts[seat], "", position.passed_twins[seat]))
        spec.received.append(SeatCards(seat, once, "", twice))
    elif passes_applied and seat not in forwarded:  # a split pass goes as its parts ('QS/AH,KC')
        spec.passed.append(SeatCards(seat, position.passed_parts[seat], ""))
        spec.received.append(SeatCards(seat, position.received_parts[seat], ""))
    elif position.phase == "passing" and position.rules.pass_chain and seat not in forwarded:
        # What the chain showed the seat so far (blind-forward: its packet only once it passed).
        if position.pass_is_set(seat):
            spec.passed.append(SeatCards(seat, position.passed_parts[seat], ""))
        if position.received_parts[seat] and (position.pass_is_set(seat) or not position.rules.pass_blind):
            spec.received.append(SeatCards(seat, position.received_parts[seat], ""))
    if position.rules.stock_draw == StockDraw.UNTIL_FOLLOW:  # domino: the others' draws counted, discards face down
        seen = domino_view(position, seat)
        drawn, texts = seen.drawn, seen.texts()
    elif position.rules.stock_draw == StockDraw.PAIRS:  # uno-hearts: every draw (face up), the hands it got
        spec.draws = OrderedCards(None, drawn_by_pairs(position), "")
        spec.got = [SeatCards(seat, once, "", twice) for once, twice in map(layers, hands_got(position, seat))]
        drawn, texts = [], kitty_moves.view_move_texts(position, seat)
    else:
        drawn, texts = drawn_in_order(position, seat), kitty_moves.view_move_texts(position, seat)
    if drawn:  # two-player, domino: the stock's cards it drew, in order
        spec.drawn = OrderedCards(seat, drawn, "")
    if position.rules.auction:  # the chips bound the bids (docs/RULES.md §20, A53b): the engine must know them
        spec.scores = position.bid_limits
    spec.moves = [parse_move_token(text) for text in texts]
    return spec.to_text()


class CepBot:
    """Asks the engine `go` for each decision of its seat."""

    def __init__(self, command: str, seed: int, variant: str, iterations: int | None = None,
                 movetime_ms: int | None = None, engine: SimpleEngine | None = None) -> None:
        self.name = f"cep:{command}"
        # The GUI gives each table its own process (and a fresh one after a crash); the arena shares one per command.
        self._engine = engine if engine is not None else _engine(command)
        self._variant = variant
        self._limit = Limit(movetime_ms=movetime_ms, iterations=iterations)
        self._engine.newgame()
        if "Seed" in self._engine.options:
            self._engine.configure({"Seed": seed % 2**31})

    def _go(self, position: Position, seat: int):
        return self._engine.play(seat_view_text(position, seat, self._variant), self._limit).move

    def analyse(self, position: Position, seat: int):
        """The engine's value of every candidate of `seat`'s decision (MultiMove), from its view."""
        return self._engine.analyse(seat_view_text(position, seat, self._variant), self._limit)

    def choose_pass(self, position: Position, seat: int, count: int) -> PassValue:
        move = self._go(position, seat)
        if move == FORWARD and position.blind_packet:  # blind-forward: the packet the referee holds
            return position.blind_packet
        if not isinstance(move, (CardSet, tuple, list)):  # a tuple: a split pass's parts; a list: both copies
            raise ValueError(f"{self.name} answered {move!r} to a pass")
        return move

    def choose_discard(self, position: Position, seat: int, count: int) -> CardSet:
        move = self._go(position, seat)
        word = f"{kitty_moves.DISCARD}="
        if not isinstance(move, str) or not move.startswith(word):
            raise ValueError(f"{self.name} answered {move!r} to a discard")
        cards = kitty_moves.decision_cards(move)
        if cards is None or len(cards) != count:
            raise ValueError(f"{self.name} answered {move!r} to a discard of {count}")
        return cards

    def choose_decision(self, position: Position, seat: int) -> str:
        move = self._go(position, seat)
        if not isinstance(move, str) or not move.startswith(f"{seat}:"):
            raise ValueError(f"{self.name} answered {move!r} to seat {seat}'s {position.decision[1]}")
        return move.partition(":")[2]

    def choose_card(self, position: Position, seat: int) -> Card:
        moves = position.legal_moves()
        if len(moves) == 1:
            return next(iter(moves))
        move = self._go(position, seat)
        if not isinstance(move, Card):
            raise ValueError(f"{self.name} answered {move!r} to a play")
        return move
