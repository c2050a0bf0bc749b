"""The valid-call path: the validator reads a call first, and the screen looks only where it must.

Under an object schema without recursion, a call is validated before it is screened
against JSON's data model, and only the members the validator does not vouch for are
screened (under an open schema, the members it does not declare as well). Every value
outside JSON's model is still refused with a reason, in every kind of member; a recursive
schema keeps the screen first, since the validator would follow a deep enough value off its stack.
"""

from __future__ import annotations

import enum
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schema_lint.boundary import ToolBoundary
from schema_lint.boundary.admit import decode, members_to_screen
from schema_lint.boundary.compiled import compiled
from test_hostile_calls import _nested as nested

pytestmark = pytest.mark.hostile

CLOSED = {
    "type": "object",
    "properties": {
        "title": {"type": "string"}, "done": {"type": "boolean"}, "kind": {"enum": ["a", "b"]},
        "tags": {"type": "array", "items": {"type": "string"}}, "count": {"type": "integer", "maximum": 1000},
        "ratio": {"type": "number"}, "meta": {"type": "object"}, "anything": {},
        "when": {"type": "string", "format": "date"},
    },
    "additionalProperties": False,
}
# The same members, and any other: most tools' schemas leave `additionalProperties` out.
OPEN = {key: value for key, value in CLOSED.items() if key != "additionalProperties"}
RECURSIVE = {"$defs": {"n": {"type": "array", "items": {"$ref": "#/$defs/n"}}}, "$ref": "#/$defs/n"}


class Colour(str, enum.Enum):
    RED = "a"


def test_only_members_the_validator_does_not_vouch_for_are_screened():
    assert members_to_screen(CLOSED) == (("count", "meta", "anything"), ("tags",), ("title",), None)
    assert members_to_screen(OPEN) == (("count", "meta", "anything"), ("tags",), ("title",), frozenset(CLOSED["properties"]))
    assert members_to_screen({**OPEN, "additionalProperties": True}) == members_to_screen(OPEN)
    # What the validator reads of other members there is another schema's business: the whole call is screened.
    assert members_to_screen({**CLOSED, "additionalProperties": {"type": "string"}}) is None
    assert members_to_screen({**CLOSED, "anyOf": [{}]}) is None


@pytest.mark.parametrize(("arguments", "path", "reason"), [
    ({"title": "\ud800"}, "$.title", "not-json-value"),
    ({"title": b"x"}, "$.title", "not-json-value"),
    ({"when": "\ud800"}, "$.when", "not-json-value"),
    ({"tags": ("a", "b")}, "$.tags", "not-json-value"),
    ({"tags": ["a", "\udfff"]}, "$.tags[1]", "not-json-value"),
    ({"count": 10 ** 5000}, "$.count", "not-json-value"),  # the validator alone lets it past `maximum`
    ({"ratio": math.nan}, "$.ratio", "not-json-value"),
    ({"ratio": -math.inf}, "$.ratio", "not-json-value"),
    ({"ratio": 10 ** 5000}, "$.ratio", "not-json-value"),
    ({"meta": {"a": (1,)}}, "$.meta.a", "not-json-value"),
    ({"meta": {"\udfff": 1}}, "$.meta", "not-json-value"),
    ({"meta": {"a": nested(100)}}, "$.meta.a", "too-deep"),
    ({"anything": {1, 2}}, "$.anything", "not-json-value"),
    ({"anything": object()}, "$.anything", "not-json-value"),
    ({1: "x"}, "$", "not-json-value"),
])
@pytest.mark.parametrize("schema", [CLOSED, OPEN], ids=["closed", "open"])
def test_values_outside_json_are_refused_in_every_kind_of_member(schema, arguments, path, reason):
    outcome = ToolBoundary(schema).check(arguments)
    assert outcome.status == "rejected"
    [error] = outcome.envelope["error"]["errors"]
    assert (error["path"].split("[0]")[0] if reason == "too-deep" else error["path"], error["reason"]) == (path, reason)
    json.dumps(outcome.envelope, allow_nan=False).encode("utf-8")


@pytest.mark.parametrize(("arguments", "path"), [
    ({"title": "x", "other": b"x"}, "$.other"),
    ({"other": "\ud800"}, "$.other"),
    ({"other": ["a", {"b": {1, 2}}]}, "$.other[1].b"),
    ({"other": {"a": nested(100)}}, "$.other.a"),
    ({"other": 10 ** 5000}, "$.other"),
    ({"other": math.nan}, "$.other"),
    ({"\udfff": 1}, "$"),
    ({"title": "x", 2: "y"}, "$"),
])
def test_members_an_open_schema_does_not_declare_are_screened(arguments, path):
    outcome = ToolBoundary(OPEN).check(arguments)
    assert outcome.status == "rejected"
    [error] = outcome.envelope["error"]["errors"]
    assert (error["path"].split("[0]")[0] if error["reason"] == "too-deep" else error["path"]) == path


# Values in and outside JSON's model, as a host's code may pass them: subclasses, tuples,
# sets, bytes, unpaired surrogates, non-finite and huge numbers, keys that are no strings.
_ODD_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=4),
                         st.sampled_from(["\ud800", 10 ** 400, b"x", Colour.RED, math.inf, True, -0.0]))
_ODD_VALUES = st.recursive(_ODD_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.lists(inner, max_size=2).map(tuple), st.frozensets(_ODD_SCALARS, max_size=2),
    st.dictionaries(st.one_of(st.sampled_from(["title", "x", "\udfff"]), st.integers(0, 2)), inner, max_size=3)),
    max_leaves=8)
_MEMBERS = st.sampled_from([*CLOSED["properties"], "other", "x", 1])


@settings(max_examples=300)
@given(st.dictionaries(_MEMBERS, _ODD_VALUES, max_size=4), st.sampled_from([CLOSED, OPEN]))
def test_the_validator_first_path_decides_as_the_full_screen_does(call, schema):
    """A law: reading the call with the validator first and screening only what it does not
    vouch for gives the outcome the screen of the whole call gives."""
    fast, full = ToolBoundary(schema), ToolBoundary(schema)
    full._validated_first = False
    first, second = fast.check(call), full.check(call)
    assert (first.status, first.arguments, first.envelope) == (second.status, second.arguments, second.envelope)


def test_members_an_open_schema_does_not_declare_pass_when_json():
    call = {"title": "x", "other": {"a": [1, 2.5, None, "é"]}, "note": "ok"}
    outcome = ToolBoundary(OPEN).check(call)
    assert (outcome.status, outcome.arguments) == ("valid", call)


def test_what_was_json_before_still_is():
    call = {"title": Colour.RED, "kind": "a", "tags": ["x"], "count": 5, "ratio": 0.5, "meta": {"a": [1]},
            "anything": None}
    assert ToolBoundary(CLOSED).check(call).status == "valid"


def test_a_recursive_schema_screens_a_deep_call_before_the_validator_sees_it():
    assert compiled(RECURSIVE).recursive and not compiled(CLOSED).recursive
    outcome = ToolBoundary(RECURSIVE).check(nested(100_000))  # the validator alone overflows its stack
    assert outcome.status == "rejected" and outcome.envelope["error"]["errors"][0]["reason"] == "too-deep"


def test_references_that_lead_back_are_recursive_and_others_not():
    chain = {"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"type": "string"}},
             "type": "object", "properties": {"x": {"$ref": "#/$defs/a"}}}
    loop = {"$defs": {"a": {"properties": {"b": {"$ref": "#/$defs/b"}}}, "b": {"items": {"$ref": "#/$defs/a"}}},
            "$ref": "#/$defs/a"}
    assert not compiled(chain).recursive
    assert compiled(loop).recursive
    assert compiled({"$defs": {"m": {"$dynamicAnchor": "meta"}}, "$dynamicRef": "#meta"}).recursive


def test_one_decoder_serves_every_call(monkeypatch):
    built = []
    original = json.JSONDecoder.__init__

    def counted(self, *args, **kwargs):
        built.append(1)
        original(self, *args, **kwargs)

    monkeypatch.setattr(json.JSONDecoder, "__init__", counted)
    for _ in range(5):
        decode('{"title": "x", "count": 5}')
    assert built == []


@pytest.mark.parametrize(("text", "reason"), [
    ('{"ratio": 1e400}', "not-json-value"),
    ('{"title": "\\ud800"}', "not-json-value"),
    ('{"title": "\\uD800"}', "not-json-value"),
    ('{"title": "x", "title": "y"}', "duplicate-key"),
    ('{"meta": ' + "[" * 70 + "]" * 70 + "}", "too-deep"),
])
def test_text_is_screened_where_it_could_hold_what_json_values_cannot(text, reason):
    outcome = ToolBoundary(CLOSED).check(text)
    assert outcome.status == "rejected" and outcome.envelope["error"]["errors"][0]["reason"] == reason


def test_paired_surrogate_escapes_are_text():
    outcome = ToolBoundary(CLOSED).check('{"title": "\\ud83d\\ude00", "tags": ["[", "{"]}')
    assert outcome.status == "valid" and outcome.arguments["title"] == "\U0001f600"
