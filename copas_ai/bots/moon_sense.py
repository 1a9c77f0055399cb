"""The heuristic bot's moon sense: the two situations where the plain
rule-of-thumb play (duck, dump points) is exactly wrong.

- Guard: one opponent has taken every moon card taken so far, enough of them to
  be shooting. Then take a moon card ourselves when the trick holds one and we
  can win it, and never discard moon cards onto a trick the shooter is winning.
- Attempt: we have taken every moon card taken so far and our hand is all
  winners (each card is above every unseen card of its suit, give or take one):
  then win every trick, leading from the top.

Everything here reads what the seat may know: its hand, the tricks and who won them.
"""

from __future__ import annotations

from collections import Counter

from copas_ai._core import Card, CardSet, Goal, MoonRule, Position

# Moon cards one opponent must hold before we spend a card to stop them: earlier,
# guarding costs more than it saves (arena, heuristic vs heuristic:moon=0, 1000
# deals, seed 5: 3 -> -0.12, 5 -> -0.26, 8 -> -0.37, 10 -> -0.28 pts/hand, SE 0.11).
GUARD_AFTER = 8
# Moon cards we must hold before playing for the moon ourselves (1..5 measured alike).
ATTEMPT_AFTER = 3


def _strength(position: Position, card: Card) -> int:
    return position.rules.rank_strength[card.face]


def _winning(position: Position) -> tuple[int, Card] | None:
    """(seat, card) currently winning the trick in play, if a trick is started."""
    trick = position.trick
    if not trick:
        return None
    led = trick[0][1].suit
    return max(((s, c) for s, c in trick if c.suit == led), key=lambda sc: _strength(position, sc[1]))


def _unseen(position: Position, seat: int) -> CardSet:
    if position.rules.copies > 1:  # two-deck (§13): a card is unseen while one of its copies is
        seen = Counter(position.hand(seat)) + Counter(position.twins[seat]) + Counter(c for _, c in position.moves)
        return CardSet([c for c in position.rules.deck if seen[c] < position.rules.copies])
    # A set: domino's moves list its discards, and a discarded card may be drawn and played again.
    gone = position.hand(seat) | CardSet({c for _, c in position.moves})
    return position.rules.deck - gone


def _top_cards(position: Position, seat: int) -> int:
    """How many of the seat's cards outrank every unseen card of their suit."""
    unseen = list(_unseen(position, seat))
    tops = 0
    for card in position.hand(seat):
        if all(_strength(position, u) < _strength(position, card) for u in unseen if u.suit == card.suit):
            tops += 1
    return tops


def _shooter(position: Position) -> tuple[int, int] | None:
    """(seat, moon cards taken) when exactly one seat has taken moon cards."""
    moon_cards = position.rules.moon_cards
    holders = [(s, len(list(position.won[s] & moon_cards))) for s in range(position.players)]
    holders = [(s, n) for s, n in holders if n]
    return holders[0] if len(holders) == 1 else None


def moon_card(position: Position, seat: int) -> Card | None:
    """A card the moon situation calls for, or None to play the plain heuristic."""
    rules = position.rules
    if rules.moon == MoonRule.NONE or rules.goal != Goal.LOW:
        return None
    shooter = _shooter(position)
    moves = list(position.legal_moves())
    if shooter is None or len(moves) == 1:
        return None
    who, taken = shooter
    winning = _winning(position)
    if who == seat:
        if taken >= ATTEMPT_AFTER and _top_cards(position, seat) >= len(list(position.hand(seat))) - 1:
            if winning and all(c.suit != winning[1].suit for c in moves):  # void: keep the winners, shed the rest
                return min(moves, key=lambda c: (c in rules.moon_cards, _strength(position, c)))
            return max(moves, key=lambda c: _strength(position, c))
        return None
    if taken < GUARD_AFTER or winning is None:
        return None
    led_card = winning[1]
    following = [c for c in moves if c.suit == led_card.suit]
    trick_has_moon = any(c in rules.moon_cards for _, c in position.trick)
    if following:
        beaters = [c for c in following if _strength(position, c) > _strength(position, led_card)]
        if trick_has_moon and beaters:
            return max(beaters, key=lambda c: _strength(position, c))
        return None
    if winning[0] == who:
        safe = [c for c in moves if c not in rules.moon_cards]
        if safe:
            return max(safe, key=lambda c: _strength(position, c))
    return None
