"""Schema changes classified: each breaking case comes with a call that the old schema
accepts and the new one rejects (checked by a validator, so the claim is proved), each
widening case with calls the new schema must still accept; unsure cases say "changed"."""

from __future__ import annotations

import jsonschema
import pytest

from schema_lint.diff.changes import BREAKING, CHANGED, WIDENING, compare


def obj(properties, **more):
    return {"type": "object", "properties": properties, **more}


S = {"type": "string"}
BREAKING_CASES = [
    ("new required", obj({"a": S}), obj({"a": S}, required=["a"]), {}),
    ("type narrowed", obj({"n": {"type": "number"}}), obj({"n": {"type": "integer"}}), {"n": 1.5}),
    ("type swapped", obj({"n": {"type": "string"}}), obj({"n": {"type": "integer"}}), {"n": "1"}),
    ("enum narrowed", obj({"e": {"enum": ["a", "b"]}}), obj({"e": {"enum": ["a"]}}), {"e": "b"}),
    ("enum added", obj({"e": S}), obj({"e": {"type": "string", "enum": ["a"]}}), {"e": "b"}),
    ("const added", obj({"e": S}), obj({"e": {"type": "string", "const": "a"}}), {"e": "b"}),
    ("maxLength lowered", obj({"s": {"type": "string", "maxLength": 9}}), obj({"s": {"type": "string", "maxLength": 3}}),
     {"s": "abcd"}),
    ("minimum added", obj({"n": {"type": "integer"}}), obj({"n": {"type": "integer", "minimum": 1}}), {"n": 0}),
    ("closed object", obj({"a": S}), obj({"a": S}, additionalProperties=False), {"x": 1}),
    ("pattern added", obj({"s": S}), obj({"s": {"type": "string", "pattern": "^a$"}}), {"s": "b"}),
    ("property removed from a closed object", obj({"a": S, "b": S}, additionalProperties=False),
     obj({"a": S}, additionalProperties=False), {"b": "x"}),
    ("allOf gains a part", {"allOf": [obj({"a": S})]}, {"allOf": [obj({"a": S}), {"required": ["a"]}]}, {}),
    ("nested items narrowed", obj({"l": {"type": "array", "items": {"type": ["string", "null"]}}}),
     obj({"l": {"type": "array", "items": S}}), {"l": [None]}),
]
WIDENING_CASES = [
    ("required dropped", obj({"a": S}, required=["a"]), obj({"a": S}), [{}, {"a": "x"}]),
    ("type widened", obj({"n": {"type": "integer"}}), obj({"n": {"type": "number"}}), [{"n": 1}]),
    ("enum grown", obj({"e": {"enum": ["a"]}}), obj({"e": {"enum": ["a", "b"]}}), [{"e": "a"}]),
    ("maxItems raised", obj({"l": {"type": "array", "maxItems": 2}}), obj({"l": {"type": "array", "maxItems": 5}}),
     [{"l": [1, 2]}]),
    ("object opened", obj({"a": S}, additionalProperties=False), obj({"a": S}), [{"a": "x"}]),
    ("optional property added to a closed object", obj({"a": S}, additionalProperties=False),
     obj({"a": S, "b": S}, additionalProperties=False), [{"a": "x"}]),
    ("anyOf gains a branch", {"anyOf": [S]}, {"anyOf": [S, {"type": "null"}]}, ["x"]),
]
UNSURE_CASES = [
    ("optional property added to an open object", obj({"a": S}), obj({"a": S, "b": S})),
    ("an anyOf branch narrowed", {"anyOf": [S, {"type": "integer"}]},
     {"anyOf": [{"type": "string", "maxLength": 2}, {"type": "integer"}]}),
    ("a oneOf branch widened", {"oneOf": [{"type": "integer"}, {"type": "string"}]},
     {"oneOf": [{"type": "number"}, {"type": "string"}]}),
    ("$ref swapped for an inline schema", obj({"a": {"$ref": "#/$defs/A"}}), obj({"a": S})),
    ("not narrowed", {"not": {"type": "string", "maxLength": 3}}, {"not": {"type": "string", "maxLength": 1}}),
]


def _kinds(old, new) -> set[str]:
    return {change.kind for change in compare(old, new)}


@pytest.mark.parametrize(("case", "old", "new", "call"), BREAKING_CASES, ids=[c[0] for c in BREAKING_CASES])
def test_breaking_changes_are_proved_by_a_call(case, old, new, call):
    assert BREAKING in _kinds(old, new)
    assert jsonschema.Draft202012Validator(old).is_valid(call)
    assert not jsonschema.Draft202012Validator(new).is_valid(call)


@pytest.mark.parametrize(("case", "old", "new", "calls"), WIDENING_CASES, ids=[c[0] for c in WIDENING_CASES])
def test_widening_changes_keep_every_call(case, old, new, calls):
    assert _kinds(old, new) == {WIDENING}
    assert all(jsonschema.Draft202012Validator(new).is_valid(call) for call in calls)
    assert not jsonschema.Draft202012Validator(new).is_valid([]) or jsonschema.Draft202012Validator(old).is_valid([])


@pytest.mark.parametrize(("case", "old", "new"), UNSURE_CASES, ids=[c[0] for c in UNSURE_CASES])
def test_what_cannot_be_shown_is_only_changed(case, old, new):
    assert _kinds(old, new) == {CHANGED}


def test_annotations_and_spelling_of_type_are_no_change():
    old = obj({"a": {"type": "string", "description": "A."}}, title="X")
    assert compare(old, obj({"a": {"type": ["string"], "description": "The a.", "examples": ["x"]}}, title="Y")) == []


def test_each_change_is_at_its_pointer():
    changes = compare(obj({"t": {"type": "string", "maxLength": 200}}), obj({"t": {"type": "string", "maxLength": 120}}))
    assert [(c.pointer, c.kind, c.what) for c in changes] == [("/properties/t/maxLength", BREAKING, "`maxLength` 200 → 120")]


def test_a_keyword_that_restates_a_removed_branch_is_not_called_breaking():
    assert _kinds({"anyOf": [{"type": "string"}]}, {"type": "string"}) == {CHANGED}
