"""Helpers for the variants with charges (turbo §8, gong-zhu §9): make every seat's
charge decision in turn, and read what each seat took as card strings."""

from __future__ import annotations

import random

import copas_ai as ca


def charge_all(pos: ca.Position, picks: dict[int, str] | None = None, faces: dict[int, str] | None = None) -> None:
    """Every seat's charge in turn: `picks[seat]` ('QS', 'none'), else none; under
    gong-zhu+super-charge its face `faces[seat]` ('up', 'down'), else down."""
    picks, faces = picks or {}, faces or {}
    while pos.phase == "deciding":
        seat, word = pos.decision
        assert word in ("charge", "face")
        value = picks.get(seat, "none") if word == "charge" else faces.get(seat, "down")
        pos.decide(f"{word}={value}", seat=seat)


def won_text(pos: ca.Position) -> list[set[str]]:
    return [{str(c) for c in pos.won[s]} for s in range(pos.players)]


def charged_late_position(variant: str, seed: int, plays: int, charger: int, card: str = "QS",
                          dealer: int = 3, hand_no: int = 3) -> ca.Position | None:
    """A no-pass hand of `variant` where `charger` charges `card` (None when it lacks it) and
    the others charge nothing, then `plays` random legal cards that keep `card` in hand
    while anything else is legal; None unless the charger still holds it."""
    rules = ca.find_variant(variant).rules()
    p = ca.Position(rules, ca.deal(rules, seed), dealer=dealer, hand_no=hand_no)
    charged = ca.Card.from_str(card)
    if charged not in p.hand(charger):
        return None
    charge_all(p, {charger: card})
    rng = random.Random(seed)
    for _ in range(plays):
        legal = sorted(p.legal_moves(), key=int)
        keep = [c for c in legal if c != charged] or legal
        p.push(rng.choice(keep))
    return p if charged in p.hand(charger) else None
