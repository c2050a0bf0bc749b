"""A live server cannot hold or exhaust a run: what it sends is counted against
`max-file-size`, the whole listing has a deadline and a page count, and only the end of
its stderr is kept. Each limit hit is an SL000 naming the server, exit 2, and the other
files are still linted."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import tracemalloc

import pytest
from conftest import let_through
from livekit import SERVERS, run, server_command

pytestmark = pytest.mark.hostile

MIB = 1 << 20
TOOL = {"name": "create_alert", "description": "Create a weather alert.", "inputSchema": {"type": "object", "properties": {}}}


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A folder with a tool file and a configuration that holds a listing to 1 MiB."""
    (tmp_path / ".schema-lint.toml").write_text(f"max-file-size = {MIB}\n")
    (tmp_path / "tools.json").write_text(json.dumps(TOOL))
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def flooding():
    """`start(mode)`: the URL of a `flooding_http_server.py` in that mode."""
    processes = []

    def start(mode: str) -> str:
        process = subprocess.Popen([sys.executable, str(SERVERS / "flooding_http_server.py"), mode],
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        processes.append(process)
        port = int(process.stdout.readline())
        let_through("127.0.0.1", port)
        return f"http://127.0.0.1:{port}/mcp"

    yield start
    for process in processes:
        process.kill()
        process.wait()


def _measured(*args: str, warm_up: tuple[str, ...]):
    """The run's result, its peak of Python memory and its seconds, after a `warm_up` run
    has imported what such a run imports (imports are not the run's to count)."""
    run(*warm_up)
    tracemalloc.start()
    started = time.monotonic()
    try:
        result = run(*args)
        return result, tracemalloc.get_traced_memory()[1], time.monotonic() - started
    finally:
        tracemalloc.stop()


def _first_line(result) -> str:
    return result.output.splitlines()[0]


@pytest.mark.parametrize(("mode", "said"), [
    ("huge", "tools/list: what the server sent is larger than the 1 MiB limit (setting `max-file-size`)"),
    ("endless", "tools/list: what the server sent is larger than the 1 MiB limit (setting `max-file-size`)"),
    ("events", "tools/list: what the server sent is larger than the 1 MiB limit (setting `max-file-size`)"),
    ("gzip", "tools/list: the server compressed its answer (Content-Encoding: gzip), though asked not to"),
])
def test_an_answer_over_the_size_limit_is_sl000_and_is_not_read(project, flooding, mode, said):
    url = flooding(mode)
    result, peak, seconds = _measured("check", "--output-format", "concise", "--mcp-timeout", "3",
                                      "tools.json", "--mcp-url", url, warm_up=("check", "--mcp-url", flooding("empty")))
    assert result.exit_code == 2
    assert peak < 8 * MIB, f"{peak / MIB:.0f} MiB held"  # the body is 128 MiB, or endless
    assert seconds < 2
    assert _first_line(result).startswith(f"mcp:127.0.0.1:{url.split(':')[2][:-4]}: SL000 [error] MCP server ")
    assert said in _first_line(result)
    assert "tools.json" in result.output  # the file is still linted


def test_a_stdio_listing_over_the_size_limit_is_sl000_and_is_not_linted(project):
    """The HTTP listing was held to `max-file-size`, the stdio one not: 90,000 tools took a
    minute and 850 MB. 10,000 tools of 150 bytes are over the project's 1 MiB."""
    result = run("check", "--output-format", "concise", "tools.json",
                 "--mcp", server_command("misbehaving_server.py", "many", "10000"))
    assert result.exit_code == 2
    assert "tools/list: what the server sent is larger than the 1 MiB limit (setting `max-file-size`)" \
        in _first_line(result)
    assert "mcp:misbehaving_server/tool_" not in result.output  # none of it linted
    assert "tools.json" in result.output
    under = run("check", "--output-format", "concise", "--select", "SL401",
                "--mcp", server_command("misbehaving_server.py", "many", "100"))
    assert "100 tools in 1 server" in under.output and "SL000" not in under.output


def test_a_body_that_keeps_coming_is_cut_at_the_deadline(project, flooding):
    url = flooding("drip")
    result, _, seconds = _measured("check", "--output-format", "concise", "--mcp-deadline", "1", "--mcp-url", url,
                                   warm_up=("check", "--mcp-url", flooding("empty")))
    assert result.exit_code == 2
    assert "tools/list: the listing did not finish within 1 s (--mcp-deadline)" in _first_line(result)
    assert seconds < 3  # not the 30 s of --mcp-timeout


def test_slow_pages_are_cut_at_the_deadline_not_after_each_page_s_timeout(project):
    bad = server_command("misbehaving_server.py", "pages", "0.3")
    started = time.monotonic()
    result = run("check", "--output-format", "concise", "--mcp-deadline", "2", "--mcp-startup-timeout", "30",
                 "tools.json", "--mcp", bad)
    assert result.exit_code == 2
    first = _first_line(result)
    assert first.startswith(f"mcp:misbehaving_server: SL000 [error] MCP server `misbehaving_server` ({bad}): ")
    assert "the listing did not finish within 2 s (--mcp-deadline)" in first
    assert "tools.json" in result.output
    assert time.monotonic() - started < 10  # 2 s, then the SDK's bounded shutdown of the server


def test_initialize_has_the_start_up_time_not_a_requests(project):
    """`--mcp-startup-timeout` covers the answer to `initialize`: the session's own time-out,
    set to `--mcp-timeout`, cut a server that took longer to load, and said it had answered with
    an error."""
    slow = server_command("misbehaving_server.py", "slow-start", "2.5")
    result = run("check", "--output-format", "concise", "--mcp-startup-timeout", "20", "--mcp-timeout", "1",
                 "--mcp", slow)
    assert "inputSchema" in result.output and "timed out" not in result.output  # the listing was read
    cut = run("check", "--output-format", "concise", "--mcp-startup-timeout", "1", "--mcp-timeout", "20", "--mcp", slow)
    assert cut.exit_code == 2 and "--mcp-startup-timeout" in _first_line(cut)


def test_pages_past_the_page_limit_are_sl000(project):
    result = run("check", "--output-format", "concise", "--mcp-max-pages", "5",
                 "--mcp", server_command("misbehaving_server.py", "pages", "0"))
    assert result.exit_code == 2
    assert "tools/list: still more pages after 5 (--mcp-max-pages)" in _first_line(result)


def test_only_the_end_of_a_flood_of_stderr_is_kept(project):
    result, peak, _ = _measured("check", "--output-format", "concise",
                                "--mcp", server_command("misbehaving_server.py", "flood-stderr"),
                                warm_up=("check", "--mcp", server_command("misbehaving_server.py", "exit")))
    assert result.exit_code == 2
    assert peak < 16 * MIB, f"{peak / MIB:.0f} MiB held"  # it wrote 64 MiB
    assert _first_line(result).endswith("xxx\\nfatal: the last line")  # its end, within the message's length
