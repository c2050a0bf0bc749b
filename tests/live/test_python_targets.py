"""`check --python module:attr`: tools defined by Python objects (an MCP server, a Pydantic
model, functions, function tools) linted without a server process, with the same findings as the same
tools written to a file, at `python:<module>:<attr>/<tool>` beside their `file:line`."""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES
from livekit import SERVERS, run, server_command

PYTHON = FIXTURES / "python"
OFF_BY_DEFAULT = "SL301,SL305,SL307,SL403"


def _key(record: dict) -> tuple:
    """A finding as a file and an object must agree on it: rule, tool, pointer in the tool (the
    object's severity and message are fitted to its framework, see test_frameworks.py)."""
    pointer = record["pointer"]
    if not record["file"].startswith(("mcp:", "python:")):
        pointer = "/" + pointer.split("/", 3)[3] if pointer.count("/") >= 3 else ""  # drop /tools/<n>
    return record["code"], record["tool"], pointer


def _json(*args: str) -> list[dict]:
    """The findings of the rules on by default and of those off by default, so every tool read shows."""
    return json.loads(run("check", "--output-format", "json", "--unsafe-fixes", "--extend-select", OFF_BY_DEFAULT, *args).output)


def test_an_mcp_server_object_gives_the_findings_of_the_same_server_over_stdio(monkeypatch, tmp_path):
    snapshot = tmp_path / "tools.json"
    assert run("snapshot", "--mcp", server_command("tickets_server.py"), "-o", str(snapshot)).exit_code == 0
    monkeypatch.chdir(SERVERS)
    in_process = _json("--python", "tickets_server:server")
    filed = _json(str(snapshot))
    assert len(in_process) > 15
    assert sorted(map(_key, in_process)) == sorted(map(_key, filed))
    assert {record["file"] for record in in_process} == {
        f"python:tickets_server:server/{name}" for name in ("create_ticket", "delete_ticket", "search_tickets")}


def test_a_low_level_server_object_is_read_page_by_page(monkeypatch):
    monkeypatch.chdir(SERVERS)
    findings = _json("--select", "SL201", "--python", "paged_server:server")
    assert sorted(f["tool"] for f in findings) == [f"get_item_{i}" for i in range(5)]


@pytest.mark.parametrize("target", ["ticket_models:MODELS", "ticket_models:CreateTicket", "ticket_functions:refund_payment",
                                    "function_tools:TOOLS"])
def test_python_objects_give_the_findings_of_their_tools_written_to_a_file(monkeypatch, tmp_path, target):
    monkeypatch.chdir(PYTHON)
    assert run("snapshot", "--python", target, "-o", str(tmp_path / "tools.json")).exit_code == 0
    in_process = _json("--python", target)
    assert in_process
    assert sorted(map(_key, in_process)) == sorted(map(_key, _json(str(tmp_path / "tools.json"))))


def test_a_pydantic_model_is_linted_through_model_json_schema_at_its_class(monkeypatch):
    monkeypatch.chdir(PYTHON)
    result = run("check", "--output-format", "concise", "--select", "SL201,SL301", "--python", "ticket_models:MODELS")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    # extra="forbid" closes GetTicket; CreateTicket stays open, and its title is unbounded.
    assert lines[:2] == [
        "python:ticket_models:MODELS/CreateTicket#/inputSchema (ticket_models.py:11:1): SL201 [error] object `(root)` "
        "accepts undeclared keys (no `additionalProperties: false`) (in pydantic: `model_config = "
        "ConfigDict(extra=\"forbid\")`)",
        "python:ticket_models:MODELS/CreateTicket#/inputSchema/properties/title (ticket_models.py:14:18): SL301 "
        "[warning] string `title` has no maxLength, enum, const, anchored pattern or format (in Python: "
        "`Annotated[str, Field(max_length=…)]`, or `Literal[\"a\", \"b\"]` for a closed set)",
    ]
    assert not any("GetTicket" in line for line in lines)


def test_a_function_gets_the_schema_an_mcp_server_would_serve_for_it(monkeypatch):
    monkeypatch.chdir(PYTHON)
    findings = _json("--select", "SL201,SL303,SL401", "--python", "ticket_functions:refund_payment")
    assert {(f["code"], f["pointer"]) for f in findings} >= {
        ("SL201", "/inputSchema"), ("SL303", "/inputSchema/properties/amount"),
        ("SL401", "/inputSchema/properties/payment_id")}  # the first in the signature's order, as pydantic writes it
    assert {f["source"] for f in findings} == {"ticket_functions.py:6:1", "ticket_functions.py:6:20",
                                               "ticket_functions.py:6:37"}  # the def, its parameters
    assert {f["tool"] for f in findings} == {"refund_payment"}


def test_without_the_mcp_sdk_a_function_gets_pydantics_schema_of_its_signature(monkeypatch, tmp_path):
    # The target is read in a child process: an `mcp` that cannot be imported, first on its path, hides the SDK.
    (tmp_path / "mcp").mkdir()
    (tmp_path / "mcp" / "__init__.py").write_text("raise ImportError('the mcp SDK is not installed')\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.chdir(PYTHON)
    findings = _json("--select", "SL201,SL303", "--python", "ticket_functions:list_payments")
    # pydantic's TypeAdapter closes a function's arguments (additionalProperties: false): no SL201.
    assert [(f["code"], f["pointer"], f["tool"]) for f in findings] == [
        ("SL303", "/inputSchema/properties/limit", "list_payments")]


def test_function_tools_are_read_by_their_attributes_with_the_function_where_kept(monkeypatch):
    monkeypatch.chdir(PYTHON)
    findings = _json("--select", "SL201,SL301,SL601", "--python", "function_tools:TOOLS")
    by_tool = {}
    for f in findings:
        by_tool.setdefault(f["tool"], set()).add((f["code"], f["source"]))
    # strict_json_schema: get_weather is checked as OpenAI strict mode sends it.
    assert ("SL301", None) in by_tool["get_weather"]
    assert by_tool["send_email"] >= {("SL201", "function_tools.py:10:1"), ("SL301", "function_tools.py:10:16")}


@pytest.mark.parametrize(("target", "said"), [
    ("no_such_module:x", "cannot import `no_such_module`: ModuleNotFoundError: No module named 'no_such_module'"),
    ("raises_on_import:x", "cannot import `raises_on_import`: RuntimeError: DATABASE_URL is not set"),
    ("exits_on_import:x", "cannot import `exits_on_import`: it called sys.exit(3)"),
    ("ticket_models:Missing", "`ticket_models` has no attribute `Missing`"),
    ("bad_targets:NOT_A_TOOL", "an object of type `int` is not an MCP server (the mcp SDK's FastMCP, MCPServer or "
                               "Server, or a fastmcp FastMCP), a function, a Pydantic model class, a function tool"),
    ("bad_targets:UNREADABLE", "item 0 of the list: reading the schema of an object of type `Unreadable` raised RuntimeError: "
                               "schema generation failed"),
    ("bad_targets:NOT_JSON", "a schema it generates is not JSON: TypeError"),
])
def test_an_object_that_cannot_be_read_is_an_sl000_naming_it_and_the_others_are_linted(monkeypatch, target, said):
    monkeypatch.chdir(PYTHON)
    result = run("check", "--output-format", "concise", "--select", "SL201", "--python", target,
                 "--python", "ticket_models:CreateTicket")
    assert result.exit_code == 2
    lines = result.output.splitlines()
    failure = next(line for line in lines if "SL000" in line)
    assert failure.startswith(f"python:{target}: SL000 [error] Python object `{target}`: ")
    assert said in failure
    assert any(line.startswith("python:ticket_models:CreateTicket/CreateTicket#/inputSchema") for line in lines)
    assert "imported bad_targets" not in result.stdout


@pytest.mark.parametrize("command", ["check", "snapshot"])
@pytest.mark.parametrize("spec", ["myserver", "not a target", "tickets:"])
def test_a_target_that_is_not_module_colon_attribute_is_a_usage_error(command, spec):
    result = run(command, "--python", spec, *(["-o", "-"] if command == "snapshot" else []))
    assert result.exit_code == 2
    assert f"Invalid value for '--python': `{spec}`: expected module:attribute, e.g. tickets.server:mcp" in result.output
    assert "SL000" not in result.output


def test_a_python_location_reaches_sarif_as_the_definitions_file_and_line(monkeypatch):
    monkeypatch.chdir(PYTHON)
    import jsonschema

    log = json.loads(run("check", "--output-format", "sarif", "--select", "SL201",
                         "--python", "ticket_models:CreateTicket").output)
    schema = json.loads((FIXTURES / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    assert list(jsonschema.Draft7Validator(schema).iter_errors(log)) == []
    (location,) = log["runs"][0]["results"][0]["locations"]
    assert location["physicalLocation"] == {"artifactLocation": {"uri": "ticket_models.py", "uriBaseId": "%SRCROOT%"},
                                            "region": {"startLine": 11, "startColumn": 1}}
    assert location["logicalLocations"][0] == {"name": "CreateTicket", "kind": "function",
                                               "fullyQualifiedName": "python:ticket_models:CreateTicket/CreateTicket"}


def test_snapshot_writes_an_objects_tools_and_its_findings_are_those_of_check(monkeypatch, tmp_path):
    monkeypatch.chdir(SERVERS)
    snapshot = tmp_path / "tools.json"
    written = run("snapshot", "--python", "tickets_server:server", "-o", str(snapshot))
    assert written.exit_code == 0 and "written (3 tools of `tickets_server:server`)" in written.output
    assert sorted(map(_key, _json(str(snapshot)))) == sorted(map(_key, _json("--python", "tickets_server:server")))
    failed = run("snapshot", "--python", "tickets_server:nothing", "-o", str(tmp_path / "other.json"))
    assert failed.exit_code == 2 and "`tickets_server` has no attribute `nothing`" in failed.output
    assert not (tmp_path / "other.json").exists()


def test_python_targets_alone_start_no_configured_server(tmp_path, monkeypatch):
    # As with --mcp: naming what to lint replaces the configured `mcp-servers` (and `.`).
    (tmp_path / ".schema-lint.toml").write_text('[mcp-servers.never]\ncommand = "no-such-server-command"\n')
    (tmp_path / "ticket_models.py").write_text((PYTHON / "ticket_models.py").read_text())
    monkeypatch.chdir(tmp_path)
    result = run("check", "--output-format", "concise", "--no-cache", "--python", "ticket_models:GetTicket")
    assert (result.exit_code, result.output) == (0, "All checks passed (1 tool in 1 Python target).\n")
