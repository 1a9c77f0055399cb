"""One table of the GUI: a match refereed by the core's Position, its engine
seats asked over CEP/1 (one engine process per table, each seat shown only its
own view, as copas_ai.arena.cep_player does), its person seats moved by the page.

A worker thread asks the engine for every engine decision; the page reads the
table with `state()` (a version number lets it wait for a change) and acts with
`pass_cards`, `decide`, `play`, `discard`, `undo`, `hint`, `next_hand`. If the engine process
dies, a fresh one is started and asked again from the same position.
"""

from __future__ import annotations

import shlex
import sys
import threading
from dataclasses import dataclass, field
from typing import Any

from copas_ai._core import Card, CardSet, IllegalMoveError, InvalidCardError, StockDraw
from copas_ai.moves.domino_view import domino_trick_starts
from copas_ai.analysis.record import dump_record, hand_to_json, record_from_match
from copas_ai.arena.cep_player import CepBot
from copas_ai.engine import SimpleEngine
from copas_ai.errors import EngineError
from copas_ai.game import Match, deal_pool_back
from copas_ai.gui.choices import choice_label
from copas_ai.moves import kitty as kitty_moves
from copas_ai.moves.twins import twin_card_list
from copas_ai.moves.kitty import discard_index
from copas_ai.moves.passes import FORWARD, is_split, one_way_pass, pass_text, plan_words, set_any_pass
from copas_ai.moves.decisions import seen_decisions
from copas_ai.moves.stock import drawn_in_order
from copas_ai.variants import find_variant

DEFAULT_ENGINE = f"{shlex.quote(sys.executable)} -m copas_ai engine"
# A fresh engine that fails the same decision this many times in a row is not retried:
# the fault is in the answer, not in one process.
MAX_FAILURES = 3


class TableError(ValueError):
    """A person's action the table refuses; the message says why."""


@dataclass
class TableSettings:
    variant: str
    players: int | None = None
    people: tuple[int, ...] = (0,)
    seed: int = 1
    movetime_ms: int | None = 500
    iterations: int | None = None
    engine: str = DEFAULT_ENGINE


def _card_list(tokens: Any) -> list[Card]:
    if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
        raise TableError("expected a list of cards")
    try:
        return [Card.from_str(t) for t in tokens]
    except InvalidCardError as exc:
        raise TableError(str(exc)) from None


def _cards(tokens: Any) -> CardSet:
    try:
        return CardSet(_card_list(tokens))
    except InvalidCardError as exc:  # a card named twice
        raise TableError(str(exc)) from None


def _card(token: Any) -> Card:
    if not isinstance(token, str):
        raise TableError("expected a card")
    try:
        return Card.from_str(token)
    except InvalidCardError as exc:
        raise TableError(str(exc)) from None


@dataclass
class _Job:
    version: int
    seat: int
    kind: str  # pass, decision (a charge, queens' plan, the moon's form), discard, card
    position: Any


@dataclass
class Table:
    settings: TableSettings
    match: Match = field(init=False)
    version: int = 0
    notice: str | None = None  # what the page should say (an engine restart, an engine fault)
    restarts: int = 0

    def __post_init__(self) -> None:
        s = self.settings
        self.match = Match.new(find_variant(s.variant), players=s.players, seed=s.seed)
        if self.match.rules.start_chips:  # the table's seats are fixed; a chips match deals to the seats left
            raise TableError(f"variant {self.match.variant.id}: the table does not play for chips yet "
                             "(docs/RULES.md §19); play it with `python -m copas_ai play --match` or an engine")
        bad = [seat for seat in s.people if not 0 <= seat < self.match.players]
        if bad or len(set(s.people)) != len(s.people):
            raise TableError(f"people's seats must be distinct seats 0..{self.match.players - 1}")
        self.variant_id = self.match.variant.id
        self._cond = threading.Condition()
        self._closed = False
        self._failures = 0
        self._engine: SimpleEngine | None = None
        self._thinking: int | None = None
        self._start_engine()
        with self._cond:
            self._deal()
        self._worker = threading.Thread(target=self._run, name="copas-gui-table", daemon=True)
        self._worker.start()

    # -- engine --------------------------------------------------------------

    def _start_engine(self) -> None:
        s = self.settings
        try:
            self._engine = SimpleEngine.popen(shlex.split(s.engine), timeout=30.0)
        except (OSError, EngineError, ValueError) as exc:
            raise TableError(f"cannot start the engine {s.engine!r}: {exc}") from None
        self._bot = CepBot(s.engine, seed=s.seed, variant=self.variant_id, iterations=s.iterations,
                           movetime_ms=s.movetime_ms, engine=self._engine)

    def _restart_engine(self, exc: Exception) -> None:
        """A fresh engine after `exc`; the caller asks it again from the same position."""
        old = self._engine
        pid = old.protocol.transport.get_pid() if old else None
        if old is not None:
            old.close()
        self._failures += 1
        if self._failures >= MAX_FAILURES:
            self.notice = f"the engine failed {self._failures} times in a row ({exc}); the table has stopped"
            self._engine = None
            return
        self.restarts += 1
        try:
            self._start_engine()
        except TableError as start_error:
            self._engine = None
            self.notice = f"the engine process {pid} stopped ({exc}) and no fresh one starts: {start_error}"
            return
        self.notice = (f"the engine process {pid} stopped ({exc}); a fresh engine "
                       f"continues from the same position")

    def engine_pid(self) -> int | None:
        return None if self._engine is None else self._engine.protocol.transport.get_pid()

    # -- the hand ------------------------------------------------------------

    def _deal(self) -> None:
        self.position = self.match.deal_next_hand()
        self.dealt = self.position.hands
        self.hand_recorded = False
        self._changed()

    def _changed(self) -> None:
        """Called with the lock held after every change the page may show."""
        self.version += 1
        self._cond.notify_all()

    def _after_move(self) -> None:
        deal_pool_back(self.position)  # kitty-swap: the pool's chance step once every seat's cards are in
        if self.position.is_over() and not self.hand_recorded:
            self.match.record_hand(self.dealt, self.position)
            self.hand_recorded = True
        self._changed()

    def _engine_job(self) -> _Job | None:
        """The engine decision the table waits for, if any."""
        p = self.position
        if self._engine is None or self.hand_recorded:
            return None
        if p.phase == "passing":
            seat = next((s for s in range(p.players) if s not in self.settings.people and not p.pass_is_set(s)), None)
            if p.rules.pass_chain:  # peek-pass: only the chain's link that is due
                seat = p.next_passer if p.next_passer not in self.settings.people else None
            return None if seat is None else _Job(self.version, seat, "pass", p.copy())
        if p.phase == "deciding":  # queens' plan before the pass, the charges, the moon's form
            seat = p.decision[0]
            return None if seat in self.settings.people else _Job(self.version, seat, "decision", p.copy())
        seat = p.turn
        if seat is None or seat in self.settings.people:
            return None
        return _Job(self.version, seat, "discard" if p.discarding else "card", p.copy())

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._closed and (job := self._engine_job()) is None:
                    self._cond.wait()
                if self._closed:
                    return
                self._thinking = job.seat
                self._changed()
                job.version = self.version
            try:
                move = self._ask(job)
            except (EngineError, ValueError) as exc:  # EngineError covers a dead process
                with self._cond:
                    self._thinking = None
                    if not self._closed:
                        self._restart_engine(exc)
                    self._changed()
                continue
            with self._cond:
                self._thinking = None
                if job.version == self.version and not self._closed and self._apply(job, move):  # nobody moved or undid meanwhile
                    self._failures = 0
                self._changed()

    def _ask(self, job: _Job):
        bot, p, seat = self._bot, job.position, job.seat
        if job.kind == "pass":
            return bot.choose_pass(p, seat, sum(n for _, n in p.pass_plan))
        if job.kind == "decision":
            return bot.choose_decision(p, seat)
        if job.kind == "discard":
            return bot.choose_discard(p, seat, p.discards_left)
        return bot.choose_card(p, seat)

    def _apply(self, job: _Job, move) -> bool:
        """Plays the engine's move; a refused one counts as the engine's failure (False)."""
        p = self.position
        try:
            if job.kind == "pass":
                if is_split(p.pass_plan) and isinstance(move, CardSet):
                    move = p.rote_pass(move)
                set_any_pass(p, job.seat, move)
            elif job.kind == "decision":
                p.decide(move, seat=job.seat)
            elif job.kind == "discard":
                p.discard(move, seat=job.seat)
            else:
                p.push(move, seat=job.seat)
        except (IllegalMoveError, ValueError) as exc:
            self._restart_engine(ValueError(f"the engine's move {move} was refused: {exc}"))
            return False
        self._after_move()
        return True

    # -- a person's actions ----------------------------------------------------

    def _person_to_act(self, seat: int | None, phase: str) -> int:
        p = self.position
        if self.hand_recorded:
            raise TableError("the hand is over")
        if p.phase == "deciding":  # a decision other than a card comes before anything else
            due, word = p.decision
            if phase != "decision":
                raise TableError(f"seat {due}'s {word} decision comes first")
            if due not in self.settings.people:
                raise TableError(f"it is the engine's {word} decision (seat {due})")
            return due
        if phase == "decision":
            raise TableError("no decision is due")
        if phase == "pass":
            if p.phase != "passing":
                raise TableError("the pass is over")
            if seat not in self.settings.people:
                raise TableError(f"seat {seat} is not a person's seat")
            if p.pass_is_set(seat):
                raise TableError(f"seat {seat} has passed already")
            return seat
        if p.phase == "passing":
            raise TableError("the pass comes first")
        if p.turn not in self.settings.people:
            raise TableError(f"it is the engine's turn (seat {p.turn})")
        if phase == "discard" and not p.discarding:
            raise TableError("no discard is due")
        if phase == "card" and p.discarding:
            raise TableError("the kitty's taker discards first")
        return p.turn

    def pass_cards(self, seat: int, tokens: Any) -> None:
        with self._cond:
            seat = self._person_to_act(seat, "pass")
            p = self.position
            if tokens == [FORWARD] and p.next_passer == seat and p.blind_packet:  # blind-forward, unseen
                value = p.blind_packet
            else:
                cards = _card_list(tokens)
                value = p.rote_pass(CardSet(cards)) if is_split(p.pass_plan) else one_way_pass(cards)
            try:
                set_any_pass(p, seat, value)
            except (IllegalMoveError, ValueError) as exc:
                raise TableError(str(exc)) from None
            self._after_move()

    def decide(self, choice: Any) -> None:
        """The person's decision due now: one of the state's `decision.choices` ('charge=QS')."""
        with self._cond:
            seat = self._person_to_act(None, "decision")
            p = self.position
            if not isinstance(choice, str):
                raise TableError("choice: expected a decision such as 'charge=none'")
            if choice not in p.decision_choices:
                raise TableError(f"seat {seat}'s {p.decision[1]} cannot be {choice[:40]!r}: "
                                 f"choose one of {', '.join(p.decision_choices)}")
            try:
                p.decide(choice, seat=seat)
            except (IllegalMoveError, ValueError) as exc:
                raise TableError(str(exc)) from None
            self._after_move()

    def discard(self, tokens: Any) -> None:
        with self._cond:
            seat = self._person_to_act(None, "discard")
            try:
                self.position.discard(_cards(tokens), seat=seat)
            except (IllegalMoveError, ValueError) as exc:
                raise TableError(str(exc)) from None
            self._after_move()

    def play(self, token: Any) -> None:
        with self._cond:
            seat = self._person_to_act(None, "card")
            try:
                self.position.push(_card(token), seat=seat)
            except IllegalMoveError as exc:  # the core's reason, as the page shows it
                raise TableError(str(exc)) from None
            self._after_move()

    def undo(self) -> None:
        """Takes back the last card a person played this hand, and every card after it."""
        with self._cond:
            p = self.position
            if self.hand_recorded:
                raise TableError("the hand is over: nothing to undo")
            moves = p.moves
            last = next((k for k in range(len(moves) - 1, -1, -1) if moves[k][0] in self.settings.people), None)
            if last is None:
                raise TableError("no card of yours to take back in this hand")
            at = discard_index(p)
            if at is not None and at > last:
                raise TableError("the kitty's discard came after that card: it cannot be taken back")
            while len(p.moves) > last:
                p.pop()
            self._changed()

    def next_hand(self) -> None:
        with self._cond:
            if not self.hand_recorded:
                raise TableError("the hand is not over")
            if self.match.is_over():
                raise TableError("the match is over")
            self._deal()

    def hint(self) -> dict[str, Any]:
        """The engine's value of each candidate for the person to act, from that seat's view."""
        with self._cond:
            p = self.position
            if self._engine is None:
                raise TableError("the engine has stopped: start a new match")
            seat = self.viewer()
            if p.phase == "passing":
                self._person_to_act(seat, "pass")
            elif p.phase == "deciding":
                seat = self._person_to_act(None, "decision")
            else:
                seat = self._person_to_act(None, "discard" if p.discarding else "card")
            view, bot = p.copy(), self._bot
        try:
            result = bot.analyse(view, seat)
        except (EngineError, ValueError) as exc:
            with self._cond:
                if self._engine is not None and self._engine.protocol.returncode.done():
                    self._restart_engine(exc)  # the worker would find it dead at its next move
                    self._changed()
            raise TableError(f"the engine could not give a hint: {exc}") from None
        moves = sorted(result.moves, key=lambda m: m.score, reverse=self.match.variant.goal == "high")
        return {"seat": seat, "best": _move_text(result.move),
                "moves": [{"move": _move_text(m.move), "score": round(m.score, 3),
                           "stderr": None if m.stderr is None else round(m.stderr, 3)} for m in moves]}

    # -- reading -------------------------------------------------------------

    def viewer(self) -> int:
        """The person's seat the page shows: the one to act, else the first."""
        p, people = self.position, self.settings.people
        if p.phase == "passing":
            return next((s for s in people if not p.pass_is_set(s)), people[0] if people else 0)
        if p.phase == "deciding" and p.decision[0] in people:
            return p.decision[0]
        if p.turn in people:
            return p.turn
        return people[0] if people else 0

    def wait(self, since: int, timeout: float) -> None:
        with self._cond:
            self._cond.wait_for(lambda: self.version != since or self._closed, timeout)

    def record_text(self) -> str:
        """The match as a copas-game/1 record: its hands, the one in play as its last."""
        with self._cond:
            data = record_from_match(self.match, self.names())
            p = self.position
            # A hand past its pass, or with a decision made (not queens' plan alone, before it).
            if not self.hand_recorded and p.phase != "passing" and (p.moves or p.decisions or p.pass_plan):
                partial = self.match.hand_in_play_record(self.dealt, p)
                data["hands"].append(hand_to_json(partial))
            if not data["hands"]:
                raise TableError("nothing played yet: pass first")
            return dump_record(data)

    def names(self) -> list[str]:
        engine = self._engine.id.get("name", "engine") if self._engine else "engine"
        return [("person" if seat in self.settings.people else engine) for seat in range(self.match.players)]

    def state(self) -> dict[str, Any]:
        with self._cond:
            return self._state()

    def _state(self) -> dict[str, Any]:
        p, m = self.position, self.match
        n = m.players
        seat = self.viewer()
        over, winners = m.outcome()
        if self.hand_recorded:
            phase = "gameover" if over else "handover"
        else:
            phase = p.phase if p.phase in ("passing", "deciding") else ("discarding" if p.discarding else "playing")
        to_act = p.turn if phase in ("playing", "discarding") else (p.decision[0] if phase == "deciding" else None)
        mine = p.turn == seat and seat in self.settings.people and phase in ("playing", "discarding")
        decision = None
        if phase == "deciding":
            due, word = p.decision
            decision = {"seat": due, "word": word,
                        "choices": ([{"move": c, "label": choice_label(c, p.players)} for c in p.decision_choices]
                                    if due == seat and due in self.settings.people else None)}
            mine = decision["choices"] is not None
        # blind-forward: the packet a link has not looked at stays face down (docs/RULES.md §2.2 L47).
        hand = p.hand(seat) - (p.blind_packet if p.next_passer == seat else CardSet())
        legal = {}
        for card in hand:
            if phase == "playing":
                reason = p.illegal_reason(card) if mine else f"it is seat {to_act}'s turn"
            elif phase == "deciding":
                reason = f"seat {p.decision[0]}'s {p.decision[1]} decision comes first"
            else:
                reason = None if phase in ("passing", "discarding") else "the hand is over"
            legal[str(card)] = reason
        tricks_done = p.tricks_done
        moves = p.moves
        last_trick, last_winner = [], None
        if tricks_done and p.rules.stock_draw == StockDraw.UNTIL_FOLLOW:
            # domino: its tricks' cards follow the led suit; the discards among them are face down
            begun = domino_trick_starts(p)
            played = moves[begun[tricks_done - 1]: begun[tricks_done]]
            last_trick = [[s, str(c)] for s, c in played if c.suit == played[0][1].suit]
        elif tricks_done:
            starts = p.trick_starts  # a nines-extend trick holds 2 cards a seat
            last_trick = [[s, str(c)] for s, c in moves[starts[tricks_done - 1]: starts[tricks_done]]]
        if tricks_done:
            # cancellation (docs/RULES.md §14): a carried trick has no winner (its leader leads again).
            carried = tricks_done - 1 in p.carried_tricks
            last_winner = None if carried else p.trick[0][0] if p.trick else p.leader
        passing = None
        if p.pass_plan:
            passing = {"words": plan_words(p.pass_plan, n), "count": sum(k for _, k in p.pass_plan),
                       "done": p.phase != "passing" or p.pass_is_set(seat),
                       "passed": pass_text(p.passed_parts[seat]) if p.phase != "passing" else None,
                       "received": pass_text(p.received_parts[seat]) if p.phase != "passing" else None}
        kitty = None
        if p.rules.kitty_size:
            taker = p.kitty_taker
            kitty = {"size": p.rules.kitty_size, "taker": taker,
                     "cards": str(p.kitty) if taker == seat or phase in ("handover", "gameover") else None,
                     "discard_count": p.discards_left if p.discarding else 0,
                     "into_hand": bool(kitty_moves.decision_words(p.rules))}
        return {
            "version": self.version,
            "variant": self.variant_id,
            "variant_name": m.variant.name,
            "goal": m.variant.goal,
            "players": n,
            "people": list(self.settings.people),
            "names": self.names(),
            "seat": seat,
            "phase": phase,
            "turn": to_act,
            "your_turn": mine or (phase == "passing" and seat in self.settings.people and not p.pass_is_set(seat)
                                  and (not p.rules.pass_chain or p.next_passer == seat)),  # a chain: when due
            "thinking": self._thinking,
            "hand_no": p.hand_no,
            "dealer": p.dealer,
            "pass": passing,
            "hand": twin_card_list(hand, p.twins[seat]),  # two-deck: a card held twice, twice
            "legal": legal,
            "trick": [[s, str(c)] for s, c in p.trick],
            "last_trick": last_trick,
            "last_winner": last_winner,
            "tricks_done": tricks_done,
            "points": list(p.points_taken()),
            "hearts_broken": p.hearts_broken,
            "kitty": kitty,
            # two-player (docs/RULES.md §18): the stock's size and the cards this seat drew.
            "stock": ({"left": p.stock_left, "drawn": [str(c) for c in drawn_in_order(p, seat)]}
                      if p.rules.stock_draw != StockDraw.NONE else None),
            "decision": decision,
            # The decisions made, as this seat sees them: another seat's hidden charge is
            # `charge=?` (docs/RULES.md A33, A40), as the engine's view of this seat shows it.
            "decisions": [f"{mover}:{text}" for _, mover, text in seen_decisions(p, seat)],
            "sheet": [list(h.score) for h in m.hands],
            "totals": list(m.totals),
            "winners": winners if over else None,
            "can_undo": not self.hand_recorded and any(s in self.settings.people for s, _ in moves),
            "notice": self.notice,
            "engine": {"name": self._engine.id.get("name") if self._engine else None,
                       "pid": self.engine_pid(), "restarts": self.restarts},
        }

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()
            engine, self._engine = self._engine, None
        self._worker.join(timeout=60)
        if engine is not None:
            engine.close()


def _move_text(move: object) -> str:
    return pass_text(move) if isinstance(move, (CardSet, tuple)) else str(move)
