"""SL008 default-violates-schema: defaults and examples checked against their own schema."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lintkit import lint_document, lint_tool, obj

P = "/inputSchema"


def test_sl008_default_and_examples_checked_against_their_own_schema():
    schema = {"type": "object", "properties": {
        "limit": {"type": "integer", "minimum": 1, "maximum": 100, "default": 0, "examples": [10, 500]},
        "email": {"type": "string", "format": "email", "default": "not-an-email"},
        "ok": {"type": "string", "enum": ["a", "b"], "default": "a", "examples": ["b"]},
        "nullable": {"type": "string", "default": None}}}
    found = {d.pointer.removeprefix(f"{P}/properties/"): d for d in lint_tool(schema, "SL008")}
    assert set(found) == {"limit/default", "limit/examples/1", "email/default", "nullable/default"}
    assert all(d.fix is None for d in found.values())
    assert "leave `default` out or let the schema accept null" in found["nullable/default"].message


def test_sl008_resolves_local_refs_and_reads_dialect_types():
    schema = {"type": "dict", "properties": {
        "address": {"$ref": "#/$defs/Address", "default": {"city": 5}},
        "ratio": {"type": "float", "default": "0.5"},
        "payload": {"type": "any", "default": {"x": 1}}},
        "$defs": {"Address": {"type": "object", "properties": {"city": {"type": "string"}}}}}
    found = sorted(d.pointer for d in lint_tool(schema, "SL008"))
    assert found == [f"{P}/properties/address/default", f"{P}/properties/ratio/default"]


def _gemini_document(parameters: dict) -> str:
    return json.dumps({"functionDeclarations": [{"name": "note", "description": "d", "parameters": parameters}]})


def test_sl008_reads_nullable_only_in_openapi_dialect():
    """`nullable: true` lets null in for Gemini `parameters` (OpenAPI 3.0), nowhere else:
    a JSON Schema validator ignores the keyword, so there a null default is refused."""
    memo = {"type": "object", "properties": {"memo": {"type": "string", "nullable": True, "default": None}}}
    assert lint_document(_gemini_document(memo), code="SL008") == []
    [found] = lint_tool(memo, "SL008")
    assert found.pointer == f"{P}/properties/memo/default"
    assert "`nullable: true` is OpenAPI's and JSON Schema validators ignore it: add `\"null\"` to `type`" \
        in found.message  # what zod's OpenAPI target writes: the way to what was meant, not "leave it out"


def test_sl008_leaves_uncompilable_schemas_and_not_branches_alone():
    schema = {"type": "object", "properties": {
        "when": {"type": "Date", "default": 3},
        "far": {"$ref": "https://example.com/x.json", "default": 3},
        "never": {"not": {"type": "string", "default": "x"}}}}
    assert lint_tool(schema, "SL008") == []


_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 300), st.sampled_from(["", "a", "x@y.z", "2024-13-01",
                                                                                      "ab", "Q"]))
_LEAF = st.fixed_dictionaries(
    {"type": st.sampled_from(["string", "integer", "number", "float", "str", "any", "boolean", "Date"])},
    optional={"default": _VALUES, "examples": st.lists(_VALUES, max_size=2), "minimum": st.integers(0, 5),
              "maxLength": st.integers(0, 3), "format": st.sampled_from(["email", "date", "uri"]),
              "enum": st.lists(_VALUES, min_size=1, max_size=3), "nullable": st.booleans(),
              "pattern": st.sampled_from(["^a", "[", "b$"])})
_SCHEMAS = st.fixed_dictionaries(
    {"type": st.sampled_from(["object", "dict"]), "properties": st.dictionaries(st.sampled_from("pqr"), _LEAF,
                                                                               min_size=1)},
    optional={"$schema": st.sampled_from(["https://json-schema.org/draft/2020-12/schema",
                                          "http://json-schema.org/draft-07/schema#",
                                          "http://json-schema.org/draft-04/schema#",
                                          "http://json-schema.org/draft-07/schema", "https://example.com/s", 7]),
              "default": st.sampled_from([{}, {"p": "a"}, {"q": 1}, []])})


@settings(max_examples=150, deadline=None)
@given(schema=_SCHEMAS, gemini=st.booleans())
def test_sl008_on_its_own_finds_what_it_finds_in_place(schema, gemini):
    """A subschema with no reference and no identifier anywhere is compiled on its own
    (three times cheaper than registering the schema and referring into it): findings,
    messages and all, are those of the in-place validators."""
    from schema_lint.rules import sl008_default_violates_schema as sl008

    def findings():
        if gemini:
            return [(d.pointer, d.message) for d in lint_document(_gemini_document(schema), code="SL008")]
        return [(d.pointer, d.message) for d in lint_tool(schema, "SL008")]

    standalone = findings()
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(sl008, "_standalone_schemas", lambda ctx, openapi: None)
        assert standalone == findings()


def test_scalar_defaults_the_schema_accepts_are_judged_without_compiling(monkeypatch):
    """Compiling a validator for each default cost SL008 most of its time, and a one-file run
    12 ms to load jsonschema-rs; `scalar_shortcut` answers the usual ones."""
    from schema_lint.rules import sl008_default_violates_schema as sl008

    compiled = []
    monkeypatch.setattr(sl008, "_compiled", lambda schema, **options: compiled.append(schema))
    schema = {"type": "object", "properties": {
        "days": {"type": "integer", "minimum": 1, "maximum": 14, "default": 3},
        "unit": {"type": "string", "enum": ["C", "F"], "default": "C", "examples": ["F"]},
        "note": {"type": ["string", "null"], "maxLength": 20, "default": None}}}
    assert lint_tool(schema, "SL008") == [] and compiled == []
    rejected = {**schema, "properties": {**schema["properties"], "days": {"type": "integer", "minimum": 1, "default": 0}}}
    lint_tool(rejected, "SL008")
    assert len(compiled) == 1  # the message is jsonschema-rs's: a value rejected is compiled for


def test_a_value_rejected_by_its_type_alone_is_reported_without_compiling(monkeypatch):
    """Most defaults SL008 reports are a null or a number written as text under a `type` that
    refuses it: `scalar_shortcut.rejection` writes jsonschema-rs's message for those."""
    from schema_lint.rules import sl008_default_violates_schema as sl008

    compiled = []
    monkeypatch.setattr(sl008, "_compiled", lambda schema, **options: compiled.append(schema))
    schema = {"type": "object", "properties": {"name": {"type": "string", "maxLength": 9, "default": None},
                                               "rounds": {"type": "integer", "default": "3"}}}
    assert [d.message for d in lint_tool(schema, "SL008")] == [
        'default null of `name` is rejected by its own schema: null is not of type "string" (to mark the argument '
        "optional, leave `default` out or let the schema accept null)",
        'default "3" of `rounds` is rejected by its own schema: "3" is not of type "integer"']
    assert compiled == []


_DRAFT_07 = "http://json-schema.org/draft-07/schema#"


@pytest.mark.parametrize(("schema", "alone"), [
    ({"type": "object", "properties": {"a": {"type": "integer", "default": 1}}}, True),
    ({"$schema": _DRAFT_07, "type": "object", "properties": {"a": {"type": "integer", "default": 1}}}, True),
    ({"type": "object", "properties": {"a": {"$schema": _DRAFT_07, "type": "integer", "default": 1}}}, False),
    ({"$schema": _DRAFT_07, "type": "object", "properties": {"a": {"$schema": _DRAFT_07, "default": 1}}}, False),
    ({"$id": "urn:x", "type": "object", "properties": {"a": {"type": "integer", "default": 1}}}, False),
    ({"type": "object", "properties": {"a": {"type": "integer", "default": 1}, "b": {"$anchor": "b"}}}, False),
    ({"type": "object", "properties": {"a": {"type": "integer", "default": 1}},
      "$defs": {"b": {"$ref": "#/properties/a"}}}, False),
])
def test_a_subschema_is_judged_on_its_own_only_where_nothing_refers_or_names_itself(schema, alone):
    from schema_lint.rules import sl008_default_violates_schema as sl008

    told = []
    standalone = sl008._standalone_schemas
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(sl008, "_standalone_schemas",
                        lambda ctx, openapi: told.append(standalone(ctx, openapi)) or told[-1])
        lint_tool(schema, "SL008")
    assert [found is not None for found in told] == [alone]


def test_a_huge_default_is_written_short_in_the_validator_s_message():
    """jsonschema-rs writes a float as every digit of its exact value: 1.7e308 took 309."""
    schema = obj(n={"type": "integer", "maximum": 10, "default": 1.7e308, "description": "N."})
    (found,) = lint_tool(schema, "SL008")
    assert found.message.endswith("is rejected by its own schema: 1.7e+308 is greater than the maximum of 10")
