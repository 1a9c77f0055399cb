"""A world for one seat's view of an `uno-hearts` hand (docs/RULES.md §15; the view's
syntax: docs/PROTOCOL.md, "### uno-hearts"): its dealt hand, its pass (3 to the right) and
what it received, every card played, every card the pairs drew (face up) and each hand the
8s' swaps gave it, as it received it.

The world is the core's two-copy sampler's first draw (csrc/search/twin_sampler.h with
csrc/search/uno_knowledge.h), so it is distributed exactly as the search's worlds for that
seat; the sampler reads what each hand's plays showed it lacks (a hand of only hearts
included), so its draw fits every play as it is. The sampler reads what the seat knows from a
Position, so a first Position is built that merely fits the view (a placeholder), as
copas_ai/twin_world.py does for two-deck. Hands are followed as tokens, each named by the seat
that held it after the pass: a play takes a card out of the token its seat holds, a swap moves
tokens, nothing else changes one. A token the seat has held is known whole; the one its pass
went into holds that pass; the other tokens' unseen cards and the stock's rest are filled by a
max-flow that respects the suits each token's plays showed it lacks. Who swaps after which
trick, how many cards the pairs draw, and what each play shows (Position.revealed_absent: the
led suit not followed; every other suit for a heart led before hearts broke or played to trick
1) are the core's: the placeholder is replayed, and what the replay shows that the placeholder
contradicts is learnt and the placeholder built again (a few rounds at most). The world is
then the sampler's current hands and stock, taken back to a deal through the same tokens.
"""

from __future__ import annotations

from collections import Counter

from copas_ai._core import Card, CardSet, IllegalMoveError, InvalidPositionError, Position, RuleSet, twin_worlds
from copas_ai.moves.twins import layers
from copas_ai.twin_world import fill_unseen


class UnoViewError(ValueError):
    """A view no world fits; `kind` is the view's piece at fault (hand, passed, received,
    got, draws, move) and `index` which one of its kind (a move's or a got hand's place)."""

    def __init__(self, kind: str, index: int, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.index = index


def uno_world_from_view(rules: RuleSet, seat: int, hand: Counter, passed: Counter | None = None,
                        received: Counter | None = None, moves=(), dealer: int | None = None, hand_no: int = 0,
                        draws=(), got=(), seed: int = 1) -> Position:
    """A full Position consistent with `seat`'s view: its dealt `hand`, `passed` and `received`
    (Counters; None before they are known), the `moves` [(seat, Card)], `draws` (every card
    the pairs drew so far, in order) and `got` (the hands the swaps gave the seat, in order,
    each a Counter as received). UnoViewError names the piece no world fits."""
    view = _View(rules, seat, Counter(hand), passed, received, list(moves),
                 rules.players - 1 if dealer is None else dealer, hand_no, list(draws), [Counter(g) for g in got])
    placeholder = view.placeholder()
    end = view.tokens_at(len(view.moves))
    (hands, stock), = twin_worlds(placeholder, seat, 1, seed)
    post = {end[s]: Counter(Card.from_str(c) for c in hands[s]) + view.plays_from(end[s]) for s in range(view.n)}
    # The sampler keeps each token to what its plays showed, so its world replays as it is.
    return view.build(post, view.draws + [Card.from_str(c) for c in stock])


class _View:
    def __init__(self, rules, seat, hand, passed, received, moves, dealer, hand_no, draws, got) -> None:
        self.rules, self.seat, self.hand, self.passed, self.received = rules, seat, hand, passed, received
        self.moves, self.dealer, self.hand_no, self.draws, self.got = moves, dealer, hand_no, draws, got
        self.n = rules.players
        self.deck = Counter({c: 1 if c in rules.single_copies else 2 for c in rules.deck})
        self.stock_size = sum(self.deck.values()) - rules.hand_size * self.n
        self.offset, self.pass_count = _pass_plan(rules, hand_no)
        if not self.pass_count:  # a hold hand (uno-hearts+pass-cycle): no pass, nothing to give
            if passed is not None or received is not None:
                raise UnoViewError("passed" if passed is not None else "received", 0, "this hand has no pass")
            self.passed, self.received = Counter(), Counter()
        self.exchanged = self.passed is not None and self.received is not None
        if received is not None and passed is None:
            raise UnoViewError("received", 0, f"passed {seat} is not given")
        if moves and not self.exchanged:
            missing = "passed" if passed is None else "received"
            raise UnoViewError("move", 0, f"play has begun but {missing} {seat} is not given")
        if len(draws) > self.stock_size:
            raise UnoViewError("draws", 0, f"{len(draws)} cards drawn, but the stock holds {self.stock_size}")
        self.swaps: dict[int, tuple[int, list[int]]] = {}  # trick -> (winner, the seats it swapped with), learnt
        self.voids: dict[int, set[int]] = {x: set() for x in range(self.n)}  # per token, learnt
        self.shown: dict[int, set[int]] = {}  # per move, the suits it shows its token lacks
        self.suits = [CardSet([c for c in rules.deck if c.suit == suit]) for suit in range(4)]

    # -- tokens ---------------------------------------------------------------------------
    def trick_of(self, i: int) -> int:
        return i // self.n  # every seat plays once a trick (uno-hearts has no other trick)

    def tokens_at(self, i: int) -> list[int]:
        """The token each seat holds when move `i` is made (len(moves): now)."""
        token = list(range(self.n))
        last = self.trick_of(i) if i < len(self.moves) else self.trick_of(i - 1) if i else -1
        for t in sorted(self.swaps):
            if t < last or (i == len(self.moves) and t <= last):
                winner, partners = self.swaps[t]
                for p in partners:
                    token[winner], token[p] = token[p], token[winner]
        return token

    def receipts(self) -> list[tuple[int, int, int]]:
        """(trick, token, the seat it came from) for each swap that gave the seat a hand (the
        last trick's swaps, of empty hands, are never learnt: see build)."""
        token, out = list(range(self.n)), []
        for t in sorted(self.swaps):
            winner, partners = self.swaps[t]
            for p in partners:
                token[winner], token[p] = token[p], token[winner]
                if self.seat in (winner, p):
                    out.append((t, token[self.seat], p if self.seat == winner else winner))
        return out

    def plays_from(self, x: int, through: int | None = None) -> Counter:
        """The cards token `x` played (`through`: in tricks up to that one only)."""
        out = Counter()
        for i, (mover, card) in enumerate(self.moves):
            if through is not None and self.trick_of(i) > through:
                break
            if self.tokens_at(i)[mover] == x:
                out[card] += 1
        return out

    # -- the placeholder ------------------------------------------------------------------
    def placeholder(self) -> Position:
        """The moves are taken a trick at a time (a trick's swaps follow from its cards alone,
        and they tell which token each later card comes from); each round learns the trick's
        swaps, or what a play showed that the placeholder contradicts, and builds again. A
        move without its seat is the next seat clockwise from the trick's leader."""
        every, self.moves, self.final = self.moves, [], not self.moves
        position = self._round()
        for start in range(0, len(every), self.n):
            if position.turn is None:
                raise UnoViewError("move", start, "the hand is over")
            chunk = every[start:start + self.n]
            every[start:start + self.n] = [((position.turn + j) % self.n if mover is None else mover, card)
                                           for j, (mover, card) in enumerate(chunk)]
            self.moves, self.final = every[:start + len(chunk)], start + self.n >= len(every)
            position = self._round()
        return position

    def _round(self) -> Position:
        while (position := self.build(*self._filled(), learn=True)) is None:
            pass
        return position

    def _known(self) -> tuple[dict[int, Counter], set[int]]:
        """Per token, the cards known to be in it after the pass; the tokens known whole."""
        own = self.hand - self.passed + self.received if self.exchanged else Counter(self.hand)
        if self.exchanged and self.passed - self.hand:
            raise UnoViewError("passed", 0, f"seat {self.seat} was not dealt {_text(self.passed - self.hand)}")
        known, whole = {self.seat: own}, {self.seat}
        receipts = self.receipts()
        if len(receipts) > len(self.got):
            t, _x, other = receipts[len(self.got)]
            raise UnoViewError("got", len(self.got), f"after trick {t + 1} seat {self.seat} swapped hands with seat "
                               f"{other}: give the hand it got (got {self.seat} <cards>)")
        for k, (t, x, _other) in enumerate(receipts):
            before = self.plays_from(x, t)
            size = self.rules.hand_size - sum(before.values())
            if sum(self.got[k].values()) != size:
                raise UnoViewError("got", k, f"the hand seat {self.seat} got after trick {t + 1} holds {size} cards, "
                                   f"not {sum(self.got[k].values())}")
            content = self.got[k] + before
            if x in known and known[x] != content:
                raise UnoViewError("got", k, f"that hand held {_text(known[x] - before)} when seat {self.seat} "
                                   "saw it before")
            known[x] = content
            whole.add(x)
        receiver = (self.seat + self.offset) % self.n
        if receiver in whole and self.exchanged and self.passed - known[receiver]:
            k = next(k for k, (_t, x, _o) in enumerate(receipts) if x == receiver)
            raise UnoViewError("got", k, f"that hand lacks {_text(self.passed - known[receiver])}, which seat "
                               f"{self.seat} passed into it")
        for x in range(self.n):
            if x not in whole:
                known[x] = self.plays_from(x) | (self.passed if x == receiver and self.exchanged else Counter())
        for x in whole:
            if self.plays_from(x) - known[x]:
                i = self._last_play_of(next(iter(self.plays_from(x) - known[x])))
                raise UnoViewError("move", i, f"seat {self.moves[i][0]} does not hold {self.moves[i][1]}")
        return known, whole

    def _filled(self) -> tuple[dict[int, Counter], list[Card]]:
        known, whole = self._known()
        seen = sum(known.values(), Counter()) + Counter(self.draws)
        over = seen - self.deck
        if over:
            raise UnoViewError(*self._blame(next(iter(over))))
        unseen = self.deck - seen
        need = {x: self.rules.hand_size - sum(known[x].values()) for x in range(self.n) if x not in whole}
        voids = {x: self.voids[x] for x in need}
        try:
            filler = fill_unseen(unseen, need, voids)
        except InvalidPositionError as exc:
            raise UnoViewError("move", max(len(self.moves) - 1, 0), str(exc)) from None
        post = {x: known[x] + filler.get(x, Counter()) for x in range(self.n)}
        rest = unseen - sum(filler.values(), Counter())
        return post, self.draws + sorted(rest.elements(), key=lambda c: c.index)

    def _blame(self, card: Card) -> tuple[str, int, str]:
        why = f"{card} is seen more often than the decks hold it ({self.deck[card]})"
        for k, g in enumerate(self.got):
            if card in g:
                return "got", k, why
        if card in self.draws:
            return "draws", 0, why
        if any(c == card for _m, c in self.moves):
            return "move", self._last_play_of(card), why
        return ("received", 0, why) if self.received and card in self.received else ("hand", 0, why)

    def _last_play_of(self, card: Card) -> int:
        return max(i for i, (_m, c) in enumerate(self.moves) if c == card)

    # -- a deal from each token's cards after the pass ------------------------------------
    def build(self, post: dict[int, Counter], stock: list[Card], learn: bool = False) -> Position | None:
        """The deal whose pass gives each token `post`, the stock in `stock`'s order, replayed.
        learn: None when the replay showed a swap or a void not assumed (learnt for the next round)."""
        passes = self._passes(post)
        dealt = [post[s] - self._received_by(s, passes) + passes.get(s, Counter()) if self.exchanged else post[s]
                 for s in range(self.n)]
        once, twice = zip(*(layers(c) for c in dealt))
        try:
            position = Position(self.rules, list(once), dealer=self.dealer, hand_no=self.hand_no, stock=stock,
                                twins=list(twice))
        except InvalidPositionError as exc:
            raise UnoViewError("hand", 0, str(exc)) from None
        order = [] if not self.pass_count else range(self.n) if self.exchanged else [self.seat] if self.passed is not None else []
        for s in order:
            try:
                position.set_twin_pass(s, [str(c) for c in sorted(passes[s].elements(), key=lambda c: c.index)])
            except IllegalMoveError as exc:
                raise UnoViewError("passed", 0, str(exc)) from None
        for i, (mover, card) in enumerate(self.moves):
            done = position.tricks_done
            if learn and self._learn_absent(position, i, mover, card):
                return None
            try:
                position.push(card, seat=mover)
            except IllegalMoveError as exc:
                raise UnoViewError("move", i, str(exc)) from None
            if position.tricks_done > done and position.turn is not None:  # the last trick's swaps move no card
                swapped = (position.turn, list(position.hand_swaps(done)))  # the winner leads the next trick
                if swapped[1] and self.swaps.get(done) != swapped:
                    if not learn:
                        raise UnoViewError("move", i, "the world's swaps differ from the view's (internal)")
                    self.swaps[done] = swapped
                    return None
        if learn and not self.final:
            return position
        made = self.stock_size - position.stock_left
        if made != len(self.draws):
            raise UnoViewError("draws", 0, f"the pairs drew {made} cards so far, not {len(self.draws)}")
        if len(self.got) > len(self.receipts()):
            raise UnoViewError("got", len(self.receipts()), f"{len(self.got)} hands got, but the swaps so far "
                               f"gave seat {self.seat} {len(self.receipts())}")
        return position

    def _passes(self, post: dict[int, Counter]) -> dict[int, Counter]:
        """Each seat's pass: the seat's own and its sender's as the view says, the others any
        `pass_count` cards of the token they went into (hidden from the seat)."""
        if not self.exchanged:
            return {self.seat: self.passed} if self.passed is not None else {}
        sender = (self.seat - self.offset) % self.n
        passes = {self.seat: self.passed, sender: self.received}
        for s in range(self.n):
            giver = (s - self.offset) % self.n
            if giver not in passes:
                passes[giver] = Counter(sorted(post[s].elements(), key=lambda c: c.index)[:self.pass_count])
        return passes

    def _received_by(self, s: int, passes: dict[int, Counter]) -> Counter:
        return passes[(s - self.offset) % self.n]

    def _learn_absent(self, position: Position, i: int, mover: int, card: Card) -> bool:
        """Learns the suits move `i` shows its token lacks (the core's revealed_absent, read
        before the move); True when the placeholder holds one of them there, so the move is
        illegal in it and the placeholder must be built again. A token the seat has held is
        known: an illegal move from it is the view's fault (push says why)."""
        if mover == self.seat or position.turn != mover:
            return False
        if i not in self.shown:  # the public state before move i, the same in every round
            absent = position.revealed_absent(card)
            # The max-flow deals by suit; uno-hearts' rules only ever bar whole suits.
            self.shown[i] = {suit for suit, cards in enumerate(self.suits) if cards and absent & cards == cards}
        lacks = self.shown[i]
        if not lacks:  # most moves follow suit
            return False
        x = self.tokens_at(i)[mover]
        if lacks <= self.voids[x]:
            return False
        self.voids[x] |= lacks  # (a known token's are never used: it is not filled)
        return not position.is_legal(card) and x not in self._known()[1]


def _pass_plan(rules: RuleSet, hand_no: int) -> tuple[int, int]:
    """(offset, count) of the hand's one-way pass, as the core plans it (A48b: 3 to the right;
    with +pass-cycle, (0, 0) in a hold hand)."""
    parts = [(p[0], p[1]) for p in rules.pass_plan(hand_no) if p[1]]
    return parts[0] if parts else (0, 0)


def _text(cards: Counter) -> str:
    return ",".join(str(c) for c in sorted(cards.elements(), key=lambda c: c.index))
