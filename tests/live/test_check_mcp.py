"""`check --mcp`: a real `mcp` SDK server started over stdio, its tools linted, and every
way a server can fail reported as SL000 naming it, with exit 2 and the run going on."""

from __future__ import annotations

import json
import os
import time

import pytest
from livekit import SERVERS, run, server_command

TICKETS = server_command("tickets_server.py")


def _findings(result) -> list[dict]:
    return json.loads(result.output)


def test_a_live_server_is_linted_tool_by_tool_at_its_pointers():
    result = run("check", "--output-format", "concise", "--extend-select", "SL301", "--mcp", TICKETS)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert ("mcp:tickets_server/create_ticket#/inputSchema/properties/title: SL301 [warning] string `title` has no "
            "maxLength, enum, const, anchored pattern or format") in lines
    assert any(line.startswith("mcp:tickets_server/delete_ticket#/inputSchema: SL201 [error]") for line in lines)


def test_annotations_of_a_live_tool_set_its_side_effects():
    findings = _findings(run("check", "--output-format", "json", "--select", "SL201", "--mcp", TICKETS))
    severities = {f["tool"]: f["severity"] for f in findings}
    # readOnlyHint: true makes search_tickets a read tool: its open object, with no evidence
    # that callers send extra keys, is not worth a finding there.
    assert severities == {"create_ticket": "error", "delete_ticket": "error"}


def test_every_page_of_tools_list_is_read():
    findings = _findings(run("check", "--output-format", "json", "--select", "SL401",
                             "--mcp", server_command("paged_server.py")))
    assert sorted({f["tool"] for f in findings}) == [f"get_item_{i}" for i in range(5)]


def test_mcp_env_and_mcp_cwd_reach_the_server():
    result = run("check", "--output-format", "json", "--select", "SL401", "--mcp-cwd", str(SERVERS),
                 "--mcp-env", "PAGED_TOOL_COUNT=3", "--mcp", f"{server_command('paged_server.py').split()[0]} paged_server.py")
    assert sorted({f["tool"] for f in _findings(result)}) == ["get_item_0", "get_item_1", "get_item_2"]


def test_files_and_servers_are_linted_in_one_run(tmp_path):
    tool = {"name": "get_weather", "description": "W.", "inputSchema": {"type": "object", "properties": {
        "city": {"type": "string", "enum": ["Paris"], "description": "City."}}}}
    (tmp_path / "tools.json").write_text(json.dumps(tool))
    findings = _findings(run("check", "--output-format", "json", "--select", "SL307", str(tmp_path / "tools.json"),
                             "--mcp", TICKETS))
    assert {f["file"] for f in findings} == {str(tmp_path / "tools.json"), "mcp:tickets_server/create_ticket"}


def test_a_listing_read_past_stdout_noise_is_linted_with_a_warning():
    """The SDK skips lines that are not JSON-RPC, so the tools are had; the MCP specification
    forbids them, and a stricter client fails on the first, so the run says so."""
    result = run("check", "--output-format", "concise", "--mcp", server_command("misbehaving_server.py", "chatty"))
    assert result.exit_code == 0, result.output
    assert ("schema-lint: warning: MCP server `misbehaving_server` wrote 2 lines to stdout that are not JSON-RPC, "
            "which MCP's stdio transport forbids") in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.hostile
@pytest.mark.parametrize(("mode", "said"), [
    ("exit", "initialize failed: the server closed the connection; its stderr: fatal: DATABASE_URL is not set"),
    ("garbage", "no answer to initialize within 8 s (--mcp-startup-timeout) (it wrote 1 line to stdout that is not "
                "JSON-RPC); its stderr: booted"),
    ("hang", "no answer to initialize within 8 s (--mcp-startup-timeout)"),
    ("malformed", "tools/list failed: the SDK cannot read the server's answer: tools.0.inputSchema"),
    ("refuses", "tools/list failed: the server answered with error -32601: Method not found"),
    # -32000 is also the SDK's code for a closed connection: the server's own words tell them apart.
    ("unauthorized", "tools/list failed: the server answered with error -32000: Unauthorized: set GITHUB_TOKEN"),
    # The SDK reads NaN, then writes it as null: "null is not of type number" named no value sent.
    ("nan", "tools/list: tool `set_temp` holds `NaN` at `/inputSchema/properties/celsius/maximum`, which is not a "
            "JSON value"),
])
def test_a_server_that_fails_is_sl000_naming_it_and_the_others_are_still_linted(mode, said):
    bad = server_command("misbehaving_server.py", mode)
    # The time-outs also bound the good server, which must start in time on a loaded machine.
    result = run("check", "--output-format", "concise", "--mcp-startup-timeout", "8", "--mcp-timeout", "8",
                 "--mcp", bad, "--mcp", TICKETS)
    assert result.exit_code == 2
    first = result.output.splitlines()[0]
    assert first.startswith(f"mcp:misbehaving_server: SL000 [error] MCP server `misbehaving_server` ({bad}): ")
    assert said in first
    assert "mcp:tickets_server/create_ticket#" in result.output


def test_a_server_without_the_tools_capability_that_refuses_tools_list_is_an_sl000_not_a_silent_pass():
    result = run("check", "--output-format", "concise", "--mcp", server_command("misbehaving_server.py", "no-tools"))
    assert result.exit_code == 2
    assert result.stdout.startswith("mcp:misbehaving_server: SL000 [error] MCP server `misbehaving_server` (")
    assert ") lists no tool: nothing to lint (a server of resources or prompts alone needs no --mcp)" in result.stdout


def test_a_named_server_object_that_serves_no_tool_is_sl000_not_a_silent_pass(tmp_path, monkeypatch):
    (tmp_path / "resources_only.py").write_text("from mcp.server.lowlevel import Server\nserver = Server('docs')\n")
    monkeypatch.chdir(tmp_path)
    result = run("check", "--output-format", "json", "--python", "resources_only:server")
    (failure,) = json.loads(result.output)
    assert (result.exit_code, failure["code"]) == (2, "SL000")
    assert failure["message"].startswith("Python object `resources_only:server`: an object of type `Server` from mcp ")
    assert " is an MCP server with no tool registered: nothing to lint (a server of resources or prompts alone " \
           "needs no --python)" in failure["message"]


@pytest.mark.parametrize("command, cwd, hint", [
    ("GITHUB_TOKEN=x npx server", None, "(`GITHUB_TOKEN=x` is no command: set a variable with --mcp-env GITHUB_TOKEN=x)"),
    ("venv/bin/python server.py", "elsewhere", "(`venv/bin/python` was looked for in the server's working directory, "),
])
def test_a_command_not_found_says_what_a_shell_would_have_done(tmp_path, command, cwd, hint):
    """`--mcp` splits as a shell does but sets no variable, and a relative command is looked for
    from `--mcp-cwd`: both failed with "No such file or directory" alone."""
    where = ["--mcp-cwd", str(tmp_path)] if cwd else []
    result = run("check", "--output-format", "concise", *where, "--mcp", command)
    assert result.exit_code == 2 and "could not be started: No such file or directory " + hint in result.output


@pytest.mark.hostile
def test_a_command_that_does_not_exist_is_sl000():
    result = run("check", "--mcp", "/nonexistent/mcp-server --stdio")
    assert result.exit_code == 2
    assert "mcp:mcp-server: SL000 [error] MCP server `mcp-server` (/nonexistent/mcp-server --stdio): could not be " \
           "started: No such file or directory" in result.output


@pytest.mark.hostile
def test_a_hung_server_is_stopped_with_its_whole_process_group(tmp_path):
    pid_file = tmp_path / "child.pid"
    result = run("check", "--mcp-startup-timeout", "1", "--mcp", server_command("misbehaving_server.py", "spawn",
                                                                             str(pid_file)))
    assert result.exit_code == 2 and "no answer to initialize within 1 s" in result.output
    child = int(pid_file.read_text())
    deadline = time.monotonic() + 5
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as handle:  # a zombie has exited; only its parent has not reaped it
        return handle.read().split(") ", 1)[1][0] != "Z"


def test_diff_prints_live_fixes_as_json_patch_and_fix_does_not_pretend():
    diff = run("check", "--diff", "--extend-select", "SL307", "--mcp", TICKETS)
    assert diff.exit_code == 1
    lines = diff.output.splitlines()
    at = lines.index('# mcp:tickets_server/create_ticket: SL307 replace `enum` with `const: "bug"` (safe)')
    assert json.loads(lines[at + 1]) == [{"op": "remove", "path": "/inputSchema/properties/kind/enum"},
                                         {"op": "add", "path": "/inputSchema/properties/kind/const", "value": "bug"}]
    # Counted, as a change to make in the server's code, and said to be one `--fix` does not apply.
    assert "(as JSON Patch, which `--fix` does not apply)." in diff.output
    fixed = run("check", "--fix", "--select", "SL307", "--mcp", TICKETS)
    assert fixed.exit_code == 0  # SL307 is an info
    assert "1 fix on tools of a live MCP server not applied: a running server cannot be edited" in fixed.output
    assert "mcp:tickets_server/create_ticket#/inputSchema/properties/kind/enum: SL307" in fixed.output


def test_fix_and_diff_name_the_live_fixes_only_unsafe_fixes_enable():
    hint = "fix on tools of a live MCP server can be enabled with the `--unsafe-fixes` option"
    for flag in ("--fix", "--diff"):
        hidden = run("check", flag, "--select", "SL403", "--mcp", TICKETS)
        assert f"1 {hint} (`--diff --unsafe-fixes` prints it as JSON Patch)" in hidden.output
        assert hint not in run("check", flag, "--unsafe-fixes", "--select", "SL403", "--mcp", TICKETS).output
    assert hint not in run("check", "--fix", "--select", "SL307", "--mcp", TICKETS).output  # a safe fix: noted as not applied


def test_configured_mcp_servers_are_linted_by_a_plain_check(tmp_path, monkeypatch):
    command, script = server_command("tickets_server.py").split()
    (tmp_path / ".schema-lint.toml").write_text(
        f'select = ["SL201"]\n[mcp-servers.tickets]\ncommand = "{command}"\nargs = ["{script}"]\n')
    monkeypatch.chdir(tmp_path)
    result = run("check", "--output-format", "concise")
    assert result.exit_code == 1
    assert "mcp:tickets/create_ticket#/inputSchema: SL201 [error]" in result.output
    # PATHS given (as pre-commit gives them): only those are linted, no server is started.
    (tmp_path / "empty.json").write_text("{}")
    assert "mcp:" not in run("check", "--output-format", "concise", "empty.json").output
