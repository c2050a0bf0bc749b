"""Which servers `--mcp`, `--mcp-url` and `mcp-servers` name, and what each is called."""

from __future__ import annotations

from pathlib import Path

import pytest
from livekit import run

from schema_lint.config.servers import ServerSpecError, command_name, from_options, from_table


@pytest.mark.parametrize(("command", "name"), [
    ("python3.11 tools/tickets_server.py --port 1", "tickets_server"),
    ("/venv/bin/python -m acme.mcp_server", "acme.mcp_server"),
    ("uv run server.py", "server"),
    ("./bin/my-server --stdio", "my-server"),
    ("node", "node"),
    # One server, one name, however it is launched: scope, version pin and option values dropped,
    # and `mcp-server-x`, `server-x`, `x-mcp`, `x-mcp-server`, `mcp_server_x` all named `x`.
    ("npx -y @modelcontextprotocol/server-everything stdio", "everything"),
    ("npx --prefix /tmp/x -y @modelcontextprotocol/server-everything@2026.8.31 stdio", "everything"),
    ("npx -p @modelcontextprotocol/server-everything mcp-server-everything", "everything"),
    ("node_modules/.bin/mcp-server-everything", "everything"),
    ("uvx mcp-server-fetch@2025.4.7", "fetch"),
    ("uvx mcp-server-time==2025.9.25", "time"),
    ("uvx --from mcp-server-time mcp-server-time", "time"),
    ("python -m mcp_server_time", "time"),
    ("uv run --with mcp python server.py", "server"),
    ("docker run -i --rm -e TOKEN ghcr.io/github/github-mcp-server:v1", "github"),
    ("npx -y @upstash/context7-mcp", "context7"),
    # A package named only `mcp` (or `server`) is named by its scope.
    ("npx @playwright/mcp@latest", "playwright"),
    ("npx -y @acme/mcp-server --read-only", "acme"),
    ("python3 -X dev -W error tickets_server.py", "tickets_server"),
    # Code on the command line is no name: a short stable one instead.
    ("python3 -c print(1)", "python-c"),
    ("node -e serve()", "node-e"),
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
