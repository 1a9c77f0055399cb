"""The GUI server's API (copas_ai.gui): whole hands against engine seats asked over CEP/1,
undo, hints, the record, engine crash survival, refused actions."""

from __future__ import annotations

import json
import os
import signal
import sys
import time

import pytest

from copas_ai.analysis.record import read_record, replay
from support.gui_client import ITERATIONS, Client, first_legal, running_server


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
    """The person's seats pass their first cards and play their first legal card until the hand ends."""
    state = client.wait_for_person(table)
    while state["phase"] not in ("handover", "gameover"):
        if state["phase"] == "passing":
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


def test_turbo_is_refused_at_the_table_and_left_out_of_its_list():
    """turbo's charges (docs/RULES.md §8) are not yet a table action: the table says so, and
    its variant list leaves turbo out rather than start a hand nobody can go on with."""
    with running_server() as server:
        client = Client(server)
        status, answer, _ = client.request("POST", "/api/new", {"variant": "turbo"})
        assert status == 400 and "charge" in answer["error"] and "engine protocol" in answer["error"]
        assert "turbo" not in [v["id"] for v in client.get("/api/variants")["variants"]]


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
