"""Which servers `--mcp`, `--mcp-url` and `mcp-servers` name, and what each is called."""

from __future__ import annotations

from pathlib import Path

import pytest
from livekit import run

from schema_lint.live.servers import ServerSpecError, command_name, from_options, from_table


@pytest.mark.parametrize(("command", "name"), [
    ("npx -y @modelcontextprotocol/server-everything stdio", "server-everything"),
    ("uvx mcp-server-fetch@2025.4.7", "mcp-server-fetch"),
    ("python3.11 tools/tickets_server.py --port 1", "tickets_server"),
    ("/venv/bin/python -m acme.mcp_server", "acme.mcp_server"),
    ("uv run server.py", "server"),
    ("./bin/my-server --stdio", "my-server"),
    ("node", "node"),
])
def test_a_server_is_named_by_what_its_command_runs(command, name):
    assert command_name(tuple(command.split())) == name


def test_names_are_unique_in_a_run_and_urls_are_named_by_host():
    servers = from_options(("python a/server.py", "python b/server.py"), ("http://127.0.0.1:8000/mcp",),
                           env=("TOKEN=a=b",), headers=("Authorization: Bearer x",))
    assert [s.name for s in servers] == ["server", "server-2", "127.0.0.1:8000"]
    assert servers[0].env == {"TOKEN": "a=b"} and servers[2].headers == {"Authorization": "Bearer x"}


@pytest.mark.parametrize(("options", "message"), [
    ({"commands": ("'unclosed",)}, "No closing quotation"),
    ({"commands": ("",)}, "--mcp needs a command"),
    ({"urls": ("ftp://host/",)}, "expected an http:// or https:// URL"),
    ({"commands": ("srv",), "env": ("NOVALUE",)}, "--mcp-env 'NOVALUE': expected KEY=VALUE"),
])
def test_bad_server_options_are_refused(options, message):
    with pytest.raises(ServerSpecError, match=message):
        from_options(options.get("commands", ()), options.get("urls", ()), options.get("env", ()))


def test_the_configuration_table_runs_servers_from_its_directory():
    servers = from_table({"tickets": {"command": "python", "args": ["srv.py"], "env": {"A": "1"}},
                          "remote": {"url": "https://mcp.example.com/mcp", "headers": {"X-Key": "k"}}}, Path("/repo"))
    assert [(s.name, s.command, s.cwd, s.url) for s in servers] == [
        ("tickets", ("python", "srv.py"), "/repo", None), ("remote", (), None, "https://mcp.example.com/mcp")]
    with pytest.raises(ServerSpecError, match="needs exactly one of `command` and `url`"):
        from_table({"x": {"args": []}}, Path("/repo"))


def test_a_bad_mcp_servers_table_is_a_configuration_error(tmp_path, monkeypatch):
    (tmp_path / ".schema-lint.toml").write_text('[mcp-servers.x]\ncommand = "srv"\nport = 1\n')
    monkeypatch.chdir(tmp_path)
    result = run("check")
    assert result.exit_code == 2 and "`mcp-servers.x`: unknown key `port`" in result.output


def test_a_bad_option_is_a_usage_error():
    result = run("check", "--mcp-url", "localhost:8000")
    assert result.exit_code == 2 and "expected an http:// or https:// URL" in result.output
