"""A GUI server in a thread and a plain-HTTP client of its API, for tests/test_gui_*.py."""

from __future__ import annotations

import http.client
import json
import sys
import threading
import time
from contextlib import contextmanager
from typing import Any

from copas_ai.gui.server import GuiServer

ENGINE = f"{sys.executable} -m copas_ai engine"
ITERATIONS = 60  # the engine seats' limit: deterministic with the table's seed, and quick


@contextmanager
def running_server(**kwargs: Any):
    server = GuiServer(engine=kwargs.pop("engine", ENGINE), **kwargs)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


class Client:
    """Requests as a browser on the same origin would send them (the token in the query)."""

    def __init__(self, server: GuiServer) -> None:
        self.port = server.port
        self.token = server.token
        self.host = f"127.0.0.1:{self.port}"

    def request(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
                token: bool = True) -> tuple[int, Any, http.client.HTTPResponse]:
        sep = "&" if "?" in path else "?"
        url = f"{path}{sep}token={self.token}" if token else path
        sent = {"Host": self.host}
        data = None
        if method == "POST":
            sent["Origin"] = f"http://{self.host}"
            sent["Content-Type"] = "application/json"
            data = json.dumps(body if body is not None else {}).encode()
        sent.update(headers or {})
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            conn.putrequest(method, url, skip_host=True)
            for key, value in sent.items():
                conn.putheader(key, value)
            if data is not None:
                conn.putheader("Content-Length", str(len(data)))
            conn.endheaders(data)
            response = conn.getresponse()
            raw = response.read()
        finally:
            conn.close()
        try:
            decoded = json.loads(raw)
        except ValueError:
            decoded = raw
        return response.status, decoded, response

    def get(self, path: str) -> Any:
        status, data, _ = self.request("GET", path)
        assert status == 200, data
        return data

    def post(self, path: str, body: Any) -> Any:
        status, data, _ = self.request("POST", path, body)
        assert status == 200, data
        return data

    def state(self, table: str, since: int | None = None) -> dict[str, Any]:
        return self.get(f"/api/state?table={table}" + ("" if since is None else f"&since={since}"))

    def wait_for_person(self, table: str, timeout: float = 120.0) -> dict[str, Any]:
        """The table's state once a person must act or the hand is over."""
        deadline = time.monotonic() + timeout
        state = self.state(table)
        while not (state["your_turn"] or state["phase"] in ("handover", "gameover")):
            assert state["engine"]["pid"] is not None, state["notice"]
            assert time.monotonic() < deadline, state
            state = self.state(table, since=state["version"])
        return state

    def play_out(self, table: str) -> dict[str, Any]:
        """The person passes its first cards and plays its first legal card until the hand
        is over; the last state."""
        state = self.wait_for_person(table)
        while state["phase"] not in ("handover", "gameover"):
            if state["phase"] == "passing":
                self.post("/api/pass", {"table": table, "seat": state["seat"], "cards": state["hand"][:state["pass"]["count"]]})
            else:
                self.post("/api/play", {"table": table, "card": first_legal(state)})
            state = self.wait_for_person(table)
        return state


def first_legal(state: dict[str, Any]) -> str:
    return next(card for card in state["hand"] if state["legal"][card] is None)


def play_in_terminal(table, read) -> tuple[int, list[str]]:
    """`play --seat`'s loop (copas_ai.gui.terminal) over `table`, the person's input from
    read(prompt): its exit code and the lines it wrote; the table is closed after."""
    from copas_ai.gui.terminal import TerminalPlay

    out: list[str] = []
    try:
        return TerminalPlay(table, read, out.append).run(), out
    finally:
        table.close()
