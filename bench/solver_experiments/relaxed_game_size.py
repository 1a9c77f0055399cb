"""How tight and how small the solver's relaxed game R1 is (docs/SOLVER_JOURNAL.md, "The
relaxed game's ceiling"): a pure-Python model of late american play, solved by
plain paranoid minimax with a memo at trick boundaries, once as the rules say and
once as R1 (the other seats choose which of them leads after winning a trick, and
their cards between two of the root's cards are one class where none of them can
shoot). Prints per position both values and the positions each search visited.

    VENV/bin/python bench/solver_experiments/relaxed_game_size.py TRICKS_LEFT COUNT

Positions: the 13-trick bench deals (bench/solver_cases.py) played randomly to a
trick boundary with TRICKS_LEFT tricks left, a random root seat. Slow: five tricks
take seconds to a minute each. Not part of the solver: an independent check of the
idea, hearts broken only by a heart (american after the first trick).
"""

from __future__ import annotations

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from solver_cases import solver_cases  # noqa: E402

SUITS, RANKS = "CDHS", "23456789TJQKA"
HEARTS = sum(1 << (26 + r) for r in range(13))
QS_BIT = 39 + 10
SUIT_MASK = [((1 << 13) - 1) << (13 * s) for s in range(4)]
N = 4


def card_bit(card) -> int:
    text = str(card)
    return SUITS.index(text[1]) * 13 + RANKS.index(text[0])


def points(mask: int) -> int:
    return bin(mask & HEARTS).count("1") + (13 if mask >> QS_BIT & 1 else 0)


def cards(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def solve(hands, leader, taken, broken, root, relaxed: bool):
    """(value, positions visited, boundary entries) of the paranoid game or of R1."""
    memo, visited = {}, [0]

    def nobody_else_shoots(taken):
        takers = [s for s in range(N) if taken[s] > 0]
        return len(takers) >= 2 or takers == [root]

    def key(hands, leader, taken, broken):
        if not relaxed or not nobody_else_shoots(taken):
            return hands, leader, taken, broken
        # Per suit from the top: the root's cards, and between two of them each
        # other seat's count of cards (the Q♠ where it lies).
        suits = []
        for s in range(4):
            row, run, between, queen = [], 0, [0] * N, None
            for c in range(13 * s + 12, 13 * s - 1, -1):
                if hands[root] >> c & 1:
                    if any(between):
                        row.append(tuple(between))
                        between = [0] * N
                    run += 1
                    continue
                for t in range(N):
                    if t != root and hands[t] >> c & 1:
                        if run:
                            row.append(run)
                            run = 0
                        if c == QS_BIT:
                            queen = (t, len(row))
                        else:
                            between[t] += 1
            if run:
                row.append(run)
            if any(between):
                row.append(tuple(between))
            suits.append((tuple(row), queen))
        return tuple(suits), leader == root, taken[root], broken

    def legal(hand, trick, broken):
        if trick:
            follow = hand & SUIT_MASK[trick[0][1] // 13]
            return follow or hand
        return hand & ~HEARTS if not broken and hand & ~HEARTS else hand

    def final(taken):
        for s in range(N):
            if taken[s] == 26:
                return 0 if s == root else 26
        return taken[root]

    def boundary(hands, leader, taken, broken):
        visited[0] += 1
        if hands[0] == 0:
            return final(taken)
        k = key(hands, leader, taken, broken)
        if k not in memo:
            leaders = [s for s in range(N) if s != root] if relaxed and leader != root else [leader]
            memo[k] = max(in_trick(hands, s, taken, broken, [], s) for s in leaders)
        return memo[k]

    def options(hands, seat, playable, taken):
        if not relaxed or seat == root or not nobody_else_shoots(taken):
            return list(cards(playable))
        one_per_class = {}
        for c in cards(playable):
            above = bin(hands[root] & SUIT_MASK[c // 13] & ~((1 << (c + 1)) - 1)).count("1")
            one_per_class.setdefault((c // 13, above, c == QS_BIT), c)
        return list(one_per_class.values())

    def in_trick(hands, leader, taken, broken, trick, seat):
        visited[0] += 1
        if len(trick) == N:
            led = trick[0][1] // 13
            top = max(c for _, c in trick if c // 13 == led)
            winner = next(s for s, c in trick if c == top)
            won = sum(1 << c for _, c in trick)
            after = tuple(t + (points(won) if s == winner else 0) for s, t in enumerate(taken))
            return boundary(hands, winner, after, broken or bool(won & HEARTS))
        values = []
        for c in options(hands, seat, legal(hands[seat], trick, broken), taken):
            rest = tuple(h & ~(1 << c) if s == seat else h for s, h in enumerate(hands))
            values.append(in_trick(rest, leader, taken, broken, trick + [(seat, c)], (seat + 1) % N))
        return min(values) if seat == root else max(values)

    value = boundary(hands, leader, taken, broken)
    return value, visited[0], len(memo)


def main() -> None:
    tricks_left, count = int(sys.argv[1]), int(sys.argv[2])
    deals = solver_cases("american", 13)
    for k in range(count):
        pos = deals[k % len(deals)].copy()
        rng = random.Random(1000 + k)
        while len(pos.moves) < 52 - 4 * tricks_left:
            pos.push(rng.choice(list(pos.legal_moves())))
        hands = tuple(sum(1 << card_bit(c) for c in pos.hand(s)) for s in range(N))
        taken = tuple(points(sum(1 << card_bit(c) for c in pos.won[s])) for s in range(N))
        root = rng.randrange(N)
        real = solve(hands, pos.turn, taken, pos.hearts_broken, root, relaxed=False)
        r1 = solve(hands, pos.turn, taken, pos.hearts_broken, root, relaxed=True)
        print(f"{k}: root {root} taken {taken} real value {real[0]} positions {real[1]:,} | "
              f"R1 value {r1[0]} positions {r1[1]:,}", flush=True)


if __name__ == "__main__":
    main()
