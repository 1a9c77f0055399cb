"""The GUI server's API (copas_ai.gui): whole hands against engine seats asked over CEP/1,
undo, hints, the record, engine crash survival, refused actions."""

from __future__ import annotations

import json
import os
import signal
import sys
import time

import pytest

import copas_ai as ca
from copas_ai.analysis.record import read_record, replay
from copas_ai.game import Match
from support.gui_client import ITERATIONS, Client, first_legal, running_server
from support.hands import MOON_DEAL, MOON_PLAY, build_deal, play


def _new(client: Client, variant: str, players: int | None = None, people=(0,), seed: int = 7) -> str:
    return client.post("/api/new", {"variant": variant, "players": players, "people": list(people),
                                    "seed": seed, "iterations": ITERATIONS})["table"]


def _first_play(client: Client, seed: int) -> tuple[str, dict]:
    """A new american table past the person's pass (its first three cards): its id and state."""
    table = _new(client, "american", seed=seed)
    state = client.wait_for_person(table)
    client.post("/api/pass", {"table": table, "seat": 0, "cards": state["hand"][:3]})
    return table, client.wait_for_person(table)


def _play_hand(client: Client, table: str) -> dict:
    """The person's seats make the first choice of each decision, pass their first cards and
    play their first legal card until the hand ends."""
    state = client.wait_for_person(table)
    while state["phase"] not in ("handover", "gameover"):
        if state["phase"] == "deciding":  # a charge, queens' plan, the moon's form: the first choice
            client.post("/api/decide", {"table": table, "choice": state["decision"]["choices"][0]["move"]})
        elif state["phase"] == "passing":
            client.post("/api/pass", {"table": table, "seat": state["seat"], "cards": state["hand"][:state["pass"]["count"]]})
        elif state["phase"] == "discarding":
            client.post("/api/discard", {"table": table, "cards": state["hand"][:state["kitty"]["discard_count"]]})
        else:
            client.post("/api/play", {"table": table, "card": first_legal(state)})
        state = client.wait_for_person(table)
    return state


def test_american_whole_hand_through_the_api_against_three_engine_seats():
    with running_server() as server:
        client = Client(server)
        table = _new(client, "american")
        first = client.wait_for_person(table)
        assert first["phase"] == "passing" and first["pass"]["count"] == 3 and len(first["hand"]) == 13
        end = _play_hand(client, table)
        assert end["phase"] == "handover"
        assert sum(end["sheet"][0]) in (26, 78)  # every point taken once, or a moon shot (26 to each other seat)
        assert end["tricks_done"] == 13 and end["hand"] == []
        record = read_record(client.get(f"/api/record?table={table}"))
        assert record.variant.id == "american" and len(record.hands) == 1
        assert record.hands[0].score == end["sheet"][0]
        assert len(record.hands[0].plays) == 52
        assert record.names == ["person", "copas_ai", "copas_ai", "copas_ai"]


def test_two_deck_whole_hand_through_the_api_lists_a_card_held_twice_twice():
    """two-deck (docs/RULES.md §13), 8 seats: the person's hand lists a card it holds twice
    twice (13 cards); the hand plays out against seven engine seats and is recorded."""
    with running_server() as server:
        client = Client(server)
        table = _new(client, "two-deck", seed=2)
        first = client.wait_for_person(table)
        assert len(first["hand"]) == 13 and len(set(first["hand"])) < 13  # seed 2: seat 0 holds 8C,8C and 6D,6D
        end = _play_hand(client, table)
        assert end["phase"] == "handover" and end["tricks_done"] == 13 and end["hand"] == []
        assert sum(end["sheet"][0]) in (52, 7 * 52)  # every point taken once, or a moon (52 to each other seat)
        record = read_record(client.get(f"/api/record?table={table}"))
        assert record.variant.id == "two-deck" and record.hands[0].score == end["sheet"][0]
        assert len(record.hands[0].plays) == 104


def test_illegal_card_is_refused_with_the_core_reason_and_dimmed_in_the_state():
    with running_server() as server:
        client = Client(server)
        table, state = _first_play(client, 3)
        illegal = [card for card, reason in state["legal"].items() if reason]
        assert illegal, "the opening lead of american must be 2C: every other card is dimmed"
        status, answer, _ = client.request("POST", "/api/play", {"table": table, "card": illegal[0]})
        assert status == 400 and state["legal"][illegal[0]] in answer["error"]
        assert client.state(table)["version"] == state["version"]  # nothing changed


def test_undo_takes_back_the_persons_card_and_the_engine_cards_after_it():
    with running_server() as server:
        client = Client(server)
        table, state = _first_play(client, 5)
        hand_before = state["hand"]
        card = first_legal(state)
        client.post("/api/play", {"table": table, "card": card})
        after = client.wait_for_person(table)
        assert card not in after["hand"]
        client.post("/api/undo", {"table": table})
        undone = client.wait_for_person(table)
        assert undone["hand"] == hand_before and undone["your_turn"]
        assert all(seat != 0 for seat, _ in undone["trick"])


def test_hint_values_every_legal_card_from_the_persons_view():
    with running_server() as server:
        client = Client(server)
        table, state = _first_play(client, 9)
        while sum(r is None for r in state["legal"].values()) < 2:  # a choice to value
            client.post("/api/play", {"table": table, "card": first_legal(state)})
            state = client.wait_for_person(table)
        hint = client.post("/api/hint", {"table": table})
        legal = {card for card, reason in state["legal"].items() if reason is None}
        assert {m["move"] for m in hint["moves"]} == legal
        assert hint["best"] in legal


def test_engine_killed_mid_hand_a_fresh_engine_continues_from_the_same_position():
    with running_server() as server:
        client = Client(server)
        table, state = _first_play(client, 11)
        client.post("/api/play", {"table": table, "card": first_legal(state)})
        state = client.wait_for_person(table)
        moves_before = state["tricks_done"] * 4 + len(state["trick"])
        old_pid = state["engine"]["pid"]
        os.kill(old_pid, signal.SIGKILL)
        client.post("/api/play", {"table": table, "card": first_legal(state)})
        state = client.wait_for_person(table)
        assert state["engine"]["restarts"] == 1 and state["engine"]["pid"] != old_pid
        assert f"process {old_pid} stopped" in state["notice"]
        assert state["tricks_done"] * 4 + len(state["trick"]) > moves_before
        end = _play_hand(client, table)
        assert sum(end["sheet"][0]) in (26, 78)


def test_refused_actions_say_why_and_the_server_keeps_serving():
    with running_server() as server:
        client = Client(server)
        status, answer, _ = client.request("POST", "/api/new", {"variant": "no-such-variant"})
        assert status == 400 and "no-such-variant" in answer["error"]
        status, answer, _ = client.request("POST", "/api/new", {"variant": "american", "players": 9})
        assert status == 400 and "9" in answer["error"]
        status, answer, _ = client.request("POST", "/api/play", {"table": "nope", "card": "QS"})
        assert status == 400 and "no such table" in answer["error"]
        status, answer, _ = client.request("POST", "/api/review", {"text": '{"format": "copas-game/1", "variant": "american", "hands": []}'})
        assert status == 400 and "hands" in answer["error"]
        assert client.get("/api/variants")["variants"]


def test_old_tables_are_closed_with_their_engine_processes():
    with running_server() as server:
        client = Client(server)
        tables = [_new(client, "american", seed=seed) for seed in range(1, 7)]
        assert list(server.tables) == tables[-4:]
        status, answer, _ = client.request("GET", f"/api/state?table={tables[0]}")
        assert status == 400 and "no such table" in answer["error"]
        pid = client.state(tables[-1])["engine"]["pid"]
        client.post("/api/close", {"table": tables[-1]})
        assert tables[-1] not in server.tables
        with pytest.raises(ProcessLookupError):
            for _ in range(100):  # the process is reaped by the time close() returns
                os.kill(pid, 0)
                time.sleep(0.05)


def test_the_match_ends_with_its_winner_and_then_refuses_a_next_hand():
    """american (to 100): totals set near the target before the first hand, so that hand ends
    the match; the state names the lowest total's seat as the winner."""
    with running_server() as server:
        client = Client(server)
        table, state = _first_play(client, 13)
        server.tables[table].match.totals = [0, 99, 99, 99]  # as if earlier hands had been played
        end = _play_hand(client, table)
        assert end["phase"] == "gameover"
        totals = end["totals"]
        assert max(totals) >= 100 and end["winners"] == [s for s in range(4) if totals[s] == min(totals)]
        status, answer, _ = client.request("POST", "/api/next", {"table": table})
        assert status == 400 and "match is over" in answer["error"]


def test_an_engine_that_cannot_start_is_reported_and_the_server_keeps_serving(tmp_path):
    with running_server(engine=str(tmp_path / "no-such-engine")) as server:
        client = Client(server)
        status, answer, _ = client.request("POST", "/api/new", {"variant": "american"})
        assert status == 400 and "cannot start the engine" in answer["error"]
        assert client.get("/api/variants")["variants"]


CRASHING_ENGINE = """
import sys
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "copas":
        print("id name crasher"); print("copasok", flush=True)
    elif word == "isready":
        print("readyok", flush=True)
    elif word in ("go", "quit"):
        sys.exit(3)  # dies at every search
"""


def test_an_engine_that_dies_at_every_move_stops_the_table_after_three_tries(tmp_path):
    script = tmp_path / "crasher.py"
    script.write_text(CRASHING_ENGINE)
    with running_server(engine=f"{sys.executable} {script}") as server:
        client = Client(server)
        table = _new(client, "american")
        state = client.state(table)
        deadline = time.monotonic() + 60
        while state["engine"]["pid"] is not None:
            assert time.monotonic() < deadline, state
            state = client.state(table, since=state["version"])
        assert state["engine"]["restarts"] == 2
        assert "failed 3 times in a row" in state["notice"] and "the table has stopped" in state["notice"]
        status, answer, _ = client.request("POST", "/api/hint", {"table": table})
        assert status == 400 and "engine has stopped" in answer["error"]
        assert client.get("/api/variants")["variants"]


def test_review_refuses_a_report_with_malformed_decisions():
    with running_server() as server:
        client = Client(server)
        bad = json.dumps({"format": "copas-analysis/1", "decisions": [{"hand": "one"}]})
        status, answer, _ = client.request("POST", "/api/review", {"text": bad})
        assert status == 400 and "expected a list of decisions" in answer["error"]


def test_a_split_pass_variant_plays_through_with_the_persons_cards_split_by_the_core():
    """copas-fora+split-pass: the person chooses the cards; the core's rote split sends them
    (the page does not yet let a person choose each direction's part)."""
    with running_server() as server:
        client = Client(server)
        table = _new(client, "copas-fora+split-pass", seed=2)
        state = client.wait_for_person(table)
        assert state["pass"] and " and " in state["pass"]["words"]  # two directions
        end = _play_hand(client, table)
        assert end["phase"] in ("handover", "gameover") and end["tricks_done"] == 13
        record = read_record(client.get(f"/api/record?table={table}"))
        assert isinstance(record.hands[0].passes[0], tuple)  # the person's pass, as parts


def test_blind_forward_a_person_forwards_the_packet_unseen():
    """copas-fora+blind-forward, the person at seat 1 (the chain's second link in hand 1):
    its pass is offered with its 13 own cards, `forward` passes on the packet it never
    saw, and the record shows it passed exactly what it received."""
    with running_server() as server:
        client = Client(server)
        table = _new(client, "copas-fora+blind-forward", people=(1,), seed=4)
        state = client.wait_for_person(table)
        assert state["phase"] == "passing" and state["seat"] == 1 and len(state["hand"]) == 13
        client.post("/api/pass", {"table": table, "seat": 1, "cards": ["forward"]})
        end = _play_hand(client, table)
        assert end["phase"] in ("handover", "gameover")
        record = read_record(client.get(f"/api/record?table={table}"))
        assert replay(record, record.hands[0], 0).forwarded(1)


@pytest.mark.parametrize("variant", ["copas-fora+peek-pass", "copas-fora+kitty-swap", "copas-fora+blind-forward"])
def test_a_pass_chain_and_a_pool_variant_play_through(variant):
    """copas-fora+peek-pass: the person's seat passes when its link is due (holding what it
    received, unless it opens the chain); copas-fora+kitty-swap: the pool is dealt back
    once every seat's cards are in; copas-fora+blind-forward: the link is shown its 13
    own cards only (the packet face down). The hands end with the record's passes (and pool)."""
    with running_server() as server:
        client = Client(server)
        table = _new(client, variant, seed=3)
        state = client.wait_for_person(table)
        assert state["phase"] == "passing" and len(state["hand"]) in ((13,) if "blind" in variant else (13, 16))
        end = _play_hand(client, table)
        assert end["phase"] in ("handover", "gameover") and end["tricks_done"] == 13
        record = read_record(client.get(f"/api/record?table={table}"))
        assert record.hands[0].passes is not None
        assert (record.hands[0].pool is not None) == variant.endswith("kitty-swap")


# -- decisions other than a card or a pass (docs/PROTOCOL.md "Decisions") ----------------------------

def _first_hand(variant: str, seed: int) -> ca.Position:
    """The first hand a table of `variant` with `seed` deals (its dealer, its first decision's choices)."""
    return Match.new(ca.find_variant(variant), seed=seed).deal_next_hand()


def _public_decisions(position: ca.Position, seat: int) -> list[str]:
    """The decisions as `seat` may see them (docs/RULES.md A33, A40), from the rules' text:
    while the charges are being made another seat's charge is `charge=?` and its face not
    shown; then a charge whose face is down stays `charge=?` until its card is played."""
    made = position.decisions
    played = {str(card) for _, card in position.moves}
    out = []
    for k, (_, mover, decision) in enumerate(made):
        word, _, value = decision.partition("=")
        if mover != seat and position.phase == "deciding" and word in ("charge", "face"):
            if word == "charge":
                out.append(f"{mover}:charge=?")
            continue
        face_down = k + 1 < len(made) and made[k + 1][1:] == (mover, "face=down")
        if (mover != seat and word == "charge" and face_down and value not in played and not position.is_over()):
            out.append(f"{mover}:charge=?")
            continue
        out.append(f"{mover}:{decision}")
    return out


def _check_no_hidden_charge_leaks(server, table: str, state: dict) -> int:
    """The person's state shows the decisions as its seat may see them, and no hidden one
    appears anywhere in its JSON. Returns how many are hidden."""
    position = server.tables[table].position
    assert state["decisions"] == _public_decisions(position, state["seat"])
    text = json.dumps(state)
    hidden = [f"{mover}:{d}" for _, mover, d in position.decisions if f"{mover}:{d}" not in state["decisions"]]
    assert not any(h in text for h in hidden)
    return len(hidden)


def _until_decision(client: Client, table: str) -> dict:
    """The person's first cards passed until a decision of its own is due."""
    state = client.wait_for_person(table)
    while state["phase"] == "passing":
        client.post("/api/pass", {"table": table, "seat": state["seat"], "cards": state["hand"][:state["pass"]["count"]]})
        state = client.wait_for_person(table)
    return state


TURBO_SEED = 8


def test_turbo_the_person_charges_the_engine_seats_charge_hidden_the_hand_plays_out():
    """turbo (docs/RULES.md §8, A33): the person (the dealer, the last to charge) is offered its
    charges as buttons and the other seats' charges show as `charge=?`; it charges a card
    through /api/decide, the hand plays to the end, and the record carries all four charges."""
    with running_server() as server:
        client = Client(server)
        dealer = _first_hand("turbo", TURBO_SEED).dealer  # the last to charge
        table = _new(client, "turbo", people=(dealer,), seed=TURBO_SEED)
        state = _until_decision(client, table)
        assert state["phase"] == "deciding" and state["decision"]["word"] == "charge" and state["seat"] == dealer
        choices = {c["move"]: c["label"] for c in state["decision"]["choices"]}
        assert choices == {c: choices[c] for c in server.tables[table].position.decision_choices}
        assert choices["charge=none"] == "no charge"
        charge = "charge=QS"  # seed TURBO_SEED: the dealer keeps Q♠ after passing its first three cards
        assert choices[charge] == "charge Q\u2660"
        assert _check_no_hidden_charge_leaks(server, table, state) == 3
        assert sum(d.endswith(":charge=?") for d in state["decisions"]) == 3
        client.post("/api/decide", {"table": table, "choice": charge})
        end = _play_hand(client, table)
        assert end["phase"] in ("handover", "gameover") and end["tricks_done"] == 13
        assert f"{dealer}:{charge}" in end["decisions"] and "?" not in " ".join(end["decisions"])  # all shown at the end
        record = read_record(client.get(f"/api/record?table={table}"))
        assert sorted(seat for _, seat, d in record.hands[0].decisions if d.startswith("charge=")) == [0, 1, 2, 3]
        assert (0, dealer, charge) in record.hands[0].decisions
        assert replay(record, record.hands[0]).score() == record.hands[0].score


def test_turbo_bad_decisions_are_refused_with_a_clear_error():
    """turbo: a choice that is not text, not one of the choices, a card while a charge is due,
    a decision while cards are played: each a 400 naming what is wrong; nothing changes."""
    with running_server() as server:
        client = Client(server)
        dealer = _first_hand("turbo", TURBO_SEED).dealer
        table = _new(client, "turbo", people=(dealer,), seed=TURBO_SEED)
        state = _until_decision(client, table)
        for body, words in (({"choice": 7}, "expected a decision"), ({"choice": "charge=ZZ"}, "choose one of"),
                            ({"choice": "moon=reverse"}, "choose one of"), ({}, "expected a decision")):
            status, answer, _ = client.request("POST", "/api/decide", {"table": table, **body})
            assert status == 400 and words in answer["error"], answer
        status, answer, _ = client.request("POST", "/api/play", {"table": table, "card": state["hand"][0]})
        assert status == 400 and f"seat {dealer}'s charge decision comes first" in answer["error"]
        assert client.state(table)["version"] == state["version"]
        hint = client.post("/api/hint", {"table": table})  # the engine values each charge from the person's view
        assert {m["move"] for m in hint["moves"]} == {f"{dealer}:{c}" for c in server.tables[table].position.decision_choices}
        partial = read_record(client.get(f"/api/record?table={table}")).hands[0]  # saved mid-decision
        assert [seat for _, seat, _ in partial.decisions] == [(dealer + k) % 4 for k in (1, 2, 3)]
        client.post("/api/decide", {"table": table, "choice": "charge=none"})
        state = client.wait_for_person(table)
        assert state["phase"] == "playing" and state["decision"] is None
        status, answer, _ = client.request("POST", "/api/decide", {"table": table, "choice": "charge=none"})
        assert status == 400 and "no decision is due" in answer["error"]


def test_turbo_undo_takes_back_cards_and_keeps_the_charges():
    """turbo: after the charges, the person's first card undone takes back the cards only;
    the four charges made before the first card stay, and play goes on to the end."""
    with running_server() as server:
        client = Client(server)
        dealer = _first_hand("turbo", TURBO_SEED).dealer
        table = _new(client, "turbo", people=(dealer,), seed=TURBO_SEED)
        _until_decision(client, table)
        client.post("/api/decide", {"table": table, "choice": "charge=QS"})
        state = client.wait_for_person(table)
        charges = server.tables[table].position.decisions
        client.post("/api/play", {"table": table, "card": first_legal(state)})
        client.wait_for_person(table)
        client.post("/api/undo", {"table": table})
        undone = client.wait_for_person(table)
        assert undone["phase"] == "playing" and undone["hand"] == state["hand"]
        assert server.tables[table].position.decisions == charges and len(charges) == 4
        assert _play_hand(client, table)["tricks_done"] == 13


def test_queens_the_dealer_person_chooses_the_pass_plan_and_passes_by_it():
    """queens (docs/RULES.md §11): the person is hand 1's dealer (seat 0, seed 2); its plan, chosen
    with a button (`pass 2 cards left and 1 card across`), is public and the pass that follows is by it."""
    with running_server() as server:
        client = Client(server)
        table = _new(client, "queens", seed=2)
        state = client.wait_for_person(table)
        assert state["phase"] == "deciding" and state["dealer"] == 0 and state["decision"]["word"] == "plan"
        labels = {c["move"]: c["label"] for c in state["decision"]["choices"]}
        assert labels["plan=2l1a"] == "pass 2 cards left and 1 card across" and labels["plan=none"] == "no pass"
        client.post("/api/decide", {"table": table, "choice": "plan=2l1a"})
        state = client.wait_for_person(table)
        assert state["phase"] == "passing" and state["pass"]["count"] == 3 and state["decisions"] == ["0:plan=2l1a"]
        end = _play_hand(client, table)
        assert end["phase"] in ("handover", "gameover") and end["tricks_done"] == 13
        record = read_record(client.get(f"/api/record?table={table}"))
        assert record.hands[0].decisions[0] == (0, 0, "plan=2l1a")
        assert [len(part) for part in record.hands[0].passes[0]] == [2, 1]


def test_queens_the_engine_dealer_chooses_the_plan_the_person_sees_it():
    """queens: the dealer (seat 0, seed 2) is an engine seat: the engine chooses the plan
    over CEP, the person (seat 1) sees it at once and passes by it."""
    with running_server() as server:
        client = Client(server)
        table = _new(client, "queens", people=(1,), seed=2)
        state = client.wait_for_person(table)
        assert state["phase"] == "passing" and len(state["decisions"]) == 1
        plan = state["decisions"][0]
        assert plan.startswith("0:plan=") and plan.partition(":")[2] in _first_hand("queens", 2).decision_choices
        end = _play_hand(client, table)
        assert end["phase"] in ("handover", "gameover")
        record = read_record(client.get(f"/api/record?table={table}"))
        assert f"0:{record.hands[0].decisions[0][2]}" == plan


def test_gong_zhu_super_charge_people_charge_and_set_faces_a_face_down_charge_stays_hidden():
    """gong-zhu+super-charge (docs/RULES.md §9, A40), seed 4: two people, seat 0 and the
    dealer (seat 1, the last to charge); the engine seats charge over CEP. Seat 0 charges
    T♣ and sets it `face down` with a button; the dealer is then shown `0:charge=?` and
    no face, charges Q♠ face up; in play, while T♣ is unplayed, the dealer's state still
    shows `0:charge=?` and never T♣'s charge; the record carries every decision."""
    with running_server() as server:
        client = Client(server)
        table = _new(client, "gong-zhu+super-charge", people=(0, 1), seed=4)
        state = client.wait_for_person(table)
        assert state["phase"] == "deciding" and state["seat"] == 0 and state["decision"]["word"] == "charge"
        _check_no_hidden_charge_leaks(server, table, state)
        client.post("/api/decide", {"table": table, "choice": "charge=TC"})
        state = client.wait_for_person(table)
        assert state["seat"] == 0 and state["decision"]["word"] == "face"
        assert [c["label"] for c in state["decision"]["choices"]] == ["face down", "face up"]
        client.post("/api/decide", {"table": table, "choice": "face=down"})
        state = client.wait_for_person(table)
        assert state["seat"] == 1 and state["decision"]["word"] == "charge"
        assert "0:charge=?" in state["decisions"] and not [d for d in state["decisions"] if ":face=" in d]
        _check_no_hidden_charge_leaks(server, table, state)
        client.post("/api/decide", {"table": table, "choice": "charge=QS"})
        client.post("/api/decide", {"table": table, "choice": "face=up"})
        hidden_from_the_dealer = 0
        state = client.wait_for_person(table)
        while state["phase"] not in ("handover", "gameover"):
            hidden = _check_no_hidden_charge_leaks(server, table, state)
            if state["seat"] == 1:
                hidden_from_the_dealer += hidden
            client.post("/api/play", {"table": table, "card": first_legal(state)})
            state = client.wait_for_person(table)
        assert hidden_from_the_dealer, "seat 0's face-down T♣ is hidden from the dealer at its first turn"
        made = read_record(client.get(f"/api/record?table={table}")).hands[0].decisions
        assert [d for d in made if d[1] in (0, 1)] == [(0, 0, "charge=TC"), (0, 0, "face=down"),
                                                     (0, 1, "charge=QS"), (0, 1, "face=up")]
        assert "?" not in " ".join(state["decisions"]) and len(state["decisions"]) == len(made)


def _moon_hand(fresh: ca.Position) -> tuple[list[ca.CardSet], ca.Position]:
    """`fresh`'s hand (its dealer, its pass) at the last card of support.hands' MOON_PLAY: a
    deal whose pass (each seat the first cards of its target's MOON_DEAL hand) leaves
    MOON_DEAL's hands, the passes made and the cards played. Returns (the deal, the position)."""
    final = build_deal(MOON_DEAL)
    (direction, count), = fresh.pass_plan
    gives = [ca.CardSet(list(final[(s + direction) % 4])[:count]) for s in range(4)]
    dealt = [final[s] - gives[(s - direction) % 4] | gives[s] for s in range(4)]
    position = ca.Position(fresh.rules, dealt, dealer=fresh.dealer, hand_no=fresh.hand_no)
    for seat in range(4):
        position.set_pass(seat, gives[seat])
    assert position.hands == final
    play(position, MOON_PLAY)
    return dealt, position


@pytest.mark.parametrize("shooter_is_person", [True, False])
def test_shooter_choice_the_shooter_chooses_the_moons_form(shooter_is_person):
    """copas-fora+reverse-moon=shooter-choice (docs/RULES.md §2.3, A24): the table's first
    hand is set to the end of support.hands' moon hand (seat 3 takes every point); seat 3 owes
    `moon=normal|reverse`: a person chooses it with a button, an engine seat over CEP; the
    hand ends by that form and the record carries it."""
    with running_server() as server:
        client = Client(server)
        table_id = _new(client, "copas-fora+reverse-moon=shooter-choice", people=(3,) if shooter_is_person else (0,))
        table = server.tables[table_id]
        dealt, position = _moon_hand(table.position)
        with table._cond:  # as if the hand had been played at this table
            table.position, table.dealt = position, dealt
            table._changed()
        if shooter_is_person:
            state = client.wait_for_person(table_id)
            assert state["phase"] == "deciding" and state["decision"]["seat"] == 3
            assert [(c["move"], c["label"]) for c in state["decision"]["choices"]] == [
                ("moon=normal", "moon: normal"), ("moon=reverse", "moon: reverse")]
            client.post("/api/decide", {"table": table_id, "choice": "moon=reverse"})
        end = client.wait_for_person(table_id)
        assert end["phase"] in ("handover", "gameover") and end["decision"] is None
        form = end["decisions"][-1]
        assert form.startswith("3:moon=") and (form == "3:moon=reverse" or not shooter_is_person)
        assert end["sheet"][0] == ([0, 0, 0, -26] if form.endswith("reverse") else [26, 26, 26, 0])
        hand = read_record(client.get(f"/api/record?table={table_id}")).hands[0]
        assert hand.decisions == ((52, 3, form.partition(":")[2]),) and hand.score == end["sheet"][0]


def test_two_player_the_person_plays_a_whole_game_seeing_the_stock_and_its_own_draws():
    """two-player (docs/RULES.md §18): the state gives the stock's size and the person's own
    draws (never the engine seat's); the game is one deal and its record carries the stock."""
    with running_server() as server:
        client = Client(server)
        table = _new(client, "two-player")
        first = client.wait_for_person(table)
        assert first["stock"] == {"left": 38, "drawn": []} and len(first["hand"]) == 7
        end = _play_hand(client, table)
        assert end["phase"] == "gameover" and end["tricks_done"] == 26
        assert end["stock"]["left"] == 0 and len(end["stock"]["drawn"]) == 19
        assert sum(end["sheet"][0]) == 13
        record = read_record(client.get(f"/api/record?table={table}"))
        assert len(record.hands[0].stock) == 38 and len(record.hands[0].plays) == 52


@pytest.mark.parametrize("variant, players", [("two-deck", None), ("uno-hearts", 4), ("two-player", None), ("domino", 4)])
def test_a_record_saved_mid_hand_reads_back_with_its_stock_and_twins(variant, players):
    """A match saved mid-hand (GET /api/record while the hand is in play) carries what the
    reader needs to deal it again: two-deck's and uno-hearts' cards held twice (§13, §15), the
    stock of two-player, uno-hearts and domino (§18, §15, §17). It reads back, replayed by the
    core, with the table's own moves so far (once, these records failed to read)."""
    with running_server() as server:
        client = Client(server)
        table = _new(client, variant, players, seed=3)
        state = client.wait_for_person(table)
        played = 0
        while played < 2:
            if state["phase"] == "passing":
                client.post("/api/pass", {"table": table, "seat": state["seat"], "cards": state["hand"][:state["pass"]["count"]]})
            else:
                client.post("/api/play", {"table": table, "card": first_legal(state)})
                played += 1
            state = client.wait_for_person(table)
        partial = read_record(client.get(f"/api/record?table={table}")).hands[0]
        position = server.tables[table].position
        assert partial.plays == position.moves and len(partial.plays) >= 2
        assert partial.deal == server.tables[table].dealt


def test_uno_hearts_the_person_passes_both_copies_of_a_card_it_was_dealt_twice():
    """uno-hearts (docs/RULES.md §15, A48b): a pass may send both copies of a card. The person
    names the card twice; the core passes both (seat 3, to its right, holds them) and the
    record saved mid-hand names it twice. One copy of each card (american): a card named
    twice is a 400 naming it."""
    seed = next(s for s in range(1, 80) if Match.new("uno-hearts", 4, seed=s).deal_next_hand().twins[0])
    with running_server() as server:
        client = Client(server)
        table = _new(client, "uno-hearts", 4, seed=seed)
        state = client.wait_for_person(table)
        pair = next(c for c in state["hand"] if state["hand"].count(c) == 2)
        other = next(c for c in state["hand"] if c != pair)
        client.post("/api/pass", {"table": table, "seat": 0, "cards": [pair, pair, other]})
        client.wait_for_person(table)
        position = server.tables[table].position
        assert str(position.passed_twins[0]) == pair
        record = read_record(client.get(f"/api/record?table={table}"))
        assert record.hands[0].pass_twins[0] == ca.CardSet.from_str(pair)
        table = _new(client, "american")
        hand = client.wait_for_person(table)["hand"]
        status, answer, _ = client.request("POST", "/api/pass", {"table": table, "seat": 0, "cards": [hand[0]] * 2 + [hand[1]]})
        assert status == 400 and f"card {hand[0]} listed twice" in answer["error"]
