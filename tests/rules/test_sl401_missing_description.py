"""SL401 missing-description: tools without one are a warning, properties information."""

from __future__ import annotations

import json

import pytest
from lintkit import lint_document, lint_tool, obj
from rulekit import DESCRIBED

from schema_lint.model import Severity


def test_sl401_tool_without_description_is_a_warning_at_its_definition():
    tool = {"type": "function", "function": {"name": "search", "parameters": DESCRIBED}}
    (found,) = lint_document(json.dumps({"tools": [tool]}), code="SL401")
    assert (found.pointer, found.severity) == ("/tools/0/function", Severity.WARNING)


@pytest.mark.parametrize("description", ["", "   "])
def test_sl401_blank_tool_description_counts_as_none(description):
    (found,) = lint_tool(DESCRIBED, "SL401", description=description)
    assert found.pointer == ""


def test_sl401_properties_without_description_are_information():
    schema = {"type": "object", "properties": {
        "q": {"type": "string"}, "described": {"type": "string", "description": "d"},
        "address": {"$ref": "#/$defs/Address"}},
        "$defs": {"Address": {"type": "object", "description": "Where to ship."}}}
    (found,) = lint_tool(schema, "SL401")
    assert (found.pointer, found.severity, found.at_key) == ("/inputSchema/properties/q", Severity.INFO, True)
    assert lint_tool(DESCRIBED, "SL401") == []


def test_sl401_names_a_tools_undescribed_properties_in_one_finding():
    schema = {"type": "object", "properties": {name: {"type": "string"} for name in "abcdefg"}}
    (found,) = lint_tool(schema, "SL401")
    assert found.pointer == "/inputSchema/properties/a"
    assert found.message == "7 properties have no description: `a`, `b`, `c`, `d`, `e` and 2 more"


def test_sl401_an_unused_definition_neither_hides_nor_counts_in_the_finding():
    # The finding stands at its first undescribed property; one in an unused `$defs` entry
    # (where nothing is reported) took every other property's finding down with it.
    schema = {"$defs": {"X": obj(a={"type": "string"})}, "type": "object",
              "properties": {"user_id": {"type": "string"}}, "required": ["user_id"]}
    (found,) = lint_tool(schema, "SL401")
    assert (found.pointer, found.message) == ("/inputSchema/properties/user_id", "property `user_id` has no description")


def test_sl401_counts_the_properties_of_a_used_definition():
    schema = {"$defs": {"X": obj(a={"type": "string"})}, "type": "object",
              "properties": {"x": {"$ref": "#/$defs/X"}, "user_id": {"type": "string"}}}
    (found,) = lint_tool(schema, "SL401")
    assert found.message == "3 properties have no description: `$defs.X.a`, `x`, `user_id`"


def test_sl401_builds_no_reference_index_for_a_tool_without_a_reference():
    """Only a reference can describe an undescribed property: in a tool with none (most), no
    reference index is built to look for one; in a tool with one, the reference still counts."""
    from schema_lint.rule import ToolContext
    from schema_lint.rules.sl401_missing_description import check
    from schema_lint.sources.tools import find_tools

    def checked(schema):
        (tool,) = find_tools({"name": "t", "description": "T.", "inputSchema": schema}, "t")
        ctx = ToolContext(tool, schema)
        return [finding.message for finding in check(ctx)], "refs" in vars(ctx)

    assert checked(obj(q={"type": "string"})) == (["property `q` has no description"], False)
    referring = {**obj(q={"$ref": "#/$defs/Q"}), "$defs": {"Q": {"type": "string", "description": "A query."}}}
    assert checked(referring) == ([], True)


def test_a_property_of_each_branch_of_a_union_is_named_once():
    shape = {"type": "object", "properties": {"kind": {"type": "string"}}}
    schema = {"type": "object", "description": "x", "properties": {"location": {
        "description": "Where.", "anyOf": [shape, {**shape, "properties": {**shape["properties"],
                                                                            "room": {"type": "string"}}}]}}}
    (found,) = lint_tool(schema, "SL401")[-1:]
    assert found.message == "2 properties have no description: `location.kind`, `location.room`"


def test_sl401_arguments_the_tools_docstring_documents_are_described():
    """The mcp SDK copies a function's docstring into the tool's description whole: the model
    reads each argument's `Args:` entry there. Linted live, such a server's arguments were all
    reported undescribed; through `--python` they were not."""
    description = "Refund a payment.\n\nArgs:\n    amount: How much to refund.\n    currency (str): ISO code.\n"
    schema = {"type": "object", "properties": {
        "amount": {"type": "number"}, "currency": {"type": "string"}, "payment_id": {"type": "string"},
        "address": {"type": "object", "properties": {"amount": {"type": "string"}}, "description": "Where."}}}
    (found,) = lint_tool(schema, "SL401", description=description)
    assert found.message == "2 properties have no description: `payment_id`, `address.amount`"
    (bare,) = lint_tool(schema, "SL401", description="Refund a payment.")
    assert "`amount`, `currency`, `payment_id`" in bare.message
