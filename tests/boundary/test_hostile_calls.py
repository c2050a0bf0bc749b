"""Whatever a model (or a prompt injection) sends, ``check`` answers fast, with an outcome, never an exception."""

from __future__ import annotations

import json
import math
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schema_lint.boundary import Policy, SchemaError, ToolBoundary, canonicalize, validate
from schema_lint.boundary.admit import MAX_DEPTH
from schema_lint.boundary import budget
from schema_lint.boundary.budget import explanation_work, listed_errors
from schema_lint.boundary.compiled import compiled
from schema_lint.boundary.envelope import MAX_ERRORS

from cputime import timed

pytestmark = pytest.mark.hostile

OPEN = {"type": "object"}
TAGS = {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}},
        "additionalProperties": False}

# A pydantic-style recursive filter: both And and Or declare "and", so a full error
# listing explores two recursive branches per level.
FILTER = {
    "$defs": {
        "Filter": {"anyOf": [{"$ref": "#/$defs/And"}, {"$ref": "#/$defs/Or"}, {"$ref": "#/$defs/Leaf"}]},
        "And": {"type": "object", "required": ["and"],
                "properties": {"and": {"type": "array", "items": {"$ref": "#/$defs/Filter"}}}},
        "Or": {"type": "object", "required": ["or"],
               "properties": {"or": {"type": "array", "items": {"$ref": "#/$defs/Filter"}},
                              "and": {"type": "array", "items": {"$ref": "#/$defs/Filter"}}}},
        "Leaf": {"type": "object", "required": ["field", "value"], "additionalProperties": False,
                 "properties": {"field": {"type": "string"}, "value": {"type": "string"}}},
    },
    "type": "object", "properties": {"filter": {"$ref": "#/$defs/Filter"}}, "required": ["filter"],
}


def nested_filter(depth: int, leaf_value) -> dict:
    node = {"field": "status", "value": leaf_value}
    for _ in range(depth):
        node = {"and": [node]}
    return {"filter": node}


def reasons(outcome) -> list[str]:
    return [error["reason"] for error in outcome.envelope["error"]["errors"]]


def test_a_recursive_union_is_rejected_fast_however_deep():
    boundary = ToolBoundary(FILTER, name="search")
    outcome, seconds = timed(lambda: boundary.check(nested_filter(16, 1)))
    assert outcome.status == "rejected" and reasons(outcome) == ["too-complex"]
    assert seconds < 1.0  # before the budget, depth 13 took 5 s and depth 16 did not finish
    assert boundary.check(nested_filter(16, "open")).status == "valid"  # the budget only bounds explaining


def test_a_shallow_recursive_call_is_still_explained():
    outcome = ToolBoundary(FILTER).check(nested_filter(2, 1))
    assert outcome.status == "rejected" and "too-complex" not in reasons(outcome)


def test_the_work_count_grows_like_the_error_listing_but_costs_little():
    schema = compiled(FILTER)
    shallow, deep = explanation_work(schema, nested_filter(6, 1), 10**9), explanation_work(
        schema, nested_filter(7, 1), 10**9)
    assert deep > 1.8 * shallow  # two recursive branches a level: the listing doubles per level
    _, seconds = timed(lambda: explanation_work(schema, nested_filter(40, 1), 10**12))
    assert seconds < 0.5  # memoized: the count itself is polynomial


# Schemas that apply one subschema to each value, and calls of any JSON shape.
SINGLE_VISIT = st.recursive(
    st.sampled_from([{"type": "string"}, {"type": "integer"}, {}, True, False]),
    lambda inner: st.one_of(
        st.builds(lambda members, rest: {"type": "object", "properties": members, "additionalProperties": rest},
                  st.dictionaries(st.sampled_from("abc"), inner, max_size=3), inner),
        st.builds(lambda items: {"type": "array", "items": items}, inner),
        st.builds(lambda prefix, rest: {"prefixItems": prefix, "items": rest},
                  st.lists(inner, min_size=1, max_size=2), inner)),
    max_leaves=8)
CALLS = st.recursive(st.none() | st.integers() | st.text("ab", max_size=2), lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from("abcd"), inner, max_size=4)), max_leaves=30)


def _values(value) -> int:
    members = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return 1 + sum(_values(member) for member in members)


@settings(max_examples=300, deadline=None)
@given(SINGLE_VISIT, CALLS)
def test_a_schema_that_visits_each_value_once_works_at_most_once_per_value(schema, call):
    # The law listed_errors leans on to skip the count for such a schema.
    compiled_schema = compiled(schema)
    assert compiled_schema.visits_values_once
    assert explanation_work(compiled_schema, call, 10**9) <= _values(call)


def test_the_work_is_not_counted_where_the_call_is_small_and_each_value_visited_once(monkeypatch):
    counted = []
    monkeypatch.setattr(budget, "explanation_work", lambda *arguments: counted.append(arguments) or 0)
    assert compiled(TAGS).visits_values_once and not compiled(FILTER).visits_values_once
    assert len(listed_errors(compiled(TAGS), {"tags": [1, "a", 2]})) == 2 and counted == []
    listed_errors(compiled(FILTER), nested_filter(1, 1))
    listed_errors(compiled(TAGS), {"tags": list(range(budget.WORK_LIMIT))})
    assert len(counted) == 2  # a union is counted, and so is a call with more values than the limit
    listed_errors(compiled(OPEN), {"a": _nested(MAX_DEPTH - 1)})
    assert len(counted) == 2
    listed_errors(compiled(OPEN), {"a": _nested(MAX_DEPTH)})
    assert len(counted) == 3  # and one nested deeper than a call may be
    monkeypatch.undo()
    assert listed_errors(compiled(TAGS), {"tags": list(range(budget.WORK_LIMIT))}) is None


def test_a_million_wrong_items_build_no_gigabyte_envelope():
    outcome, seconds = timed(lambda: ToolBoundary(TAGS).check({"tags": list(range(10**6))}))
    assert outcome.status == "rejected" and seconds < 5  # was 35 s and 1.7 GB
    assert len(json.dumps(outcome.envelope)) < 2_000


def test_the_errors_listed_are_capped_and_the_rest_counted():
    outcome = ToolBoundary(TAGS).check({"tags": list(range(100))})
    error = outcome.envelope["error"]
    assert len(error["errors"]) == MAX_ERRORS and error["omitted"] == 100 - MAX_ERRORS
    assert error["errors"][0]["path"] == "$.tags[0]"
    assert "omitted" not in ToolBoundary(TAGS).check({"tags": [1]}).envelope["error"]


def test_echoed_keys_are_truncated():
    key = "k" * 1_000_000
    outcome = ToolBoundary(TAGS).check({key: 1})
    text = json.dumps(outcome.envelope, ensure_ascii=False)
    assert outcome.status == "rejected" and len(text) < 2_000 and "…" in text


@pytest.mark.parametrize(("arguments", "reason"), [
    ({"a": {1, 2}}, "not-json-value"),
    ({"a": (1, 2)}, "not-json-value"),
    ({"a": object()}, "not-json-value"),
    ({"a": b"bytes"}, "not-json-value"),
    ({1: "x"}, "not-json-value"),
    ({"a": float("nan")}, "not-json-value"),
    ({"a": -math.inf}, "not-json-value"),
    ({"a": "\ud800"}, "not-json-value"),
    ({"\udfff": 1}, "not-json-value"),
    ({"a": 10**5000}, "not-json-value"),
    ('{"a": NaN}', "invalid-json"),
    ('{"a": Infinity}', "invalid-json"),
    ('{"a": "\\ud800"}', "not-json-value"),
    ('{"a": ' + "9" * 5000 + "}", "not-json-value"),
    (b'{"a": "\xff"}', "invalid-json"),
    ("[" * 100_000, "too-deep"),
    ('{"a": ' + "[" * 5_000 + "]" * 5_000 + "}", "too-deep"),
])
def test_values_outside_json_get_a_reason_even_under_an_open_schema(arguments, reason):
    outcome = ToolBoundary(OPEN).check(arguments)
    assert outcome.status == "rejected" and reasons(outcome) == [reason]
    json.dumps(outcome.envelope, allow_nan=False).encode("utf-8")  # the envelope itself is sendable


@pytest.mark.parametrize(("text", "path"), [
    ('{"repo": "a/b", "repo": "evil/x"}', "$.repo"),
    ('{"labels": ["infra"], "labels": "x"}', "$.labels"),
    ('{"a": {"b": [{"k": 1, "k": 2}]}}', "$.a.b[0].k"),
    ('{"a": true, "a": 1}', "$.a"),  # equal in Python, not in JSON
])
def test_a_key_given_twice_with_two_values_is_refused_at_its_path(text, path):
    """Python keeps the last value, other parsers the first: validated silently, the call run
    could be another than the one judged, and the model would never learn it sent two. Nor is
    the last value "repaired" as if it were the only one."""
    outcome = ToolBoundary(OPEN).check(text)
    [error] = outcome.envelope["error"]["errors"]
    assert outcome.status == "rejected" and outcome.repairs == []
    assert error["reason"] == "duplicate-key" and error["path"] == path
    assert error["repair"].startswith(f"send {path.rsplit('.', 1)[-1].split('[')[0]} once")


@pytest.mark.parametrize("text", ['{"x": {"a": 1, "a": 2}, "y": NaN}', '{"x": {"a": 1, "a": 2}, "y": ' + "9" * 5000 + "}"])
def test_a_key_given_twice_before_what_json_cannot_hold_is_still_an_answer(text):
    """The first reading stops at the repeated key; the second, to place it, met the `NaN` after
    it and raised out of `check`."""
    [error] = ToolBoundary(OPEN).check(text).envelope["error"]["errors"]
    assert error["reason"] == "duplicate-key" and error["path"] == "$"


def test_a_key_given_twice_with_the_same_value_is_no_conflict():
    assert ToolBoundary(OPEN).check('{"repo": "a/b", "repo": "a/b"}').status == "valid"


def test_a_byte_order_mark_before_the_text_is_ignored_as_rfc_8259_allows():
    """Replay reads such a line, and so does a file's reader: the same call is judged alike."""
    assert ToolBoundary(OPEN).check('\ufeff{"a": 1}').arguments == {"a": 1}
    assert ToolBoundary(OPEN).check(b'\xef\xbb\xbf{"a": 1}').arguments == {"a": 1}


@pytest.mark.parametrize(("text", "place"), [('{"a": NaN}', "line 1 column 7"),
                                             ('{"note": "NaN, Infinity",\n "b": -Infinity}', "line 2 column 7")])
def test_a_constant_json_has_not_is_placed_as_a_parse_error_is(text, place):
    [error] = ToolBoundary(OPEN).check(text).envelope["error"]["errors"]
    assert error["reason"] == "invalid-json" and f"at {place}: " in error["repair"]


@pytest.mark.parametrize("text", ['{"a": 1e400}', '{"a": [0, -1.5e999]}', '{"b": "x", "a": 2E+308}'])
def test_a_number_too_large_for_a_float_is_named_as_such(text):
    # Valid JSON, unlike NaN: what is wrong is its size, and the model can send a smaller one.
    [error] = ToolBoundary(OPEN).check(text).envelope["error"]["errors"]
    assert error["reason"] == "not-json-value" and error["path"].startswith("$.a")
    assert "too large for it" in error["expected"] and "64-bit float" in error["expected"]
    assert "NaN" not in error["repair"]


@pytest.mark.parametrize("digits", [4_301, 50_000])
def test_a_numeric_string_of_more_digits_than_python_converts_is_left_to_validation(digits):
    schema = {"type": "object", "properties": {"n": {"type": "integer"}}}
    done = canonicalize(schema, {"n": "7" * digits}, policy=Policy(repairs=("numeric-string",)))
    assert done.arguments == {"n": "7" * digits} and not done.repairs
    assert ToolBoundary(schema, policy=Policy(repairs=("numeric-string",))).check({"n": "7" * digits}).status == "rejected"


def test_too_deep_is_reported_where_the_nesting_passes_the_limit():
    value: list = []
    for _ in range(5_000):
        value = [value]
    outcome = ToolBoundary(OPEN).check({"a": value})
    [error] = outcome.envelope["error"]["errors"]
    assert error["reason"] == "too-deep" and error["path"].startswith("$.a[0]")
    assert error["path"].count("[0]") == MAX_DEPTH - 1
    assert ToolBoundary(OPEN).check({"a": _nested(MAX_DEPTH - 2)}).status == "valid"


def _nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def test_validate_refuses_the_same_values():
    assert not validate(OPEN, {"a": float("nan")}).ok
    assert validate(OPEN, {"a": 1.5}).ok


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text() | st.binary()
    | st.builds(pow, st.just(10), st.just(5000)) | st.sampled_from(["\ud800", "\udfff x"]),
    lambda children: st.lists(children, max_size=4) | st.tuples(children) | st.frozensets(st.integers(), max_size=2)
    | st.dictionaries(st.text() | st.integers() | st.sampled_from(["\ud800"]), children, max_size=4),
    max_leaves=30)


def _is_json(value) -> bool:
    try:
        return json.loads(json.dumps(value, allow_nan=False).encode("utf-8")) == value
    except (TypeError, ValueError):
        return False


@settings(max_examples=300, deadline=None)
@given(JSONISH, st.sampled_from([OPEN, TAGS, FILTER]))
def test_check_never_raises_and_passes_only_json(arguments, schema):
    outcome = ToolBoundary(schema).check(arguments)
    assert outcome.status in ("valid", "canonicalized", "rejected")
    if outcome.proceed:
        assert _is_json(outcome.arguments)
    else:
        json.dumps(outcome.envelope, allow_nan=False).encode("utf-8")


class _Text(str):
    """A `str` subclass, as a client library may hand one over (markupsafe's `Markup`)."""


# Text a repair decodes ("send it as a JSON array, not as text"): escapes that decode to half a
# surrogate pair, and a `str` subclass, which the validator cannot read.
DECODED = st.sampled_from(['["\\ud800"]', "['\\udfff']", '{"a": "\\ud800"}', '["ok", "\\ud800x"]',
                           _Text("a"), _Text("[1]")])
EVERY_POLICY = Policy.from_names(["scalar-for-array", "json-string", "literal-string", "numeric-string"])


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["tags", "a", _Text("tags")]), JSONISH | DECODED, max_size=3),
       st.sampled_from([OPEN, TAGS, FILTER]), st.sampled_from([None, EVERY_POLICY]))
def test_no_public_function_raises_on_any_call_under_any_policy_first_time_or_again(arguments, schema, policy):
    """`check` (first and resubmitted), `validate` and `canonicalize` answer whatever the call holds:
    a repair decoded `"[\\"\\\\ud800\\"]"` into half a surrogate pair and handed it to the validator,
    a `str` subclass reached the validator, and a resubmission hashed a 5,000-digit integer."""
    boundary = ToolBoundary(schema, policy=policy)
    first = boundary.check(arguments)
    again = boundary.check(arguments, previous=first)
    assert again.attempt == (first.attempt + 1 if first.status == "rejected" else 1) and again.status == first.status
    for outcome in (first, again):
        if outcome.proceed:
            assert _is_json(outcome.arguments)
        else:
            json.dumps(outcome.envelope, allow_nan=False, ensure_ascii=False).encode("utf-8")
    assert validate(schema, arguments).ok == (first.status == "valid")
    repaired = canonicalize(schema, arguments, policy)
    assert repaired.repairs or repaired.arguments is arguments


def test_text_that_decodes_to_half_a_surrogate_pair_is_neither_repaired_nor_wrapped():
    sent = {"tags": '["\\ud800"]'}  # the model sent the text of a list, with an escape JSON cannot carry
    for names in (["json-string"], ["literal-string"], ["scalar-for-array", "json-string"]):
        outcome = ToolBoundary(TAGS, policy=Policy.from_names(names)).check(sent)
        assert outcome.status == "rejected" and not outcome.repairs, names
        json.dumps(outcome.envelope, ensure_ascii=False).encode("utf-8")  # quotes no lone surrogate
    assert not validate(TAGS, sent).ok


@pytest.mark.parametrize("schema", [{"type": "object", "properties": {"n": {"type": "integer", "default": 10**5000}}},
                                    "deep"])
def test_a_schema_without_json_text_is_a_schema_error(schema):
    if schema == "deep":
        schema = {"type": "integer"}
        for _ in range(1_000):
            schema = {"type": "object", "properties": {"a": schema}}
    for use in (ToolBoundary, lambda s: validate(s, {}), lambda s: canonicalize(s, {})):
        with pytest.raises(SchemaError):
            use(schema)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_any_text_or_bytes_never_raises(raw):
    outcome = ToolBoundary(TAGS).check(raw)
    assert outcome.status in ("valid", "canonicalized", "rejected")


@pytest.mark.parametrize("dialect", ["https://example.com/private-meta", "https://json-schema.org/draft-07/schema"])
def test_a_metaschema_that_is_not_bundled_does_not_stop_the_boundary(dialect):
    # check warns (SL001); the boundary validates without fetching anything.
    boundary = ToolBoundary({"$schema": dialect, **TAGS})
    assert boundary.check({"tags": ["a"]}).status == "valid"
    assert boundary.check({"tags": [1]}).status == "rejected"


# Brackets and blanks that the shape detectors' old regular expressions matched in quadratic
# time (`name(.*)` tried at every `)` or `]`, `\s*` tried at every blank): 6 to 14 s each before.
QUADRATIC_SHAPES = {
    "[": "x" + "[]" * 20_000 + "[",
    "][": "a[" + "][" * 20_000,
    "(": "f(" + "[)[]" * 20_000 + "x",
    "blanks": "a" + " " * 40_000 + "b",
}


@pytest.mark.parametrize("text", QUADRATIC_SHAPES.values(), ids=QUADRATIC_SHAPES)
def test_a_string_of_brackets_or_blanks_where_an_array_is_wanted_is_read_in_linear_time(text):
    outcome, seconds = timed(lambda: ToolBoundary(TAGS).check({"tags": text}))
    if text.count("[") == text.count("]"):
        assert outcome.status == "canonicalized" and outcome.arguments == {"tags": [text]}
    else:  # brackets that do not pair up: a list cut short, or code, is never wrapped
        assert outcome.status == "rejected" and outcome.repairs == []
    assert seconds < 1.0


LIST = {"type": "array", "items": {"type": "string"}}
LISTS = {"type": "object", "additionalProperties": LIST}
LISTS_OR_NULL = {"type": "object", "additionalProperties": {"anyOf": [LIST, {"type": "null"}]}}
NESTED_LISTS = {"type": "object", "properties": {"tree": {"$ref": "#/$defs/list"}},
                "$defs": {"list": {"type": "array", "items": {"$ref": "#/$defs/list"}}}}


def literal_call(megabytes: int) -> dict:
    """Ten Python literals a megabyte, each under the 100,000 characters once decoded whole:
    ast.literal_eval read each once per repair tried, per anyOf branch and for the envelope."""
    return {f"list{i}": f"[{i}, " + "[[1]], " * 14_000 + "]" for i in range(10 * megabytes)}


@pytest.mark.parametrize("megabytes", [1, 4])
def test_a_call_of_literal_looking_strings_is_read_within_its_budget(megabytes):
    call = literal_call(megabytes)
    outcome, seconds = timed(lambda: ToolBoundary(LISTS_OR_NULL).check(call))
    assert outcome.status == "rejected" and seconds < 1.0  # 6 s a megabyte before
    assert outcome.unread_strings == len(call) - 1  # the first one fills the budget


@pytest.mark.parametrize("megabytes", [1, 4])
def test_canonicalize_reads_a_call_of_literal_looking_strings_within_its_budget(megabytes):
    call = literal_call(megabytes)
    result, seconds = timed(lambda: canonicalize(LISTS_OR_NULL, call))
    assert seconds < 1.0  # 9 s a megabyte before
    # Past the budget a string is not read, so it is not wrapped either: text nobody read may
    # hold a list, and wrapping it would hide that in a valid call.
    assert result.repairs == [] and result.arguments == call


@pytest.mark.parametrize("megabytes", [1, 4])
def test_the_envelope_reads_a_call_of_literal_looking_strings_within_its_budget(megabytes):
    call = literal_call(megabytes)
    rejected, seconds = timed(lambda: validate(LISTS, call))
    assert seconds < 1.0
    assert [problem.reason for problem in rejected.problems] == ["serialized-container"] + ["type"] * (len(call) - 1)


def test_a_four_megabyte_string_is_not_read_for_its_shape():
    text = "[" + "(1,), " * 700_000 + "]"
    outcome, seconds = timed(lambda: ToolBoundary(TAGS).check({"tags": text}))
    assert seconds < 1.0 and outcome.unread_strings == 1  # 2.2 s before, splitting it at every comma


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 900])
def test_a_string_nested_deeper_than_a_call_may_be_is_not_decoded(depth):
    # Decoded, it would have passed as a repaired call far deeper than any call is let in.
    text = "[" * depth + "]" * depth
    outcome, seconds = timed(lambda: ToolBoundary(NESTED_LISTS, policy=Policy.all()).check({"tree": text}))
    assert outcome.status == "rejected" and outcome.unread_strings == 1 and seconds < 1.0


def test_a_string_nested_as_deep_as_a_call_may_be_is_still_decoded():
    text = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    outcome = ToolBoundary(NESTED_LISTS, policy=Policy.all()).check({"tree": text})
    assert outcome.status == "canonicalized" and outcome.unread_strings == 0


def test_taking_many_fills_back_out_of_a_call_is_linear():
    """Behind a framework that fills absent members itself, every fill is taken back out of the call
    (`without_fills`): 40,000 fills across 2,000 objects, each object copied once, not once per fill
    (which took seconds)."""
    from schema_lint.boundary.canonicalize import Repair, without_fills

    call = {"items": [{"id": "x", **{f"f{field}": field for field in range(20)}} for _ in range(2_000)]}
    fills = [Repair("$", "absent-default", None, field, ("items", index, f"f{field}"))
             for index in range(2_000) for field in range(20)]
    (stripped, kept), seconds = timed(lambda: without_fills(call, fills, fills))
    assert seconds < 1.0
    assert stripped == {"items": [{"id": "x"}] * 2_000} and kept == []
    assert len(call["items"][0]) == 21  # the call itself is not changed


@pytest.mark.skipif(not hasattr(sys, "set_int_max_str_digits"), reason="Python without an integer-conversion limit")
@pytest.mark.parametrize("host_limit", [None, 0, 640])
def test_a_long_integer_in_json_text_is_refused_at_its_path_whatever_limit_the_host_set(host_limit):
    """The boundary's own digit limit, not the process's: a host that lifted Python's limit
    (`sys.set_int_max_str_digits(0)`) let a 5,000-digit integer through as valid, and a
    million digits cost seconds of conversion; one that lowered it was told the whole call was wrong."""
    schema = {"type": "object", "properties": {"n": {"type": "integer"}, "ids": {"type": "array"}}}
    before = sys.get_int_max_str_digits()
    try:
        if host_limit is not None:
            sys.set_int_max_str_digits(host_limit)
        boundary = ToolBoundary(schema)
        for text, path in (('{"n": ' + "9" * 5_000 + "}", "$.n"), ('{"ids": [1, -' + "9" * 1_000_000 + "]}", "$.ids[1]")):
            outcome, seconds = timed(lambda: boundary.check(text))
            assert [(e["path"], e["reason"]) for e in outcome.envelope["error"]["errors"]] == [(path, "not-json-value")]
            assert seconds < 1.0
        assert boundary.check('{"n": ' + "9" * 4_300 + "}").status == ("valid" if host_limit != 640 else "rejected")
    finally:
        sys.set_int_max_str_digits(before)
