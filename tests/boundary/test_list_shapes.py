"""A string that holds a whole list is never wrapped: the model is told what to send.

The classes of mistake real models make where an array is wanted, each with the envelope
the model gets back, and the opt-in repairs that decode them only when the result validates.
"""

from __future__ import annotations

import ast
import collections
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schema_lint.boundary import Policy, ToolBoundary, canonicalize

SCHEMA = {"type": "object", "additionalProperties": False, "required": ["progression"],
          "properties": {"progression": {"type": "array", "items": {"type": "string"}},
                         "weights": {"type": "object", "additionalProperties": {"type": "number"}},
                         "standardize": {"type": "boolean"},
                         "bcc": {"type": "string"}}}


def errors(arguments, policy=None):
    outcome = ToolBoundary(SCHEMA, policy=policy).check(arguments)
    assert outcome.status == "rejected"
    return {e["path"]: (e["reason"], e["expected"], e["repair"]) for e in outcome.envelope["error"]["errors"]}


@pytest.mark.parametrize("text, sent", [
    ("['I', 'V', 'vi', 'IV']", '["I", "V", "vi", "IV"]'),
    ('["I", "V"]', '["I", "V"]'),
    ("('I', 'V')", '["I", "V"]'),
])
def test_a_serialized_list_is_rejected_with_the_json_to_send(text, sent):
    assert canonicalize(SCHEMA, {"progression": text}).repairs == []
    assert errors({"progression": text})["$.progression"] == (
        "serialized-container", "an array of strings",
        f"send progression as a JSON array, not as text: {sent}, and resubmit the same call")


def test_a_dict_literal_where_an_object_is_wanted_is_rejected_the_same_way():
    reason, _, repair = errors({"progression": ["I"], "weights": "{'a': 1.5}"})["$.weights"]
    assert reason == "serialized-container" and '{"a": 1.5}' in repair


@pytest.mark.parametrize("text", ["timings, exhibitions, accessibility", "a;b", "one\ntwo", "a,,b", "a, b,", ",a;b"])
def test_a_joined_list_of_free_strings_is_neither_wrapped_nor_split(text):
    assert canonicalize(SCHEMA, {"progression": text}).repairs == []
    reason, _, repair = errors({"progression": text})["$.progression"]
    assert reason == "joined-list" and "send progression as a JSON array, not as text: [" in repair
    assert json.dumps([text]) in repair and " if it is one value, or [" in repair


def test_a_joined_list_repair_shows_both_readings_and_chooses_neither():
    _, _, repair = errors({"progression": "Paris, France"})["$.progression"]
    assert repair == ('send progression as a JSON array, not as text: ["Paris, France"] if it is one value, '
                      'or ["Paris", "France"] if it is several, and resubmit the same call')


ROWS = {"type": "object", "properties": {
    "matrix": {"type": "array", "items": {"type": "array", "items": {"type": "number"}}},
    "conditions": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}}}}


def flat_list_errors(arguments):
    outcome = ToolBoundary(ROWS).check(arguments)
    assert outcome.status == "rejected" and outcome.repairs == []
    return [(e["path"], e["reason"], e["repair"]) for e in outcome.envelope["error"]["errors"]]


def test_a_flat_list_where_a_list_of_lists_is_wanted_is_asked_about_with_both_readings():
    assert flat_list_errors({"matrix": [1, 2, 3, 4]}) == [(
        "$.matrix", "flat-list", "each item of matrix must itself be an array: send matrix as [[1, 2, 3, 4]] if these "
        "values make one item, or as [[1], [2], [3], [4]] if each is an item of its own, and resubmit the same call")]


def test_a_flat_list_of_one_item_has_one_reading_and_still_is_not_wrapped():
    assert flat_list_errors({"conditions": ["id = 1234"]}) == [(
        "$.conditions", "flat-list",
        'each item of conditions must itself be an array: send conditions as [["id = 1234"]], and resubmit the same call')]


@pytest.mark.parametrize("matrix", [[[1, 2], 3], [1, "two"], [1] * 200])
def test_a_flat_list_without_readings_to_show_says_items_must_be_arrays(matrix):
    assert flat_list_errors({"matrix": matrix}) == [(
        "$.matrix", "flat-list", "each item of matrix must itself be an array: send matrix as an array of arrays "
        "([[…], …]), not as a flat array, and resubmit the same call")]


@pytest.mark.parametrize("text", ['["a"', "[a", "{'a': 1", "x[][", '"a"', ' "dotnet/eshop" '])
def test_a_list_cut_short_code_or_a_value_encoded_twice_is_not_wrapped(text):
    """Brackets that do not pair up are a list cut short or code; text in double quotes end to end
    is a value encoded as JSON once too often: wrapped, the tool would get it as one item."""
    assert canonicalize(SCHEMA, {"progression": text}).repairs == []
    assert ToolBoundary(SCHEMA).check({"progression": text}).status == "rejected"


@pytest.mark.parametrize("text", ["[x](https://example.com)", "fix: handle {name} in templates", 'say "hi" to Bob'])
def test_paired_brackets_or_inner_quotes_are_still_a_value(text):
    assert canonicalize(SCHEMA, {"progression": text}).arguments == {"progression": [text]}


@pytest.mark.parametrize("text", ["data['sales']", "search(query)[:5]", "results[0]"])
def test_an_expression_is_not_wrapped_like_a_value(text):
    assert canonicalize(SCHEMA, {"progression": text}).repairs == []
    assert errors({"progression": text})["$.progression"][0] == "type"


@pytest.mark.parametrize("anyof", [False, True])
def test_each_string_is_decoded_once_a_call_however_many_ask(monkeypatch, anyof):
    # Every repair, each anyOf branch and the envelope ask what the string holds.
    decoded = collections.Counter()
    for module, name in ((ast, "literal_eval"), (json, "loads")):
        def counting(text, *args, _decode=getattr(module, name), _name=name, **options):
            decoded[_name, text] += 1
            return _decode(text, *args, **options)
        monkeypatch.setattr(module, name, counting)
    progression = SCHEMA["properties"]["progression"]
    schema = {**SCHEMA, "properties": {**SCHEMA["properties"], "progression": {"anyOf": [progression, {"type": "null"}]}}} \
        if anyof else SCHEMA
    outcome = ToolBoundary(schema, policy=Policy.all()).check({"progression": "['I', 5]"})
    assert outcome.status == "rejected"
    assert decoded == {("literal_eval", "['I', 5]"): 1, ("loads", "['I', 5]"): 1}


def test_only_strings_where_a_list_or_object_is_wanted_spend_the_calls_budget():
    # The long bcc is wrong too, but no repair or envelope entry asks what a string there holds,
    # so it leaves the budget to the list sent as text.
    schema = {**SCHEMA, "properties": {**SCHEMA["properties"], "bcc": {"type": "string", "maxLength": 100}}}
    outcome = ToolBoundary(schema, policy=Policy.all()).check({"bcc": "x" * 99_995, "progression": "['I', 5]"})
    assert [(e["path"], e["reason"]) for e in outcome.envelope["error"]["errors"]] == [
        ("$.bcc", "maxLength"), ("$.progression", "serialized-container")]
    assert outcome.unread_strings == 0


def test_a_plain_scalar_is_still_wrapped():
    result = canonicalize(SCHEMA, {"progression": "dotnet/eshop"})
    assert result.arguments == {"progression": ["dotnet/eshop"]}


@pytest.mark.parametrize(("text", "item"), [("urgent,", "urgent"), (", x", "x"), ("bug;", "bug")])
def test_one_item_with_a_stray_delimiter_is_not_wrapped_whole(text, item):
    """`"urgent,"` was wrapped as `["urgent,"]`: a label no one meant. It reads as a list of one."""
    schema = {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}}
    outcome = ToolBoundary(schema).check({"tags": text})
    assert outcome.status == "rejected"
    [error] = outcome.envelope["error"]["errors"]
    assert error["reason"] == "joined-list" and error["repair"].startswith(
        f"send tags as a JSON array, not as text: {json.dumps([item])}, or {json.dumps([text])} if the delimiter")


@pytest.mark.parametrize("blank", ["", " ", "\t\n", "null", "None", " N/A ", "undefined"])
def test_a_blank_string_or_a_word_for_nothing_is_not_wrapped_into_one_item(blank):
    """`""` or `"null"` for a list means "none" more often than one item: `[""]`, `["null"]`
    reached the tool as a valid call with a bogus label. Rejected, the repair asks for an
    array or nothing."""
    schema = {"type": "object", "properties": {"labels": {"type": "array", "items": {"type": "string"}}}}
    outcome = ToolBoundary(schema).check({"labels": blank})
    assert outcome.status == "rejected" and outcome.repairs == []
    [error] = outcome.envelope["error"]["errors"]
    assert error["path"] == "$.labels" and "as an array of strings" in error["repair"]


def test_a_partial_repair_does_not_hide_the_wrapped_parameter():
    found = errors({"progression": "Age", "standardize": "True"})
    assert set(found) == {"$.progression", "$.standardize"}
    assert found["$.progression"][2] == 'send progression as ["Age"] and resubmit the same call'


def test_null_for_an_optional_property_says_leave_it_out():
    assert errors({"progression": ["I"], "bcc": None})["$.bcc"] == (
        "type", "a string, or no bcc at all", "leave out bcc, or send it as a string, and resubmit the same call")


def test_literal_string_decodes_a_python_literal_only_when_it_validates():
    policy = Policy.from_names(["literal-string"])
    assert canonicalize(SCHEMA, {"progression": "['I', 'V']"}, policy).arguments == {"progression": ["I", "V"]}
    assert canonicalize(SCHEMA, {"progression": "[1, 2]"}, policy).repairs == []  # items must be strings
    assert canonicalize(SCHEMA, {"progression": "[b'x']"}, policy).repairs == []  # not JSON data
    assert canonicalize(SCHEMA, {"progression": "__import__('os')"}, policy).repairs == []  # never eval
    # A set has no order: an array made of it would hold one the model never gave.
    assert canonicalize(SCHEMA, {"progression": "{'I', 'V', 'vi'}"}, policy).repairs == []


def test_null_as_absent_drops_a_null_only_on_an_optional_property_that_refuses_it():
    policy = Policy.from_names(["null-as-absent"])
    schema = {"type": "object", "required": ["to"], "properties": {
        "to": {"type": "string"}, "bcc": {"type": "string"}, "cc": {"type": ["string", "null"]}}}
    result = canonicalize(schema, {"to": "a", "bcc": None, "cc": None}, policy)
    assert result.arguments == {"to": "a", "cc": None}
    assert [(r.path, r.rule) for r in result.repairs] == [("$.bcc", "null-as-absent")]
    assert canonicalize(schema, {"to": None}, policy).repairs == []  # a required one is the model's to fix
    assert canonicalize(schema, {"to": "a", "bcc": None}).repairs == []  # opt-in only


_ITEM = st.text(st.characters(blacklist_characters=",;\n\r", blacklist_categories=("Cs",)), min_size=1).filter(str.strip)


@given(st.lists(_ITEM, min_size=2, max_size=6), st.lists(st.sampled_from([",", ", ", ";", "\n", ",,", ", ,"]),
                                                         min_size=5, max_size=5))
def test_items_joined_by_any_delimiters_are_never_wrapped(items, delimiters):
    text = items[0] + "".join(delimiter + item for delimiter, item in zip(delimiters, items[1:]))
    assert canonicalize(SCHEMA, {"progression": text}).repairs == []
