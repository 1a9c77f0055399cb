"""The perfect-information solver against an independent brute-force minimax.

The reference (tests/support/solver_oracle.py) is written in pure Python: it walks
every legal card with Position.push/pop, scores finished hands with Position.score()
(moon rules included) and takes the paranoid min/max itself: the seat to act at the
root minimises its own final score, every other seat maximises it. Nothing of the
solver's machinery (table, rank equivalence, ordering, bounds) is used.

Positions are fully known endgames of both variants (tests/support/endgames.py),
reached from seeded deals by three kinds of play: uniformly random; "hoarding"
(nobody plays a point card while it has another), which leaves many point cards for
the last tricks so every seat can still shoot the moon; and "feeding" from a deal
stacked in one seat's favour, where that seat wins tricks and the others throw point
cards on them, so a moon is on (or has just been broken) when the endgame starts.
"""

from __future__ import annotations

import random

import pytest

import copas_ai
from copas_ai import _core

from support.endgames import POINT_CARDS, endgames, make_endgame
from support.solver_oracle import brute_force_value, check_position

VARIANTS = ("american", "copas-fora")


# (kind, tricks left, positions per variant): about 2,400 positions in all. A
# whole four tricks can cost the pure-Python reference seconds, so the fast set
# starts those with two or three cards of the first trick down, and the slow set
# has more, from trick boundaries too.
# The longest sets are also marked slow, which keeps them out of the sanitizer
# pass (.ci/run), where each costs 15 to 35 s: the shorter sets there reach the
# same code of the core.
SLOW = pytest.mark.slow
CASES = [
    ("random", 1, 150),
    ("random", 2, 300),
    pytest.param("random", 3, 200, marks=SLOW),
    ("random", 4, 6),
    ("hoarding", 2, 200),
    pytest.param("hoarding", 3, 100, marks=SLOW),
    pytest.param("hoarding", 4, 4, marks=SLOW),
    ("feeding", 2, 150),
    pytest.param("feeding", 3, 80, marks=SLOW),
    pytest.param("feeding", 4, 4, marks=SLOW),
]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("kind,tricks_left,count", CASES)
def test_solver_matches_brute_force_minimax(solver, variant, kind, tricks_left, count):
    """american / copas-fora endgames (random, hoarded points, stacked moon deals):
    solve and every solve_moves entry equal the independent paranoid minimax."""
    min_in_trick = 2 if tricks_left == 4 else 0
    for pos in endgames(variant, kind, tricks_left, count, base_seed=1000, min_in_trick=min_in_trick):
        check_position(solver, pos)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("kind", ["random", "hoarding", "feeding"])
def test_solver_matches_brute_force_minimax_four_tricks(solver, variant, kind):
    """american / copas-fora, four tricks left (or three and part of one): solve and
    solve_moves equal the independent paranoid minimax."""
    for pos in endgames(variant, kind, 4, 6, base_seed=5000):
        check_position(solver, pos)


def _moon_candidates(pos) -> int:
    """Seats that still hold every moon card already taken (and so could shoot)."""
    taken = [won & pos.rules.moon_cards for won in pos.won]
    return sum(1 for seat in range(4) if all((other & taken[seat]) == other for other in taken))


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("kind", ["random", pytest.param("feeding", marks=SLOW)])
def test_solver_matches_brute_force_inside_tricks(solver, variant, kind):
    """american / copas-fora, three tricks left with one to three cards of the
    first down: random play (mostly no moon left) and stacked moon deals kept to
    positions where a moon is still possible. The in-trick bounds (points on the
    table count for the root only while it can still win the trick, surely once
    it holds the trick against every seat still to play; a trick holding a moon
    card that no moon candidate can win ends the moon) leave solve and solve_moves
    equal to the paranoid minimax."""
    checked = 0
    for pos in endgames(variant, kind, 3, 300, base_seed=12000, min_in_trick=1):
        if kind == "random" or _moon_candidates(pos) > 0:
            check_position(solver, pos)
            checked += 1
    assert checked >= 60


def _table_card_splits(pos, winner_between: bool) -> bool:
    """True when two of the mover's legal cards, next to each other among the cards
    in the hands and of one card class, have a card of the trick between them:
    the trick's winning card (winner_between) or only cards it beats."""
    trick = [card for _, card in pos.trick]
    led = trick[0].suit
    winner = max((c for c in trick if c.suit == led), key=lambda c: c.face)
    held = [c for hand in pos.hands for c in hand]
    legal = sorted(pos.legal_moves(), key=lambda c: (c.suit, c.face))
    for a, b in zip(legal, legal[1:]):
        same_class = (a in POINT_CARDS) == (b in POINT_CARDS) and "QS" not in (str(a), str(b))
        if a.suit != b.suit or not same_class:
            continue
        if any(c.suit == a.suit and a.face < c.face < b.face for c in held):
            continue
        between = [c for c in trick if c.suit == a.suit and a.face < c.face < b.face]
        if between and (winner in between) == winner_between:
            return True
    return False


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("winner_between", [False, True], ids=["losing-card-between", "winning-card-between"])
def test_rank_equivalence_reads_only_the_trick_winning_card(solver, variant, winner_between):
    """american / copas-fora, two tricks left with two or three cards of the first
    down, where a card of the trick lies between two of the mover's legal cards
    that nothing in a hand separates. Cards the trick's winner beats leave with the
    trick, so the solver plays one of the two for both (rank_equivalence.h); the
    winning card keeps them apart (one wins the trick, one does not). Either way
    solve and solve_moves equal the paranoid minimax."""
    checked = 0
    for pos in endgames(variant, "random", 2, 1500, base_seed=13000, min_in_trick=2):
        if _table_card_splits(pos, winner_between):
            check_position(solver, pos)
            checked += 1
    assert checked >= 20


def test_endgame_sets_contain_moon_outcomes():
    """american / copas-fora: the generated endgames include positions whose value
    is another seat's moon (26 for the root), and positions where the root, with
    points already taken, has a card worth 0: its own moon. So both moon paths of
    the scoring are among those the solver is checked on."""
    solver = _core.Solver(hash_mb=8)
    others_moon = root_moon = 0
    for variant in VARIANTS:
        for kind in ("hoarding", "feeding"):
            for pos in endgames(variant, kind, 3, 60, base_seed=1000):
                others_moon += solver.solve(pos) == 26
                took_points = pos.points_taken()[pos.turn] > 0
                root_moon += took_points and 0 in solver.solve_moves(pos).values()
    assert others_moon >= 20
    assert root_moon >= 10


def played_forward(rules, seed: int, tricks_left: int):
    """A seeded deal under hand-built `rules`, played randomly to `tricks_left` tricks."""
    rng = random.Random(seed)
    n = rules.players
    pos = copas_ai.Position(rules, copas_ai.deal(rules, seed), dealer=n - 1, hand_no=3)
    while len(pos.moves) < n * (rules.hand_size - tricks_left) + rng.randrange(n):
        pos.push(rng.choice(list(pos.legal_moves())))
    return pos


@pytest.mark.parametrize("players", [3, 5])
def test_solver_matches_brute_force_for_other_player_counts(solver, players):
    """american rules rebuilt for 3 and 5 seats (17 and 10 cards, one or two cards
    left out of the deal): the solver needs no change of its own."""
    rules = copas_ai.find_variant("american").rules()
    rules.players = players
    rules.hand_size = 52 // players
    for seed in range(60):
        check_position(solver, played_forward(rules, 300 + seed, 3))


def test_solver_matches_brute_force_for_a_high_goal_and_self_minus_moon(solver):
    """A hand-built bonus game (goal high: hearts +1, the Q of spades +13, and a
    moon that gives its shooter -26 under SELF_MINUS): the root now maximises its
    score and the others minimise it."""
    rules = copas_ai.find_variant("copas-fora").rules()
    rules.goal = copas_ai.Goal.HIGH
    rules.moon = copas_ai.MoonRule.SELF_MINUS
    for seed in range(150):
        check_position(solver, played_forward(rules, 700 + seed, 3), low_is_good=False)


def test_solver_rejects_a_position_not_in_play():
    """A hand still passing (american, hand 0 passes left) has no value to solve."""
    rules = copas_ai.find_variant("american").rules()
    pos = copas_ai.Position(rules, copas_ai.deal(rules, 1), dealer=3, hand_no=0)
    with pytest.raises(copas_ai.InvalidPositionError):
        _core.Solver(hash_mb=1).solve(pos)
    with pytest.raises(copas_ai.InvalidPositionError):
        _core.solve_plain(pos)


def test_solver_rejects_a_silly_table_size():
    with pytest.raises(ValueError):
        _core.Solver(hash_mb=0)


def test_table_is_reused_across_calls_and_variants():
    """One solver alternates american and copas-fora positions (the table is
    cleared when the rules change) and stays exact, including a repeat solve."""
    solver = _core.Solver(hash_mb=2)
    for i in range(40):
        variant = VARIANTS[i % 2]
        pos = make_endgame(variant, 500 + i, 3, "random")
        want = brute_force_value(pos, [pos.turn])
        assert solver.solve(pos) == want
        assert solver.solve(pos) == want


def test_solver_releases_the_gil_and_is_thread_safe():
    """Two threads share one Solver (calls serialise on its lock) and agree with a
    single-threaded run."""
    import threading

    positions = [make_endgame("american", 900 + i, 3, "random") for i in range(30)]
    expected = [brute_force_value(p, [p.turn]) for p in positions]
    solver = _core.Solver(hash_mb=2)
    results = [None] * len(positions)

    def work(start):
        for i in range(start, len(positions), 2):
            results[i] = solver.solve(positions[i])

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == expected


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("kind", ["random", "hoarding", "feeding"])
def test_solver_matches_plain_alpha_beta_on_longer_endgames(variant, kind):
    """american / copas-fora, five and six tricks left (boundaries and tricks in
    progress), beyond the pure-Python reference's reach: solve equals the plain
    alpha-beta (no table, ordering, equivalence or bounds) and the best of
    solve_moves. One solver for all, so its table, killer leads and per-trick
    bounds carry over from position to position as in real use."""
    solver = _core.Solver(hash_mb=8)
    for tricks_left, count in ((5, 8), (6, 2)):
        for pos in endgames(variant, kind, tricks_left, count, base_seed=8000):
            want = _core.solve_plain(pos)[0]
            assert solver.solve(pos) == want, f"solve: {pos.hands} trick {pos.trick}"
            assert min(solver.solve_moves(pos).values()) == want
