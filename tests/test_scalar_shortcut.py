"""`scalar_shortcut` answers only what jsonschema-rs would answer.

A wrong True hides a default its schema rejects from SL008, and lets a fix that rejects a
value the schema states through the gate; a wrong False invents a finding, or withholds a
good fix. So every answer it gives is checked against a validator jsonschema-rs compiles
(format assertions on, as SL008 and the gate compile theirs) under each bundled dialect,
on subschemas built from the keywords it judges (those of arrays and objects among them),
the keywords it leaves to jsonschema-rs, and keywords no draft defines, and on scalars and
lists and objects of them.
"""

from __future__ import annotations

import jsonschema_rs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from schema_lint.schema.keywords import declared_draft
from schema_lint.schema.offline import BUNDLED_DIALECTS
from schema_lint.schema.scalar_shortcut import acceptor, accepts, rejection

_SCALAR = (st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from([0.5, 1.0, -0.0, 2.0, 2**53 + 1, 1e300])
           | st.text(alphabet="ab\u00e9\U0001f600", max_size=3) | st.sampled_from(["2024-01-31", "x@y.z", "\ud800"]))
_VALUE = st.recursive(_SCALAR, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.sampled_from(["a", "b", "c"]), inner, max_size=3), max_leaves=5)
_NAMES = st.sampled_from(["string", "number", "integer", "boolean", "null", "object", "array", "float"])
_VALID_NAMES = st.sampled_from(["string", "number", "integer", "boolean", "null", "object", "array"])
_NUMBERS = st.integers(-2, 3) | st.sampled_from([0.5, 1.0, 2**53 + 1, -(2**64), "1", None, True])


def _values(schema: st.SearchStrategy, valid: bool = False) -> dict[str, st.SearchStrategy]:
    """Each keyword's values; `valid`: only values every draft accepts, so that most of the
    subschemas are answered."""
    names = _VALID_NAMES if valid else _NAMES
    numbers = st.integers(0, 3) if valid else _NUMBERS
    return {
        "type": names | st.lists(names, min_size=1, max_size=3, unique=True),
        "enum": st.lists(st.sampled_from(["a", "b", "ab", ""]), min_size=1, max_size=3, unique=True)
        | (st.lists(st.sampled_from([1, None, True, "b"]), min_size=1, max_size=3, unique=True) if valid
           else st.lists(_SCALAR, max_size=3)),
        "const": _VALUE,
        "minLength": numbers, "maxLength": numbers, "minimum": numbers, "maximum": numbers,
        "multipleOf": _NUMBERS | st.sampled_from([0.1, 2, 3]),
        "format": st.sampled_from(["date", "email", "nonsense"]),
        "allOf": st.lists(schema, min_size=1, max_size=2), "anyOf": st.lists(schema, min_size=1, max_size=2),
        "oneOf": st.lists(schema, min_size=1, max_size=2), "not": schema,
        "description": st.just("d"), "default": _VALUE, "examples": st.lists(_VALUE, max_size=2),
        # Of arrays and objects.
        "properties": st.dictionaries(st.sampled_from(["a", "b"]), schema, max_size=2),
        "items": schema, "required": st.lists(st.sampled_from(["a", "b"]), unique=True, max_size=2),
        "minItems": st.integers(0, 3), "additionalProperties": st.booleans() | schema, "maxItems": st.integers(0, 2),
        "minProperties": st.integers(0, 2), "maxProperties": st.integers(0, 1), "uniqueItems": st.booleans(),
        # Left to jsonschema-rs: of arrays and objects too.
        "propertyNames": schema,
        "prefixItems": st.lists(schema, max_size=2), "contains": schema, "patternProperties": st.just({"^a": {}}),
        # Left to jsonschema-rs.
        "pattern": st.sampled_from(["^a", "(["]), "exclusiveMinimum": numbers | st.just(True),
        "exclusiveMaximum": numbers,
        "$ref": st.sampled_from(["#", "#/$defs/missing"]), "if": schema,
        # Defined by no draft.
        "nullable": st.booleans(), "x-order": st.just(1),
    }


# Keywords judged here with values every draft accepts: most of their subschemas are answered.
_JUDGED = ("type", "enum", "const", "minLength", "maximum", "description", "anyOf", "not", "items", "properties",
           "required", "minItems", "maxItems", "uniqueItems", "additionalProperties", "minProperties", "propertyNames",
           "exclusiveMinimum", "exclusiveMaximum", "pattern")


def _schemas(depth: int = 2, keywords: tuple[str, ...] | None = None) -> st.SearchStrategy:
    """Subschemas of up to four keywords, any of `_values` or (valued as every draft accepts)
    those of `keywords`."""
    inner = st.just({}) if depth == 0 else st.deferred(lambda: _schemas(depth - 1, keywords))
    values = _values(inner, valid=keywords is not None)
    return st.dictionaries(st.sampled_from(sorted(keywords or values)), st.none(), max_size=4).flatmap(
        lambda chosen: st.fixed_dictionaries({keyword: values[keyword] for keyword in chosen}))


_SCHEMAS = _schemas() | _schemas(keywords=_JUDGED)


def _jsonschema_rs(schema, value) -> bool | None:
    try:
        return jsonschema_rs.validator_for(schema, validate_formats=True).is_valid(value)
    except ValueError:
        return None


@settings(max_examples=1500)
@given(schema=_SCHEMAS, value=_VALUE, dialect=st.sampled_from(sorted(BUNDLED_DIALECTS) + [None]))
@example(schema={"type": "array", "minItems": 1}, value=[], dialect=None)
@example(schema={"type": "object", "required": ["a"]}, value={}, dialect=None)
@example(schema={"type": "object", "minProperties": 1}, value={}, dialect=None)
@example(schema={"type": "array", "items": {"type": "string"}, "enum": [[]]}, value=[], dialect=None)
@example(schema={"type": "array", "items": {"enum": ["Vegan", "Vegetarian"]}, "maxItems": 1}, value=["Vegan"],
         dialect=None)
@example(schema={"uniqueItems": True}, value=[[1], [1.0]], dialect=None)
@example(schema={"uniqueItems": True}, value=[1, True, "1"], dialect=None)
@example(schema={"const": {"a": [1, "b"]}}, value={"a": [1, "b"]}, dialect=None)
@example(schema={"properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "integer"}},
         value={"a": "x", "b": 1.5}, dialect=None)
@example(schema={"required": ["a"], "additionalProperties": False}, value={"a": 1, "b": 2}, dialect=None)
@example(schema={"type": "integer"}, value=1.0, dialect="http://json-schema.org/draft-04/schema#")
@example(schema={"type": "integer", "exclusiveMinimum": 0}, value=0, dialect=None)
@example(schema={"type": "number", "exclusiveMaximum": 1}, value=0.5, dialect=None)
@example(schema={"propertyNames": {"maxLength": 1}}, value={"ab": 1}, dialect=None)
@example(schema={"type": "integer", "pattern": "(["}, value="a", dialect=None)
@example(schema={"type": "object", "required": []}, value={}, dialect="http://json-schema.org/draft-07/schema#")
@example(schema={"const": 1}, value=True, dialect=None)
@example(schema={"const": "a"}, value="b", dialect="http://json-schema.org/draft-04/schema#")
@example(schema={"enum": ["a"], "maxLength": 0}, value="a", dialect=None)
@example(schema={"minimum": 1}, value=2**53 + 1, dialect=None)
@example(schema={"format": "date"}, value="2024-02-31", dialect=None)
def test_every_answer_is_jsonschema_rs_answer(schema, value, dialect):
    if dialect is not None:
        schema = {**schema, "$schema": dialect}
    draft = declared_draft(schema) or "2020-12"
    answer = accepts(schema, value, draft)
    judge = acceptor(schema, draft)  # the same answer, the schema judged once for many values
    assert (None if judge is None else judge(value)) == answer
    if answer is not None:
        assert answer == _jsonschema_rs(schema, value), answer


@settings(max_examples=1500)
@given(schema=_SCHEMAS, value=_VALUE | st.sampled_from(['a"b', "a\\b", "a\nb", "\x7f", 7, -3, ["a", 'a"b'], {"b": 1, "a": [2]}]),
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
@example(schema={"type": "array", "items": {"type": "string", "enum": ["Vegan", "Vegetarian"]}}, value=["Vegan", "x"],
         dialect=None)
@example(schema={"properties": {"a": {"type": "string"}, "b": {"enum": [1, 2]}}}, value={"a": "x", "b": 3}, dialect=None)
@example(schema={"type": "string"}, value={"b": 1, "a": [None, True]}, dialect=None)
@example(schema={"enum": ["a", "b"]}, value=["a"], dialect=None)
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


_PART = st.sampled_from(["a", "b", "ab", 'a"', 1, 2, 1.0, None, True])
_PART_SCHEMA = st.fixed_dictionaries({}, optional={
    "type": _VALID_NAMES, "enum": st.lists(st.sampled_from(["a", "b", 1, None]), min_size=1, max_size=4, unique=True),
    "minLength": st.integers(0, 2), "maximum": st.integers(0, 2)})
_LIST_SCHEMA = st.fixed_dictionaries({"type": st.just("array"), "items": _PART_SCHEMA}, optional={
    "minItems": st.integers(0, 3), "maxItems": st.integers(0, 3), "uniqueItems": st.booleans()})
_OBJECT_SCHEMA = st.fixed_dictionaries(
    {"type": st.just("object"), "properties": st.dictionaries(st.sampled_from(["a", "b"]), _PART_SCHEMA, max_size=2)},
    optional={"required": st.lists(st.sampled_from(["a", "b", "c"]), min_size=1, max_size=2, unique=True),
              "additionalProperties": st.booleans() | _PART_SCHEMA, "maxProperties": st.integers(0, 2)})


@settings(max_examples=1000)
@given(schema_and_value=st.tuples(_LIST_SCHEMA, st.lists(_PART, max_size=4))
       | st.tuples(_OBJECT_SCHEMA, st.dictionaries(st.sampled_from(["a", "b", "c"]), _PART, max_size=3)),
       dialect=st.sampled_from(sorted(BUNDLED_DIALECTS) + [None]))
def test_lists_and_objects_are_judged_and_told_as_jsonschema_rs_judges_and_tells_them(schema_and_value, dialect):
    """The defaults of arrays and objects SL008 sees most (`["Vegan"]` under `items` with an
    `enum`), element by element: each answer, and each message `rejection` gives."""
    schema, value = schema_and_value
    if dialect is not None:
        schema = {**schema, "$schema": dialect}
    draft = declared_draft(schema) or "2020-12"
    answer = accepts(schema, value, draft)
    if answer is None:
        return
    assert answer == _jsonschema_rs(schema, value), answer
    message = rejection(schema, value, draft) if answer is False else None
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
    ({"type": "array", "items": {"type": "string", "enum": ["Vegan", "Vegetarian"]}}, ["Vegan"], True),
    ({"type": "array", "items": {"type": "string"}, "uniqueItems": True}, ["a", "a"], False),
    ({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["b"]}, {"a": "x"}, False),
    ({"type": "array", "items": {"type": "string", "pattern": "^a"}}, ["abc"], None),
    ({"type": "array", "items": {"type": "number"}}, list(range(300)), None),  # more than is walked here
])
def test_the_usual_defaults_are_answered_and_the_rest_left_to_jsonschema_rs(schema, value, expected):
    assert accepts(schema, value, "2020-12") is expected
