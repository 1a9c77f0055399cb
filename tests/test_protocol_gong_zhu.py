"""`gong-zhu` in CEP/1 (docs/PROTOCOL.md "Decisions", docs/RULES.md §9): the charges after
the deal (`<seat>:charge=…`), the free opening lead by the 2♠ holder in the first hand and
by the dealer (the last Q♠ taker) in later ones, `go` for a goal-high variant, `solve`
refused naming §9, the scores of a finished hand, and the record (copas-game/1) with the
dealer of each later hand checked against the Q♠ taker.
"""

import json

import pytest
from support.hands import build_deal

from copas_ai.analysis.analyse import AnalysisSettings, analyse
from copas_ai.analysis.record import RecordError, dump_record, read_record, record_from_match
from copas_ai.bots import make_bot
from copas_ai.game import Match, play_match
from copas_ai.search import Limit

DEAL = build_deal({0: "QS 3S 4S 5S 6S 7S 8S 9S TS JS KS AS 2C", 1: "AH JD", 2: "TC", 3: "2S"})
ALL_HANDS = " ".join(f"hand {s} {DEAL[s]}" for s in range(4))
FIRST = "position variant gong-zhu dealer 1 handno 0"  # charges from seat 2; W holds the 2♠
LATER = "position variant gong-zhu dealer 1 handno 1"  # seat 1 took the Q♠ last hand: it leads
CHARGES = "2:charge=TC 3:charge=none 0:charge=QS 1:charge=AH"


def test_gong_zhu_charges_come_first_from_the_dealers_left(engine):
    """gong-zhu L223 (turbo's charges, after the deal: no pass): seat 2 charges first; `legal` lists
    the chargeable cards it holds; `go` answers one of its choices."""
    assert engine.ask(f"{FIRST} {ALL_HANDS}") == []
    assert engine.ask("legal") == ["legal 2:charge=TC 2:charge=none"]
    assert engine.state() == "state deciding"
    assert engine.bestmove("go iterations 200") in ("bestmove 2:charge=TC", "bestmove 2:charge=none")


def test_gong_zhu_first_hand_the_2s_holder_leads_any_card(engine):
    """gong-zhu L209/L211, hand 1: after the charges W (the 2♠ holder) leads, and every card of its
    hand is legal; `go` answers one of them."""
    assert engine.ask(f"{FIRST} {ALL_HANDS} moves {CHARGES}") == []
    assert engine.state() == "state playing turn 3"
    legal = engine.ask("legal")[0].split()[1:]
    assert sorted(legal) == sorted(str(DEAL[3]).split(","))
    assert engine.bestmove("go iterations 200").split()[1] in legal


def test_gong_zhu_first_hand_another_seats_free_lead_in_a_one_hand_view(engine):
    """gong-zhu L209, hand 1, seat 0's view: W leads a heart (not the 2♠), written with its seat; the
    view takes W for the 2♠ holder; seat 0, with no heart, may play any card, and `go` answers one."""
    heart = min(c for c in DEAL[3] if c.suit == 2)
    assert engine.ask(f"{FIRST} hand 0 {DEAL[0]} moves {CHARGES} 3:{heart}") == []
    assert engine.state() == "state playing turn 0"
    legal = engine.ask("legal")[0].split()[1:]
    assert sorted(legal) == sorted(str(DEAL[0]).split(","))  # no heart: any card
    assert engine.bestmove("go iterations 200").split()[1] in legal


def test_gong_zhu_later_hand_the_dealer_leads_in_a_one_hand_view(engine):
    """gong-zhu L209, a later hand: seat 1 (the dealer, the last Q♠ taker) leads; seat 1's own view
    knows it leads (the charges, all down, are written with their values), so its `go` answers a
    card, which a fully known position and seat 2's view then take without a seat prefix."""
    assert engine.ask(f"{LATER} hand 1 {DEAL[1]} moves {CHARGES}") == []
    assert engine.ask("legal")[0].startswith("legal ")
    card = engine.bestmove("go iterations 200").split()[1]
    assert engine.ask(f"{LATER} {ALL_HANDS} moves {CHARGES} {card}") == []
    assert engine.state() == "state playing turn 2"
    # Seat 2's view: the rules name the leader (the dealer), so the lead needs no seat prefix.
    assert engine.ask(f"{LATER} hand 2 {DEAL[2]} moves {CHARGES} {card}") == []
    assert engine.state() == "state playing turn 2"


def test_gong_zhu_solve_is_refused_and_pimc_falls_back(engine):
    """gong-zhu: the solver refuses the §9 scoring (`solve` names it); with Algorithm pimc `go`
    still answers (ISMCTS in its place)."""
    assert engine.ask(f"{LATER} {ALL_HANDS} moves {CHARGES}") == []
    engine.send("solve")
    answer = engine.until(lambda line: line.startswith(("bestmove", "error")))[-1]
    assert answer.startswith("error solve the solver refuses this position: gong-zhu's scoring")
    assert engine.ask("setoption name Algorithm value pimc") == []
    try:
        assert engine.bestmove("go iterations 200").startswith("bestmove ")
    finally:
        assert engine.ask("setoption name Algorithm value auto") == []


def test_gong_zhu_finished_hand_scores_and_totals(engine):
    """gong-zhu: a whole hand (seat 1 leads and wins every heart; then the others) ends with the
    scores of §9 (seat 1 takes every card: +800) and the totals added; `state handover`."""
    hands = {0: "2C 3C 4C 5C 6C 7C 8C 9C JC QC KC AC QS", 1: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
             2: "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", 3: "2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS TC"}
    deal = build_deal(hands)
    words = " ".join(f"hand {s} {deal[s]}" for s in range(4))
    # Seat 1 leads its 13 hearts; the others throw their cards low to high (the Q♠ and 10♣ last).
    plays = []
    for k in range(13):
        plays += [hands[1].split()[k], hands[2].split()[k], hands[3].split()[k], hands[0].split()[k]]
    charges = "2:charge=none 3:charge=none 0:charge=none 1:charge=none"
    scores = "scores -100 0 0 -950"
    assert engine.ask(f"{LATER} {scores} {words} moves {charges} {' '.join(plays)}") == []
    engine.send("score")
    lines = engine.until(lambda line: line.startswith("state"))
    # Seat 1 takes all 13 hearts, the Q♠, the J♦ and the 10♣: (200 + 100 + 100) x 2.
    assert lines == ["score 0 800 0 0", "total -100 800 0 -950", "state handover"]


def test_gong_zhu_record_round_trip_and_the_dealer_check():
    """gong-zhu: a match's record reads back to the same hands (dealers, charges, scores); a later
    hand whose dealer is not the last Q♠ taker is refused, naming the seat expected."""
    match = Match.new("gong-zhu", seed=5)
    play_match(match, [make_bot("heuristic", seed=s) for s in range(4)], max_hands=3)
    text = dump_record(record_from_match(match, ["a", "b", "c", "d"]))
    record = read_record(text)
    for original, read in zip(match.hands, record.hands):
        assert (read.dealer, read.decisions, read.score) == (original.dealer, original.decisions, original.score)
    data = json.loads(text)
    wrong = (data["hands"][1]["dealer"] + 1) % 4
    data["hands"][1]["dealer"] = wrong
    with pytest.raises(RecordError, match=f"hand 2, dealer: expected seat {match.hands[1].dealer}, who took QS"):
        read_record(json.dumps(data))


def test_gong_zhu_analyse_judges_every_card_and_charge_of_two_hands():
    """gong-zhu: analyse rebuilds each seat's view in both hands (the first led freely by the 2♠
    holder, the second by the Q♠ taker) and rates every card and charge, with no loss below 0."""
    match = Match.new("gong-zhu", seed=4)
    play_match(match, [make_bot("heuristic", seed=s) for s in range(4)], max_hands=2)
    record = read_record(dump_record(record_from_match(match, ["a", "b", "c", "d"])))
    settings = AnalysisSettings(limit=Limit(iterations=20), hands=(1, 2), double_dummy_trick=None)
    decisions = analyse(record, settings).decisions
    assert len(decisions) == 2 * (52 + 4)
    assert all(d.loss >= 0 for d in decisions)
