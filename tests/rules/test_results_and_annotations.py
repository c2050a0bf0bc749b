"""A tool's results schema (MCP `outputSchema`) under the rules about a schema itself,
SL018 output-root-not-object, and SL502 invalid-annotations."""

from __future__ import annotations

import pytest
from lintkit import lint_tool

from schema_lint.model import Severity

CLOSED = {"type": "object", "properties": {"q": {"type": "string", "maxLength": 9, "description": "Q."}},
          "required": ["q"], "additionalProperties": False}
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


@pytest.mark.parametrize(("schema", "said"), [
    ({"type": "array", "items": {"type": "string"}}, "the root is `type: array`"),
    ({"$ref": "#/$defs/Result", "$defs": {"Result": {"type": "object"}}}, "the root has no `type`"),
    ({"type": ["object", "null"]}, "the root has `type: ['object', 'null']`"),
    (True, "`True` as a schema"),
])
def test_sl018_flags_a_results_root_that_is_not_an_object(schema, said):
    (found,) = lint_tool(CLOSED, "SL018", name="get_ticket", outputSchema=schema)
    assert (found.pointer, found.severity) == ("/outputSchema", Severity.WARNING)
    assert said in found.message


def test_sl018_passes_an_object_root_and_ignores_input_schemas():
    assert lint_tool({"type": "array"}, "SL018", name="get_ticket", outputSchema={"type": "object"}) == []
    assert lint_tool({"type": "array"}, "SL018", name="get_ticket") == []


def test_sl502_flags_unknown_keys_and_hints_that_are_not_booleans():
    found = lint_tool(CLOSED, "SL502", name="get_ticket", annotations={
        "readonlyHint": True, "category": "tickets", "openWorldHint": "true", "title": 3, "idempotentHint": False})
    by_pointer = {d.pointer: d for d in found}
    assert sorted(by_pointer) == ["/annotations/category", "/annotations/openWorldHint", "/annotations/readonlyHint",
                                  "/annotations/title"]
    assert "did you mean `readOnlyHint`?" in by_pointer["/annotations/readonlyHint"].message
    assert by_pointer["/annotations/readonlyHint"].at_key
    assert by_pointer["/annotations/category"].severity is Severity.INFO
    assert by_pointer["/annotations/openWorldHint"].severity is Severity.WARNING


@pytest.mark.parametrize(("name", "annotations", "hint"), [
    ("delete_file", {"readOnlyHint": True}, "readOnlyHint"),
    ("drop_table", {"destructiveHint": False}, "destructiveHint"),
    ("purgeCache", {"readOnlyHint": False, "destructiveHint": False}, "destructiveHint"),
])
def test_sl502_flags_a_hint_that_the_names_destroying_verb_contradicts(name, annotations, hint):
    (found,) = lint_tool(CLOSED, "SL502", name=name, annotations=annotations)
    assert (found.pointer, found.severity) == (f"/annotations/{hint}", Severity.ERROR)


@pytest.mark.parametrize(("name", "annotations"), [
    ("get_file", {"readOnlyHint": True, "title": "Get a file", "openWorldHint": False}),
    ("open_nodes", {"readOnlyHint": True}),  # a soft write verb: no contradiction
    ("delete_file", {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True}),
])
def test_sl502_passes_well_formed_annotations_that_fit_the_name(name, annotations):
    assert lint_tool(CLOSED, "SL502", name=name, annotations=annotations) == []


def test_a_contradicted_hint_no_longer_lowers_the_severities():
    schema = {"type": "object", "properties": {"path": {"type": "string", "maxLength": 9, "description": "P."}},
              "required": ["path"]}
    (trusted,) = lint_tool(schema, "SL201", name="remove_file_if_safe_tool", annotations={"readOnlyHint": False,
                                                                                        "destructiveHint": True})
    (contradicted,) = lint_tool(schema, "SL201", name="delete_file", annotations={"readOnlyHint": True})
    (agreed,) = lint_tool(schema, "SL201", name="get_file", annotations={"readOnlyHint": True})
    assert (trusted.severity, contradicted.severity, agreed.severity) == (Severity.ERROR, Severity.ERROR,
                                                                          Severity.WARNING)


def test_schema_lint_rule_explains_both_rules():
    from click.testing import CliRunner

    from schema_lint.cli import main

    for code, words in (("SL018", "Currently restricted to type"), ("SL502", "openWorldHint")):
        result = CliRunner().invoke(main, ["rule", code])
        assert result.exit_code == 0 and words in result.output
