"""What one seat saw of a domino hand (docs/RULES.md §17; docs/PROTOCOL.md, "The stock
and the discards (domino)"): the cards it drew, in the order it drew them, and the moves
with another seat's draws written `<seat>:+<k>` before its card and its discards face
down, `<seat>:?`. The hand is replayed from its deal by the core, which makes every draw;
this only watches the hands grow."""

from __future__ import annotations

from dataclasses import dataclass

from copas_ai._core import Card, CardSet, Position

# A face-down discard's card in world_from_view's moves: a placeholder the core ignores.
_FACE_DOWN = Card.from_str("2C")


def domino_dealt(position: Position, seat: int) -> CardSet:
    """The cards `seat` was dealt: a card not in the dealt stock belongs to the first seat
    that played or discarded it (a discard may be drawn and played again), else to the
    seat that holds it or swept it into its won cards at the end (DO-4)."""
    first: dict[Card, int] = {}
    for mover, card in position.moves:
        first.setdefault(card, mover)
    stock = CardSet(position.dealt_stock)
    kept = (position.hand(seat) | position.won[seat]) - stock
    return CardSet([c for c, mover in first.items() if mover == seat and c not in stock]) | CardSet(
        [c for c in kept if c not in first])


def _as_dealt(position: Position) -> Position:
    """The hand at its deal, to replay it move by move (the core makes every draw)."""
    return Position(position.rules, [domino_dealt(position, s) for s in range(position.players)],
                    dealer=position.dealer, hand_no=position.hand_no, stock=position.dealt_stock)


@dataclass
class DominoView:
    """What one seat saw: its draws in order, and each move as (seat, card or None when
    face down, the cards the seat drew just before it, unseen)."""

    drawn: list[Card]
    moves: list[tuple[int, Card | None, int]]

    def texts(self) -> list[str]:
        """The CEP move tokens (`<seat>:+<k>` before a card, `<seat>:?` for a face-down discard)."""
        out = []
        for mover, card, draws in self.moves:
            if draws:
                out.append(f"{mover}:+{draws}")
            out.append(f"{mover}:{'?' if card is None else card}")
        return out

    def world_args(self) -> dict:
        """The keyword arguments of copas_ai.search.world_from_view for this view."""
        return {"moves": [(m, _FACE_DOWN if card is None else card) for m, card, _ in self.moves],
                "draws": [draws for _, _, draws in self.moves], "drawn": list(self.drawn),
                "face_down": [i for i, (_, card, _) in enumerate(self.moves) if card is None]}


def domino_view(position: Position, seat: int) -> DominoView:
    """What `seat` saw of the fully known domino hand `position` so far."""
    n = position.players
    replay = _as_dealt(position)
    stock_order = {card: i for i, card in enumerate(position.dealt_stock)}
    view = DominoView([], [])
    draws = 0  # the cards the seat to act drew when its turn came
    for mover, card in position.moves:
        discard = bool(replay.trick) and card.suit != replay.trick[0][1].suit
        view.moves.append((mover, None if discard and mover != seat else card, 0 if mover == seat else draws))
        before = [replay.hand(s) for s in range(n)]
        replay.push(card)
        turn = replay.turn
        new = replay.hand(turn) - before[turn] if turn is not None and turn != mover else []
        draws = len(new)
        if turn == seat:  # a drawn discard is the one card of its stock: order by the dealt stock's
            view.drawn += sorted(new, key=lambda c: stock_order.get(c, -1))
    return view


def domino_trick_starts(position: Position) -> list[int]:
    """Where each trick began, as indices into position.moves (discards included), then
    where the next one will (the core does not index domino's tricks, N cards from any
    seats: each lead starts one). Replayed from the deal."""
    replay = _as_dealt(position)
    starts = []
    for k, (_, card) in enumerate(position.moves):
        if not replay.trick:
            starts.append(k)
        replay.push(card)
    return starts + [len(position.moves)]
