"""Who may talk to the GUI server (copas_ai.gui.security): the token, the Host header
(no DNS rebinding), the Origin of a POST (no cross-site use), only the package's own
assets, and a loopback-only default address."""

from __future__ import annotations

import http.client
import socket

import pytest

from copas_ai.cli import build_parser
from copas_ai.gui.security import cookie_name
from support.gui_client import Client, running_server


@pytest.fixture(scope="module")
def client():
    with running_server() as server:
        yield Client(server)


def test_default_bind_is_loopback_only():
    args = build_parser(["gui"]).parse_args(["gui"])
    assert args.host == "127.0.0.1" and args.port == 0
    with running_server() as server:
        assert server.server_address[0] == "127.0.0.1"
        assert server.url().startswith(f"http://127.0.0.1:{server.port}/?token=")
        # A non-loopback address of this machine (when it has one) reaches nothing.
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: no packet is sent, the route picks an address
            outside = probe.getsockname()[0]
        except OSError:
            outside = None
        finally:
            probe.close()
        if outside and not outside.startswith("127."):
            with pytest.raises(OSError):
                socket.create_connection((outside, server.port), timeout=2).close()


def test_tokens_differ_from_run_to_run():
    with running_server() as one, running_server() as two:
        assert one.token != two.token and len(one.token) >= 32


@pytest.mark.parametrize("path", ["/", "/review", "/static/play.js", "/api/variants", "/api/state?table=x"])
def test_no_token_is_refused(client, path):
    status, answer, _ = client.request("GET", path, token=False)
    assert status == 403 and "token" in answer["error"]


def test_wrong_token_is_refused(client):
    status, _, _ = client.request("GET", "/api/variants?token=wrong", token=False)
    assert status == 403


def test_another_servers_cookie_is_not_this_ones(client):
    """Browsers send a host's cookies to all its ports: each server's cookie is named by its port."""
    with running_server() as other:
        status, _, _ = client.request("GET", "/api/variants", token=False,
                                      headers={"Cookie": f"{cookie_name(other.port)}={other.token}"})
        assert status == 403


def test_the_tokened_page_sets_a_strict_httponly_cookie_that_then_suffices(client):
    status, _, response = client.request("GET", "/")
    cookie = response.getheader("Set-Cookie")
    assert status == 200 and f"{cookie_name(client.port)}={client.token}" in cookie
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    status, answer, _ = client.request("GET", "/api/variants", token=False,
                                       headers={"Cookie": f"{cookie_name(client.port)}={client.token}"})
    assert status == 200 and any(v["id"] == "american" for v in answer["variants"])


@pytest.mark.parametrize("host", ["evil.example:{port}", "localhost.evil.example:{port}", "127.0.0.1:1",
                                  "rebind.127.0.0.1.nip.io:{port}", ""])
def test_foreign_host_header_is_refused(client, host):
    status, _, _ = client.request("GET", "/api/variants", headers={"Host": host.format(port=client.port)})
    assert status in (403, 421)


@pytest.mark.parametrize("host", ["localhost:{port}", "127.0.0.1:{port}"])
def test_loopback_host_names_are_accepted(client, host):
    status, _, _ = client.request("GET", "/api/variants", headers={"Host": host.format(port=client.port)})
    assert status == 200


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://127.0.0.1:1", None])
def test_post_with_a_foreign_or_missing_origin_is_refused(client, origin):
    headers = {"Origin": origin} if origin else {"Origin": ""}
    status, answer, _ = client.request("POST", "/api/new", {"variant": "american"}, headers=headers)
    assert status == 403 and "Origin" in answer["error"]


@pytest.mark.parametrize("path", ["/static/../table.py", "/static/..%2Fserver.py", "/static/%2e%2e/security.py",
                                  "/static//etc/passwd", "/static/", "/../../etc/passwd", "/static/__init__.py",
                                  "/copas_ai/gui/server.py"])
def test_nothing_outside_the_package_assets_is_served(client, path):
    status, body, _ = client.request("GET", path)
    assert status == 404
    assert b"import" not in (body if isinstance(body, bytes) else str(body).encode())


def test_the_assets_are_served(client):
    status, body, response = client.request("GET", "/static/play.js")
    assert status == 200 and b"/api/state" in body
    assert "default-src 'self'" in response.getheader("Content-Security-Policy")


def test_the_ipv6_loopback_serves_with_its_bracketed_host():
    try:
        probe = socket.socket(socket.AF_INET6)
        probe.bind(("::1", 0))
        probe.close()
    except OSError as exc:
        pytest.skip(f"no IPv6 loopback here: {exc}")
    with running_server(host="::1") as server:
        assert server.url().startswith(f"http://[::1]:{server.port}/?token=")
        conn = http.client.HTTPConnection("::1", server.port, timeout=10)
        conn.request("GET", f"/api/variants?token={server.token}", headers={"Host": f"[::1]:{server.port}"})
        assert conn.getresponse().status == 200
        conn.close()


def test_the_command_prints_a_tokened_loopback_address_and_serves_it(tmp_path):
    import subprocess
    import sys
    import urllib.request

    proc = subprocess.Popen([sys.executable, "-m", "copas_ai", "gui"], stdout=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        line = proc.stdout.readline()
        assert line.startswith("copas_ai gui: http://127.0.0.1:") and "?token=" in line
        url = line.split(": ", 1)[1].strip()
        with urllib.request.urlopen(url, timeout=10) as response:
            assert response.status == 200 and b"/static/play.js" in response.read()
        bare = url.split("?")[0] + "api/variants"
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(bare, timeout=10)
        assert refused.value.code == 403
        refused.value.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        proc.stdout.close()
