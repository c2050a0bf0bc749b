"""The profile table: every entry has its source, every check cites one, and each documented
refusal, limit and silent loss is shown with a tool it accepts and one it refuses (or, for a
silent loss, drops), for every verified entry of the table."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path

import pytest
from lintkit import lint_document, lint_tool
from rulekit import OBJECT, calls_made, mcp_tool, object_with_id

from schema_lint import profiles as providers
from schema_lint.config import Config
from schema_lint.model import Severity
from schema_lint.profiles.sources import EFFECTS, SOURCES, source

PROVIDER_MODULES = [path for path in Path(providers.__file__).parent.rglob("*.py") if path.name != "sources.py"]


@pytest.mark.parametrize("entry", SOURCES.values(), ids=list(SOURCES))
def test_every_entry_has_a_source_a_quote_and_a_date(entry):
    assert entry.url.startswith("https://")
    assert date.fromisoformat(entry.checked) <= date.today()  # looked up, not planned
    assert entry.effect in EFFECTS
    if entry.verified:
        assert entry.quote.strip() and not entry.searched
    else:
        assert entry.searched.strip() and not entry.quote, "an unverified entry says what was searched, quotes nothing"


def test_every_entry_is_cited_by_a_check_and_every_citation_is_an_entry():
    code = "\n".join(path.read_text() for path in PROVIDER_MODULES)
    cited = set(re.findall(r'"((?:openai|anthropic|gemini|mcp|claude|cursor|vscode)[a-z0-9-]*/[a-z-]+)"', code))
    assert cited == set(SOURCES)


def test_a_finding_ends_with_the_quote_and_the_link_and_rule_sl601_lists_them(capsys):
    (found,) = lint_tool({"type": "object", "properties": {"n": {"type": "integer", "maximum": 5}},
                          "required": ["n"], "additionalProperties": False}, "SL601",
                         config=Config(profiles=["anthropic-strict"]))
    entry = source("anthropic-strict/numeric-bounds")
    assert found.message.endswith(f"“{entry.quote}” {entry.url}")
    from click.testing import CliRunner

    from schema_lint.cli import main

    shown = CliRunner().invoke(main, ["rule", "SL601"]).output
    assert all(e.url in shown and (e.quote in shown if e.verified else e.searched in shown) for e in SOURCES.values())


def test_an_unverified_entry_says_so_in_its_finding():
    (found,) = lint_tool({"type": "object", "properties": {}, "required": [], "additionalProperties": False,
                          "dependencies": {}}, "SL601", config=Config(profiles=["openai-strict"]))
    assert "not verified" in found.message and "`dependencies`" in found.message


def _closed(properties: dict) -> dict:
    return {"type": "object", "properties": properties, "required": list(properties), "additionalProperties": False}


# (entry, profile, a schema the provider accepts, one it refuses for that entry)
PER_TOOL = [
    ("openai-strict/root", "openai-strict", _closed({}), {"anyOf": [_closed({})], **_closed({})}),
    ("openai-strict/additional-properties", "openai-strict", _closed({"a": {"type": "string"}}),
     {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}),
    ("openai-strict/required", "openai-strict", _closed({"a": {"type": ["string", "null"]}}),
     {**_closed({"a": {"type": "string"}}), "required": []}),
    ("openai-strict/composition", "openai-strict", _closed({"a": {"anyOf": [{"type": "string"}, {"type": "null"}]}}),
     _closed({"a": {"allOf": [{"type": "string"}]}})),
    ("openai-strict/format", "openai-strict", _closed({"a": {"type": "string", "format": "email"}}),
     _closed({"a": {"type": "string", "format": "uri"}})),
    ("openai-strict/enum-values", "openai-strict", _closed({"e": {"enum": list(range(1000))}}),
     _closed({"e": {"enum": list(range(1001))}})),
    ("openai-strict/large-enum", "openai-strict", _closed({"e": {"enum": [f"{i:059d}" for i in range(251)]}}),
     _closed({"e": {"enum": [f"{i:060d}" for i in range(251)]}})),
    ("openai-strict/properties", "openai-strict", _closed({f"p{i}": {"type": "string"} for i in range(5000)}),
     _closed({f"p{i}": {"type": "string"} for i in range(5001)})),
    ("openai-strict/string-size", "openai-strict", _closed({"e": {"enum": ["x" * 110_000]}}),
     _closed({"e": {"enum": ["x" * 120_001]}})),
    ("anthropic-strict/recursion", "anthropic-strict",
     {**_closed({"a": {"$ref": "#/$defs/A"}}), "$defs": {"A": _closed({"b": {"type": "string"}})}},
     {**_closed({"a": {"$ref": "#/$defs/A"}}), "$defs": {"A": _closed({"b": {"$ref": "#/$defs/A"}})}}),
    ("anthropic-strict/external-ref", "anthropic-strict", _closed({"a": {"$ref": "#/$defs/A"}}) | {"$defs": {"A": {}}},
     _closed({"a": {"$ref": "https://example.com/a.json"}})),
    ("anthropic-strict/numeric-bounds", "anthropic-strict", _closed({"n": {"type": "integer"}}),
     _closed({"n": {"type": "integer", "minimum": 1}})),
    ("anthropic-strict/string-length", "anthropic-strict", _closed({"s": {"type": "string"}}),
     _closed({"s": {"type": "string", "maxLength": 80}})),
    ("anthropic-strict/array-bounds", "anthropic-strict", _closed({"a": {"type": "array", "minItems": 1}}),
     _closed({"a": {"type": "array", "minItems": 2}})),
    ("anthropic-strict/additional-properties", "anthropic-strict", _closed({}),
     {**_closed({}), "additionalProperties": {"type": "string"}}),
    ("anthropic-strict/format", "anthropic-strict", _closed({"u": {"type": "string", "format": "uri"}}),
     _closed({"u": {"type": "string", "format": "iri"}})),
]


@pytest.mark.parametrize(("entry", "profile", "accepted", "refused"), PER_TOOL, ids=[case[0] for case in PER_TOOL])
def test_each_refusal_accepts_one_tool_and_refuses_another(entry, profile, accepted, refused):
    cite = source(entry).cite()
    config = Config(profiles=[profile])
    assert not [d for d in lint_tool(accepted, "SL601", config=config) if d.message.endswith(cite)]
    assert [d for d in lint_tool(refused, "SL601", config=config) if d.message.endswith(cite)]


def test_openai_strict_nesting_accepts_ten_levels_and_refuses_eleven():
    def nested(levels: int) -> dict:
        schema = _closed({})
        for _ in range(levels - 1):
            schema = _closed({"c": schema})
        return schema

    cite = source("openai-strict/nesting").cite()
    config = Config(profiles=["openai-strict"])
    assert not [d for d in lint_tool(nested(10), "SL601", config=config) if d.message.endswith(cite)]
    assert [d for d in lint_tool(nested(11), "SL601", config=config) if d.message.endswith(cite)]


def test_gemini_function_name_and_declaration_subset():
    declaration = {"name": "transfer_funds", "parameters": {"type": "OBJECT", "properties": {"a": {"type": "STRING"}}}}
    assert lint_document(json.dumps(declaration), "d.json", "SL601") == []
    declaration["name"] = "9transfer"
    (found,) = lint_document(json.dumps(declaration), "d.json", "SL601")
    assert found.message.endswith(source("gemini/function-name").cite())


def _declaration(**fields) -> dict:
    return {"functionDeclarations": [{"name": "get_user", "description": "A function.", **fields}]}


# (entry, profile or None when the definition implies it, file name, accepted document, refused document)
CASES = [
    ("gemini/format", "gemini", "t.json", mcp_tool(object_with_id({"type": "string", "format": "date-time"})),
     mcp_tool(object_with_id({"type": "string", "format": "uri"}))),
    ("gemini-json-schema/root", None, "t.json", _declaration(parametersJsonSchema=OBJECT),
     _declaration(parametersJsonSchema={"type": "array", "items": {"type": "string"}})),
    ("gemini-json-schema/exclusive", None, "t.json", _declaration(parametersJsonSchema=OBJECT),
     _declaration(parametersJsonSchema=OBJECT, parameters={"type": "OBJECT"})),
    ("openai/best-effort", "openai", "t.json", mcp_tool(object_with_id({"type": "string", "enum": ["a"]})),
     mcp_tool(object_with_id({"type": "string", "maxLength": 10}))),
    ("anthropic/best-effort", "anthropic", "t.json", mcp_tool(object_with_id({"type": "string"})),
     mcp_tool(object_with_id({"type": "string", "pattern": "^[a-z]+$"}))),
    ("mcp-2025-11-25/root", "mcp-2025-11-25", "t.json", mcp_tool(OBJECT), mcp_tool({"properties": {}})),
    ("mcp-2025-11-25/output-root", "mcp-2025-11-25", "t.json", mcp_tool(OBJECT, outputSchema={"type": "object"}),
     mcp_tool(OBJECT, outputSchema={"type": "array"})),
    ("mcp-2025-11-25/tool-name", "mcp-2025-11-25", "t.json", mcp_tool(OBJECT, name="admin.tools.list"),
     mcp_tool(OBJECT, name="get user")),
    ("mcp-2026-07-28/root", "mcp-2026-07-28", "t.json", mcp_tool(OBJECT), mcp_tool({"type": "array"})),
    ("mcp-2026-07-28/tool-name", "mcp-2026-07-28", "t.json", mcp_tool(OBJECT, name="a" * 128),
     mcp_tool(OBJECT, name="a" * 129)),
    ("mcp-2026-07-28/header-token", "mcp-2026-07-28", "t.json",
     mcp_tool(object_with_id({"type": "string", "x-mcp-header": "Region"})),
     mcp_tool(object_with_id({"type": "string", "x-mcp-header": "Region:\r\nX"}))),
    ("mcp-2026-07-28/header-unique", "mcp-2026-07-28", "t.json",
     mcp_tool({**OBJECT, "properties": {"a": {"type": "string", "x-mcp-header": "Region"},
                                    "b": {"type": "string", "x-mcp-header": "Zone"}}}),
     mcp_tool({**OBJECT, "properties": {"a": {"type": "string", "x-mcp-header": "Region"},
                                    "b": {"type": "string", "x-mcp-header": "region"}}})),
    ("mcp-2026-07-28/header-type", "mcp-2026-07-28", "t.json",
     mcp_tool(object_with_id({"type": "integer", "x-mcp-header": "Limit"})),
     mcp_tool(object_with_id({"type": "number", "x-mcp-header": "Limit"}))),
    ("mcp-2026-07-28/header-reachable", "mcp-2026-07-28", "t.json",
     mcp_tool(object_with_id({"type": "object", "properties": {"region": {"type": "string", "x-mcp-header": "Region"}}})),
     mcp_tool(object_with_id({"type": "array", "items": {"type": "string", "x-mcp-header": "Region"}}))),
    ("claude-code/tool-name", "claude-code", "srv.json", mcp_tool(OBJECT, name="n" * 54),
     mcp_tool(OBJECT, name="n" * 55)),
]


@pytest.mark.parametrize(("entry", "profile", "path", "accepted", "refused"), CASES, ids=[c[0] for c in CASES])
def test_each_entry_accepts_one_tool_and_refuses_or_drops_another(entry, profile, path, accepted, refused):
    cite = source(entry).cite()
    code = "SL602" if source(entry).silent else "SL601"
    config = Config(profiles=[profile] if profile else [])
    assert not [d for d in lint_document(json.dumps(accepted), path, code, config) if d.message.endswith(cite)]
    assert [d for d in lint_document(json.dumps(refused), path, code, Config(profiles=config.profiles))
            if d.message.endswith(cite)]


def test_only_2025_11_25_restricts_output_schema_to_an_object():
    text = json.dumps(mcp_tool(OBJECT, outputSchema={"type": "array", "items": {"type": "string"}}))
    assert lint_document(text, "t.json", "SL601", Config(profiles=["mcp-2026-07-28"])) == []
    assert lint_document(text, "t.json", "SL601", Config(profiles=["mcp-2025-11-25"])) != []


def test_the_server_name_counts_against_claude_codes_64_characters():
    text = json.dumps(mcp_tool(OBJECT, name="n" * 50))
    config = Config(profiles=["claude-code"])
    assert lint_document(text, "short.json", "SL601", config) == []
    (found,) = lint_document(text, "a_rather_long_server.json", "SL601", config)
    assert "`mcp__a_rather_long_server__` and the name make 77 characters" in found.message
    assert "the name may have at most 37" in found.message


# Request-wide limits: the tools of one list are one request (`ToolContext.request_tools`).

def _request(tools: list[dict]) -> str:
    return json.dumps({"tools": tools})


def _openai_tools(count: int) -> list[dict]:
    return [{"type": "function", "function": {"name": f"t{i}", "parameters": _closed({})}} for i in range(count)]


def _anthropic(name: str, properties: dict, required: list[str] | None = None, strict: bool = True) -> dict:
    schema = {"type": "object", "properties": properties, "required": required if required is not None else [],
              "additionalProperties": False}
    return {"name": name, "input_schema": schema, "strict": strict}


def _limit_findings(text: str, entry: str, config: Config | None = None):
    return [d for d in lint_document(text, "request.json", "SL601", config) if d.message.endswith(source(entry).cite())]


def test_openai_accepts_128_tools_and_refuses_129_once_at_the_first_tool():
    assert _limit_findings(_request(_openai_tools(128)), "openai/tools") == []
    (found,) = _limit_findings(_request(_openai_tools(129)), "openai/tools")
    assert found.pointer == "/tools/0" and "129 tools in this request; the limit is 128" in found.message
    assert "`t0`" in found.message and "and 124 more" in found.message


def _limit_findings_in(text: str, path: str, entry: str):
    return [d for d in lint_document(text, path, "SL601") if d.message.endswith(source(entry).cite())]


def test_a_json_lines_catalogue_is_a_request_per_line_and_a_json_array_one_request():
    tools = _openai_tools(129)
    assert _limit_findings_in("".join(json.dumps(tool) + "\n" for tool in tools), "tools.jsonl", "openai/tools") == []
    (found,) = _limit_findings_in(json.dumps(tools), "tools.json", "openai/tools")
    assert found.pointer == "/0" and "129 tools in this request" in found.message


def test_a_json_lines_line_that_is_a_request_body_is_one_request():
    lines = [json.dumps(tool) for tool in _openai_tools(2)] + [_request(_openai_tools(129))]
    (found,) = _limit_findings_in("\n".join(lines) + "\n", "requests.jsonl", "openai/tools")
    assert found.pointer == "/2/tools/0" and "129 tools in this request" in found.message


def test_a_yaml_stream_is_a_request_per_document():
    documents = [json.dumps(tool) for tool in _openai_tools(129)]
    assert _limit_findings_in("\n---\n".join(documents) + "\n", "tools.yaml", "openai/tools") == []
    (found,) = _limit_findings_in(documents[0] + "\n---\n" + _request(_openai_tools(129)) + "\n", "tools.yaml",
                                  "openai/tools")
    assert found.pointer == "/1/tools/0" and "129 tools in this request" in found.message


def test_gemini_accepts_128_declarations_and_refuses_129():
    def declarations(count: int) -> str:
        return json.dumps({"functionDeclarations": [{"name": f"f{i}", "parameters": {"type": "OBJECT"}}
                                                    for i in range(count)]})

    assert _limit_findings(declarations(128), "gemini/declarations") == []
    assert len(_limit_findings(declarations(129), "gemini/declarations")) == 1


def test_anthropic_counts_strict_tools_only_and_refuses_21():
    tools = [_anthropic(f"t{i}", {}) for i in range(20)] + [_anthropic("loose", {}, strict=False)]
    assert _limit_findings(_request(tools), "anthropic-strict/strict-tools") == []
    tools.append(_anthropic("t20", {}))
    (found,) = _limit_findings(_request(tools), "anthropic-strict/strict-tools")
    assert "21 strict tools" in found.message and "`loose`" not in found.message


def test_anthropic_optional_parameters_add_up_across_the_strict_tools_of_a_request():
    def tools(optional_in_last: int) -> list[dict]:
        six = {f"o{i}": {"type": "string"} for i in range(6)}
        last = {f"o{i}": {"type": "string"} for i in range(optional_in_last)}
        return [_anthropic(f"t{i}", six) for i in range(3)] + [_anthropic("last", last),
                                                               _anthropic("loose", six, strict=False)]

    assert _limit_findings(_request(tools(6)), "anthropic-strict/optional-parameters") == []
    (found,) = _limit_findings(_request(tools(7)), "anthropic-strict/optional-parameters")
    assert found.pointer == "/tools/0" and "25 optional parameters" in found.message
    assert "`last` (7)" in found.message and "`loose`" not in found.message


def test_anthropic_union_parameters_count_after_ref_expansion_nullable_included():
    nullable = {"type": ["string", "null"]}
    shared = {"$defs": {"Pair": {"type": "object", "additionalProperties": False, "required": ["a", "b"],
                                 "properties": {"a": nullable, "b": {"anyOf": [{"type": "integer"}, {"type": "null"}]}}}}}
    first = _anthropic("first", {f"u{i}": nullable for i in range(12)}, [f"u{i}" for i in range(12)])
    # Two references to a definition with two unions: four, although the definition holds two.
    second = _anthropic("second", {"x": {"$ref": "#/$defs/Pair"}, "y": {"$ref": "#/$defs/Pair"}}, ["x", "y"])
    second["input_schema"].update(shared)
    assert _limit_findings(_request([first, second]), "anthropic-strict/union-parameters") == []
    second["input_schema"]["properties"]["z"] = {"$ref": "#/$defs/Pair"}
    second["input_schema"]["required"].append("z")
    (found,) = _limit_findings(_request([first, second]), "anthropic-strict/union-parameters")
    assert "18 parameters with union types" in found.message and "`first` (12), `second` (6)" in found.message


def test_a_configured_profile_makes_every_tool_of_the_request_count():
    tools = [{"name": f"t{i}", "input_schema": _closed({})} for i in range(21)]
    assert _limit_findings(_request(tools), "anthropic-strict/strict-tools") == []
    assert len(_limit_findings(_request(tools), "anthropic-strict/strict-tools",
                               Config(profiles=["anthropic-strict"]))) == 1


def _tools(count: int, name: str = "t{}") -> str:
    return json.dumps({"tools": [mcp_tool(OBJECT, name=name.format(i)) for i in range(count)]})


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


def test_request_wide_limits_take_work_linear_in_the_tools_of_a_request():
    """Each strict tool was once compared field by field with every other: checking a file of
    3,267 tools took 43 s under anthropic-strict, against 4 s without the profile."""
    from schema_lint.profiles.checks import request_limits
    from schema_lint.rule import ToolContext
    from schema_lint.sources.tools import find_tools

    def work(count: int) -> int:
        data = json.loads(_request([_anthropic(f"t{i}", {"o": {"type": "string"}}) for i in range(count)]))
        tools = tuple(find_tools(data, "request"))
        ctx = ToolContext(tools[0], data, profiles=frozenset({providers.ANTHROPIC_STRICT}), group=tools)
        return calls_made(lambda: list(request_limits.check(ctx)))

    assert work(400) < 8 * work(100)


@pytest.mark.parametrize(("path", "server"), [("mcp:tickets", "tickets"), ("python:app.tickets_mcp:mcp", "tickets_mcp"),
                                              ("snapshots/search.json", "search"), ("-", "-")])
def test_the_server_a_client_names_comes_from_where_the_tools_were_read(path, server):
    from schema_lint.profiles.checks.clients import request_name

    assert request_name(path) == server


TESTED_ELSEWHERE = {"openai-strict/nesting", "openai/tools", "gemini/function-name", "gemini/declarations",
                    "anthropic-strict/strict-tools", "anthropic-strict/optional-parameters",
                    "anthropic-strict/union-parameters", "cursor/tools", "vscode-copilot/tools",
                    # The definitions' entries and `oneOf`, each both ways in test_compat.py.
                    "openai/function-name", "openai/root", "anthropic/tool-name", "anthropic/root",
                    "anthropic/property-keys", "openai-strict/one-of"}


def test_every_verified_entry_has_a_tool_it_accepts_and_one_it_refuses():
    covered = {case[0] for case in PER_TOOL} | {case[0] for case in CASES} | TESTED_ELSEWHERE
    assert {entry for entry, s in SOURCES.items() if s.verified} <= covered
