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
