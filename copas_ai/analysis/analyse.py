"""Judging every decision of a recorded game, the way a chess engine annotates one.

    record = load_record("game.json")
    analysis = analyse(record, AnalysisSettings(limit=Limit(iterations=2000)))
    analysis.decisions[0].loss, analysis.players[0].total_loss

Each decision (every pass and every card) is searched from what the deciding
seat knew at that moment — its dealt hand, the cards it passed and received,
the plays so far — rebuilt with world_from_view, so the hidden cards of the
record never reach the search. The loss of a decision is its expected hand
score against that of the engine's choice, in the variant's points.

The into-hand kitty's discard (three-five+kitty+kitty-use) is judged card by card,
as the rules make it and the search rates it: lowest card first, each from the
taker's view holding its kitty and the cards of the discard already down (one
card with 3 seats, two with 5). The cards played after it are judged with the
taker's view holding its kitty and discard.
A decision other than a card (turbo's charge, `<seat>:charge=QS`) is judged like a
pass: the loss of the choice made against the search's best choice, from the
seat's view (the charges made before it hidden, A33).
Nor is a revoke (a record with "revokes": "penalize"): the search plays only
legal cards. It is listed with its hand; the other seats' views read it as the
rules do (a void until proven).
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass, field, replace
from typing import Callable, Iterator

from copas_ai._core import (Card, CardSet, Goal, InvalidPositionError, MatchEquity, Position, Solver, StockDraw,
                            solver_unsupported)
from copas_ai.game import HandRecord
from copas_ai.analysis.record import GameRecord, replay
from copas_ai.moves import decisions as decision_moves
from copas_ai.moves.domino_view import domino_trick_starts, domino_view
from copas_ai.moves.passes import FORWARD
from copas_ai.moves.stock import drawn_in_order
from copas_ai.search import Limit, MoveStat, Searcher, world_from_view
from copas_ai.twin_world import twin_world_from_view
from copas_ai.uno_world import uno_world_from_view
from copas_ai.moves.uno_view import uno_view_args
from copas_ai.analysis.verdict import GOOD, VERDICTS, thresholds_for, verdict
from copas_ai.equity import check_objective, load_equity


@dataclass
class AnalysisSettings:
    limit: Limit = field(default_factory=lambda: Limit(movetime_ms=200))
    threads: int = 1
    seed: int = 1  # the world rebuilt from each view and the search; never 0 (random)
    algorithm: str = "auto"
    seats: set[int] | None = None  # None: every seat
    hands: tuple[int, int] | None = None  # 1-based inclusive range; None: every hand
    # The double-dummy line is solved from this trick on (None: none). A whole hand
    # takes the solver tens of seconds per seat; from trick 6 (8 tricks left) it
    # is tens of milliseconds.
    double_dummy_trick: int | None = 6
    double_dummy_nodes: int = 20_000_000  # per solve; past it the value is reported unknown
    # A pass chooses among every set of cards (286 from 13 cards), not among a
    # dozen cards, so its search gets this many times the limit.
    pass_scale: int = 10
    # "points": a decision's loss in expected hand points; "match": in match-winning
    # chance, from the totals each hand was played at (docs/MATCH_EQUITY.md).
    objective: str = "points"

    def limit_for(self, is_pass: bool) -> Limit:
        if not is_pass:
            return self.limit
        movetime, iterations = self.limit.movetime_ms, self.limit.iterations
        return Limit(movetime_ms=None if movetime is None else movetime * self.pass_scale,
                     iterations=None if iterations is None else iterations * self.pass_scale,
                     infinite=self.limit.infinite)


@dataclass
class Decision:
    hand: int  # 1-based
    trick: int | None  # 1-based; None for the pass
    seat: int
    played: Card | CardSet
    best: Card | CardSet  # the engine's choice (the played move when forced)
    played_score: float | None  # expected hand score of the seat; None when forced
    best_score: float | None
    played_stderr: float | None
    best_stderr: float | None
    loss: float  # expected points given away (>= 0); match objective: match-winning chance
    loss_stderr: float  # its standard error (0 when the two moves agree)
    verdict: str
    forced: bool = False
    discard: bool = False  # the into-hand kitty's discard, made after trick `trick`
    choice: bool = False  # a decision other than a card (`played`: `<seat>:<word>=<value>`)

    @property
    def kind(self) -> str:
        return "pass" if self.trick is None else "discard" if self.discard else "decision" if self.choice else "play"


@dataclass
class HandResult:
    hand: int  # 1-based
    dealer: int
    score: list[int]  # as played (so far, when unfinished)
    finished: bool
    # Each seat's double-dummy value at its card of the double-dummy trick (all
    # cards known, everyone else against it, points already taken counted); None
    # when not solved within the node limit or not reached.
    double_dummy: list[int | None]
    # The cards played that failed to follow suit (not judged): (trick, seat, card).
    revokes: list[tuple[int, int, Card]] = field(default_factory=list)


@dataclass
class PlayerSummary:
    seat: int
    name: str
    decisions: int = 0
    total_loss: float = 0.0
    verdicts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(VERDICTS, 0))
    points: int = 0

    @property
    def mean_loss(self) -> float:
        return self.total_loss / self.decisions if self.decisions else 0.0


@dataclass
class Analysis:
    record: GameRecord
    settings: AnalysisSettings
    decisions: list[Decision] = field(default_factory=list)
    hands: list[HandResult] = field(default_factory=list)
    players: list[PlayerSummary] = field(default_factory=list)
    # Why there is no double-dummy line although one was asked for ("" when there is).
    double_dummy_missing: str = ""


@dataclass
class DecisionPoint:
    """One decision of the record and the view its seat had."""

    hand: HandRecord
    seat: int
    trick: int | None
    played: Card | CardSet
    passed: CardSet | None
    received: CardSet | None
    moves: list[tuple[int, Card]]
    discard: bool = False  # a card of the into-hand kitty's discard (`played` that card)
    discarded_before: tuple[Card, ...] = ()  # the discard's lower cards, already down
    decisions: int = 0  # the hand's general decisions made before this one (hand.decisions[:k])
    choice: bool = False  # this one is a general decision (`played`: `<seat>:<word>=<value>`)
    forwarded: tuple[int, ...] = ()  # blind-forward: the forwards the seat had seen (public)


# (decisions done, decisions in all, share of the search time spent so far)
ProgressCallback = Callable[[int, int, float], None]


def selected_hands(record: GameRecord, settings: AnalysisSettings) -> list[HandRecord]:
    if settings.hands is None:
        return list(record.hands)
    first, last = settings.hands
    if not 1 <= first <= last <= len(record.hands):
        raise ValueError(f"hands {first}-{last}: the record has hands 1-{len(record.hands)}")
    return record.hands[first - 1:last]


def trick_of(starts: list[int], play: int) -> int:
    """The 1-based trick of the play at index `play`, from where each trick began (the
    core's trick_starts: a nines-extend trick holds 2 cards a seat)."""
    return bisect_right(starts, play)


def trick_starts(record: GameRecord, hand: HandRecord) -> list[int]:
    """Where each trick of the hand began, as play indices (the core's trick_starts; domino's
    tricks, N cards from any seats, are not indexed by the core: each lead starts one)."""
    played = replay(record, hand)
    return domino_trick_starts(played) if record.rules.stock_draw == StockDraw.UNTIL_FOLLOW else played.trick_starts


def decision_points(record: GameRecord, hand: HandRecord, seats: set[int] | None) -> Iterator[DecisionPoint]:
    """The hand's decisions in order: the dealer's plan (queens), the passes (seat order, or a pass
    chain's), then each card, and each card of the discard (lowest first) after the trick that took the kitty."""
    n = len(hand.deal)
    rules = record.hand_rules(hand)
    if seats is not None and hand.seats is not None:  # chips (§19): the match's seats as this hand's
        seats = {i for i, s in enumerate(hand.seats) if s in seats}
    applied = replay(record, hand, 0) if hand.passes is not None else None
    received = applied.received_parts if applied is not None else [None] * n
    # blind-forward: the links that forwarded their packet unseen (public; each saw no card of it).
    forwarders = tuple(s for s in range(n) if rules.pass_blind and applied is not None and applied.forwarded(s))
    starts = trick_starts(record, hand)
    # queens: the dealer's plan is the hand's first decision, made before the passes, which see it.
    planned = 1 if hand.decisions and decision_moves.word_of(hand.decisions[0][2]) == decision_moves.PLAN else 0

    def point(seat: int, trick: int, played, k: int, discard: bool = False,
              discarded_before: tuple[Card, ...] = (), choice: int | None = None) -> Iterator[DecisionPoint]:
        """The decision of `seat` before play k, when it is one of `seats`; `choice`: the
        index of a general decision (the ones before it are in its view)."""
        if seats is None or seat in seats:
            passed = hand.passes[seat] if hand.passes is not None else None
            got = received[seat]
            if (planned and choice == 0) or seat in forwarders:  # before any pass (the plan), or nothing seen
                passed = got = None
            before = sum(1 for at, _, _ in hand.decisions if at <= k) if choice is None else choice
            yield DecisionPoint(hand, seat, trick, played, passed, got, hand.plays[:k], discard,
                                discarded_before, before, choice is not None, forwarders)

    def choice_points(k: int) -> Iterator[DecisionPoint]:
        for j, (at, seat, decision) in enumerate(hand.decisions):
            if at == k and j >= planned:
                yield from point(seat, trick_of(starts, k), f"{seat}:{decision}", k, choice=j)

    if planned:
        yield from point(hand.decisions[0][1], trick_of(starts, 0), f"{hand.decisions[0][1]}:{hand.decisions[0][2]}",
                         0, choice=0)
    if hand.passes is not None:
        order = applied.pass_order
        for i, seat in enumerate(order):  # a pass chain's links saw what they received (peek-pass)
            seen = received[seat] if rules.pass_chain and not rules.pass_blind \
                and not applied.chain_start(seat) else None
            choice_made = FORWARD if seat in forwarders else hand.passes[seat]  # blind-forward: unseen cards
            if seats is None or seat in seats:
                yield DecisionPoint(hand, seat, None, choice_made, None, seen, [], decisions=planned,
                                    forwarded=tuple(s for s in order[:i] if s in forwarders))

    def discard_points() -> Iterator[DecisionPoint]:
        at, cards = hand.discard
        taker = replay(record, hand, at).kitty_taker
        ordered = sorted(cards)  # the order the rules make a discard in (kitty_discard.cpp)
        for j, card in enumerate(ordered):
            yield from point(taker, trick_of(starts, at) - 1, CardSet([card]), at, discard=True,
                             discarded_before=tuple(ordered[:j]))

    discard_at = hand.discard[0] if hand.discard is not None else None
    for k, (seat, card) in enumerate(hand.plays):
        yield from choice_points(k)
        if k == discard_at:
            yield from discard_points()
        if k not in hand.revokes:
            yield from point(seat, trick_of(starts, k), card, k)
    yield from choice_points(len(hand.plays))  # a record that ends at a decision
    if discard_at == len(hand.plays):  # the record ends at the discard
        yield from discard_points()


def view_world(record: GameRecord, point: DecisionPoint, seed: int) -> Position:
    """A world built from the deciding seat's information only."""
    hand = point.hand
    if record.rules.stock_draw == StockDraw.PAIRS:  # uno-hearts: the draws and the hands the swaps gave the seat
        # A pass is judged from the hand as dealt, before any pass (the seat knows only its own cards then).
        seen = uno_view_args(replay(record, replace(hand, passes=None) if point.trick is None else hand,
                                    len(point.moves)), point.seat)
        return uno_world_from_view(record.hand_rules(hand), point.seat, seed=seed, **seen)
    if hand.twins is not None:  # two-deck's two copies of every card: the two-copy sampler's world
        return twin_world_from_view(record.hand_rules(hand), point.seat, hand.deal[point.seat], moves=point.moves,
                                    dealer=hand.dealer, hand_no=hand.hand_no, twins=hand.twins[point.seat],
                                    seed=seed, revokes=record.revokes)
    if record.rules.stock_draw == StockDraw.UNTIL_FOLLOW:  # domino: the others' draws counted, discards face down
        seen = domino_view(replay(record, hand, len(point.moves)), point.seat).world_args()
        return world_from_view(record.hand_rules(hand), point.seat, hand.deal[point.seat], None, None,
                               seen.pop("moves"), dealer=hand.dealer, hand_no=hand.hand_no, seed=seed, **seen)
    forwards = {"forwarded": list(point.forwarded)} if point.forwarded else {}  # blind-forward
    world = world_from_view(record.hand_rules(hand), point.seat, hand.deal[point.seat], point.passed, point.received,
                            point.moves, dealer=hand.dealer, hand_no=hand.hand_no, seed=seed,
                            revokes=record.revokes, decisions=_view_decisions(record, point),
                            **_take_view(record, point), **forwards, **_stock_view(record, point))
    for card in point.discarded_before:  # the taker's own cards: its view holds them
        world.push(card)
    return world


def _view_decisions(record: GameRecord, point: DecisionPoint) -> list[tuple[int, int, str]]:
    """The general decisions before this one as the seat knew them: another seat's
    hidden charge is `charge=?` while the charges are still being made (A33), and a
    face-down one (+super-charge, A40) until its card is played."""
    if not point.decisions:
        return []
    known = replay(record, point.hand, len(point.moves), point.decisions)
    return decision_moves.seen_decisions(known, point.seat)


def _stock_view(record: GameRecord, point: DecisionPoint) -> dict:
    """two-player (docs/RULES.md §18): the cards the seat drew so far, in order; the
    other seat's draws stay unseen."""
    if record.rules.stock_draw == StockDraw.NONE:
        return {}
    return {"drawn": drawn_in_order(replay(record, point.hand, len(point.moves)), point.seat)}


def _take_view(record: GameRecord, point: DecisionPoint) -> dict:
    """The into-hand kitty in the view: once its discard precedes the decision, the
    taker sees its own kitty and discard (another seat's is face down)."""
    hand = point.hand
    if hand.discard is None or hand.discard[0] > len(point.moves):
        return {}
    at, cards = hand.discard
    taken = replay(record, hand, at)
    if point.discard:  # the taker's own decision: its kitty in hand, the discard being made
        return {"kitty": taken.kitty}
    mine = taken.kitty_taker == point.seat
    return {"kitty": taken.kitty if mine else None, "discarded": cards if mine else None, "discard_made": True}


def judge(record: GameRecord, point: DecisionPoint, searcher: Searcher, settings: AnalysisSettings,
          equity: MatchEquity | None = None) -> Decision:
    """Searches one decision from its seat's view and rates the move played (for the
    match when `equity` is given: the settings' objective is match)."""
    world = view_world(record, point, settings.seed)
    base = dict(hand=point.hand.hand_no + 1, trick=point.trick, seat=match_seat(point.hand, point.seat),
                played=point.played,
                discard=point.discard, choice=point.choice)
    choices = len(world.decision_choices) if point.choice else len(world.legal_moves())
    if point.trick is not None and choices == 1:
        return Decision(**base, best=point.played, played_score=None, best_score=None, played_stderr=None,
                        best_stderr=None, loss=0.0, loss_stderr=0.0, verdict=GOOD, forced=True)
    # The hand's recorded match state: a hand the match values otherwise (A24) is searched as it counts.
    objective = {} if equity is None else {"objective": "match", "equity": equity}
    # A chips hand after an elimination (§19) has fewer seats than the match; its value never reads it.
    match = point.hand.match if point.hand.seats is None else None
    result = searcher.search(world, point.seat, settings.limit_for(point.trick is None), match=match, **objective)
    # A card of a discard is rated as the first card of the rest of the discard (the
    # search rates a discard by its first card; `best` is its whole choice of the rest).
    as_rated = (lambda move: next(iter(move))) if point.discard else (lambda move: move)
    best = _stat(result.moves, as_rated(result.best))
    # blind-forward: a forward is rated as the world's own unseen packet, and reported as such.
    packet = world.blind_packet if point.trick is None and record.rules.pass_blind else CardSet()
    played = _stat(result.moves, packet if point.played == FORWARD else as_rated(point.played))
    # Lower is better for a penalty game's points; higher for bonus points and for a chance.
    sign = 1.0 if record.rules.goal == Goal.LOW and equity is None else -1.0
    loss = max(0.0, sign * (played.score - best.score))
    # The two estimates come from separate samples: their errors add in quadrature.
    loss_stderr = 0.0 if played is best else math.hypot(played.stderr, best.stderr)
    return Decision(**base, best=FORWARD if packet and result.best == packet else result.best, played_score=played.score, best_score=best.score,
                    played_stderr=played.stderr, best_stderr=best.stderr, loss=loss, loss_stderr=loss_stderr,
                    verdict=verdict(loss, loss_stderr, thresholds_for(settings.objective, record.rules)))


def _stat(moves: list[MoveStat], move: Card | CardSet) -> MoveStat:
    for stat in moves:
        if stat.move == move:
            return stat
    raise ValueError(f"the search did not rate {move}")


def double_dummy(record: GameRecord, hand: HandRecord, solver: Solver, trick: int,
                 node_limit: int) -> list[int | None]:
    """Each hand seat's double-dummy value at its card of `trick` (1-based)."""
    n = len(hand.deal)
    values: list[int | None] = [None] * n
    first = (trick - 1) * n
    for k in range(first, min(first + n, len(hand.plays))):
        seat = hand.plays[k][0]
        try:
            position = replay(record, hand, k)
            if hand.match is not None and solver_unsupported(position, hand.match):
                continue  # a moon the match may count reversed (A24): the solver's normal form would mislead: unknown
            values[seat] = solver.solve(position, node_limit=node_limit)
        except TimeoutError:
            pass  # too big for the limit: reported as unknown
        except InvalidPositionError:
            pass  # a kitty not yet settled (taken, and discarded into hand): unknown too
    return values


def _work(point: DecisionPoint, settings: AnalysisSettings) -> int:
    """A decision's share of the search time, in cards: a pass gets pass_scale times the limit."""
    return settings.pass_scale if point.trick is None else 1


def analyse(record: GameRecord, settings: AnalysisSettings, on_progress: ProgressCallback | None = None) -> Analysis:
    """Judges every selected decision and sums them up per player."""
    if settings.seed == 0:
        raise ValueError("seed 0 means random; analysis needs a fixed seed")
    hands = selected_hands(record, settings)
    points = [list(decision_points(record, hand, settings.seats)) for hand in hands]
    total = sum(len(hand_points) for hand_points in points)
    work_total = sum(_work(p, settings) for hand_points in points for p in hand_points) or 1
    # uno_pass_search: uno-hearts' pass is rated by the search even where the engine passes the heuristic's.
    searcher = Searcher(threads=settings.threads, seed=settings.seed, algorithm=settings.algorithm,
                        uno_pass_search=True)
    # The match objective's table (raises EquityUnavailableError for a variant it cannot model).
    equity = load_equity(record.variant, record.players) if check_objective(settings.objective) == "match" else None
    dd_trick = settings.double_dummy_trick
    analysis = Analysis(record, settings)
    if dd_trick is not None and solver_unsupported(record.rules):
        # Rules the solver cannot score (nines-extend's tricks of variable length, A21).
        analysis.double_dummy_missing = solver_unsupported(record.rules)
        dd_trick = None
    solver = Solver() if dd_trick is not None else None
    work_done = 0
    for hand, hand_points in zip(hands, points):
        for point in hand_points:
            if on_progress:
                on_progress(len(analysis.decisions), total, work_done / work_total)
            analysis.decisions.append(judge(record, point, searcher, settings, equity))
            work_done += _work(point, settings)
        dd = (double_dummy(record, hand, solver, dd_trick, settings.double_dummy_nodes) if solver
              else [None] * len(hand.deal))
        starts = trick_starts(record, hand)
        revokes = [(trick_of(starts, k), match_seat(hand, seat), card) for k in hand.revokes
                   for seat, card in [hand.plays[k]]]
        analysis.hands.append(HandResult(hand.hand_no + 1, match_seat(hand, hand.dealer),
                                         by_match_seat(record, hand, hand.score, 0), record.finished(hand),
                                         by_match_seat(record, hand, dd, None), revokes))
    if on_progress:
        on_progress(total, total, 1.0)
    analysis.players = summarise(record, analysis)
    return analysis


def match_seat(hand: HandRecord, seat: int) -> int:
    """The match seat of a hand seat (chips, §19: the hand is dealt to the seats still in)."""
    return seat if hand.seats is None else hand.seats[seat]


def by_match_seat(record: GameRecord, hand: HandRecord, values: list, out_value) -> list:
    """Per-hand-seat values spread over the match's seats, `out_value` for a seat that is out."""
    if hand.seats is None:
        return list(values)
    spread = [out_value] * record.players
    for i, seat in enumerate(hand.seats):
        spread[seat] = values[i]
    return spread


def summarise(record: GameRecord, analysis: Analysis) -> list[PlayerSummary]:
    seats = analysis.settings.seats
    players = [PlayerSummary(seat, name) for seat, name in enumerate(record.names)
               if seats is None or seat in seats]
    by_seat = {p.seat: p for p in players}
    for d in analysis.decisions:
        summary = by_seat[d.seat]
        summary.decisions += 1
        summary.total_loss += d.loss
        summary.verdicts[d.verdict] += 1
    for hand in analysis.hands:
        for p in players:
            p.points += hand.score[p.seat]
    return players
