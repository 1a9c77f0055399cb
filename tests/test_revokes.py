"""Revokes for human tables (docs/RULES.md §1.3, AMBIGUITY A3; copas-fora revoke, A10,
worked example CF-5): `Position.revokes = "penalize"` accepts a failure to follow
suit (and only that: every other rule still holds, as if the seat were void in the
led suit); the revoke is proven when the offender later plays a card of that suit,
which ends the hand: the offender scores the variant's revoke_penalty (26 in
copas-fora) and every other point of the hand is discarded (A10). The default,
"forbid", refuses revokes. Seats 0..3 are N, E, S, W.
"""

import pytest
from support.hands import SPADES, build_deal, play, play_lowest, position

import copas_ai as ca
from copas_ai.game import Match

VARIANT = "copas-fora"
# N wins nothing; W wins trick 1 (A♣) and leads the K♦; N (void in diamonds) breaks
# hearts with the 2♠; S wins with the A♦ and leads the 5♠ on trick 3.
CF5_DEAL = {0: "2C 2S 3S", 1: "3C 4S", 2: "4C AD 5S", 3: "AC KD 6S QH"}


def cf5_position(variant=VARIANT, revokes="penalize"):
    pos = position(variant, CF5_DEAL, voids={0: "D"})
    pos.revokes = revokes
    play(pos, "2C 3C 4C AC / KD 2S")
    play_lowest(pos)
    play(pos, "AD / 5S")
    assert pos.turn == 3 and pos.hearts_broken
    return pos


def test_copas_fora_revokes_are_forbidden_by_default():
    """copas-fora, A3 default: W holds the 6♠ on a spade lead; discarding the Q♥ is
    refused ('must follow suit')."""
    pos = cf5_position(revokes="forbid")
    assert pos.revokes == "forbid"
    with pytest.raises(ca.IllegalMoveError, match="follow suit"):
        pos.push("QH")


def test_copas_fora_cf5_revoke_is_accepted_then_proven_and_penalised():
    """copas-fora CF-5 + A10: under 'penalize' W's Q♥ on a spade lead is accepted and
    the hand goes on; when W later plays a spade the revoke is proven, the hand stops
    at once, W scores +26 and every other point of the hand is discarded."""
    pos = cf5_position()
    assert pos.is_revoke("QH") and not pos.is_revoke("6S")
    pos.push("QH")
    assert pos.revoke_pending and not pos.is_over()
    while not pos.is_over():
        play_lowest(pos)
    seat, card = pos.moves[-1]
    assert seat == 3 and card in SPADES
    assert pos.hand_end == "revoke" and pos.revoker == 3
    assert pos.score() == [0, 0, 0, 26]
    assert sum(pos.points_taken()) >= 1  # the Q♥ was taken on trick 3, and is discarded


def test_copas_fora_revoke_proof_and_revoke_are_undone_by_pop():
    """copas-fora, penalize: pop() takes back the proof (the hand reopens), and the
    revoke itself (nothing pending)."""
    pos = cf5_position()
    pos.push("QH")
    while not pos.is_over():
        play_lowest(pos)
    pos.pop()
    assert pos.phase == "playing" and pos.hand_end == "" and pos.revoker is None and pos.revoke_pending
    while pos.moves[-1] != (3, ca.Card.from_str("QH")):
        pos.pop()
    pos.pop()
    assert not pos.revoke_pending and pos.turn == 3


def test_copas_fora_penalize_still_refuses_every_other_illegal_play():
    """copas-fora, A3 ('other illegal plays stay refused even in permissive mode'):
    on trick 1 a seat holding a club may revoke with a diamond but not with the Q♠
    or a heart (R1/R2 as if void in clubs); a card not held is refused too."""
    pos = position(VARIANT, {0: "2C", 1: "3C QS 2H 9D"})
    pos.revokes = "penalize"
    pos.push("2C")
    assert not pos.is_revoke("QS") and not pos.is_revoke("2H")
    for card in ("QS", "2H", "AC"):
        with pytest.raises(ca.IllegalMoveError):
            pos.push(card)
    assert pos.is_revoke("9D")
    pos.push("9D")
    assert pos.revoke_pending


def test_copas_fora_penalize_hearts_unbroken_a_heart_revoke_is_refused():
    """copas-fora, penalize + R2 + A6: hearts not broken (N's spade discard in this same
    trick does not count), E holding the 2♦ on a diamond lead may revoke with a spade
    but not with a heart (R2 as if void in diamonds)."""
    deal = {**CF5_DEAL, 1: "3C 4S 2D 2H"}
    pos = position(VARIANT, deal, voids={0: "D"})
    pos.revokes = "penalize"
    play(pos, "2C 3C 4C AC / KD 2S")
    assert pos.turn == 1 and not pos.hearts_broken
    assert pos.is_revoke("4S") and not pos.is_revoke("2H")
    with pytest.raises(ca.IllegalMoveError, match="illegal move 2H"):
        pos.push("2H")


def test_copas_fora_revoke_penalty_counts_in_the_match_and_the_cycle_advances():
    """copas-fora A10: the aborted hand records only the offender's +26 in the match
    totals and counts as a played hand (the next hand has the next pass and dealer)."""
    match = Match.new(VARIANT, seed=2)
    pos = cf5_position()
    dealt = pos.hands
    pos.push("QH")
    while not pos.is_over():
        play_lowest(pos)
    match.record_hand(dealt, pos)
    assert match.totals == [0, 0, 0, 26]
    assert match.deal_next_hand().hand_no == 1


def test_revoke_penalty_is_variant_data_a30c_negative_sign():
    """A30c (negative-scoring: the offender scores -26): the penalty is RuleSet data."""
    rules = ca.find_variant(VARIANT).rules()
    assert rules.revoke_penalty == 26
    rules.revoke_penalty = -26
    pos = ca.Position(rules, build_deal(CF5_DEAL, voids={0: "D"}), dealer=3, hand_no=3)
    pos.revokes = "penalize"
    play(pos, "2C 3C 4C AC / KD 2S")
    play_lowest(pos)
    play(pos, "AD / 5S QH")
    while not pos.is_over():
        play_lowest(pos)
    assert pos.score() == [0, 0, 0, -26]


def test_solver_refuses_a_hand_with_an_unproven_revoke():
    """The solver does not score a revoke proof: it refuses such a position clearly."""
    pos = cf5_position()
    pos.push("QH")
    with pytest.raises(ca.InvalidPositionError, match="revoke"):
        ca.Solver(hash_mb=1).solve(pos)


def test_revokes_mode_value_is_checked():
    pos = position(VARIANT, {})
    with pytest.raises(ValueError, match="forbid"):
        pos.revokes = "allow"
    assert pos.revokes == "forbid"


def cf5_position_tokens(with_proof: bool) -> list[str]:
    """The CF-5 hand as a fully known `position` (refereeing), W's revoke included."""
    pos = cf5_position()
    pos.push("QH")
    moves = [f"{seat}:{card}" for seat, card in pos.moves]
    if with_proof:
        while not pos.is_over():
            play_lowest(pos)
        moves = [f"{seat}:{card}" for seat, card in pos.moves]
    dealt = build_deal(CF5_DEAL, voids={0: "D"})
    text = "variant copas-fora handno 3 dealer 3 "
    text += " ".join(f"hand {s} {','.join(str(c) for c in dealt[s])}" for s in range(4))
    return (text + " moves " + " ".join(moves)).split()


def test_engine_revokes_option_forbid_refuses_a_revoke_in_the_moves():
    """Engine option Revokes (default forbid): a revoke in a known position's moves is
    an error naming the move."""
    from copas_ai.cep.facade import Engine
    from copas_ai.cep.position_text import PositionTextError

    engine = Engine()
    with pytest.raises(PositionTextError, match="3:QH"):
        engine.set_position(cf5_position_tokens(with_proof=False))


def test_engine_revokes_option_penalize_referees_the_cf5_revoke():
    """Engine option Revokes=penalize, copas-fora CF-5: the revoke is accepted, and once
    proven the hand is over with W +26 and nothing else (A10)."""
    from copas_ai.cep.facade import Engine

    engine = Engine()
    engine.set_option("Revokes", "penalize")
    engine.set_position(cf5_position_tokens(with_proof=False))
    assert engine.score().state == "playing"
    engine.set_position(cf5_position_tokens(with_proof=True))
    answer = engine.score()
    assert answer.state == "handover" and answer.score == [0, 0, 0, 26]


# -- each variant's penalty (docs/RULES.md §1.3 and each family's "Revoke" line) --------------

@pytest.mark.parametrize("variant, penalty", [
    ("copas-fora", 26), ("teams", 26), ("three-five", 26), ("negative-scoring", -26),
    ("spanish", 20), ("spot", 140), ("black-maria", 43),
])
def test_revoke_penalty_of_each_variant_that_defines_one(variant, penalty):
    rules = ca.find_variant(variant).rules()
    assert rules.revoke_penalty_defined and rules.revoke_penalty == penalty


@pytest.mark.parametrize("variant", ["american", "classic-3to6"])
def test_variants_without_a_revoke_penalty_refuse_the_penalize_mode(variant):
    # S004 (american) and S003 (classic-3to6, A55f) name no penalty: revokes stay forbidden.
    rules = ca.find_variant(variant).rules()
    pos = ca.Position(rules, ca.deal(rules, 1), dealer=rules.players - 1, hand_no=3)
    with pytest.raises(ValueError, match="defines no revoke penalty"):
        pos.revokes = "penalize"
    assert pos.revokes == "forbid"


def test_engine_with_revokes_penalize_names_an_american_position_as_the_error():
    from copas_ai.cep.facade import Engine
    from copas_ai.cep.loop import run_lines

    hands = " ".join(f"hand {s} " + ",".join(f + "CDHS"[s] for f in "23456789TJQKA") for s in range(4))
    out = run_lines(["setoption name Revokes value penalize", f"position {hands} handno 3"], Engine())
    assert out == ["error position variant american: revokes = 'penalize': this variant defines no "
                   "revoke penalty, so revokes can only be forbidden"]


# -- an engine that plays one seat at a table where revokes are penalised ---------------------

def cf5_view_tokens(with_proof: bool, seat: int = 1) -> list[str]:
    """The CF-5 hand as seat `seat` sees it: its own hand, and every move with its seat."""
    known = cf5_position_tokens(with_proof)
    hands = known[known.index("hand"):known.index("moves")]
    pairs = [hands[i:i + 3] for i in range(0, len(hands), 3)]
    own = next(cards for _, s, cards in pairs if int(s) == seat)
    return (["variant", VARIANT, "handno", "3", "dealer", "3", "hand", str(seat), own]
            + known[known.index("moves"):])


def test_engine_one_seat_view_penalize_accepts_an_unproven_revoke_as_a_void():
    """copas-fora CF-5, Revokes=penalize, engine playing E (seat 1) from its own hand:
    W's Q♥ on a spade lead is accepted; unproven, it is read as a shown void (players
    are presumed honest), so no sampled world gives W a spade yet."""
    from copas_ai.cep.facade import Engine

    engine = Engine()
    engine.set_option("Revokes", "penalize")
    engine.set_position(cf5_view_tokens(with_proof=False))
    assert engine.score().state == "playing"
    world = engine.position.position
    assert not (world.hands[3] & SPADES) and not world.revoke_pending


def test_engine_one_seat_view_forbid_refuses_the_history_of_an_unproven_revoke():
    """copas-fora CF-5, Revokes=forbid (default), seat 1's view: once W's void in spades
    leaves no deal for the unseen 6♠, the error names that move of W's (before the proof)."""
    from copas_ai.cep.facade import Engine
    from copas_ai.cep.position_text import PositionTextError

    with pytest.raises(PositionTextError, match="move 3:AH: no deal of the unseen cards fits"):
        Engine().set_position(cf5_view_tokens(with_proof=True))


def test_engine_one_seat_view_penalize_reads_an_impossible_void_as_a_revoke():
    """copas-fora CF-5, Revokes=penalize, seat 1's view just before W's proof: no deal
    fits W's shown spade void, so the failure must have been a revoke: the world gives W
    the spade it still holds, with the revoke pending."""
    from copas_ai.cep.facade import Engine

    engine = Engine()
    engine.set_option("Revokes", "penalize")
    engine.set_position(cf5_view_tokens(with_proof=True)[:-1])
    world = engine.position.position
    assert world.revoke_pending and world.hands[3] & SPADES and world.turn == 3


def test_engine_one_seat_view_penalize_replays_another_seats_proven_revoke():
    """copas-fora CF-5 + A10, Revokes=penalize, seat 1's view: W's later spade proves the
    revoke; the hand is over with W +26 and nothing else, as in the fully known replay."""
    from copas_ai.cep.facade import Engine

    engine = Engine()
    engine.set_option("Revokes", "penalize")
    engine.set_position(cf5_view_tokens(with_proof=True))
    answer = engine.score()
    assert answer.state == "handover" and answer.score == [0, 0, 0, 26]
    assert engine.position.position.revoker == 3


def test_engine_one_seat_view_refuses_a_move_after_the_proven_revoke():
    """copas-fora, Revokes=penalize, seat 1's view: the hand ended at the proof, so a
    further move is an error naming it."""
    from copas_ai.cep.facade import Engine
    from copas_ai.cep.position_text import PositionTextError

    engine = Engine()
    engine.set_option("Revokes", "penalize")
    tokens = cf5_view_tokens(with_proof=True) + ["1:QS"]
    with pytest.raises(PositionTextError, match="move 1:QS: the hand is over: seat 3's revoke was proven"):
        engine.set_position(tokens)


def test_world_from_view_revokes_mode_is_checked():
    rules = ca.find_variant("american").rules()
    hand = ca.deal(rules, 1)[0]
    with pytest.raises(ValueError, match="defines no revoke penalty"):
        ca.world_from_view(rules, 0, hand, hand_no=3, revokes="penalize")
    with pytest.raises(ValueError, match="'forbid' or 'penalize'"):
        ca.world_from_view(ca.find_variant(VARIANT).rules(), 0, hand, hand_no=3, revokes="allow")


def test_engine_one_seat_view_penalize_searches_when_only_a_revoke_explains_the_play():
    """copas-fora CF-5, Revokes=penalize, seat 1 to act once no honest deal fits W's
    spade void: `go` still answers one of seat 1's legal cards (the search lifts the
    shown voids of the other seats, as the world construction did)."""
    from copas_ai.cep.facade import Engine
    from copas_ai.cep.loop import run_lines

    tokens = cf5_view_tokens(with_proof=True)
    cut = max(i for i, t in enumerate(tokens) if t.startswith("1:"))  # seat 1 leads again here
    engine = Engine()
    out = run_lines(["setoption name Revokes value penalize", "setoption name Seed value 1",
                     "position " + " ".join(tokens[:cut]), "legal", "go iterations 200"], engine)
    assert engine.position.position.revoke_pending  # no honest deal fits
    legal = out[0].split()[1:]
    assert out[0].startswith("legal ") and out[-1].startswith("bestmove ")
    assert out[-1].split()[1] in legal
