"""The `show` picture of a loaded position: plain lines for a human.

Only what the engine's seat may know is drawn: in a one-hand position the other
seats' cards (which come from a sampled world) appear as counts. Tricks are
found by replaying the moves on a copy through the core.
"""

from __future__ import annotations

from copas_ai._core import Position, StockDraw

from copas_ai.match_text import match_words
from copas_ai.moves.passes import flat_cards, pass_text, plan_words
from copas_ai.moves.stock import drawn_in_order
from copas_ai.moves.twins import (cards_points, held_text, held_count, passed_text, received_text, twin_text,
                                  won_text)
from copas_ai.cep.position_text import LoadedPosition


def _tricks(position: Position) -> list[tuple[list[tuple[int, object]], int | None]]:
    """[(plays, winner or None while open)]: each trick's winner is the seat that led
    the next one, or the leader now after the last whole trick (as the core decided).
    The tricks are cut where the core says each began (a nines-extend trick holds two
    cards per seat); a discard between tricks changes nothing."""
    moves = list(position.moves)
    starts = list(position.trick_starts)
    tricks: list[tuple[list, int | None]] = []
    for t, start in enumerate(starts[:-1]):
        end = starts[t + 1]
        tricks.append((moves[start:end], moves[end][0] if end < len(moves) else position.leader))
    if len(moves) > starts[-1]:
        tricks.append((moves[starts[-1]:], None))
    return tricks


def _untricked(position: Position) -> bool:
    """domino (docs/RULES.md §17): its tricks are not indexed; `show` lists its plays in one line."""
    return position.rules.stock_draw == StockDraw.UNTIL_FOLLOW


def picture(loaded: LoadedPosition) -> list[str]:
    pos = loaded.position
    n = pos.players
    v = loaded.variant
    lines = [
        f"variant {v.id} ({v.name})  players {n}  dealer {pos.dealer}  handno {pos.hand_no}  "
        f"{plan_words(pos.pass_plan, n)}",
        f"{'chips' if loaded.rules.start_chips else 'totals'} before this hand  {' '.join(map(str, loaded.scores))}",
    ]
    removed = len(loaded.rules.deck) * loaded.rules.copies - n * loaded.rules.hand_size - loaded.rules.kitty_size
    # betting-chips (§19): dealt to nobody, unseen, whatever the view (a stock's cards are its own lines).
    if removed and loaded.rules.stock_draw == StockDraw.NONE:
        lines.append(f"removed {removed} card{'s' if removed > 1 else ''} unseen")
    lines += _match_lines(loaded)
    state = loaded.state()
    for s in range(n):
        you = "  <- engine" if s == loaded.seat else ""
        if loaded.knows(s):
            held = held_text(pos, s)
            if loaded.view_seat == s and state == "passing" and loaded.view_passed is not None:
                # the pass is down, the cards coming back are not known
                held = held_text(pos, s, without=flat_cards(loaded.view_passed))
            text = f"seat {s}  holds {held}"
            if loaded.view_seat is None and pos.pass_plan:
                if pos.pass_is_set(s):
                    text += f"  passed {passed_text(pos, s)}"
                if state != "passing":
                    text += f"  received {received_text(pos, s)}"
            elif loaded.view_seat == s and pos.rules.copies > 1 and pos.pass_plan and state != "passing":
                # uno-hearts: the world's pass is the view's, a card passed twice written twice
                text += f"  passed {passed_text(pos, s)}  received {received_text(pos, s)}"
            elif loaded.view_seat == s:
                if loaded.view_passed is not None:
                    text += f"  passed {pass_text(loaded.view_passed)}"
                if loaded.view_received is not None:
                    text += f"  received {pass_text(loaded.view_received)}"
        else:
            text = f"seat {s}  {held_count(pos, s)} cards unseen"
        lines.append(text + f"  took {won_text(pos, s)}{you}")
    lines += _stock_lines(loaded)
    if _untricked(pos):
        lines.append(f"plays  {' '.join(f'{seat}:{card}' for seat, card in pos.moves) or '-'}")
    carried = set(pos.carried_tricks)  # cancellation (docs/RULES.md §14): tricks with no winner
    for number, (plays, winner) in enumerate(_tricks(pos) if not _untricked(pos) else [], start=1):
        cards = " ".join(f"{seat}:{card}" for seat, card in plays)
        points = cards_points(loaded.rules, [card for _, card in plays])
        if winner is None:
            lines.append(f"trick {number:2d}  {cards}")
        elif number - 1 in carried:
            lines.append(f"trick {number:2d}  {cards}  -> pending ({points} pts)")
        else:
            lines.append(f"trick {number:2d}  {cards}  -> seat {winner} ({points} pts){_trick_end(pos, number - 1)}")
    if len(pos.pending):
        lines.append(f"pending  {twin_text(pos.pending, pos.pending_twins)}  (the next trick's winner takes them)")
    if state == "passing":
        where = "passing"
    elif state == "playing":
        broken = "yes" if pos.hearts_broken else "no"
        turn = loaded.turn()
        if pos.discarding:  # the into-hand kitty's taker puts cards back before the next lead
            who = f"seat {pos.kitty_taker} to discard {pos.discards_left}"
        elif turn is None:
            who = "the holder of the opening card leads"
        else:
            who = f"seat {turn} to play"
        where = f"playing  {who}  hearts broken: {broken}"
    else:
        where = "the hand is over"
    lines.append(f"state {where}")
    lines.append(f"score {' '.join(map(str, pos.score()))}  total {' '.join(map(str, loaded.totals()))}")
    return lines + loaded.side_lines()


def _trick_end(pos: Position, t: int) -> str:
    """uno-hearts (docs/RULES.md §15): the forced steps after trick t: its pairs' draws into
    the winner's pile (face up) and the hand swaps of the 8s, in order."""
    text = ""
    if pos.rules.stock_draw == StockDraw.PAIRS and (drawn := pos.pair_draws(t)):
        text += f"  drew {' '.join(map(str, drawn))} ({cards_points(pos.rules, drawn)} pts)"
    if swaps := (pos.hand_swaps(t) if pos.rules.swap_left_cards or pos.rules.swap_right_cards else []):
        text += f"  swapped hands with seat {', then seat '.join(map(str, swaps))}"
    return text


def _stock_lines(loaded: LoadedPosition) -> list[str]:
    """two-player (docs/RULES.md §18): the stock's size, and the draws the engine's seat may
    know: every seat's with every hand known, else its own (the other seat's are unseen)."""
    pos = loaded.position
    if pos.rules.stock_draw == StockDraw.NONE:
        return []
    lines = [f"stock  {pos.stock_left} cards"]
    if pos.rules.stock_draw == StockDraw.PAIRS:  # uno-hearts: the draws go to the piles, shown with each trick
        return lines
    if loaded.view_seat is None:
        lines += [f"seat {s}  drew {' '.join(map(str, drawn_in_order(pos, s))) or '-'}" for s in range(pos.players)]
    else:
        drawn = loaded.spec.drawn.cards if loaded.spec.drawn is not None else []
        lines.append(f"seat {loaded.view_seat}  drew {' '.join(map(str, drawn)) or '-'}")
    return lines


def _match_lines(loaded: LoadedPosition) -> list[str]:
    """The match state beyond the totals (docs/PROTOCOL.md, "The match state"), when one is under way
    before this hand or follows from it."""
    before = match_words(loaded.match)
    after = match_words(loaded.match_after())
    lines = [f"match before this hand  {' '.join(before)}"] if before else []
    if loaded.position.is_over() and (before or after):
        over, winners = loaded.match_after().outcome(loaded.rules)
        end = f"  over, won by seat {', '.join(map(str, winners))}" if over else ""
        lines.append(f"match after this hand  {' '.join(after) or 'none'}{end}")
    return lines
