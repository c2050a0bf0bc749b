"""SL014 inapplicable-keyword: keywords the type makes inapplicable."""

from __future__ import annotations

from lintkit import lint_tool, obj


def test_sl014_keywords_that_cannot_apply_are_ignored_and_safely_removed():
    schema = obj(zip={"type": "integer", "maxLength": 5}, name={"type": "string", "minimum": 1},
                 tags={"type": "object", "items": {"type": "string"}}, n={"type": "number", "maximum": 3},
                 i={"type": "integer", "multipleOf": 2}, x={"type": "any", "maxLength": 3})
    found = sorted(d.pointer.split("/properties/")[1] for d in lint_tool(schema, "SL014"))
    assert found == ["name/minimum", "tags/items", "zip/maxLength"]
