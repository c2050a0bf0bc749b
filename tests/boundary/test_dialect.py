"""normalize_dialect: every non-standard type spelling real tool schemas use becomes JSON Schema."""

from __future__ import annotations

import copy
import json

import jsonschema_rs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boundary_schemas import SEARCH

from schema_lint.boundary import Policy, SchemaError, ToolBoundary, normalize_dialect, validate


@pytest.mark.parametrize(("written", "standard"), [
    ("dict", "object"), ("HashMap", "object"), ("OBJECT", "object"), ("Object", "object"),
    ("float", "number"), ("double", "number"), ("NUMBER", "number"), ("BigDecimal", "number"),
    ("int", "integer"), ("long", "integer"), ("Integer", "integer"), ("INTEGER", "integer"),
    ("str", "string"), ("String", "string"), ("STRING", "string"), ("char", "string"),
    ("list", "array"), ("tuple", "array"), ("ArrayList", "array"), ("Array", "array"), ("ARRAY", "array"),
    ("bool", "boolean"), ("Boolean", "boolean"), ("BOOLEAN", "boolean"), ("None", "null"),
])
def test_type_names_map_to_json_schema(written, standard):
    assert normalize_dialect({"type": written}) == {"type": standard}


@pytest.mark.parametrize("written", ["any", "Any", "", "TYPE_UNSPECIFIED"])
def test_any_type_drops_the_keyword(written):
    assert normalize_dialect({"type": written, "description": "x"}) == {"description": "x"}


def test_unknown_names_are_left_for_the_linter_to_report():
    assert normalize_dialect({"type": "Date"}) == {"type": "Date"}


def test_type_lists_are_mapped_and_deduplicated():
    assert normalize_dialect({"type": ["int", "integer", "null"]}) == {"type": ["integer", "null"]}
    assert normalize_dialect({"type": ["str", "any"]}) == {}


@pytest.mark.hostile
@settings(max_examples=200)
@given(written=st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                            lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                                         max_size=3), max_leaves=10),
       openapi=st.booleans())
def test_any_type_value_is_normalized_without_raising(written, openapi):
    """Draft 3 allowed schemas among a `type` list (`["string", {"type": "integer"}]`): a
    dictionary there made `normalize_dialect` raise TypeError out of fuzz, replay and
    `ToolBoundary`. Whatever `type` holds, the boundary compiles it or says why."""
    schema = {"type": "object", "properties": {"v": {"type": written, "nullable": True}}}
    normalize_dialect(schema, openapi)
    try:
        ToolBoundary(schema, name="t", openapi=openapi)
    except SchemaError:
        pass


def test_openapi_nullable_becomes_a_null_type():
    assert normalize_dialect({"type": "STRING", "nullable": True}, openapi=True) == {"type": ["string", "null"]}
    assert normalize_dialect({"type": "string", "nullable": False}, openapi=True) == {
        "type": "string", "nullable": False}


def test_nullable_means_nothing_in_json_schema():
    """Outside OpenAPI's dialect `nullable` is an unknown keyword: left as it is, not read."""
    assert normalize_dialect({"type": "string", "nullable": True}) == {"type": "string", "nullable": True}
    assert normalize_dialect({"type": "STRING", "nullable": True}) == {"type": "string", "nullable": True}


@pytest.mark.parametrize(("written", "standard"), [
    ({"type": "integer", "minimum": 0, "exclusiveMinimum": True}, {"type": "integer", "exclusiveMinimum": 0}),
    ({"type": "number", "maximum": 5, "exclusiveMaximum": False}, {"type": "number", "maximum": 5}),
    ({"type": "number", "exclusiveMaximum": True}, {"type": "number"}),  # no bound beside it: nothing to exclude
    ({"type": "number", "exclusiveMinimum": 3}, {"type": "number", "exclusiveMinimum": 3}),
])
def test_openapi_boolean_exclusive_bounds_become_json_schemas(written, standard):
    assert normalize_dialect(written, openapi=True) == standard
    assert normalize_dialect(written) == written  # JSON Schema's own: left for the linter to report


@given(bound=st.integers(-1000, 1000), sent=st.integers(-1000, 1000))
def test_an_openapi_exclusive_minimum_lets_in_only_what_is_above_it(bound, sent):
    schema = {"type": "object", "properties": {"n": {"type": "integer", "minimum": bound, "exclusiveMinimum": True}}}
    assert (ToolBoundary(schema, openapi=True).check({"n": sent}).status == "valid") is (sent > bound)


@pytest.mark.parametrize(("openapi", "status"), [(False, "rejected"), (True, "valid")])
def test_boundary_accepts_null_for_nullable_only_in_openapi_dialect(openapi, status):
    schema = {"type": "object", "properties": {"memo": {"type": "string", "nullable": True}}}
    assert ToolBoundary(schema, openapi=openapi).check({"memo": None}).status == status
    assert validate(schema, {"memo": None}, openapi=openapi).ok is (status == "valid")


def test_replay_reads_nullable_for_gemini_parameters_only(tmp_path):
    from schema_lint.replay.run import Toolset

    nullable = {"type": "OBJECT", "properties": {"memo": {"type": "STRING", "nullable": True}}}
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps({"tools": [
        {"name": "mcp_note", "description": "d", "inputSchema": nullable},
        {"functionDeclarations": [{"name": "gemini_note", "description": "d", "parameters": nullable}]}]}))
    toolset = Toolset.load([str(tools)], Policy.default())
    assert toolset.boundaries["mcp_note"].check({"memo": None}).status == "rejected"
    assert toolset.boundaries["gemini_note"].check({"memo": None}).status == "valid"


# Gemini's `Schema` is a protocol buffer message: its int64 counts come as strings, and
# its `enum` is a list of strings whatever the type (Vertex AI's `Schema` reference).
_GEMINI_COUNTS = {"type": "OBJECT", "minProperties": "1", "maxProperties": "4", "properties": {
    "rooms": {"type": "ARRAY", "minItems": "1", "maxItems": "3", "items": {"type": "STRING", "minLength": "2"}},
    "note": {"type": "STRING", "nullable": True, "maxLength": "20"},
    "apt": {"type": "INTEGER", "format": "enum", "enum": ["101", "201", "-3"]},
    "ratio": {"type": "NUMBER", "enum": ["0.5", "2"]}}}


def test_gemini_reads_its_int64_counts_and_numeric_enums_as_numbers():
    read = normalize_dialect(_GEMINI_COUNTS, openapi=True)
    assert (read["minProperties"], read["maxProperties"]) == (1, 4)
    rooms = read["properties"]["rooms"]
    assert (rooms["minItems"], rooms["maxItems"], rooms["items"]["minLength"]) == (1, 3, 2)
    assert read["properties"]["note"] == {"type": ["string", "null"], "maxLength": 20}
    assert read["properties"]["apt"]["enum"] == [101, 201, -3]
    assert read["properties"]["ratio"]["enum"] == [0.5, 2]


@pytest.mark.parametrize("schema", [
    {"type": "INTEGER", "enum": ["101", "two"]},  # a word among them: left for the linter to report
    {"type": "INTEGER", "enum": ["1.5"]},  # no integer
    {"type": "STRING", "enum": ["101"]},  # a string's values are strings
    {"type": "ARRAY", "maxItems": "three"},
])
def test_gemini_strings_that_are_no_numbers_of_the_type_stay_as_written(schema):
    assert {k: v for k, v in normalize_dialect(schema, openapi=True).items() if k != "type"} == {
        k: v for k, v in schema.items() if k != "type"}


def test_strings_for_counts_and_numeric_enums_mean_nothing_outside_gemini():
    assert normalize_dialect({"type": "array", "maxItems": "3"}) == {"type": "array", "maxItems": "3"}
    assert normalize_dialect({"type": "integer", "enum": ["1"]}) == {"type": "integer", "enum": ["1"]}


def test_a_gemini_boundary_enforces_its_counts_and_numeric_enum():
    boundary = ToolBoundary(_GEMINI_COUNTS, openapi=True)
    assert boundary.check({"rooms": ["kitchen"], "apt": 101, "ratio": 0.5, "note": None}).status == "valid"
    assert boundary.check({"rooms": ["a1", "b1", "c1", "d1"]}).status == "rejected"
    refused = boundary.check({"apt": 102})
    assert refused.status == "rejected" and "101" in json.dumps(refused.envelope)
    with pytest.raises(SchemaError):
        ToolBoundary(_GEMINI_COUNTS)


def test_replay_builds_a_gemini_tool_with_counts_written_as_strings(tmp_path):
    from schema_lint.replay.run import Toolset

    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps({"functionDeclarations": [{"name": "f", "description": "d", "parameters": _GEMINI_COUNTS}]}))
    toolset = Toolset.load([str(tools)], Policy.default())
    assert toolset.boundaries["f"].check({"rooms": ["kitchen"], "apt": 201}).status == "valid"


def test_every_subschema_position_is_translated():
    schema = {
        "type": "dict",
        "properties": {"a": {"type": "list", "items": {"type": "float"}}},
        "additionalProperties": {"type": "int"},
        "patternProperties": {"^x": {"type": "str"}},
        "$defs": {"d": {"type": "bool"}},
        "anyOf": [{"type": "str"}, {"type": "tuple", "prefixItems": [{"type": "int"}]}],
        "not": {"type": "bool"},
        "items": [{"type": "str"}],
    }
    text = json.dumps(normalize_dialect(schema))
    for name in ('"dict"', '"list"', '"float"', '"int"', '"str"', '"bool"', '"tuple"'):
        assert name not in text


def test_pure_and_identity_on_standard_schemas():
    bfcl = {"type": "dict", "properties": {"n": {"type": "float"}}}
    before = copy.deepcopy(bfcl)
    normalize_dialect(bfcl)
    assert bfcl == before
    assert normalize_dialect(SEARCH) == SEARCH


def test_property_named_type_is_not_mistaken_for_the_keyword():
    schema = {"type": "object", "properties": {"type": {"type": "str"}}}
    assert normalize_dialect(schema) == {"type": "object", "properties": {"type": {"type": "string"}}}


def test_every_corpus_schema_compiles_after_normalizing(corpus):
    failures = []
    for line in (corpus / "tools.jsonl").open(encoding="utf-8"):
        record = json.loads(line)
        schema = record["tool"]
        for step in record["schema_path"]:
            schema = schema[step]
        try:
            jsonschema_rs.validator_for(normalize_dialect(schema), offline=True)
        except (jsonschema_rs.ValidationError, jsonschema_rs.ReferencingError) as exc:
            failures.append((record["uid"], str(exc).splitlines()[0]))
    assert failures == []
