"""What a framework does anyway is done first and kept: the boundary in front of it refuses
no call the framework would run (the frameworks themselves: test_framework_adapters.py)."""

from __future__ import annotations

import math

import pytest

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, ValidationError

from schema_lint.boundary import Policy
from schema_lint.boundary.framework import (PYDANTIC, PYDANTIC_MCP, PYDANTIC_STRICT, LazyBoundaries, Leniency,
                                            behind_model, framework_boundary, framework_checks)
from schema_lint.boundary.judge import pydantic_judge

SEARCH = {"type": "object", "additionalProperties": False, "required": ["query", "limit", "cc"],
          "properties": {"query": {"type": "string"}, "limit": {"type": "integer", "default": 10},
                         "ratio": {"type": "number"}, "exact": {"type": "boolean"},
                         "cc": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                         "tags": {"type": "array", "items": {"type": "string"}}}}
STRICT = Leniency(lax=True, fills_absent=True)


def run(call: dict, leniency: Leniency = STRICT):
    return framework_boundary(SEARCH, "search", leniency).check(call)


# What pydantic 2 in lax mode reads (checked against pydantic in tests/boundary/frameworks).
@pytest.mark.parametrize(("sent", "read"), [
    ({"limit": "5"}, {"limit": 5}), ({"limit": " 7 "}, {"limit": 7}), ({"limit": "+5"}, {"limit": 5}),
    ({"limit": "1_000"}, {"limit": 1000}), ({"limit": "5.0"}, {"limit": 5}), ({"limit": True}, {"limit": 1}),
    ({"limit": "1_000.00"}, {"limit": 1000}), ({"limit": "-05"}, {"limit": -5}),
    ({"ratio": "2.5"}, {"ratio": 2.5}), ({"ratio": "1e3"}, {"ratio": 1000}),
    ({"exact": "yes"}, {"exact": True}), ({"exact": "OFF"}, {"exact": False}), ({"exact": 1}, {"exact": True}),
    ({"exact": "t"}, {"exact": True}), ({"exact": "0"}, {"exact": False}),
    ({"exact": 1.0}, {"exact": True}), ({"exact": 0.0}, {"exact": False}),
])
def test_pydantic_lax_readings_are_made_and_recorded(sent, read):
    outcome = run({"query": "q", "limit": 3, "cc": None, **sent})
    assert outcome.status == "canonicalized" and outcome.arguments == {"query": "q", "limit": 3, "cc": None, **read}
    assert {r.rule for r in outcome.repairs} <= {"lax-number", "lax-boolean"}


@pytest.mark.parametrize("sent", [{"limit": "5.5"}, {"limit": "five"}, {"ratio": "inf"}, {"ratio": "nan"},
                                  {"exact": "maybe"}, {"exact": 2}, {"exact": 0.5}, {"exact": 2.0}, {"limit": "٥"},
                                  # pydantic reads no exponent or bare point in an integer's text
                                  {"limit": "1e2"}, {"limit": "5."}, {"limit": "5.0e0"}, {"limit": "5.000000000000000001"}])
def test_what_lax_mode_refuses_stays_refused(sent):
    assert run({"query": "q", "limit": 3, "cc": None, **sent}).status == "rejected"


def test_what_a_strict_schema_s_model_fills_is_recorded_but_not_written_into_the_call():
    """The function's model fills a member its strict schema lists as required (its default, or
    None): the boundary stops asking for it, records the framework's change, and leaves the filling
    to the model, so the tool gets what it got without the boundary (a model dumped with
    `exclude_unset` does not carry members the call never set)."""
    outcome = run({"query": "q"})
    assert (outcome.status, outcome.arguments) == ("canonicalized", {"query": "q"})
    assert [(r.path, r.rule, r.after) for r in outcome.repairs] == [
        ("$.limit", "absent-default", 10), ("$.cc", "absent-default", None)]
    lax = run({"query": "q", "limit": "5", "cc": None})
    assert (lax.status, lax.arguments) == ("canonicalized", {"query": "q", "limit": 5, "cc": None})


def test_a_fill_next_to_a_member_the_schema_does_not_declare_is_not_recorded():
    """`lim` may be the model's alias for `limit`: the model reads the call then, not the default."""
    outcome = framework_boundary(SEARCH, "search", behind_model(True)).check({"query": "q", "cc": None, "lim": 5})
    assert (outcome.status, outcome.arguments, outcome.repairs) == ("valid", {"query": "q", "cc": None, "lim": 5}, [])


def test_a_plain_boundary_with_absent_default_in_its_policy_writes_the_fill():
    """No framework fills it there: the tool gets the call as the boundary hands it on."""
    outcome = framework_boundary(SEARCH, "search", Leniency(), policy=Policy.from_names(["absent-default"])).check(
        {"query": "q"})
    assert outcome.status == "canonicalized" and outcome.arguments == {"query": "q", "limit": 10, "cc": None}


def test_what_the_framework_fills_is_not_reported_missing_when_the_call_is_rejected():
    outcome = run({"limit": "5"})  # query is missing: that, and only that, is the model's to fix
    assert outcome.status == "rejected"
    assert [(e["path"], e["reason"]) for e in outcome.envelope["error"]["errors"]] == [("$.query", "required")]
    assert outcome.arguments == {"limit": 5}  # the call as the framework would see it: the model fills `cc`


def test_without_leniency_the_same_calls_are_rejected():
    assert run({"query": "q", "limit": "5", "cc": None}, Leniency()).status == "rejected"
    assert run({"query": "q"}, PYDANTIC).status == "rejected"  # a loose schema's model has no strict fill


def test_boundaries_are_built_at_first_use_and_again_when_the_schema_changes():
    built = []
    boundaries = LazyBoundaries(lambda name, schema: built.append(name) or framework_boundary(schema, name, PYDANTIC))
    assert built == []
    first = boundaries.get("search", SEARCH)
    assert boundaries.get("search", dict(SEARCH)) is first and built == ["search"]
    changed = boundaries.get("search", {**SEARCH, "required": ["query"]})
    assert changed is not first and built == ["search", "search"]


# A pydantic model's schema for `at: datetime, on: date | None, user: constr(pattern=r"^\w+$"),
# note_id: constr(pattern=r"^n_\d+$")`, as pydantic 2 writes it.
DATED = {"type": "object", "required": ["at"],
         "properties": {"at": {"type": "string", "format": "date-time"},
                        "on": {"anyOf": [{"type": "string", "format": "date"}, {"type": "null"}], "default": None},
                        "user": {"type": "string", "pattern": r"^\w+$", "default": "x"},
                        "note_id": {"type": "string", "pattern": r"^n_\d+$", "default": "n_1"}}}

# What pydantic 2 accepts and a JSON Schema validator refuses (checked against the frameworks in
# tests/boundary/frameworks; against pydantic itself in tests/properties/test_framework_boundary_laws.py).
PYDANTIC_READS = [
    {"at": "2024-05-01T09:00:00"}, {"at": "2024-05-01"}, {"at": "2024-05-01 10:00"}, {"at": 1714557600},
    {"at": 1714557600.5}, {"at": "1714557600"}, {"at": "2024-05-01T09:00:00Z", "on": "2024-05-01T00:00:00"},
    {"at": "2024-05-01T09:00:00Z", "on": 1714521600}, {"at": "2024-05-01T09:00:00Z", "user": "jürgen"},
    {"at": "2024-05-01T09:00:00Z", "note_id": "n_١٢"},
]


@pytest.mark.parametrize("call", PYDANTIC_READS)
def test_dates_times_and_patterns_are_left_to_pydantic(call):
    outcome = framework_boundary(DATED, "schedule", PYDANTIC).check(call)
    assert outcome.status == "valid" and outcome.arguments == call


@pytest.mark.parametrize("call", PYDANTIC_READS)
def test_a_plain_boundary_still_asserts_formats_and_patterns(call):
    assert framework_boundary(DATED, "schedule", Leniency()).check(call).status == "rejected"


def test_strict_mode_reads_no_timestamp_but_leaves_text_to_pydantic():
    boundary = framework_boundary(DATED, "schedule", PYDANTIC_STRICT)
    assert boundary.check({"at": "2024-05-01 10:00", "user": "jürgen"}).status == "valid"
    assert boundary.check({"at": 1714557600}).status == "rejected"


def test_everything_else_is_still_checked_and_explained():
    outcome = framework_boundary(DATED, "schedule", PYDANTIC).check({"at": ["2024-05-01"], "user": 5})
    assert outcome.status == "rejected"
    assert {(e["path"], e["reason"]) for e in outcome.envelope["error"]["errors"]} == {
        ("$.at", "list-for-one-value"), ("$.user", "type")}


def test_only_keywords_are_dropped_not_properties_or_values_named_like_them():
    schema = {"type": "object", "properties": {"format": {"type": "string", "pattern": "^x"},
                                               "pattern": {"const": {"format": "date", "pattern": "^y"}}},
              "$defs": {"when": {"type": "string", "format": "date-time"}}}
    assert framework_checks(schema, PYDANTIC) == {
        "type": "object", "properties": {"format": {"type": "string"},
                                         "pattern": {"const": {"format": "date", "pattern": "^y"}}},
        "$defs": {"when": {"type": ["string", "number"]}}}


def test_a_condition_keeps_its_keywords_so_that_nothing_more_is_refused():
    schema = {"type": "string", "not": {"pattern": "^x"}, "if": {"format": "date"}, "then": {"pattern": "^2"}}
    assert framework_checks(schema, PYDANTIC) == {"type": "string", "not": {"pattern": "^x"},
                                                  "if": {"format": "date"}, "then": {}}
    assert framework_checks(schema, Leniency(json_text=True, fills_absent=True)) is schema


def test_behind_an_openai_agents_model_an_undeclared_member_is_passed_on_for_the_model_to_drop():
    """Its strict schema says `additionalProperties: false`, but the function's model ignores
    what it does not declare: the bare tool ran such a call."""
    closed = {"type": "object", "additionalProperties": False, "required": ["query"],
              "properties": {"query": {"type": "string"}}}
    assert framework_boundary(closed, "search", behind_model(True)).check({"query": "q", "trace": 1}).proceed
    assert not framework_boundary(closed, "search", PYDANTIC).check({"query": "q", "trace": 1}).proceed


def test_behind_the_mcp_sdk_json_null_text_is_null_where_null_is_accepted():
    """The SDK decodes the JSON text `"null"` before pydantic reads it: an optional list gets None."""
    schema = {"type": "object", "properties": {"labels": {"anyOf": [{"type": "array", "items": {"type": "string"}},
                                                                     {"type": "null"}]}}}
    outcome = framework_boundary(schema, "label", PYDANTIC_MCP).check({"labels": "null"})
    assert (outcome.status, outcome.arguments) == ("canonicalized", {"labels": None})



def refusing(*locations):
    """A judge: the framework's validation refuses the call at ``locations``, whatever it holds."""
    return lambda arguments: list(locations)


@pytest.mark.parametrize(("refused", "sent", "kept"), [
    ([("exact",)], {"exact": "yes", "limit": "5"}, {"limit": 5}),
    ([("exact", "bool")], {"exact": "yes", "limit": "5"}, {"limit": 5}),  # a union branch's tag: still `exact`
    ([("limit",)], {"exact": "yes", "limit": "5"}, {"exact": True}),
    ([()], {"exact": "yes", "limit": "5"}, {}),  # a model validator: the whole call
    ([("cc",)], {"exact": "yes"}, {"exact": True}),  # a required Optional left out: not filled
])
def test_a_judged_boundary_reads_a_value_only_where_the_framework_s_validator_takes_it(refused, sent, kept):
    boundary = framework_boundary(SEARCH, "search", STRICT, judge=refusing(*refused))
    outcome = boundary.check({"query": "q", "cc": None, **sent} if refused != [("cc",)] else {"query": "q", **sent})
    made = {r.path.removeprefix("$."): r.after for r in outcome.repairs if r.rule != "absent-default"}
    assert made == kept
    assert not outcome.proceed or set(made) == set(sent)


def test_a_required_field_the_framework_does_not_fill_is_asked_for():
    boundary = framework_boundary(SEARCH, "search", STRICT, judge=refusing(("cc",)))
    outcome = boundary.check({"query": "q"})
    assert not outcome.proceed
    assert [r.path for r in outcome.repairs] == ["$.limit"]  # the default it does fill
    assert ("$.cc", "required") in {(e["path"], e["reason"]) for e in outcome.envelope["error"]["errors"]}


def test_a_strict_models_nested_location_is_read_through_the_call():
    from schema_lint.boundary.judge import lenient_at

    call = {"spec": {"qty": "2"}, "items": [{}, {"qty": "2"}]}
    where = lenient_at([("spec", "Spec", "qty"), ("items", 1, "qty")], call)
    assert not where(("spec", "qty")) and not where(("items", 1, "qty")) and not where(("spec",))
    assert where(("items", 0, "qty")) and where(("other",))


@pytest.mark.parametrize("sent", ["-0", "-0.0", "-0_0", " -0 "])
def test_minus_zero_for_a_number_keeps_its_sign_as_pydantic_reads_it(sent):
    ratio = run({"query": "q", "limit": 3, "cc": None, "ratio": sent}).arguments["ratio"]
    assert ratio == 0 and math.copysign(1, ratio) == -1
    assert run({"query": "q", "limit": sent, "cc": None}).arguments["limit"] == 0


class Recipient(BaseModel):
    email: str
    display_name: str | None = Field(None, validation_alias=AliasChoices("display_name", "displayName"))


class ClosedRecipient(Recipient):
    model_config = ConfigDict(extra="forbid")


class Invite(BaseModel):
    recipient: Recipient
    tags: list[str] | None = None


class ClosedInvite(BaseModel):
    recipient: ClosedRecipient
    tags: list[str] | None = None


# `Invite`'s schema as openai-agents writes it for a strict function tool: every member required, none
# other allowed, the first alias choice as the member's name (the other is in no schema).
STRICT_INVITE = {
    "type": "object", "additionalProperties": False, "required": ["recipient", "tags"],
    "properties": {"recipient": {"$ref": "#/$defs/Recipient"},
                   "tags": {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]}},
    "$defs": {"Recipient": {"type": "object", "additionalProperties": False, "required": ["email", "display_name"],
                            "properties": {"email": {"type": "string"},
                                           "display_name": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}}}
ANA = {"email": "ana@example.com", "displayName": "Ana"}


@pytest.mark.parametrize("model", [Invite, ClosedInvite])
@pytest.mark.parametrize("call", [{"recipient": ANA}, {"recipient": ANA, "tags": "urgent"}])
def test_a_member_sent_under_an_alias_is_not_overridden_by_the_default(model, call):
    """`displayName` is the model's second alias for `display_name`: filling `display_name` with its
    default would win over it (pydantic takes the first alias), and under `extra="forbid"` fail the
    call. The call runs with what it said, whether it was correct (the framework runs it as sent) or
    needed a repair elsewhere (a lone tag wrapped)."""
    boundary = framework_boundary(STRICT_INVITE, "invite", behind_model(True),
                                  judge=pydantic_judge(lambda arguments: model(**arguments)))
    outcome = boundary.check(call)
    assert outcome.proceed, outcome.envelope
    received = model(**outcome.arguments)
    assert received.recipient.display_name == "Ana"
    made = [(r.path, r.rule) for r in outcome.repairs]
    assert made == ([("$.tags", "absent-default")] if "tags" not in call else [("$.tags", "scalar-for-array")])


class Contact(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    email_address: str = Field(alias="emailAddress")
    phone: str | None = Field(None, validation_alias=AliasChoices("phone", "phoneNumber"))


class Card(BaseModel):
    contact: Contact
    count: int = 1


CARD = Card.model_json_schema()


@pytest.mark.parametrize("call", [{"contact": {"email_address": "a@x.org"}},
                                  {"contact": {"emailAddress": "a@x.org", "phoneNumber": "+1 555"}},
                                  {"contact": {"email_address": "a@x.org", "phoneNumber": "+1 555"}, "count": "2"}])
def test_a_call_the_tool_s_validator_takes_runs_as_sent_though_its_schema_names_other_keys(call):
    """The schema shows `emailAddress` and `phone` only (closed), but the model also reads the field's
    name (`populate_by_name`) and every `AliasChoices`: the framework runs these calls, so the boundary
    in front of it asks the model before it refuses one, and hands it on untouched."""
    boundary = framework_boundary(CARD, "add_contact", PYDANTIC, judge=pydantic_judge(Card.model_validate))
    outcome = boundary.check(call)
    assert (outcome.status, outcome.arguments) == ("valid", call)
    assert not framework_boundary(CARD, "add_contact", PYDANTIC).check(call).proceed  # the schema alone refuses it


@pytest.mark.parametrize("call", [{"contact": {"phoneNumber": "+1 555"}},
                                  {"contact": {"emailAddress": "a@x.org", "nick": "A"}},
                                  {"contact": {"emailAddress": "a@x.org"}, "count": "two"}])
def test_a_call_the_tool_s_validator_refuses_still_gets_the_envelope(call):
    boundary = framework_boundary(CARD, "add_contact", PYDANTIC, judge=pydantic_judge(Card.model_validate))
    outcome = boundary.check(call)
    assert outcome.status == "rejected"
    with pytest.raises(ValidationError):
        Card.model_validate(call)
