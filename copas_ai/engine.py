"""A client for any CEP/1 engine process (docs/PROTOCOL.md), modelled on
python-chess's chess.engine: an asyncio protocol class and a synchronous
wrapper.

    from copas_ai.engine import SimpleEngine, Limit

    with SimpleEngine.popen(["copas-engine"]) as engine:
        engine.configure({"Seed": 1})
        result = engine.play("variant american seat 2 hand 2 2C,5C,…", Limit(iterations=20000))
        result.move                        # a Card, or a CardSet for a pass

    # asyncio
    transport, engine = await popen(["copas-engine"])
    result = await engine.play(position, Limit(movetime_ms=500))
    await engine.quit()

A position is the text of a `position` command (with or without the word
`position`), a PositionSpec, or a fully known core Position (then pass
`variant=`). Only the protocol is assumed: any CEP engine will do.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import shlex
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Coroutine, Sequence, TypeVar, Union

from copas_ai._core import Card, CardSet, InvalidCardError, Position
from copas_ai.errors import EngineError, EngineTerminatedError
from copas_ai.moves.passes import one_way_pass, parse_pass_text
from copas_ai.cep.position_text import PositionSpec, position_to_text
from copas_ai.search import Limit
from copas_ai.variants.seat_counts import parse_seat_counts

log = logging.getLogger("copas_ai.engine")

T = TypeVar("T")
Move = Union[Card, CardSet, tuple[CardSet, ...], str]  # a card, a pass (a split pass: its parts), or a decision "word=value"
PositionLike = Union[str, PositionSpec, Position]


@dataclass
class Option:
    name: str
    type: str
    default: str | None = None
    min: int | None = None
    max: int | None = None
    var: list[str] = field(default_factory=list)


@dataclass
class VariantInfo:
    id: str
    seat_counts: tuple[int, ...]  # every seat count allowed (`players 3,5`: not 4)
    goal: str
    name: str

    @property
    def min_players(self) -> int:
        return self.seat_counts[0]

    @property
    def max_players(self) -> int:
        return self.seat_counts[-1]


@dataclass
class MoveInfo:
    """One candidate of an analysis (MultiMove) or of `solve`."""

    move: Move
    score: float
    stderr: float | None = None
    visits: int | None = None


@dataclass
class PlayResult:
    move: Move
    info: dict[str, Any] = field(default_factory=dict)  # the last info line about the search
    moves: list[MoveInfo] = field(default_factory=list)  # per candidate, when reported


@dataclass
class LegalMoves:
    moves: list[Move]  # the playable cards, or during the pass (or discard) the cards to choose from
    pass_count: int | None = None  # during the pass: how many cards to choose
    discard_count: int | None = None  # the into-hand kitty's discard step: how many cards to choose
    pass_counts: list[int] | None = None  # a split pass (`legal pass 1/2 …`): per part, in plan order


@dataclass
class SideScore:
    """A partnership side's sums (`side <seats> score <v> total <t>`)."""

    seats: tuple[int, ...]
    score: int
    total: int


@dataclass
class ScoreReport:
    score: list[int]
    total: list[int]
    state: str  # passing, playing, handover, gameover
    turn: int | None = None
    match: list[str] = field(default_factory=list)  # `match …` words of the state line (match_text.py)
    sides: list[SideScore] = field(default_factory=list)  # partnership games only
    winners: list[int] = field(default_factory=list)  # gameover: the seats that won the match


def parse_move(token: str) -> Move:
    """A move token as the engine wrote it: a card, a card list (a pass) or a word."""
    try:
        if "/" in token:  # a split pass: its parts in plan order
            return parse_pass_text(token)
        if "," in token:  # a one-way pass (uno-hearts: a card named twice sends both copies)
            return one_way_pass([Card.from_str(card) for card in token.split(",")])
        if token == "-":
            return CardSet.from_str(token)
        return Card.from_str(token)
    except InvalidCardError:
        return token


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_info(line: str) -> dict[str, Any]:
    """`info k v k v …` as a dict; numbers become int or float, `move` a Move."""
    words = line.split()[1:]
    info: dict[str, Any] = {}
    for key, value in zip(words[0::2], words[1::2]):
        info[key] = parse_move(value) if key == "move" else _number(value)
    return info


def parse_option(line: str) -> Option:
    """`option name <N> type <t> [default <d>] [min <a>] [max <b>] [var <v>]…`."""
    words = line.split()[1:]
    fields: dict[str, list[str]] = {}
    var: list[str] = []
    key = None
    for word in words:
        if word in ("name", "type", "default", "min", "max", "var"):
            key = word
            if key == "var":
                var.append("")
            else:
                fields.setdefault(key, [])
            continue
        if key == "var":
            var[-1] = f"{var[-1]} {word}".strip()
        elif key is not None:
            fields[key].append(word)
    joined = {k: " ".join(v) for k, v in fields.items()}
    return Option(
        name=joined.get("name", ""),
        type=joined.get("type", ""),
        default=joined.get("default"),
        min=int(joined["min"]) if "min" in joined else None,
        max=int(joined["max"]) if "max" in joined else None,
        var=var,
    )


def position_command(position: PositionLike, variant: str | None = None) -> str:
    """The `position …` line for a position given as text, spec or core Position."""
    if isinstance(position, Position):
        return position_to_text(position, variant)
    if isinstance(position, PositionSpec):
        return position.to_text()
    text = " ".join(str(position).split())
    return text if text.lower().startswith("position") else f"position {text}"


class CepProtocol(asyncio.SubprocessProtocol):
    """Drives one CEP engine process. Commands run one at a time."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.transport: asyncio.SubprocessTransport | None = None
        self.returncode: asyncio.Future[int] = self.loop.create_future()
        self.id: dict[str, str] = {}
        self.options: dict[str, Option] = {}
        self._buffer = bytearray()
        self._lines: asyncio.Queue[str | None] = asyncio.Queue()
        self._lock = asyncio.Lock()

    # -- transport -------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def pipe_data_received(self, fd: int, data: bytes) -> None:
        if fd != 1:
            log.debug("engine stderr: %r", data)
            return
        self._buffer += data
        while b"\n" in self._buffer:
            raw, _, rest = self._buffer.partition(b"\n")
            self._buffer = bytearray(rest)
            line = raw.decode("utf-8", errors="replace").rstrip("\r")
            log.debug("<< %s", line)
            self._lines.put_nowait(line)

    def pipe_connection_lost(self, fd: int, exc: Exception | None) -> None:
        if fd == 1:
            self._lines.put_nowait(None)

    def process_exited(self) -> None:
        # The end of the lines is signalled by stdout closing, which comes after
        # its last data; the exit itself may be reported before that data.
        if not self.returncode.done():
            self.returncode.set_result(self.transport.get_returncode())

    def send_line(self, line: str) -> None:
        log.debug(">> %s", line)
        stdin = self.transport.get_pipe_transport(0)
        if stdin is None or stdin.is_closing():
            raise EngineTerminatedError("the engine's input is closed")
        stdin.write(line.encode("utf-8") + b"\n")

    async def _line(self) -> str:
        line = await self._lines.get()
        if line is None:
            self._lines.put_nowait(None)  # every later read fails the same way
            raise EngineTerminatedError("the engine process ended")
        return line

    async def _until(self, command: str, done: Callable[[str], bool]) -> list[str]:
        """Lines up to and including the one `done` accepts; `error <command> …` raises."""
        lines = []
        while True:
            line = await self._line()
            if line.split()[:2] == ["error", command]:
                raise EngineError(line)
            lines.append(line)
            if done(line):
                return lines

    async def _quiet(self, line: str) -> None:
        """A command that answers nothing on success: an `isready` after it tells
        whether an error line came."""
        command = line.split()[0].lower()
        self.send_line(line)
        self.send_line("isready")
        refusal = None
        while (answer := await self._line()) != "readyok":
            if answer.split()[:2] == ["error", command] and refusal is None:
                refusal = answer
        if refusal is not None:
            raise EngineError(refusal)

    async def _set_position(self, position: PositionLike | None, variant: str | None) -> None:
        if position is not None:
            await self._quiet(position_command(position, variant))

    # -- commands --------------------------------------------------------------

    async def initialize(self) -> None:
        async with self._lock:
            self.send_line("copas")
            for line in await self._until("copas", lambda l: l == "copasok"):
                words = line.split()
                if words[:1] == ["id"] and len(words) >= 2:
                    self.id[words[1]] = " ".join(words[2:])
                elif words[:1] == ["option"]:
                    option = parse_option(line)
                    self.options[option.name] = option

    async def ping(self) -> None:
        async with self._lock:
            self.send_line("isready")
            await self._until("isready", lambda l: l == "readyok")

    async def configure(self, options: dict[str, Any]) -> None:
        async with self._lock:
            for name, value in options.items():
                if isinstance(value, bool):
                    value = "true" if value else "false"
                await self._quiet(f"setoption name {name}" + ("" if value is None else f" value {value}"))

    async def variants(self) -> list[VariantInfo]:
        async with self._lock:
            self.send_line("variants")
            found = []
            for line in await self._until("variants", lambda l: l == "variantsok"):
                words = line.split()
                if words[:1] == ["variant"] and len(words) >= 8:
                    try:
                        counts = parse_seat_counts(words[3])
                    except ValueError as exc:
                        raise EngineError(f"variant {words[1]}: {exc}") from None
                    found.append(VariantInfo(words[1], counts, words[5], " ".join(words[7:])))
            return found

    async def newgame(self) -> None:
        async with self._lock:
            await self._quiet("newgame")

    async def set_position(self, position: PositionLike, variant: str | None = None) -> None:
        async with self._lock:
            await self._set_position(position, variant)

    async def legal(self, position: PositionLike | None = None, variant: str | None = None) -> LegalMoves:
        async with self._lock:
            await self._set_position(position, variant)
            self.send_line("legal")
            words = (await self._until("legal", lambda l: l.split()[:1] == ["legal"]))[-1].split()
            if words[1:2] == ["pass"]:
                counts = [int(c) for c in words[2].split("/")]
                return LegalMoves(list(CardSet.from_str(words[3])), sum(counts),
                                  pass_counts=counts if len(counts) > 1 else None)
            if words[1:2] == ["discard"]:
                return LegalMoves(list(CardSet.from_str(words[3])), discard_count=int(words[2]))
            return LegalMoves([parse_move(w) for w in words[1:]])

    async def play(self, position: PositionLike, limit: Limit, variant: str | None = None) -> PlayResult:
        async with self._lock:
            return await self._go(position, limit, variant)

    async def analyse(self, position: PositionLike, limit: Limit, variant: str | None = None) -> PlayResult:
        """A search that reports every candidate move (the MultiMove option)."""
        async with self._lock:
            if "MultiMove" not in self.options:
                raise EngineError("the engine has no MultiMove option")
            await self._quiet("setoption name MultiMove value true")
            try:
                return await self._go(position, limit, variant)
            finally:
                await self._quiet("setoption name MultiMove value false")

    async def _go(self, position: PositionLike, limit: Limit, variant: str | None) -> PlayResult:
        await self._set_position(position, variant)
        self.send_line(limit.go_command())
        lines = await self._until("go", lambda l: l.split()[:1] == ["bestmove"])
        result = PlayResult(parse_move(lines[-1].split()[1]) if len(lines[-1].split()) > 1 else "")
        candidates: dict[str, MoveInfo] = {}
        for line in lines[:-1]:
            if line.split()[:1] != ["info"]:
                continue
            info = parse_info(line)
            if "move" in info:
                candidates[str(info["move"])] = MoveInfo(info["move"], float(info.get("score", 0.0)),
                                                         info.get("stderr"), info.get("visits"))
            else:
                result.info = info
        result.moves = list(candidates.values())
        return result

    async def solve(self, position: PositionLike | None = None, variant: str | None = None) -> PlayResult:
        """Exact values of every legal card (every hand known)."""
        async with self._lock:
            await self._set_position(position, variant)
            self.send_line("solve")
            lines = await self._until("solve", lambda l: l.split()[:1] == ["bestmove"])
            result = PlayResult(parse_move(lines[-1].split()[1]))
            for line in lines[:-1]:
                info = parse_info(line) if line.startswith("info") else {}
                if "move" in info:
                    result.moves.append(MoveInfo(info["move"], info.get("score", 0)))
            return result

    async def score(self, position: PositionLike | None = None, variant: str | None = None) -> ScoreReport:
        async with self._lock:
            await self._set_position(position, variant)
            self.send_line("score")
            lines = await self._until("score", lambda l: l.split()[:1] == ["state"])
            report = ScoreReport([], [], "")
            for line in lines:
                words = line.split()
                if words[:1] == ["score"]:
                    report.score = [int(w) for w in words[1:]]
                elif words[:1] == ["total"]:
                    report.total = [int(w) for w in words[1:]]
                elif words[:1] == ["side"] and len(words) == 6:
                    seats = tuple(int(w) for w in words[1].split(","))
                    report.sides.append(SideScore(seats, int(words[3]), int(words[5])))
                elif words[:1] == ["state"]:
                    report.state = words[1]
                    if words[2:3] == ["turn"]:
                        report.turn = int(words[3])
                    if "winner" in words:
                        report.winners = [int(w) for w in words[words.index("winner") + 1].split(",")]
                    if "match" in words:
                        report.match = words[words.index("match") + 1:]
            return report

    async def show(self, position: PositionLike | None = None, variant: str | None = None) -> list[str]:
        """The engine's picture of the position, without the `# ` prefixes."""
        async with self._lock:
            await self._set_position(position, variant)
            self.send_line("show")
            self.send_line("isready")
            lines = await self._until("show", lambda l: l == "readyok")
            return [l[2:] for l in lines if l.startswith("# ")]

    async def quit(self) -> int:
        async with self._lock:
            if not self.returncode.done():
                try:
                    self.send_line("quit")
                except EngineTerminatedError:
                    pass
            code = await self.returncode
            self.transport.close()
            return code


async def popen(command: str | Sequence[str], **popen_args: Any) -> tuple[asyncio.SubprocessTransport, CepProtocol]:
    """Starts an engine process and runs `copas` on it."""
    argv = shlex.split(command) if isinstance(command, str) else list(command)
    loop = asyncio.get_running_loop()
    popen_args.setdefault("stderr", None)  # the engine's logs go where ours go
    transport, protocol = await loop.subprocess_exec(CepProtocol, *argv, stdin=asyncio.subprocess.PIPE,
                                                     stdout=asyncio.subprocess.PIPE, **popen_args)
    try:
        await protocol.initialize()
    except BaseException:
        transport.close()
        raise
    return transport, protocol


class SimpleEngine:
    """A synchronous engine: the asyncio protocol on an event loop in a
    background thread. Every call waits at most `timeout` seconds (a `play`
    with movetime waits that long on top)."""

    def __init__(self, protocol: CepProtocol, loop: asyncio.AbstractEventLoop, thread: threading.Thread,
                 timeout: float) -> None:
        self.protocol = protocol
        self.timeout = timeout
        self._loop = loop
        self._thread = thread
        self._closed = False

    @classmethod
    def popen(cls, command: str | Sequence[str], *, timeout: float = 10.0, **popen_args: Any) -> "SimpleEngine":
        loop = asyncio.new_event_loop()
        thread = threading.Thread(target=loop.run_forever, name="copas-engine-client", daemon=True)
        thread.start()
        try:
            _, protocol = asyncio.run_coroutine_threadsafe(popen(command, **popen_args), loop).result(timeout)
        except BaseException:
            cls._shut_loop(loop, thread)
            raise
        return cls(protocol, loop, thread, timeout)

    def _run(self, coro: Coroutine[Any, Any, T], extra_s: float = 0.0) -> T:
        if self._closed:
            coro.close()
            raise EngineError("the engine is closed")
        future = asyncio.run_coroutine_threadsafe(coro, self._loop)
        try:
            return future.result(self.timeout + extra_s)
        except concurrent.futures.TimeoutError:
            future.cancel()
            raise EngineError(f"no answer within {self.timeout + extra_s:.1f} s") from None

    @property
    def id(self) -> dict[str, str]:
        return self.protocol.id

    @property
    def options(self) -> dict[str, Option]:
        return self.protocol.options

    def ping(self) -> None:
        self._run(self.protocol.ping())

    def configure(self, options: dict[str, Any]) -> None:
        self._run(self.protocol.configure(options))

    def variants(self) -> list[VariantInfo]:
        return self._run(self.protocol.variants())

    def newgame(self) -> None:
        self._run(self.protocol.newgame())

    def set_position(self, position: PositionLike, variant: str | None = None) -> None:
        self._run(self.protocol.set_position(position, variant))

    def legal(self, position: PositionLike | None = None, variant: str | None = None) -> LegalMoves:
        return self._run(self.protocol.legal(position, variant))

    def play(self, position: PositionLike, limit: Limit, variant: str | None = None) -> PlayResult:
        return self._run(self.protocol.play(position, limit, variant), (limit.movetime_ms or 0) / 1000)

    def analyse(self, position: PositionLike, limit: Limit, variant: str | None = None) -> PlayResult:
        return self._run(self.protocol.analyse(position, limit, variant), (limit.movetime_ms or 0) / 1000)

    def solve(self, position: PositionLike | None = None, variant: str | None = None) -> PlayResult:
        return self._run(self.protocol.solve(position, variant))

    def score(self, position: PositionLike | None = None, variant: str | None = None) -> ScoreReport:
        return self._run(self.protocol.score(position, variant))

    def show(self, position: PositionLike | None = None, variant: str | None = None) -> list[str]:
        return self._run(self.protocol.show(position, variant))

    def quit(self) -> int:
        """Asks the engine to quit and waits for it; returns its exit status."""
        try:
            return self._run(self.protocol.quit())
        finally:
            self.close()

    def close(self) -> None:
        """Ends the process (kills it if it does not quit) and the event loop."""
        if self._closed:
            return
        try:
            if not self.protocol.returncode.done():
                try:
                    self._run(self.protocol.quit())
                except Exception:
                    pass  # killed below
            asyncio.run_coroutine_threadsafe(self._end_process(), self._loop).result(self.timeout)
        finally:
            self._closed = True
            self._shut_loop(self._loop, self._thread)

    async def _end_process(self) -> None:
        """Kills the process if it is still there; always closes the transport."""
        transport = self.protocol.transport
        if not self.protocol.returncode.done():
            transport.kill()
            await self.protocol.returncode
        transport.close()

    @staticmethod
    def _shut_loop(loop: asyncio.AbstractEventLoop, thread: threading.Thread) -> None:
        loop.call_soon_threadsafe(loop.stop)
        thread.join()
        loop.close()

    def __enter__(self) -> "SimpleEngine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
