"""`--mcp-url`: the same server over Streamable HTTP on loopback, with `--mcp-header` for auth."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time

import pytest
from livekit import SERVERS, run, server_command

TOKEN = "s3cret"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def url():
    port = _free_port()
    process = subprocess.Popen([sys.executable, str(SERVERS / "tickets_server.py"), "--http", str(port), TOKEN],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        process.wait(10)


def _records(*args):
    return json.loads(run("check", "--output-format", "json", *args).output)


def test_over_http_the_findings_are_those_of_stdio(url):
    over_http = _records("--mcp-url", url, "--mcp-header", f"Authorization: Bearer {TOKEN}")
    over_stdio = _records("--mcp", server_command("tickets_server.py"))
    port = url.split(":")[2].split("/")[0]
    assert {r["file"] for r in over_http} == {f"mcp:127.0.0.1:{port}/{tool}"
                                               for tool in ("create_ticket", "delete_ticket", "search_tickets")}
    key = lambda r: (r["code"], r["tool"], r["pointer"], r["message"])  # noqa: E731
    assert sorted(map(key, over_http)) == sorted(map(key, over_stdio))


def test_without_its_header_the_server_refuses_and_that_is_sl000(url):
    result = run("check", "--output-format", "concise", "--mcp-url", url)
    assert result.exit_code == 2
    assert f"SL000 [error] MCP server `127.0.0.1:{url.split(':')[2].split('/')[0]}` ({url}): initialize failed" \
        in result.output


def test_nothing_listening_is_sl000():
    result = run("check", "--mcp-url", f"http://127.0.0.1:{_free_port()}/mcp")
    assert result.exit_code == 2 and "initialize failed: All connection attempts failed" in result.output
