"""`compat --mcp`: a running server's tools in the matrix, and a server that cannot be asked
named on stderr with exit 2 while the files are still shown."""

from __future__ import annotations

import json

from livekit import run, server_command

TICKETS = server_command("tickets_server.py")


def test_a_live_servers_tools_are_rows_of_the_matrix_under_the_profiles_asked_for():
    result = run("compat", "--output-format", "json", "--profile", "mcp-2026-07-28", "--profile", "openai-strict",
                 "--mcp", TICKETS)
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert {row["tool"] for row in data["tools"]} == {"create_ticket", "delete_ticket", "search_tickets"}
    assert {row["path"] for row in data["tools"]} == {"mcp:tickets_server"}
    assert data["profiles"]["mcp-2026-07-28"]["accepted"] == 3 and data["profiles"]["openai-strict"]["refused"] == 3


def test_a_server_that_cannot_be_started_exits_2_and_the_files_are_still_shown(tmp_path):
    path = tmp_path / "tools.json"
    path.write_text(json.dumps({"name": "get_user", "inputSchema": {"type": "object"}}))
    result = run("compat", str(path), "--mcp", "no-such-command-for-compat")
    assert result.exit_code == 2
    assert "could not be started" in result.output and "get_user" in result.output


def test_the_json_report_names_what_could_not_be_read(tmp_path):
    """A server that could not be asked, or a file that could not be read, showed in `json` as
    nothing at all: "0 of 0 accepted", the error only on stderr."""
    (tmp_path / "broken.json").write_text("{bad", encoding="utf-8")
    result = run("compat", "--output-format", "json", str(tmp_path / "broken.json"), "--mcp", "no-such-command-for-compat")
    assert result.exit_code == 2
    errors = json.loads(result.stdout)["errors"]
    assert [(error["path"], error.get("line")) for error in errors] == [
        (str(tmp_path / "broken.json"), 1), ("mcp:no-such-command-for-compat", None)]
    assert "could not be started" in errors[1]["message"]
