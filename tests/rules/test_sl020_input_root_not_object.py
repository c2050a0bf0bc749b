"""SL020 input-root-not-object: an MCP `inputSchema` whose root is not `type: "object"`,
which clients refuse (the whole listing with it); only MCP tools, only the root."""

from __future__ import annotations

import json

import pytest
from lintkit import apply_fix, lint_document, lint_tool

from schema_lint.config import Config
from schema_lint.model import FixSafety, Severity

DRAFT_07 = {"$schema": "http://json-schema.org/draft-07/schema#"}


@pytest.mark.parametrize(("schema", "said"), [
    (DRAFT_07, "`inputSchema` has no `type`"),  # @modelcontextprotocol/server-github 0.6.2's read tools
    ({"properties": {"q": {"type": "string"}}}, "`inputSchema` has no `type`"),
    ({"type": "array", "items": {"type": "string"}}, '`inputSchema` is `type: "array"`'),
    ({"type": ["object", "null"]}, '`inputSchema` is `type: ["object", "null"]`'),
    (True, "`true` as `inputSchema`"),
])
def test_sl020_flags_an_mcp_input_root_that_is_not_an_object(schema, said):
    (found,) = lint_tool(schema, "SL020", name="search_repositories")
    assert (found.pointer, found.severity) == ("/inputSchema", Severity.ERROR)
    assert said in found.message and "clients refuse the listing" in found.message


def test_sl020_adds_the_type_only_where_there_is_none_as_a_tightening_fix():
    # Unsafe by the letter: a value that is no object was valid before (MCP clients never send one).
    (found,) = lint_tool(DRAFT_07, "SL020", name="search_repositories")
    assert found.fix.safety is FixSafety.UNSAFE
    tool = {"name": "search_repositories", "inputSchema": DRAFT_07}
    assert apply_fix(tool, found.fix)["inputSchema"] == {**DRAFT_07, "type": "object"}
    assert lint_tool({**DRAFT_07, "type": "object"}, "SL020") == []
    (other,) = lint_tool({"type": "array"}, "SL020")
    assert other.fix is None  # what the arguments are is the server's code to decide


def test_sl020_passes_an_object_root_and_leaves_other_dialects_alone():
    assert lint_tool({"type": "object"}, "SL020") == []
    assert lint_tool({"type": "object", "properties": {"x": {"properties": {}}}}, "SL020") == []  # only the root
    untyped = {"properties": {"q": {"type": "string"}}}
    others = [{"type": "function", "function": {"name": "get_x", "parameters": untyped}},  # OpenAI
              {"name": "get_x", "input_schema": untyped},  # Anthropic
              untyped]  # a bare JSON Schema
    for document in others:
        assert lint_document(json.dumps(document), "t.json", "SL020") == []


@pytest.mark.parametrize("profile", ["mcp-2025-11-25", "mcp-2026-07-28"])
def test_an_mcp_profile_reports_the_root_once_as_sl601(profile):
    config = Config(profiles=[profile], select=["SL020", "SL601"])
    assert [d.code for d in lint_tool(DRAFT_07, config=config)] == ["SL601"]
