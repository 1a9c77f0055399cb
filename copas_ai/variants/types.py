"""What a variant and a variant option are: data that fills a RuleSet.

The registry (copas_ai.variants) assembles the variants and options that the
family modules declare; nothing here plays or scores a card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from copas_ai._core import RuleSet, rules_unsupported
from copas_ai.errors import VariantNotFoundError
from copas_ai.variants.seat_counts import seat_counts_text


@dataclass(frozen=True)
class Variant:
    id: str  # canonical: "base" or "base+option+option=value" in registry order
    name: str
    min_players: int
    max_players: int
    default_players: int
    goal: str  # "low" or "high": which end of the totals wins
    source: str  # where docs/RULES.md takes it from
    _build: Callable[[int], RuleSet]
    base: str = ""  # the base variant id ("" means the id itself)
    options: tuple[str, ...] = ()  # applied option tokens, canonical order
    # Options the seeds do not say apply to this base (docs/RULES.md §0.4: allowed, flagged).
    unverified: tuple[str, ...] = ()
    # The counts in min_players..max_players whose rules build (three-five: 3 and 5;
    # spanish+kitty: 3): derived here, so the refusing builder stays the one source.
    seat_counts: tuple[int, ...] = field(init=False, default=())

    def __post_init__(self) -> None:
        errors: list[ValueError] = []
        counts = []
        for n in range(self.min_players, self.max_players + 1):
            try:
                # An option off its family may build rules the core cannot play (american+super-charge).
                if why := rules_unsupported(self._build(n)):
                    raise ValueError(f"unsupported rules: {why}")
                counts.append(n)
            except ValueError as exc:
                errors.append(exc)
        if not counts:
            raise errors[0]  # no count builds: the first reason (a bad option value) is the error
        object.__setattr__(self, "seat_counts", tuple(counts))
        if self.default_players not in counts:
            object.__setattr__(self, "default_players", counts[0])

    def rules(self, players: int | None = None) -> RuleSet:
        """The RuleSet for `players` seats (the variant's usual count by default)."""
        n = self.default_players if players is None else players
        if n not in self.seat_counts:
            why = ""
            if self.min_players <= n <= self.max_players:
                try:
                    self._build(n)
                except ValueError as exc:
                    why = f" ({exc})"
            raise ValueError(f"variant {self.id} is for {seat_counts_text(self.seat_counts)} players, not {n}{why}")
        return self._build(n)


@dataclass(frozen=True)
class VariantOption:
    """`<variant>+<id>` or `<variant>+<id>=<value>` (docs/RULES.md §0.4).

    `apply(rules, value)` changes the RuleSet in place; `value` is the text after
    '=' or None, and a bad value raises ValueError naming what is accepted.
    """

    id: str
    name: str  # short human description, e.g. "Q♠ forced on the first void"
    source: str  # docs/RULES.md section
    family: tuple[str, ...]  # base variants the seeds say it applies to
    apply: Callable[[RuleSet, str | None], None]
    values: str = ""  # what may follow '=' (help text); "" = takes no value
    requires: tuple[str, ...] = ()  # options that must also be present
    conflicts: tuple[str, ...] = field(default=())  # options that cannot be combined with it
    # Keyword arguments the base's builder takes for this option, and the fewest seats its
    # rules then hold (0: the base's): domino+elimination's last two play hands of 2 (§17).
    build_args: tuple[tuple[str, object], ...] = ()
    min_players: int = 0


def option_words(option: str, value: str | None, default: str, accepted: Sequence[str]) -> list[str]:
    """The ','-separated words of `<option>=<value>` (`default` when bare), each one of `accepted`."""
    words = (value or default).split(",")
    for word in words:
        if word not in accepted:
            raise ValueError(f"{option}: unknown value '{word}'; accepted: {' or '.join(accepted)}")
    return words


def pick_one(option: str, words: Sequence[str], choices: Sequence[str]) -> str | None:
    """The one word of `choices` among `words` (None if absent); two of them is an error."""
    found = [w for w in words if w in choices]
    if len(found) > 1:
        raise ValueError(f"{option}: {' and '.join(found)} exclude each other")
    return found[0] if found else None


def option_choice(option: str, value: str | None, default: str, accepted: Sequence[str]) -> str:
    """The single word of `<option>=<value>` (`default` when bare), one of `accepted`."""
    return pick_one(option, option_words(option, value, default, accepted), accepted) or default
