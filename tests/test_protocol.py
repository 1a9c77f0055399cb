"""The CEP/1 engine loop (docs/PROTOCOL.md) driven in this process through
copas_ai.cep.loop.run_lines: every command, the position checks, and the search
plumbing with the test doubles of support.cep.fakes (the real search lands later)."""

import importlib

import pytest
from support.cep.fakes import FakeSearcher, FakeSolver, fake_engine
from support.cep.positions import ALL_HANDS, EXAMPLE_HAND, HANDS, NO_PASS, PASS_LEFT, PASSES

import copas_ai as ca
from copas_ai import search
from copas_ai.cep.facade import Engine, EngineOptions, default_solver
from copas_ai.cep.loop import CepLoop, run_lines
from copas_ai.variants.seat_counts import parse_seat_counts, seat_counts_text

KNOWN = ", ".join(ca.variant_ids())  # the registry's base ids, as the refusals list them



# -- handshake, options, variants ------------------------------------------------


def test_copas_lists_id_and_every_option_then_copasok():
    out = run_lines(["copas"], Engine())
    assert out[:3] == ["id name copas_ai", f"id version {ca.__version__}", "id author the copas_ai developers"]
    assert out[-1] == "copasok"
    options = {line.split()[2]: line for line in out if line.startswith("option ")}
    assert options["Variant"] == ("option name Variant type combo default american "
                                  + " ".join(f"var {v}" for v in ca.catalogue_ids()))
    assert options["Threads"].startswith("option name Threads type spin default 1 min 1 max ")
    assert options["Hash"].startswith("option name Hash type spin default 64 min 1 max ")
    assert options["Seed"].startswith("option name Seed type spin default 0 min 0 max ")
    assert options["MultiMove"] == "option name MultiMove type check default false"
    assert options["Algorithm"] == "option name Algorithm type combo default auto var auto var ismcts var pimc"
    assert options["Objective"] == "option name Objective type combo default points var points var match"
    assert options["MatchHorizon"] == "option name MatchHorizon type spin default 0 min 0 max 50"
    assert options["InferencePool"] == "option name InferencePool type spin default 0 min 0 max 65536"
    assert options["InferenceNoise"] == "option name InferenceNoise type spin default 50 min 1 max 100"
    assert options["InferenceModel"] == "option name InferenceModel type combo default policy var policy var learned"
    assert options["UnoPassSearch"] == "option name UnoPassSearch type check default false"


def test_variants_lists_the_registry_then_variantsok():
    out = run_lines(["variants"], Engine())
    assert out[-1] == "variantsok"
    assert out[:-1] == [
        f"variant {v.id} players {seat_counts_text(v.seat_counts)} goal {v.goal} name {v.name}"
        for v in map(ca.find_variant, ca.catalogue_ids())
    ]
    assert out[0] == "variant american players 4 goal low name American Hearts (4 players, Q♠)"


def test_variants_gives_the_exact_seat_counts():
    """three-five is for 3 or 5 seats (4 refused): `players 3,5`, not `3-5` (issue 34);
    spanish+kitty has a kitty only with 3 (§7): `players 3`."""
    counts = {line.split()[1]: line.split()[3] for line in run_lines(["variants"], Engine())[:-1]}
    assert counts["three-five"] == "3,5"
    assert counts["three-five+kitty"] == "3,5"
    assert counts["spanish"] == "3-5"
    assert counts["spanish+kitty"] == "3"
    assert counts["classic-3to6"] == "3-6"
    assert counts["copas-fora"] == "4"
    for vid, text in counts.items():  # every count listed builds, every other one is refused
        v = ca.find_variant(vid)
        for n in range(1, 11):
            if n in parse_seat_counts(text):
                v.rules(n)
            else:
                with pytest.raises(ValueError, match=f"is for {text} players, not {n}"):
                    v.rules(n)


def test_command_words_are_case_insensitive_and_blank_lines_ignored():
    assert run_lines(["", "   \t ", "ISREADY", "IsReady"], Engine()) == ["readyok", "readyok"]


def test_unknown_command_is_one_error_line():
    assert run_lines(["frobnicate 1 2 3", "isready"], Engine()) == [
        "error frobnicate unknown command", "readyok"]


@pytest.mark.parametrize("line, reason", [
    ("setoption name Nope value 1", "unknown option 'Nope'"),
    ("setoption name Objective value wins", "option Objective is one of points, match, not 'wins'"),
    ("setoption name Threads value 0", "option Threads is 1..256, not 0"),
    ("setoption name Hash value lots", "option Hash needs a whole number, not 'lots'"),
    ("setoption name Seed value 99999999999999999999999", "option Seed needs a whole number, not "
                                                            "'99999999999999999999999'"),
    ("setoption name MultiMove value maybe", "option MultiMove is true or false, not 'maybe'"),
    ("setoption name Algorithm value alphabeta", "option Algorithm is one of auto, ismcts, pimc, not 'alphabeta'"),
    ("setoption name Variant value chess", f"option Variant: unknown variant 'chess'; known: {KNOWN}"),
    ("setoption name Threads", "option Threads needs a value"),
    ("setoption value 3", "expected setoption name <Name> [value <value>]"),
    ("setoption name", "option name missing"),
])
def test_setoption_refuses_unknown_options_and_bad_values(line, reason):
    engine = Engine()
    before = engine.snapshot()
    assert run_lines([line], engine) == [f"error setoption {reason}"]
    assert engine.snapshot() == before


def test_setoption_sets_values_case_insensitively():
    engine = Engine()
    assert run_lines(["setoption name threads value 2", "setoption name MULTIMOVE value TRUE",
                      "setoption name Variant value Copas-Fora", "setoption name Seed value 42"], engine) == []
    o = engine.options
    assert (o.threads, o.multi_move, o.variant, o.seed) == (2, True, "copas-fora", 42)


def test_variant_option_is_the_default_variant_of_position():
    engine = Engine()
    run_lines(["setoption name Variant value copas-fora", NO_PASS.replace("variant american ", "")], engine)
    assert engine.position.variant.id == "copas-fora"


# -- position: fully known ---------------------------------------------------------


def test_fully_known_position_is_built_by_the_core():
    engine = Engine()
    assert run_lines([f"{PASS_LEFT} {PASSES} moves 2:2C 3:7C 0:6C 1:4C", "isready"], engine) == ["readyok"]
    pos = engine.position.position
    expected = ca.Position(ca.find_variant("american").rules(), HANDS, dealer=3, hand_no=0)
    for seat, cards in enumerate(["4C,JC,AC", "3C,5C,9C", "7C,QC,JD", "6C,8C,TC"]):
        expected.set_pass(seat, cards)
    for card in ["2C", "7C", "6C", "4C"]:
        expected.push(card)
    assert pos.moves == expected.moves and pos.hands == expected.hands and pos.turn == expected.turn


def test_position_tokens_and_cards_are_case_insensitive():
    engine = Engine()
    text = f"POSITION Variant AMERICAN HandNo 3 {ALL_HANDS.lower()} MOVES 2c 6C 4♣ 3c"
    assert run_lines([text, "legal"], engine) == [_legal_after_first_trick()]


def _legal_after_first_trick() -> str:
    pos = ca.Position(ca.find_variant("american").rules(), HANDS, dealer=3, hand_no=3)
    for card in ["2C", "6C", "4C", "3C"]:
        pos.push(card)
    return " ".join(["legal", *map(str, pos.legal_moves())])


BAD_POSITIONS = [
    # (what is wrong, position line, the error line)
    ("bad card token", f"position hand 0 4C,JC,XX {' '.join(f'hand {s} {HANDS[s]}' for s in (1, 2, 3))}",
     "error position hand 0 4C,JC,XX: invalid card list '4C,JC,XX': bad card 'XX'"),
    ("card listed twice in one hand", f"position hand 0 4C,4C {' '.join(f'hand {s} {HANDS[s]}' for s in (1, 2, 3))}",
     "error position hand 0 4C,4C: invalid card list '4C,4C': card 4C listed twice"),
    ("card dealt to two seats",
     f"position hand 0 {HANDS[0]} hand 1 {HANDS[1].replace('3C', '4C')} hand 2 {HANDS[2]} hand 3 {HANDS[3]}",
     f"error position hand 1 {HANDS[1].replace('3C', '4C')}: impossible deal: card 4C is dealt to two seats"),
    ("twelve cards", f"position hand 0 {HANDS[0][3:]} {' '.join(f'hand {s} {HANDS[s]}' for s in (1, 2, 3))}",
     f"error position hand 0 {HANDS[0][3:]}: impossible deal: seat 0 holds 12 cards, not 13"),
    ("unknown variant", f"position variant chess {ALL_HANDS}",
     f"error position variant chess: unknown variant 'chess'; known: {KNOWN}"),
    ("players outside the variant", f"position players 5 {ALL_HANDS}",
     "error position players 5: variant american is for 4 players, not 5"),
    ("three-five at 4 seats", f"position variant three-five players 4 {ALL_HANDS}",
     "error position players 4: variant three-five is for 3,5 players, not 4 "
     "(§4 deals to 3 or 5 players; 4 play copas-fora)"),
    ("dealer out of range", f"position dealer 4 {ALL_HANDS}", "error position dealer 4: no seat 4 in a 4-player game"),
    ("scores count", f"position scores 1 2 3 {ALL_HANDS}", "error position scores 1 2 3: 4 totals needed, got 3"),
    ("huge scores", f"position scores 1 2 3 99999999999999999999 {ALL_HANDS}",
     "error position scores 1 2 3 99999999999999999999: must be -1000000000..1000000000"),
    ("huge handno", f"position handno 123456789012345678901234567890 {ALL_HANDS}",
     "error position handno 123456789012345678901234567890: must be 0..65535"),
    ("unknown keyword", f"position startpos {ALL_HANDS}", "error position startpos: unknown keyword"),
    ("hand twice", f"{NO_PASS} hand 0 {HANDS[0]}", f"error position hand 0 {HANDS[0]}: hand 0 given twice"),
    ("seat out of range", f"{NO_PASS} seat 9", "error position seat 9: no seat 9 in a 4-player game"),
    ("truncated hand", f"{NO_PASS} passed 1", "error position passed 1: expected passed <seat> <cards>"),
    ("two hands of four", f"position hand 0 {HANDS[0]} hand 1 {HANDS[1]}",
     f"error position hand 1 {HANDS[1]}: give one seat's hand or all 4, not 2"),
    ("no hand", "position variant american", "error position no hand given: give one seat's hand or all 4"),
    ("pass of a card not held", f"{PASS_LEFT} passed 1 QS,3C,5C",
     "error position passed 1 QS,3C,5C: illegal pass 3C,5C,QS: seat 1 does not hold QS"),
    ("pass of two cards", f"{PASS_LEFT} passed 1 3C,5C",
     "error position passed 1 3C,5C: illegal pass 3C,5C: a pass is 3 cards, not 2"),
    ("pass in a hand without one", f"{NO_PASS} passed 1 3C,5C,9C",
     "error position passed 1 3C,5C,9C: illegal pass 3C,5C,9C: there is no pass to make now"),
    ("received wrong", f"{PASS_LEFT} {PASSES} received 1 6C,8C,TC",
     "error position received 1 6C,8C,TC: seat 1 received 4C,JC,AC"),
    ("received before every pass", f"{PASS_LEFT} passed 0 4C,JC,AC received 1 4C,JC,AC",
     "error position received 1 4C,JC,AC: cannot be checked before every seat's pass is given"),
    ("play before every pass", f"{PASS_LEFT} passed 0 4C,JC,AC passed 2 7C,QC,JD moves 2C",
     "error position move 2C: play has begun but the pass of seat 1 is not given"),
    ("move by the wrong seat", f"{NO_PASS} moves 1:2C",
     "error position move 1:2C: seat 1 cannot play 2C: it is seat 2's turn"),
    ("move of a card not held", f"{NO_PASS} moves 2C 6C 4C 3C 3C",
     "error position move 3C: illegal move 3C: seat 3 does not hold 3C"),
    ("renege", f"{NO_PASS} moves 2C 2D",
     "error position move 2D: illegal move 2D: must follow suit (clubs led)"),
    ("bad move token", f"{NO_PASS} moves 2C 1X", "error position move 1X: invalid card '1X': expected a rank "
                                                 "(2-9, T or 10, J, Q, K, A) then a suit (C, D, H, S)"),
    ("a decision the variant lacks", f"{NO_PASS} moves 2:expose=AH",
     "error position move 2:expose=AH: variant american has no decision 'expose'"),
    ("move seat out of range", f"{NO_PASS} moves 7:2C", "error position move 7:2C: no seat 7 in a 4-player game"),
]


@pytest.mark.parametrize("what, line, expected", BAD_POSITIONS, ids=[b[0] for b in BAD_POSITIONS])
def test_american_bad_position_is_refused_naming_the_token_and_the_old_position_stays(what, line, expected):
    engine = Engine()
    good = f"{NO_PASS} moves 2C 6C"
    assert run_lines([good], engine) == []
    before = engine.snapshot()
    assert run_lines([line], engine) == [expected]
    assert engine.snapshot() == before
    assert run_lines(["legal"], engine) == ["legal 4C JC AC"]


def test_american_hand_over_and_further_moves_are_refused():
    pos = ca.Position(ca.find_variant("american").rules(), HANDS, dealer=3, hand_no=3)
    while not pos.is_over():
        pos.push(next(iter(pos.legal_moves())))
    moves = " ".join(str(card) for _, card in pos.moves)
    engine = Engine()
    assert run_lines([f"{NO_PASS} moves {moves}", "legal", f"{NO_PASS} moves {moves} 2C"], engine) == [
        "error legal the hand is over",
        "error position move 2C: illegal move 2C: the hand is over",
    ]


# -- legal, score, show --------------------------------------------------------------


def test_legal_during_the_pass_lists_the_hand_and_the_count():
    engine = Engine()
    assert run_lines([f"{PASS_LEFT} seat 1", "legal"], engine) == [f"legal pass 3 {HANDS[1]}"]
    assert run_lines([f"{PASS_LEFT} passed 1 3C,5C,9C seat 1", "legal"], engine) == [
        "error legal seat 1 has passed already"]
    assert run_lines([PASS_LEFT, "legal"], engine) == [
        "error legal during the pass, give `seat <s>` in the position"]


def test_legal_during_the_play_is_for_the_seat_to_act_in_canonical_order():
    engine = Engine()
    # Seat 2 leads 2C; seat 3 must follow with a club.
    assert run_lines([f"{NO_PASS} moves 2C", "legal"], engine) == ["legal 6C 8C TC"]


def test_american_score_reports_points_totals_and_state():
    rules = ca.find_variant("american").rules()
    pos = ca.Position(rules, HANDS, dealer=3, hand_no=3)
    for _ in range(8):
        pos.push(next(iter(pos.legal_moves())))
    moves = " ".join(str(card) for _, card in pos.moves)
    engine = Engine()
    out = run_lines([f"{NO_PASS} scores 10 20 30 40 moves {moves}", "score"], engine)
    score = pos.score()
    assert out == [
        "score " + " ".join(map(str, score)),
        "total " + " ".join(str(t + s) for t, s in zip([10, 20, 30, 40], score)),
        f"state playing turn {pos.turn}",
    ]
    assert run_lines([f"{PASS_LEFT} seat 0", "score"], engine)[-1] == "state passing"


@pytest.mark.parametrize("variant", ["american", "copas-fora"])
@pytest.mark.parametrize("scores, state", [("0 0 0 0", "handover"), ("99 99 99 0", "gameover")])
def test_score_at_the_end_of_a_hand_tells_handover_from_gameover(variant, scores, state):
    """A hand that ends with a total at 100 or more ends the match (target 100)."""
    pos = ca.Position(ca.find_variant(variant).rules(), HANDS, dealer=3, hand_no=3)
    while not pos.is_over():
        pos.push(next(iter(pos.legal_moves())))
    moves = " ".join(str(card) for _, card in pos.moves)
    line = f"position variant {variant} handno 3 scores {scores} {ALL_HANDS} moves {moves}"
    out = run_lines([line, "score"], Engine())
    totals = [int(t) + s for t, s in zip(scores.split(), pos.score())]
    over, winners = ca.match_outcome(pos.rules, totals)
    assert over == (state == "gameover")
    # gameover names the match's winners: 99 99 99 0 and a hand of at most 26 leaves seat 3 lowest.
    won = f" winner {','.join(map(str, winners))}" if over else ""
    assert not over or winners == [3]
    assert out == ["score " + " ".join(map(str, pos.score())), "total " + " ".join(map(str, totals)),
                   f"state {state}{won}"]


def test_show_prefixes_every_line_and_draws_tricks():
    out = run_lines([f"{NO_PASS} moves 2C 6C 4C 3C 2D", "show"], Engine())
    assert out and all(line.startswith("# ") for line in out)
    text = "\n".join(out)
    assert "trick  1  2:2C 3:6C 0:4C 1:3C  -> seat 3 (0 pts)" in text
    assert "trick  2  3:2D" in text
    assert run_lines(["show"], Engine()) == ["# no position"]


def test_newgame_forgets_the_position():
    engine = Engine()
    assert run_lines([NO_PASS, "newgame", "legal"], engine) == ["error legal no position (send position first)"]


# -- one-hand positions ----------------------------------------------------------------


def test_protocol_example_move_of_a_card_the_seat_holds_is_refused():
    """docs/PROTOCOL.md's example: seat 2 holds the 2C, so seat 1 cannot have played it."""
    out = run_lines([f"position variant american seat 2 hand 2 {EXAMPLE_HAND} moves 1:2C"], Engine())
    assert out == ["error position move 1:2C: seat 2 holds 2C"]


def test_one_hand_position_without_the_world_construction_is_refused_clearly():
    out = run_lines([f"position variant american seat 2 hand 2 {EXAMPLE_HAND}"], Engine(world_builder=None))
    assert out == [f"error position hand 2 {EXAMPLE_HAND}: one-hand positions need the world construction "
                   "(copas_ai.search.world_from_view), not available yet"]


def test_one_hand_world_construction_failing_is_one_error_line():
    def broken(*view):
        raise RuntimeError("out of worlds")

    out = run_lines([f"position hand 2 {EXAMPLE_HAND}"], Engine(world_builder=broken))
    assert out == [f"error position hand 2 {EXAMPLE_HAND}: the world construction failed: "
                   "RuntimeError: out of worlds"]


def test_one_hand_view_checks_that_need_no_world():
    engine = Engine(world_builder=None)
    cases = {
        f"position hand 2 {EXAMPLE_HAND} moves 2:3C": "error position move 2:3C: seat 2 does not hold 3C",
        f"position hand 2 {EXAMPLE_HAND} moves 0:3C 1:3C": "error position move 1:3C: 3C was played already",
        f"position hand 2 {EXAMPLE_HAND} seat 1": f"error position seat 1: only seat 2's hand is given",
        f"position hand 2 {EXAMPLE_HAND} passed 1 3C,4C,5C": "error position passed 1 3C,4C,5C: "
                                                            "only seat 2's hand is known",
    }
    for line, expected in cases.items():
        assert run_lines([line], engine) == [expected]


def test_one_hand_view_with_a_world_answers_for_its_own_seat_only():
    """With a world (the naive test double here), seat 1 of american hand 3 (no
    pass) sees seat 0 lead the 2C: seat 1 must follow in clubs; show hides the
    other hands."""
    engine = fake_engine()
    view = f"position variant american handno 3 hand 1 {HANDS[1]}"
    assert run_lines([f"{view} moves 0:2C", "legal"], engine) == ["legal 3C 5C 9C KC"]
    shown = run_lines(["show"], engine)
    assert any(line.startswith("# seat 0  12 cards unseen") for line in shown)
    assert not any(HANDS[0] in line or HANDS[2] in line for line in shown)
    assert run_lines([f"{view} moves 0:2C 3C", "legal"], engine) == [
        "error legal seat 2 is to play and only seat 1's hand is known"]
    # Who leads the 2C is hidden from seat 1: the first move needs its seat.
    assert run_lines([f"{view} moves 2C"], engine) == [
        "error position move 2C: write <seat>:2C, seat 1's hand does not tell who leads"]
    assert run_lines([f"{view} moves 0:2C 2:7C"], engine) == [
        "error position move 2:7C: it is seat 1's turn, not seat 2's"]


def test_one_hand_view_before_the_first_lead_does_not_guess_the_leader():
    """american hand 3 (no pass), seat 1 without the 2C: the world's 2C holder is a
    guess, so neither score nor legal names a seat; seat 2 with the 2C leads it."""
    engine = fake_engine()
    out = run_lines([f"position variant american handno 3 hand 1 {HANDS[1]}", "score", "legal", "show"], engine)
    assert out[2:4] == ["state playing", "error legal who leads is not known from seat 1's hand"]
    assert "# state playing  the holder of the opening card leads  hearts broken: no" in out
    assert run_lines([f"position variant american handno 3 hand 2 {HANDS[2]}", "score", "legal"], engine)[2:] == [
        "state playing turn 2", "legal 2C"]


def test_one_hand_pass_is_chosen_for_the_engine_seat():
    engine = fake_engine()
    out = run_lines([f"position variant american hand 1 {HANDS[1]}", "legal", "go iterations 3"], engine)
    assert out[0] == f"legal pass 3 {HANDS[1]}"
    assert out[-1] == "bestmove 3C,5C,9C"


def test_protocol_example_session_with_the_real_world_construction():
    """docs/PROTOCOL.md's example: after the pass and a trick, seat 2 follows diamonds."""
    importlib.reload(search)
    out = run_lines([
        f"position variant american seat 2 hand 2 {EXAMPLE_HAND} passed 2 QS,AH,KC received 2 3S,JD,6H "
        "moves 2:2C 3C 8C TC KD", "legal"], Engine())
    assert out == ["legal 3D 8D JD QD"]


# -- go, stop, solve ---------------------------------------------------------------------


def test_go_reports_info_then_the_lowest_card_of_the_fake_searcher():
    engine = fake_engine()
    out = run_lines([f"{NO_PASS} moves 2C", "go iterations 7"], engine)
    assert out[-1] == "bestmove 6C"
    assert out[-2].startswith("info time ") and " iterations 7 ips " in out[-2]
    assert engine._searcher.calls[-1][0] == 3  # the seat to act


def test_go_multimove_reports_every_candidate():
    out = run_lines(["setoption name MultiMove value true", f"{NO_PASS} moves 2C", "go iterations 2"], fake_engine())
    assert out[-4:] == [
        "info move 6C score 0.000 stderr 0.250 visits 2",
        "info move 8C score 1.000 stderr 0.250 visits 2",
        "info move TC score 2.000 stderr 0.250 visits 2",
        "bestmove 6C",
    ]


def test_go_during_the_pass_answers_the_cards_of_the_pass():
    out = run_lines([f"{PASS_LEFT} seat 0", "go iterations 1"], fake_engine())
    assert out[-1] == "bestmove 4C,JC,AC"


def test_go_without_a_limit_searches_about_a_second():
    engine = fake_engine()
    run_lines([NO_PASS, "go"], engine)
    limit = engine._searcher.calls[-1][1]
    assert (limit.movetime_ms, limit.iterations, limit.infinite) == (1000, None, False)


@pytest.mark.parametrize("line, reason", [
    ("go movetime", "movetime needs a value"),
    ("go movetime -5", "movetime is a whole number 1..2147483647, not '-5'"),
    ("go iterations 99999999999999999999", "iterations is a whole number 1..1000000000000, "
                                           "not '99999999999999999999'"),
    ("go depth 3", "unknown limit 'depth'"),
    ("go infinite infinite", "infinite given twice"),
])
def test_go_refuses_bad_limits(line, reason):
    assert run_lines([NO_PASS, line], fake_engine()) == [f"error go {reason}"]


def test_go_refuses_without_a_seat_to_search_for():
    engine = fake_engine()
    assert run_lines(["go"], engine) == ["error go no position (send position first)"]
    assert run_lines([PASS_LEFT, "go"], engine) == ["error go during the pass, give `seat <s>` in the position"]


def test_seeded_counted_search_repeats_its_output_line_for_line():
    """Seed, one thread, an iterations limit: no clock-driven info lines, so the
    lines are the same; only time and ips values may differ."""
    lines = ["setoption name Seed value 5", f"{NO_PASS} moves 2C", "go iterations 30"]
    a = run_lines(lines, Engine(searcher_factory=lambda o: FakeSearcher(step_s=0.001)))
    b = run_lines(lines, Engine(searcher_factory=lambda o: FakeSearcher(step_s=0.001)))
    assert len(a) == len(b) == 2 and a[-1] == b[-1] == "bestmove 6C"


def test_solve_reports_every_legal_card_and_the_best_for_the_goal():
    out = run_lines([f"{NO_PASS} moves 2C", "solve"], fake_engine())
    assert out == ["info move 6C score 0", "info move 8C score 1", "info move TC score 2", "bestmove 6C"]


def test_solve_needs_every_hand_and_the_play():
    engine = fake_engine()
    assert run_lines([f"{PASS_LEFT}", "solve"], engine) == ["error solve solve works during the play"]
    assert run_lines([f"position variant american handno 3 hand 1 {HANDS[1]} moves 0:2C", "solve"], engine) == [
        "error solve solve needs every hand; only seat 1's is known"]


def test_solve_with_the_real_solver_gives_a_value_per_legal_card():
    """american, seven tricks left (a few milliseconds natively): one info line per
    legal card, and the best move is a card of the lowest score. A full deal would
    take seconds, and far longer under the sanitizers than run_lines waits."""
    position = f"{NO_PASS} moves 2C 6C AC 3C AS 8S QS 6S KS TS JS 7S 4S 5C 5S 9S 9D 3D AD JD 8D KD 4D 7D 3S"
    legal, *out = run_lines([position, "legal", "solve"], Engine())
    scores = {card: int(score) for _, _, card, _, score in map(str.split, out[:-1])}
    assert list(scores) == legal.split()[1:] == ["8C", "TC", "2D", "3H", "4H", "7H", "QH"]
    best = out[-1].split()[1]
    assert scores[best] == min(scores.values()) and len(set(scores.values())) > 1


def test_solve_uses_the_threads_option():
    """setoption Threads 2: the solver of `solve` is made again, with two threads."""
    made = []
    engine = fake_engine(solver_factory=lambda options: made.append(options.threads) or FakeSolver(options.hash_mb))
    run_lines([f"{NO_PASS} moves 2C", "solve", "setoption name Threads value 2", "solve"], engine)
    assert made == [1, 2]
    real = default_solver(EngineOptions(threads=2, hash_mb=4))
    assert (real.threads, real.table_bytes) == (2, 4 << 20)


def test_the_searcher_is_made_before_go_so_go_spends_its_movetime_searching():
    """Allocating a large Hash takes long (1 GiB: over 400 ms here), which a `go movetime`
    must not pay: setoption, newgame and isready make the searcher, go reuses it."""
    made = []
    engine = fake_engine(searcher_factory=lambda o: made.append(o.hash_mb) or FakeSearcher(step_s=0, max_steps=40))
    loop = CepLoop(engine, lambda line: None)
    loop.handle("isready")
    assert made == [64]  # a fresh engine makes it at isready
    loop.handle("setoption name Hash value 8")
    assert made == [64, 8]
    loop.handle("setoption name Hash value 8")  # unchanged: the searcher stays
    assert made == [64, 8]
    loop.handle(NO_PASS)
    loop.handle("go iterations 10")
    assert engine.wait(10)
    assert made == [64, 8]  # go made none
    loop.handle("newgame")  # forgets what the searches learnt: a new one, made now
    assert made == [64, 8, 8]
    loop.handle("isready")
    assert made == [64, 8, 8]  # one already made


def test_an_option_the_searcher_cannot_start_with_is_refused_and_the_old_one_kept():
    """A Hash the machine cannot allocate: `error setoption`, the Hash as it was, and the
    next go searches with it."""
    def factory(options):
        if options.hash_mb > 1000:
            raise MemoryError("std::bad_alloc")
        return FakeSearcher(step_s=0, max_steps=40)

    engine = fake_engine(searcher_factory=factory)
    out = run_lines(["setoption name Hash value 4000", "setoption name Hash value 16"], engine)
    assert out == ["error setoption the search cannot start: MemoryError: std::bad_alloc"]
    assert engine.options.hash_mb == 16
    out = run_lines(["setoption name Hash value 65536", NO_PASS, "go iterations 10"], engine)
    assert out[0] == "error setoption the search cannot start: MemoryError: std::bad_alloc"
    assert engine.options.hash_mb == 16
    assert out[-1] == "bestmove 2C"


def test_commands_during_a_search_are_busy_but_isready_and_stop_are_served():
    engine = fake_engine(searcher_factory=lambda o: FakeSearcher(step_s=0.001))
    out: list[str] = []
    loop = CepLoop(engine, out.append)
    loop.handle(NO_PASS)
    loop.handle("go infinite")
    for line in ["position " + NO_PASS, "legal", "setoption name Hash value 8", "copas", "isready"]:
        loop.handle(line)
    assert out == ["error position busy", "error legal busy", "error setoption busy", "error copas busy", "readyok"]
    loop.handle("stop")
    assert engine.wait(10)
    assert out[-1] == "bestmove 2C"
    loop.handle("stop")  # ignored when idle
    assert out[-1] == "bestmove 2C"


def test_quit_ends_the_loop_and_a_running_search():
    engine = fake_engine(searcher_factory=lambda o: FakeSearcher(step_s=0.001))
    loop = CepLoop(engine, lambda line: None)
    loop.handle(NO_PASS)
    loop.handle("go infinite")
    assert loop.handle("quit") is False
    assert not engine.searching


# -- hand numbers beyond the core's 16 bits are refused ----------------------------------------------------------


def test_position_hand_number_beyond_16_bits_is_refused_or_kept():
    rules = ca.find_variant("american").rules()
    try:
        pos = ca.Position(rules, HANDS, dealer=3, hand_no=70001)
    except ca.InvalidPositionError:
        return
    assert pos.hand_no == 70001


def test_american_inference_pool_option_reaches_the_real_search_and_stays_deterministic():
    """InferencePool/InferenceNoise build the real searcher with the pool: with a Seed and
    an iterations limit the bestmove repeats; a value out of range is refused by name."""
    lines = ["setoption name Seed value 5", "setoption name InferencePool value 64",
             "setoption name InferenceNoise value 80", "setoption name InferenceModel value learned", f"{NO_PASS} moves 2C 6C 4C 3C 8C JC 5C 7C", "go iterations 300"]
    a = run_lines(lines, Engine())
    b = run_lines(lines, Engine())
    assert a[-1].startswith("bestmove ") and a[-1] == b[-1]
    engine = Engine()
    assert run_lines(["setoption name InferencePool value 70000"], engine)[0].startswith(
        "error setoption option InferencePool")
    assert run_lines(["setoption name InferenceNoise value 0"], engine)[0].startswith(
        "error setoption option InferenceNoise")
