"""`metaschema_shortcut` answers only what jsonschema-rs would answer.

A wrong True hides an invalid schema from SL001; a wrong False invents a finding. So every
answer it gives is checked against `jsonschema_rs.meta.is_valid` under each bundled
dialect, on schemas built from the keywords it judges (with values every draft accepts and
values some draft refuses), the keywords it leaves to jsonschema-rs, and keywords no
draft defines.
"""

from __future__ import annotations

import jsonschema_rs
import jsonschema_specifications
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from schema_lint.schema.dialect import STANDARD_TYPES
from schema_lint.schema.keywords import DRAFT_KEYWORDS, declared_draft
from schema_lint.schema.metaschema_shortcut import verdict
from schema_lint.schema.offline import BUNDLED_DIALECTS, is_valid_schema

_JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.floats(allow_nan=False, allow_infinity=False)
                     | st.text(max_size=3), lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=3), inner, max_size=3), max_leaves=6)
_NAMES = st.sampled_from([*sorted(STANDARD_TYPES), "dict", "float", "any", "String"])
_WORDS = st.sampled_from(["a", "b", "c"])
_NUMBERS = st.one_of(st.integers(-2, 3), st.sampled_from([0.5, 1.0, -0.5, 2**64, -(2**64), True, "1", None]))


def _values(schema: st.SearchStrategy) -> dict[str, st.SearchStrategy]:
    """Each keyword's values: ones every draft accepts, and ones some draft or all refuse."""
    schemas_or_not = schema | st.booleans() | st.lists(schema, max_size=2) | st.just("x")
    return {
        "type": _NAMES | st.lists(_NAMES, max_size=3) | st.sampled_from([1, None, {}, [1]]),
        "required": st.lists(_WORDS, max_size=3) | st.sampled_from([True, "a", [1], None]),
        "description": st.text(max_size=3) | st.sampled_from([1, None]),
        "title": st.text(max_size=3) | st.just(["t"]),
        "format": st.sampled_from(["date", "nonsense", 3]),
        "$comment": st.sampled_from(["c", False]),
        "uniqueItems": st.booleans() | st.sampled_from([0, "true"]),
        "readOnly": st.booleans() | st.just(1),
        "deprecated": st.booleans() | st.just("no"),
        "minLength": _NUMBERS, "maxItems": _NUMBERS, "minProperties": _NUMBERS,
        "minimum": _NUMBERS, "maximum": _NUMBERS, "multipleOf": _NUMBERS,
        "default": _JSON, "const": _JSON, "examples": _JSON,
        "enum": st.lists(_WORDS, max_size=3) | st.lists(_JSON, max_size=3) | _JSON,
        "$ref": st.sampled_from(["#/$defs/a", "#/definitions/a b", "#foo", "a b c:%%", "http://e.org/s", "#/%zz", 1]),
        "$schema": st.sampled_from(["http://json-schema.org/draft-07/schema#", 1]),
        "properties": st.dictionaries(_WORDS, schemas_or_not, max_size=2) | schemas_or_not,
        "definitions": st.dictionaries(_WORDS, schemas_or_not, max_size=2) | st.just([]),
        "$defs": st.dictionaries(_WORDS, schemas_or_not, max_size=2) | st.just(1),
        "allOf": st.lists(schema, max_size=2) | schemas_or_not,
        "anyOf": st.lists(schema | st.booleans(), max_size=2),
        "items": schemas_or_not, "not": schemas_or_not, "additionalProperties": schemas_or_not | st.just(None),
        "propertyNames": schemas_or_not,
        # Judged by draft: a regular expression checked up to draft-07, a number from draft-06 on.
        "pattern": st.sampled_from(["^a$", "([", "\\p{L}", 1]), "exclusiveMinimum": _NUMBERS,
        "exclusiveMaximum": _NUMBERS,
        # Left to jsonschema-rs: defined by some draft, judged there.
        "$id": st.sampled_from(["x", "#a", 1]), "if": schema | st.just(1), "dependencies": _JSON,
        # Defined by no draft: every metaschema lets them be.
        "nullable": _JSON, "x-order": _JSON, "propertyOrdering": _JSON,
    }


def _schemas(depth: int = 2) -> st.SearchStrategy:
    inner = st.just({}) if depth == 0 else st.deferred(lambda: _schemas(depth - 1))
    return st.dictionaries(st.sampled_from(sorted(_values(inner))), st.none(), max_size=4).flatmap(
        lambda chosen: st.fixed_dictionaries({keyword: _values(inner)[keyword] for keyword in chosen}))


_DIALECTS = sorted(BUNDLED_DIALECTS) + [None]


@settings(max_examples=600)
@given(schema=_schemas(), dialect=st.sampled_from(_DIALECTS))
@example(schema={"type": "dict", "properties": {"a": {"type": "float"}}}, dialect=None)
@example(schema={"$defs": {"a": {"type": "dict"}}}, dialect="http://json-schema.org/draft-07/schema#")
@example(schema={"required": True}, dialect="http://json-schema.org/draft-04/schema#")
@example(schema={"minLength": 1.0}, dialect="http://json-schema.org/draft-04/schema#")
@example(schema={"properties": {"a": True}}, dialect="http://json-schema.org/draft-04/schema#")
@example(schema={"$ref": "#/definitions/a b"}, dialect="http://json-schema.org/draft-07/schema#")
@example(schema={"type": "object", "required": []}, dialect="http://json-schema.org/draft-04/schema#")
@example(schema={"type": "object", "required": []}, dialect=None)
@example(schema={"pattern": "(["}, dialect="http://json-schema.org/draft-07/schema#")
@example(schema={"pattern": "(["}, dialect=None)
@example(schema={"exclusiveMinimum": 0}, dialect="http://json-schema.org/draft-04/schema#")
@example(schema={"exclusiveMinimum": 0}, dialect="http://json-schema.org/draft-06/schema#")
@example(schema={"propertyNames": {"type": "dict"}}, dialect="http://json-schema.org/draft-04/schema#")
@example(schema={"propertyNames": {"type": "dict"}}, dialect=None)
def test_every_answer_is_jsonschema_rs_answer(schema, dialect):
    if dialect is not None:
        schema = {**schema, "$schema": dialect}
    answer = verdict(schema, declared_draft(schema) or "2020-12")
    if answer is not None:
        assert answer == jsonschema_rs.meta.is_valid(schema), answer


@settings(max_examples=600)
@given(schema=_schemas(), dialect=st.sampled_from(_DIALECTS))
@example(schema={"type": "dict", "properties": {"a": {"type": "float", "minLength": 1}}}, dialect=None)
@example(schema={"type": "dict", "properties": {"a": {"type": "float"}}, "required": True}, dialect=None)
@example(schema={"type": ["dict", "null"]}, dialect=None)
def test_excused_types_are_answered_as_a_copy_with_them_spelled_string_is(schema, dialect):
    """SL001 asks `verdict` with dialect type names excused in place of copying the schema
    with them spelled "string": the answer must be the copy's."""
    from schema_lint.rules.sl001_invalid_schema import _excused, _with_excused_types_standard

    if dialect is not None:
        schema = {**schema, "$schema": dialect}
    draft = declared_draft(schema) or "2020-12"
    assert verdict(schema, draft, excused=_excused) == verdict(_with_excused_types_standard(schema), draft)


def test_the_usual_tool_schema_is_answered_and_a_dialect_type_name_refused():
    usual = {"type": "object", "additionalProperties": False, "required": ["city"],
             "properties": {"city": {"type": "string", "description": "City name.", "minLength": 1, "maxLength": 80},
                            "days": {"type": ["integer", "null"], "minimum": 1, "maximum": 14, "default": 3},
                            "unit": {"enum": ["C", "F"]}, "tags": {"type": "array", "items": {"$ref": "#/$defs/tag"}}},
             "$defs": {"tag": {"type": "string"}}}
    assert verdict(usual, "2020-12") is True
    assert verdict({**usual, "properties": {"weight": {"type": "float"}}}, "2020-12") is False
    assert verdict({**usual, "if": {"required": ["unit"]}}, "2020-12") is None
    assert verdict(True, "2020-12") is None


@pytest.mark.parametrize("schema", [{"type": "dict"}, {"type": "object", "properties": {"q": {"type": "string"}}}])
def test_is_valid_schema_answers_the_usual_schema_without_loading_jsonschema_rs(schema, monkeypatch):
    monkeypatch.setattr(jsonschema_rs.meta, "is_valid", None)  # calling it would raise
    assert is_valid_schema(schema) is (schema["type"] == "object")


def test_every_keyword_of_a_bundled_metaschema_is_judged_or_left_to_jsonschema_rs():
    """A keyword `verdict` ignores must be one no metaschema constrains: each keyword the
    bundled metaschemas (and their vocabularies) define is one `keywords` lists."""
    defined = frozenset().union(*DRAFT_KEYWORDS.values())
    missing = set()
    for uri, resource in jsonschema_specifications.REGISTRY.items():
        if "draft-03" in uri:
            continue  # not bundled: a draft-03 `$schema` is SL001's "not bundled" warning
        missing |= set(resource.contents.get("properties", {})) - defined
    assert missing == set()


def test_an_enum_of_distinct_scalars_is_answered_and_one_json_counts_repeated_is_left_to_jsonschema_rs():
    assert verdict({"type": ["integer", "string", "boolean", "null"], "enum": [1, 2.5, True, None, "1"]},
                   "2020-12") is True
    assert verdict({"enum": [1, 1.0]}, "2020-12") is None  # the same number to JSON
    assert verdict({"enum": [0, False]}, "draft-04") is True  # a boolean is no number


@pytest.mark.parametrize("schema, draft, expected", [
    ({"type": "dict", "properties": {"a": {"type": "string"}}, "required": []}, "2020-12", False),
    ({"type": "object", "properties": {"a": {"type": "string"}}, "required": []}, "draft-07", True),
    ({"type": "object", "required": []}, "draft-04", None),  # draft-04 asks for a name
    ({"type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991}, "2020-12", True),
    ({"type": "integer", "exclusiveMinimum": True, "minimum": 0}, "draft-04", None),
    ({"type": "object", "propertyNames": {"type": "string", "description": "The field name"}}, "2020-12", True),
    ({"type": "string", "pattern": "^[a-z0-9][a-z0-9_-]*$"}, "2020-12", True),
    ({"type": "string", "pattern": "^[a-z0-9][a-z0-9_-]*$"}, "draft-07", None),  # a regular expression to check
])
def test_what_differs_by_draft_is_answered_by_the_schema_own_draft(schema, draft, expected):
    """Most schemas SL001 still asked jsonschema-rs about on the benchmark's 1,000 files: an
    empty `required`, a numeric exclusive bound, `propertyNames`, a `pattern` under 2020-12."""
    assert verdict(schema, draft) is expected
