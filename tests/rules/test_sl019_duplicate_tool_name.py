"""SL019 duplicate-tool-name: a name two tools sent together share, once per name, and only
within one request: not across the lines of a JSON Lines catalogue."""

from __future__ import annotations

import json
from pathlib import Path

from lintkit import lint_document
from rulekit import OBJECT, calls_made, mcp_tool

from schema_lint.config import Config, load_config
from schema_lint.model import Severity
from schema_lint.run.linter import Linter


def _anthropic(name: str) -> dict:
    return {"name": name, "description": "A tool.", "input_schema": OBJECT}


def _openai(name: str) -> dict:
    return {"type": "function", "function": {"name": name, "description": "A tool.", "parameters": OBJECT}}


def _gemini(name: str) -> dict:
    return {"name": name, "description": "A tool.", "parameters": {"type": "OBJECT", "properties": {}}}


def _found(text: str, path: str = "tools.json", config: Config | None = None):
    return lint_document(text, path, "SL019", config)


def test_each_format_reports_a_repeated_name_once_at_its_first_tool():
    for text, first, other in [
            (json.dumps({"tools": [mcp_tool(OBJECT, name="a"), mcp_tool(OBJECT, name="a")]}), "/tools/0", "/tools/1"),
            (json.dumps([_anthropic("a"), _anthropic("a")]), "/0", "/1"),
            (json.dumps([_openai("a"), _openai("a")]), "/0/function", "/1")]:
        (found,) = _found(text)
        assert (found.pointer, found.tool, found.severity) == (f"{first}/name", "a", Severity.ERROR)
        assert f"tool name `a` is given to 2 tools of this request, also to the one at {other} on line 1" in found.message
        assert found.fix is None


def test_every_repeated_name_is_reported_with_its_count_and_the_others_lines():
    tools = [mcp_tool(OBJECT, name=n) for n in ["a", "b", "a", "c", "b", "a"]]
    found = _found(json.dumps({"tools": tools}, indent=2))
    assert [(d.pointer, d.span.line) for d in found] == [("/tools/0/name", 4), ("/tools/1/name", 20)]
    assert "`a` is given to 3 tools of this request, also to the ones at /tools/2 on line 36, /tools/5 on line 84:" in found[0].message
    assert "`b` is given to 2 tools" in found[1].message


def test_names_differing_only_in_case_are_different_names():
    assert _found(json.dumps([_anthropic("search"), _anthropic("Search")])) == []


def test_gemini_declarations_of_several_tools_entries_are_one_request():
    body = {"tools": [{"functionDeclarations": [_gemini("a")]}, {"functionDeclarations": [_gemini("b"), _gemini("a")]}]}
    (found,) = _found(json.dumps(body))
    assert found.pointer == "/tools/0/functionDeclarations/0/name"
    assert "/tools/1/functionDeclarations/1" in found.message


def test_a_json_lines_catalogue_repeats_names_across_its_lines_without_a_finding():
    """The same tool, dumped by several frameworks, on several lines: a catalogue, not a request
    (the shared corpus holds hundreds)."""
    lines = [_anthropic("a"), mcp_tool(OBJECT, name="a"), {"uid": "x", "tool": _openai("a")}, _anthropic("a")]
    assert _found("\n".join(json.dumps(line) for line in lines) + "\n", "tools.jsonl") == []


def test_a_json_lines_line_that_is_a_request_is_checked_within_that_line():
    lines = [{"model": "m", "tools": [_anthropic("a"), _anthropic("b"), _anthropic("a")]},
             {"model": "m", "tools": [_anthropic("a"), _anthropic("b")]}, _anthropic("b")]
    (found,) = _found("\n".join(json.dumps(line) for line in lines) + "\n", "requests.jsonl")
    assert found.pointer == "/0/tools/0/name" and "2 tools" in found.message and "/0/tools/2" in found.message


def test_a_yaml_stream_is_a_catalogue_of_documents_and_a_yaml_list_one_request():
    tool = "name: a\ndescription: A tool.\ninputSchema: {type: object}\n"
    assert _found(tool + "---\n" + tool, "tools.yaml") == []
    listed = "".join("- " + tool.replace("\n", "\n  ", 2) for _ in range(2))
    (found,) = _found(listed, "tools.yaml")
    assert found.pointer == "/0/name" and "/1 on line 4" in found.message
    (in_stream,) = _found(tool + "---\n" + listed, "tools.yaml")
    assert in_stream.pointer == "/1/0/name"


def test_request_bodies_and_dataset_records_of_one_array_are_each_apart():
    bodies = [{"tools": [_anthropic("a"), _anthropic("b")]}, {"tools": [_anthropic("a")]}]
    assert _found(json.dumps(bodies)) == []
    records = [{"uid": f"u{i}", "tool": mcp_tool(OBJECT, name="a")} for i in range(3)]
    assert _found(json.dumps(records)) == []


def test_under_an_mcp_profile_the_repeated_name_is_reported_once_by_this_rule():
    text = json.dumps({"tools": [mcp_tool(OBJECT, name="a"), mcp_tool(OBJECT, name="a")]})
    for version in ("mcp-2025-11-25", "mcp-2026-07-28"):
        found = lint_document(text, "server.json", config=Config(select=["SL019", "SL601", "SL602"], profiles=[version]))
        assert [d.code for d in found] == ["SL019"]


def test_comments_and_configuration_silence_it():
    tool = "name: a{comment}\ndescription: A tool.\ninputSchema: {{type: object}}\n"
    listed = "".join("- " + tool.replace("\n", "\n  ", 2) for _ in range(2))
    assert len(_found(listed.format(comment=""), "tools.yaml")) == 1
    assert _found(listed.format(comment="  # schema-lint: ignore[SL019]"), "tools.yaml") == []
    assert _found("# schema-lint: ignore-file[SL019]\n" + listed.format(comment=""), "tools.yaml") == []
    text = json.dumps([_anthropic("a"), _anthropic("a")])
    assert _found(text, config=Config(per_tool_ignores={"a": ["SL019"]})) == []
    assert _found(text, config=Config(per_file_ignores={"tools.json": ["SL0"]})) == []


def test_a_live_server_listing_two_tools_of_one_name():
    from live.livekit import lint_listing

    result = lint_listing([mcp_tool(OBJECT, name="a"), mcp_tool(OBJECT, name="a", description="Another.")],
                          config=Config(select=["SL019"]))
    (found,) = result.diagnostics
    assert (found.path, found.pointer, found.live) == ("mcp:srv/a", "/name", True)
    assert "2 tools of this request, also to the one at /tools/1:" in found.message


def _configured(tmp_path: Path, config_text: str) -> list:
    (tmp_path / ".schema-lint.toml").write_text('select = ["SL019"]\n' + config_text, encoding="utf-8")
    return Linter(load_config(start=tmp_path)).run([str(tmp_path)]).diagnostics


def test_a_configured_request_is_checked_across_its_files_once(tmp_path):
    (tmp_path / "a.json").write_text(json.dumps({"tools": [mcp_tool(OBJECT, name="a"), mcp_tool(OBJECT, name="b")]}))
    (tmp_path / "b.json").write_text(json.dumps([_anthropic("c"), _anthropic("a"), _anthropic("c")]))
    alone = _configured(tmp_path, "")
    assert [(Path(d.path).name, d.pointer) for d in alone] == [("b.json", "/0/name")]
    found = _configured(tmp_path, '[requests.agent]\nfiles = ["a.json", "b.json"]\n')
    assert sorted((Path(d.path).name, d.pointer) for d in found) == [("a.json", "/tools/0/name"), ("b.json", "/0/name")]
    across = next(d for d in found if Path(d.path).name == "a.json")
    # The other tool's file is named, as the run names it, with the line of its name.
    assert across.message.startswith("request `agent`: tool name `a` is given to 2 tools of this request, "
                                     f"also to the one at /1 in {tmp_path / 'b.json'} on line 1: ")
    within = next(d for d in found if Path(d.path).name == "b.json")
    assert "/2 on line 1" in within.message
    request = '[requests.agent]\nfiles = ["a.json", "b.json"]\n'
    assert len(_configured(tmp_path, request + '[per-file-ignores]\n"a.json" = ["SL019"]\n')) == 1


def test_the_names_of_a_request_are_counted_once_not_once_per_tool():
    """Counting the request's names again for each of its tools takes time square in their number."""
    from schema_lint.rule import ToolContext
    from schema_lint.sources.tools import find_tools
    from schema_lint.rules.sl019_duplicate_tool_name import check

    def work(count: int) -> int:
        data = {"tools": [mcp_tool(OBJECT, name=f"t{i % (count - 1)}") for i in range(count)]}
        tools = tuple(find_tools(data, "server"))
        contexts = [ToolContext(tool, data, group=tools) for tool in tools]
        return calls_made(lambda: [list(check(ctx)) for ctx in contexts])

    assert work(1600) < 8 * work(400)


def test_a_namesake_that_is_a_file_of_its_own_is_placed_at_its_root(tmp_path):
    """A tool that is its file's whole content has an empty pointer: the message read 'the one
    at  in b.json'."""
    (tmp_path / "a.json").write_text(json.dumps(mcp_tool(OBJECT, name="a")))
    (tmp_path / "b.json").write_text(json.dumps(mcp_tool(OBJECT, name="a")))
    found = _configured(tmp_path, '[requests.agent]\nfiles = ["a.json", "b.json"]\n')
    first = next(d for d in found if Path(d.path).name == "a.json")
    assert f"also to the one at the root in {tmp_path / 'b.json'} on line 1: " in first.message
