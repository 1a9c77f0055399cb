"""Built-in players for the match flow. A bot decides for one seat: the pass,
each card, (the into-hand kitty's taker) the discard, and any other decision
the rules give (turbo's charge: choose_decision, 'word=value'). Bots read the position only through what their seat may know (their
hand, the trick, the public history); the core decides what is legal."""

from __future__ import annotations

import math
import random
from typing import Protocol

from copas_ai import _core
from copas_ai._core import Card, CardSet, Position
from copas_ai.bots.moon_sense import moon_card
from copas_ai.moves.passes import PassValue, from_flat


class Bot(Protocol):
    name: str

    # A CardSet, or for a split pass its parts in plan order (pass_parts.py); a
    # CardSet for a split pass is split by rote (Position.rote_pass).
    def choose_pass(self, position: Position, seat: int, count: int) -> PassValue: ...

    def choose_card(self, position: Position, seat: int) -> Card: ...


def choose_discard(bot: Bot, position: Position, seat: int) -> CardSet:
    """The into-hand kitty taker's whole discard (position.discards_left cards): the
    bot's choose_discard when it has one, else its cards chosen one at a time on a
    copy (the core's discard step takes them in ascending order)."""
    method = getattr(bot, "choose_discard", None)
    if method is not None:
        return method(position, seat, position.discards_left)
    work = position.copy()
    while work.discarding:
        work.push(bot.choose_card(work, seat))
    return work.discards - position.discards


def choose_decision(bot: Bot, position: Position, seat: int) -> str:
    """The decision due from `seat` as 'word=value' (position.decision_choices): the
    bot's choose_decision when it has one, else the rule-of-thumb one."""
    method = getattr(bot, "choose_decision", None)
    return method(position, seat) if method is not None else _core.heuristic_decision(position)


class RandomBot:
    """Uniformly random legal choices from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose_pass(self, position: Position, seat: int, count: int) -> PassValue:
        packet = position.blind_packet  # blind-forward: the unseen packet, forwarded whole or kept
        own = [c for c in position.hand(seat) if c not in packet]
        if packet and self._rng.randrange(math.comb(len(own), count) + 1) == 0:
            return packet  # one pass among the forward and every 3 of its own
        # The draw order cuts a split pass into its parts: every split equally likely.
        return from_flat(position.pass_plan, self._rng.sample(own, count))

    def choose_card(self, position: Position, seat: int) -> Card:
        return self._rng.choice(list(position.legal_moves()))

    def choose_discard(self, position: Position, seat: int, count: int) -> CardSet:
        # Uniform over the sets of `count` cards (card by card in the core's order is not).
        return CardSet(self._rng.sample(list(position.hand(seat)), count))

    def choose_decision(self, position: Position, seat: int) -> str:
        return self._rng.choice(position.decision_choices)


class HeuristicBot:
    """The core's rule-of-thumb player (also the search's playout policy): ducks,
    dumps the Q♠ and high hearts on others' tricks, voids short suits, leads low;
    with `moon`, it also stops a shooter and runs the rest when shooting itself
    (copas_ai.bots.moon_sense; not part of the playout policy)."""

    name = "heuristic"

    def __init__(self, seed: int = 0, moon: bool = True) -> None:
        self._rng = random.Random(seed)
        self._moon = moon

    def choose_pass(self, position: Position, seat: int, count: int) -> PassValue:
        if position.blind_packet:  # blind-forward: the core's rule, the packet unseen
            return _core.heuristic_blind_pass(position)
        return position.rote_pass(_core.heuristic_pass(position.rules, position.hand(seat), count))

    def choose_discard(self, position: Position, seat: int, count: int) -> CardSet:
        # The playout policy's discard (csrc/search/playout_policy.h): clean cards
        # that would win tricks, since whatever is discarded scores for the taker.
        return _core.heuristic_discard(position.rules, position.hand(seat), count)

    def choose_decision(self, position: Position, seat: int) -> str:
        return _core.heuristic_decision(position)

    def choose_card(self, position: Position, seat: int) -> Card:
        card = moon_card(position, seat) if self._moon else None
        return card if card is not None else _core.heuristic_card(position, seed=self._rng.getrandbits(63))


# The phases of a hand, for measuring where search time pays (docs/STRENGTH.md).
SEARCH_PHASES = ("pass", "early", "middle", "late")
EARLY_TRICKS = 4  # the first four tricks
LATE_CARDS = _core.PIMC_MAX_TRICKS  # the seat's last cards, where `auto` turns to PIMC (four)


def search_phase(position: Position, seat: int) -> str:
    """The phase of the hand a decision of `seat` falls in: the pass (and any decision
    before the play), the first four tricks, the last four cards of the seat, or between."""
    if position.phase != "playing":
        return "pass"
    if position.tricks_done < EARLY_TRICKS:
        return "early"
    return "late" if len(position.hand(seat)) <= LATE_CARDS else "middle"


class SearchBot:
    """The engine: the C++ search from the seat's own information. With objective
    "match" it plays for the match (the variant's MatchEquity table): play_match
    tells it the match state before each hand (set_match)."""

    def __init__(self, seed: int = 0, iterations: int | None = 2000, movetime_ms: int | None = None,
                 algorithm: str = "auto", threads: int = 1, objective: str = "points",
                 variant: str | None = None, pimc_max_tricks: int = _core.PIMC_MAX_TRICKS, match_horizon: int = 0,
                 inference_pool: int = 0, inference_noise: float = 0.5, inference_model: str = "policy",
                 phase_limits: dict[str, int] | None = None, exploration: float = 0.7, playout_noise: float = 0.1,
                 match_points_weight: float = 0.0, heuristic_pass: bool = False,
                 uno_pass_search: bool = False) -> None:
        from copas_ai.equity import check_objective, load_equity
        from copas_ai.models import inference_model_weights
        from copas_ai.search import Limit, Searcher
        from copas_ai.variants import find_variant

        self.name = algorithm if check_objective(objective) == "points" else f"{algorithm}/match"
        self._searcher = Searcher(threads=threads, seed=seed or 1, algorithm=algorithm, pimc_max_tricks=pimc_max_tricks,
                                  match_horizon=match_horizon, inference_pool=inference_pool,
                                  inference_noise=inference_noise,
                                  inference_model=inference_model_weights(inference_model), exploration=exploration,
                                  playout_noise=playout_noise,
                                  match_points_weight=match_points_weight, uno_pass_search=uno_pass_search)
        self._limit = Limit(movetime_ms=movetime_ms, iterations=iterations)
        # Per phase of the hand (search_phase), a limit instead of `_limit`, in its unit: a
        # movetime, or iterations when `_limit` counts iterations (docs/STRENGTH.md).
        self._phase_limits = {phase: Limit(movetime_ms=n) if movetime_ms is not None else Limit(iterations=n)
                              for phase, n in (phase_limits or {}).items()}
        if set(self._phase_limits) - set(SEARCH_PHASES):
            raise ValueError(f"unknown phase in {sorted(self._phase_limits)}; known: {', '.join(SEARCH_PHASES)}")
        # heuristic_pass: the playout policy's pass, unsearched (the searched pass's yardstick).
        self._passer = HeuristicBot(seed, moon=False) if heuristic_pass else None
        self._match = None
        self._objective: dict = {}
        if objective == "match":
            if variant is None:
                raise ValueError("objective 'match' needs the variant")
            self._objective = {"objective": "match", "equity": load_equity(find_variant(variant))}

    def set_match(self, state) -> None:
        """The match state the next hands are played in (totals, tie-break, resets)."""
        self._match = state

    def _search(self, position: Position, seat: int):
        limit = self._phase_limits.get(search_phase(position, seat), self._limit)
        return self._searcher.search(position, seat, limit, match=self._match, **self._objective)

    def choose_pass(self, position: Position, seat: int, count: int) -> PassValue:
        if self._passer is not None:
            return self._passer.choose_pass(position, seat, count)
        return self._search(position, seat).best

    def choose_discard(self, position: Position, seat: int, count: int) -> CardSet:
        return self._search(position, seat).best  # the search's discard decision

    def choose_decision(self, position: Position, seat: int) -> str:
        best = self._searcher.search(position, seat, self._limit).best  # `<seat>:<word>=<value>`
        return best.partition(":")[2]

    def choose_card(self, position: Position, seat: int) -> Card:
        moves = position.legal_moves()
        if len(moves) == 1:
            return next(iter(moves))
        return self._search(position, seat).best


BOT_NAMES = ("random", "heuristic", "ismcts", "pimc", "auto")


def make_bot(name: str, seed: int, iterations: int | None = 2000) -> Bot:
    """A built-in bot by name; raises ValueError naming the known ones."""
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot(seed)
    if name in ("ismcts", "pimc", "auto"):
        return SearchBot(seed=seed, iterations=iterations, algorithm=name)
    raise ValueError(f"unknown bot '{name}'; known: {', '.join(BOT_NAMES)}")
