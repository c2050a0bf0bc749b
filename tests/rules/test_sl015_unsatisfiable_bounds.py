"""SL015 unsatisfiable-bounds: bounds no value can meet."""

from __future__ import annotations

from lintkit import lint_tool, obj


def test_sl015_unsatisfiable_bounds():
    schema = obj(a={"type": "integer", "minimum": 10, "maximum": 5}, b={"type": "string", "minLength": 3, "maxLength": 2},
                 c={"type": "number", "exclusiveMinimum": 5, "maximum": 5}, d={"type": "number", "minimum": 5, "maximum": 5},
                 e={"type": "object", "required": ["x", "y"], "maxProperties": 1})
    found = sorted(d.pointer.split("/properties/")[1] for d in lint_tool(schema, "SL015"))
    assert found == ["a/minimum", "b/minLength", "c/exclusiveMinimum", "e/maxProperties"]


def test_a_property_named_the_empty_string_is_named_so_not_the_root():
    (found,) = lint_tool(obj(**{"": {"type": "string", "minLength": 9, "maxLength": 5}}), "SL015")
    assert found.message.startswith('`""`: ') and "(root)" not in found.message


def test_draft_04_boolean_exclusive_bounds_open_their_bound():
    schema = obj(a={"type": "integer", "minimum": 3, "maximum": 3, "exclusiveMinimum": True},
                 b={"type": "integer", "minimum": 3, "maximum": 3, "exclusiveMaximum": True},
                 c={"type": "integer", "minimum": 3, "maximum": 3, "exclusiveMinimum": False},
                 d={"type": "integer", "minimum": 3, "maximum": 4, "exclusiveMinimum": True})
    found = sorted(d.pointer.split("/properties/")[1] for d in lint_tool(schema, "SL015"))
    assert found == ["a/minimum", "b/minimum"]
