"""`gong-zhu+super-charge` in CEP/1 (docs/PROTOCOL.md "Decisions", docs/RULES.md §9, A40): a
charge is followed by the seat's `face=down|up`; `legal` lists the faces and `go` answers one;
another seat's face-down charge is `<seat>:charge=?` then `<seat>:face=down` in a one-hand view;
a whole position and a match record go round trip; `analyse` judges the faces; the charge
search picks the face a hand makes clear-cut. (Complete matches through the engine process,
rescored by tests/support/independent_scorer_gong_zhu.py, are tests/test_variants_play_through.py's
`gong-zhu+super-charge` rows.)
"""

import pytest
from support.charges import charge_all
from support.hands import build_deal

import copas_ai as ca
from copas_ai.analysis.analyse import AnalysisSettings, analyse
from copas_ai.analysis.record import dump_record, read_record, record_from_match
from copas_ai.bots import make_bot
from copas_ai.cep.position_text import position_to_text
from copas_ai.game import Match, play_hand, play_match
from copas_ai.search import Limit

SC = "gong-zhu+super-charge"
DEAL = build_deal({0: "QS 3S 4S 5S 6S 7S 8S 9S TS JS KS AS 2C", 1: "AH JD", 2: "TC", 3: "2S"})
ALL_HANDS = " ".join(f"hand {s} {DEAL[s]}" for s in range(4))
FIRST = f"position variant {SC} dealer 1 handno 0"  # charges from seat 2; W holds the 2♠
# Seat 2 charges the 10♣ face down, seat 0 the Q♠ face up, seat 1 the A♥ face down.
TRUE_CHARGES = "2:charge=TC 2:face=down 3:charge=none 0:charge=QS 0:face=up 1:charge=AH 1:face=down"
SEAT_0_SEES = "2:charge=? 2:face=down 3:charge=none 0:charge=QS 0:face=up 1:charge=? 1:face=down"


def test_gong_zhu_super_charge_legal_lists_the_faces_and_go_answers_one(engine):
    """gong-zhu+super-charge (L245): after seat 2's `charge=TC` its face is due: `legal` lists
    `face=down` and `face=up`, and `go` answers one of them; a face given by the wrong seat is refused."""
    assert engine.ask(f"{FIRST} {ALL_HANDS} moves 2:charge=TC") == []
    assert engine.ask("legal") == ["legal 2:face=down 2:face=up"]
    assert engine.bestmove("go iterations 200") in ("bestmove 2:face=down", "bestmove 2:face=up")
    answer = engine.ask(f"{FIRST} {ALL_HANDS} moves 2:charge=TC 3:face=up")
    assert answer[0].startswith("error position move 3:face=up") and "seat 2's face is due" in answer[0]


def test_gong_zhu_super_charge_one_hand_view_hides_the_face_down_cards(engine):
    """gong-zhu+super-charge (A40), seat 0's view: the face-down charges of seats 2 and 1 are
    `charge=?` with `face=down`; the view loads, W leads (the 2♠ holder), and after the lead seat 0
    may not follow with its face-up Q♠ while it holds other spades (A34); `go` answers a card."""
    assert engine.ask(f"{FIRST} hand 0 {DEAL[0]} moves {SEAT_0_SEES} 3:2S") == []
    legal = engine.ask("legal")[0].split()[1:]
    assert "QS" not in legal and sorted(legal) == sorted(str(DEAL[0] - ca.CardSet.from_str("QS,2C")).split(","))
    assert engine.bestmove("go iterations 200").split()[1] in legal


def test_gong_zhu_super_charge_views_refuse_what_cannot_be_hidden(engine):
    """gong-zhu+super-charge (A40): a face-up charge is public, so `charge=?` then `face=up` is
    refused naming it; a hidden charge with no face after it, once every charge is down, is refused
    with the way to write a face-down one."""
    answer = engine.ask(f"{FIRST} hand 0 {DEAL[0]} moves 2:charge=? 2:face=up")
    assert answer[0].startswith("error position") and "a face-up charge is public: write its card" in answer[0]
    answer = engine.ask(f"{FIRST} hand 0 {DEAL[0]} moves 2:charge=? 2:face=down 3:charge=none "
                        "0:charge=QS 0:face=up 1:charge=?")
    assert "every charge is down" in answer[0] and "charge=? then face=down" in answer[0]


def test_gong_zhu_super_charge_position_round_trip_and_score(engine):
    """gong-zhu+super-charge: a finished hand written by position_to_text (faces in their places)
    loads in the engine, which scores it as the core does (super and face-down charges alike)."""
    rules = ca.find_variant(SC).rules()
    pos = ca.Position(rules, DEAL, dealer=1, hand_no=0)
    charge_all(pos, {2: "TC", 0: "QS", 1: "AH"}, {0: "up"})
    play_hand(pos, [make_bot("heuristic", seed=s) for s in range(4)])
    text = position_to_text(pos, SC)
    assert TRUE_CHARGES in text
    assert engine.ask(text) == []
    engine.send("score")
    assert engine.until(lambda line: line.startswith("state"))[0] == "score " + " ".join(map(str, pos.score()))


def test_gong_zhu_super_charge_record_round_trip_and_analyse_judges_the_faces():
    """gong-zhu+super-charge: a match's record carries every charge and face in full and reads back to
    the same hands; analyse rebuilds each seat's view (faces hidden during the phase, face-down cards
    after it) and rates every card, charge and face, with no loss below 0."""
    match = Match.new(SC, seed=5)  # the heuristic charges a guarded Q♠ and supers it in hand 1
    play_match(match, [make_bot("heuristic", seed=s) for s in range(4)], max_hands=2)
    record = read_record(dump_record(record_from_match(match, ["a", "b", "c", "d"])))
    for original, read in zip(match.hands, record.hands):
        assert (read.dealer, read.decisions, read.score) == (original.dealer, original.decisions, original.score)
    assert "face=up" in [d for _, _, d in record.hands[0].decisions]
    settings = AnalysisSettings(limit=Limit(iterations=20), hands=(1, 2), double_dummy_trick=None)
    decisions = analyse(record, settings).decisions
    assert len(decisions) == sum(52 + len(h.decisions) for h in record.hands[:2])
    assert any(d.played.endswith("face=up") for d in decisions)
    assert all(d.loss >= 0 for d in decisions)


# --- the search's face ----------------------------------------------------------------------------

THIRTEEN_DIAMONDS = "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"


@pytest.mark.parametrize("seat, charge, face", [
    (0, "JD", "up"),  # N wins every trick it leads with a diamond: the whole deck, the J♦ with it
    (1, "none", "down"),  # E can follow no other suit and never leads: it never wins a trick
])
def test_gong_zhu_super_charge_search_faces_a_jack_by_who_takes_it(engine, seat, charge, face):
    """gong-zhu+super-charge, seeded search (hand 2, N deals and leads), the seat holding all 13
    diamonds: as N it takes the J♦ itself (+400 face up against +200 face down, doubled by the
    10♣), so `go` charges it and turns it face up; as E its J♦ goes to another seat (+400 to that
    seat face up against +200), so `go` charges nothing, and having charged it turns it face down."""
    deal = build_deal({seat: THIRTEEN_DIAMONDS})
    before = " ".join(f"{(1 + k) % 4}:charge=none" for k in range((seat - 1) % 4))  # from N's left
    start = f"position variant {SC} dealer 0 handno 1 hand {seat} {deal[seat]} moves {before}"
    assert engine.ask(start) == []
    assert engine.bestmove("go iterations 300") == f"bestmove {seat}:charge={charge}"
    assert engine.ask(f"{start} {seat}:charge=JD") == []
    assert engine.bestmove("go iterations 300") == f"bestmove {seat}:face={face}"
