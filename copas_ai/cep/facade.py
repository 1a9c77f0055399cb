"""The Engine facade: everything the CEP/1 loop does, without the text protocol.

    engine = Engine()                       # or Engine(searcher_factory=..., ...)
    engine.set_position("variant american seat 2 hand 2 2C,5C,…".split())
    engine.legal(); engine.score(); engine.show()
    engine.go(Limit(iterations=20000), on_info, on_done)   # returns at once
    engine.stop(); engine.wait()

A search (go, solve) runs on one worker thread; on_info and on_done are called
from it. on_done runs under the engine's lock just after the engine stops being
busy, so what it writes comes before anything a later command writes. The searcher, the solver and the world construction are injected
(constructor parameters) so the protocol can be exercised before they exist;
by default they are copas_ai.search.Searcher, copas_ai._core.Solver and
copas_ai.search.world_from_view.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Protocol

from copas_ai import _core
from copas_ai._core import Card, CardSet, Goal, MatchState, Position
from copas_ai.moves.passes import FORWARD, PassValue, plan_counts
from copas_ai.cep.show import picture
from copas_ai.match_text import match_words
from copas_ai.cep.position_text import (
    LoadedPosition,
    PositionStateError,
    WorldBuilder,
    load_position,
    parse_position,
)
from copas_ai.equity import OBJECTIVES, EquityUnavailableError, check_modelled, load_equity
from copas_ai.models import INFERENCE_MODELS, inference_model_weights
from copas_ai.search import Limit, MoveStat, SearchResult, Searcher
from copas_ai.variants import catalogue_ids, find_variant
from copas_ai.errors import BusyError, CommandError

log = logging.getLogger("copas_ai.engine")

INFO_INTERVAL_S = 0.5  # periodic `info` lines: about every 500 ms (docs/PROTOCOL.md)
DEFAULT_MOVETIME_MS = 1000  # `go` with no limit: about one second


class SearcherLike(Protocol):
    def search(self, position: Position, seat: int, limit: Limit,
               on_info: Callable[[dict], None] | None = None, *,
               match: MatchState | None = None, objective: str = "points",
               equity: Any = None) -> SearchResult: ...

    def stop(self) -> None: ...


class SolverLike(Protocol):
    def solve_moves(self, position: Position) -> dict: ...


@dataclass
class EngineOptions:
    variant: str = "american"
    threads: int = 1
    hash_mb: int = 64
    seed: int = 0
    multi_move: bool = False
    algorithm: str = "auto"
    revokes: str = "forbid"  # or "penalize": a fully known position may hold revokes (§1.3)
    objective: str = "points"  # or "match": play for the match from the `position`'s totals (issue 32)
    match_horizon: int = 0  # Objective match: the hand's points while no this many hands can end the match
    match_points_weight: int = 0  # Objective match: the hand points' share of the reward, in percent
    inference_pool: int = 0  # worlds weighted by the other seats' play (0: the uniform sampler)
    inference_noise: int = 50  # the inference model's random cards, in percent
    inference_model: str = "policy"  # or "learned": the learned card model (copas_ai/models)
    uno_pass_search: bool = False  # uno-hearts: search the pass (else the playout policy's pass)


@dataclass(frozen=True)
class OptionSpec:
    """One engine option as the `copas` command lists it (UCI style)."""

    name: str
    kind: str  # combo, spin or check
    attr: str  # the EngineOptions field
    default: Any
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    # For a combo whose values are open-ended (variant ids with options): returns the
    # canonical value or raises ValueError; the listed choices are then examples.
    canonical: Callable[[str], str] | None = None

    def parse(self, value: str | None) -> Any:
        """The value of `setoption name <Name> value <value>`; CommandError if bad."""
        if value is None:
            raise CommandError(f"option {self.name} needs a value")
        text = value.strip()
        if self.kind == "check":
            if text.lower() not in ("true", "false"):
                raise CommandError(f"option {self.name} is true or false, not '{text}'")
            return text.lower() == "true"
        if self.kind == "spin":
            digits = text.lstrip("+-")
            if not digits.isascii() or not digits.isdigit() or len(digits) > 20:
                raise CommandError(f"option {self.name} needs a whole number, not '{text}'")
            number = int(text)
            if not self.low <= number <= self.high:
                raise CommandError(f"option {self.name} is {self.low}..{self.high}, not {number}")
            return number
        if self.canonical is not None:
            try:
                return self.canonical(text)
            except ValueError as exc:
                raise CommandError(f"option {self.name}: {exc}") from None
        if text.lower() not in self.choices:
            raise CommandError(f"option {self.name} is one of {', '.join(self.choices)}, not '{text}'")
        return text.lower()


def option_specs() -> list[OptionSpec]:
    return [
        OptionSpec("Variant", "combo", "variant", "american", choices=tuple(catalogue_ids()),
                   canonical=lambda text: find_variant(text).id),
        OptionSpec("Threads", "spin", "threads", 1, 1, 256),
        OptionSpec("Hash", "spin", "hash_mb", 64, 1, 65536),
        OptionSpec("Seed", "spin", "seed", 0, 0, 2**31 - 1),
        OptionSpec("MultiMove", "check", "multi_move", False),
        OptionSpec("Algorithm", "combo", "algorithm", "auto", choices=("auto", "ismcts", "pimc")),
        OptionSpec("Revokes", "combo", "revokes", "forbid", choices=("forbid", "penalize")),
        OptionSpec("Objective", "combo", "objective", "points", choices=OBJECTIVES),
        OptionSpec("MatchHorizon", "spin", "match_horizon", 0, 0, 50),
        OptionSpec("MatchPointsWeight", "spin", "match_points_weight", 0, 0, 100),
        OptionSpec("InferencePool", "spin", "inference_pool", 0, 0, 65536),
        OptionSpec("InferenceNoise", "spin", "inference_noise", 50, 1, 100),
        OptionSpec("InferenceModel", "combo", "inference_model", "policy", choices=INFERENCE_MODELS),
        OptionSpec("UnoPassSearch", "check", "uno_pass_search", False),
    ]


@dataclass
class LegalAnswer:
    moves: CardSet  # the cards the seat may play, or the cards it may pass (or discard)
    pass_count: int | None = None  # during the pass: how many to choose
    discard_count: int | None = None  # the into-hand kitty's discard step: how many to choose
    pass_counts: list[int] | None = None  # a split pass: how many go each way, in plan order
    forward: bool = False  # blind-forward: the link may also forward its unseen packet
    decisions: list[str] | None = None  # a decision other than a card: its choices, `<seat>:<word>=<value>`


@dataclass
class ScoreAnswer:
    score: list[int]
    total: list[int]
    state: str  # passing, playing, handover or gameover
    turn: int | None
    match: list[str] = field(default_factory=list)  # the match state's words (match_text.py), after this hand
    sides: list[str] = field(default_factory=list)  # partnership games: `side …` lines
    winners: list[int] = field(default_factory=list)  # gameover: the seats that won the match


@dataclass
class SearchReport:
    """How a `go` ended: the move, the work done and (MultiMove) every candidate."""

    best: Card | PassValue | str  # str: FORWARD
    time_ms: float
    iterations: int
    moves: list[MoveStat] = field(default_factory=list)
    decision: str = ""  # "discard": best is an into-hand kitty discard (bestmove discard=<cards>)

    @property
    def ips(self) -> int:
        return int(self.iterations * 1000 / max(self.time_ms, 1e-3))


@dataclass
class SolveReport:
    values: list[tuple[Card, int]]  # every legal card, canonical order
    best: Card


def default_searcher(options: EngineOptions) -> SearcherLike:
    return Searcher(threads=options.threads, hash_mb=options.hash_mb, seed=options.seed,
                    algorithm=options.algorithm, match_horizon=options.match_horizon,
                    match_points_weight=options.match_points_weight / 100,
                    inference_pool=options.inference_pool, inference_noise=options.inference_noise / 100,
                    inference_model=inference_model_weights(options.inference_model),
                    uno_pass_search=options.uno_pass_search)


def default_solver(options: EngineOptions) -> SolverLike:
    solver_class = getattr(_core, "Solver", None)
    if solver_class is None:
        raise CommandError("the solver is not available in this build (copas_ai._core.Solver)")
    return solver_class(options.hash_mb, threads=options.threads)


def default_world_builder() -> WorldBuilder | None:
    """copas_ai.search.world_from_view once it exists, else None."""
    from copas_ai import search

    return getattr(search, "world_from_view", None)


_DEFAULT = object()


class _Job:
    """A running search or solve."""

    def __init__(self, stop: Callable[[], None]) -> None:
        self._stop = stop
        self.stopped = threading.Event()
        self.thread: threading.Thread | None = None

    def stop(self) -> None:
        self.stopped.set()
        self._stop()


class Engine:
    def __init__(self, searcher_factory: Callable[[EngineOptions], SearcherLike] = default_searcher,
                 solver_factory: Callable[[EngineOptions], SolverLike] = default_solver,
                 world_builder: WorldBuilder | None | object = _DEFAULT) -> None:
        self._searcher_factory = searcher_factory
        self._solver_factory = solver_factory
        self._world_builder = default_world_builder() if world_builder is _DEFAULT else world_builder
        self.options = EngineOptions()
        self.option_specs = option_specs()
        self.position: LoadedPosition | None = None
        self._searcher: SearcherLike | None = None
        self._solver: SolverLike | None = None
        self._lock = threading.RLock()
        self._job: _Job | None = None

    # -- state ---------------------------------------------------------------

    @property
    def searching(self) -> bool:
        return self._job is not None

    def _idle(self) -> None:
        if self._job is not None:
            raise BusyError()

    def set_option(self, name: str, value: str | None) -> None:
        spec = next((o for o in self.option_specs if o.name.lower() == name.strip().lower()), None)
        if spec is None:
            raise CommandError(f"unknown option '{name}'")
        parsed = spec.parse(value)
        with self._lock:
            self._idle()
            before = getattr(self.options, spec.attr)
            if parsed == before:
                return  # nothing to rebuild (a GUI often sends every option, changed or not)
            setattr(self.options, spec.attr, parsed)
            if spec.attr == "objective" and parsed == "match":
                try:
                    check_modelled(find_variant(self.options.variant))
                except EquityUnavailableError as exc:
                    setattr(self.options, spec.attr, before)
                    raise CommandError(f"option Objective: {exc}") from None
            if spec.attr in ("hash_mb", "threads"):
                self._solver = None  # `solve` uses the Threads too (made at the next solve)
            if spec.attr in ("threads", "hash_mb", "seed", "algorithm", "match_horizon", "match_points_weight",
                             "inference_pool", "inference_noise", "inference_model", "uno_pass_search"):
                try:
                    self._rebuild_searcher()
                except CommandError:
                    setattr(self.options, spec.attr, before)  # a refused option leaves the old one
                    raise

    def new_game(self) -> None:
        with self._lock:
            self._idle()
            self.position = None
            self._solver = None
            self._rebuild_searcher()  # forgets what the last game's searches learnt

    def prepare(self) -> None:
        """Makes the searcher now if there is none (isready), so that the next `go`
        spends its movetime searching, not allocating the Hash (nor, with Objective
        match, loading or building the match-equity table)."""
        with self._lock:
            if self._job is None:
                self._ensure_searcher()
                if self.options.objective == "match" and self.position is not None:
                    try:
                        self._equity(self._loaded())
                    except CommandError:
                        pass  # the `go` that needs it says why

    def _equity(self, loaded: LoadedPosition) -> Any:
        """The match-equity table of the position's variant at its seat count (cached,
        built on first use): a `position variant …` may name another than the option."""
        try:
            return load_equity(loaded.variant, loaded.position.players)
        except EquityUnavailableError as exc:
            raise CommandError(f"Objective match: {exc}") from None

    def _ensure_searcher(self) -> SearcherLike:
        if self._searcher is None:
            self._searcher = _build(self._searcher_factory, self.options, "search")
        return self._searcher

    def _rebuild_searcher(self) -> None:
        # Made here, not at the next go: allocating a large Hash takes long (hundreds
        # of ms for 1 GiB, measured), which a go's movetime must not pay. The old
        # one goes first, so the two never hold memory together.
        self._searcher = None
        self._ensure_searcher()

    def set_position(self, tokens: list[str]) -> None:
        """The tokens after `position`; PositionTextError leaves the old position."""
        with self._lock:
            self._idle()
            loaded = load_position(parse_position(tokens), self.options.variant, self._world_builder,
                                   revokes=self.options.revokes)
            self.position = loaded

    def _loaded(self) -> LoadedPosition:
        if self.position is None:
            raise CommandError("no position (send position first)")
        return self.position

    def snapshot(self) -> tuple:
        """What a refused command must leave unchanged (for tests)."""
        text = None if self.position is None else self.position.spec.to_text()
        return (tuple(vars(self.options).items()), text)

    # -- questions -----------------------------------------------------------

    def legal(self) -> LegalAnswer:
        loaded = self._loaded()
        try:
            seat = loaded.seat_to_act()
        except PositionStateError as exc:
            raise CommandError(str(exc)) from None
        if loaded.state() == "passing":
            counts = plan_counts(loaded.position.pass_plan)
            packet = loaded.position.blind_packet  # blind-forward: unseen, so not among the cards
            return LegalAnswer(loaded.position.hand(seat) - packet, sum(counts),
                               pass_counts=counts if len(counts) > 1 else None, forward=bool(packet))
        if loaded.position.discarding:
            return LegalAnswer(loaded.position.hand(seat), discard_count=loaded.position.discards_left)
        if loaded.state() == "deciding":
            return LegalAnswer(CardSet(), decisions=[f"{seat}:{c}" for c in loaded.position.decision_choices])
        return LegalAnswer(loaded.position.legal_moves())

    def score(self) -> ScoreAnswer:
        loaded = self._loaded()
        pos = loaded.position
        state = loaded.state()
        if state == "over":
            state = "gameover" if loaded.match_over() else "handover"
        winners = loaded.match_winners() if state == "gameover" else []
        return ScoreAnswer(pos.score(), loaded.totals(), state, loaded.turn(), match_words(loaded.match_after()),
                           loaded.side_lines(), winners)

    def show(self) -> list[str]:
        if self.position is None:
            return ["no position"]
        return picture(self.position)

    # -- searches --------------------------------------------------------------

    def go(self, limit: Limit, on_info: Callable[[dict], None],
           on_done: Callable[[SearchReport | Exception], None]) -> None:
        """Starts a search for the seat to act (or to pass) and returns at once."""
        with self._lock:
            self._idle()
            loaded = self._loaded()
            try:
                seat = loaded.seat_to_act()
            except PositionStateError as exc:
                raise CommandError(str(exc)) from None
            if not (limit.movetime_ms or limit.iterations or limit.infinite):
                limit = Limit(movetime_ms=DEFAULT_MOVETIME_MS)
            searcher = self._ensure_searcher()
            o = self.options
            # Seeded, one thread, counted work: the output must repeat line for line,
            # so no lines whose number depends on the clock.
            periodic = not (o.seed and o.threads == 1 and limit.iterations
                            and not limit.movetime_ms and not limit.infinite)
            job = _Job(searcher.stop)
            position = loaded.position.copy()
            # The match the hand is played in (`scores`, `match`): the search values the hand as it counts it.
            match = None if loaded.match is None else loaded.match.copy()
            # Objective match: the table is loaded here, so that a variant it cannot model is an error line.
            equity = self._equity(loaded) if o.objective == "match" else None
            self._start(job, lambda: self._search(job, searcher, position, seat, limit, periodic, on_info, match,
                                                  equity),
                        on_done)

    def solve(self, on_done: Callable[[SolveReport | Exception], None]) -> None:
        """Exact values of every legal card (every hand known); returns at once."""
        with self._lock:
            self._idle()
            loaded = self._loaded()
            if not loaded.fully_known:
                raise CommandError(f"solve needs every hand; only seat {loaded.view_seat}'s is known")
            if loaded.state() != "playing":
                raise CommandError("solve works during the play" if loaded.state() == "passing"
                                  else "the hand is over")
            if self._solver is None:
                self._solver = _build(self._solver_factory, self.options, "solver")
            solver = self._solver
            position = loaded.position.copy()
            # The solver cannot be interrupted: stop waits for its answer.
            self._start(_Job(lambda: None), lambda: self._solve(solver, position), on_done)

    def stop(self) -> None:
        job = self._job
        if job is not None:
            job.stop()

    def wait(self, timeout: float | None = None) -> bool:
        """Waits for a running search to finish; False on timeout."""
        job = self._job
        if job is None or job.thread is None:
            return True
        job.thread.join(timeout)
        return not job.thread.is_alive()

    def _start(self, job: _Job, work: Callable[[], Any], on_done: Callable[[Any], None]) -> None:
        def run() -> None:
            try:
                outcome = work()
            except (CommandError, NotImplementedError) as exc:  # a refusal: its error line says it all
                log.debug("search refused: %s", exc)
                outcome = exc
            except Exception as exc:  # reported as an error line, never fatal; the traceback is a bug's
                log.error("search failed: %s", exc, exc_info=True)
                outcome = exc
            with self._lock:
                self._job = None
                try:
                    on_done(outcome)
                except Exception:
                    log.exception("reporting the search result failed")

        job.thread = threading.Thread(target=run, name="copas-search", daemon=True)
        self._job = job
        job.thread.start()

    def _search(self, job: _Job, searcher: SearcherLike, position: Position, seat: int,
                limit: Limit, periodic: bool, on_info: Callable[[dict], None],
                match: MatchState | None = None, equity: Any = None) -> SearchReport:
        started = time.monotonic()
        last_info = started

        def info(values: dict) -> None:
            nonlocal last_info
            if job.stopped.is_set():
                searcher.stop()  # a stop that came before search() began is repeated here
            now = time.monotonic()
            if periodic and now - last_info >= INFO_INTERVAL_S:
                last_info = now
                on_info(info_fields(values, (now - started) * 1000))

        # A safety net on the deadline: the searcher is asked to stop at movetime
        # even if its own clock overshoots.
        timer = None
        if limit.movetime_ms is not None and not limit.infinite:
            timer = threading.Timer(limit.movetime_ms / 1000, searcher.stop)
            timer.daemon = True
            timer.start()
        try:
            # Only the match objective passes its words: a searcher for points need not know them.
            objective = {} if equity is None else {"objective": "match", "equity": equity}
            result = searcher.search(position, seat, limit, info, match=match, **objective)
        finally:
            if timer is not None:
                timer.cancel()
        elapsed_ms = (time.monotonic() - started) * 1000
        packet = position.blind_packet  # blind-forward: the unseen packet passed on is `forward`
        moves = [replace(m, move=FORWARD) if packet and m.move == packet else m for m in result.moves] \
            if self.options.multi_move else []
        best = FORWARD if packet and result.best == packet else result.best
        return SearchReport(best, float(result.time_ms or elapsed_ms), int(result.iterations), moves,
                            getattr(result, "decision", ""))

    def _solve(self, solver: SolverLike, position: Position) -> SolveReport:
        try:
            values = solver.solve_moves(position.copy())  # the solver may leave its copy changed
        except _core.InvalidPositionError as exc:  # a position it refuses: one error line, no traceback
            raise CommandError(f"the solver refuses this position: {exc}") from None
        legal = list(position.legal_moves())
        missing = [card for card in legal if card not in values]
        if missing:
            raise CommandError(f"the solver gave no value for {missing[0]}")
        low_wins = position.rules.goal == Goal.LOW
        ranked = [(card, int(values[card])) for card in legal]
        best = (min if low_wins else max)(ranked, key=lambda cv: cv[1])[0]  # first of equals: lowest card
        return SolveReport(ranked, best)


def _build(factory: Callable[[EngineOptions], Any], options: EngineOptions, what: str) -> Any:
    try:
        return factory(options)
    except CommandError:
        raise
    except Exception as exc:
        log.error("cannot build the %s", what, exc_info=exc)
        raise CommandError(f"the {what} cannot start: {type(exc).__name__}: {exc}") from None


def info_fields(values: dict, elapsed_ms: float) -> dict:
    """An `info` line's fields from what the searcher reports: time, iterations
    and ips first, then any other scalar the searcher adds."""
    out: dict[str, Any] = {}
    time_ms = float(values.get("time_ms", values.get("time", elapsed_ms)))
    out["time"] = int(time_ms)
    if "iterations" in values:
        out["iterations"] = int(values["iterations"])
        out["ips"] = int(values.get("ips", out["iterations"] * 1000 / max(time_ms, 1e-3)))
    for key, value in values.items():
        if key not in ("time_ms", "time", "iterations", "ips") and isinstance(value, (int, float, str)):
            out[str(key)] = value
    return out
