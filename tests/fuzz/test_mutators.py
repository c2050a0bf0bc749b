"""Each mutator applies where it should, at every depth, and only bends what it names."""

from __future__ import annotations

import copy
import json

from conftest import CREATE_TICKET
from hypothesis import given, settings
from hypothesis_jsonschema import from_schema

from schema_lint.boundary.compiled import compiled
from schema_lint.fuzz.conditions import Conditional, Needs
from schema_lint.fuzz.mutators import MUTATORS, OVERLONG
from schema_lint.fuzz.sites import declared_only, sites

NO_NEEDS = Needs({}, ())

NESTED = {
    "type": "object", "additionalProperties": False, "required": ["query", "filters"],
    "properties": {
        "query": {"type": "string"},
        "limit": {"type": "integer", "minimum": 1},
        "exact": {"type": "boolean"},
        "filters": {"type": "object", "additionalProperties": False, "properties": {
            "regions": {"type": "array", "items": {"type": "string", "enum": ["eu", "us"]}},
            "since": {"type": "string", "format": "date"},
            "owner": {"anyOf": [{"$ref": "#/$defs/Person"}, {"type": "null"}]}}},
    },
    "$defs": {"Person": {"type": "object", "required": ["email"], "properties": {"email": {"type": "string"}}}},
}
CALL = {"query": "shoes", "limit": 5, "exact": True,
        "filters": {"regions": ["eu", "us"], "since": "2024-05-01", "owner": {"email": "a@b.co"}}}


def _bends(schema, call, needs=NO_NEEDS):
    """{mutator: {path: near-miss arguments}} for every site of `call`."""
    found: dict[str, dict[str, object]] = {}
    for site in sites(compiled(schema), call):
        for mutator in MUTATORS.values():
            for bend in mutator.bends(site, needs):
                found.setdefault(mutator.name, {})[bend.path] = bend.apply(call)
    return found


def test_the_catalogue_names_exactly_the_sixteen_mutators():
    assert list(MUTATORS) == [
        "scalar-for-array", "array-for-scalar", "missing-required", "unknown-key", "enum-case",
        "number-as-string", "boolean-as-string", "null", "empty-string", "overlong-string", "json-string",
        "python-literal", "comma-joined", "bad-format", "wrong-type", "conditional-omitted"]


def test_mutators_reach_nested_paths_and_union_branches():
    bends = _bends(NESTED, CALL)
    assert bends["scalar-for-array"]["$.filters.regions"]["filters"]["regions"] == "eu"
    assert bends["comma-joined"]["$.filters.regions"]["filters"]["regions"] == "eu,us"
    assert bends["enum-case"]["$.filters.regions[0]"]["filters"]["regions"] == ["EU", "us"]
    assert bends["number-as-string"]["$.limit"]["limit"] == "5"
    assert bends["boolean-as-string"]["$.exact"]["exact"] == "true"
    assert bends["bad-format"]["$.filters.since"]["filters"]["since"] == "2024-13-45"
    assert bends["bad-format"]["$.filters.owner.email"]["filters"]["owner"]["email"] == "ab.co"
    assert "email" not in bends["missing-required"]["$.filters.owner.email"]["filters"]["owner"]
    assert bends["unknown-key"]["$.filters.owner.extra_field"]["filters"]["owner"]["extra_field"] == "x"
    assert bends["json-string"]["$.filters"]["filters"].startswith('{"regions"')
    assert len(bends["overlong-string"]["$.query"]["query"]) == OVERLONG


def test_elements_under_one_schema_are_bent_once():
    paths = {path for by_path in _bends(NESTED, CALL).values() for path in by_path}
    assert "$.filters.regions[0]" in paths and "$.filters.regions[1]" not in paths


def test_null_is_not_tried_where_the_schema_allows_null():
    assert "$.filters.owner" not in _bends(NESTED, CALL)["null"]
    assert "$.limit" in _bends(NESTED, CALL)["null"]


def test_wrong_type_skips_types_the_schema_admits_by_design():
    union = {"type": "object", "properties": {"size": {"type": ["integer", "string"]}}}
    assert "$.size" not in _bends(union, {"size": 3}).get("wrong-type", {})


def _rules(schema, call):
    """{(mutator, path): the rule each bend names}."""
    return {(mutator.name, bend.path): bend.rule for site in sites(compiled(schema), call)
            for mutator in MUTATORS.values() for bend in mutator.bends(site, NO_NEEDS)}


def test_no_near_miss_is_made_of_what_the_schema_takes_by_design():
    """A map's other keys and an enum's own empty string are values, not mistakes."""
    schema = {"type": "object", "properties": {
        "labels": {"type": "object", "properties": {"team": {"type": "string"}}, "additionalProperties": {"type": "string"}},
        "tags": {"type": "object", "properties": {"a": {"type": "string"}}, "patternProperties": {"^x-": {}}},
        "kind": {"type": "string", "enum": ["", "bug"]}}}
    bends = _bends(schema, {"labels": {"team": "core"}, "tags": {"a": "1"}, "kind": "bug"})
    assert not {"$.labels.extra_field", "$.tags.extra_field"} & set(bends.get("unknown-key", {}))
    assert "$.kind" not in bends.get("empty-string", {})


def test_each_near_miss_names_only_a_rule_check_reports_there():
    """SL305 speaks of required strings, SL202 of a value or an array of it: elsewhere no rule."""
    schema = {"type": "object", "required": ["title"], "properties": {
        "title": {"type": "string"}, "note": {"type": "string"},
        "reviewed": {"type": ["boolean", "string"]}, "tags": {"type": ["string", "array"], "items": {"type": "string"}}}}
    rules = _rules(schema, {"title": "t", "note": "n", "reviewed": True, "tags": ["a"]})
    assert rules[("empty-string", "$.title")] == "SL305" and rules[("empty-string", "$.note")] == ""
    assert rules[("boolean-as-string", "$.reviewed")] == ""
    assert rules[("scalar-for-array", "$.tags")] == "SL202"


def test_root_is_never_replaced_by_another_shape():
    bends = _bends(NESTED, CALL)
    for name in ("null", "json-string", "wrong-type", "array-for-scalar"):
        assert "$" not in bends[name]


def test_missing_required_also_drops_what_sl101_would_require():
    schema = {"type": "object", "properties": {"title": {"type": "string"}, "note": {"type": "string"}}}
    needs = Needs({"#": ("title",)}, ())
    assert set(_bends(schema, {"title": "t", "note": "n"}, needs)["missing-required"]) == {"$.title"}


def test_conditional_omitted_sets_the_discriminator_and_drops_the_field():
    needs = Needs({}, (Conditional("#", "recipient", "channel", "email"),))
    bent = _bends(CREATE_TICKET, {"title": "t", "priority": "low", "channel": "console"}, needs)["conditional-omitted"]
    assert bent == {"$.recipient": {"title": "t", "priority": "low", "channel": "email"}}


def test_declared_only_drops_invented_keys_of_open_objects():
    schema = {"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"type": "integer"}}}},
              "patternProperties": {"^x-": {"type": "string"}}}
    call = {"a": {"b": 1, "zz": 2}, "x-trace": "t", "junk": [1]}
    assert declared_only(compiled(schema), call) == {"a": {"b": 1}, "x-trace": "t"}


@settings(max_examples=25)
@given(from_schema(NESTED))
def test_every_bend_changes_the_call_as_json_sees_it_and_never_the_input(call):
    before = copy.deepcopy(call)
    for site in sites(compiled(NESTED), call):
        for mutator in MUTATORS.values():
            for bend in mutator.bends(site, NO_NEEDS):
                assert json.dumps(bend.apply(call)) != json.dumps(call), (mutator.name, bend.path)
    assert call == before
