"""The law a framework's boundary keeps: whatever pydantic accepts for a field, the boundary in
front of pydantic does not refuse.

The schema is the one pydantic writes for a model of such fields, as every framework shows the
model; the values are generated in the forms models send dates, times and identifiers in (ISO
8601 with and without a zone, a space for the ``T``, a date alone, a Unix timestamp, text in any
script), and each one pydantic accepts must pass the boundary (where the framework would then
read it) rather than come back as an envelope.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone
from typing import Annotated, Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import (AliasChoices, BaseModel, ConfigDict, Field, StrictBool, StrictInt, TypeAdapter, ValidationError,
                      create_model)

from schema_lint.boundary import Policy
from schema_lint.boundary.framework import PYDANTIC, behind_model, framework_boundary
from schema_lint.boundary.judge import pydantic_judge


class Fields(BaseModel):
    at: datetime | None = None
    on: date | None = None
    clock: time | None = None
    wait: timedelta | None = None
    user: Annotated[str, Field(pattern=r"^\w+$")] = "x"
    note_id: Annotated[str, Field(pattern=r"^n_\d+$")] = "n_1"


BOUNDARY = framework_boundary(Fields.model_json_schema(), "fields", PYDANTIC)
ZONES = st.sampled_from([None, timezone.utc, timezone(timedelta(hours=-5, minutes=-30))])
MOMENTS = st.datetimes(min_value=datetime(1900, 1, 1), max_value=datetime(2200, 1, 1), timezones=ZONES)


@st.composite
def written_moments(draw: Any) -> Any:
    """A moment as a model writes it: ISO 8601 in its variants, a date alone, or seconds since the epoch."""
    moment = draw(MOMENTS)
    timespec = draw(st.sampled_from(["auto", "minutes", "seconds", "milliseconds"]))
    form = draw(st.sampled_from(["iso", "space", "date", "timestamp", "timestamp-text", "time"]))
    if form == "date":
        return moment.date().isoformat()
    if form == "time":
        return moment.timetz().isoformat(timespec=timespec)
    if form.startswith("timestamp"):
        seconds = draw(st.integers(-2 ** 33, 2 ** 33) | st.floats(-1e10, 1e10, allow_nan=False))
        return str(seconds) if form == "timestamp-text" else seconds
    return moment.isoformat(sep=" " if form == "space" else "T", timespec=timespec)


DURATIONS = (st.integers(-10 ** 6, 10 ** 6) | st.floats(-1e6, 1e6, allow_nan=False)
             | st.builds(lambda h, m, s: f"{h:02}:{m:02}:{s:02}", st.integers(0, 99), st.integers(0, 59),
                         st.integers(0, 59))
             | st.builds(lambda d, h: f"P{d}DT{h}H", st.integers(0, 400), st.integers(0, 23)))
WORDS = st.text(st.characters(categories=["L", "N", "Pc", "Mn", "Zs"]), min_size=1, max_size=12)
DIGITS = st.text(st.characters(categories=["Nd"]), min_size=1, max_size=6)
TEXT = {"user": WORDS, "note_id": st.builds("n_".__add__, DIGITS | WORDS)}
VALUES = {"at": written_moments(), "on": written_moments(), "clock": written_moments(), "wait": DURATIONS, **TEXT}


def accepted_by_pydantic(field: str, value: Any) -> bool:
    try:
        TypeAdapter(Fields).validate_python({field: value})
    except ValidationError:
        return False
    return True


@pytest.mark.parametrize("field", sorted(VALUES))
@settings(max_examples=150)
@given(data=st.data())
def test_what_pydantic_accepts_the_boundary_in_front_of_it_does_not_refuse(field, data):
    value = data.draw(VALUES[field], label=field)
    if accepted_by_pydantic(field, value):
        outcome = BOUNDARY.check({field: value})
        assert outcome.proceed and outcome.arguments == {field: value}, outcome.envelope


class Collections(BaseModel):
    count: int = 0
    flag: bool = False
    labels: set[str] = set()
    capped: Annotated[frozenset[int], Field(max_length=2)] = frozenset()


READ_BOUNDARY = framework_boundary(Collections.model_json_schema(), "collections", PYDANTIC)
# An integer's text as models write it, and near misses: signs, underscores, zeros, a point, an exponent.
INTEGER_TEXT = st.builds("{}{}{}{}{}".format, st.sampled_from(["", " ", "+", "-"]),
                         st.from_regex(r"[0-9](_?[0-9]){0,6}", fullmatch=True),
                         st.sampled_from(["", ".", ".0", ".00", ".5", ".000000000000000001"]),
                         st.sampled_from(["", "e0", "e2", "E1"]), st.sampled_from(["", " "]))
READ_VALUES = {
    "count": INTEGER_TEXT | st.integers(-5, 5) | st.floats(-5, 5),
    "flag": st.integers(-2, 2) | st.floats(-2, 2) | st.sampled_from([0.0, 1.0, "1.0", "yes", "off", "T", "2"]),
    # Repeats: pydantic keeps each item once, then counts `max_length`.
    "labels": st.lists(st.sampled_from(["bug", "ui", "Bug"]), max_size=5),
    "capped": st.lists(st.integers(0, 3), max_size=5),
}


@pytest.mark.parametrize("field", sorted(READ_VALUES))
@settings(max_examples=150)
@given(data=st.data())
def test_what_pydantic_reads_the_boundary_lets_through_as_pydantic_reads_it(field, data):
    """A set sent with repeats (`uniqueItems`), a boolean sent as 1.0: pydantic runs the call,
    so the boundary passes it on, with the value pydantic would read from what it sent."""
    value = data.draw(READ_VALUES[field], label=field)
    try:
        read = getattr(TypeAdapter(Collections).validate_python({field: value}), field)
    except ValidationError:
        return
    outcome = READ_BOUNDARY.check({field: value})
    assert outcome.proceed, outcome.envelope
    assert getattr(TypeAdapter(Collections).validate_python(outcome.arguments), field) == read


@settings(max_examples=300)
@given(text=INTEGER_TEXT)
def test_an_integer_s_text_pydantic_refuses_is_not_made_valid_in_front_of_it(text):
    """`"1e2"` for an integer: pydantic refuses it, so the boundary must not turn it into 100
    and run the tool with a value the framework would never have passed."""
    try:
        TypeAdapter(Collections).validate_python({"count": text})
    except ValidationError:
        assert not READ_BOUNDARY.check({"count": text}).proceed



class Spec(BaseModel):
    model_config = ConfigDict(strict=True)
    qty: int = 1


class Strictness(BaseModel):
    """Lax and strict fields side by side: strictness is the model's, field by field, and no part of
    the JSON Schema it shows the model."""

    note: str | None
    confirm: StrictBool = False
    flag: bool = False
    replicas: StrictInt = 1
    count: int = 1
    ratio: float = 0.5
    exact_ratio: Annotated[float, Field(strict=True)] = 0.5
    tier: Literal[1, 2, 3] = 1
    live: Literal[True] = True
    spec: Spec | None = None
    specs: list[Spec] = []


JUDGED = framework_boundary(Strictness.model_json_schema(), "strictness", PYDANTIC, policy=Policy.none(),
                            judge=pydantic_judge(Strictness.model_validate))
SENT = (st.booleans() | st.integers(-3, 4) | st.floats(-3, 4, allow_nan=False) | st.none()
        | st.sampled_from(["yes", "no", "on", "1", "0", "2", "3", " 5 ", "+5", "1_000", "5.0", "0.5", "-0", "true",
                           "True", "false", "abc", ""]))
SPECS = st.fixed_dictionaries({}, optional={"qty": SENT})
CALLS = st.fixed_dictionaries({}, optional={
    **{name: SENT for name in Strictness.model_fields if name not in ("spec", "specs")},
    "spec": SPECS | SENT, "specs": st.lists(SPECS, max_size=2) | SENT})


@settings(max_examples=400)
@given(call=CALLS)
def test_behind_an_adapter_a_call_is_run_exactly_when_the_framework_alone_runs_it(call):
    """A call pydantic refuses for a strict field's type (`"yes"` for a `StrictBool`, `"3"` for a
    `StrictInt`, `"2"` for `Literal[1, 2, 3]`, text in a strict model) is never run behind the boundary,
    and one it runs reaches the tool as pydantic reads it: the boundary's own readings are limited to
    where the model's validator takes the value as sent."""
    try:
        read = Strictness.model_validate(call)
    except ValidationError:
        outcome = JUDGED.check(call)
        assert not outcome.proceed, outcome.arguments
        return
    outcome = JUDGED.check(call)
    assert outcome.proceed, outcome.envelope
    assert Strictness.model_validate(outcome.arguments) == read


FIELD_NAMES = ("first_name", "home_city", "nick_name")
# A field's type and default: required, optional with None, with a default of its own.
FIELD_KINDS = ((str, ...), (str | None, None), (str, "x"))


def camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def field_spec(name: str, naming: str, kind: int) -> tuple[Any, Any]:
    """A model field named ``name`` whose pydantic names are chosen by ``naming``, none of which but one
    is in the JSON Schema pydantic writes."""
    annotation, default = FIELD_KINDS[kind]
    named = {"plain": {}, "alias": {"alias": camel(name)},
             "choices": {"validation_alias": AliasChoices(name, camel(name))},
             "choices-camel-first": {"validation_alias": AliasChoices(camel(name), name)}}[naming]
    return annotation, Field(default, **named)


@st.composite
def aliased_models(draw: Any) -> Any:
    """A model of three text fields, each read under its name, an alias, or ``AliasChoices``, with or
    without ``populate_by_name`` and ``extra="forbid"``, taken as the call itself or as one member of it."""
    fields = {name: field_spec(name, draw(st.sampled_from(["plain", "alias", "choices", "choices-camel-first"])),
                               draw(st.integers(0, len(FIELD_KINDS) - 1))) for name in FIELD_NAMES}
    config = ConfigDict(populate_by_name=draw(st.booleans()), extra=draw(st.sampled_from(["ignore", "forbid"])))
    person = create_model("Person", __config__=config, **fields)
    return create_model("Call", person=(person, ...)) if draw(st.booleans()) else person


def strict_schema(schema: Any) -> Any:
    """``schema`` as openai-agents makes a model's schema strict: every member required, no other allowed,
    a ``None`` default left out."""
    if isinstance(schema, list):
        return [strict_schema(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: strict_schema(value) for key, value in schema.items() if not (key == "default" and value is None)}
    if isinstance(out.get("properties"), dict):
        out["required"], out["additionalProperties"] = list(out["properties"]), False
    return out


@st.composite
def person_calls(draw: Any, nested: bool) -> dict:
    """A call that sends each field under its name, its camelCase form or a key nothing reads, or leaves
    it out, with text, ``None`` or a number."""
    person = {}
    for name in FIELD_NAMES:
        key = draw(st.sampled_from([None, name, camel(name), f"x_{name}"]))
        if key is not None:
            person[key] = draw(st.text(max_size=3) | st.none() | st.integers(0, 3))
    return {"person": person} if nested else person


@settings(max_examples=200, deadline=None)
@given(data=st.data(), model=aliased_models(), strict=st.booleans())
def test_behind_an_adapter_a_call_sent_under_any_name_pydantic_reads_runs_with_what_pydantic_reads(data, model, strict):
    """Aliases, `AliasChoices` and `populate_by_name` let pydantic read members under names its JSON
    Schema does not show (the schema names one of them, and may be closed). A call the model's own
    validator accepts runs behind the adapter with exactly the arguments the bare framework gives the
    tool, behind a strict schema (whose defaults the model fills) or not, down to which members count
    as set (`exclude_unset`); one it refuses is not run."""
    schema = model.model_json_schema()
    boundary = (framework_boundary(strict_schema(schema), "invite", behind_model(True),
                                   judge=pydantic_judge(lambda arguments: model(**arguments))) if strict else
                framework_boundary(schema, "invite", PYDANTIC, judge=pydantic_judge(model.model_validate)))
    call = data.draw(person_calls("person" in model.model_fields), label="call")
    outcome = boundary.check(call)
    try:
        read = model.model_validate(call)
    except ValidationError:
        if outcome.proceed:  # handed on, the framework refuses it in its own words: the tool does not run
            with pytest.raises(ValidationError):
                model.model_validate(outcome.arguments)
        return
    assert outcome.proceed, outcome.envelope
    received = model.model_validate(outcome.arguments)
    assert received == read and received.model_dump(exclude_unset=True) == read.model_dump(exclude_unset=True)
