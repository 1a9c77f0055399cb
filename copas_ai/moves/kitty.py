"""The into-hand kitty's decisions in moves and records (docs/RULES.md §4, kitty_use
`into-hand`; docs/PROTOCOL.md: "Variant-specific decisions ... `<seat>:<word>=<value>`").

* `<seat>:discard=<c1>,<c2>`: the taker's whole discard, made right after the trick that
  took the kitty; in a one-hand view of another seat, whose discard is face down,
  `<seat>:discard=?`.
* `<seat>:kitty=<cards>`: only in the taker's own one-hand view: the kitty it took
  (it sees it); a fully known position may state it too, and it is checked.

The core takes the discard as plays in ascending card order (csrc/kitty_discard.cpp);
here it is one move, in the move lists and in the record's `plays`.
"""

from __future__ import annotations

from copas_ai._core import CardSet, InvalidCardError, KittyUse, Position, RuleSet, StockDraw
from copas_ai.moves.decisions import with_decisions
from copas_ai.moves.domino_view import domino_dealt

DISCARD = "discard"
KITTY = "kitty"
HIDDEN = "?"


def decision_words(rules: RuleSet) -> tuple[str, ...]:
    """The decision words these rules have (none but the into-hand kitty's yet)."""
    return (DISCARD, KITTY) if rules.kitty_use == KittyUse.INTO_HAND and rules.kitty_size else ()


def decision_cards(decision: str) -> CardSet | None:
    """The cards of `word=<cards>` (None for a face-down `?`); ValueError if not cards."""
    value = decision.partition("=")[2]
    if value == HIDDEN:
        return None
    try:
        return CardSet.from_str(value)
    except InvalidCardError as exc:
        raise ValueError(str(exc)) from None


def discard_index(position: Position) -> int | None:
    """How many plays come before the taker's discard in `position`, when it is made."""
    if position.kitty_trick is None or not position.discards:
        return None
    return (position.kitty_trick + 1) * position.players


def move_texts(position: Position) -> list[str]:
    """Every move as `<seat>:<card>`, the discard as `<seat>:discard=<cards>` in its place
    (and any other decision in its place: moves/decisions.py)."""
    texts = [f"{seat}:{card}" for seat, card in position.moves]
    at = discard_index(position)
    if at is not None:
        texts.insert(at, f"{position.kitty_taker}:{DISCARD}={position.discards}")
    return with_decisions(texts, position)


def view_move_texts(position: Position, seat: int) -> list[str]:
    """The moves as `seat` knows them: its own kitty and discard when it took the
    kitty, another taker's discard face down (`?`)."""
    texts = [f"{mover}:{card}" for mover, card in position.moves]
    taker = position.kitty_taker
    if taker is None or DISCARD not in decision_words(position.rules):
        return with_decisions(texts, position, seat)
    at = (position.kitty_trick + 1) * position.players
    made = not position.discarding
    shown = [f"{taker}:{KITTY}={position.kitty}"] if taker == seat else []
    if made:
        shown.append(f"{taker}:{DISCARD}={position.discards if taker == seat else HIDDEN}")
    return texts[:at] + shown + texts[at:]


def dealt_hand(position: Position, seat: int) -> CardSet:
    """The cards `seat` was dealt: held now or played, less what it received and the
    kitty it took into hand and the stock's cards it drew (two-player), plus what it
    passed and discarded."""
    if position.rules.stock_draw == StockDraw.UNTIL_FOLLOW:  # domino: a discard may come back, drawn
        return domino_dealt(position, seat)
    played = CardSet([card for mover, card in position.moves if mover == seat])
    chain = position.rules.pass_chain  # peek-pass: each link's pass moves its cards at once
    passes_applied = bool(position.pass_plan) and (position.phase != "passing" or chain or position.pool_pending)
    held = (position.hand(seat) | played) - position.drawn[seat]
    if passes_applied and chain and not position.chain_start(seat):
        held = (held | position.passed[seat]) - position.received[seat]  # it may pass on received cards
    elif passes_applied:
        held = (held - position.received[seat]) | position.passed[seat]
    if position.kitty_taker == seat and DISCARD in decision_words(position.rules):
        held = (held | position.discards) - position.kitty
    return held


def apply_known(position: Position, seat: int | None, decision: str) -> None:
    """A decision in a fully known position: the discard is made (IllegalMoveError when
    wrong); a stated kitty is checked against the taker's. ValueError names the problem."""
    word = decision.partition("=")[0]
    cards = decision_cards(decision)
    if cards is None:
        raise ValueError(f"every hand is known, so the {word} is too: write its cards")
    if word == DISCARD:
        position.discard(cards, seat=seat)
        return
    if not position.discarding or position.discards:
        raise ValueError("the kitty is stated right after the trick that takes it")
    if seat is not None and seat != position.kitty_taker:
        raise ValueError(f"seat {position.kitty_taker} took the kitty, not seat {seat}")
    if cards != position.kitty:
        raise ValueError(f"the kitty is {position.kitty}")
