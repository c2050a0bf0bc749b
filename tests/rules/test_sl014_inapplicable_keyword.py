"""SL014 inapplicable-keyword: keywords the type makes inapplicable."""

from __future__ import annotations

import pytest
from lintkit import lint_tool, obj

from schema_lint.model import FixSafety


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


@pytest.mark.parametrize("description, items, keyword", [
    ("Tags, as many as you like. Each tag is at most 5 characters.", {"type": "string", "maxItems": 5}, "maxItems"),
    ("Zero or more country codes (two letters each).", {"type": "string", "minItems": 2}, "minItems"),
    ("Coordinates; the list may be empty.", {"type": "number", "minItems": 1}, "minItems"),
    ("Orders (no limit).", {"type": "object", "maxItems": 3}, "maxItems"),
    ("Tags; duplicates are collapsed server-side.", {"type": "string", "uniqueItems": True}, "uniqueItems"),
    ("Stops on the route; an empty route is allowed.", {"type": "string", "minItems": 1}, "minItems"),
    ("Filters; [] is fine and means no filtering.", {"type": "string", "minItems": 1}, "minItems"),
    ("Polygon points. A single point is fine too.", {"type": "string", "minItems": 3}, "minItems"),
    ("Labels, limited to 5 words apiece.", {"type": "string", "maxItems": 5}, "maxItems"),
])
def test_sl014_only_suggests_the_move_where_the_words_say_the_count_was_not_the_arrays(description, items, keyword):
    """`maxItems: 5` on the items of "Tags, as many as you like. Each tag is at most 5
    characters" was moved to the array: a length written as a count became a limit of five tags."""
    from schema_lint.model import FixSafety

    schema = obj(tags={"type": "array", "description": description, "items": items})
    (found,) = lint_tool(schema, "SL014")
    assert found.fix.safety is FixSafety.SUGGESTION and f"move `{keyword}`" in found.fix.description


@pytest.mark.parametrize("keyword, value, description", [
    ("maxItems", 5, "Tasks to run; more are queued for the next run."),
    ("maxItems", 100, "Ids to fetch; larger lists are split into batches."),
    ("minItems", 1, "Labels to set. Send [] to remove every label."),
    ("minItems", 2, "Coordinates; one coordinate alone marks a point."),
    ("uniqueItems", True, "Options to draw from; repeat an option to weight it."),
])
def test_sl014_no_move_where_the_words_handle_more_none_one_or_repeats(keyword, value, description):
    schema = obj(items_={"type": "array", "description": description, "items": {"type": "string", keyword: value}})
    found = lint_tool(schema, "SL014")
    assert found and all(each.fix is None or each.fix.safety is FixSafety.SUGGESTION for each in found)
