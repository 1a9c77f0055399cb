"""The game record copas-game/1 (docs/PROTOCOL.md): read strictly, write
from a Match.

    record = load_record("games.json")        # or read_record(json_text)
    record.hands[0].plays                     # [(seat, Card)], seats from the rules
    record.hands[0].discard                   # the into-hand kitty's (plays before it, cards)
    record.hands[0].revokes                   # indices of plays that failed to follow suit
    record.hands[0].decisions                 # other decisions: [(plays before it, seat, 'charge=QS')]
    text = dump_record(record_from_match(match, names))

Reading replays every hand through the core: the deal (Position), each pass
(set_pass), each play (push), the stated score against Position.score(). The
first problem found raises RecordError, a ValueError whose message names the
hand, the play and the reason (docs/ANALYSIS.md lists every kind).

Each hand may carry "match": the match state it is played in beyond the totals,
as the words of `position`'s `match` group ("tiebreak", "reset 2", "none";
copas_ai.match_text). It is derivable; a reader checks it when present.

Under chips (docs/RULES.md §19) a hand is dealt to the seats still holding chips:
its "deal" has one list per such seat, hand seat i being the match seat "seats"[i]
(written when a seat is out; derivable, checked when present); "chips" gives each
match seat's chips before the hand and "removed" the cards dealt to nobody (both
derivable, checked when present).

An extension of copas-game/1: a top-level "revokes": "penalize" (default "forbid",
the engine option Revokes) lets the plays hold failures to follow suit, each
scored as the rules score a revoke (docs/RULES.md §1.3).
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from typing import Any

from copas_ai._core import (Card, CardSet, IllegalMoveError, InvalidCardError, InvalidPositionError, MatchState, Position,
                            StockDraw)
from copas_ai.moves import decisions as decision_moves
from copas_ai.moves import kitty as kitty_moves
from copas_ai.match_text import match_text, parse_match_words
from copas_ai.game import HandRecord, Match
from copas_ai.moves.passes import PassValue, flat_cards, from_flat, is_split
from copas_ai.moves.twins import parse_twin_cards, twin_card_list
from copas_ai.variants import Variant, VariantNotFoundError, find_variant
from copas_ai.errors import RecordError

FORMAT = "copas-game/1"
REVOKES = ("forbid", "penalize")  # the record's optional "revokes", as Position.revokes

# The core prefixes its messages with what failed and the card; the record's own
# location ("hand 2, play 5 (QS)") already says that.
_CORE_PREFIX = re.compile(r"^illegal (?:move|pass) [^:]*: ")


@dataclass
class GameRecord:
    """A checked record: the variant, the seat names and every hand as replayed
    (HandRecord.score is the rules' score: final, or so far when unfinished)."""

    variant: Variant
    players: int
    names: list[str]
    hands: list[HandRecord] = field(default_factory=list)
    revokes: str = "forbid"

    @property
    def rules(self):
        return self.variant.rules(self.players)

    def hand_rules(self, hand: HandRecord):
        """The rules of one hand: the match's, but for the seats still in under chips (§19)."""
        return self.rules if hand.seats is None else self.variant.rules(len(hand.seats))

    def finished(self, hand: HandRecord) -> bool:
        # Over as the rules say: every card played, or ended early (a proven revoke, a stuck lead).
        return replay(self, hand).is_over()


# ---------------------------------------------------------------------------
# Writing


def record_from_match(match: Match, names: list[str] | None = None) -> dict[str, Any]:
    """The copas-game/1 object of a match's hands (as JSON-ready data)."""
    data: dict[str, Any] = {"format": FORMAT, "variant": match.variant.id}
    if names is not None:
        data["players"] = list(names)
    data["hands"] = [hand_to_json(hand, chips=match.rules.start_chips > 0) for hand in match.hands]
    return data


def hand_to_json(hand: HandRecord, chips: bool = False) -> dict[str, Any]:
    data: dict[str, Any] = {} if hand.match is None else {"match": match_text(hand.match)}
    if chips and hand.match is not None:  # §19: the chips before the hand, the seats in, the cards dealt to nobody
        data |= {"chips": list(hand.match.totals)}
        data |= {} if hand.seats is None else {"seats": list(hand.seats)}
        data |= {"removed": _card_list(_removed(hand.deal))}
    return data | {
        "dealer": hand.dealer,
        "deal": [_card_list(cards) for cards in hand.deal] if hand.twins is None
        else [twin_card_list(cards, twice) for cards, twice in zip(hand.deal, hand.twins)],  # two-deck: a card twice
        # A split pass stays one flat list per seat, its parts concatenated in plan order.
        "passes": None if hand.passes is None else [[str(c) for c in flat_cards(value)] for value in hand.passes]
        if hand.pass_twins is None else [twin_card_list(*both) for both in zip(hand.passes, hand.pass_twins)],  # uno-hearts
    } | ({} if hand.pool is None else {"pool": [_card_list(cards) for cards in hand.pool]}) | (
        {} if hand.stock is None else {"stock": [str(card) for card in hand.stock]}) | {
        "plays": _play_texts(hand),
        "score": list(hand.score),
    }


def _play_texts(hand: HandRecord) -> list[str]:
    texts = [str(card) for _, card in hand.plays]
    # The decisions in their places: `<seat>:<word>=<value>` (turbo's `2:charge=QS`),
    # then the discard `discard=<cards>`; inserted from the last, so each lands before
    # the ones that follow it.
    extras = [(at, f"{seat}:{decision}") for at, seat, decision in hand.decisions]
    if hand.discard is not None:
        extras.append((hand.discard[0], f"{kitty_moves.DISCARD}={hand.discard[1]}"))
    for at, token in reversed(sorted(extras, key=lambda e: e[0])):
        texts.insert(at, token)
    return texts


def _card_list(cards: CardSet) -> list[str]:
    return [str(card) for card in cards]


def _removed(deal: list[CardSet]) -> CardSet:
    """The cards of the 52 dealt to nobody (betting-chips, §19)."""
    dealt = CardSet()
    for cards in deal:
        dealt = dealt | cards
    return CardSet.full_deck() - dealt


def dump_record(data: dict[str, Any]) -> str:
    """JSON text with one hand's field per line: readable and diff-friendly."""
    lines = ["{", f'  "format": {json.dumps(data["format"])},', f'  "variant": {json.dumps(data["variant"])},']
    for key in ("revokes", "players"):
        if key in data:
            lines.append(f'  {json.dumps(key)}: {json.dumps(data[key])},')
    hands = []
    for hand in data["hands"]:
        fields = [f'      {json.dumps(key)}: {json.dumps(value)}' for key, value in hand.items()]
        hands.append("    {\n" + ",\n".join(fields) + "\n    }")
    lines.append('  "hands": [\n' + ",\n".join(hands) + "\n  ]")
    return "\n".join(lines) + "\n}\n"


# ---------------------------------------------------------------------------
# Reading


def load_record(path: str) -> GameRecord:
    """Reads and checks a record file (`-`: stdin)."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"cannot read {path}: {exc}") from None
    return read_record(text)


def read_record(text: str | dict) -> GameRecord:
    """Checks a record given as JSON text or already-decoded data."""
    if isinstance(text, str):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not JSON: {exc}") from None
        except RecursionError:
            raise RecordError("not JSON: nested too deeply") from None
    else:
        data = text
    if not isinstance(data, dict):
        raise RecordError("expected a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"format: expected {FORMAT!r}, got {_short(data.get('format'))}")
    variant_id = data.get("variant")
    if not isinstance(variant_id, str):
        raise RecordError("variant: expected a variant id")
    try:
        variant = find_variant(variant_id)
    except VariantNotFoundError as exc:
        raise RecordError(f"variant: {exc}") from None
    hands = data.get("hands")
    if not isinstance(hands, list) or not hands:
        raise RecordError("hands: expected a list of at least one hand")
    players = _player_count(hands[0], variant)
    names = _names(data.get("players"), players)
    revokes = data.get("revokes", "forbid")
    if revokes not in REVOKES:
        raise RecordError(f"revokes: expected one of {', '.join(REVOKES)}, got {_short(revokes)}")
    record = GameRecord(variant, players, names, revokes=revokes)
    # Advanced by each finished hand (csrc/match.h); chips (§19) start at the agreed count.
    state = MatchState([record.rules.start_chips] * players)
    for index, hand in enumerate(hands):
        if record.hands and not record.finished(record.hands[-1]):
            raise RecordError("an unfinished hand may only be the last", hand=index)
        record.hands.append(_read_hand(record, index, hand, state))
    return record


def _player_count(first_hand: Any, variant: Variant) -> int:
    deal = first_hand.get("deal") if isinstance(first_hand, dict) else None
    if not isinstance(deal, list):
        raise RecordError("expected a list of card lists, one per seat", hand=1, where="deal")
    try:
        variant.rules(len(deal))
    except ValueError as exc:
        raise RecordError(str(exc), hand=1, where="deal") from None
    return len(deal)


def _names(names: Any, players: int) -> list[str]:
    if names is None:
        return [f"seat {seat}" for seat in range(players)]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RecordError("players: expected a list of names")
    if len(names) != players:
        raise RecordError(f"players: {len(names)} names for a deal of {players} seats")
    return names


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


def _short(value: Any) -> str:
    """A value of the record for a message: its repr, cut short."""
    return _cut(repr(value), 40)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _cards(value: Any, number: int, where: str) -> CardSet:
    if not isinstance(value, list) or not all(isinstance(token, str) for token in value):
        raise RecordError("expected a list of cards", hand=number, where=where)
    cards = CardSet()
    for token in value:
        try:
            card = Card.from_str(token)
        except InvalidCardError as exc:
            raise RecordError(str(exc), hand=number, where=where) from None
        if card in cards:
            raise RecordError(f"{card} is listed twice", hand=number, where=where)
        cards.add(card)
    return cards


def _seat_lists(value: Any, players: int, number: int, where: str) -> list[CardSet]:
    if not isinstance(value, list) or len(value) != players:
        raise RecordError(f"expected {players} card lists, one per seat", hand=number, where=where)
    return [_cards(cards, number, f"{where} of seat {seat}") for seat, cards in enumerate(value)]


def _twin_seat_lists(value: Any, players: int, number: int, where: str = "deal") -> tuple[list[CardSet], list[CardSet]]:
    """two-deck's deal (docs/RULES.md §13), uno-hearts' passes (§15): per seat a card list that
    names a card twice when the seat holds (passes) both copies; (cards, cards twice)."""
    if not isinstance(value, list) or len(value) != players:
        raise RecordError(f"expected {players} card lists, one per seat", hand=number, where=where)
    once, twice = [], []
    for seat, cards in enumerate(value):
        if not isinstance(cards, list) or not all(isinstance(token, str) for token in cards) or not cards:
            raise RecordError("expected a list of cards", hand=number, where=f"{where} of seat {seat}")
        try:
            held, both = parse_twin_cards(",".join(cards))
        except InvalidCardError as exc:
            raise RecordError(str(exc), hand=number, where=f"{where} of seat {seat}") from None
        once.append(held)
        twice.append(both)
    return once, twice


def _reason(exc: Exception) -> str:
    return _CORE_PREFIX.sub("", str(exc))


def _read_hand(record: GameRecord, index: int, hand: Any, state: MatchState) -> HandRecord:
    """One hand, played in the match state `state`, which it advances once finished."""
    number = index + 1
    if not isinstance(hand, dict):
        raise RecordError("expected an object", hand=number)
    _check_match(hand.get("match"), state, number)
    seats = _check_chips(hand, state, record, number)
    n = len(seats)
    rules = record.variant.rules(n)
    before = state.copy()
    dealer = hand.get("dealer")
    if not _is_int(dealer) or not 0 <= dealer < n:
        raise RecordError(f"expected a seat 0..{n - 1}, got {_short(dealer)}", hand=number, where="dealer")
    if state.next_dealer >= 0 and dealer != state.next_dealer:  # gong-zhu: the last Q♠ taker deals
        raise RecordError(f"expected seat {state.next_dealer}, who took {record.rules.lead_taker_card} in hand "
                          f"{index} and so deals this one, got {dealer}", hand=number, where="dealer")
    twins = None
    if rules.copies > 1:
        deal, twins = _twin_seat_lists(hand.get("deal"), n, number)
    else:
        deal = _seat_lists(hand.get("deal"), n, number, "deal")
    stock = _read_stock(record.rules, hand.get("stock"), number)
    try:
        position = Position(rules, deal, dealer=dealer, hand_no=index, stock=stock, twins=twins)
    except InvalidPositionError as exc:
        where = "stock" if "impossible stock" in str(exc) else "deal"
        raise RecordError(str(exc), hand=number, where=where) from None
    if rules.auction:  # the bids are bounded by the chips before the hand (docs/RULES.md §20, A53b)
        position.set_bid_limits(list(state.totals))
    stated_removed = hand.get("removed")
    if stated_removed is not None and _cards(stated_removed, number, "removed") != _removed(deal):
        raise RecordError(f"stated {_short(stated_removed)}, the deal leaves {_card_list(_removed(deal))}",
                          hand=number, where="removed")
    try:
        position.revokes = record.revokes
    except ValueError as exc:  # rules that define no revoke penalty
        raise RecordError(f"revokes: {exc}") from None
    plays_data = hand.get("plays")
    if not isinstance(plays_data, list):
        raise RecordError("expected a list of cards in order of play", hand=number, where="plays")
    decisions: list[tuple[int, int, str]] = []
    first = 0
    if plays_data and _is_plan(plays_data[0]):  # queens: the dealer's plan comes before the passes
        decisions.append((0, *_apply_decision(position, plays_data[0], 1, number)))
        first = 1
    passes, pass_twins = _apply_passes(position, hand.get("passes"), len(plays_data) > first, number)
    pool = _apply_pool(position, hand.get("pool"), len(plays_data) > first, number)
    plays: list[tuple[int, Card]] = []
    discard = None
    revokes: list[int] = []
    for k, token in enumerate(plays_data[first:], start=first):
        if isinstance(token, str) and _DECISION.fullmatch(token):
            decisions.append((len(plays), *_apply_decision(position, token, k + 1, number)))
        elif isinstance(token, str) and token.startswith(kitty_moves.DISCARD + "="):
            discard = (len(plays), _apply_discard(position, token, k + 1, number))
        else:
            seat, card, revoke = _apply_play(position, token, k + 1, number)
            if revoke:
                revokes.append(len(plays))
            plays.append((seat, card))
    # A finished hand scores as the match counts it (the conditional reverse moon,
    # A24, depends on the totals), as Match.record_hand writes it.
    score = state.add_hand(position) if position.is_over() else position.score()
    stated = hand.get("score")
    if stated is not None:
        if not isinstance(stated, list) or len(stated) != n or not all(_is_int(s) for s in stated):
            raise RecordError(f"expected {n} integers", hand=number, where="score")
        if stated != score:
            so_far = "" if position.is_over() else " so far"
            raise RecordError(f"stated {stated}, the rules give {score}{so_far}", hand=number, where="score")
    return HandRecord(index, dealer, deal, passes, plays, score, discard, tuple(revokes), match=before, pool=pool,
                      decisions=tuple(decisions), seats=None if n == record.players else seats, stock=stock,
                      twins=twins, pass_twins=pass_twins)


def _check_chips(hand: dict, state: MatchState, record: GameRecord, number: int) -> list[int]:
    """The match seats the hand is dealt to (chips, §19: those holding chips), with the
    optional "seats" and "chips" checked against the state the earlier hands give."""
    seats = state.seats_in_play(record.rules)
    for key, given in (("seats", seats), ("chips", list(state.totals))):
        stated = hand.get(key)
        if stated is not None and stated != given:
            raise RecordError(f"stated {_short(stated)}, the earlier hands give {given}", hand=number, where=key)
    return seats


def _read_stock(rules, value: Any, number: int) -> list[Card] | None:
    """two-player's stock (docs/RULES.md §18) as recorded: its cards top first (the core
    checks them against the deal), None for a variant without one."""
    if rules.stock_draw == StockDraw.NONE:
        if value is not None:
            raise RecordError("this variant has no stock", hand=number, where="stock")
        return None
    if not isinstance(value, list) or not all(isinstance(token, str) for token in value):
        raise RecordError("missing: the stock's order, a list of cards top first", hand=number, where="stock")
    try:
        return [Card.from_str(token) for token in value]
    except InvalidCardError as exc:
        raise RecordError(str(exc), hand=number, where="stock") from None


def _apply_pool(position: Position, value: Any, has_plays: bool, number: int) -> list[CardSet] | None:
    """kitty-swap's chance step as recorded: what the pool dealt back to each seat."""
    if not position.pool_pending:
        if value is not None:
            raise RecordError("this hand has no pool to deal back", hand=number, where="pool")
        return None
    if value is None:
        if has_plays:
            raise RecordError("missing: the cards the pool dealt back to each seat (kitty-swap)", hand=number,
                              where="pool")
        return None
    back = _seat_lists(value, position.players, number, "pool")
    try:
        position.return_pool(back)
    except IllegalMoveError as exc:
        raise RecordError(_reason(exc), hand=number, where="pool") from None
    return back


def _check_match(stated: Any, state: MatchState, number: int) -> None:
    # The optional "match" words against the state the earlier hands give.
    if stated is None:
        return
    if not isinstance(stated, str):
        raise RecordError(f"expected words such as 'tiebreak' or 'none', got {_short(stated)}",
                          hand=number, where="match")
    try:
        words = parse_match_words(stated.split(), state.players)
    except ValueError as exc:
        raise RecordError(str(exc), hand=number, where="match") from None
    if words != (state.tiebreak, state.reset_pending, state.pot):
        given = match_text(state)
        raise RecordError(f"stated {stated!r}, the earlier hands give {given!r}", hand=number, where="match")


def _apply_passes(position: Position, value: Any, has_plays: bool,
                  number: int) -> tuple[list[PassValue] | None, list[CardSet] | None]:
    """The passes, set on `position`, and (uno-hearts) the cards each seat passed both copies of."""
    if not position.pass_plan:
        if value is not None:
            raise RecordError("this hand has no pass", hand=number, where="passes")
        return None, None
    if value is None:
        if has_plays:
            raise RecordError("missing: this hand passes before play", hand=number, where="passes")
        return None, None  # a record that ends before the passes
    if position.rules.copies > 1:  # uno-hearts: a card listed twice passes both copies
        return _apply_twin_passes(position, value, number)
    passes: list[PassValue] = list(_seat_lists(value, position.players, number, "passes"))
    if is_split(position.pass_plan):
        # The checked lists, cut into the plan's parts in the order written.
        passes = [from_flat(position.pass_plan, [Card.from_str(token) for token in tokens]) for tokens in value]
    for seat in position.pass_order:  # a pass chain (peek-pass) in its links' order
        cards = passes[seat]
        try:
            position.set_pass(seat, cards)
        except IllegalMoveError as exc:
            raise RecordError(_reason(exc), hand=number, where=f"passes of seat {seat}") from None
    return passes, None


def _apply_twin_passes(position: Position, value: Any, number: int) -> tuple[list[CardSet], list[CardSet] | None]:
    once, twice = _twin_seat_lists(value, position.players, number, "passes")
    for seat in range(position.players):
        try:
            position.set_twin_pass(seat, twin_card_list(once[seat], twice[seat]))
        except IllegalMoveError as exc:
            raise RecordError(_reason(exc), hand=number, where=f"passes of seat {seat}") from None
    return once, twice if any(twice) else None


def _apply_play(position: Position, token: Any, play: int, number: int) -> tuple[int, Card, bool]:
    """Plays the token's card: (seat, card, whether it fails to follow suit)."""
    if not isinstance(token, str):
        raise RecordError(f"expected a card, got {_short(token)}", hand=number, play=play, where=f"play {play}")
    where = f"play {play} ({_cut(token, 12)})"
    if "=" in token:
        word = token.split("=")[0]
        raise RecordError(f"this variant has no decision '{word}'", hand=number, play=play, where=where)
    try:
        card = Card.from_str(token)
    except InvalidCardError as exc:
        raise RecordError(str(exc), hand=number, play=play, where=where) from None
    if position.is_over():
        raise RecordError("the hand is over", hand=number, play=play, where=where)
    seat = position.turn
    revoke = position.revokes == "penalize" and position.is_revoke(card)
    try:
        position.push(card)
    except IllegalMoveError as exc:
        raise RecordError(_reason(exc), hand=number, play=play, where=where) from None
    return seat, card, revoke


_DECISION = re.compile(r"([0-9]{1,2}):([a-z]+=\S+)")  # `2:charge=QS` (copas_ai.moves.decisions)


def _is_plan(token: Any) -> bool:
    return isinstance(token, str) and bool(_DECISION.fullmatch(token)) and \
        decision_moves.word_of(token.partition(":")[2]) == decision_moves.PLAN


def _apply_decision(position: Position, token: str, play: int, number: int) -> tuple[int, str]:
    # A decision other than a card (turbo's charge), in its place among the plays.
    where = f"play {play} ({_cut(token, 20)})"
    seat_text, decision = _DECISION.fullmatch(token).groups()
    try:
        position.decide(decision, seat=int(seat_text))
    except ValueError as exc:  # IllegalMoveError is a ValueError
        raise RecordError(_reason(exc), hand=number, play=play, where=where) from None
    return int(seat_text), decision


def _apply_discard(position: Position, token: str, play: int, number: int) -> CardSet:
    # The into-hand kitty taker's discard (copas_ai.moves.kitty), in its place among the plays.
    where = f"play {play} ({_cut(token, 20)})"
    if kitty_moves.DISCARD not in kitty_moves.decision_words(position.rules):
        raise RecordError(f"this variant has no decision '{kitty_moves.DISCARD}'", hand=number, play=play, where=where)
    try:
        cards = kitty_moves.decision_cards(token)
        if cards is None:
            raise ValueError("a record holds every card: write the discard's cards")
        position.discard(cards)
    except ValueError as exc:
        raise RecordError(_reason(exc), hand=number, play=play, where=where) from None
    return cards


def replay(record: GameRecord, hand: HandRecord, plays: int | None = None,
           decisions: int | None = None) -> Position:
    """The hand's Position after its passes and the first `plays` cards (all by default),
    the into-hand kitty's discard made once the plays before it are, and the first
    `decisions` other decisions (all by default) in their places."""
    position = Position(record.hand_rules(hand), hand.deal, dealer=hand.dealer, hand_no=hand.hand_no, stock=hand.stock,
                        twins=hand.twins)
    position.revokes = record.revokes
    if position.rules.auction and hand.match is not None:  # docs/RULES.md §20, A53b: bids within the chips
        position.set_bid_limits(list(hand.match.totals))
    made = hand.decisions[:decisions]
    if made and decision_moves.word_of(made[0][2]) == decision_moves.PLAN:  # queens: before the passes
        position.decide(made[0][2], seat=made[0][1])
        made = made[1:]
    if hand.pass_twins is not None:  # uno-hearts: a seat passed both copies of a card
        for seat in range(position.players):
            position.set_twin_pass(seat, twin_card_list(hand.passes[seat], hand.pass_twins[seat]))
    elif hand.passes is not None:
        for seat in position.pass_order:
            position.set_pass(seat, hand.passes[seat])
    if hand.pool is not None:
        position.return_pool(hand.pool)
    upto = hand.plays[:plays]
    for k, (seat, card) in enumerate(upto):
        _decide_at(position, hand, made, k)
        position.push(card, seat=seat)
    _decide_at(position, hand, made, len(upto))
    return position


def _decide_at(position: Position, hand: HandRecord, made: tuple, k: int) -> None:
    """The decisions recorded before play k (the others in order, then the discard)."""
    for at, seat, decision in made:
        if at == k:
            position.decide(decision, seat=seat)
    if hand.discard is not None and hand.discard[0] == k:
        position.discard(hand.discard[1])
