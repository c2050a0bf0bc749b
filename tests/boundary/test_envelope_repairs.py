"""Envelope repairs for the mistakes that came back with a vague one: a list where one value is
wanted, a near-miss key beside the missing one it stands for, and nested bounds that read in order."""

from __future__ import annotations

import importlib
import json

import pytest

from schema_lint.boundary import ToolBoundary
from schema_lint.boundary.describe import LISTED_LIMIT, describe

WEATHER = {"type": "object", "additionalProperties": False, "required": ["location", "user_id"],
           "properties": {"location": {"type": "string"}, "days": {"type": "integer"},
                          "user_id": {"type": "string"}, "unit": {"enum": ["c", "f"]}}}


def problems(call: dict) -> dict[str, tuple[str, str]]:
    outcome = ToolBoundary(WEATHER).check(call)
    return {e["path"]: (e["reason"], e["repair"]) for e in outcome.envelope["error"]["errors"]}


def test_one_item_in_a_list_where_one_value_is_wanted_is_that_value():
    assert problems({"location": ["Paris"], "user_id": "u"})["$.location"] == (
        "list-for-one-value", 'send location as "Paris", not as a list, and resubmit the same call')


def test_several_items_where_one_value_is_wanted_are_one_call_each():
    reason, repair = problems({"location": ["Paris", "London"], "user_id": "u"})["$.location"]
    assert reason == "list-for-one-value"
    assert repair == ('location takes one value: make one call per item ("Paris", "London"), each with location '
                      "set to that item, and resubmit them")


def test_a_list_of_values_the_field_would_not_take_is_a_plain_type_error():
    assert problems({"location": [1], "user_id": "u"})["$.location"][0] == "type"


@pytest.mark.parametrize(("sent", "missing"), [("loc", "location"), ("userId", "user_id"), ("locaton", "location")])
def test_a_near_miss_key_is_named_beside_the_missing_one(sent, missing):
    call = {"location": "Paris", "user_id": "u"}
    call[sent] = call.pop(missing)
    reason, repair = problems(call)[f"$.{missing}"]
    assert reason == "required"
    assert repair == f"you sent {sent}; did you mean {missing}? Rename {sent} to {missing} and resubmit the same call"
    assert f"rename it to {missing}" in problems(call)[f"$.{sent}"][1]


def test_a_key_that_misses_nothing_gets_no_guess():
    assert problems({"city": "Paris", "user_id": "u"})["$.location"][1] == "add location and resubmit the same call"


@pytest.mark.parametrize(("schema", "expected"), [
    ({"type": "array", "items": {"type": "string", "maxLength": 100}, "maxItems": 10},
     "an array of at most 10 items, each a string of at most 100 characters"),
    ({"type": "array", "items": {"type": "string"}, "maxItems": 10}, "an array of at most 10 strings"),
    ({"type": "array", "items": {"type": "integer"}, "minItems": 1, "maxItems": 3}, "an array of 1 to 3 integers"),
    ({"type": "array", "items": {"type": "string"}}, "an array of strings"),
])
def test_nested_bounds_read_in_order(schema, expected):
    assert describe(schema, schema) == expected


def test_what_a_subschema_accepts_is_written_once_per_schema(monkeypatch):
    envelope_module = importlib.import_module("schema_lint.boundary.envelope")
    written = []
    monkeypatch.setattr(envelope_module, "describe", lambda *arguments: written.append(arguments) or "a phrase")
    boundary = ToolBoundary({"type": "object", "properties": {"n": {"type": "integer"}, "s": {"type": "string"}},
                             "required": ["s"]})
    first = boundary.check({"n": "x"})
    assert len(written) == 2  # the integer's phrase, and the missing string's
    second = boundary.check({"n": "y"})
    assert len(written) == 2 and second.envelope == first.envelope  # models repeat their mistakes


LISTS = {"type": "object", "properties": {
    "sorts": {"type": "array", "items": {"type": "object", "required": ["property"],
                                         "properties": {"property": {"type": "string"}}}},
    "ids": {"type": "array", "items": {"type": "integer"}},
    "metadata": {"type": "object", "additionalProperties": {"type": "string"}},
    "point": {"type": "object", "required": ["x"], "properties": {"x": {"type": "number"}}}}}


@pytest.mark.parametrize(("call", "said", "not_said"), [
    # one object where an array of objects is wanted: the array, never "as a JSON object"
    ({"sorts": '{"property": "Name"}'}, 'as a JSON array, not as text: [{"property": "Name"}]', "JSON object"),
    # decoded text that fails its own schema: the kind wanted, and the fault
    ({"metadata": '{"order_id": 6735}'}, 'as an object, not as text (as sent, order_id: 6735 is not of type "string")',
     "of its items"),
    ({"ids": '["a", 2]'}, "as an array of integers, not as text (as sent, [0]:", "of its items"),
    ({"ids": '{"a": 1}'}, "as an array of integers, not as text", "JSON object"),
    ({"point": "[1, 2]"}, "as an object", "JSON array"),
    ({"sorts": '[{"direction": "up"}]'}, "not as text (as sent, [0]:", "of its items"),
])
def test_text_holding_json_is_asked_for_as_the_kind_the_schema_wants_with_its_fault(call, said, not_said):
    outcome = ToolBoundary(LISTS).check(call)
    [problem] = outcome.envelope["error"]["errors"]
    assert problem["reason"] == "serialized-container"
    assert said in problem["repair"] and not_said not in problem["repair"], problem["repair"]


def test_a_member_a_repair_would_leave_out_is_not_asked_for_as_the_null_it_was():
    from schema_lint.boundary import Policy

    schema = {"type": "object", "properties": {"amount": {"type": "integer"}, "note": {"type": "string"},
                                               "reason": {"type": "string", "enum": ["duplicate", "fraud"]}}}
    outcome = ToolBoundary(schema, policy=Policy.from_names(["null-as-absent"])).check(
        {"amount": "10.00", "reason": None, "note": None})
    errors = outcome.envelope["error"]["errors"]
    said = {e["path"]: e["repair"] for e in errors}
    assert said["$.reason"].startswith("leave out reason") and said["$.note"].startswith("leave out note")
    assert not any("as null" in repair for repair in said.values())
    assert [e["path"] for e in errors].count("$.reason") == 1  # `type` and `enum` ask for the same: once


@pytest.mark.parametrize("declared, noun", [("integer", "an integer"), (["integer", "null"], "an integer"),
                                            ("number", "a number"), (["integer", "number"], "a number")])
def test_a_bound_of_an_integer_asks_for_an_integer(declared, noun):
    """Told "a number greater than 0", a model may resubmit 0.5, which the type then refuses."""
    schema = {"type": "object", "properties": {"n": {"type": declared, "exclusiveMinimum": 0, "maximum": 10}}}
    for sent, bound in ((0, "greater than 0"), (11, "at most 10")):
        (error,) = ToolBoundary(schema).check({"n": sent}).envelope["error"]["errors"]
        assert error["expected"] == f"{noun} {bound}"


@pytest.mark.parametrize("field, sent, told", [
    ({"enum": [f"zone_{i}" for i in range(20_000)]}, "x", "(20,000 values in all: see the tool's schema)"),
    ({"const": "a" * 100_000}, "b", "(100,000 characters in all: see the tool's schema)"),
    ({"type": "string", "pattern": "a" * 50_000}, "b", "(50,000 characters in all: see the tool's schema)"),
])
def test_the_schemas_own_values_are_shown_within_a_budget(field, sent, told):
    """A 20,000-value enum made every rejection a 149 kB envelope, sent back to the model."""
    envelope = ToolBoundary({"type": "object", "properties": {"f": field}}).check({"f": sent}).envelope
    (error,) = envelope["error"]["errors"]
    assert error["expected"].endswith(told) and len(json.dumps(envelope)) < 3 * LISTED_LIMIT


def test_an_enum_within_the_budget_is_listed_whole():
    values = [f"zone_{i}" for i in range(100)]
    (error,) = ToolBoundary({"type": "object", "properties": {"f": {"enum": values}}}).check({"f": "x"}).envelope[
        "error"]["errors"]
    assert error["expected"] == "one of " + ", ".join(values)


DRAFT_07 = "http://json-schema.org/draft-07/schema#"
PAIR = [{"type": "integer"}, {"type": "string"}]


@pytest.mark.parametrize("array", [
    {"$schema": DRAFT_07, "items": PAIR, "additionalItems": False},
    {"prefixItems": PAIR, "unevaluatedItems": False},
])
@pytest.mark.parametrize(("sent", "which"), [([1, "a", "b"], "item 2"), ([1, "a", "b", "c"], "items 2 to 3")])
def test_items_past_a_tuple_are_named_and_removing_them_is_accepted(array, sent, which):
    """The validator reports them at the array, which is one already: the repair names the items."""
    dialect = {"$schema": array["$schema"]} if "$schema" in array else {}
    items = {key: value for key, value in array.items() if key != "$schema"}
    schema = {**dialect, "type": "object", "properties": {"t": {"type": "array", **items}}}
    boundary = ToolBoundary(schema)
    [error] = boundary.check({"t": sent}).envelope["error"]["errors"]
    assert (error["path"], error["expected"]) == ("$.t", "at most 2 items")
    assert error["repair"] == f"remove {which} of t and resubmit the same call"
    assert boundary.check({"t": sent[:2]}).status == "valid"


@pytest.mark.parametrize("array", [
    {"prefixItems": [{"type": "integer"}], "contains": {"const": "a"}, "unevaluatedItems": False},
    {"allOf": [{"prefixItems": [{"type": "integer"}, {"const": "a"}]}], "unevaluatedItems": False},
])
def test_items_evaluated_elsewhere_are_counted_not_placed(array):
    schema = {"type": "object", "properties": {"t": {"type": "array", **array}}}
    [error] = ToolBoundary(schema).check({"t": [1, "a", "b"]}).envelope["error"]["errors"]
    assert error["repair"] == "remove the 1 item of t that its schema does not describe and resubmit the same call"


ROOM_OR_CALL = {"type": "object", "properties": {"location": {"oneOf": [
    {"type": "object", "required": ["kind", "room"],
     "properties": {"kind": {"const": "room"}, "room": {"type": "string"}}},
    {"type": "object", "required": ["kind", "url"],
     "properties": {"kind": {"const": "video"}, "url": {"type": "string"}}}],
    "discriminator": {"propertyName": "kind"}}}}


def test_a_union_member_sent_as_json_text_is_asked_for_as_that_json():
    boundary = ToolBoundary(ROOM_OR_CALL)
    [error] = boundary.check({"location": '{"kind": "room", "room": "4.1"}'}).envelope["error"]["errors"]
    assert error["reason"] == "serialized-container"
    shown = error["repair"].split("not as text: ", 1)[1].rsplit(", and resubmit", 1)[0]
    assert boundary.check({"location": json.loads(shown)}).status == "valid"


@pytest.mark.parametrize(("union", "sent", "reason"), [
    (ROOM_OR_CALL, '{"kind": "room"}', "serialized-container"),  # no branch takes text: sent as JSON, still wrong
    ({"type": "object", "properties": {"location": {"anyOf": [{"type": "string", "maxLength": 3},
                                                             {"type": "object", "required": ["a"]}]}}},
     '{"b": 1}', "maxLength"),  # a branch takes text: the text's own fault
])
def test_json_text_a_union_would_not_take_decoded_either(union, sent, reason):
    [error] = ToolBoundary(union).check({"location": sent}).envelope["error"]["errors"]
    assert error["reason"] == reason


@pytest.mark.parametrize(("schema", "openapi", "sent"), [
    ({"type": "object", "properties": {"n": {"type": "integer", "enum": [1, 2]}}}, False, "x"),
    ({"type": "OBJECT", "properties": {"n": {"type": "INTEGER", "enum": ["101", "201"]}}}, True, "101"),
])
def test_a_value_failing_type_and_enum_is_one_problem(schema, openapi, sent):
    errors = ToolBoundary(schema, openapi=openapi).check({"n": sent}).envelope["error"]["errors"]
    assert [error["path"] for error in errors] == ["$.n"]


@pytest.mark.parametrize(("schema", "call", "policy"), [
    ({"type": "object", "properties": {"m": {"type": "string"}}, "minProperties": 1}, {"m": None}, []),
    ({"type": "object", "properties": {"m": {"type": "string"}, "n": {"type": "integer"}},
      "dependentRequired": {"n": ["m"]}}, {"m": None, "n": 1}, ["null-as-absent"]),
    ({"type": "object", "properties": {"o": {"$ref": "#/$defs/O"}}, "$defs": {"O": {
        "type": "object", "properties": {"m": {"type": "string", "minLength": 1}}, "anyOf": [{"required": ["m"]}]}}},
     {"o": {"m": ""}}, []),
    ({"type": "object", "properties": {"t": {"type": "array", "items": {"type": "string"}}},
      "dependentSchemas": {"t": {"properties": {"t": {"maxItems": 0}}}}}, {"t": "a"}, []),
])
def test_a_repair_the_object_would_refuse_again_is_not_offered(schema, call, policy):
    """Each member's own schema takes the repair; the object's keywords together do not."""
    from schema_lint.boundary import Policy

    boundary = ToolBoundary(schema, policy=Policy.from_names(policy)) if policy else ToolBoundary(schema)
    outcome = boundary.check(call)
    assert outcome.status == "rejected"
    [error] = outcome.envelope["error"]["errors"]
    assert "leave out" not in error["repair"] and '["a"]' not in error["repair"]


def test_a_member_the_object_lets_go_may_still_be_left_out():
    schema = {"type": "object", "properties": {"m": {"type": "string"}, "n": {"type": "integer"}},
              "dependentRequired": {"m": ["n"]}}
    [error] = ToolBoundary(schema).check({"m": None, "n": 1}).envelope["error"]["errors"]
    assert error["repair"].startswith("leave out m")


@pytest.mark.parametrize("sent", ['```json\n["bug"]\n```', '["bug", "u', '"bug", "ui"', "[bug, ui]"])
def test_a_list_broken_or_wrapped_is_not_split_into_items_to_send(sent):
    """Split at its commas, a list cut short, quoted whole or fenced would be offered back as items."""
    schema = {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}}
    outcome = ToolBoundary(schema).check({"tags": sent})
    [error] = outcome.envelope["error"]["errors"]
    assert (error["reason"], error["repair"]) == ("type", "send tags as an array of strings and resubmit the same call")


def test_the_properties_an_object_takes_are_listed_within_the_budget():
    names = [f"property_name_number_{index:03d}" for index in range(300)]
    schema = {"type": "object", "additionalProperties": False, "properties": {name: {"type": "string"} for name in names}}
    [error] = ToolBoundary(schema).check({"colour": "x"}).envelope["error"]["errors"]
    assert len(error["expected"]) <= LISTED_LIMIT + 100
    assert error["expected"].endswith("(300 properties in all: see the tool's schema)")
    small = {"type": "object", "additionalProperties": False, "properties": {"a": {}, "b": {}}}
    [error] = ToolBoundary(small).check({"c": 1}).envelope["error"]["errors"]
    assert error["expected"] == "only these properties: a, b"


def test_no_rename_is_offered_to_a_key_the_call_already_holds():
    schema = {"type": "object", "additionalProperties": False,
              "properties": {"title": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}}}}
    boundary = ToolBoundary(schema)
    for call, stray in (({"title": "a", "Title": "b"}, "Title"), ({"tags": ["a"], "tag": "b"}, "tag")):
        [error] = boundary.check(call).envelope["error"]["errors"]
        assert error["path"] == f"$.{stray}" and error["repair"] == f"remove {stray} and resubmit the same call"
    [error] = boundary.check({"Title": "b"}).envelope["error"]["errors"]
    assert "rename it to title" in error["repair"]


def test_one_object_where_an_array_of_them_is_wanted_is_asked_for_as_that_array():
    schema = {"type": "object", "properties": {"watchers": {"type": "array", "items": {
        "type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}}}}
    boundary = ToolBoundary(schema)
    outcome = boundary.check({"watchers": {"id": "u1"}})
    assert outcome.status == "rejected"  # told, not made: the model may have meant several
    [error] = outcome.envelope["error"]["errors"]
    shown = error["repair"].split("as an array: ", 1)[1].rsplit(", and resubmit", 1)[0]
    assert boundary.check({"watchers": json.loads(shown)}).status == "valid"
    [error] = boundary.check({"watchers": {"name": "u1"}}).envelope["error"]["errors"]
    assert "as an array:" not in error["repair"]  # as one item it would fail too


def test_a_union_member_sent_as_a_list_of_one_is_asked_for_as_that_member():
    boundary = ToolBoundary(ROOM_OR_CALL)
    [error] = boundary.check({"location": [{"kind": "room", "room": "4.1"}]}).envelope["error"]["errors"]
    assert error["reason"] == "list-for-one-value"
    assert boundary.check({"location": {"kind": "room", "room": "4.1"}}).status == "valid"


@pytest.mark.parametrize("sent", [",", "; ", " , ;"])
def test_delimiters_alone_are_no_value_to_wrap(sent):
    schema = {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}}
    outcome = ToolBoundary(schema).check({"tags": sent})
    assert outcome.status == "rejected" and outcome.envelope["error"]["errors"][0]["reason"] == "type"
