"""A world for one seat's view when every card has two copies (two-deck, docs/RULES.md
§13): the two-copy counterpart of copas_ai.search.world_from_view, which holds one copy
of each card.

The world is drawn by the core's two-copy sampler (csrc/search/twin_sampler.h, twin_worlds),
uniform over the physical deals of the unseen copies that fit what the seat knows. The
sampler reads that knowledge from a Position, so a first Position is dealt that merely fits
the view (a placeholder): each other seat holds the cards it played plus unseen copies of
suits it has not shown void in (a transport problem over the suits, solved by a small
max-flow); the kitty takes the rest. The placeholder's cards are never seen: the world is
the sampler's draw, replayed from its deal.
"""

from __future__ import annotations

from collections import Counter

from copas_ai._core import (Card, CardSet, IllegalMoveError, InvalidPositionError, Position, RuleSet,
                            twin_worlds)
from copas_ai.moves.twins import COPIES, layers


def twin_world_from_view(rules: RuleSet, seat: int, hand: CardSet, passed=None, received=None, moves=(),
                         dealer: int | None = None, hand_no: int = 0, *, twins: CardSet = CardSet(),
                         seed: int = 1, revokes: str = "forbid") -> Position:
    """A full Position consistent with `seat`'s dealt `hand` (`twins`: the cards it was
    dealt twice) and the `moves` so far, (seat, card) pairs; InvalidPositionError names
    a third copy of a card or a deal no world fits, IllegalMoveError a bad move."""
    if passed is not None or received is not None:
        raise InvalidPositionError("two copies of a card: no pass (docs/RULES.md §13, §14)")
    if revokes != "forbid":  # an unproven revoke would leave the placeholder's voids unknown
        raise InvalidPositionError("one-hand views of two copies of a card take Revokes forbid only")
    dealer = rules.players - 1 if dealer is None else dealer
    own = Counter(hand) + Counter(twins)
    played = _checked_plays(rules, seat, own, moves)
    voids: dict[int, set[int]] = {s: set() for s in range(rules.players)}
    while True:  # each pass learns one more shown void of the placeholder, at most 4 per seat
        placeholder, void = _placeholder(rules, seat, own, played, voids, moves, dealer, hand_no)
        if void is None:
            break
        voids[void[0]].add(void[1])
    world_hands, _kitty = twin_worlds(placeholder, seat, 1, seed)[0]
    dealt = [Counter(Card.from_str(c) for c in world_hands[s]) + played[s] for s in range(rules.players)]
    return _replayed(rules, dealt, moves, dealer, hand_no)


def _checked_plays(rules: RuleSet, seat: int, own: Counter, moves) -> list[Counter]:
    """The cards each seat has played; a copy beyond the two decks' is refused by name."""
    played = [Counter() for _ in range(rules.players)]
    seen = Counter(own)
    for mover, card in moves:
        if mover != seat:
            seen[card] += 1
            if seen[card] > COPIES:
                raise InvalidPositionError(f"seat {mover} plays {card}, but both copies of {card} are "
                                           f"already seen (two decks hold {COPIES})")
        played[mover][card] += 1
    return played


def _placeholder(rules: RuleSet, seat: int, own: Counter, played: list[Counter], voids: dict[int, set[int]],
                 moves, dealer: int, hand_no: int) -> tuple[Position, tuple[int, int] | None]:
    """A deal that fits the view as far as `voids` are known, with the moves played; or,
    when a seat's placeholder filler holds a suit it failed to follow, (seat, suit)."""
    unseen = Counter({card: COPIES for card in rules.deck}) - own
    for s in range(rules.players):
        if s != seat:
            unseen -= played[s]
    need = {s: rules.hand_size - sum(played[s].values()) for s in range(rules.players) if s != seat}
    filler = fill_unseen(unseen, need, voids)
    dealt = [own if s == seat else played[s] + filler[s] for s in range(rules.players)]
    position = _dealt(rules, dealt, dealer, hand_no)
    for mover, card in moves:
        try:
            position.push(card, seat=mover)
        except IllegalMoveError:
            led = position.trick[0][1].suit if position.trick else None
            # The placeholder gave `mover` the led suit it did not follow: a shown void to respect.
            if mover != seat and led is not None and card.suit != led and led not in voids[mover]:
                return position, (mover, led)
            raise
    return position, None


def fill_unseen(unseen: Counter, need: dict[int, int], voids: dict[int, set[int]]) -> dict[int, Counter]:
    """Unseen copies for each other seat (`need` of them, none of a void suit), by a
    max-flow from the suits to the seats; the rest is the kitty's."""
    by_suit: dict[int, list[Card]] = {}
    for card in sorted(unseen.elements(), key=lambda c: c.index):
        by_suit.setdefault(card.suit, []).append(card)
    suits, seats = list(by_suit), list(need)
    # Nodes: 0 the source, then the suits, then the seats, then the sink.
    size = 2 + len(suits) + len(seats)
    cap = [[0] * size for _ in range(size)]
    for i, suit in enumerate(suits, 1):
        cap[0][i] = len(by_suit[suit])
        for j, s in enumerate(seats, 1 + len(suits)):
            cap[i][j] = 0 if suit in voids[s] else need[s]
    for j, s in enumerate(seats, 1 + len(suits)):
        cap[j][size - 1] = need[s]
    first = [row[:] for row in cap]
    while _augment(cap, 0, size - 1, set()):
        pass
    if any(cap[j][size - 1] for j in range(1 + len(suits), size - 1)):
        raise InvalidPositionError("no deal of the unseen cards fits every seat's count and shown voids")
    filler = {s: Counter() for s in seats}
    for i, suit in enumerate(suits, 1):
        for j, s in enumerate(seats, 1 + len(suits)):
            for _ in range(first[i][j] - cap[i][j]):
                filler[s][by_suit[suit].pop()] += 1
    return filler


def _augment(cap: list[list[int]], node: int, sink: int, visited: set[int]) -> bool:
    """One unit along a path of the residual capacities (depth first)."""
    if node == sink:
        return True
    visited.add(node)
    for nxt, room in enumerate(cap[node]):
        if room and nxt not in visited and _augment(cap, nxt, sink, visited):
            cap[node][nxt] -= 1
            cap[nxt][node] += 1
            return True
    return False


def _dealt(rules: RuleSet, dealt: list[Counter], dealer: int, hand_no: int) -> Position:
    once, twice = zip(*(layers(counts) for counts in dealt))
    return Position(rules, list(once), dealer=dealer, hand_no=hand_no, twins=list(twice))


def _replayed(rules: RuleSet, dealt: list[Counter], moves, dealer: int, hand_no: int) -> Position:
    position = _dealt(rules, dealt, dealer, hand_no)
    for mover, card in moves:
        position.push(card, seat=mover)
    return position
