"""Decisions other than a card or a pass, as moves and in records (docs/PROTOCOL.md
"Decisions": `<seat>:<word>=<value>`; the core's csrc/decision.h).

The core keeps each decision with its place (how many cards were played before
it); here it is a move text in that place. turbo's charges (`<seat>:charge=QS`,
`<seat>:charge=none`) are made in seat order but revealed together (docs/RULES.md
A33): in another seat's one-hand view they are `<seat>:charge=?` until every
seat's charge is down. queens' pass plan (`<seat>:plan=2l1a`, §11) is the
dealer's, made before the pass and public at once: the first move of its hand.
Under gong-zhu+super-charge (§9, A40) a charge of a card is followed by the same
seat's face, `<seat>:face=down` (a normal charge) or `<seat>:face=up` (a super
charge). In another seat's view the face is not written while the charges are
being made; once they are down it is, and a face-down charge stays
`<seat>:charge=?` until its card is played or the hand is over. auction's bids
(`<seat>:bid=3`, `<seat>:bid=pass`) and the winner's suit (`<seat>:suit=d`, §20) are
public and come first, before any card.
"""

from __future__ import annotations

from copas_ai._core import Position, RuleSet

CHARGE = "charge"
PLAN = "plan"  # queens' dealer's pass plan (docs/RULES.md §11): public, before the pass
MOON = "moon"  # reverse-moon=shooter-choice (docs/RULES.md §2.3): `<seat>:moon=normal|reverse`
FACE = "face"  # gong-zhu+super-charge (docs/RULES.md §9, A40): `<seat>:face=down|up` after a charge
BID = "bid"  # auction (docs/RULES.md §20): `<seat>:bid=<n>|pass`, public
SUIT = "suit"  # auction: the winner's penalty suit, `<seat>:suit=c|d|h|s`, public
HIDDEN = "?"
# Words whose value stays hidden from the other seats until the phase is over (A33).
_HIDDEN_UNTIL_DONE = (CHARGE,)
# Words due once the cards are played (the core's at_hand_end): nothing is hidden then,
# so any seat's view may search them.
AT_HAND_END = (MOON,)


def decision_words(rules: RuleSet) -> tuple[str, ...]:
    """The general decision words these rules have (the core's decision.h)."""
    return ((CHARGE,) * bool(len(rules.charge_cards)) + (FACE,) * rules.super_charge
            + (PLAN,) * rules.dealer_plans_pass + (MOON,) * rules.moon_shooter_choice
            + (BID, SUIT) * rules.auction)


def word_of(decision: str) -> str:
    return decision.partition("=")[0]


def with_decisions(texts: list[str], position: Position, seat: int | None = None) -> list[str]:
    """The move texts `texts` (cards, and the kitty's tokens) with the position's
    decisions put in their places. `seat`: as that seat sees them (another seat's
    hidden decision written `word=?` while its phase is on)."""
    if not position.decisions:
        return texts
    out: list[str] = []
    pending = seen_decisions(position, seat)
    plays = 0

    def due(upto: int) -> None:
        while pending and pending[0][0] <= upto:
            _, mover, decision = pending.pop(0)
            out.append(f"{mover}:{decision}")

    for text in texts:
        if "=" not in text:  # a card play (the kitty's tokens are decisions too)
            due(plays)
            plays += 1
        out.append(text)
    due(plays)
    return out


def seen_decisions(position: Position, seat: int | None = None) -> list[tuple[int, int, str]]:
    """The position's decisions [(cards played before it, seat, 'word=value')] as `seat`
    sees them (None: all of them): another seat's charge `charge=?` while the phase is on
    (A33), and its face not at all then; once the charges are down, a face-down charge
    `charge=?` until its card is seen (A40)."""
    if seat is None:
        return list(position.decisions)
    hidden = _face_down_hidden(position)
    seen = []
    for at, mover, decision in position.decisions:
        word = word_of(decision)
        if mover != seat:
            if word == FACE and position.phase == "deciding":
                continue  # A40: nothing of a charge shows before they are all down (A33)
            if word in _HIDDEN_UNTIL_DONE and (position.phase == "deciding" or decision in hidden):
                decision = f"{word}={HIDDEN}"
        seen.append((at, mover, decision))
    return seen


def _face_down_hidden(position: Position) -> set[str]:
    """+super-charge (A40): the `charge=<card>` texts of the face-down charges whose card
    is still unseen by the other seats (not played, the hand not over)."""
    if not position.rules.super_charge or position.is_over():
        return set()
    played = {card for _, card in position.moves}
    return {f"{CHARGE}={card}" for card in position.charged
            if card not in position.super_charged and card not in played}


def face_follows(move, after) -> bool:
    """+super-charge (A40): `move` is another seat's hidden charge (`charge=?`) and `after`
    (the next move token, or None) that seat's face: the two are one step of a view."""
    return (move.decision == f"{CHARGE}={HIDDEN}" and after is not None and after.decision is not None
            and word_of(after.decision) == FACE and after.seat == move.seat)


def view_decisions(tokens: list, seat: int) -> list[tuple[int, int, str]]:
    """[(cards played before it, seat, 'word=value')] of the general decisions among a
    view's move tokens (objects with .seat, .card and .decision), for the world builder."""
    out = []
    played = 0
    for token in tokens:
        if token.decision is None:
            played += 1
        elif word_of(token.decision) in _ALL_WORDS:
            out.append((played, token.seat, token.decision))
    return out


_ALL_WORDS = (CHARGE, FACE, PLAN, MOON, BID, SUIT)
