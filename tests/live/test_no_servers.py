"""`--no-servers` (or SCHEMA_LINT_NO_SERVERS=1): a maintainer lints a pull request's checkout
without running the commands its configuration names, and the run says what it left out."""

from __future__ import annotations

import json
import sys

import pytest
from livekit import run, server_command

pytestmark = pytest.mark.hostile

TOOL = {"name": "create_alert", "description": "Create a weather alert.", "inputSchema": {"type": "object", "properties": {}}}
WARNING = ("schema-lint: warning: --no-servers: 2 MCP servers the configuration names (build, upload) were not "
           "started; their tools are not read\n")


@pytest.fixture
def checkout(tmp_path, monkeypatch):
    """A pull request's checkout: a tool file, and servers whose commands leave a mark."""
    commands = "".join(f'[mcp-servers.{name}]\ncommand = {json.dumps(sys.executable)}\n'
                       f'args = ["-c", "open({name!r} + \'.ran\', \'w\')"]\n' for name in ("build", "upload"))
    (tmp_path / ".schema-lint.toml").write_text(commands)
    (tmp_path / "tools.json").write_text(json.dumps(TOOL))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _ran(checkout) -> list[str]:
    return sorted(path.name for path in checkout.glob("*.ran"))


def test_a_bare_check_lints_the_files_and_starts_no_configured_server(checkout):
    result = run("check", "--no-servers", "--output-format", "json")
    assert _ran(checkout) == []
    assert result.exit_code == 1  # the tool file's findings; no SL000 for servers never asked
    assert {finding["file"] for finding in json.loads(result.stdout)} == {"tools.json"}
    assert result.stderr == WARNING


def test_snapshot_starts_none_and_writes_nothing(checkout):
    result = run("snapshot", "--no-servers", "-o", str(checkout / "snapshots"))
    assert _ran(checkout) == []
    assert (result.exit_code, result.stderr) == (0, WARNING)
    assert not (checkout / "snapshots").exists()


def test_the_environment_says_it_once_for_every_command(checkout, monkeypatch):
    monkeypatch.setenv("SCHEMA_LINT_NO_SERVERS", "1")
    assert run("check").exit_code == 1
    assert run("snapshot", "-o", "-").exit_code == 0
    assert _ran(checkout) == []


def test_without_it_the_configured_servers_do_run(checkout):
    run("check")
    assert _ran(checkout) == ["build.ran", "upload.ran"]


@pytest.mark.parametrize("named", [("--mcp", "python -c pass"), ("--mcp-url", "http://127.0.0.1:9/mcp"),
                                   ("--python", "tickets:server")])
@pytest.mark.parametrize("command", [("check",), ("snapshot", "-o", "-")])
def test_a_server_or_target_named_beside_it_is_a_usage_error(checkout, command, named):
    result = run(*command, "--no-servers", *named)
    assert result.exit_code == 2
    assert f"{named[0]} with --no-servers (or SCHEMA_LINT_NO_SERVERS)" in result.stderr
    assert _ran(checkout) == []


def test_compat_refuses_a_named_server_too():
    result = run("compat", "--no-servers", "--mcp", server_command("tickets_server.py"))
    assert result.exit_code == 2 and "--mcp with --no-servers" in result.stderr
