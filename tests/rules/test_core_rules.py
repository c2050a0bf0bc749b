"""SL001, SL101, SL201, SL301: failing and passing examples."""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lintkit import lint_tool

from schema_lint.model import Severity

TIGHT = {
    "type": "object",
    "properties": {"title": {"type": "string", "maxLength": 200}},
    "required": ["title"],
    "additionalProperties": False,
}


def test_sl001_reports_each_metaschema_violation_at_its_node():
    schema = {"type": "object", "properties": {"n": {"type": "integer", "minimum": "0"}}, "required": "n"}
    found = lint_tool(schema, "SL001")
    assert sorted(d.pointer for d in found) == ["/inputSchema/properties/n/minimum", "/inputSchema/required"]
    assert lint_tool(TIGHT, "SL001") == []


def test_sl001_reports_one_cause_once_per_place():
    """2020-12's metaschema reaches `properties/a` by several routes; one finding remains."""
    found = lint_tool({"type": "object", "properties": {"a": 1}}, "SL001")
    assert [(d.pointer, d.message) for d in found] == [
        ("/inputSchema/properties/a", 'invalid schema: 1 is not of types "boolean", "object"')]


def test_sl001_leaves_dialect_type_names_to_sl005():
    assert lint_tool({"type": "dict", "properties": {"x": {"type": "float"}}}, "SL001") == []


_TYPE_NAMES = st.sampled_from(["string", "object", "dict", "float", "STRING", "any", "", "tuple", "strin", 5, None])
_SCHEMAS = st.recursive(
    st.fixed_dictionaries({}, optional={
        "type": st.one_of(_TYPE_NAMES, st.lists(_TYPE_NAMES, max_size=3)),
        "minLength": st.sampled_from([1, "5", -1]), "required": st.sampled_from([["a"], "a"]),
        "default": st.fixed_dictionaries({"type": _TYPE_NAMES})}),
    lambda children: st.one_of(
        st.fixed_dictionaries({"properties": st.dictionaries(st.sampled_from(["a", "type", "items"]),
                                                             st.one_of(children, _TYPE_NAMES), max_size=3)},
                              optional={"type": _TYPE_NAMES}),
        st.fixed_dictionaries({"items": st.one_of(children, st.lists(children, max_size=2))}),
        st.fixed_dictionaries({"anyOf": st.lists(children, max_size=2), "$defs": st.dictionaries(
            st.just("d"), children, max_size=1)}),
        st.fixed_dictionaries({"$schema": st.sampled_from(["http://json-schema.org/draft-04/schema#",
                                                           "https://json-schema.org/draft/2019-09/schema",
                                                           "https://json-schema.org/draft/2020-12/schema"]),
                               "definitions": st.dictionaries(st.just("d"), children, max_size=1),
                               "additionalProperties": children})),
    max_leaves=8)


@settings(max_examples=300, deadline=None)
@given(schema=_SCHEMAS)
def test_sl001_finds_the_same_whether_or_not_dialect_types_are_set_aside_first(schema):
    """SL001 first asks whether the schema is valid with the dialect type names it excuses
    replaced; the findings must be those of reading every error one by one."""
    from schema_lint.rules import sl001_invalid_schema as sl001

    quick = [(d.pointer, d.message) for d in lint_tool(schema, "SL001")]
    with mock.patch.object(sl001, "_with_excused_types_standard", lambda _schema: {"type": 5}):
        every_error = [(d.pointer, d.message) for d in lint_tool(schema, "SL001")]
    assert quick == every_error


def test_sl101_missing_required_is_an_error_on_write_and_a_warning_on_read():
    schema = {"type": "object", "properties": {"q": {"type": "string", "description": "Search text (required)."},
                                               "limit": {"type": "integer", "default": 5}}}
    (write,) = lint_tool(schema, "SL101", name="create_item")
    (read,) = lint_tool(schema, "SL101", name="search_items")
    assert (write.severity, read.severity) == (Severity.ERROR, Severity.WARNING)
    assert write.fix.operations[0].value == ["q"]
    assert lint_tool(TIGHT, "SL101") == []


@pytest.mark.parametrize("schema", [
    # nothing calls `q` required
    {"type": "object", "properties": {"q": {"type": "string", "description": "Search text."}}},
    # described as optional
    {"type": "object", "properties": {"q": {"type": "string", "description": "[Optional] Required filters."}}},
    # the object has a default: `{}` must stay valid
    {"type": "object", "default": {}, "properties": {"q": {"type": "string", "description": "Required."}}},
    # a partial update: only the fields that change are sent
    {"type": "object", "properties": {"updates": {"type": "object", "description": "The fields to be updated.",
                                                  "properties": {"title": {"type": "string", "description": "Required."}}}},
     "required": ["updates"]},
    # alternatives
    {"type": "object", "description": "Give issueId or issueUrl.", "properties": {
        "issueId": {"type": "string", "description": "Required."}, "issueUrl": {"type": "string"}}},
    # a branch refines the object it is composed with
    {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"],
     "anyOf": [{"properties": {"b": {"type": "string", "description": "Required."}}}]},
])
def test_sl101_has_no_fix_without_evidence(schema):
    assert [d.fix for d in lint_tool(schema, "SL101", name="create_item")] in ([None], [])


def test_sl101_quiet_when_every_property_has_a_default():
    """Nothing can be missing from a call when every property falls back to a default."""
    defaults = {"type": "object", "properties": {"limit": {"type": "integer", "default": 10},
                                                 "order": {"type": "string", "default": "asc"}}}
    assert lint_tool(defaults, "SL101", name="create_report") == []
    one_without = {**defaults, "properties": {**defaults["properties"], "q": {"type": "string"}}}
    assert [d.pointer for d in lint_tool(one_without, "SL101", name="create_report")] == ["/inputSchema"]


def test_sl101_empty_required_is_intent_on_read_tools_only():
    schema = {**TIGHT, "required": []}
    assert lint_tool(schema, "SL101", name="list_items") == []
    assert [d.pointer for d in lint_tool(schema, "SL101", name="delete_item")] == ["/inputSchema/required"]


def test_sl201_open_object_and_mcp_annotations_decide_severity():
    schema = {**TIGHT}
    del schema["additionalProperties"]
    (found,) = lint_tool(schema, "SL201", name="frobnicate", annotations={"readOnlyHint": True})
    assert found.severity is Severity.WARNING
    assert lint_tool(TIGHT, "SL201") == []
    assert lint_tool({**schema, "unevaluatedProperties": False}, "SL201") == []


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
