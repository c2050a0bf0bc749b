"""SL014 inapplicable-keyword: keywords the type makes inapplicable."""

from __future__ import annotations

from lintkit import lint_tool, obj


def test_sl014_keywords_that_cannot_apply_are_ignored_and_safely_removed():
    schema = obj(zip={"type": "integer", "maxLength": 5}, name={"type": "string", "minimum": 1},
                 tags={"type": "object", "items": {"type": "string"}}, n={"type": "number", "maximum": 3},
                 i={"type": "integer", "multipleOf": 2}, x={"type": "any", "maxLength": 3})
    found = sorted(d.pointer.split("/properties/")[1] for d in lint_tool(schema, "SL014"))
    assert found == ["name/minimum", "tags/items", "zip/maxLength"]


def test_sl014_an_arrays_item_count_on_its_items_is_moved_to_the_array_not_removed():
    """`items: {type: integer, minItems: 5, maxItems: 100}` (a published schema): the author
    meant the array's bounds. Removing them would be safe and lose what was meant; moving them
    tightens, so the fix is unsafe."""
    from schema_lint.model import FixSafety

    from lintkit import fixed_schema

    schema = obj(scores={"type": "array", "items": {"type": "integer", "minItems": 5, "maxItems": 100}},
                 tags={"type": "array", "maxItems": 3, "items": {"type": "string", "maxItems": 9}})
    found = {d.pointer.split("/properties/")[1]: d for d in lint_tool(schema, "SL014")}
    assert set(found) == {"scores/items/minItems", "scores/items/maxItems", "tags/items/maxItems"}
    moved = found["scores/items/minItems"]
    assert moved.fix.safety == FixSafety.UNSAFE and "move `minItems` to the array `scores`" in moved.fix.description
    assert fixed_schema(schema, moved)["properties"]["scores"] == {
        "type": "array", "minItems": 5, "items": {"type": "integer", "maxItems": 100}}
    kept = found["tags/items/maxItems"]  # the array has its own: the one on its items is only ignored
    assert kept.fix.safety == FixSafety.SAFE
    assert fixed_schema(schema, kept)["properties"]["tags"] == {"type": "array", "maxItems": 3, "items": {"type": "string"}}
