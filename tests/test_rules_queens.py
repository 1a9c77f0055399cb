"""queens (docs/RULES.md §11, S000 L263-273): every queen scores (A44a: the Q♥ is 13),
the J♦ -10, R1 for every queen (A44b), the match to 300, the dealer's pass plan as a
decision before the pass (each plan shape), and the moon winning the match at once
(csrc/match.cpp), which the match-equity model refuses to model.

Deals come from support.hands.build_deal; the plan decides the pass, so any hand_no.
"""

import pytest
from support.hands import build_deal, cards
from support.independent_scorer_queens import queens_scores

import copas_ai as ca
from copas_ai.equity import check_modelled
from copas_ai.game import Match, play_match
from copas_ai.bots import make_bot

RULES = ca.find_variant("queens").rules()
PLANS = ["none", "3l", "3r", "3a", "2l1r", "1l2r", "2l1a", "1l2a", "2r1a", "1r2a", "1l1r1a"]


def queens_position(spec: dict[int, str], dealer: int = 0, voids: dict[int, str] | None = None) -> ca.Position:
    return ca.Position(RULES, build_deal(spec, voids), dealer=dealer, hand_no=0)


def test_queens_card_values_total_77_less_10_for_the_jd():
    """queens A44a: hearts 1 but the Q♥ 13, Q♣ 13, Q♦ 13, Q♠ 26, J♦ -10: 77 - 10 = 67 in a hand."""
    values = RULES.card_points
    assert {str(c): v for c, v in values.items() if v} == {
        **{r + "H": 1 for r in "23456789TJKA"}, "QH": 13, "QC": 13, "QD": 13, "QS": 26, "JD": -10}
    assert RULES.points_of(RULES.deck) == 67
    assert RULES.target == 300 and RULES.revoke_penalty == 26


def test_queens_q1_worked_example_scores_18():
    """queens §25 Q-1: Q♣, Q♦, J♦ and two hearts (not the Q♥) score 13 + 13 - 10 + 2 = 18."""
    assert RULES.points_of(cards("QC QD JD 2H 3H")) == 18
    assert queens_scores([{"QC", "QD", "JD", "2H", "3H"}, set(), set(), set()], {})[0] == 18


def test_queens_r1_bars_the_qd_from_the_first_trick():
    """queens A44b: seat 2, void in clubs on trick 1, may not discard the Q♦ while it holds
    another card (the 2♦): every queen is a point card for R1 (in copas-fora the Q♦ is free)."""
    pos = queens_position({1: "2C", 2: "QD 2D"}, voids={2: "C"})
    pos.decide("plan=none")
    pos.push(ca.Card.from_str("2C"))
    assert pos.turn == 2
    assert ca.Card.from_str("QD") not in pos.legal_moves() and ca.Card.from_str("2D") in pos.legal_moves()
    assert pos.illegal_reason(ca.Card.from_str("QD")) == "penalty cards may not be played to the first trick"


def test_queens_r1_lets_the_qc_follow_the_2c_only_as_the_only_club():
    """queens A44b with A9: the Q♣ is a point card, so a seat holding Q♣ and another club must play
    the other club to trick 1; holding the Q♣ as its only club it must follow with it."""
    pos = queens_position({1: "2C", 2: "QC 5C"}, voids={2: "C"})
    pos.decide("plan=none")
    pos.push(ca.Card.from_str("2C"))
    assert list(map(str, pos.legal_moves())) == ["5C"]
    alone = queens_position({1: "2C", 2: "QC"}, voids={2: "C"})
    alone.decide("plan=none")
    alone.push(ca.Card.from_str("2C"))
    assert list(map(str, alone.legal_moves())) == ["QC"]


def test_queens_the_dealers_plan_is_due_first_with_every_plan_shape():
    """queens §11: after the deal the dealer (seat 2 here) owes `plan`, one of eleven plans (no pass,
    3 one way, 2 + 1 two ways, 1 + 1 + 1 three ways); nobody may pass or play before it."""
    pos = queens_position({}, dealer=2)
    assert pos.phase == "deciding" and pos.decision == (2, "plan")
    assert pos.decision_choices == [f"plan={p}" for p in PLANS]
    with pytest.raises(ca.IllegalMoveError, match="seat 2's plan is due"):
        pos.decide("plan=3l", seat=1)
    with pytest.raises(ca.IllegalMoveError):
        pos.set_pass(0, cards("2C 3C 4C"))


# (plan, [(seats to the left, count)] of its parts)
SHAPES = [("3l", [(1, 3)]), ("3r", [(3, 3)]), ("3a", [(2, 3)]), ("2l1r", [(1, 2), (3, 1)]),
          ("1l2r", [(1, 1), (3, 2)]), ("2l1a", [(1, 2), (2, 1)]), ("1l2a", [(1, 1), (2, 2)]),
          ("2r1a", [(3, 2), (2, 1)]), ("1r2a", [(3, 1), (2, 2)]), ("1l1r1a", [(1, 1), (3, 1), (2, 1)])]


@pytest.mark.parametrize("plan, parts", SHAPES, ids=[s for s, _ in SHAPES])
def test_queens_plan_shape_sends_each_part_its_way(plan, parts):
    """queens §11, plan <plan>: the plan is public at once, the seats pass by it as a split pass
    (each part's cards go to the seat that many places to the left), then the 2♣ leads."""
    pos = queens_position({}, dealer=1)
    dealt = pos.hands
    pos.decide(f"plan={plan}", seat=1)
    assert pos.phase == "passing" and pos.pass_plan == parts
    sent = {}
    for s in range(4):
        hand = sorted(dealt[s])
        chosen, i = [], 0
        for _, k in parts:
            chosen.append(ca.CardSet(hand[i:i + k]))
            i += k
        sent[s] = chosen
        pos.set_pass(s, chosen[0] if len(chosen) == 1 else tuple(chosen))
    assert pos.phase == "playing"
    for s in range(4):
        for (offset, _), part in zip(parts, sent[s]):
            assert part <= pos.hands[(s + offset) % 4]
    assert pos.decisions == [(0, 1, f"plan={plan}")]


def test_queens_plan_none_starts_the_play_and_can_be_taken_back():
    """queens: `plan=none` passes nothing and the 2♣ holder leads; pop() takes the plan back."""
    pos = queens_position({3: "2C"}, dealer=0)
    pos.decide("plan=none")
    assert pos.phase == "playing" and pos.turn == 3 and not pos.pass_plan
    assert pos.pop() == "plan=none"
    assert pos.phase == "deciding" and pos.decision == (0, "plan")


def _moon_hand(dealer: int = 0) -> ca.Position:
    # Seat 0 holds the A♣ and every spade but the 2♠: it wins the 2♣ trick and then every
    # spade lead, taking all 52 cards: every heart, the J♦, Q♠, Q♣ and Q♦.
    pos = queens_position({0: "AC AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S", 1: "2C"}, dealer=dealer)
    pos.decide("plan=none")
    while not pos.is_over():
        pos.push(max(pos.legal_moves()) if pos.turn == 0 else min(pos.legal_moves()))
    assert len(pos.won[0]) == 52
    return pos


def test_queens_moon_wins_the_match_at_once_whatever_the_totals():
    """queens §11 (S000 L273): the moon's shooter wins the match after that hand, though its total
    (250) is neither at the lowest nor is any total at 300; the hand counts as a copas-fora moon
    with the deck's penalty, 77, to each other seat (A44c)."""
    hand = _moon_hand()
    assert hand.moon_shooter() == 0 and hand.score() == [0, 77, 77, 77]
    state = ca.MatchState([250, 0, -10, 40], hands_played=5)
    assert state.outcome(RULES) == (False, [])
    assert state.add_hand(hand) == [0, 77, 77, 77]
    assert state.totals == [250, 77, 67, 117]
    assert state.moon_winner == 0 and state.outcome(RULES) == (True, [0])


def test_queens_moon_ends_a_match_played_by_game_py():
    """queens: Match.record_hand and outcome() honour the instant win: a match whose next hand is a
    moon ends there, won by the shooter."""
    match = Match.new("queens", seed=3)
    match.state = ca.MatchState([280, 10, 20, 30], hands_played=4)
    hand = _moon_hand(dealer=match.next_dealer())
    match.record_hand(hand.hands, hand)
    assert match.is_over() and match.outcome() == (True, [0])


def test_queens_without_a_moon_ends_at_300_lowest_winning():
    """queens §11: no moon, the match ends after the hand taking a total to 300 or more, lowest wins."""
    state = ca.MatchState([299, 50, 60, 70])
    assert state.outcome(RULES) == (False, [])
    state.totals = [300, 50, 60, 70]
    assert state.outcome(RULES) == (True, [1])


def test_queens_match_equity_values_the_moons_instant_win():
    """queens (§11, the `match` objective): the equity model counts a moon as the match won at once.
    At 290 against 0 0 0 a seat loses unless it shoots the moon before it takes 10 points: with the
    instant win its chance is that of a moon, without it (the same rules, moon_wins_match off) none."""
    check_modelled(ca.find_variant("queens"))  # no longer refused
    state = ca.MatchState([290, 0, 0, 0])
    chances = {}
    for instant in (True, False):
        rules = ca.find_variant("queens").rules()
        rules.moon_wins_match = instant
        table = ca._core.MatchEquity.build(rules, hands=400, seed=3)
        chances[instant] = table.values(state)[0]
    assert chances[False] < 0.001
    assert 0.002 < chances[True] < 0.2
    # The table survives its bytes (its cell cap first): the cache's round trip.
    again = ca._core.MatchEquity.from_bytes(RULES, table.to_bytes())
    assert again.to_bytes() == table.to_bytes()


def test_queens_heuristic_plan_rule():
    """queens: the heuristic dealer passes 3 left when it holds a point card or a spade above the J♠,
    and does not pass a hand with neither."""
    safe = queens_position({0: "2C 3C 4C 5C 6C 2D 3D 4D 5D 2S 3S 4S 5S"})
    assert ca._core.heuristic_decision(safe) == "plan=none"
    risky = queens_position({0: "QS 2C 3C 4C 5C 6C 2D 3D 4D 5D 2S 3S 4S"})
    assert ca._core.heuristic_decision(risky) == "plan=3l"


@pytest.mark.parametrize("seed", [1, 2])
def test_queens_heuristic_matches_end_and_record_every_plan(seed):
    """queens (seed <seed>): heuristic bots play whole matches; every hand records the dealer's plan
    first, by the dealer."""
    match = Match.new("queens", seed=seed)
    play_match(match, [make_bot("heuristic", seed=s) for s in range(4)])
    assert match.is_over()
    for hand in match.hands:
        assert hand.decisions[0][:2] == (0, hand.dealer) and hand.decisions[0][2].startswith("plan=")


def test_queens_a_wrong_part_of_the_plans_pass_is_refused_naming_its_way():
    """queens, plan 2l1a: two cards given for the across part are refused, the message naming the
    part ("across", not "to the across"); a flat list is refused naming both parts."""
    pos = queens_position({}, dealer=0)
    pos.decide("plan=2l1a")
    hand = sorted(pos.hand(0))
    with pytest.raises(ca.IllegalMoveError, match="the pass across is 1 card, not 2"):
        pos.set_pass(0, (ca.CardSet(hand[:2]), ca.CardSet(hand[2:4])))
    with pytest.raises(ca.IllegalMoveError, match="2 to the left / 1 across"):
        pos.set_pass(0, ca.CardSet(hand[:3]))


def test_queens_plan_parts_names_the_pass_of_each_plan_value_and_refuses_others():
    # queens (docs/RULES.md §11): the dealer's plan values as the passes they name.
    from copas_ai._core import plan_parts

    assert plan_parts("none", 4) == []
    assert plan_parts("3r", 4) == [(3, 3)]
    assert plan_parts("2l1a", 4) == [(1, 2), (2, 1)]
    assert plan_parts("1l1r1a", 4) == [(1, 1), (3, 1), (2, 1)]
    with pytest.raises(ValueError, match="no pass plan '4l'"):
        plan_parts("4l", 4)
