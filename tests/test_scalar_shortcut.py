"""`scalar_shortcut` answers only what jsonschema-rs would answer.

A wrong True hides a default its schema rejects from SL008, and lets a fix that rejects a
value the schema states through the gate; a wrong False invents a finding, or withholds a
good fix. So every answer it gives is checked against a validator jsonschema-rs compiles
(format assertions on, as SL008 and the gate compile theirs) under each bundled dialect,
on subschemas built from the keywords it judges, the keywords it leaves to jsonschema-rs,
keywords of objects and arrays, and keywords no draft defines.
"""

from __future__ import annotations

import jsonschema_rs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from schema_lint.schema.keywords import declared_draft
from schema_lint.schema.offline import BUNDLED_DIALECTS
from schema_lint.schema.scalar_shortcut import accepts, rejection

_SCALAR = (st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from([0.5, 1.0, -0.0, 2.0, 2**53 + 1, 1e300])
           | st.text(alphabet="ab\u00e9\U0001f600", max_size=3) | st.sampled_from(["2024-01-31", "x@y.z", "\ud800"]))
_NAMES = st.sampled_from(["string", "number", "integer", "boolean", "null", "object", "array", "float"])
_NUMBERS = st.integers(-2, 3) | st.sampled_from([0.5, 1.0, 2**53 + 1, -(2**64), "1", None, True])


def _values(schema: st.SearchStrategy) -> dict[str, st.SearchStrategy]:
    return {
        "type": _NAMES | st.lists(_NAMES, min_size=1, max_size=3, unique=True),
        "enum": st.lists(st.sampled_from(["a", "b", "ab", ""]), min_size=1, max_size=3, unique=True)
        | st.lists(_SCALAR, max_size=3),
        "const": _SCALAR | st.just({"a": 1}) | st.just([1]),
        "minLength": _NUMBERS, "maxLength": _NUMBERS, "minimum": _NUMBERS, "maximum": _NUMBERS,
        "multipleOf": _NUMBERS | st.sampled_from([0.1, 2, 3]),
        "format": st.sampled_from(["date", "email", "nonsense"]),
        "allOf": st.lists(schema, min_size=1, max_size=2), "anyOf": st.lists(schema, min_size=1, max_size=2),
        "oneOf": st.lists(schema, min_size=1, max_size=2), "not": schema,
        "description": st.just("d"), "default": _SCALAR, "examples": st.lists(_SCALAR, max_size=2),
        # A scalar passes these; their values must still compile.
        "properties": st.dictionaries(st.sampled_from(["a", "b"]), schema, max_size=2),
        "items": schema, "required": st.just(["a"]), "minItems": st.integers(0, 1), "additionalProperties": st.booleans(),
        "maxItems": st.integers(0, 1), "minProperties": st.integers(0, 1), "maxProperties": st.just(0),
        "uniqueItems": st.booleans(),
        # Left to jsonschema-rs.
        "pattern": st.sampled_from(["^a", "(["]), "exclusiveMinimum": st.sampled_from([0, True]),
        "$ref": st.sampled_from(["#", "#/$defs/missing"]), "if": schema,
        # Defined by no draft.
        "nullable": st.booleans(), "x-order": st.just(1),
    }


def _schemas(depth: int = 2) -> st.SearchStrategy:
    inner = st.just({}) if depth == 0 else st.deferred(lambda: _schemas(depth - 1))
    return st.dictionaries(st.sampled_from(sorted(_values(inner))), st.none(), max_size=4).flatmap(
        lambda chosen: st.fixed_dictionaries({keyword: _values(inner)[keyword] for keyword in chosen}))


def _jsonschema_rs(schema, value) -> bool | None:
    try:
        return jsonschema_rs.validator_for(schema, validate_formats=True).is_valid(value)
    except ValueError:
        return None


@settings(max_examples=1500)
@given(schema=_schemas(), value=_SCALAR | st.sampled_from([[], {}]),
       dialect=st.sampled_from(sorted(BUNDLED_DIALECTS) + [None]))
@example(schema={"type": "array", "minItems": 1}, value=[], dialect=None)
@example(schema={"type": "object", "required": ["a"]}, value={}, dialect=None)
@example(schema={"type": "object", "minProperties": 1}, value={}, dialect=None)
@example(schema={"type": "array", "items": {"type": "string"}, "enum": [[]]}, value=[], dialect=None)
@example(schema={"type": "integer"}, value=1.0, dialect="http://json-schema.org/draft-04/schema#")
@example(schema={"const": 1}, value=True, dialect=None)
@example(schema={"const": "a"}, value="b", dialect="http://json-schema.org/draft-04/schema#")
@example(schema={"enum": ["a"], "maxLength": 0}, value="a", dialect=None)
@example(schema={"minimum": 1}, value=2**53 + 1, dialect=None)
@example(schema={"format": "date"}, value="2024-02-31", dialect=None)
def test_every_answer_is_jsonschema_rs_answer(schema, value, dialect):
    if dialect is not None:
        schema = {**schema, "$schema": dialect}
    answer = accepts(schema, value, declared_draft(schema) or "2020-12")
    if answer is not None:
        assert answer == _jsonschema_rs(schema, value), answer


@settings(max_examples=1500)
@given(schema=_schemas(), value=_SCALAR | st.sampled_from(['a"b', "a\\b", "a\nb", "\x7f", 7, -3]),
       dialect=st.sampled_from(sorted(BUNDLED_DIALECTS) + [None]))
@example(schema={"type": "string"}, value=None, dialect=None)
@example(schema={"type": "integer"}, value="\u00e9t\u00e9", dialect=None)
@example(schema={"type": "integer", "enum": ["3", None]}, value="3", dialect=None)
@example(schema={"type": "string", "maxLength": 1}, value=5, dialect=None)
@example(schema={"type": "boolean", "description": "d", "anyOf": [{"minimum": 1}]}, value=0, dialect=None)
@example(schema={"type": "string", "enum": ["a", "b", "c", "d", "e"]}, value="x", dialect=None)
@example(schema={"enum": ["a", 1, None, True]}, value="x", dialect=None)
@example(schema={"enum": ["a", "b", "c"], "maxLength": 0}, value="x", dialect=None)
@example(schema={"enum": ["a", "b", 0.5]}, value="x", dialect=None)
@example(schema={"enum": ['a"b', "b", "c", "d"]}, value="x", dialect=None)
def test_every_message_is_jsonschema_rs_first_one(schema, value, dialect):
    """SL008 reports `rejection`'s message in place of the first error a validator compiled
    for the subschema gives: it must be that error's message, word for word."""
    if dialect is not None:
        schema = {**schema, "$schema": dialect}
    draft = declared_draft(schema) or "2020-12"
    if accepts(schema, value, draft) is not False:
        return
    message = rejection(schema, value, draft)
    if message is not None:
        errors = jsonschema_rs.validator_for(schema, validate_formats=True).iter_errors(value)
        assert message == next(iter(errors)).message


@pytest.mark.parametrize("schema, value, expected", [
    ({"type": "integer", "minimum": 1, "maximum": 100, "default": 0}, 0, False),
    ({"type": "string", "enum": ["celsius", "fahrenheit"], "description": "Unit."}, "celsius", True),
    ({"type": ["string", "null"], "maxLength": 3}, None, True),
    ({"type": "number", "multipleOf": 0.5}, 1.5, None),
    ({"type": "string", "format": "date"}, "today", None),
    ({"type": "string", "pattern": "^a"}, "abc", None),
    ({"$ref": "#/$defs/unit", "$defs": {"unit": {"type": "string"}}}, "c", None),
    ({"type": "array", "items": {"type": "string"}, "description": "Tags."}, [], True),
    ({"type": "object", "properties": {"a": {"type": "string"}}}, {}, True),
    ({"type": "array", "items": {"type": "string"}}, ["a"], None),
])
def test_the_usual_defaults_are_answered_and_the_rest_left_to_jsonschema_rs(schema, value, expected):
    assert accepts(schema, value, "2020-12") is expected
