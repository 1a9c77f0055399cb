"""Who may talk to the GUI server: the checks every request passes.

* a random per-run token, in the address (`?token=`) or in the HttpOnly,
  SameSite=Strict cookie the first tokened page load sets (as Jupyter does);
* the Host header must name this server by an IP literal or `localhost`, with
  its port: a DNS name could be an attacker's, rebound to 127.0.0.1;
* a POST must carry an Origin equal to the server's own (no cross-site use).
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from http.cookies import CookieError, SimpleCookie
from urllib.parse import parse_qs, urlsplit

COOKIE = "copas_gui_token"  # + the port: browsers share a host's cookies across its ports


def cookie_name(port: int) -> str:
    return f"{COOKIE}_{port}"


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_ok(token: str, port: int, path: str, cookie_header: str | None) -> bool:
    """Whether the request carries the token, in its query or its cookie."""
    given = parse_qs(urlsplit(path).query).get("token", [])
    if cookie_header:
        try:
            jar = SimpleCookie(cookie_header)
        except CookieError:
            jar = SimpleCookie()
        if cookie_name(port) in jar:
            given.append(jar[cookie_name(port)].value)
    return any(hmac.compare_digest(value.encode(), token.encode()) for value in given)


def token_cookie(token: str, port: int) -> str:
    return f"{cookie_name(port)}={token}; HttpOnly; SameSite=Strict; Path=/"


def host_ok(host_header: str | None, port: int) -> bool:
    """An IP literal or localhost, with the server's port."""
    if not host_header:
        return False
    try:
        parts = urlsplit(f"//{host_header}")
        hostname, given_port = parts.hostname, parts.port
    except ValueError:
        return False
    if given_port != port or hostname is None:
        return False
    if hostname == "localhost":
        return True
    try:
        ipaddress.ip_address(hostname)
    except ValueError:
        return False
    return True


def origin_ok(origin_header: str | None, host_header: str | None) -> bool:
    """A POST's Origin is this very server (its Host already checked)."""
    return bool(origin_header) and bool(host_header) and origin_header == f"http://{host_header}"
