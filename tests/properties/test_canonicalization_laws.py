"""The laws canonicalization promises, checked on generated calls and near misses.

1. A valid call comes back as the same object, with no repairs.
2. Canonicalizing a canonicalized call changes nothing (idempotence).
3. Every repair's ``after`` is accepted where it sits: validating the final call
   reports no error at or below a repaired path.

Valid calls come from hypothesis-jsonschema; near misses are made from them with the
mutations models actually produce (one element instead of an array, a number or a
boolean as text, an enum value in capitals, an object as JSON text, a missing or an
extra key), starting from calls that fill every field so each mutation has a target.
"""

from __future__ import annotations

import copy
import json

import jsonschema_rs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema

from schema_lint.boundary import REPAIRS, Policy, ToolBoundary, canonicalize, normalize_dialect
from schema_lint.boundary.canonicalize import could_repair
from schema_lint.boundary.compiled import compiled
from schema_lint.boundary.paths import format_path
from schema_lint.boundary.repairs import NO_REPAIR
from schema_lint.boundary.shape import SHAPE_BUDGET, Shapes
from schema_lint.boundary.walk import Node, declared_types

from boundary_schemas import SEARCH, TICKET

SCHEMAS = {
    "ticket": {**TICKET, "properties": {k: v for k, v in TICKET["properties"].items() if "format" not in v}},
    # hypothesis-jsonschema cannot generate from a recursive $ref: one level of children instead.
    "search": {**SEARCH, "$defs": {"section": {
        "type": "object",
        "properties": {"authors": {"type": "array", "items": {"type": "string"}},
                       "children": {"type": "array", "items": {"$ref": "#/$defs/leaf"}}}},
        "leaf": {"type": "object", "properties": {"authors": {"type": "array", "items": {"type": "string"}}}}}},
    "pydantic": {
        "type": "object",
        "properties": {
            "ids": {"anyOf": [{"type": "array", "items": {"type": "integer"}, "maxItems": 3}, {"type": "null"}]},
            "mode": {"type": "string", "enum": ["fast", "Slow", "exact"]},
            "limit": {"type": "integer", "minimum": 1, "maximum": 50},
            "strict": {"type": "boolean"},
            "meta": {"anyOf": [{"$ref": "#/$defs/Meta"}, {"type": "null"}]},
        },
        "required": ["mode"],
        "$defs": {"Meta": {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}},
                           "additionalProperties": False}},
    },
    "bfcl": normalize_dialect({
        "type": "dict",
        "properties": {"numbers": {"type": "array", "items": {"type": "float"}},
                       "unit": {"type": "string", "enum": ["cm", "in"]},
                       "pairs": {"type": "tuple", "items": {"type": "array", "items": {"type": "int"}}}},
        "required": ["numbers"],
    }),
}
POLICIES = [Policy.default(), Policy.all()]
FEW = settings(max_examples=15)


def locations(value, steps=()):
    """Every (steps, value) in a JSON document, the root included."""
    yield steps, value
    if isinstance(value, dict):
        for key, member in value.items():
            yield from locations(member, (*steps, key))
    elif isinstance(value, list):
        for index, member in enumerate(value):
            yield from locations(member, (*steps, index))


def replace(document, steps, new):
    if not steps:
        return new
    document = copy.deepcopy(document)
    parent = document
    for step in steps[:-1]:
        parent = parent[step]
    parent[steps[-1]] = new
    return document


def mutations(value):
    """Near-miss versions of one value, as models send them."""
    if isinstance(value, list) and value and not isinstance(value[0], (dict, list)):
        yield value[0]
    if isinstance(value, bool):
        yield json.dumps(value)
    elif isinstance(value, (int, float)):
        yield json.dumps(value)
    if isinstance(value, str):
        yield value.upper()
        yield value + ",extra"
    if isinstance(value, (dict, list)):
        yield json.dumps(value)
    if isinstance(value, dict) and value:
        yield {k: v for k, v in list(value.items())[1:]}
        yield {**value, "unexpected_key": 1}


def rich(schema):
    """The schema with every property required and every array holding one or two items:
    its calls are valid for the original, and give each mutation something to work on."""
    if isinstance(schema, list):
        return [rich(member) for member in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: rich(value) for key, value in schema.items()}
    if isinstance(schema.get("properties"), dict):
        out["required"] = sorted(schema["properties"])
    if "items" in schema and schema.get("type") in ("array", ["array", "null"]):
        out["minItems"] = max(1, schema.get("minItems", 0))
        out["maxItems"] = min(2, schema.get("maxItems", 2))  # small calls keep generation fast
    return out


def near_misses(call):
    """Every near miss one mutation away from ``call``."""
    for steps, value in locations(call):
        for new in mutations(value):
            yield replace(call, steps, new)


def no_error_at_or_below(validator, arguments, path):
    located = [format_path(e.instance_path) for e in validator.iter_errors(arguments)]
    return [p for p in located if p == path or p.startswith(path + ".") or p.startswith(path + "[")]


@pytest.mark.parametrize("name", SCHEMAS)
@pytest.mark.parametrize("policy", POLICIES, ids=["default", "all"])
def test_valid_calls_come_back_unchanged(name, policy):
    schema = SCHEMAS[name]
    validator = jsonschema_rs.validator_for(schema, validate_formats=True)

    @FEW
    @given(from_schema(schema))
    def check(call):
        if not validator.is_valid(call):  # hypothesis-jsonschema and jsonschema-rs disagree on a format
            return
        result = canonicalize(schema, call, policy)
        assert result.arguments is call
        assert result.repairs == []

    check()


@pytest.mark.parametrize("name", SCHEMAS)
@pytest.mark.parametrize("policy", POLICIES, ids=["default", "all"])
def test_idempotent_and_every_repair_valid_where_it_sits(name, policy):
    schema = SCHEMAS[name]
    validator = jsonschema_rs.validator_for(schema, validate_formats=True)
    repaired = set()

    @FEW
    @given(from_schema(rich(schema)))
    def check(valid_call):
        for call in near_misses(valid_call):
            before = copy.deepcopy(call)
            first = canonicalize(schema, call, policy)
            assert call == before
            second = canonicalize(schema, first.arguments, policy)
            assert second.arguments == first.arguments
            assert second.repairs == []
            for repair in first.repairs:
                assert no_error_at_or_below(validator, first.arguments, repair.path) == []
                repaired.add(repair.rule)

    check()
    assert repaired <= set(policy.repairs)
    assert "scalar-for-array" in repaired, "no near miss was repaired: the laws held vacuously"


@pytest.mark.parametrize("name", SCHEMAS)
@pytest.mark.parametrize("policy", POLICIES, ids=["default", "all"])
def test_a_rejected_call_names_every_path_at_which_the_call_as_sent_fails(name, policy):
    """All or nothing: a call the repairs cannot make valid gets every error of the call the
    model sent, a repairable one included, so nothing repaired slips through on resubmission."""
    schema = SCHEMAS[name]
    validator = jsonschema_rs.validator_for(schema, validate_formats=True)
    boundary = ToolBoundary(schema, policy=policy)

    @FEW
    @given(from_schema(rich(schema)))
    def check(valid_call):
        for call in near_misses(valid_call):
            outcome = boundary.check(call)
            if outcome.status != "rejected":
                continue
            assert outcome.arguments == call
            errors = outcome.envelope["error"]["errors"]
            named = {e["path"] for e in errors}
            flat = {e["path"] for e in errors if e["reason"] == "flat-list"}  # names the array for its items
            failing = {format_path(e.instance_path) for e in validator.iter_errors(call)}
            for path in failing:  # each failing location is named at it or at a member below it
                assert any(p == path or p.startswith(path + ".") or p.startswith(path + "[") for p in named) \
                    or path in {p.rsplit(".", 1)[0] for p in named} \
                    or path.rsplit("[", 1)[0] in flat, (path, named)

    check()


INNER_ITEMS = st.sampled_from([{"type": "string"}, {"type": "number"}, {"type": "integer"}, {"type": "boolean"},
                               {"type": ["string", "null"]}, {"enum": ["a", "b", 1]}, {}])
ROW_BOUNDS = st.fixed_dictionaries({}, optional={"minItems": st.integers(0, 2), "maxItems": st.integers(1, 3)})


@st.composite
def rows_schemas(draw):
    """A schema whose array ``rows`` wants arrays for items, placed where calls put it: the root,
    an object member, an optional (``anyOf`` with null) member, a ``$ref``, an array of objects."""
    rows = {"type": "array", "items": {"type": "array", "items": draw(INNER_ITEMS), **draw(ROW_BOUNDS)},
            **draw(ROW_BOUNDS)}
    place = draw(st.sampled_from(["root", "member", "optional", "ref", "nested"]))
    if place == "root":
        return rows, lambda sent: sent
    if place == "nested":
        schema = {"type": "object", "properties": {"tables": {"type": "array", "items": {
            "type": "object", "properties": {"rows": rows}}}}}
        return schema, lambda sent: {"tables": [{"rows": sent}]}
    member = {"optional": {"anyOf": [rows, {"type": "null"}]}, "ref": {"$ref": "#/$defs/Rows"}}.get(place, rows)
    return {"type": "object", "properties": {"rows": member}, "$defs": {"Rows": rows}}, lambda sent: {"rows": sent}


FLAT_SCALARS = st.lists(st.one_of(st.integers(-3, 3), st.floats(allow_nan=False, allow_infinity=False), st.booleans(),
                                  st.none(), st.text("ab1 ,;.\n", max_size=4), st.sampled_from(["a", "b", "5", "true"])),
                        min_size=1, max_size=4)


@settings(max_examples=300)
@given(rows_schemas(), FLAT_SCALARS, st.sampled_from(POLICIES))
def test_a_flat_array_sent_for_an_array_of_arrays_is_never_made_valid(placed, flat, policy):
    """A flat array reads as one row or as rows of one: no policy chooses, and the model is asked.
    (An item a model sent is never wrapped, so no repair can turn such a call into a valid one.)"""
    schema, call_for = placed
    call = call_for(flat)
    result = canonicalize(schema, call, policy)
    assert result.arguments == call or not jsonschema_rs.validator_for(schema).is_valid(result.arguments)
    assert ToolBoundary(schema, policy=policy).check(call).status == "rejected"


LEAVES = st.fixed_dictionaries({}, optional={
    "type": st.sampled_from(["string", "integer", "number", "boolean", "null", "array", "object",
                             ["string", "null"], ["array", "null"]]),
    "enum": st.lists(st.sampled_from(["fast", "Slow", 1, 2.5, True, None, ["a"], {"a": 1}]), min_size=1, max_size=3),
    "const": st.sampled_from(["exact", 3, False, None, [1]]),
})
SENT = st.sampled_from(["fast", "FAST", "a, b", '["a"]', "['a']", '{"a": 1}', "5", "5.0", " 5 ", "true", "yes", "0",
                        "", 5, 1, 0, 2.5, True, False, None, ["a"], {"a": 1}])


@settings(max_examples=500)
@given(st.lists(LEAVES, min_size=1, max_size=3), SENT, st.sampled_from(list(REPAIRS.values())))
def test_a_rule_proposes_only_where_a_type_it_needs_is_declared(schemas, value, rule):
    # What lets a rejection skip the walk where no schema of the tool declares such a type.
    conjuncts = [Node(f"#/{index}", schema) for index, schema in enumerate(schemas)]
    shapes = Shapes()
    proposed = rule.propose(value, conjuncts, shapes)
    if rule.needs and not rule.needs & declared_types(conjuncts):
        assert proposed is NO_REPAIR and shapes.budget == SHAPE_BUDGET  # nothing proposed, no string read


def test_a_schema_the_rules_cannot_repair_is_one_without_the_types_they_need():
    assert all(could_repair(compiled(schema), policy) for schema in SCHEMAS.values() for policy in POLICIES)
    without_arrays = compiled({"type": "object", "properties": {"q": {"type": "string"}, "n": {"type": ["integer"]}}})
    assert not could_repair(without_arrays, Policy.default())
    assert could_repair(without_arrays, Policy.from_names(["numeric-string"]))
    assert could_repair(without_arrays, Policy.from_names(["null-as-absent"]))  # made by the walk itself
    # Objects that are no subschema are read too; one they cannot be read as gives up the shortcut.
    assert could_repair(compiled({"properties": {"enum": True}}), Policy.default())
