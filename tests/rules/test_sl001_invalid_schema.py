"""SL001 invalid-schema: each metaschema violation at its node, once, and dialect type names
left to SL005."""

from __future__ import annotations

import json
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from lintkit import lint_document, lint_tool
from rulekit import TIGHT


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


def test_sl001_excuses_dialect_type_names_without_copying_the_schema():
    """Nearly every BFCL schema spells `dict` and `float`: the shortcut answers it in place."""
    from schema_lint.rules import sl001_invalid_schema

    with mock.patch.object(sl001_invalid_schema, "_with_excused_types_standard") as copy:
        assert lint_tool({"type": "dict", "properties": {"x": {"type": "float"}}}, "SL001") == []
    copy.assert_not_called()


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


def test_sl001_reads_gemini_counts_written_as_strings_as_numbers():
    """Gemini's protobuf JSON writes its int64 counts as strings (`"maxItems": "3"`); a
    JSON Schema tool writing them so is still invalid."""
    rooms = {"type": "ARRAY", "items": {"type": "STRING", "maxLength": "20"}, "minItems": "1", "maxItems": "3"}
    gemini = {"functionDeclarations": [{"name": "f", "description": "d",
                                        "parameters": {"type": "OBJECT", "maxProperties": "2", "properties": {"rooms": rooms}}}]}
    assert lint_document(json.dumps(gemini), code="SL001") == []
    broken = json.dumps(gemini).replace('"maxItems": "3"', '"maxItems": "three"')
    assert [d.pointer for d in lint_document(broken, code="SL001")] == [
        "/functionDeclarations/0/parameters/properties/rooms/maxItems"]
    assert len(lint_tool({"type": "array", "maxItems": "3"}, "SL001")) == 1
