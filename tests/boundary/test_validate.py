"""validate: every problem at once, each at the path to change, in words a model can act on."""

from __future__ import annotations

import json
import re

import pytest
from boundary_schemas import TICKET

from schema_lint.boundary import Rejected, SchemaError, Valid, validate


def errors_of(schema, call) -> list[dict]:
    result = validate(schema, call)
    assert isinstance(result, Rejected) and not result.ok
    envelope = result.envelope
    assert envelope["ok"] is False and envelope["retryable"] is True
    assert envelope["error"]["code"] == "SCHEMA_VALIDATION_FAILED"
    for error in envelope["error"]["errors"]:
        assert set(error) == {"path", "reason", "expected", "repair"}
    return envelope["error"]["errors"]


def by_path(errors: list[dict]) -> dict[str, dict]:
    return {e["path"]: e for e in errors}


def test_valid_call():
    call = {"title": "t", "priority": "low", "channel": "console"}
    result = validate(TICKET, call)
    assert isinstance(result, Valid) and result.ok and result.arguments is call


def test_design_example_missing_priority():
    errors = errors_of(TICKET, {"title": "Disk full", "channel": "console"})
    assert errors == [{"path": "$.priority", "reason": "required", "expected": "one of low, normal, high",
                       "repair": "add priority and resubmit the same call"}]


def test_every_error_at_once_each_at_its_own_path():
    call = {"title": "", "channel": "EMAIL", "recipient": "not-an-address", "userId": 7,
            "labels": ["a", "b", "c", "d", "e", "f"]}
    errors = by_path(errors_of(TICKET, call))
    assert {p: e["reason"] for p, e in errors.items()} == {
        "$.priority": "required", "$.title": "minLength", "$.channel": "enum", "$.recipient": "format",
        "$.userId": "additionalProperties", "$.labels": "maxItems"}


def test_enum_lists_every_allowed_value():
    error = by_path(errors_of(TICKET, {"title": "t", "priority": "urgent", "channel": "console"}))["$.priority"]
    assert error["expected"] == "one of low, normal, high"
    assert "priority" in error["repair"]


def test_unknown_key_suggests_the_declared_name_it_misspells():
    error = by_path(errors_of(TICKET, {"title": "t", "priority": "low", "channel": "console", "recipeint": "a@b.c"}))
    assert error["$.recipeint"]["reason"] == "additionalProperties"
    assert "rename it to recipient" in error["$.recipeint"]["repair"]
    assert "priority" in error["$.recipeint"]["expected"]


@pytest.mark.parametrize(("fmt", "bad", "good"), [
    ("email", "nobody", "a@example.com"),
    ("uri", "not a uri", "https://example.com/x"),
    ("date", "2024-13-45", "2024-05-01"),
    ("date-time", "yesterday", "2024-05-01T09:30:00Z"),
    ("uuid", "1234", "123e4567-e89b-12d3-a456-426614174000"),
    ("ipv4", "999.1.1.1", "10.0.0.1"),
])
def test_format_assertions_are_on(fmt, bad, good):
    schema = {"type": "object", "properties": {"v": {"type": "string", "format": fmt}}}
    error = errors_of(schema, {"v": bad})[0]
    assert (error["path"], error["reason"]) == ("$.v", "format")
    assert validate(schema, {"v": good}).ok


@pytest.mark.parametrize(("keyword", "value", "bad", "reason", "words"), [
    ("type", "integer", "x", "type", "an integer"),
    ("const", "page", "pages", "const", "exactly page"),
    ("minLength", 3, "ab", "minLength", "at least 3 characters"),
    ("maxLength", 2, "abc", "maxLength", "at most 2 characters"),
    ("pattern", "^[A-Z]{3}$", "abc", "pattern", "^[A-Z]{3}$"),
    ("minimum", 1, 0, "minimum", "at least 1"),
    ("maximum", 10, 11, "maximum", "at most 10"),
    ("exclusiveMinimum", 0, 0, "exclusiveMinimum", "greater than 0"),
    ("exclusiveMaximum", 5, 5, "exclusiveMaximum", "less than 5"),
    ("multipleOf", 5, 7, "multipleOf", "multiple of 5"),
    ("minItems", 2, [1], "minItems", "at least 2 items"),
    ("maxItems", 1, [1, 2], "maxItems", "at most 1 item"),
    ("uniqueItems", True, [1, 1], "uniqueItems", "without duplicate"),
    ("minProperties", 1, {}, "minProperties", "at least 1 property"),
    ("maxProperties", 1, {"a": 1, "b": 2}, "maxProperties", "at most 1 property"),
    ("contains", {"type": "string"}, [1], "contains", "at least one item that is a string"),
    ("not", {"type": "string"}, "s", "not", "not a string"),
])
def test_every_reason_has_expected_and_repair(keyword, value, bad, reason, words):
    schema = {"type": "object", "properties": {"v": {keyword: value}}}
    error = errors_of(schema, {"v": bad})[0]
    assert (error["path"], error["reason"]) == ("$.v", reason)
    assert words in error["expected"]
    assert error["repair"].endswith("and resubmit the same call") and "v" in error["repair"]


def test_false_schema_property_is_to_be_removed():
    error = errors_of({"type": "object", "properties": {"legacy": False}}, {"legacy": 1})[0]
    assert (error["path"], error["reason"]) == ("$.legacy", "falseSchema")
    assert error["repair"].startswith("remove legacy")


def test_property_names_point_at_the_offending_key():
    error = errors_of({"type": "object", "propertyNames": {"maxLength": 3}}, {"long_name": 1})[0]
    assert (error["path"], error["reason"]) == ("$.long_name", "propertyNames")
    assert "at most 3 characters" in error["expected"]


def test_optional_model_reports_the_nested_problem_not_the_any_of():
    schema = {"type": "object", "properties": {"f": {"anyOf": [{"$ref": "#/$defs/F"}, {"type": "null"}]}},
              "$defs": {"F": {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}}}
    errors = by_path(errors_of(schema, {"f": {"n": "x"}}))
    assert errors["$.f.n"]["reason"] == "type" and errors["$.f.n"]["expected"] == "an integer"


def test_an_optional_field_written_as_any_of_with_null_says_what_its_branch_says():
    schema = {"type": "object", "properties": {"v": {"anyOf": [{"type": "integer"}, {"type": "null"}]}}}
    error = errors_of(schema, {"v": "x"})[0]
    assert (error["path"], error["reason"]) == ("$.v", "type")
    assert error["expected"] == "an integer or null"


def test_an_optional_list_keeps_the_specific_reason_of_a_joined_list():
    schema = {"type": "object", "properties": {
        "tags": {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]}}}
    error = errors_of(schema, {"tags": "a, b"})[0]
    assert (error["path"], error["reason"]) == ("$.tags", "joined-list")


def test_any_of_without_a_closest_branch_lists_the_alternatives():
    schema = {"type": "object", "properties": {"v": {"anyOf": [{"type": "integer"}, {"type": "boolean"}]}}}
    error = errors_of(schema, {"v": "x"})[0]
    assert (error["path"], error["reason"]) == ("$.v", "anyOf")
    assert error["expected"] == "an integer or a boolean"


TARGET = {"anyOf": [
    {"type": "object", "properties": {"email": {"type": "string"}}, "required": ["email"], "additionalProperties": False},
    {"type": "object", "properties": {"channel": {"type": "string"}, "thread": {"type": "integer"}},
     "required": ["channel"], "additionalProperties": False}]}


def test_a_union_of_object_shapes_is_explained_by_the_shape_the_value_has():
    """No discriminator, and both branches are objects: the value meets one shape at its own
    level (its keys, its required members), so that shape's nested error is what is wrong. It
    said "change target to an object", of an object."""
    schema = {"type": "object", "properties": {"target": TARGET}}
    [error] = errors_of(schema, {"target": {"channel": "#ops", "thread": "abc"}})
    assert (error["path"], error["reason"], error["expected"]) == ("$.target.thread", "type", "an integer")


def test_a_value_that_meets_no_shape_at_its_own_level_is_answered_with_the_union():
    schema = {"type": "object", "properties": {"target": TARGET}}
    [error] = errors_of(schema, {"target": {"channel": "#ops", "email": "a@b.c"}})
    assert (error["path"], error["reason"]) == ("$.target", "anyOf")


def test_one_of_matching_twice():
    schema = {"type": "object", "properties": {"v": {"oneOf": [{"type": "integer"}, {"minimum": 0}]}}}
    error = errors_of(schema, {"v": 3})[0]
    assert error["reason"] == "oneOf" and "exactly one" in error["expected"]


def test_nested_and_array_paths():
    schema = {"type": "object", "properties": {"sections": {"type": "array", "items": {
        "type": "object", "properties": {"authors": {"type": "array", "items": {"type": "string"}}}}}}}
    error = errors_of(schema, {"sections": [{"authors": ["a", 5]}]})[0]
    assert error["path"] == "$.sections[0].authors[1]"
    assert error["repair"].startswith("send item 1 of authors as a string")


def test_odd_keys_are_bracket_quoted():
    schema = {"type": "object", "properties": {"content-type": {"type": "string"}}, "additionalProperties": False}
    errors = by_path(errors_of(schema, {"content-type": 1, "x y": 2}))
    assert set(errors) == {'$["content-type"]', '$["x y"]'}


def test_missing_field_expected_comes_from_its_declaration_through_refs():
    schema = {"$ref": "#/$defs/T", "$defs": {"T": {"type": "object", "required": ["when"],
                                                 "properties": {"when": {"type": "string", "format": "date"}}}}}
    error = errors_of(schema, {})[0]
    assert error == {"path": "$.when", "reason": "required", "expected": "a date (YYYY-MM-DD, e.g. 2024-05-01)",
                     "repair": "add when and resubmit the same call"}
    described = {"type": "object", "required": ["mode"], "$defs": {"Mode": {"enum": ["fast", "exact"]}},
                 "properties": {"mode": {"$ref": "#/$defs/Mode", "description": "how hard to look"}}}
    assert errors_of(described, {})[0]["expected"] == "one of fast, exact"


def test_array_of_typed_items_is_described_in_plural():
    schema = {"type": "object", "properties": {"ids": {"type": "array", "items": {"type": "integer"}}},
              "required": ["ids"]}
    assert errors_of(schema, {})[0]["expected"] == "an array of integers"


INTERNAL = re.compile(r"Traceback|File \"|line \d+, in|NoneType|\bdict\b|\bstr\b|\bint\b|\blist\b|\bfloat\b|"
                      r"\bbool\b|0x[0-9a-f]{6,}|jsonschema|ValidationError|schema_lint|#/|\$defs|\$ref")


def test_no_internals_in_any_envelope():
    schema = {"$ref": "#/$defs/T", "$defs": {"T": {
        "type": "object",
        "properties": {"n": {"type": "integer"}, "o": {"anyOf": [{"$ref": "#/$defs/O"}, {"type": "null"}]},
                       "d": {"type": "string", "format": "date-time"}, "e": {"enum": [1, "1", None, True]}},
        "required": ["n", "o", "d", "e"], "additionalProperties": False}, "O": {"type": "object", "required": ["x"]}}}
    calls = [{}, {"n": "x", "o": {}, "d": "now", "e": 2, "zz": None}, [], "text", None, {"n": {"deep": [1]}}]
    for call in calls:
        text = json.dumps(errors_of(schema, call))
        assert not INTERNAL.search(text), text


def test_enum_values_that_would_be_ambiguous_bare_are_quoted():
    schema = {"type": "object", "properties": {"e": {"enum": ["1", 1, "true", "a,b", "plain"]}}}
    assert errors_of(schema, {"e": 2})[0]["expected"] == 'one of "1", 1, "true", "a,b", plain'


def test_non_standard_dialect_is_accepted():
    assert validate({"type": "dict", "properties": {"x": {"type": "float"}}, "required": ["x"]}, {"x": 1}).ok
    assert validate({"type": "OBJECT", "properties": {"x": {"type": "STRING"}}}, {"x": "s"}).ok


def test_unusable_schema_raises_schema_error():
    with pytest.raises(SchemaError, match="cannot compile"):
        validate({"type": "Date"}, {})
    with pytest.raises(SchemaError):
        validate({"$ref": "https://example.com/schema.json"}, {})
