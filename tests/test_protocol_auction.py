"""auction in CEP/1 and the match (docs/PROTOCOL.md "Decisions", docs/RULES.md §20): the
bids `<seat>:bid=<n>|pass` and the winner's `<seat>:suit=<c|d|h|s>` are the hand's first
moves; `legal` lists them (the bids within the seat's chips, `scores`), `go` answers one,
the winner then leads any card; a one-hand view carries every bid (they are public);
whole matches rescored by tests/support/independent_scorer_chips.py; the record round
trip; `analyse` judging the bids."""

import pytest
from support.cep.process import EngineProcess
from support.independent_scorer_chips import auction_outcome, auction_settle, suit_taken

import copas_ai as ca
from copas_ai.analysis.analyse import AnalysisSettings, analyse
from copas_ai.analysis.record import dump_record, read_record, record_from_match
from copas_ai.bots import make_bot
from copas_ai.game import Match, play_hand, play_match
from copas_ai.moves.decisions import seen_decisions
from copas_ai.moves.kitty import move_texts
from copas_ai.search import Limit

N, E, S, W = range(4)
DEAL = ca.deal(ca.find_variant("auction").rules(), 11)
HEAD = "position variant auction dealer 2 handno 0"
ALL_HANDS = " ".join(f"hand {s} {DEAL[s]}" for s in range(4))
AU1 = "moves 3:bid=2 0:bid=3 1:bid=pass 2:bid=pass 3:bid=pass"  # AU-1: W opens 2, N 3, three passes


def test_auction_registry_four_seats_chips_no_pass():
    """auction (§20): 4 seats, 50 chips each (+start-chips), no pass (A53c), 13 cards each."""
    v = ca.find_variant("auction")
    r = v.rules()
    assert v.seat_counts == (4,) and r.auction and r.start_chips == 50 and not r.pass_plan(0)
    assert ca.find_variant("auction+start-chips=20").rules().start_chips == 20
    with pytest.raises(ValueError, match="auction is for 4 players, not 5"):
        v.rules(5)


def test_auction_au1_legal_and_go_through_the_engine(engine):
    """AU-1 through the engine: dealer S, so W (3) opens: `legal` lists bids 1..50 (its chips, no
    pass), `go` answers a bid of 1 to 3 (the searched raises); after W 2, N 3 and three passes
    `legal` lists N's four suits; after `0:suit=d` N leads any card."""
    assert engine.ask(f"{HEAD} {ALL_HANDS}") == []
    assert engine.state() == "state deciding"
    assert engine.ask("legal") == ["legal " + " ".join(f"3:bid={v}" for v in range(1, 51))]
    assert engine.ask("setoption name Seed value 3") == []
    assert engine.bestmove() in {f"bestmove 3:bid={v}" for v in (1, 2, 3)}
    assert engine.ask(f"{HEAD} {ALL_HANDS} {AU1}") == []
    assert engine.ask("legal") == ["legal " + " ".join(f"0:suit={s}" for s in "cdhs")]
    assert engine.bestmove() in {f"bestmove 0:suit={s}" for s in "cdhs"}
    assert engine.ask(f"{HEAD} {ALL_HANDS} {AU1} 0:suit=d") == []
    assert engine.state() == "state playing turn 0"
    legal = engine.ask("legal")[0].split()[1:]
    assert sorted(legal) == sorted(str(c) for c in DEAL[0])  # B0: any card


def test_auction_a53b_the_chips_bound_the_bids_and_bad_bids_are_refused(engine):
    """auction A53b: with `scores 5 2 50 50` (chips) E may only pass over 2; a bid over the chips, a
    pass as the opening and a bid out of turn are refused naming the move."""
    assert engine.ask(f"{HEAD} scores 5 2 50 50 {ALL_HANDS} moves 3:bid=1 0:bid=2") == []
    assert engine.ask("legal") == ["legal 1:bid=pass"]
    for moves, error in (("3:bid=1 0:bid=2 1:bid=3", "move 1:bid=3: illegal decision bid=3: seat 1 holds 2 chips"),
                         ("3:bid=pass", "move 3:bid=pass: illegal decision bid=pass: the opening bid may not be a pass"),
                         ("0:bid=1", "move 0:bid=1: illegal decision bid=1: seat 3's bid is due, not seat 0's")):
        reply = engine.ask(f"{HEAD} scores 5 2 50 50 {ALL_HANDS} moves {moves}")
        assert len(reply) == 1 and reply[0].startswith(f"error position {error}")


def test_auction_a_one_hand_view_carries_every_bid_and_go_answers(engine):
    """auction: seat 1's view with every bid (public) and the suit; the world replays them, N
    leads, and at seat 1's turn `go` answers one of its cards."""
    lead = min(DEAL[0])
    assert engine.ask(f"{HEAD} hand 1 {DEAL[1]} {AU1} 0:suit=h 0:{lead}") == []
    assert engine.state() == "state playing turn 1"
    assert engine.bestmove().split()[1].split(":")[-1] in {str(c) for c in DEAL[1]}
    reply = engine.ask(f"{HEAD} hand 1 {DEAL[1]} moves 3:bid=2 0:bid=2")
    assert len(reply) == 1 and "raise the highest, 2, by at least 1" in reply[0]


def test_auction_hidden_views_show_every_bid():
    """auction: the bids and the suit are public: every seat's view lists them as made."""
    p = ca.Position(ca.find_variant("auction").rules(), DEAL, dealer=S)
    for m in AU1.split()[1:] + ["0:suit=s"]:
        p.decide(m.split(":")[1], seat=int(m.split(":")[0]))
    for seat in range(4):
        assert seen_decisions(p, seat) == list(p.decisions) and len(p.decisions) == 6


def _settle(chips: list[int], pot: int, decisions, plays: list[str]) -> tuple[list[int], int, list[int]]:
    """One hand settled by the independent scorer from its decisions and plays: the chips and
    pot after it, and the penalty cards each seat took."""
    bids = [(seat, d.removeprefix("bid=")) for _, seat, d in decisions if d.startswith("bid=")]
    seat, high = [(s, int(b)) for s, b in bids if b != "pass"][-1]
    suit = next(d for _, _, d in decisions if d.startswith("suit=")).removeprefix("suit=")
    assert all(int(b) <= chips[s] for s, b in bids if b != "pass")  # A53b: within the chips
    taken = suit_taken(plays, 4, seat, suit.upper())
    chips = list(chips)
    chips[seat] -= high
    return *auction_settle(chips, pot + high, taken), taken


def _rescore(match: Match) -> None:
    """Each hand of `match` settled again by the independent scorer, from the chips before it."""
    chips, pot = [match.variant.rules().start_chips] * 4, 0
    for hand in match.hands:
        chips, pot, _ = _settle(chips, pot, hand.decisions, [str(c) for _, c in hand.plays])
    assert (match.totals, match.state.pot) == (chips, pot)
    assert match.outcome() == auction_outcome(chips)


def test_auction_complete_matches_through_the_engine_confirmed_independently():
    """auction at 10 chips, seeds 1-2: every finished hand sent whole to the engine process with
    the chips (`scores`) and the pot (`match pot`); `score`'s penalty cards, chips and winner
    as the independent scorer finds them (AU-2, AU-3, AU-4)."""
    variant = "auction+start-chips=10"
    with EngineProcess() as engine:
        for seed in (1, 2):
            match = Match.new(variant, seed=seed)
            bots = [make_bot("random", seed=seed * 100 + s) for s in range(4)]
            chips, pot = [10] * 4, 0
            while not match.is_over():
                assert len(match.hands) < 200
                position = match.deal_next_hand()
                dealt = position.hands
                play_hand(position, bots)
                words = [f"position variant {variant} dealer {position.dealer} handno {position.hand_no}",
                         "scores " + " ".join(map(str, chips)), f"match pot {pot}" if pot else "",
                         *(f"hand {s} {dealt[s]}" for s in range(4)), "moves " + " ".join(move_texts(position))]
                assert engine.ask(" ".join(w for w in words if w)) == []
                engine.send("score")
                score, total, state = engine.line(), engine.line(), engine.line()
                chips, pot, taken = _settle(chips, pot, position.decisions, [str(c) for _, c in position.moves])
                assert score == "score " + " ".join(map(str, taken))
                assert total == "total " + " ".join(map(str, chips))
                over, winners = auction_outcome(chips)
                # AU-4: over once a seat is broke; the pot left over is said after the winners.
                ending = "state gameover winner " + ",".join(map(str, winners)) + (f" match pot {pot}" * bool(pot))
                assert state == ending if over else state.startswith("state handover")
                match.record_hand(dealt, position)
                assert match.totals == chips and match.state.pot == pot
        code, err = engine.close()
    assert code == 0 and b"Traceback" not in err


@pytest.mark.parametrize("seed", range(4))
def test_auction_random_matches_end_when_a_seat_is_broke_rescored_independently(seed):
    """auction, seed <seed>: a whole match of random bots at 12 chips: every hand settled as the
    independent scorer does, and the match ends once a seat holds no chips (AU-4)."""
    match = Match.new("auction+start-chips=12", seed=seed)
    play_match(match, [make_bot("random", seed=s) for s in range(4)])
    assert match.outcome()[0] and min(match.totals) == 0
    _rescore(match)


def test_auction_record_round_trip_and_analyse_judges_the_bids():
    """auction: a match of heuristic bots (searched bids and suits) is written and read back to
    the same bids, suits and scores; analyse rates the bids and the suit (kind 'decision')."""
    match = Match.new("auction+start-chips=8", seed=2)
    play_match(match, [make_bot("heuristic", seed=s) for s in range(4)], max_hands=3)
    _rescore(match)
    record = read_record(dump_record(record_from_match(match, ["a", "b", "c", "d"])))
    for original, read in zip(match.hands, record.hands, strict=True):
        assert (read.decisions, read.score) == (original.decisions, original.score)
    settings = AnalysisSettings(limit=Limit(iterations=20), hands=(1, 1), double_dummy_trick=None)
    judged = [d for d in analyse(record, settings).decisions if d.kind == "decision"]
    words = {str(d.played).split(":")[1].split("=")[0] for d in judged}
    assert words == {"bid", "suit"} and all(d.loss >= 0 for d in judged)


def test_auction_engine_players_bid_within_their_chips_in_a_match():
    """auction at 3 chips: a match whose four seats are engine processes (CepBot, one `go` per
    decision from each seat's view, the chips written as `scores`): every bid stays within
    the bidder's chips and the hands settle as the independent scorer does."""
    import sys

    from copas_ai.arena.cep_player import CepBot, close_engines

    command = f"{sys.executable} -m copas_ai engine"
    match = Match.new("auction+start-chips=3", seed=5)
    try:
        play_match(match, [CepBot(command, s, "auction+start-chips=3", iterations=40) for s in range(4)], max_hands=3)
    finally:
        close_engines()
    assert match.hands
    _rescore(match)
