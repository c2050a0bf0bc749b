"""`snapshot`: the listing written down, stable, rewritten only on change, and linted
with the same findings as the live server."""

from __future__ import annotations

import json
import os

import pytest
from livekit import run, server_command

TICKETS = server_command("tickets_server.py")


def _key(record: dict) -> tuple:
    """A finding as both runs must agree on it: rule, tool, pointer inside the tool, message."""
    pointer = record["pointer"]
    if record["file"] != "-" and not record["file"].startswith("mcp:"):
        pointer = "/" + pointer.split("/", 3)[3] if pointer.count("/") >= 3 else ""  # drop /tools/<n>
    return record["code"], record["tool"], pointer, record["severity"], record["message"]


def test_linting_the_snapshot_gives_the_findings_of_the_live_server(tmp_path):
    snapshot = tmp_path / "tools.json"
    assert run("snapshot", "--mcp", TICKETS, "-o", str(snapshot)).exit_code == 0
    every_rule = ("--output-format", "json", "--unsafe-fixes", "--extend-select", "SL301,SL305,SL307,SL403")
    live = json.loads(run("check", *every_rule, "--mcp", TICKETS).output)
    filed = json.loads(run("check", *every_rule, str(snapshot)).output)
    assert len(live) > 15
    assert sorted(map(_key, live)) == sorted(map(_key, filed))
    assert all(record["line"] for record in filed)  # the snapshot has real positions


def test_the_snapshot_is_sorted_and_rewritten_only_when_it_changes(tmp_path):
    """Tools by name and each tool's keys sorted, so that SDK versions that order a tool's
    fields otherwise write the same bytes; its schemas as the server wrote them, so that the
    order of `properties`, which a model reads, is kept, and a change of it is seen."""
    snapshot = tmp_path / "tools.json"
    first = run("snapshot", "--mcp", TICKETS, "-o", str(snapshot))
    assert "written (3 tools of `tickets_server`)" in first.output
    text = snapshot.read_text()
    listing = json.loads(text)
    assert [tool["name"] for tool in listing["tools"]] == ["create_ticket", "delete_ticket", "search_tickets"]
    assert all(list(tool) == sorted(tool) for tool in listing["tools"])
    properties = {tool["name"]: list(tool["inputSchema"]["properties"]) for tool in listing["tools"]}
    assert properties["search_tickets"] == ["query", "limit"] and properties["delete_ticket"] == ["ticket_id", "reason"]
    assert text == json.dumps(listing, indent=2) + "\n"
    os.utime(snapshot, (1, 1))
    again = run("snapshot", "--mcp", TICKETS, "-o", str(snapshot))
    assert "unchanged" in again.output and snapshot.stat().st_mtime == 1


@pytest.mark.hostile
def test_a_server_that_fails_writes_nothing_and_exits_2(tmp_path):
    snapshot = tmp_path / "tools.json"
    result = run("snapshot", "--mcp", server_command("misbehaving_server.py", "exit"), "-o", str(snapshot))
    assert result.exit_code == 2 and "DATABASE_URL is not set" in result.output
    assert not snapshot.exists()


def test_several_servers_need_a_directory(tmp_path):
    paged = server_command("paged_server.py")
    refused = run("snapshot", "--mcp", TICKETS, "--mcp", paged, "-o", str(tmp_path / "x.json"))
    assert refused.exit_code == 2 and "-o must be an existing directory" in refused.output
    assert run("snapshot", "--mcp", TICKETS, "--mcp", paged, "-o", str(tmp_path)).exit_code == 0
    assert sorted(os.listdir(tmp_path)) == ["paged_server.json", "tickets_server.json"]


def test_diff_compares_the_committed_snapshot_with_the_live_server(tmp_path):
    """`diff tools.json --mcp CMD`, as docs/live-servers.md shows it: what the server lists now
    against the snapshot, with no file written in between."""
    snapshot = tmp_path / "tools.json"
    assert run("snapshot", "--mcp", TICKETS, "-o", str(snapshot)).exit_code == 0
    same = run("diff", str(snapshot), "--mcp", TICKETS)
    assert same.exit_code == 0, same.output
    listing = json.loads(snapshot.read_text())
    listing["tools"] = [tool for tool in listing["tools"] if tool["name"] != "delete_ticket"]
    listing["tools"].append(dict(listing["tools"][0], name="retired_tool"))
    snapshot.write_text(json.dumps(listing))
    changed = run("diff", str(snapshot), "--mcp", TICKETS)
    assert changed.exit_code == 1, changed.output
    assert "+ delete_ticket: added" in changed.output
    assert "- retired_tool: removed (breaking" in changed.output
