"""The results file: JSON Lines, a header line with the tournament's identity,
then one line per finished game, flushed as it finishes. A run killed at any
point loses at most the game being written; `resume` re-reads the file, drops a
torn last line, and lets the run skip every game already there."""

from __future__ import annotations

import json
import os
from pathlib import Path

from copas_ai.arena.config import ArenaConfig
from copas_ai.errors import ResultsMismatchError

FORMAT = "copas-arena/1"


class ResultsFile:
    def __init__(self, path: str | os.PathLike, config: ArenaConfig, resume: bool = False) -> None:
        self.path = Path(path)
        self.records: list[dict] = []
        header = {"format": FORMAT, "config": config.identity()}
        if self.path.exists() and self.path.stat().st_size > 0:
            if not resume:
                raise FileExistsError(f"{self.path} exists: pass --resume to continue it, or another --out")
            self._load(header)
            self._file = self.path.open("a", encoding="utf-8")
        else:
            self._file = self.path.open("w", encoding="utf-8")
            self._write(header)

    def _load(self, header: dict) -> None:
        data = self.path.read_bytes()
        whole = data[: data.rfind(b"\n") + 1]  # a line torn by a kill has no newline yet
        if len(whole) != len(data):
            with self.path.open("r+b") as f:
                f.truncate(len(whole))
        lines = whole.decode("utf-8").splitlines()
        found = json.loads(lines[0]) if lines else None
        if found != header:
            raise ResultsMismatchError(f"{self.path} holds another tournament: {found} (this run: {header})")
        self.records = [json.loads(line) for line in lines[1:]]

    def _write(self, obj: dict) -> None:
        self._file.write(json.dumps(obj, separators=(",", ":")) + "\n")
        self._file.flush()

    def done(self) -> set[tuple[int, int]]:
        return {(r["deal"], r["arrangement"]) for r in self.records}

    def append(self, record: dict) -> None:
        self._write(record)
        self.records.append(record)

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> "ResultsFile":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
