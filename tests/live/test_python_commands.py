"""`fuzz`, `replay`, `infer`, `compat` and `diff` take `--python` (and `--mcp`) targets as
`check` does: a FastMCP or pydantic user need not `snapshot` first, and reports name the
target, not a temporary file."""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES
from livekit import run, server_command

PYTHON = FIXTURES / "python"
CALLS = [{"tool": "CreateTicket", "arguments": {"title": "Printer on fire", "priority": "high"}},
         {"tool": "CreateTicket", "arguments": {"title": "Stuck", "priority": "urgent"}}]


@pytest.fixture
def calls(tmp_path, monkeypatch):
    monkeypatch.chdir(PYTHON)
    path = tmp_path / "calls.jsonl"
    path.write_text("".join(json.dumps(call) + "\n" for call in CALLS))
    return str(path)


def test_fuzz_fuzzes_a_python_objects_tools(monkeypatch):
    monkeypatch.chdir(PYTHON)
    result = run("fuzz", "--examples", "3", "--output-format", "json", "--python", "ticket_models:MODELS")
    assert result.exit_code == 0
    tools = {(tool["file"], tool["name"]) for tool in json.loads(result.stdout)["tools"]}
    assert tools == {("python:ticket_models:MODELS", "CreateTicket"), ("python:ticket_models:MODELS", "GetTicket")}


def test_replay_takes_every_argument_as_calls_when_the_tools_are_a_python_object(calls):
    result = run("replay", "--output-format", "json", "--fail-on", "rejected", "--python", "ticket_models:MODELS", calls)
    assert result.exit_code == 1  # the second call's priority is no enum value
    assert json.loads(result.stdout)["outcomes"] == {"valid": 1, "canonicalized": 0, "rejected": 1}


MCP_SERVER = """\
from datetime import datetime

from mcp.server.mcpserver import MCPServer

mcp = MCPServer("reminders")


@mcp.tool()
def remind(when: datetime, repeat: int = 1) -> str:
    \"\"\"Set a reminder.\"\"\"
    return "ok"
"""


def test_replay_of_a_python_servers_tools_meets_its_frameworks_boundary(tmp_path, monkeypatch):
    """The SDK's pydantic reads "3" as 3 and takes a date-time without a zone: production's
    boundary (the adapter's) lets both through, so a replay that refused them would report
    regressions no user would meet. The JSON listing of the same tools refuses both."""
    (tmp_path / "reminders.py").write_text(MCP_SERVER)
    calls = tmp_path / "calls.jsonl"
    calls.write_text("".join(json.dumps({"tool": "remind", "arguments": arguments}) + "\n" for arguments in (
        {"when": "2026-12-24T09:00:00Z", "repeat": 2}, {"when": "2026-12-24T09:00:00Z", "repeat": "3"},
        {"when": "2026-12-24T09:00:00", "repeat": 1})))
    monkeypatch.chdir(tmp_path)
    result = run("replay", "--output-format", "json", "--fail-on", "rejected", "--python", "reminders:mcp", str(calls))
    assert (result.exit_code, json.loads(result.stdout)["outcomes"]) == (0, {"valid": 2, "canonicalized": 1,
                                                                              "rejected": 0})
    listing = tmp_path / "listing.json"
    assert run("snapshot", "--python", "reminders:mcp", "-o", str(listing)).exit_code == 0
    plain = run("replay", "--output-format", "json", "--fail-on", "rejected", str(listing), str(calls))
    assert json.loads(plain.stdout)["outcomes"]["rejected"] >= 1


def test_replay_without_calls_is_a_usage_error():
    result = run("replay", "--python", "ticket_models:MODELS")
    assert result.exit_code == 2 and "Missing argument 'CALLS...'" in result.output


def test_infer_reports_the_calls_to_a_python_objects_tools(calls):
    result = run("infer", "--output-format", "json", "--python", "ticket_models:MODELS", calls)
    assert result.exit_code == 0
    (report,) = json.loads(result.stdout)["tools"]
    assert (report["tool"], report["file"], report["calls"]) == ("CreateTicket", "python:ticket_models:MODELS", 2)


def test_infer_needs_tools_from_somewhere(calls):
    result = run("infer", calls)
    assert result.exit_code == 2 and "Missing option '--tools' (or --python, --mcp, --mcp-url)" in result.output


def test_compat_shows_a_python_objects_tools_beside_a_servers(monkeypatch):
    monkeypatch.chdir(PYTHON)
    result = run("compat", "--output-format", "json", "--python", "ticket_models:MODELS",
                 "--mcp", server_command("tickets_server.py"))
    assert result.exit_code == 0
    paths = {tool["path"] for tool in json.loads(result.stdout)["tools"]}
    assert paths == {"python:ticket_models:MODELS", "mcp:tickets_server"}


def test_diff_compares_a_committed_snapshot_with_the_code(monkeypatch, tmp_path):
    monkeypatch.chdir(PYTHON)
    snapshot = tmp_path / "tools.json"
    assert run("snapshot", "--python", "ticket_models:MODELS", "-o", str(snapshot)).exit_code == 0
    assert run("diff", str(snapshot), "--python", "ticket_models:MODELS").exit_code == 0
    removed = run("diff", "--output-format", "json", str(snapshot), "--python", "ticket_models:CreateTicket")
    assert removed.exit_code == 1 and json.loads(removed.stdout)["removed"] == ["GetTicket"]


def test_diff_needs_exactly_one_new_side(monkeypatch, tmp_path):
    monkeypatch.chdir(PYTHON)
    result = run("diff", "old.json", "new.json", "--python", "ticket_models:MODELS")
    assert result.exit_code == 2 and "name what OLD is compared with" in result.output


@pytest.mark.parametrize("command", [["fuzz"], ["compat"], ["infer", "calls.jsonl"], ["diff", "old.json"],
                                     ["replay", "calls.jsonl"]])
def test_a_target_that_cannot_be_read_is_exit_2_naming_it(monkeypatch, command):
    monkeypatch.chdir(PYTHON)
    result = run(*command, "--python", "raises_on_import:x")  # none of the files named exists: not read first
    assert result.exit_code == 2
    assert ("Python object `raises_on_import:x`: cannot import `raises_on_import`: RuntimeError: DATABASE_URL is "
            "not set") in result.output
