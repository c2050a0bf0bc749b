"""A tool's results schema (MCP `outputSchema`) under the rules about a schema itself, and
left alone by the rules about what a model sends."""

from __future__ import annotations

from lintkit import lint_tool
from rulekit import CLOSED


LOOSE_RESULT = {"type": "object", "properties": {"id": {"type": "str"}, "title": {"type": "string"},
                                                 "owner": {"$ref": "#/$defs/Missing"}}}


def test_the_schema_rules_lint_output_schema_at_its_pointers_and_say_so():
    found = lint_tool(CLOSED, name="get_ticket", outputSchema=LOOSE_RESULT)
    results = sorted((d.code, d.pointer) for d in found if d.pointer.startswith("/outputSchema"))
    assert results == [("SL002", "/outputSchema/properties/owner/$ref"), ("SL005", "/outputSchema/properties/id/type")]
    assert all(d.message.startswith("outputSchema: ") for d in found if d.pointer.startswith("/outputSchema"))


def test_the_rules_about_what_a_model_sends_leave_output_schema_alone():
    # An open object, an unbounded string, no description: fine in a result.
    found = lint_tool(CLOSED, name="get_ticket", outputSchema={"type": "object", "properties": {"title": {"type": "string"}}})
    assert [d for d in found if d.pointer.startswith("/outputSchema")] == []


def test_a_results_schema_is_linted_only_on_mcp_tools():
    # `outputSchema` means nothing beside an OpenAI function's parameters.
    from schema_lint.run.linter import lint_text

    text = '{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}, "outputSchema": {"type": "str"}}}'
    assert [d for d in lint_text(text).diagnostics if "outputSchema" in d.pointer] == []
