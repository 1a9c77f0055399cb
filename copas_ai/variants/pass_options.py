"""Options of `copas-fora` that change the pass (docs/RULES.md §2.2): the pass as a
chain where each seat sees what it received, or forwards it unseen, another pass cycle, passes split
between two directions, and the central pool instead of a pass.

Each option is data over the RuleSet (its pass cycle); the core deals the pass
plan of each hand from it.
"""

from __future__ import annotations

import re

from copas_ai._core import RuleSet
from copas_ai.variants.play_options import COPAS_FORA_FAMILY
from copas_ai.variants.types import VariantOption


# -- peek-pass (L45) -------------------------------------------------------------------

def _peek_pass(rules: RuleSet, value: str | None) -> None:
    # L45, A12: each seat receives and looks before choosing its 3; the core runs the
    # chain (its order, the last link passing to the first). A split hand has no chain.
    rules.pass_chain = True


# -- blind-forward (L47) ---------------------------------------------------------------

def _blind_forward(rules: RuleSet, value: str | None) -> None:
    # L47, A12: the same chain as peek-pass, but a later link does not look first: it
    # forwards the 3 it received unseen, or passes 3 of its own and then picks them up.
    rules.pass_chain = True
    rules.pass_blind = True


# -- pass-cycle (L49) ---------------------------------------------------------------

_CYCLE_WORDS = ("left", "right", "across", "none")
_NAMED_CYCLES = {"always-left": ["left"], "always-right": ["right"], "never": []}
PASS_CYCLE_VALUES = "always-left|always-right|never|a '/' list of left, right, across, none"


def _pass_cycle(rules: RuleSet, value: str | None) -> None:
    # Default: the text's own example none/right/across/left. 3 cards per pass.
    text = value or "none/right/across/left"
    directions = _NAMED_CYCLES.get(text, text.split("/"))
    bad = [d for d in directions if d not in _CYCLE_WORDS]
    if bad or (text not in _NAMED_CYCLES and not directions):
        raise ValueError(f"pass-cycle: '{text}' is not {PASS_CYCLE_VALUES}")
    if len(directions) > 8:
        raise ValueError("pass-cycle: at most 8 hands in a cycle")
    rules.pass_cycle = [(d, 0 if d == "none" else 3) for d in directions]


# -- split-pass (L51) ----------------------------------------------------------------

_SPLIT_LETTERS = {"l": "left", "r": "right", "a": "across"}
SPLIT_PASS_VALUES = ("a '/' list of hands, each 'none' or parts <count><l|r|a> totalling 3 "
                     "(default 1l2r/1r2l/none)")
_SPLIT_PART = re.compile(r"([1-9])([lra])")


def _split_entry(text: str, players: int) -> list[tuple[str, int]]:
    if text == "none":
        return [("none", 0)]
    parts = _SPLIT_PART.findall(text)
    if not parts or "".join(c + d for c, d in parts) != text:
        raise ValueError(f"split-pass: hand '{text}' is not 'none' or parts like 1l2r ({SPLIT_PASS_VALUES})")
    if len(parts) > 2:
        raise ValueError(f"split-pass: hand '{text}' has {len(parts)} parts; at most 2 directions per hand")
    if sum(int(c) for c, _ in parts) != 3:
        raise ValueError(f"split-pass: hand '{text}' passes {sum(int(c) for c, _ in parts)} cards, not 3")
    directions = [_SPLIT_LETTERS[d] for _, d in parts]
    offsets = {"left": 1, "right": players - 1, "across": players // 2}
    if len(parts) == 2 and offsets[directions[0]] == offsets[directions[1]]:
        raise ValueError(f"split-pass: hand '{text}' sends both parts to the same seat with {players} players")
    return [(d, int(c)) for d, (c, _) in zip(directions, parts)]


def _split_pass(rules: RuleSet, value: str | None) -> None:
    # L51: cards split between directions; parts in the order written (a pass's
    # `/`-separated parts in the protocol follow it). Default: the text's example.
    hands = (value or "1l2r/1r2l/none").lower().split("/")
    if len(hands) > 8:
        raise ValueError("split-pass: at most 8 hands in a cycle")
    rules.pass_cycle_parts = [_split_entry(text, rules.players) for text in hands]


# -- kitty-swap (L53) ------------------------------------------------------------------

def _kitty_swap(rules: RuleSet, value: str | None) -> None:
    # L53, A13: in every hand each seat puts 3 cards face down into a central pool, dealt
    # back 3 each after a shuffle (the core's chance step); it replaces the pass cycle.
    rules.pool_cards = 3


OPTIONS: tuple[VariantOption, ...] = (
    VariantOption("peek-pass", "the pass as a chain: each player sees what he received before passing",
                  "§2.2 L45", COPAS_FORA_FAMILY, _peek_pass, conflicts=("split-pass",)),
    VariantOption("blind-forward", "the pass as a chain: each player forwards the cards he received "
                  "unseen or passes 3 of his own", "§2.2 L47", COPAS_FORA_FAMILY, _blind_forward,
                  conflicts=("peek-pass", "split-pass")),
    VariantOption("pass-cycle", "another pass cycle", "§2.2 L49", COPAS_FORA_FAMILY, _pass_cycle,
                  values=PASS_CYCLE_VALUES),
    VariantOption("split-pass", "passes split between two directions", "§2.2 L51", COPAS_FORA_FAMILY,
                  _split_pass, values=SPLIT_PASS_VALUES, conflicts=("pass-cycle",)),
    VariantOption("kitty-swap", "every hand, 3 cards each into a central pool, shuffled and dealt back",
                  "§2.2 L53, A13", COPAS_FORA_FAMILY, _kitty_swap,
                  conflicts=("peek-pass", "blind-forward", "pass-cycle", "split-pass")),
)
