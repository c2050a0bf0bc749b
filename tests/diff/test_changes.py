"""Schema changes classified: each breaking case comes with a call that the old schema
accepts and the new one rejects (checked by a validator, so the claim is proved), each
widening case with calls the new schema must still accept; unsure cases say "changed"."""

from __future__ import annotations

import jsonschema
from hypothesis import given
from hypothesis import strategies as st
import pytest

from schema_lint.diff.changes import BREAKING, CHANGED, NARROWING, WIDENING, Change, compare, compare_results


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
    ("pattern changed, refusing the schema's own example",
     obj({"s": {"type": "string", "pattern": "^[a-z-]+$", "examples": ["my-slug"]}}),
     obj({"s": {"type": "string", "pattern": "^[a-z]+$", "examples": ["my-slug"]}}), {"s": "my-slug"}),
    ("property removed from a closed object", obj({"a": S, "b": S}, additionalProperties=False),
     obj({"a": S}, additionalProperties=False), {"b": "x"}),
    ("allOf gains a part", {"allOf": [obj({"a": S})]}, {"allOf": [obj({"a": S}), {"required": ["a"]}]}, {}),
    ("nested items narrowed", obj({"l": {"type": "array", "items": {"type": ["string", "null"]}}}),
     obj({"l": {"type": "array", "items": S}}), {"l": [None]}),
    # A keyword added narrows: conditional requirements (the shape SL102's fix writes) first.
    ("allOf of an if/then added", obj({"kind": S, "email": S}),
     obj({"kind": S, "email": S}, allOf=[{"if": {"properties": {"kind": {"const": "email"}}, "required": ["kind"]},
                                          "then": {"required": ["email"]}}]), {"kind": "email"}),
    ("if/then added", obj({"kind": S, "at": S}),
     obj({"kind": S, "at": S}, **{"if": {"properties": {"kind": {"const": "later"}}}, "then": {"required": ["at"]}}),
     {"kind": "later"}),
    ("then added to an if", obj({"kind": S}, **{"if": {"required": ["kind"]}}),
     obj({"kind": S}, **{"if": {"required": ["kind"]}, "then": {"properties": {"kind": {"const": "x"}}}}),
     {"kind": "y"}),
    ("else added to an if", obj({"kind": S}, **{"if": {"required": ["kind"]}}),
     obj({"kind": S}, **{"if": {"required": ["kind"]}, "else": {"required": ["kind"]}}), {}),
    ("if added to a then", obj({"a": S, "b": S}, then={"required": ["b"]}),
     obj({"a": S, "b": S}, **{"if": {"required": ["a"]}, "then": {"required": ["b"]}}), {"a": "x"}),
    ("dependentRequired added", obj({"a": S, "b": S}), obj({"a": S, "b": S}, dependentRequired={"a": ["b"]}),
     {"a": "x"}),
    ("dependentRequired gains a name", obj({"a": S, "b": S, "c": S}, dependentRequired={"a": ["b"]}),
     obj({"a": S, "b": S, "c": S}, dependentRequired={"a": ["b", "c"]}), {"a": "x", "b": "y"}),
    ("dependentSchemas added", obj({"a": S, "b": S}),
     obj({"a": S, "b": S}, dependentSchemas={"a": {"required": ["b"]}}), {"a": "x"}),
    ("not added", obj({"a": S}), obj({"a": S}, **{"not": {"required": ["a"]}}), {"a": "x"}),
    ("oneOf added", obj({"a": S, "b": S}), obj({"a": S, "b": S}, oneOf=[{"required": ["a"]}, {"required": ["b"]}]),
     {}),
    ("anyOf added", obj({"a": S, "b": S}), obj({"a": S, "b": S}, anyOf=[{"required": ["a"]}, {"required": ["b"]}]),
     {}),
    ("contains added", obj({"l": {"type": "array"}}), obj({"l": {"type": "array", "contains": S}}), {"l": [1]}),
    ("propertyNames added", obj({}), obj({}, propertyNames={"maxLength": 3}), {"long_name": 1}),
    ("additionalProperties schema added", obj({"a": S}), obj({"a": S}, additionalProperties=S), {"x": 1}),
    ("uniqueItems added", obj({"l": {"type": "array"}}), obj({"l": {"type": "array", "uniqueItems": True}}),
     {"l": [1, 1]}),
    # Each of these read as "changed" (exit 0) or not at all.
    ("null no longer accepted", {"anyOf": [S, {"type": "null"}], "default": None}, S, None),
    ("multipleOf 5 → 10", {"type": "integer", "multipleOf": 5}, {"type": "integer", "multipleOf": 10}, 5),
    ("a oneOf branch removed", {"oneOf": [S, {"type": "integer"}]}, {"oneOf": [S]}, 3),
    ("items must be unique", {"type": "array"}, {"type": "array", "uniqueItems": True}, [1, 1]),
    ("the same bound made exclusive", {"type": "number", "minimum": 0}, {"type": "number", "exclusiveMinimum": 0}, 0),
    ("a prefixItems position narrowed", {"type": "array", "prefixItems": [S]},
     {"type": "array", "prefixItems": [{"type": "string", "maxLength": 1}]}, ["ab"]),
    ("an anyOf branch of a type no other takes narrowed", {"anyOf": [S, {"type": "integer"}]},
     {"anyOf": [{"type": "string", "maxLength": 2}, {"type": "integer"}]}, "abc"),
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
    ("dependentRequired removed", obj({"a": S, "b": S}, dependentRequired={"a": ["b"]}), obj({"a": S, "b": S}),
     [{"a": "x"}]),
    ("exclusiveMinimum 0 → minimum 0", {"type": "number", "exclusiveMinimum": 0}, {"type": "number", "minimum": 0},
     [0, 0.5]),
    ("maximum 10 → exclusiveMaximum 11", {"type": "number", "maximum": 10}, {"type": "number", "exclusiveMaximum": 11},
     [10, 10.5]),
    ("null now accepted", S, {"anyOf": [S, {"type": "null"}]}, ["x", None]),
    ("multipleOf 10 → 5", {"type": "integer", "multipleOf": 10}, {"type": "integer", "multipleOf": 5}, [10, 5]),
    ("a oneOf branch of a type no other takes widened", {"oneOf": [{"type": "integer"}, {"type": "string"}]},
     {"oneOf": [{"type": "number"}, {"type": "string"}]}, [1.5, "x", 2]),
]
UNSURE_CASES = [
    ("pattern changed, no string known that tells", {"type": "string", "pattern": "^[a-z]+$", "examples": ["abc"]},
     {"type": "string", "pattern": "^[a-z0-9]+$", "examples": ["abc"]}),
    ("optional property added to an open object", obj({"a": S}), obj({"a": S, "b": S})),
    ("an anyOf branch narrowed beside another of its type", {"anyOf": [S, {"type": "string", "format": "uuid"}]},
     {"anyOf": [{"type": "string", "maxLength": 2}, {"type": "string", "format": "uuid"}]}),
    ("a oneOf branch widened beside another of its type", {"oneOf": [{"type": "integer"}, {"type": "number", "minimum": 5}]},
     {"oneOf": [{"type": "number"}, {"type": "number", "minimum": 5}]}),
    ("$ref swapped for an inline schema", obj({"a": {"$ref": "#/$defs/A"}}), obj({"a": S})),
    ("not narrowed", {"not": {"type": "string", "maxLength": 3}}, {"not": {"type": "string", "maxLength": 1}}),
    # A composition that comes where a constraint went may restate it.
    ("required moved into an allOf", obj({"a": S}, required=["a"]), obj({"a": S}, allOf=[{"required": ["a"]}])),
    ("then added with no if", obj({"a": S}), obj({"a": S}, then={"required": ["a"]})),
    ("nullable added", {"type": "string"}, {"type": "string", "nullable": True}),
    ("allOf added beside unevaluatedProperties", obj({"a": S}, unevaluatedProperties=False),
     obj({"a": S}, unevaluatedProperties=False, allOf=[{"properties": {"b": S}}])),
]


# Rewrites that accept exactly the same calls (a generator's new version writes them): each was
# "breaking" (exit 1).
EQUIVALENT_CASES = [
    ("type restating an enum", {"enum": ["a", "b"]}, {"type": "string", "enum": ["a", "b"]}),
    ("type restating a const", {"const": 3}, {"type": "integer", "const": 3}),
    ("enum of one as const", {"enum": ["a"]}, {"const": "a"}),
    ("const as enum of one", {"const": "a"}, {"enum": ["a"]}),
    ("true as {}", obj({"a": True}), obj({"a": {}})),
    ("additionalProperties true as {}", obj({"a": S}, additionalProperties=True), obj({"a": S}, additionalProperties={})),
    ("whole floats for ints", {"enum": [1, 2, 3]}, {"enum": [1.0, 2.0, 3.0]}),
    ("minLength 0 added", S, {"type": "string", "minLength": 0}),
    ("uniqueItems false added", {"type": "array"}, {"type": "array", "uniqueItems": False}),
    ("a numeric bound on a string", S, {"type": "string", "minimum": 5}),
    ("minimum 1 as exclusiveMinimum 0 on a nullable integer", {"type": ["integer", "null"], "minimum": 1},
     {"type": ["integer", "null"], "exclusiveMinimum": 0}),
    ("integer beside number", {"type": "number"}, {"type": ["integer", "number"]}),
    ("integer as a number that is a multiple of 1", {"type": "integer"}, {"type": "number", "multipleOf": 1}),
    ("a multipleOf every integer meets", {"type": ["integer", "null"]}, {"type": ["integer", "null"], "multipleOf": 0.5}),
    ("unevaluatedProperties beside additionalProperties", obj({"a": S}, additionalProperties=False),
     obj({"a": S}, additionalProperties=False, unevaluatedProperties=False)),
]


@pytest.mark.parametrize(("case", "old", "new"), EQUIVALENT_CASES, ids=[c[0] for c in EQUIVALENT_CASES])
def test_a_rewrite_that_accepts_the_same_calls_is_no_change(case, old, new):
    assert compare(old, new) == [] and compare(new, old) == []


@pytest.mark.parametrize("kept", [{"type": "number"}, {"type": ["integer", "string"], "title": "Amount"}, {}, True])
def test_an_anyof_branch_another_kept_branch_covers_goes_with_no_change(kept):
    old = {"anyOf": [{"type": "integer", "minimum": 1}, kept]}
    assert compare(old, {"anyOf": [kept]}) == []
    assert all(jsonschema.Draft202012Validator({"anyOf": [kept]}).is_valid(call) for call in (1, 7))
    uncovered = {"anyOf": [{"type": "boolean"}, kept]}
    assert compare(uncovered, {"anyOf": [kept]}) == ([] if kept in ({}, True) else
                                                     [Change("/anyOf", BREAKING, "`anyOf` has fewer branches")])


DRAFT_07, DRAFT_2020 = "http://json-schema.org/draft-07/schema#", "https://json-schema.org/draft/2020-12/schema"


def test_a_changed_dialect_is_said():
    """draft-07 ignores a `$ref`'s siblings, 2020-12 applies them: it was "No changes"."""
    old = {"$schema": DRAFT_07, **obj({"a": S})}
    new = {**old, "$schema": DRAFT_2020}
    assert [(c.pointer, c.kind) for c in compare(old, new)] == [("/$schema", CHANGED)]
    sibling = {"$schema": DRAFT_07, **obj({"code": {"$ref": "#/definitions/Code", "maxLength": 3}}),
               "definitions": {"Code": S}}
    later = {**sibling, "$schema": DRAFT_2020}
    assert [(c.pointer, c.kind) for c in compare(sibling, later)] == [("/$schema", BREAKING)]
    call = {"code": "abcdef"}
    assert jsonschema.Draft7Validator(sibling).is_valid(call) and not jsonschema.Draft202012Validator(later).is_valid(call)
    assert [(c.pointer, c.kind) for c in compare(later, sibling)] == [("/$schema", WIDENING)]


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


def test_dependencies_of_draft_07_are_read_as_dependentRequired():
    old = obj({"a": S, "b": S}, **{"$schema": "http://json-schema.org/draft-07/schema#"})
    new = {**old, "dependencies": {"a": ["b"]}}
    assert [(c.pointer, c.kind, c.what) for c in compare(old, new)] == [
        ("/dependencies/a", BREAKING, "`b` is now required when `a` is given")]
    call = {"a": "x"}
    assert jsonschema.Draft7Validator(old).is_valid(call) and not jsonschema.Draft7Validator(new).is_valid(call)
    assert _kinds(new, old) == {WIDENING}
    assert _kinds(old, {**old, "dependencies": {"a": {"required": ["b"]}}}) == {BREAKING}


@pytest.mark.parametrize("annotation", [{"example": "ACME"}, {"examples": ["ACME"]}, {"deprecated": True},
                                        {"$comment": "kept for v1 clients"}])
def test_an_added_annotation_is_no_change(annotation):
    """OpenAPI's `example` (pydantic writes it) validates nothing: once every added keyword
    counted as narrowing, it read as breaking and failed the diff."""
    assert compare(obj({"text": S}), obj({"text": {"type": "string", **annotation}})) == []


def test_a_keyword_unknown_here_that_is_added_may_reject_calls():
    # A validator that knows `x-max-words` (a gateway's) may enforce it: not harmless.
    old = obj({"text": S})
    new = obj({"text": {"type": "string", "x-max-words": 50}})
    assert [(c.pointer, c.kind) for c in compare(old, new)] == [("/properties/text/x-max-words", BREAKING)]
    assert _kinds(new, old) == {CHANGED}  # gone: nothing shows what it did


def test_annotations_and_spelling_of_type_are_no_change():
    old = obj({"a": {"type": "string", "description": "A."}}, title="X")
    assert compare(old, obj({"a": {"type": ["string"], "description": "The a.", "examples": ["x"]}}, title="Y")) == []


def test_each_change_is_at_its_pointer():
    changes = compare(obj({"t": {"type": "string", "maxLength": 200}}), obj({"t": {"type": "string", "maxLength": 120}}))
    assert [(c.pointer, c.kind, c.what) for c in changes] == [("/properties/t/maxLength", BREAKING, "`maxLength` 200 → 120")]


def test_a_keyword_that_restates_a_removed_branch_is_not_called_breaking():
    assert _kinds({"anyOf": [{"type": "string"}]}, {"type": "string"}) == {CHANGED}


@pytest.mark.parametrize(("case", "old", "new", "call"), BREAKING_CASES, ids=[c[0] for c in BREAKING_CASES])
def test_a_results_schema_breaks_clients_the_other_way_round(case, old, new, call):
    # Results allowed by `old` but not by `new`: turned round, the server may now return
    # `call` as a result, which the schema a client was written against did not allow.
    found = compare_results(new, old)
    assert BREAKING in {change.kind for change in found}
    assert all(change.pointer.startswith("/outputSchema") for change in found)
    assert jsonschema.Draft202012Validator(old).is_valid(call) and not jsonschema.Draft202012Validator(new).is_valid(call)
    # The same change read forwards narrows the results, unless it also widens them (a swapped type).
    forwards = {change.kind for change in compare_results(old, new)}
    assert forwards == ({BREAKING} if BREAKING in _kinds(new, old) else {NARROWING}) or CHANGED in forwards


def test_a_results_schema_that_comes_narrows_and_one_that_goes_breaks():
    schema = obj({"id": {"type": "string"}}, required=["id"])
    assert {c.kind for c in compare_results(None, schema)} == {NARROWING}
    assert {c.kind for c in compare_results(schema, None)} == {BREAKING}
    assert compare_results(None, None) == [] and compare_results(schema, schema) == []


_INTEGER_BOUND = st.one_of(st.integers(-20, 20), st.integers(-40, 40).map(lambda n: n / 2))


@given(st.dictionaries(st.sampled_from(["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"]),
                       _INTEGER_BOUND),
       st.dictionaries(st.sampled_from(["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"]),
                       _INTEGER_BOUND))
def test_integer_bounds_are_compared_by_the_integers_they_admit(old_bounds, new_bounds):
    """`minimum: 1` and `exclusiveMinimum: 0` admit the same integers: no change. Whenever the
    diff finds no change in an integer's bounds, the two admit exactly the same integers."""
    old, new = {"type": "integer", **old_bounds}, {"type": "integer", **new_bounds}
    same = all(jsonschema.Draft202012Validator(old).is_valid(n) == jsonschema.Draft202012Validator(new).is_valid(n)
               for n in range(-60, 61))
    assert (compare(old, new) == []) == same


def test_a_reordered_enum_is_no_change_and_a_changed_default_is_shown():
    assert compare({"enum": ["open", "closed", "all"]}, {"enum": ["all", "closed", "open"]}) == []
    assert _kinds({"enum": ["a"]}, {"enum": ["a", "b"]}) == {WIDENING}
    (change,) = compare({"type": "string", "default": "open"}, {"type": "string", "default": "closed"})
    assert change.kind == CHANGED and change.pointer == "/default" and '"open" → "closed"' in change.what
    assert [c.kind for c in compare({"type": "integer"}, {"type": "integer", "default": 1})] == [CHANGED]


@pytest.mark.parametrize("huge", [10**400, -(10**400)], ids=["maximum", "minimum"])
def test_an_integer_bound_past_a_floats_range_is_compared_exactly(huge):
    """`check` reads a 401-digit bound; `diff` compared bounds through math.isfinite, which
    raised OverflowError on it."""
    key = "maximum" if huge > 0 else "minimum"
    old = {"type": "integer", "minimum": -5, "maximum": 10}
    new = {**old, key: huge}
    assert _kinds(old, new) == {WIDENING}
    assert _kinds(new, old) == {BREAKING}


def test_a_multiple_of_past_a_floats_range_is_read_as_the_whole_number_it_is():
    """A 401-digit `multipleOf` on a number raised OverflowError where `diff` asked whether it
    makes the number an integer."""
    huge = {"type": "number", "multipleOf": 10**400}
    assert _kinds({"type": "number"}, huge) == {BREAKING}
    assert compare({"type": "integer", "multipleOf": 10**400}, huge) == []


_KEYWORDS = st.sampled_from(["type", "properties", "required", "enum", "items", "anyOf", "minimum", "maxLength",
                             "additionalProperties", "default", "dependentRequired"])
_ANY_VALUE = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.floats(allow_nan=False) | st.sampled_from(["string", "x", "7"]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(_KEYWORDS | st.text(max_size=3) | st.integers(0, 3), inner, max_size=4),
    max_leaves=20)


@given(_ANY_VALUE, _ANY_VALUE)
def test_comparing_any_two_values_as_schemas_never_raises(old, new):
    """A type list holding a number (`["string", 7]`) raised on sorting it with the names, and
    a YAML key that is a number on sorting it with the others; invalid schemas are SL001's to
    report, not the diff's to crash on."""
    for change in compare(old, new):
        assert change.kind in (BREAKING, CHANGED, NARROWING, WIDENING)


def test_a_definition_no_ref_uses_validates_nothing_changed_or_not():
    """A `$defs` entry left over from an older version: narrowing it broke no call, yet exited 1."""
    legacy = {"type": "string", "maxLength": 10}
    old = {**obj({"a": {"$ref": "#/$defs/A"}}), "$defs": {"A": S, "Legacy": legacy}}
    new = {**old, "$defs": {"A": S, "Legacy": {**legacy, "maxLength": 2}}}
    assert compare(old, new) == []
    used = {**new, "properties": {"a": {"$ref": "#/$defs/Legacy"}}}
    assert BREAKING in _kinds({**old, "properties": {"a": {"$ref": "#/$defs/Legacy"}}}, used)
    anchored = {**new, "properties": {"a": {"$ref": "#legacy"}}}  # an anchor may name any definition
    assert BREAKING in _kinds({**old, "properties": {"a": {"$ref": "#legacy"}}}, anchored)
