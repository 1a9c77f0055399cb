"""Arena player specs and the players they build: built-in bots, the search at
a limit, any CEP engine (seeing only its seat's view) and OpenSpiel's ISMCTS."""

import sys

import pytest

import copas_ai as ca
from copas_ai.arena import ArenaConfig, RunOptions, parse_player, run_arena
from copas_ai.arena.cep_player import close_engines, seat_view_text
from copas_ai.arena.players import PlayerSpec


@pytest.mark.parametrize("text,spec", [
    ("random", PlayerSpec("random", {})),
    ("heuristic:moon=0", PlayerSpec("heuristic", {"moon": 0})),
    ("ismcts:movetime=100", PlayerSpec("ismcts", {"movetime": 100})),
    ("auto:iterations=5000,threads=2", PlayerSpec("auto", {"iterations": 5000, "threads": 2})),
    ("pimc", PlayerSpec("pimc", {"iterations": 2000})),
    ("auto:movetime=100,pimc=6", PlayerSpec("auto", {"movetime": 100, "pimc": 6})),
    ("auto:movetime=10,infer=512,inoise=80", PlayerSpec("auto", {"movetime": 10, "infer": 512, "inoise": 80})),
    ("auto:movetime=10,late=100,pass=50", PlayerSpec("auto", {"movetime": 10, "late": 100, "pass": 50})),
    ("auto:iterations=300,hpass=1", PlayerSpec("auto", {"iterations": 300, "hpass": 1})),
    ("auto:iterations=300,upass=1", PlayerSpec("auto", {"iterations": 300, "upass": 1})),
    ("ismcts:iterations=300,pnoise=30", PlayerSpec("ismcts", {"iterations": 300, "pnoise": 30})),
    ("openspiel:movetime=50", PlayerSpec("openspiel", {"movetime": 50})),
    ("openspiel:iterations=50", PlayerSpec("openspiel", {"iterations": 50})),
    ("openspiel", PlayerSpec("openspiel", {"movetime": 100})),
    ("cep:copas-engine --x", PlayerSpec("cep", {"movetime": 100}, "copas-engine --x")),
    ("cep[iterations=300]:python -m copas_ai engine", PlayerSpec("cep", {"iterations": 300}, "python -m copas_ai engine")),
])
def test_player_specs_parse(text, spec):
    assert parse_player(text) == spec


@pytest.mark.parametrize("text,message", [
    ("nobody", "unknown player"),
    ("ismcts:depth=3", "bad option 'depth=3'"),
    ("ismcts:movetime=0", "bad option"),
    ("random:iterations=5", "random takes no options"),
    ("auto:moon=1", "only heuristic takes moon"),
    ("ismcts:pimc=6", "only auto takes pimc"),
    ("auto:pimc=0", "bad option"),
    ("auto:inoise=20", "goes with infer"),
    ("auto:infer=64,inoise=101", "inoise=P is at most 100"),
    ("cep[match=1]:python -m copas_ai engine", "only ismcts, pimc, auto take match"),
    ("heuristic:late=100", "heuristic only moon"),
    ("openspiel:early=100", "take a phase's limit"),
    ("auto:late=0", "bad option"),
    ("openspiel:iterations=5,movetime=5", "openspiel takes movetime or iterations, not both"),
    ("openspiel:threads=2", "only ismcts, pimc, auto take threads"),
    ("heuristic:hpass=1", "heuristic only moon"),
    ("auto:hpass=2", r"hpass=0\|1 \(the playout policy's pass\)"),
    ("openspiel:hpass=1", r"hpass=0\|1 \(the playout policy's pass\)"),
    ("openspiel:upass=1", r"upass=0\|1 \(uno-hearts' searched pass\)"),
    ("auto:upass=1,hpass=1", "without hpass=1"),
    ("auto:pnoise=101", "pnoise=P is at most 100"),
])
def test_bad_player_specs_are_value_errors(text, message):
    with pytest.raises(ValueError, match=message):
        parse_player(text)


def test_auto_pimc_option_sets_the_tricks_left_from_which_it_solves():
    """american, seat to play with 6 cards: `auto:pimc=6` solves worlds (PIMC), plain `auto` (4) does not."""
    from copas_ai.arena.players import build
    from support.hands import NO_PASS_HAND

    rules = ca.find_variant("american").rules()
    p = ca.Position(rules, ca.deal(rules, 4), dealer=3, hand_no=NO_PASS_HAND)
    while len(p.hand(p.turn)) > 6:
        p.push(ca.heuristic_card(p, seed=len(p.hand(p.turn))))
    algorithms = {}
    for text in ("auto:iterations=30,pimc=6", "auto:iterations=30"):
        bot = build(parse_player(text), seed=1, variant="american")
        algorithms[text] = bot._searcher.search(p, p.turn, bot._limit).algorithm
    assert algorithms == {"auto:iterations=30,pimc=6": "pimc", "auto:iterations=30": "ismcts"}


def test_pnoise_sets_the_playouts_share_of_random_cards():
    """american, the first lead searched by ISMCTS with one seed: `pnoise=10` is the default
    search visit for visit, `pnoise=60` plays out other cards."""
    from copas_ai.arena.players import build
    from support.hands import NO_PASS_HAND

    rules = ca.find_variant("american").rules()
    p = ca.Position(rules, ca.deal(rules, 4), dealer=3, hand_no=NO_PASS_HAND)
    p.push(ca.heuristic_card(p, seed=1))
    scores = {}
    for text in ("ismcts:iterations=400", "ismcts:iterations=400,pnoise=10", "ismcts:iterations=400,pnoise=60"):
        bot = build(parse_player(text), seed=1, variant="american")
        scores[text] = [(m.move, m.visits, m.score) for m in bot._searcher.search(p, p.turn, bot._limit).moves]
    assert scores["ismcts:iterations=400"] == scores["ismcts:iterations=400,pnoise=10"]
    assert scores["ismcts:iterations=400"] != scores["ismcts:iterations=400,pnoise=60"]


def test_american_search_phases_and_a_phases_own_movetime():
    """american: the pass, the first four tricks, the seat's last four cards, and between;
    `auto:iterations=N,late=M` searches the late phase for M iterations and every other
    decision for N; with movetime=T, late=M is M ms."""
    from copas_ai.arena.players import build
    from copas_ai.bots import search_phase

    rules = ca.find_variant("american").rules()
    p = ca.Position(rules, ca.deal(rules, 4), dealer=3, hand_no=0)
    assert search_phase(p, 0) == "pass"
    p = ca.Position(rules, ca.deal(rules, 4), dealer=3, hand_no=3)
    phases = []
    while not p.is_over():
        phases.append((p.tricks_done, len(p.hand(p.turn)), search_phase(p, p.turn)))
        p.push(ca.heuristic_card(p, seed=len(phases)))
    assert {t for t, _, ph in phases if ph == "early"} == {0, 1, 2, 3}
    assert {n for _, n, ph in phases if ph == "late"} == {1, 2, 3, 4}
    assert {t for t, _, ph in phases if ph == "middle"} == {4, 5, 6, 7, 8}
    bot = build(parse_player("auto:iterations=30,late=7"), seed=1, variant="american")
    assert bot._phase_limits["late"].iterations == 7 and bot._limit.iterations == 30
    bot = build(parse_player("auto:movetime=10,early=70"), seed=1, variant="american")
    assert bot._phase_limits["early"].movetime_ms == 70 and bot._limit.movetime_ms == 10


def test_openspiel_needs_no_pass_american():
    with pytest.raises(ValueError, match="--no-pass"):
        ArenaConfig(("openspiel", "random"))
    with pytest.raises(ValueError, match="--no-pass"):
        ArenaConfig(("openspiel", "random"), variant="copas-fora", no_pass=True)


def test_cep_engine_sees_only_its_own_seat():
    """american hand 0 after the passes and two plays: seat 1's view names no other hand."""
    rules = ca.find_variant("american").rules()
    p = ca.Position(rules, ca.deal(rules, 4), dealer=3, hand_no=0)
    for s in range(4):
        p.set_pass(s, ca.heuristic_pass(rules, p.hand(s), 3))
    for i in range(2):
        p.push(ca.heuristic_card(p, seed=i))
    text = seat_view_text(p, 1, "american")
    assert "seat 1 hand 1 " in text and "passed 1 " in text and "received 1 " in text
    assert not any(f"hand {s} " in text for s in (0, 2, 3))
    assert text.count(":") == 2  # the two public moves, with their seats


def test_cep_engine_plays_a_duplicate_deal():
    """american: copas_ai's own CEP engine (iteration-limited) against random, passing included."""
    command = f"cep[iterations=100]:{sys.executable} -m copas_ai engine"
    try:
        summary = run_arena(ArenaConfig((command, "random"), deals=1, seed=2), RunOptions(workers=1))
    finally:
        close_engines()
    assert summary.deals == 1 and summary.games == 2
    assert sum(p.seat_hands for p in summary.players) == 8


def test_openspiel_ismcts_plays_a_no_pass_deal():
    """american, no passing: OpenSpiel's ISMCTSBot (50 simulations a move) against the search."""
    pytest.importorskip("pyspiel")
    summary = run_arena(ArenaConfig(("ismcts:iterations=50", "openspiel:iterations=50"), deals=1, seed=3, no_pass=True),
                        RunOptions(workers=1))
    assert summary.games == 2


def test_uno_hearts_auto_passes_the_playout_policys_pass_and_upass_searches_it():
    """uno-hearts (docs/RULES.md §15): `auto` (and `auto:…,hpass=1`) passes heuristic_pass
    unsearched, `auto:…,upass=1` searches the pass."""
    from copas_ai.arena.players import build
    from copas_ai.variants.uno_hearts import uno_hearts_rules

    rules = uno_hearts_rules(4)
    hands, twins = ca.deal_twins(rules, 8)
    p = ca.Position(rules, hands, twins=twins)
    heuristic = build(parse_player("auto:iterations=200,hpass=1"), seed=1, variant="uno-hearts")
    assert heuristic.choose_pass(p, 1, 3) == ca.heuristic_pass(rules, p.hand(1), 3)
    plain = build(parse_player("auto:iterations=200"), seed=1, variant="uno-hearts")
    assert plain._searcher.search(p, 1, plain._limit).algorithm == "heuristic-pass"
    searched = build(parse_player("auto:iterations=200,upass=1"), seed=1, variant="uno-hearts")
    best = searched.choose_pass(p, 1, 3)
    assert len(best) == 3 and best <= p.hand(1)
    assert searched._searcher.search(p, 1, searched._limit).algorithm == "pass-ucb"
