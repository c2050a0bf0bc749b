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
