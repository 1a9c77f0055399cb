"""A progress bar on stderr for long analyses: decisions done and the time left.

It draws only when the stream is a terminal, so logs and pipes stay clean."""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 30


class ProgressBar:
    def __init__(self, stream: TextIO | None = None, label: str = "decisions") -> None:
        self._stream = sys.stderr if stream is None else stream
        self._enabled = self._stream.isatty()
        self._label = label
        self._start = time.monotonic()

    @property
    def enabled(self) -> bool:
        return self._enabled

    def update(self, done: int, total: int, work: float | None = None) -> None:
        """`done` of `total` items; `work` is the share of the time they take that
        is spent (default done / total), for the time left."""
        if not self._enabled:
            return
        if work is None:
            work = done / total if total else 1.0
        elapsed = time.monotonic() - self._start
        left = elapsed / work * (1.0 - work) if work > 0 else None
        filled = WIDTH * done // total if total else WIDTH
        eta = "--:--" if left is None else f"{int(left) // 60:02d}:{int(left) % 60:02d}"
        self._stream.write(f"\r[{'#' * filled}{'.' * (WIDTH - filled)}] {done}/{total} {self._label}, {eta} left ")
        if done >= total:
            self._stream.write("\n")
        self._stream.flush()
