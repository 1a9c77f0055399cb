"""An engine process for tests: send lines, read lines with a hang guard."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

# tests/, the folder that holds the `support` package: the engines' PYTHONPATH.
TESTS = Path(__file__).resolve().parents[2]
ENGINES = TESTS / "support" / "engines"
ENGINE_CMD = [sys.executable, "-m", "copas_ai", "engine"]
# Our loop with the test doubles (support/engines/fake_search_engine.py): for the search plumbing.
FAKE_SEARCH_ENGINE_CMD = [sys.executable, str(ENGINES / "fake_search_engine.py")]
# An independent, hard-coded CEP engine (support/engines/tiny_cep_engine.py): for the client.
TINY_ENGINE_CMD = [sys.executable, str(ENGINES / "tiny_cep_engine.py")]

HANG_GUARD_S = 20.0  # not a timing assertion: only keeps a broken engine from hanging the suite


class EngineProcess:
    def __init__(self, cmd: list[str] = ENGINE_CMD) -> None:
        env = dict(os.environ, PYTHONPATH=str(TESTS) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=env)
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        for raw in iter(self.proc.stdout.readline, b""):
            self._lines.put(raw)
        self._lines.put(None)

    def send(self, line: str | bytes) -> None:
        data = line if isinstance(line, bytes) else line.encode("utf-8")
        self.proc.stdin.write(data + b"\n")
        self.proc.stdin.flush()

    def line(self) -> str:
        raw = self._lines.get(timeout=HANG_GUARD_S)
        assert raw is not None, "the engine closed its output"
        assert raw.endswith(b"\n")
        return raw.decode("utf-8").rstrip("\n")

    def until(self, predicate) -> list[str]:
        lines = []
        while True:
            lines.append(self.line())
            if predicate(lines[-1]):
                return lines

    def ask(self, line: str) -> list[str]:
        """Sends a command and an isready; returns what came before readyok."""
        self.send(line)
        self.send("isready")
        return self.until(lambda l: l == "readyok")[:-1]

    def bestmove(self, limit: str = "go iterations 60") -> str:
        """Sends a `go` command; returns its `bestmove` (or `error`) line."""
        self.send(limit)
        return self.until(lambda l: l.startswith(("bestmove", "error")))[-1]

    def state(self) -> str:
        """Sends `score`; returns its last line, the `state …` line."""
        self.send("score")
        return self.until(lambda l: l.startswith("state"))[-1]

    def close(self) -> tuple[int, bytes]:
        """Closes stdin (EOF) and returns the exit status and stderr."""
        self.proc.stdin.close()
        code = self.proc.wait(timeout=HANG_GUARD_S)
        self._reader.join(HANG_GUARD_S)
        err = self.proc.stderr.read()
        self.proc.stdout.close()
        self.proc.stderr.close()
        return code, err

    def __enter__(self) -> "EngineProcess":
        return self

    def __exit__(self, *exc) -> None:
        if self.proc.poll() is None:
            if not self.proc.stdin.closed:
                self.proc.stdin.close()
            try:
                self.proc.wait(timeout=HANG_GUARD_S)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if not stream.closed:
                stream.close()
