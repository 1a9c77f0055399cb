"""The CEP/1 engine loop (docs/PROTOCOL.md): a thin token dispatcher over
the Engine facade.

    python -m copas_ai engine        (or the console script copas-engine)

Lines come in on stdin (bytes, decoded as UTF-8 with bad bytes replaced),
answers go out on stdout one flushed line at a time, logs go to stderr. A
command that cannot be carried out gets exactly one `error <command> <reason>`
line and changes nothing. While a search runs on the facade's worker thread
this loop keeps reading: stop, isready and quit are served, the rest is busy.
"""

from __future__ import annotations

import logging
import sys
import threading
from typing import BinaryIO, Callable, Iterable

from copas_ai import __version__
from copas_ai.cep.facade import (
    Engine,
    CommandError,
    LegalAnswer,
    OptionSpec,
    SearchReport,
    SolveReport,
)
from copas_ai.moves.passes import pass_text
from copas_ai.cep.position_text import PositionTextError
from copas_ai.search import Limit
from copas_ai.variants.seat_counts import seat_counts_text
from copas_ai.variants import catalogue_ids, find_variant

log = logging.getLogger("copas_ai.cep.loop")

ENGINE_NAME = "copas_ai"
ENGINE_AUTHOR = "the copas_ai developers"
MAX_ERROR_LINE = 600  # an error echoes the input; keep a megabyte of garbage from coming back
MAX_ECHOED_WORD = 40
ALWAYS_SERVED = ("stop", "isready", "quit")  # answered even during a search
GO_LIMITS = {"movetime": (1, 2**31 - 1), "iterations": (1, 10**12)}


def printable(text: str) -> str:
    """One safe output line: anything that could end or garble a line becomes '?'."""
    return "".join(c if c.isprintable() else "?" for c in text)


def format_value(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, tuple):  # a split pass: its parts in plan order, '/' between
        return pass_text(value)
    return printable(str(value)).replace(" ", "_")


def format_info(fields: dict) -> str:
    return "info " + " ".join(f"{format_value(k)} {format_value(v)}" for k, v in fields.items())


def option_line(spec: OptionSpec) -> str:
    default = str(spec.default).lower() if spec.kind == "check" else str(spec.default)
    line = f"option name {spec.name} type {spec.kind} default {default}"
    if spec.kind == "spin":
        line += f" min {spec.low} max {spec.high}"
    for choice in spec.choices:
        line += f" var {choice}"
    return line


def parse_go(args: list[str]) -> Limit:
    limit = Limit()
    seen: set[str] = set()
    i = 0
    while i < len(args):
        word = args[i].lower()
        if word in seen:
            raise CommandError(f"{word} given twice")
        seen.add(word)
        if word == "infinite":
            limit.infinite = True
            i += 1
            continue
        if word not in GO_LIMITS:
            raise CommandError(f"unknown limit '{printable(args[i])[:MAX_ECHOED_WORD]}'")
        if i + 1 >= len(args):
            raise CommandError(f"{word} needs a value")
        text = args[i + 1]
        low, high = GO_LIMITS[word]
        if not (text.isascii() and text.isdigit()) or len(text) > 13 or not low <= int(text) <= high:
            raise CommandError(f"{word} is a whole number {low}..{high}, not '{printable(text)[:MAX_ECHOED_WORD]}'")
        if word == "movetime":
            limit.movetime_ms = int(text)
        else:
            limit.iterations = int(text)
        i += 2
    return limit


class CepLoop:
    """Turns command lines into Engine calls and answers into lines.

    `write` takes one line (no newline) and must be safe to call from the
    search thread as well as from the caller's."""

    def __init__(self, engine: Engine, write: Callable[[str], None]) -> None:
        self.engine = engine
        self._write = write
        self.running = True
        self._commands: dict[str, Callable[[list[str]], None]] = {
            "copas": self._copas,
            "isready": self._isready,
            "setoption": self._setoption,
            "variants": self._variants,
            "newgame": self._newgame,
            "position": self._position,
            "legal": self._legal,
            "go": self._go,
            "stop": self._stop,
            "solve": self._solve,
            "score": self._score,
            "show": self._show,
            "quit": self._quit,
        }

    def handle(self, line: str | bytes) -> bool:
        """Carries out one line; False once the loop should end (quit)."""
        if isinstance(line, bytes):
            line = line.decode("utf-8", errors="replace")
        tokens = line.split()
        if not tokens:
            return self.running
        word = tokens[0].lower()
        command = self._commands.get(word)
        if command is None:
            self.error(tokens[0][:MAX_ECHOED_WORD], "unknown command")
        elif self.engine.searching and word not in ALWAYS_SERVED:
            self.error(word, "busy")
        else:
            try:
                command(tokens[1:])
            except (CommandError, PositionTextError) as exc:
                self.error(word, str(exc))
            except Exception as exc:  # a bug of ours: answer, log, keep serving
                log.exception("internal error in %s", word)
                self.error(word, f"internal error: {type(exc).__name__}: {exc}")
        return self.running

    def error(self, command: str, reason: str) -> None:
        line = printable(f"error {command} {reason}")
        if len(line) > MAX_ERROR_LINE:
            line = line[:MAX_ERROR_LINE - 3] + "..."
        self._write(line)

    def shutdown(self, timeout: float = 2.0) -> None:
        """Ends a running search (quit, end of input)."""
        self.engine.stop()
        self.engine.wait(timeout)

    # -- commands ------------------------------------------------------------

    def _copas(self, args: list[str]) -> None:
        lines = [f"id name {ENGINE_NAME}", f"id version {__version__}", f"id author {ENGINE_AUTHOR}"]
        lines += [option_line(spec) for spec in self.engine.option_specs]
        lines.append("copasok")
        for line in lines:
            self._write(line)

    def _isready(self, args: list[str]) -> None:
        try:
            self.engine.prepare()
        except CommandError as exc:  # readyok all the same: the next go reports it
            log.warning("isready: %s", exc)
        self._write("readyok")

    def _setoption(self, args: list[str]) -> None:
        if not args or args[0].lower() != "name":
            raise CommandError("expected setoption name <Name> [value <value>]")
        words = [w.lower() for w in args]
        cut = words.index("value") if "value" in words else len(args)
        name = " ".join(args[1:cut])
        if not name:
            raise CommandError("option name missing")
        value = " ".join(args[cut + 1:]) if cut < len(args) else None
        self.engine.set_option(name[:MAX_ECHOED_WORD], value)

    def _variants(self, args: list[str]) -> None:
        lines = []
        for vid in catalogue_ids():
            v = find_variant(vid)
            lines.append(f"variant {v.id} players {seat_counts_text(v.seat_counts)} goal {v.goal} name {v.name}")
        lines.append("variantsok")
        for line in lines:
            self._write(line)

    def _newgame(self, args: list[str]) -> None:
        self.engine.new_game()

    def _position(self, args: list[str]) -> None:
        self.engine.set_position(args)

    def _legal(self, args: list[str]) -> None:
        answer: LegalAnswer = self.engine.legal()
        if answer.pass_count is not None:
            # A split pass names each part's count in plan order: `legal pass 1/2 <cards>`.
            counts = "/".join(map(str, answer.pass_counts or [answer.pass_count]))
            forward = " forward" if answer.forward else ""  # blind-forward's other pass
            self._write(f"legal pass {counts} {answer.moves}{forward}")
        elif answer.discard_count is not None:
            self._write(f"legal discard {answer.discard_count} {answer.moves}")
        elif answer.decisions is not None:
            self._write(" ".join(["legal", *answer.decisions]))  # `legal 2:charge=QS 2:charge=none`
        else:
            self._write(" ".join(["legal", *map(str, answer.moves)]))

    def _go(self, args: list[str]) -> None:
        self.engine.go(parse_go(args), lambda fields: self._write(format_info(fields)), self._report_search)

    def _report_search(self, outcome: SearchReport | Exception) -> None:
        if isinstance(outcome, Exception):
            self.error("go", _failure(outcome))
            return
        lines = [format_info({"time": int(outcome.time_ms), "iterations": outcome.iterations,
                              "ips": outcome.ips})]
        for stat in outcome.moves:
            lines.append(format_info({"move": stat.move, "score": float(stat.score),
                                      "stderr": float(stat.stderr), "visits": stat.visits}))
        decision = getattr(outcome, "decision", "")
        best = format_value(outcome.best)
        lines.append(f"bestmove {decision}={best}" if decision else f"bestmove {best}")
        for line in lines:
            self._write(line)

    def _stop(self, args: list[str]) -> None:
        self.engine.stop()

    def _solve(self, args: list[str]) -> None:
        self.engine.solve(self._report_solve)

    def _report_solve(self, outcome: SolveReport | Exception) -> None:
        if isinstance(outcome, Exception):
            self.error("solve", _failure(outcome))
            return
        for card, value in outcome.values:
            self._write(f"info move {card} score {value}")
        self._write(f"bestmove {outcome.best}")

    def _score(self, args: list[str]) -> None:
        answer = self.engine.score()
        state = f"state {answer.state}" + ("" if answer.turn is None else f" turn {answer.turn}")
        if answer.winners:  # gameover: who won the match (several seats on a shared win)
            state += " winner " + ",".join(map(str, answer.winners))
        if answer.match:  # a tie-break or a reset under way (docs/PROTOCOL.md, "The match state")
            state += " match " + " ".join(answer.match)
        self._write(" ".join(["score", *map(str, answer.score)]))
        self._write(" ".join(["total", *map(str, answer.total)]))
        for line in answer.sides:
            self._write(line)
        self._write(state)

    def _show(self, args: list[str]) -> None:
        for line in self.engine.show():
            self._write("# " + printable(line))

    def _quit(self, args: list[str]) -> None:
        self.shutdown()
        self.running = False


def _failure(exc: Exception) -> str:
    if isinstance(exc, NotImplementedError):
        return f"search not available: {exc}"
    if isinstance(exc, CommandError):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"


class LineWriter:
    """Writes whole lines to a binary stream, flushed, from any thread."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream
        self._lock = threading.Lock()
        self.broken = False

    def __call__(self, line: str) -> None:
        with self._lock:
            if self.broken:
                return
            try:
                self._stream.write(line.encode("utf-8") + b"\n")
                self._stream.flush()
            except (BrokenPipeError, OSError, ValueError):
                self.broken = True  # the front end went away: stop talking, end at EOF


def serve(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None, engine: Engine | None = None) -> int:
    """Runs the loop until quit or the end of input; returns the exit status (0)."""
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout.buffer
    if not logging.getLogger().handlers:
        logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="%(name)s: %(message)s")
    writer = LineWriter(stdout)
    loop = CepLoop(engine if engine is not None else Engine(), writer)
    try:
        for raw in iter(stdin.readline, b""):
            if not loop.handle(raw) or writer.broken:
                break
    except KeyboardInterrupt:
        pass
    finally:
        loop.shutdown()
    return 0


def run_lines(lines: Iterable[str | bytes], engine: Engine | None = None, timeout: float = 10.0) -> list[str]:
    """Feeds lines to a loop in this process and returns every output line.

    Each search is waited for before the next line, so the output is in a
    fixed order (for tests and scripting)."""
    out: list[str] = []
    lock = threading.Lock()

    def write(line: str) -> None:
        with lock:
            out.append(line)

    loop = CepLoop(engine if engine is not None else Engine(), write)
    for line in lines:
        running = loop.handle(line)
        loop.engine.wait(timeout)
        if not running:
            break
    loop.shutdown()
    return out
