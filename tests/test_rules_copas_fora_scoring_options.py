"""Options of `copas-fora` that change the score, the pass or the match (docs/RULES.md
§2.2 L49, §2.3 L75-113), with the worked examples CF-4, CF-7, CF-8, CF-10 and the
ambiguities they settle (A22-A26).

Seats 0..3 are N, E, S, W; play runs 0 -> 1 -> 2 -> 3. Deals are built with
support.hands; hand_no 3 has no pass.
"""

import random

import pytest
from support.hands import MOON_DEAL, MOON_PLAY, NEAR_MOON_PLAY, build_deal, cards, play, position

import copas_ai as ca
from copas_ai.variants import VariantNotFoundError

# MOON_PLAY: seat 3 takes the 13 hearts and the Q♠ (and the 10♣) in 9 tricks; seat 2
# takes the last 4 tricks (the J♦ among them); seats 0 and 1 win no trick.
SHOOTER, JD_TAKER = 3, 2


def finished(variant, deal_spec=MOON_DEAL, plays=MOON_PLAY):
    pos = position(variant, deal_spec)
    play(pos, plays)
    assert pos.is_over()
    return pos


def test_copas_fora_moon_deal_shape():
    """The shared moon deal (support.hands MOON_DEAL): who won what, as the tests below assume."""
    pos = finished("copas-fora")
    assert pos.moon_shooter() == SHOOTER
    assert ca.Card.from_str("JD") in pos.won[JD_TAKER]
    assert [pos.tricks_won(s) for s in range(4)] == [0, 0, 4, 9]


# --- CF-4: the moon under fatal-ace, reverse-moon, super-moon ------------------------------


@pytest.mark.parametrize("variant, scores", [
    ("copas-fora", [26, 26, 26, 0]),
    ("copas-fora+fatal-ace", [30, 30, 30, 0]),
    ("copas-fora+reverse-moon", [0, 0, 0, -26]),
    ("copas-fora+reverse-moon=always", [0, 0, 0, -26]),
    ("copas-fora+super-moon", [26, 26, 26, 0]),  # 9 tricks of 13: no super moon
    ("copas-fora+fatal-ace+reverse-moon", [0, 0, 0, -30]),
])
def test_copas_fora_cf4_moon_table(variant, scores):
    """CF-4 (<variant>): the shooter took the 13 hearts and the Q♠ in 9 tricks."""
    assert finished(variant).score() == scores


# A deal where seat 0 holds all 13 clubs: it leads the 2♣ and wins every trick.
ALL_CLUBS = {0: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"}


def super_moon_hand(variant):
    pos = position(variant, ALL_CLUBS)
    while not pos.is_over():
        pos.push(next(iter(pos.legal_moves())))
    assert pos.tricks_won(0) == 13
    return pos


@pytest.mark.parametrize("variant, scores", [
    ("copas-fora", [0, 26, 26, 26]),
    ("copas-fora+super-moon", [0, 52, 52, 52]),
    ("copas-fora+reverse-moon+super-moon", [-52, 0, 0, 0]),
    ("copas-fora+fatal-ace+super-moon", [0, 60, 60, 60]),  # A25: 2 x the variant's moon
    ("copas-fora+super-moon+clean-hand", [0, 47, 47, 47]),  # the others won no trick: -5
    ("copas-fora+super-moon+clean-hand=penalty", [0, 57, 57, 57]),
])
def test_copas_fora_super_moon_all_13_tricks(variant, scores):
    """super-moon (L97-99, A25) <variant>: seat 0 wins all 13 tricks; the moon counts
    twice (+52 each, or -52 reversed), 2 x 30 with the fatal ace."""
    assert super_moon_hand(variant).score() == scores


# --- CF-7: jd-bonus (A22) ------------------------------------------------------------------


@pytest.mark.parametrize("variant, scores", [
    # jd_required_for_moon = false: the J♦ taker scores 26 - 10 = 16.
    ("copas-fora+jd-bonus", [26, 26, 16, 0]),
    ("copas-fora+jd-bonus=moon-without-jd", [26, 26, 16, 0]),
    # jd_required_for_moon = true: no moon; the shooter keeps his 26, the J♦ taker -10.
    ("copas-fora+jd-bonus=moon-needs-jd", [0, 0, -10, 26]),
])
def test_copas_fora_cf7_jd_bonus_moon_agreements(variant, scores):
    """CF-7 (<variant>): one seat takes the 13 hearts and the Q♠, another the J♦."""
    assert finished(variant).score() == scores


def test_copas_fora_jd_bonus_shooter_holding_the_jd_scores_zero():
    """jd-bonus A22 (interpretation: the shooter scores 0 and everyone else 26 even when
    he holds the J♦ too): the all-clubs hand gives seat 0 every card."""
    assert super_moon_hand("copas-fora+jd-bonus").score() == [0, 26, 26, 26]


def test_copas_fora_jd_bonus_plain_hand_jd_is_minus_ten():
    """jd-bonus: without a moon the J♦ taker's score is his points - 10 (NEAR_MOON_PLAY:
    seat 2 takes the 8♥ and the J♦)."""
    pos = finished("copas-fora+jd-bonus", plays=NEAR_MOON_PLAY)
    assert pos.score() == [0, 0, 1 - 10, 25]


def test_copas_fora_jd_bonus_first_trick_agreement():
    """jd-bonus first-trick agreement (A22: when barred, the J♦ is a point card for R1):
    E, void in clubs, may discard the J♦ on trick 1 only under jd-first-trick."""
    spec = {0: "2C", 1: "JD 9D 8S"}
    allowed = position("copas-fora+jd-bonus=jd-first-trick", spec, voids={1: "C"})
    barred = position("copas-fora+jd-bonus=no-jd-first-trick", spec, voids={1: "C"})
    for pos in (allowed, barred):
        pos.push("2C")
    assert ca.Card.from_str("JD") in allowed.legal_moves()
    assert ca.Card.from_str("JD") not in barred.legal_moves()
    assert ca.Card.from_str("9D") in barred.legal_moves()


# --- CF-8: ten-of-death (A9, A23) ----------------------------------------------------------

# MOON_DEAL with seat 0's 4♣ and seat 2's 10♣ swapped: seat 2 plays the 4♣ to trick 1
# (the 10♣ is barred there) and seat 0 discards the 10♣ on trick 12, which seat 2
# wins. Seat 3 still takes the 13 hearts and the Q♠; seat 2 takes the 10♣ and the J♦.
TC_DEAL = dict(MOON_DEAL)
TC_DEAL[0] = MOON_DEAL[0].replace("4C", "TC")
TC_DEAL[2] = MOON_DEAL[2].replace("TC", "4C")
TC_PLAY = MOON_PLAY.replace("2C 6C TC AC", "2C 6C 4C AC").replace("KD 4D 4C TD", "KD 4D TC TD")


@pytest.mark.parametrize("variant, scores", [
    # tc_required_for_moon = false: the 10♣ taker scores 2 x 26 = 52 (CF-8).
    ("copas-fora+ten-of-death", [26, 26, 52, 0]),
    # ... and with the J♦ too: 26 - 10 first, then doubled (A23): 32.
    ("copas-fora+jd-bonus+ten-of-death", [26, 26, 32, 0]),
    # tc_required_for_moon = true: no moon; a 10♣ taker with no other points scores 0.
    ("copas-fora+ten-of-death=moon-needs-tc", [0, 0, 0, 26]),
    # J♦ -10 and the 10♣: (0 - 10) x 2 = -20 (A23: subtract, then double).
    ("copas-fora+jd-bonus+ten-of-death=moon-needs-tc", [0, 0, -20, 26]),
])
def test_copas_fora_cf8_ten_of_death(variant, scores):
    """CF-8 (<variant>): seat 3 takes the 13 hearts and the Q♠, seat 2 the 10♣ (and J♦)."""
    assert finished(variant, TC_DEAL, TC_PLAY).score() == scores


def test_copas_fora_ten_of_death_shooter_holding_the_tc_scores_zero():
    """ten-of-death A23 (interpretation: shooter 0, others 26 when he holds the 10♣ too;
    reversed, the shooter's -26 is not doubled): seat 0 takes every card."""
    assert super_moon_hand("copas-fora+ten-of-death").score() == [0, 26, 26, 26]
    assert super_moon_hand("copas-fora+ten-of-death+reverse-moon").score() == [-26, 0, 0, 0]


def random_hand(variant, seed):
    """A no-pass hand of `variant` played to the end by seeded random legal cards."""
    rng = random.Random(seed)
    rules = ca.find_variant(variant).rules()
    pos = ca.Position(rules, ca.deal(rules, seed), dealer=3, hand_no=3)
    while not pos.is_over():
        pos.push(rng.choice(list(pos.legal_moves())))
    return pos


def first_hand_where(variant, wanted, seeds=range(2000)):
    """The first seeded random hand and seat where wanted(won cards, score) holds."""
    for seed in seeds:
        pos = random_hand(variant, seed)
        for seat in range(4):
            if wanted(pos.won[seat], pos.score()[seat]):
                return pos, seat
    raise AssertionError("no such hand in the seeds tried")


def test_copas_fora_ten_of_death_three_hearts_and_the_tc_score_6():
    """ten-of-death, the text's example (L81): 3 hearts + the 10♣ = 6."""
    hearts, tc, qs = ca.CardSet.suit(2), cards("TC"), cards("QS")
    pos, seat = first_hand_where(
        "copas-fora+ten-of-death",
        lambda won, _: len(won & hearts) == 3 and (won & tc) and not (won & qs))
    assert pos.score()[seat] == 6


@pytest.mark.parametrize("spec, legal", [
    ({0: "2C", 1: "TC JC 5D"}, "JC"),  # another club: the 10♣ is barred (R1)
    ({0: "2C", 1: "TC 5D 6D"}, "TC"),  # the only club: following suit prevails (A9)
])
def test_copas_fora_ten_of_death_tc_on_the_first_trick(spec, legal):
    """ten-of-death (L85, A9): the 10♣ is a point card for R1; a lone 10♣ must follow."""
    pos = position("copas-fora+ten-of-death", spec, voids={1: "C"})
    pos.push("2C")
    assert pos.legal_moves() == cards(legal)


# --- clean-hand (L111) ---------------------------------------------------------------------


@pytest.mark.parametrize("variant, plays, scores", [
    # seats 0 and 1 won no trick; seat 2 won 4 tricks with no points and gets nothing.
    ("copas-fora+clean-hand", NEAR_MOON_PLAY, [-5, -5, 1, 25]),
    ("copas-fora+clean-hand=bonus", NEAR_MOON_PLAY, [-5, -5, 1, 25]),
    ("copas-fora+clean-hand=penalty", NEAR_MOON_PLAY, [5, 5, 1, 25]),
    ("copas-fora+clean-hand", MOON_PLAY, [21, 21, 26, 0]),
    # zero tricks, not zero points: seat 2's 4 pointless tricks earn no bonus.
    ("copas-fora+reverse-moon+clean-hand", MOON_PLAY, [-5, -5, 0, -26]),
])
def test_copas_fora_clean_hand_no_trick_taken(variant, plays, scores):
    """clean-hand (<variant>): a seat that won no trick gets -5 (bonus) or +5 (penalty)."""
    assert finished(variant, plays=plays).score() == scores


# --- reverse-moon=conditional (A24), through the match score -------------------------------


@pytest.mark.parametrize("before, hand, after", [
    # The normal moon would end the match with seats 1 and 2 lowest: reversed.
    ([80, 10, 10, 50], [0, 0, 0, -26], [80, 10, 10, 24]),
    # The normal moon ends the match with the shooter the unique lowest: normal.
    ([80, 60, 60, 10], [26, 26, 26, 0], [106, 86, 86, 10]),
    # The normal moon does not end the match: normal.
    ([10, 10, 10, 50], [26, 26, 26, 0], [36, 36, 36, 50]),
    # It would end tied for lowest with the shooter (extra hands, no winner yet): reversed.
    ([80, 24, 30, 50], [0, 0, 0, -26], [80, 24, 30, 24]),
])
def test_copas_fora_reverse_moon_conditional(before, hand, after):
    """reverse-moon=conditional A24 (interpretation: apply the normal moon hypothetically;
    if some total reaches the target and the shooter would not be the unique lowest,
    the shooter scores -26 instead). Seat 3 shoots (MOON_PLAY)."""
    pos = finished("copas-fora+reverse-moon=conditional")
    assert pos.score() == [26, 26, 26, 0]  # the hand alone: the normal form
    assert ca.add_hand_to_match(pos, before) == (hand, after, 0)


# --- exact-score (A26), CF-10 --------------------------------------------------------------


def test_copas_fora_cf10_exact_score_a_100_drops_to_51():
    """CF-10 exact-score=hit-100-to-51: W at 91 takes 9 points, reaching exactly 100,
    and is reset to 51; the game goes on (A26: unless another reached 100)."""
    variant = "copas-fora+exact-score=hit-100-to-51"
    pos, seat = first_hand_where(variant, lambda _, score: score == 9)
    before = [0, 0, 0, 0]
    before[seat] = 91
    _, totals, _ = ca.add_hand_to_match(pos, before)
    assert totals[seat] == 51
    assert ca.match_outcome(pos.rules, totals) == (False, [])


def test_copas_fora_exact_score_another_player_ends_the_game():
    """exact-score A26: another player reaching >= 100 in the same hand still ends the
    game, with the exact-score player at his reduced total."""
    pos = finished("copas-fora+exact-score", plays=NEAR_MOON_PLAY)  # [0, 0, 1, 25]
    _, totals, _ = ca.add_hand_to_match(pos, [10, 20, 99, 80])
    assert totals == [10, 20, 51, 105]
    assert ca.match_outcome(pos.rules, totals) == (True, [0])


@pytest.mark.parametrize("variant, before, after, pending", [
    ("copas-fora+exact-score=hit-50-to-0", [0, 0, 49, 20], [0, 0, 0, 45], 0),  # (b): 50 -> 0
    ("copas-fora+exact-score=hit-100-to-50-then-0", [0, 0, 99, 0], [0, 0, 50, 25], 0b0100),  # (c)
    ("copas-fora+exact-score=hit-100-to-51+target-200", [0, 0, 199, 0], [0, 0, 101, 25], 0),
    ("copas-fora+exact-score=hit-100-to-50-then-0+target-200", [0, 0, 199, 0], [0, 0, 100, 25], 0b0100),
    ("copas-fora+exact-score=hit-50-to-0+target-200", [0, 0, 99, 75], [0, 0, 0, 0], 0),  # 100 -> 0
    ("copas-fora+exact-score=hit-100-to-51,hit-50-to-0", [0, 0, 49, 75], [0, 0, 0, 51], 0),  # (a)+(b)
])
def test_copas_fora_exact_score_modes(variant, before, after, pending):
    """exact-score <variant> (A26: (a) and (c) exclusive, (b) combines; the figures scale
    with the target: 200 -> 101 / 100, 100 -> 0). The hand scores [0, 0, 1, 25]."""
    pos = finished(variant, plays=NEAR_MOON_PLAY)
    assert ca.add_hand_to_match(pos, before) == ([0, 0, 1, 25], after, pending)


def test_copas_fora_exact_score_c_then_scoreless_hand_drops_to_zero():
    """exact-score (c): at 50 after landing on 100, a scoreless next hand drops to 0; a
    hand with points keeps the total (and ends the memory)."""
    variant = "copas-fora+exact-score=hit-100-to-50-then-0"
    pos = finished(variant, plays=NEAR_MOON_PLAY)  # [0, 0, 1, 25]
    pending = 0b0011  # seats 0 and 1 dropped to 50 after the last hand
    hand, totals, pending = ca.add_hand_to_match(pos, [50, 50, 50, 50], pending)
    assert totals == [0, 0, 51, 75] and pending == 0


def test_copas_fora_exact_score_a_and_c_exclude_each_other():
    """exact-score A26: modes (a) and (c) are alternatives."""
    with pytest.raises(VariantNotFoundError, match="exclude"):
        ca.find_variant("copas-fora+exact-score=hit-100-to-51,hit-100-to-50-then-0")
    with pytest.raises(VariantNotFoundError, match="accepted"):
        ca.find_variant("copas-fora+exact-score=hit-99")


# --- pass-cycle (L49) ----------------------------------------------------------------------


@pytest.mark.parametrize("variant, plans", [
    ("copas-fora+pass-cycle", [[], [(3, 3)], [(2, 3)], [(1, 3)], []]),  # none/right/across/left
    ("copas-fora+pass-cycle=always-left", [[(1, 3)]] * 5),
    ("copas-fora+pass-cycle=always-right", [[(3, 3)]] * 5),
    ("copas-fora+pass-cycle=never", [[]] * 5),
    ("copas-fora+pass-cycle=across/none", [[(2, 3)], [], [(2, 3)], [], [(2, 3)]]),
])
def test_copas_fora_pass_cycle(variant, plans):
    """pass-cycle (<variant>): the pass of hands 1-5 ((seat offset to the left, cards))."""
    rules = ca.find_variant(variant).rules()
    assert [rules.pass_plan(h) for h in range(5)] == plans


@pytest.mark.parametrize("bad", ["pass-cycle=sideways", "pass-cycle=left/up",
                                 "pass-cycle=" + "/".join(["left"] * 9)])
def test_copas_fora_pass_cycle_bad_values_are_refused(bad):
    with pytest.raises(VariantNotFoundError, match="pass-cycle"):
        ca.find_variant(f"copas-fora+{bad}")


def test_copas_fora_pass_cycle_never_deals_straight_to_play():
    """pass-cycle=never: hand 1 (hand_no 0) starts with the 2♣ lead, no pass phase."""
    rules = ca.find_variant("copas-fora+pass-cycle=never").rules()
    pos = ca.Position(rules, ca.deal(rules, 5), dealer=0, hand_no=0)
    assert pos.phase == "playing"


# --- the solver and the scoring options ----------------------------------------------------


@pytest.mark.parametrize("variant", ["copas-fora+jd-bonus=moon-needs-jd", "copas-fora+reverse-moon",
                                     "copas-fora+exact-score", "copas-fora+reverse-moon=conditional",
                                     "copas-fora+ten-of-death", "copas-fora+super-moon",
                                     "copas-fora+clean-hand", "copas-fora+jd-bonus"])
def test_copas_fora_solver_accepts_options_it_scores(variant):
    """<variant>: the solver scores every scoring option (the doubling card, the super
    moon, the clean-hand term, the J♦ outside the moon): nothing is refused."""
    assert ca.solver_unsupported(ca.find_variant(variant).rules()) == ""


SOLVER_CHECKED = ["copas-fora+jd-bonus=moon-needs-jd", "copas-fora+reverse-moon",
                  "copas-fora+fatal-ace+jd-bonus=moon-needs-jd+reverse-moon",
                  "copas-fora+exact-score+reverse-moon=conditional", "teams",
                  "copas-fora+ten-of-death", "copas-fora+super-moon", "copas-fora+clean-hand",
                  "copas-fora+jd-bonus"]


@pytest.mark.parametrize("variant", SOLVER_CHECKED)
@pytest.mark.parametrize("kind", ["random", "feeding"])
def test_copas_fora_scoring_options_solver_stays_exact(variant, kind):
    """<variant>: on small endgames (random play, and stacked moon deals) the fast
    solver's value equals plain alpha-beta on the final hand scores (solve_plain)."""
    from support.endgames import make_endgame

    solver = ca.Solver(hash_mb=8)
    for i in range(40):
        pos = make_endgame(variant, 4000 + 7919 * i, 2 + i % 2, kind)
        assert solver.solve(pos) == ca._core.solve_plain(pos)[0], f"{variant} {pos.hands}"


def endgame_of(variant, seed, tricks_left=3):
    """A random hand of `variant` taken back to a trick boundary with `tricks_left` to play."""
    pos = random_hand(variant, seed)
    while pos.tricks_done > 13 - tricks_left or pos.trick:
        pos.pop()
    return pos


@pytest.mark.parametrize("variant", ["copas-fora+ten-of-death", "copas-fora+clean-hand",
                                     "copas-fora+super-moon", "copas-fora+jd-bonus", "copas-fora+reverse-moon"])
def test_copas_fora_pimc_solves_worlds_under_every_scoring_option(variant):
    """<variant>: PIMC solves its worlds with the fast solver, which scores every
    scoring option, so the search runs PIMC (no fallback to ISMCTS)."""
    pos = endgame_of(variant, 3)
    result = ca.Searcher(seed=1, algorithm="pimc").search(pos, pos.turn, ca.Limit(iterations=20))
    assert result.algorithm == "pimc"
    assert result.best in pos.legal_moves()


def test_copas_fora_exact_score_c_memory_is_kept_by_the_match():
    """exact-score (c) through game.Match: a seat that lands on 100 drops to 50 and
    the match remembers it, so its next scoreless hand drops it to 0."""
    from copas_ai.game import Match

    match = Match.new("copas-fora+exact-score=hit-100-to-50-then-0", seed=1)
    match.totals = [20, 30, 99, 40]
    first = finished("copas-fora+exact-score=hit-100-to-50-then-0", plays=NEAR_MOON_PLAY)
    match.record_hand(first.hands, first)  # [0, 0, 1, 25]: seat 2 lands on 100
    assert match.totals == [20, 30, 50, 65] and match.state.reset_pending == [2]
    second = finished("copas-fora+exact-score=hit-100-to-50-then-0", plays=NEAR_MOON_PLAY)
    match.record_hand(second.hands, second)  # seat 2 now scores 1: the memory ends
    assert match.totals == [20, 30, 51, 90] and match.state.reset_pending == []
    match.totals, match.state.reset_pending = [20, 30, 50, 40], [0]
    match.record_hand(second.hands, second)  # seat 0 was pending and scores 0: 0
    assert match.totals == [0, 30, 51, 65]


def test_copas_fora_ten_of_death_follows_r1_when_points_may_open():
    """ten-of-death under points-first-trick (R1 lifted, here by clearing the ban as that
    option does): the 10♣, a point card, is then playable on trick 1 too."""
    rules = ca.find_variant("copas-fora").rules()
    rules.first_trick_banned = ca.CardSet()
    ca.find_option("ten-of-death").apply(rules, None)
    assert rules.first_trick_banned == ca.CardSet()
    assert cards("TC") <= rules.point_cards
