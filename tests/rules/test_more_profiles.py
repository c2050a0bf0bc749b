"""The non-strict, Gemini JSON Schema, MCP and client profiles: each entry shown with a tool
it accepts and one it refuses (or, for a silent loss, drops), and every verified entry of the
table covered by such a pair here or in test_profile_sources."""

from __future__ import annotations

import json

import pytest
from lintkit import lint_document
from test_profile_sources import PER_TOOL

from schema_lint.config import Config
from schema_lint.model import Severity
from schema_lint.profiles.sources import SOURCES, source


def _mcp(schema: dict, name: str = "get_user", **fields) -> dict:
    return {"name": name, "description": "A tool.", "inputSchema": schema, **fields}


def _declaration(**fields) -> dict:
    return {"functionDeclarations": [{"name": "get_user", "description": "A function.", **fields}]}


OBJECT = {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"], "additionalProperties": False}


def _with(prop: dict) -> dict:
    return {**OBJECT, "properties": {"id": prop}}


# (entry, profile or None when the definition implies it, file name, accepted document, refused document)
CASES = [
    ("gemini/format", "gemini", "t.json", _mcp(_with({"type": "string", "format": "date-time"})),
     _mcp(_with({"type": "string", "format": "email"}))),
    ("gemini-json-schema/root", None, "t.json", _declaration(parametersJsonSchema=OBJECT),
     _declaration(parametersJsonSchema={"type": "array", "items": {"type": "string"}})),
    ("gemini-json-schema/exclusive", None, "t.json", _declaration(parametersJsonSchema=OBJECT),
     _declaration(parametersJsonSchema=OBJECT, parameters={"type": "OBJECT"})),
    ("openai/best-effort", "openai", "t.json", _mcp(_with({"type": "string", "enum": ["a"]})),
     _mcp(_with({"type": "string", "maxLength": 10}))),
    ("anthropic/best-effort", "anthropic", "t.json", _mcp(_with({"type": "string"})),
     _mcp(_with({"type": "string", "pattern": "^[a-z]+$"}))),
    ("mcp-2025-11-25/root", "mcp-2025-11-25", "t.json", _mcp(OBJECT), _mcp({"properties": {}})),
    ("mcp-2025-11-25/output-root", "mcp-2025-11-25", "t.json", _mcp(OBJECT, outputSchema={"type": "object"}),
     _mcp(OBJECT, outputSchema={"type": "array"})),
    ("mcp-2025-11-25/tool-name", "mcp-2025-11-25", "t.json", _mcp(OBJECT, name="admin.tools.list"),
     _mcp(OBJECT, name="get user")),
    ("mcp-2026-07-28/root", "mcp-2026-07-28", "t.json", _mcp(OBJECT), _mcp({"type": "array"})),
    ("mcp-2026-07-28/tool-name", "mcp-2026-07-28", "t.json", _mcp(OBJECT, name="a" * 128),
     _mcp(OBJECT, name="a" * 129)),
    ("mcp-2026-07-28/header-token", "mcp-2026-07-28", "t.json",
     _mcp(_with({"type": "string", "x-mcp-header": "Region"})),
     _mcp(_with({"type": "string", "x-mcp-header": "Region:\r\nX"}))),
    ("mcp-2026-07-28/header-unique", "mcp-2026-07-28", "t.json",
     _mcp({**OBJECT, "properties": {"a": {"type": "string", "x-mcp-header": "Region"},
                                    "b": {"type": "string", "x-mcp-header": "Zone"}}}),
     _mcp({**OBJECT, "properties": {"a": {"type": "string", "x-mcp-header": "Region"},
                                    "b": {"type": "string", "x-mcp-header": "region"}}})),
    ("mcp-2026-07-28/header-type", "mcp-2026-07-28", "t.json",
     _mcp(_with({"type": "integer", "x-mcp-header": "Limit"})),
     _mcp(_with({"type": "number", "x-mcp-header": "Limit"}))),
    ("mcp-2026-07-28/header-reachable", "mcp-2026-07-28", "t.json",
     _mcp(_with({"type": "object", "properties": {"region": {"type": "string", "x-mcp-header": "Region"}}})),
     _mcp(_with({"type": "array", "items": {"type": "string", "x-mcp-header": "Region"}}))),
    ("claude-code/tool-name", "claude-code", "srv.json", _mcp(OBJECT, name="n" * 54),
     _mcp(OBJECT, name="n" * 55)),
]


@pytest.mark.parametrize(("entry", "profile", "path", "accepted", "refused"), CASES, ids=[c[0] for c in CASES])
def test_each_entry_accepts_one_tool_and_refuses_or_drops_another(entry, profile, path, accepted, refused):
    cite = source(entry).cite()
    code = "SL602" if source(entry).silent else "SL601"
    config = Config(profiles=[profile] if profile else [])
    assert not [d for d in lint_document(json.dumps(accepted), path, code, config) if d.message.endswith(cite)]
    assert [d for d in lint_document(json.dumps(refused), path, code, Config(profiles=config.profiles))
            if d.message.endswith(cite)]


def _tools(count: int, name: str = "t{}") -> str:
    return json.dumps({"tools": [_mcp(OBJECT, name=name.format(i)) for i in range(count)]})


@pytest.mark.parametrize(("entry", "profile", "limit", "code"), [
    ("cursor/tools", "cursor", 40, "SL602"), ("vscode-copilot/tools", "vscode-copilot", 128, "SL601")])
def test_client_tool_counts_accept_the_limit_and_report_one_more_once(entry, profile, limit, code):
    def found(count):
        return [d for d in lint_document(_tools(count), "server.json", code, Config(profiles=[profile]))
                if d.message.endswith(source(entry).cite())]

    assert found(limit) == []
    (over,) = found(limit + 1)
    assert over.pointer == "/tools/0" and "(observed 20" in over.message
    if entry == "cursor/tools":
        assert f"not `t{limit}`" in over.message and over.severity is Severity.WARNING


@pytest.mark.parametrize("version", ["mcp-2025-11-25", "mcp-2026-07-28"])
def test_mcp_tool_names_repeat_within_a_server_once_per_server(version):
    def found(names):
        text = json.dumps({"tools": [_mcp(OBJECT, name=n) for n in names]})
        return [d for d in lint_document(text, "server.json", "SL601", Config(profiles=[version]))
                if d.message.endswith(source(f"{version}/unique-names").cite())]

    assert found(["a", "b"]) == []
    (repeated,) = found(["a", "b", "a"])
    assert "`a` (2)" in repeated.message and repeated.severity is Severity.WARNING


def test_only_2025_11_25_restricts_output_schema_to_an_object():
    text = json.dumps(_mcp(OBJECT, outputSchema={"type": "array", "items": {"type": "string"}}))
    assert lint_document(text, "t.json", "SL601", Config(profiles=["mcp-2026-07-28"])) == []
    assert lint_document(text, "t.json", "SL601", Config(profiles=["mcp-2025-11-25"])) != []


def test_the_server_name_counts_against_claude_codes_64_characters():
    text = json.dumps(_mcp(OBJECT, name="n" * 50))
    config = Config(profiles=["claude-code"])
    assert lint_document(text, "short.json", "SL601", config) == []
    (found,) = lint_document(text, "a_rather_long_server.json", "SL601", config)
    assert "`mcp__a_rather_long_server__` and the name make 77 characters" in found.message
    assert "the name may have at most 37" in found.message


def test_a_strict_tool_loses_nothing_under_the_non_strict_profile():
    tool = {"type": "function", "function": {"name": "f", "strict": True, "parameters": _with(
        {"type": "string", "maxLength": 5})}}
    assert lint_document(json.dumps(tool), "t.json", "SL602", Config(profiles=["openai"])) == []
    del tool["function"]["strict"]
    (lost,) = lint_document(json.dumps(tool), "t.json", "SL602", Config(profiles=["openai"]))
    assert lost.pointer.endswith("/maxLength") and lost.severity is Severity.WARNING


def test_an_mcp_name_problem_is_one_finding_not_sl402_as_well():
    text = json.dumps(_mcp(OBJECT, name="get user"))
    assert [d.code for d in lint_document(text, "t.json", "SL402")] == ["SL402"]
    config = Config(profiles=["mcp-2025-11-25"], select=["SL402", "SL601"])
    assert [d.code for d in lint_document(text, "t.json", config=config)] == ["SL601"]


TESTED_ELSEWHERE = {"openai-strict/nesting", "openai/tools", "gemini/function-name", "gemini/declarations",
                    "anthropic-strict/strict-tools", "anthropic-strict/optional-parameters",
                    "anthropic-strict/union-parameters", "cursor/tools", "vscode-copilot/tools",
                    "mcp-2025-11-25/unique-names", "mcp-2026-07-28/unique-names"}


def test_every_verified_entry_has_a_tool_it_accepts_and_one_it_refuses():
    covered = {case[0] for case in PER_TOOL} | {case[0] for case in CASES} | TESTED_ELSEWHERE
    assert {entry for entry, s in SOURCES.items() if s.verified} <= covered


def test_an_output_root_under_mcp_2025_11_25_is_one_finding_not_sl018_as_well():
    text = json.dumps(_mcp(OBJECT, outputSchema={"type": "array", "items": {"type": "string"}}))
    assert [d.code for d in lint_document(text, "t.json", config=Config(select=["SL018", "SL601"]))] == ["SL018"]
    config = Config(profiles=["mcp-2025-11-25"], select=["SL018", "SL601"])
    (found,) = lint_document(text, "t.json", config=config)
    assert found.code == "SL601" and found.pointer == "/outputSchema"


@pytest.mark.parametrize(("path", "server"), [("mcp:tickets", "tickets"), ("python:app.tickets_mcp:mcp", "tickets_mcp"),
                                              ("snapshots/search.json", "search"), ("-", "-")])
def test_the_server_a_client_names_comes_from_where_the_tools_were_read(path, server):
    from schema_lint.profiles.checks.clients import request_name

    assert request_name(path) == server
