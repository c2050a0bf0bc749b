"""SL403 description-contradicts-schema: prose that says required or optional against the
schema, and the enum a description spells out."""

from __future__ import annotations

from lintkit import lint_tool, obj

from schema_lint.model import FixSafety


def test_sl403_flags_required_and_optional_prose_that_the_schema_contradicts():
    schema = {**obj(key={"type": "string", "description": "API key for NVD access. Required."},
                    pageSize={"type": "integer", "description": "Records per page (optional, defaults to 10)."},
                    q={"type": "string", "description": "The query (required)"}),
              "required": ["pageSize"]}
    found = sorted(d.pointer.rsplit("/", 1)[1] for d in lint_tool(schema, "SL403"))
    assert found == ["key", "pageSize", "q"]


def test_sl403_ignores_conditional_alternative_and_sub_field_prose():
    schema = {**obj(
        email={"type": "string", "description": "Required when channel is email."},
        content={"type": "string", "description": "Either 'content' or 'content_file' must be provided."},
        versions={"type": "string", "description": "JSON array. Each object:\n- name (required): the name\n- date (optional)"},
        cc={"type": ["array", "null"], "items": {"type": "string"}, "description": "Optional carbon-copy addresses."},
        content_file={"type": "string"},
    ), "required": ["versions", "cc"]}
    assert lint_tool(schema, "SL403") == []


def test_sl403_suggests_the_enum_a_description_spells_out():
    schema = obj(order={"type": "string", "description": "Sort order, one of 'asc', 'desc'."},
                 unit={"type": "string", "description": "Either celsius or fahrenheit."},
                 level={"type": "string", "description": "Possible values: low, normal, high."},
                 city={"type": "string", "description": "A city, e.g. one of Paris, Rome."},
                 mode={"type": "string", "enum": ["a", "b"], "description": "One of a, b."})
    found = {d.pointer.rsplit("/", 1)[1]: d for d in lint_tool(schema, "SL403")}
    assert set(found) == {"order", "unit", "level"}
    assert found["level"].fix.operations[0].value == ["low", "normal", "high"]
    assert found["order"].fix.safety is FixSafety.UNSAFE
