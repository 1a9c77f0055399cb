"""The seat counts a variant allows, as the protocol writes them (docs/PROTOCOL.md `variants`).

`<counts>` lists every allowed count, comma-separated, a run of consecutive counts
written `<min>-<max>`: `4`, `3-6`, `3,5`. A `<min>-<max>` form alone could not say
{3, 5}, so a front end reads the list, never just its ends.
"""

from __future__ import annotations

from typing import Iterable


def seat_counts_text(counts: Iterable[int]) -> str:
    """`3,5` for (3, 5), `3-6` for (3, 4, 5, 6), `4` for (4,)."""
    runs: list[list[int]] = []
    for n in sorted(set(counts)):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ",".join(str(lo) if lo == hi else f"{lo}-{hi}" for lo, hi in runs)


def parse_seat_counts(text: str) -> tuple[int, ...]:
    """The counts of a `<counts>` word, ascending; ValueError names a bad one."""
    counts: set[int] = set()
    for item in text.split(","):
        low, dash, high = item.partition("-")
        try:
            lo, hi = int(low), int(high if dash else low)
        except ValueError:
            raise ValueError(f"bad seat counts '{text}': '{item}' is not a count or a range") from None
        if lo < 1 or hi < lo:
            raise ValueError(f"bad seat counts '{text}': '{item}' is not a count or a range")
        counts.update(range(lo, hi + 1))
    return tuple(sorted(counts))
