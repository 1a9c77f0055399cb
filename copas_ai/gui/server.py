"""The GUI's local web server (standard library only): the package's own pages
and a small JSON API over its tables.

    GET  /  /review             the play and review pages
    GET  /static/<file>         the package's assets (only the files it ships)
    GET  /api/variants          the catalogue: id, name, players allowed
    GET  /api/state?table=&since=   a table; with `since`, waits (up to 10 s) for a newer version
    GET  /api/record?table=     the match as a copas-game/1 record
    POST /api/new {variant, players, people, seed, movetime_ms, iterations}
    POST /api/pass {table, seat, cards} /api/play {table, card} /api/discard {table, cards}
         /api/decide {table, choice}  (a charge, queens' plan, the moon's form: 'charge=QS')
         /api/undo /api/hint /api/next /api/close {table}
    POST /api/review {text}     a record (or analyse report) checked and laid out step by step

Every request passes copas_ai.gui.security's checks first.
"""

from __future__ import annotations

import json
import mimetypes
import ipaddress
import secrets
import socket
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any, Callable
from urllib.parse import parse_qs, urlsplit

from copas_ai.errors import CopasError
from copas_ai.gui import security
from copas_ai.gui.review import review_data
from copas_ai.gui.table import DEFAULT_ENGINE, Table, TableError, TableSettings
from copas_ai.variants import find_variant, variant_ids

MAX_BODY = 8 * 1024 * 1024  # a long match's record and its report fit many times over
PAGES = {"/": "index.html", "/review": "review.html"}
LONG_POLL_S = 10.0
MAX_TABLES = 4


def _assets() -> dict[str, bytes]:
    """Every file the package ships under gui/static, read once: nothing else is served."""
    root = resources.files("copas_ai.gui") / "static"
    return {entry.name: entry.read_bytes() for entry in root.iterdir() if entry.is_file()}


class GuiServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, host: str = "127.0.0.1", port: int = 0, engine: str = DEFAULT_ENGINE,
                 token: str | None = None) -> None:
        self.address_family = socket.AF_INET6 if ":" in host else socket.AF_INET
        super().__init__((host, port), Handler)
        self.token = token or security.new_token()
        self.engine = engine
        self.assets = _assets()
        self.tables: dict[str, Table] = {}
        self.tables_lock = threading.Lock()

    @property
    def port(self) -> int:
        return self.server_address[1]

    def url(self, path: str = "/") -> str:
        host = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(self.server_address[0], self.server_address[0])  # a wildcard is no address to browse
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{self.port}{path}?token={self.token}"

    def table(self, table_id: Any) -> Table:
        with self.tables_lock:
            table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            raise TableError("no such table (the server may have been restarted): start a new one")
        return table

    def new_table(self, data: dict[str, Any]) -> str:
        people = data.get("people", [0])
        if not isinstance(people, list) or not all(isinstance(s, int) for s in people):
            raise TableError("people: expected a list of seats")
        settings = TableSettings(
            variant=_text(data, "variant", "american"), players=_int(data, "players", None),
            people=tuple(people), seed=_int(data, "seed", 1) or 1,
            movetime_ms=_int(data, "movetime_ms", None), iterations=_int(data, "iterations", None),
            engine=self.engine)
        if settings.movetime_ms is None and settings.iterations is None:
            settings.movetime_ms = 500
        table = Table(settings)
        table_id = secrets.token_hex(8)
        with self.tables_lock:
            self.tables[table_id] = table
            # Each table holds an engine process: the oldest beyond the limit is closed.
            old = [self.tables.pop(key) for key in list(self.tables)[:-MAX_TABLES]]
        for table in old:
            table.close()
        return table_id

    def close_table(self, table_id: Any) -> None:
        with self.tables_lock:
            table = self.tables.pop(table_id, None) if isinstance(table_id, str) else None
        if table is not None:
            table.close()

    def handle_error(self, request: Any, client_address: Any) -> None:
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):  # a page closed during its long-poll
            super().handle_error(request, client_address)

    def server_close(self) -> None:
        super().server_close()
        with self.tables_lock:
            tables, self.tables = list(self.tables.values()), {}
        for table in tables:
            table.close()


def _text(data: dict[str, Any], key: str, default: str) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise TableError(f"{key}: expected text")
    return value


def _int(data: dict[str, Any], key: str, default: int | None) -> int | None:
    value = data.get(key, default)
    if value is None or value == "":
        return default
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise TableError(f"{key}: expected a whole number >= 0")
    return value


def _variants() -> list[dict[str, Any]]:
    found = []
    for vid in variant_ids():
        v = find_variant(vid)
        found.append({"id": v.id, "name": v.name, "min_players": v.min_players, "max_players": v.max_players,
                      "default_players": v.default_players, "goal": v.goal})
    return found


class Handler(BaseHTTPRequestHandler):
    server: GuiServer
    server_version = "copas-gui"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass  # the terminal shows the address, not every poll

    # -- answers ---------------------------------------------------------------

    def _send(self, status: int, body: bytes, content_type: str, cookie: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")  # the token stays out of any Referer
        self.send_header("Content-Security-Policy",
                         "default-src 'self'; img-src 'self' data: blob:; frame-ancestors 'none'")
        if cookie:
            self.send_header("Set-Cookie", security.token_cookie(self.server.token, self.server.port))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, data: Any) -> None:
        self._send(status, json.dumps(data).encode(), "application/json")

    def _refuse(self, status: int, message: str) -> None:
        self._json(status, {"error": message})

    def _allowed(self) -> bool:
        if not security.host_ok(self.headers.get("Host"), self.server.port):
            self._refuse(HTTPStatus.MISDIRECTED_REQUEST, "unknown Host: open the address the server printed")
            return False
        if not security.token_ok(self.server.token, self.server.port, self.path, self.headers.get("Cookie")):
            self._refuse(HTTPStatus.FORBIDDEN, "missing or wrong token: open the address the server printed")
            return False
        return True

    # -- GET -------------------------------------------------------------------

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        if not self._allowed():
            return
        url = urlsplit(self.path)
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        try:
            if url.path in PAGES:
                self._send(200, self.server.assets[PAGES[url.path]], "text/html; charset=utf-8", cookie=True)
            elif url.path.startswith("/static/"):
                self._asset(url.path[len("/static/"):])
            elif url.path == "/api/variants":
                self._json(200, {"variants": _variants(), "engine": self.server.engine})
            elif url.path == "/api/state":
                table = self.server.table(query.get("table"))
                if "since" in query and query["since"].isdigit():
                    table.wait(int(query["since"]), LONG_POLL_S)
                self._json(200, table.state())
            elif url.path == "/api/record":
                text = self.server.table(query.get("table")).record_text()
                self._send(200, text.encode(), "application/json")
            else:
                self._refuse(404, "not found")
        except TableError as exc:
            self._refuse(400, str(exc))

    do_HEAD = do_GET

    def _asset(self, name: str) -> None:
        body = self.server.assets.get(name)  # a name, never a path: '..' or '/' match no entry
        if body is None:
            self._refuse(404, "not found")
            return
        kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
        self._send(200, body, kind + ("; charset=utf-8" if kind.startswith("text/") or kind.endswith("javascript") else ""))

    # -- POST ------------------------------------------------------------------

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        if not self._allowed():
            return
        if not security.origin_ok(self.headers.get("Origin"), self.headers.get("Host")):
            self._refuse(HTTPStatus.FORBIDDEN, "a request from another site (Origin) is refused")
            return
        action = ACTIONS.get(urlsplit(self.path).path)
        if action is None:
            self._refuse(404, "not found")
            return
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if not 0 <= length <= MAX_BODY:
            self._refuse(413, f"the body must be at most {MAX_BODY} bytes")
            return
        try:
            data = json.loads(self.rfile.read(length) or b"{}")
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
            self._refuse(400, "the body is not JSON")
            return
        if not isinstance(data, dict):
            self._refuse(400, "the body must be a JSON object")
            return
        try:
            self._json(200, action(self.server, data))
        except (TableError, CopasError, ValueError) as exc:  # a refused action: say why, keep serving
            self._refuse(400, str(exc))


def _on_table(method: Callable[..., Any], *keys: str) -> Callable[[GuiServer, dict[str, Any]], Any]:
    def act(server: GuiServer, data: dict[str, Any]) -> Any:
        table = server.table(data.get("table"))
        result = method(table, *(data.get(key) for key in keys))
        return {"ok": True} if result is None else result
    return act


ACTIONS: dict[str, Callable[[GuiServer, dict[str, Any]], Any]] = {
    "/api/new": lambda server, data: {"table": server.new_table(data)},
    "/api/pass": _on_table(Table.pass_cards, "seat", "cards"),
    "/api/play": _on_table(Table.play, "card"),
    "/api/decide": _on_table(Table.decide, "choice"),
    "/api/discard": _on_table(Table.discard, "cards"),
    "/api/undo": _on_table(Table.undo),
    "/api/hint": _on_table(Table.hint),
    "/api/next": _on_table(Table.next_hand),
    "/api/close": lambda server, data: server.close_table(data.get("table")) or {"ok": True},
    "/api/review": lambda server, data: review_data(data.get("text"), data.get("report")),
}


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def _say(line: str) -> None:
    print(line, flush=True)  # the address must show at once, even through a pipe


def serve(host: str, port: int, engine: str, open_browser: bool, out: Callable[[str], None] = _say) -> int:
    server = GuiServer(host, port, engine)
    out(f"copas_ai gui: {server.url()}")
    if not _loopback(host):
        out(f"warning: listening on {host}, beyond this machine: anyone with the address can use it")
    out("(Ctrl-C stops it)")
    if open_browser:
        import webbrowser

        webbrowser.open(server.url())
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
