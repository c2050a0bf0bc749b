"""The issue's acceptance cases: what the boundary makes of each kind of near miss."""

from __future__ import annotations

import json

import pytest

from conftest import CREATE_TICKET
from fuzzkit import RECIPIENT_WHEN_EMAIL, fuzz_schema, outcomes

from schema_lint.boundary import Policy
from schema_lint.fuzz.model import FuzzOptions


def _conditional(report):
    return [m for m in report.near_misses if m.mutator == "conditional-omitted" and m.path == "$.recipient"]


def test_recipient_missing_while_channel_is_email_is_accepted_without_if_then():
    misses = _conditional(fuzz_schema(CREATE_TICKET))
    assert {m.outcome for m in misses} == {"accepted"}
    assert misses[0].rule == "SL102"
    assert misses[0].example["channel"] == "email" and "recipient" not in misses[0].example


def test_recipient_missing_while_channel_is_email_is_rejected_once_if_then_says_so():
    misses = _conditional(fuzz_schema({**CREATE_TICKET, **RECIPIENT_WHEN_EMAIL}))
    assert {m.outcome for m in misses} == {"rejected"}
    errors = misses[0].envelope["error"]["errors"]
    assert any(e["path"] == "$.recipient" and e["reason"] == "required" for e in errors)


def test_unknown_key_is_accepted_by_an_open_object_and_rejected_by_a_closed_one():
    open_schema = {k: v for k, v in CREATE_TICKET.items() if k != "additionalProperties"}
    opened = [m for m in fuzz_schema(open_schema).near_misses if m.mutator == "unknown-key"]
    assert {m.outcome for m in opened} == {"accepted"}
    assert {m.rule for m in opened} == {"SL201"}
    assert outcomes(fuzz_schema(CREATE_TICKET), "unknown-key") == {"rejected"}


def test_unknown_key_is_tried_in_nested_objects_too():
    schema = {"type": "object", "additionalProperties": False, "required": ["filters"],
              "properties": {"filters": {"type": "object", "properties": {"region": {"type": "string"}},
                                         "required": ["region"]}}}
    report = fuzz_schema(schema)
    assert outcomes(report, "unknown-key", "$.extra_field") == {"rejected"}
    assert outcomes(report, "unknown-key", "$.filters.extra_field") == {"accepted"}


ARRAY_OF_STRINGS = {"type": "object", "additionalProperties": False, "required": ["data_source_names"],
                    "properties": {"data_source_names": {"type": "array", "minItems": 1,
                                                         "items": {"type": "string", "minLength": 1}}}}


def test_scalar_for_array_on_an_array_of_strings_is_canonicalized():
    misses = [m for m in fuzz_schema(ARRAY_OF_STRINGS).near_misses if m.mutator == "scalar-for-array"]
    assert {m.outcome for m in misses} == {"canonicalized"}
    repair = misses[0].repairs[0]
    assert repair["rule"] == "scalar-for-array" and repair["after"] == [repair["before"]]


def test_scalar_for_array_is_rejected_when_the_policy_has_no_repairs():
    report = fuzz_schema(ARRAY_OF_STRINGS, options=FuzzOptions(examples=5, policy=Policy.none(), budget=20.0))
    assert outcomes(report, "scalar-for-array") == {"rejected"}


def test_comma_joined_lists_are_never_split():
    misses = [m for m in fuzz_schema(ARRAY_OF_STRINGS).near_misses if m.mutator == "comma-joined"]
    assert misses
    for miss in misses:
        sent = miss.example["data_source_names"]
        assert isinstance(sent, str) and "," in sent
        if miss.outcome == "canonicalized":
            assert [r["after"] for r in miss.repairs] == [[sent]]


def test_missing_field_of_an_object_without_required_is_accepted_and_points_at_sl101():
    schema = {"type": "object", "additionalProperties": False,
              "properties": {"title": {"type": "string", "minLength": 1, "maxLength": 50,
                                       "description": "The ticket's title; required."}}}
    misses = [m for m in fuzz_schema(schema).near_misses if m.mutator == "missing-required"]
    assert [(m.path, m.outcome, m.rule) for m in misses] == [("$.title", "accepted", "SL101")]


def test_loose_strings_are_accepted_and_name_their_rules():
    report = fuzz_schema({k: v for k, v in CREATE_TICKET.items()})
    accepted = {(m.mutator, m.path): m.rule for m in report.near_misses if m.outcome == "accepted"}
    assert accepted[("overlong-string", "$.title")] == "SL301"
    assert ("empty-string", "$.title") not in accepted  # minLength: 1 refuses it
    assert ("bad-format", "$.recipient") not in accepted  # format assertions are on


def test_bad_format_where_the_name_implies_one_and_the_schema_has_none_points_at_sl304():
    schema = {"type": "object", "additionalProperties": False, "required": ["contact_email"],
              "properties": {"contact_email": {"type": "string", "maxLength": 254}}}
    misses = [m for m in fuzz_schema(schema).near_misses if m.mutator == "bad-format"]
    assert [(m.outcome, m.rule) for m in misses] == [("accepted", "SL304")]
    assert "@" not in misses[0].example["contact_email"]


def test_wrong_type_accepted_by_an_untyped_property_points_at_sl203():
    schema = {"type": "object", "additionalProperties": False, "required": ["payload", "count"],
              "properties": {"payload": {"description": "anything"}, "count": {"type": "integer"}}}
    report = fuzz_schema(schema)
    assert outcomes(report, "wrong-type", "$.count") == {"rejected"}
    assert {m.rule for m in report.near_misses if m.path == "$.payload" and m.outcome == "accepted"} <= {"SL203"}


def test_nested_array_items_are_mutated_at_their_own_path():
    schema = {"type": "object", "additionalProperties": False, "required": ["sections"],
              "properties": {"sections": {"type": "array", "minItems": 1, "maxItems": 3, "items": {
                  "type": "object", "additionalProperties": False, "required": ["level"],
                  "properties": {"level": {"type": "integer", "minimum": 1, "maximum": 6}}}}}}
    report = fuzz_schema(schema)
    assert outcomes(report, "number-as-string", "$.sections[0].level") == {"rejected"}
    assert outcomes(report, "missing-required", "$.sections[0].level") == {"rejected"}
    assert not any(m.path.startswith("$.sections[1]") for m in report.near_misses)  # same schema as [0]


def test_every_example_is_the_valid_call_with_only_the_named_change():
    report = fuzz_schema(CREATE_TICKET)
    for miss in report.near_misses:
        assert json.dumps(miss.example)  # JSON, as a model would send it
        assert miss.changes and miss.changes[-1].path == miss.path


TYPED = {"type": "object", "additionalProperties": False, "required": ["filters", "level", "urgent", "size"],
         "properties": {"filters": {"type": "object", "additionalProperties": False, "required": ["region"],
                                    "properties": {"region": {"type": "string", "maxLength": 8}}},
                        "level": {"type": "integer", "minimum": 1, "maximum": 5},
                        "urgent": {"type": "boolean"},
                        "size": {"type": "string", "enum": ["small", "large"]}}}


LISTS = {"type": "object", "additionalProperties": False, "required": ["tags"],
         "properties": {"tags": {"type": "array", "minItems": 2, "maxItems": 3,
                                 "items": {"type": "string", "minLength": 1, "maxLength": 8, "pattern": "^[a-z]+$"}}}}


@pytest.mark.parametrize("mutator", ["json-string", "python-literal", "comma-joined"])
def test_a_list_sent_as_text_is_rejected_under_the_default_policy_never_wrapped(mutator):
    misses = [m for m in fuzz_schema(LISTS).near_misses if m.mutator == mutator and m.path == "$.tags"]
    assert misses and {m.outcome for m in misses} == {"rejected"}


@pytest.mark.parametrize(("mutator", "path", "repair"), [
    ("json-string", "$.filters", "json-string"),
    ("python-literal", "$.filters", "literal-string"),
    ("number-as-string", "$.level", "numeric-string"),
    ("boolean-as-string", "$.urgent", "boolean-string"),
    ("enum-case", "$.size", "enum-case"),
])
def test_each_opt_in_repair_turns_its_near_miss_from_rejected_to_canonicalized(mutator, path, repair):
    assert outcomes(fuzz_schema(TYPED), mutator, path) == {"rejected"}
    with_repair = FuzzOptions(examples=5, policy=Policy.from_names([repair]), budget=20.0)
    misses = [m for m in fuzz_schema(TYPED, options=with_repair).near_misses if m.mutator == mutator and m.path == path]
    assert {m.outcome for m in misses} == {"canonicalized"}
    assert [r["rule"] for r in misses[0].repairs] == [repair]


# A fastmcp tool `schedule(at: datetime, limit: int = 10)`, as pydantic writes its schema.
SCHEDULE = {"type": "object", "required": ["at"], "additionalProperties": False,
            "properties": {"at": {"type": "string", "format": "date-time"}, "limit": {"type": "integer", "default": 10}}}


def test_a_frameworks_tool_is_fuzzed_through_its_adapters_boundary():
    served, plain = fuzz_schema(SCHEDULE, "schedule", framework="fastmcp"), fuzz_schema(SCHEDULE, "schedule")
    # pydantic reads "7" as 7, and 42 as a timestamp: the server runs both.
    assert outcomes(served, "number-as-string", "$.limit") == {"canonicalized"}
    assert outcomes(served, "wrong-type", "$.at") == {"accepted"}
    assert outcomes(plain, "number-as-string", "$.limit") == outcomes(plain, "wrong-type", "$.at") == {"rejected"}
    # A malformed date is refused by pydantic too: still rejected, though the adapter leaves it to pydantic.
    assert outcomes(served, "bad-format", "$.at") == outcomes(plain, "bad-format", "$.at") == {"rejected"}


def test_a_framework_no_adapter_serves_is_fuzzed_through_the_plain_boundary():
    assert outcomes(fuzz_schema(SCHEDULE, "schedule", framework="pydantic"), "number-as-string") == {"rejected"}
