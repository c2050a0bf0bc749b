"""SL202 loose-union: a scalar-or-array union narrowed to the array, null kept."""

from __future__ import annotations

from lintkit import fixed_schema, lint_tool, obj

from schema_lint.model import FixSafety


def test_sl202_flags_scalar_or_array_unions_and_narrows_to_the_array_keeping_null():
    # Azure DevOps' search_code `project`: a string or an array of strings, or null.
    schema = obj(project={"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}, {"type": "null"}]})
    (found,) = lint_tool(schema, "SL202")
    assert found.pointer.endswith("/project/anyOf")
    assert fixed_schema(schema, found)["properties"]["project"]["anyOf"] == [
        {"type": "array", "items": {"type": "string"}}, {"type": "null"}]


def test_sl202_type_lists_and_integer_elements_of_number_arrays():
    schema = obj(ids={"type": ["integer", "array"], "items": {"type": "number"}}, tags={"type": ["string", "array"]})
    found = {d.pointer.split("/")[-2]: d for d in lint_tool(schema, "SL202")}
    assert set(found) == {"ids", "tags"}
    assert fixed_schema(schema, found["tags"])["properties"]["tags"] == {"type": "array", "items": {"type": "string"}}


def test_sl202_passes_unrelated_unions_and_gives_no_fix_when_narrowing_drops_a_type():
    schema = obj(value={"anyOf": [{"type": "string"}, {"type": "integer"}]},
                 when={"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "integer"}}]})
    assert lint_tool(schema, "SL202") == []
    mixed = obj(x={"anyOf": [{"type": "string"}, {"type": "boolean"}, {"type": "array", "items": {"type": "string"}}]})
    (found,) = lint_tool(mixed, "SL202")
    assert found.fix is None


def test_sl202_narrowing_without_recorded_calls_is_a_suggestion():
    """"A label or a list of labels": the union says a single value is taken, and a `--fix` that
    narrowed it refused `"bug"` wherever no boundary canonicalizes it."""
    schema = obj(labels={"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
                         "description": "A label or a list of labels."})
    (found,) = lint_tool(schema, "SL202")
    assert found.fix.safety is FixSafety.SUGGESTION and "confirm callers send arrays" in found.fix.description


def test_a_value_or_an_array_of_it_is_read_through_references():
    tag = {"type": "string", "maxLength": 20, "description": "A tag."}
    for holder in ("$defs", "definitions"):
        schema = {"type": "object", "properties": {"tags": {"description": "Tags.", "oneOf": [
            {"$ref": f"#/{holder}/Tag"}, {"type": "array", "items": {"$ref": f"#/{holder}/Tag"}, "maxItems": 10}]}},
            holder: {"Tag": tag}}
        (found,) = lint_tool(schema, "SL202")
        assert "a string or an array of them" in found.message
