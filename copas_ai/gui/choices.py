"""The page's words for a decision's choices (docs/PROTOCOL.md "Decisions"): 'charge=QS'
is "charge Q♠", 'plan=2l1a' is "plan: 2 left, 1 across". Words only: the choices
themselves come from the core (Position.decision_choices)."""

from __future__ import annotations

import re

from copas_ai.moves.decisions import CHARGE, FACE, MOON, PLAN

_SUITS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
_DIRECTIONS = {"l": "left", "r": "right", "a": "across"}


def card_label(token: str) -> str:
    rank = "10" if token[:-1] == "T" else token[:-1]
    return rank + _SUITS.get(token[-1], token[-1])


def plan_label(value: str) -> str:
    if value == "none":
        return "plan: no pass"
    parts = re.findall(r"([0-9]+)([lra])", value)
    return "plan: " + ", ".join(f"{count} {_DIRECTIONS[way]}" for count, way in parts)


def choice_label(choice: str) -> str:
    """A button's text for the decision move `choice` ('word=value')."""
    word, _, value = choice.partition("=")
    if word == CHARGE:
        return "no charge" if value == "none" else f"charge {card_label(value)}"
    if word == FACE:
        return f"face {value}"
    if word == PLAN:
        return plan_label(value)
    if word == MOON:
        return f"moon: {value}"
    return choice
