"""The match-equity tables (docs/MATCH_EQUITY.md): each seat's chance of winning
the match from the totals, which the `match` objective of the search reads.

A table is built by the core (simulated hands, then dynamic programming over the
totals; a few seconds for american) and cached on disk under the user's cache
directory ($XDG_CACHE_HOME, else ~/.cache, then copas_ai/equity/), keyed by the
variant id, the player count and the core's version: a new build of the core
builds its tables again.

    table = load_equity(find_variant("american"))   # builds and caches on first use
    python -m copas_ai equity build american          # ahead of time
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path

from copas_ai import _core
from copas_ai._core import MatchEquity
from copas_ai.variants import Variant, find_variant

OBJECTIVES = ("points", "match")
# Simulated hands per table, and their seed: the table is the same on every machine.
EQUITY_HANDS = 20000
EQUITY_SEED = 1
# The model's own version: a change of its cache format or its method builds the tables again.
MODEL_VERSION = 2  # 2: the file starts with the table's cell cap (queens' coarser table)


class EquityUnavailableError(ValueError):
    """The match-equity model cannot value this variant's matches (the message says why)."""


def cache_dir() -> Path:
    """Where the tables are kept: $XDG_CACHE_HOME/copas_ai/equity (default ~/.cache/...)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "copas_ai" / "equity"


@lru_cache(maxsize=1)
def core_version() -> str:
    """The core's version: a digest of the compiled extension, so any rebuild counts as new."""
    digest = hashlib.sha256(Path(_core.__file__).read_bytes())
    digest.update(str(MODEL_VERSION).encode())
    return digest.hexdigest()[:16]


def cache_path(variant: Variant, players: int) -> Path:
    """The table's file for `variant` at `players` seats under the current core."""
    name = f"{variant.id}.{players}p.{core_version()}.f32"
    return cache_dir() / name.replace("/", "_")


def check_modelled(variant: Variant, players: int | None = None) -> None:
    """Raises EquityUnavailableError naming the variant when the model cannot value it."""
    why = _core.match_equity_unsupported(variant.rules(players))
    if why:
        raise EquityUnavailableError(f"no match-equity model for {variant.id}: {why}")


def build_equity(variant: Variant, players: int | None = None, hands: int = EQUITY_HANDS,
                 seed: int = EQUITY_SEED) -> tuple[MatchEquity, Path]:
    """Builds the table and writes it to the cache (atomically); returns it and its file."""
    check_modelled(variant, players)
    rules = variant.rules(players)
    try:
        table = MatchEquity.build(rules, hands=hands, seed=seed)
    except ValueError as exc:  # the core's refusal after simulating: the table would cost too much
        raise EquityUnavailableError(f"{variant.id}: {exc}") from None
    path = cache_path(variant, rules.players)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(f".{os.getpid()}.part")
    partial.write_bytes(table.to_bytes())
    partial.replace(path)
    _loaded.cache_clear()
    return table, path


def load_equity(variant: Variant, players: int | None = None) -> MatchEquity:
    """The table for `variant` (at `players` seats): from the cache, built there first if missing."""
    check_modelled(variant, players)
    return _loaded(variant.id, variant.rules(players).players)


@lru_cache(maxsize=8)
def _loaded(variant_id: str, players: int) -> MatchEquity:
    variant = find_variant(variant_id)
    path = cache_path(variant, players)
    rules = variant.rules(players)
    if path.exists():
        try:
            return MatchEquity.from_bytes(rules, path.read_bytes())
        except ValueError:
            pass  # a truncated or foreign file: build it again
    return build_equity(variant, players)[0]


def check_objective(objective: str) -> str:
    """`objective` when it is one of OBJECTIVES; else ValueError listing them."""
    if objective not in OBJECTIVES:
        raise ValueError(f"unknown objective '{objective}' ({', '.join(OBJECTIVES)})")
    return objective
