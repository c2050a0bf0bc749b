"""SL007 required-undeclared: a required name no property, pattern or branch can supply."""

from __future__ import annotations

import pytest
from lintkit import lint_tool

from schema_lint.model import Severity

P = "/inputSchema"


def test_sl007_points_at_the_undeclared_entry():
    schema = {"type": "object", "properties": {"recipient": {"type": "string"}}, "required": ["recipient", "recipeint"]}
    (found,) = lint_tool(schema, "SL007")
    assert (found.pointer, found.severity) == (f"{P}/required/1", Severity.WARNING)
    assert "`recipeint`" in found.message


def test_sl007_closed_object_can_never_be_satisfied():
    schema = {"type": "object", "properties": {"a": {}}, "required": ["b"], "additionalProperties": False}
    (found,) = lint_tool(schema, "SL007")
    assert found.severity is Severity.ERROR and "no call can satisfy it" in found.message


@pytest.mark.parametrize("schema", [
    {"type": "object", "properties": {"a": {}}, "required": ["a"]},
    {"type": "object", "properties": {"a": {}}, "required": ["x_1"], "patternProperties": {"^x_": {}}},
    {"type": "object", "properties": {"a": {}}, "required": ["b"], "additionalProperties": {"type": "string"}},
    {"type": "object", "properties": {"a": {}}, "required": ["b"], "allOf": [{"properties": {"b": {}}}]},
    {"type": "object", "properties": {"a": {}}, "oneOf": [{"properties": {"c": {}}, "required": ["a", "c"]}]},
    {"type": "object", "properties": {"a": {}}, "required": ["b"], "allOf": [{"$ref": "#/$defs/B"}],
     "$defs": {"B": {"properties": {"b": {}}}}},
    {"type": "object", "properties": {"a": {}}, "required": ["b"], "allOf": [{"$ref": "#/$defs/Missing"}]},
])
def test_sl007_passes_when_the_combination_could_supply_it(schema):
    assert lint_tool(schema, "SL007") == []


@pytest.mark.parametrize("schema", [
    {"type": "object", "required": ["query"]},
    {"required": ["query"]},
    {"type": "object", "properties": {"a": {}}, "if": {"required": ["a"]}, "then": {"required": ["b"]}},
])
def test_sl007_flags_required_with_no_property_declared_anywhere(schema):
    (found,) = lint_tool(schema, "SL007")
    assert found.pointer.endswith("/required/0") and "which no `properties` declares" in found.message


@pytest.mark.parametrize("schema", [
    {"type": "object", "required": ["query"], "additionalProperties": {"type": "string"}},
    {"type": "object", "properties": {"a": {}, "b": {}}, "if": {"required": ["a"]}, "then": {"required": ["b"]}},
    {"type": "string", "required": ["query"]},
])
def test_sl007_quiet_where_the_object_can_supply_the_name_or_is_no_object(schema):
    assert lint_tool(schema, "SL007") == []
