"""The page's words for a decision's choices (docs/PROTOCOL.md "Decisions"): 'charge=QS'
is "charge Q♠", 'plan=2l1a' is "pass 2 cards left and 1 card across". Words only: the
choices themselves, and the pass a plan names, come from the core (Position.decision_choices,
plan_parts)."""

from __future__ import annotations

from copas_ai._core import plan_parts
from copas_ai.moves.decisions import CHARGE, FACE, MOON, PLAN
from copas_ai.moves.passes import plan_words

_SUITS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def card_label(token: str) -> str:
    rank = "10" if token[:-1] == "T" else token[:-1]
    return rank + _SUITS.get(token[-1], token[-1])


def choice_label(choice: str, players: int) -> str:
    """A button's text for the decision move `choice` ('word=value') at `players` seats."""
    word, _, value = choice.partition("=")
    if word == CHARGE:
        return "no charge" if value == "none" else f"charge {card_label(value)}"
    if word == FACE:
        return f"face {value}"
    if word == PLAN:
        return plan_words(plan_parts(value, players), players)
    if word == MOON:
        return f"moon: {value}"
    return choice
