"""Every variant id of catalogue_ids() (new ones picked up automatically), and some
option combinations, plays complete matches: the hands are played by seeded random
bots through game.py's Match, each finished hand is sent whole to the engine
process (`python -m copas_ai engine`), which checks every play and answers `score`;
the hand scores, the match totals and the end of the match are confirmed by the
slow independent scorer (tests/support/independent_scorer.py, written from docs/RULES.md).

A base the independent scorer does not know fails the test by name (it never
passes silently).
"""

from __future__ import annotations

import copy

import pytest
from support.cep.process import EngineProcess
from support.independent_legal_copas_fora import takers, trigger_face
from support.independent_scorer import IndependentMatch, MatchRules, UnknownVariant, add_hand, parse_id

import copas_ai as ca
from copas_ai.bots import make_bot
from copas_ai.game import Match, play_hand
from copas_ai.moves.kitty import move_texts
from copas_ai.moves.passes import pass_text
from copas_ai.variants import catalogue_ids

# Combinations the catalogue does not list (it lists each option alone).
COMBINATIONS = [
    "copas-fora+jd-bonus+ten-of-death",
    "copas-fora+jd-bonus=moon-needs-jd,no-jd-first-trick+ten-of-death=moon-needs-tc+target-200",
    "copas-fora+fatal-ace+reverse-moon+super-moon",
    "copas-fora+reverse-moon=conditional+super-moon",
    "copas-fora+exact-score=hit-100-to-50-then-0,hit-50-to-0+clean-hand=penalty",
    "copas-fora+exact-score=hit-100-to-51+target-200+tie-stands",
    "copas-fora+pass-cycle=always-right+clean-hand",
    "teams+individual-tally",
    "copas-fora+split-pass=3l/1a2r/none+qs-forced+jd-bonus+ten-of-death",
    "three-five+kitty=first-point-taker+kitty-use+split-pass",
    "teams+split-pass+super-moon",
    # Copas Fora play options that meet on trick 1 (issue 34; docs/RULES.md A14b, A20b, A15, A17).
    "copas-fora+dealer-lead+points-first-trick",
    "copas-fora+dealer-lead=dealer-left+hearts-anytime+points-first-trick",
    "copas-fora+points-first-trick+qs-forced",
    "copas-fora+dealer-lead+hearts-anytime+points-first-trick+qs-forced",
    "copas-fora+hearts-anytime+qs-forced",
    "copas-fora+points-first-trick+lead-after-heart+qs-opens-hearts",
    "copas-fora+dealer-lead+stuck-lead-ends-hand",
    "teams+dealer-lead+points-first-trick+qs-forced",
    # Tricks of variable length (A21) meeting the whole-hand conditions and the forced Q♠.
    "copas-fora+nines-extend+super-moon+clean-hand",
    "teams+nines-extend+qs-forced",
    "spanish+sixes-extend+reverse-moon+first-trick-stuck-annul",
    # turbo with its jd-bonus and ten-of-death agreements (docs/RULES.md §8).
    "turbo+jd-bonus=moon-needs-jd+ten-of-death=moon-needs-tc",
    "turbo+nines-extend",  # S000 L73: the option was designed for turbo (charges and 8-card tricks)
    # The shooter's moon choice (§2.3), alone and with a moon that may count twice.
    "copas-fora+reverse-moon=shooter-choice",
    "copas-fora+reverse-moon=shooter-choice+super-moon+fatal-ace",
]
SEEDS = (1, 2, 3)
MAX_HANDS = 60  # a guard only: a random-bot match at 100 lasts about 10-20 hands


def _engine_position(variant_id: str, position: ca.Position, dealt, before: IndependentMatch) -> str:
    n = position.players
    words = [f"position variant {variant_id} players {n} dealer {position.dealer} handno {position.hand_no}",
             "scores " + " ".join(map(str, before.totals))]
    # The match state beyond the totals, as docs/PROTOCOL.md ("The match state") writes it.
    if before.tiebreak:
        words.append("match tiebreak")
    if before.pending:
        words.append("match reset " + ",".join(map(str, sorted(before.pending))))
    words += [f"hand {s} {dealt[s]}" for s in range(n)]
    if position.pass_plan:
        words += [f"passed {s} {pass_text(position.passed_parts[s])}" for s in range(n)]  # split: 'QS/AH,KC'
    if position.rules.pool_cards:  # kitty-swap: the pool's chance step, as the referee dealt it
        words += [f"received {s} {position.received_parts[s]}" for s in range(n)]
    if position.rules.stock_draw != ca.StockDraw.NONE:  # two-player: the stock as dealt, top first
        words.append("stock " + ",".join(map(str, position.dealt_stock)))
    words.append("moves " + " ".join(move_texts(position)))  # the into-hand kitty's discard in its place
    return " ".join(words)


def _assert_tricks_as_the_oracle_reads_them(variant_id: str, position: ca.Position, won, tricks) -> None:
    """nines-extend / sixes-extend (A21): the tricks cut, and taken, as the oracle of
    tests/support reads them from the plays (not from the core)."""
    trigger = trigger_face(set(parse_id(variant_id)[1]))
    if trigger:
        n = position.players
        plays = [(seat, str(card)) for seat, card in position.moves]
        assert (tricks, won) == takers(plays, trigger, n, n * position.rules.hand_size), variant_id


def play_match_through_engine(engine: EngineProcess, variant_id: str, seed: int, players: int | None = None) -> Match:
    variant = ca.find_variant(variant_id)
    match = Match.new(variant, players=players, seed=seed)
    n = match.players
    bots = [make_bot("random", seed=seed * 100 + s) for s in range(n)]
    try:
        independent = MatchRules.of(variant.id, goal_low=variant.goal == "low", target=match.rules.target)
    except UnknownVariant as exc:
        pytest.fail(f"{variant.id}: {exc}")
    state = IndependentMatch(variant.id, independent, [0] * n)
    while not match.is_over():
        assert len(match.hands) < MAX_HANDS, f"{variant.id} seed {seed}: no end after {MAX_HANDS} hands"
        position = match.deal_next_hand()
        dealt = position.hands
        play_hand(position, bots)
        before = copy.deepcopy(state)
        won = [{str(c) for c in position.won[s]} for s in range(n)]
        tricks = [position.tricks_won(s) for s in range(n)]
        _assert_tricks_as_the_oracle_reads_them(variant.id, position, won, tricks)
        # turbo's charges (§8), public; gong-zhu+super-charge's face-up ones apart (§9, A40).
        super_charged = {str(c) for c in position.super_charged}
        charged = {str(c) for c in position.charged} - super_charged
        # reverse-moon=shooter-choice (§2.3): the shooter's choice, when it made one.
        moon = next((d for _, _, d in position.decisions if d.startswith("moon=")), None)
        try:
            expected = state.add_hand(won, tricks, charged, None if moon is None else moon == "moon=reverse",
                                      super_charged)
        except UnknownVariant as exc:
            pytest.fail(f"{variant.id}: {exc}; add it to tests/support/independent_scorer*.py")
        # The engine is given the whole match state before the hand (`match …`).
        answer = engine.ask(_engine_position(variant.id, position, dealt, before))
        assert answer == [], answer
        engine.send("score")
        score, total = engine.line(), engine.line()
        sides = []
        while (state_line := engine.line()).startswith("side "):  # partnership games: one line per side
            sides.append(state_line)
        where = f"{variant.id} seed {seed} hand {position.hand_no}"
        assert score == "score " + " ".join(map(str, expected)), where
        assert total == "total " + " ".join(map(str, state.totals)), where
        expected_sides = [f"side {','.join(map(str, side))} score {sum(expected[s] for s in side)} "
                          f"total {sum(state.totals[s] for s in side)}" for side in independent.sides(n)]
        assert sides == (expected_sides if independent.teams else []), where
        record = match.record_hand(dealt, position)
        assert record.score == expected, where
        assert match.totals == state.totals, where
        over, winners = state.outcome()
        assert match.outcome() == (over, winners), where
        assert state_line.split()[:2] == ["state", "gameover" if over else "handover"], where
        # gameover names the winners the independent scorer finds.
        assert ("winner" in state_line.split()) == over, where
        if over:
            assert state_line.split()[2:4] == ["winner", ",".join(map(str, sorted(winners)))], where
    return match


def _plays_for_points(variant_id: str) -> bool:
    """Chips variants (betting-chips, docs/RULES.md §19) settle in chips and deal to the
    seats still in: tests/test_betting_chips_protocol.py plays them through the engine;
    so does domino+elimination (§17 end (b)): tests/test_protocol_domino.py.
    two-deck's and cancellation's two copies of every card (§13, §14) are rescored by their
    own referees (tests/test_protocol_two_deck.py, tests/test_protocol_cancellation.py)."""
    rules = ca.find_variant(variant_id).rules()
    return not rules.start_chips and not rules.eliminate_at_target and rules.copies == 1


def _all_ids() -> list[str]:
    return [i for i in catalogue_ids() + [c for c in COMBINATIONS if c not in catalogue_ids()] if _plays_for_points(i)]


@pytest.mark.parametrize("variant_id", _all_ids())
def test_variant_plays_complete_matches_confirmed_by_the_independent_scorer(variant_id):
    """<variant_id>: complete matches for a few seeds through the engine process, every
    hand score, total and the match end confirmed independently."""
    with EngineProcess() as engine:
        for seed in SEEDS:
            match = play_match_through_engine(engine, variant_id, seed)
            assert match.is_over()
        code, err = engine.close()
    assert code == 0 and b"Traceback" not in err


def _other_seat_counts() -> list[tuple[str, int]]:
    """Each base at every seat count it allows besides its default (rook: 3, 5, 6, 7)."""
    return [(base, n) for base in ca.variant_ids() if _plays_for_points(base) for n in ca.find_variant(base).seat_counts
            if n != ca.find_variant(base).default_players]


@pytest.mark.parametrize("variant_id, players", _other_seat_counts())
def test_variant_plays_complete_matches_at_its_other_seat_counts(variant_id, players):
    """<variant_id> with <players> seats (the kitty deals included): complete matches
    through the engine process, confirmed by the independent scorer."""
    with EngineProcess() as engine:
        for seed in SEEDS:
            assert play_match_through_engine(engine, variant_id, seed, players).is_over()
        code, err = engine.close()
    assert code == 0 and b"Traceback" not in err


def _extended_seat_counts() -> list[tuple[str, int]]:
    """The trick-extending ids (nines-extend, sixes-extend) at their other seat counts."""
    return [(v, n) for v in catalogue_ids() if "-extend" in v for n in ca.find_variant(v).seat_counts
            if n != ca.find_variant(v).default_players]


@pytest.mark.parametrize("variant_id, players", _extended_seat_counts())
def test_trick_extending_variant_plays_complete_matches_at_its_other_seat_counts(variant_id, players):
    """<variant_id> with <players> seats: complete matches through the engine process,
    the tricks (8 cards or fewer per round of seats) read by the oracle, the scores by
    the independent scorer."""
    with EngineProcess() as engine:
        for seed in SEEDS:
            assert play_match_through_engine(engine, variant_id, seed, players).is_over()
        code, err = engine.close()
    assert code == 0 and b"Traceback" not in err


@pytest.mark.slow
@pytest.mark.parametrize("variant_id", _all_ids())
def test_variant_plays_many_matches_confirmed_by_the_independent_scorer(variant_id):
    """<variant_id>: as above for 20 more seeds."""
    with EngineProcess() as engine:
        for seed in range(10, 30):
            play_match_through_engine(engine, variant_id, seed)
        engine.close()


def test_independent_scorer_refuses_a_base_it_does_not_know():
    """The play-through test cannot pass silently on a base without a scorer."""
    from support.independent_scorer import hand_scores

    with pytest.raises(UnknownVariant):
        hand_scores("no-such-base", [set()] * 4, [0] * 4)
    assert parse_id("copas-fora+jd-bonus=moon-needs-jd+super-moon") == (
        "copas-fora", {"jd-bonus": "moon-needs-jd", "super-moon": None})


def _moon_ids() -> list[str]:
    """The ids whose base plays the 52-card, 4-seat penalty game (moons are stacked there)."""
    return [v for v in _all_ids() if parse_id(v)[0] in ("american", "copas-fora", "teams")]


@pytest.mark.parametrize("variant_id", _moon_ids())
def test_variant_moon_hands_confirmed_by_the_independent_scorer(variant_id):
    """<variant_id>: random play rarely shoots the moon, so hands on stacked deals where
    the others feed one seat's tricks (many end in a moon, some with every trick): the
    hand scores and, from random totals near the target, the match totals (conditional
    reverse moon, exact-score) are confirmed independently."""
    import random

    from support.endgames import feeding_policy, stacked_deal

    variant = ca.find_variant(variant_id)
    rules = variant.rules()
    independent = MatchRules.of(variant.id, target=rules.target)
    moons = 0
    for seed in range(30):
        rng = random.Random(seed)
        shooter = rng.randrange(4)
        pos = ca.Position(rules, stacked_deal(rules, rng, shooter), dealer=3, hand_no=3)
        policy = feeding_policy(shooter)
        for seat in pos.pass_order:  # pass-cycle variants (a pass chain in its order)
            pos.set_pass(seat, pos.rote_pass(ca.CardSet(list(pos.hands[seat])[:3])))  # split-pass: by rote
        if pos.pool_pending:  # kitty-swap: each seat's own cards back, the stacked deal kept
            pos.return_pool(pos.passed_parts)
        while not pos.is_over():
            if pos.phase == "deciding":  # reverse-moon=shooter-choice: the shooter's form, at random
                pos.decide(rng.choice(pos.decision_choices))
                continue
            pos.push(policy(pos, rng))
        moons += pos.moon_shooter() is not None
        moon = next((d for _, _, d in pos.decisions if d.startswith("moon=")), None)
        won = [{str(c) for c in pos.won[s]} for s in range(4)]
        tricks = [pos.tricks_won(s) for s in range(4)]
        _assert_tricks_as_the_oracle_reads_them(variant.id, pos, won, tricks)
        totals = [rng.randrange(rules.target - 40, rules.target) for _ in range(4)]
        pending = {s for s in range(4) if rng.random() < 0.2}
        expected_totals = list(totals)
        expected = add_hand(variant.id, expected_totals, set(pending), won, tricks, independent,
                            reverse=None if moon is None else moon == "moon=reverse")
        pending_bits = sum(1 << s for s in pending)
        hand, after, _ = ca.add_hand_to_match(pos, totals, pending_bits)
        assert (hand, after) == (expected, expected_totals), f"{variant.id} seed {seed}"
    assert moons >= 10, f"{variant.id}: only {moons} moons in 30 stacked hands"
