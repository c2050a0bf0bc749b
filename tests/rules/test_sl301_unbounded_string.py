"""SL301 unbounded-string: only strings nothing bounds."""

from __future__ import annotations

from lintkit import lint_tool


def test_sl301_flags_only_unbounded_strings():
    schema = {"type": "object", "properties": {
        "free": {"type": "string"},
        "tags": {"type": "array", "items": {"type": "string"}},
        "email": {"type": "string", "format": "email"},
        "code": {"type": "string", "pattern": "^[A-Z]{3}$"},
        "loose": {"type": "string", "pattern": "[A-Z]{3}"},
        "kind": {"type": "string", "enum": ["a", "b"]},
    }}
    found = lint_tool(schema, "SL301")
    assert sorted(d.pointer.rsplit("/properties/", 1)[1] for d in found) == ["free", "loose", "tags/items"]


def test_a_maps_values_are_named_as_its_values_not_as_the_map():
    (found,) = lint_tool({"type": "object", "additionalProperties": {"type": "string"}}, "SL301")
    assert found.message.startswith("string `*` ")
    (found,) = lint_tool({"type": "object", "additionalProperties": False, "properties": {
        "env": {"type": "object", "patternProperties": {"^[A-Z_]+$": {"type": "string"}}}}}, "SL301")
    assert found.message.startswith("string `env.*` ")


def test_a_maps_keys_are_no_text_to_bound_and_are_named_as_keys():
    """zod 4 writes `propertyNames: {type: string}` for every record: SL301 called it "string
    `filters`", an object, and asked for a length nobody picks for names."""
    from schema_lint.schema.walk import SchemaNode, label

    record = {"type": "object", "properties": {"filters": {
        "type": "object", "propertyNames": {"type": "string"}, "additionalProperties": {"type": "string"}}}}
    assert [d.message.split(" has")[0] for d in lint_tool(record, "SL301")] == ["string `filters.*`"]
    filters = SchemaNode(record["properties"]["filters"], "/properties/filters", SchemaNode(record, ""), "properties",
                         "filters")
    keys = SchemaNode({"type": "string"}, "/properties/filters/propertyNames", filters, "propertyNames")
    assert label(keys) == "filters.(keys)"
