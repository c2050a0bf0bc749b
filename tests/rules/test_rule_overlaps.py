"""Where rules meet: one problem is one finding (a provider's rule supersedes the general rule
it restates, and only where it was reported), and rules that read one notion read it alike."""

from __future__ import annotations

import json

import pytest
from lintkit import lint_document, lint_tool, obj
from rulekit import OBJECT, mcp_tool

from schema_lint.config import Config
from schema_lint.model import FixSafety
from schema_lint.run.linter import lint_text


def test_an_open_object_under_openai_strict_is_one_finding_sl601s_with_the_fix():
    schema = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"],
              "allOf": [{"required": ["a"]}]}
    (plain,) = lint_tool(schema, "SL201")
    assert "unevaluatedProperties" in plain.message and plain.fix.safety is FixSafety.SUGGESTION
    config = Config(profiles=["openai-strict"], select=["SL201", "SL601"])
    open_object = [d for d in lint_text(json.dumps({"name": "t", "description": "A tool.", "inputSchema": schema}),
                                        "tool.json", config).diagnostics if "additionalProperties" in d.message]
    assert [d.code for d in open_object] == ["SL601"]
    assert open_object[0].fix.operations[0].path == "/inputSchema/additionalProperties"


def test_with_sl601_off_sl201_reports_the_open_object_again():
    schema = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}
    config = Config(profiles=["openai-strict"], select=["SL201"])
    found = lint_text(json.dumps({"name": "t", "description": "A tool.", "inputSchema": schema}), "tool.json",
                      config).diagnostics
    assert [d.code for d in found] == ["SL201"]


def test_a_missing_required_under_openai_strict_is_one_sl601_finding_at_every_depth():
    schema = {"type": "object", "additionalProperties": False, "properties": {
        "a": {"type": "string"},
        "inner": {"type": "object", "additionalProperties": False, "required": [],
                  "properties": {"b": {"type": "string"}}}}}
    config = Config(profiles=["openai-strict"], select=["SL101", "SL201", "SL601"])
    found = lint_text(json.dumps({"name": "create_t", "description": "A tool.", "inputSchema": schema}),
                      "tool.json", config).diagnostics
    assert sorted((d.code, d.pointer) for d in found) == [
        ("SL601", "/inputSchema"), ("SL601", "/inputSchema/properties/inner")]
    assert all(d.fix is not None for d in found)


def test_an_mcp_name_problem_is_one_finding_not_sl402_as_well():
    text = json.dumps(mcp_tool(OBJECT, name="get user"))
    assert [d.code for d in lint_document(text, "t.json", "SL402")] == ["SL402"]
    config = Config(profiles=["mcp-2025-11-25"], select=["SL402", "SL601"])
    assert [d.code for d in lint_document(text, "t.json", config=config)] == ["SL601"]


def test_an_output_root_under_mcp_2025_11_25_is_one_finding_not_sl018_as_well():
    text = json.dumps(mcp_tool(OBJECT, outputSchema={"type": "array", "items": {"type": "string"}}))
    assert [d.code for d in lint_document(text, "t.json", config=Config(select=["SL018", "SL601"]))] == ["SL018"]
    config = Config(profiles=["mcp-2025-11-25"], select=["SL018", "SL601"])
    (found,) = lint_document(text, "t.json", config=config)
    assert found.code == "SL601" and found.pointer == "/outputSchema"


@pytest.mark.parametrize("pattern", ["^[a-z]+$", "^a|b$", "^a$|^b$", "^=+[a-z]", "a\\$", "^a\\\\$"])
def test_sl301_and_sl306_agree_on_what_an_anchored_pattern_is(pattern):
    # (a literal prefix such as `^=` is a starts-with test SL306 accepts; SL301 still sees no bound)
    schema = obj(code={"type": "string", "pattern": pattern})
    assert bool(lint_tool(schema, "SL301")) == bool(lint_tool(schema, "SL306"))
