"""SL203 untyped-property: schemas that accept any value."""

from __future__ import annotations

from lintkit import lint_tool, obj


def test_sl203_flags_schemas_that_accept_any_value():
    schema = obj(a={}, b=True, c={"description": "anything"}, d={"type": "any"}, e={"type": ["string", "any"]},
                 f={"default": 3})
    found = lint_tool(schema, "SL203")
    assert sorted(d.pointer.rsplit("/", 1)[1] for d in found) == ["a", "b", "c", "d", "e", "f"]


def test_sl203_passes_typed_and_structurally_typed_properties():
    schema = obj(a={"type": "string"}, b={"enum": [1, 2]}, c={"const": "x"}, d={"$ref": "#/$defs/D"},
                 e={"anyOf": [{"type": "string"}]}, f={"properties": {"x": {"type": "string"}}},
                 g={"items": {"type": "string"}}, h={"type": "HashMap"}, i={"any_of": [{"type": "NUMBER"}]})
    assert lint_tool(schema, "SL203") == []
