"""A live server cannot hold or exhaust a run: only the end of its stderr is kept."""

from __future__ import annotations

import json
import time
import tracemalloc

import pytest
from livekit import run, server_command

pytestmark = pytest.mark.hostile

MIB = 1 << 20
TOOL = {"name": "get_weather", "description": "Weather.", "inputSchema": {"type": "object", "properties": {}}}


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A folder with a tool file."""
    (tmp_path / "tools.json").write_text(json.dumps(TOOL))
    monkeypatch.chdir(tmp_path)
    return tmp_path


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


def test_only_the_end_of_a_flood_of_stderr_is_kept(project):
    result, peak, _ = _measured("check", "--output-format", "concise",
                                "--mcp", server_command("misbehaving_server.py", "flood-stderr"),
                                warm_up=("check", "--mcp", server_command("misbehaving_server.py", "exit")))
    assert result.exit_code == 2
    assert peak < 16 * MIB, f"{peak / MIB:.0f} MiB held"  # it wrote 64 MiB
    assert _first_line(result).endswith("xxx\\nfatal: the last line")  # its end, within the message's length
