"""Strength: copas_ai against OpenSpiel's ISMCTSBot in a duplicate arena.

Each deal (american, no passing: OpenSpiel's bot crashes in the pass) is played
twice with the seats swapped: copas_ai on seats 0 and 2 and the peer on 1 and 3,
then the other way round, so the cards' luck cancels. Both think the same
wall-clock time per move. Reports copas_ai's and the peer's mean points per hand
and the difference per deal with its standard error.

    python bench/arena_vs_openspiel.py --deals 200 --movetime-ms 100 [--opponent openspiel|random|ismcts-tenth]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from peer import os_action  # noqa: E402

import copas_ai as ca  # noqa: E402
from copas_ai.search import Limit, Searcher  # noqa: E402


class PeerIsmcts:
    """OpenSpiel's ISMCTSBot (random rollouts) kept in step with our position."""

    def __init__(self, seed: int, movetime_ms: int) -> None:
        import pyspiel

        self.evaluator = pyspiel.RandomRolloutEvaluator(1, seed)  # keep a reference: see the known peer defects
        self.bot = pyspiel.ISMCTSBot(seed, self.evaluator, 2.0, 10_000_000, -1,
                                     pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False,
                                     movetime_ms / 1000)

    def choose(self, state, position):
        action = self.bot.step(state)
        return ca.Card((action % 4) * 16 + action // 4)


class Engine:
    def __init__(self, seed: int, movetime_ms: int | None, iterations: int | None = None) -> None:
        self.searcher = Searcher(seed=seed)
        self.limit = Limit(movetime_ms=movetime_ms, iterations=iterations)

    def choose(self, state, position):
        moves = position.legal_moves()
        if len(moves) == 1:
            return next(iter(moves))
        return self.searcher.search(position, position.turn, self.limit).best


class Uniform:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state, position):
        return self.rng.choice(list(position.legal_moves()))


class Heuristic:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state, position):
        return ca.heuristic_card(position, seed=self.rng.getrandbits(63))


def play(rules, hands, players, need_state: bool):
    position = ca.Position(rules, hands, hand_no=3)
    state = None
    if need_state:
        import pyspiel

        game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False, "pass_cards": False})
        state = game.new_initial_state()
        state.apply_action(0)  # "No Pass"
        for k in range(52):
            state.apply_action(os_action(list(hands[k % 4])[k // 4]))
    while not position.is_over():
        card = players[position.turn].choose(state, position)
        position.push(card)
        if state is not None:
            state.apply_action(os_action(card))
    return position.score()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--movetime-ms", type=int, default=100)
    parser.add_argument("--opponent", default="openspiel", choices=["openspiel", "random", "heuristic", "ismcts-tenth"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=None, help="JSON Lines file of per-deal results")
    args = parser.parse_args()
    rules = ca.find_variant("american").rules()
    diffs, ours_all, theirs_all = [], [], []
    out = open(args.out, "a") if args.out else None
    for d in range(args.deals):
        hands = ca.deal(rules, args.seed * 100_000 + d)
        ours = theirs = 0.0
        for swap in (0, 1):
            def opponent(seat):
                seed = args.seed * 1000 + d * 8 + seat
                if args.opponent == "openspiel":
                    return PeerIsmcts(seed, args.movetime_ms)
                if args.opponent == "random":
                    return Uniform(seed)
                if args.opponent == "heuristic":
                    return Heuristic(seed)
                return Engine(seed, args.movetime_ms // 10)
            players = [Engine(args.seed * 1000 + d * 8 + s + 4, args.movetime_ms) if (s + swap) % 2 == 0
                       else opponent(s) for s in range(4)]
            score = play(rules, hands, players, args.opponent == "openspiel")
            for s in range(4):
                if (s + swap) % 2 == 0:
                    ours += score[s]
                else:
                    theirs += score[s]
        # Per deal: each side played every seat once, so both sums cover 4 seat-hands.
        ours_all.append(ours / 4)
        theirs_all.append(theirs / 4)
        diffs.append((theirs - ours) / 4)
        if out:
            out.write(json.dumps({"deal": d, "copas_ai": ours / 4, "opponent": theirs / 4}) + "\n")
            out.flush()
        if (d + 1) % 10 == 0 or d + 1 == args.deals:
            se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
            print(f"{d + 1} deals: copas_ai {statistics.mean(ours_all):.2f} pts/hand, {args.opponent} "
                  f"{statistics.mean(theirs_all):.2f}; difference {statistics.mean(diffs):+.2f} ± {se:.2f} (SE)",
                  flush=True)


if __name__ == "__main__":
    main()
