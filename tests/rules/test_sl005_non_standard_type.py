"""SL005 non-standard-type: dialect type names mapped to JSON Schema's, with their fixes."""

from __future__ import annotations

import json

import pytest
from lintkit import lint_document, lint_tool, obj

from schema_lint.model import FixSafety, Operation, Severity

P = "/inputSchema"


@pytest.mark.parametrize("written, meant", [
    ("dict", "object"), ("float", "number"), ("int", "integer"), ("str", "string"), ("list", "array"),
    ("tuple", "array"), ("bool", "boolean"), ("String", "string"), ("Integer", "integer"), ("Boolean", "boolean"),
    ("HashMap", "object"), ("ArrayList", "array"), ("long", "integer"), ("double", "number"), ("STRING", "string"),
])
def test_sl005_maps_dialect_names_to_json_schema(written, meant):
    (found,) = lint_tool({"type": "object", "properties": {"v": {"type": written}}}, "SL005")
    assert found.pointer == f"{P}/properties/v/type" and found.severity is Severity.ERROR
    assert found.fix.safety is FixSafety.UNSAFE
    assert found.fix.operations == (Operation("replace", f"{P}/properties/v/type", meant),)


@pytest.mark.parametrize("written", ["any", ""])
def test_sl005_any_removes_type(written):
    (found,) = lint_tool({"type": "object", "properties": {"v": {"type": "array", "items": {"type": written}}}}, "SL005")
    assert found.fix.operations == (Operation("remove", f"{P}/properties/v/items/type"),)


@pytest.mark.parametrize("written", ["any", ""])
def test_sl005_and_sl203_give_one_advice_on_a_property_typed_any(written):
    # SL005 used to say "leave `type` out" and SL203 "give it a type", on one node.
    found = [d for d in lint_tool({"type": "object", "properties": {"v": {"type": written}}})
             if d.code in ("SL005", "SL203")]
    assert [(d.code, d.pointer) for d in found] == [("SL005", f"{P}/properties/v")]
    assert found[0].message.endswith("give it a type") and found[0].fix is None
    assert [d.code for d in lint_tool({"type": "object", "properties": {"v": {"type": written}}},
                                      "SL203")] == ["SL203"]  # with SL005 off, SL203 says it


BFCL_TOOL = {"name": "math.hypot", "description": "Calculate the hypotenuse.", "parameters": {
    "type": "dict", "properties": {"x": {"type": "float"}, "y": {"type": "float"},
                                   "points": {"type": "array", "items": {"type": "tuple", "items": {"type": "integer"}}},
                                   "extra": {"type": "any"}}, "required": ["x", "y"]}}


def test_sl005_reports_bfcls_dialect_once_per_file_with_its_mapping():
    # It used to be one error per node: most of a BFCL file's errors were the format itself.
    other = {**BFCL_TOOL, "name": "math.other", "parameters": {"type": "dict", "properties": {"n": {"type": "int"}}}}
    found = lint_document(json.dumps([BFCL_TOOL, other]), "functions.json", "SL005")
    assert [d.pointer for d in found] == ["/0/parameters/type"]
    (summary,) = found
    assert summary.severity is Severity.INFO and summary.fix is None
    assert summary.message == ("BFCL type names in 2 tools of this file, which BFCL's harness maps and a JSON Schema "
                               "validator refuses: `dict` → `object` ×2, `float` → `number` ×2, `tuple` → `array`, "
                               "`int` → `integer`")
    untyped = lint_document(json.dumps([BFCL_TOOL]), "functions.json", "SL203")
    assert [d.pointer for d in untyped] == ["/0/parameters/properties/extra"]


def test_sl005_judges_an_odd_type_once_however_many_files_repeat_it(monkeypatch):
    """Raw schemas repeat a handful of odd types (`dict` at the root of hundreds of files): the
    advice and the fix for a type at one place are made once a run, and come out the same."""
    from schema_lint.rules import sl005_non_standard_type as rule

    advised = []
    advice = rule._advice
    monkeypatch.setattr(rule, "_advice", lambda name: advised.append(name) or advice(name))
    found = [lint_tool({"type": "dict", "properties": {"v": {"type": "string"}}}, "SL005") for _ in range(3)]
    assert found[0] == found[1] == found[2] and len(found[0]) == 1
    assert found[0][0].fix.operations == (Operation("replace", f"{P}/type", "object"),)
    assert len(advised) <= 1  # none when an earlier test judged `dict` already


def test_sl005_judges_a_gemini_spelling_by_each_tool_profiles_after_another():
    """The judgement is kept per profile: `STRING` is Gemini's own spelling under `gemini` and
    an odd type elsewhere, whichever was judged first."""
    from schema_lint.config import Config

    schema = {"type": "object", "properties": {"v": {"type": "STRING"}}}
    for _ in range(2):
        assert lint_tool(schema, "SL005", config=Config(profiles=["gemini"])) == []
        (found,) = lint_tool(schema, "SL005")
        assert "Gemini's spelling" in found.message


@pytest.mark.parametrize("written, description", [
    ("decimal", "Money amount as a decimal string, e.g. '19.99'."),
    ("BigDecimal", "Exact amount, sent as a string to avoid float rounding (e.g. '0.10')."),
    ("byte", "Base64-encoded bytes."),
])
def test_sl005_a_number_name_the_words_say_is_sent_as_text_gets_string_advice_and_no_fix(written, description):
    """`number` for a "decimal string" refused "19.99", every call the words describe."""
    (found,) = lint_tool(obj(amount={"type": written, "description": description}), "SL005")
    assert found.fix is None and "so use `string`" in found.message
    (plain,) = lint_tool(obj(amount={"type": written}), "SL005")
    assert plain.fix is not None


@pytest.mark.parametrize("written, description", [
    ("float", "Sampling temperature, or 'auto'."),
    ("bool", "Send a notification: true/false, or 'yes'/'no'."),
    ("double", "Upper limit, or the string 'inf' for none."),
    ("dict", "Payload: an object, or a JSON-encoded string of one."),
    ("list", "Tags: a list of strings or a single comma-separated string."),
    ("int", "Amount to move, fractional values like 1.5 allowed."),
    ("int", "Port number or service name (e.g. 'http')."),
    ("list", "A single id or a list of ids."),
    ("bool", 'Subscribed? true/false; "yes"/"no" are accepted too.'),
    ("int", 'Port number (e.g. 443) or a service name such as "https".'),
    ("str", "ZIP code; numeric values are accepted and zero-padded."),
    ("Integer", "Quantity; null resets to the default."),
    ("Number", 'Alert threshold; "Infinity" disables the alert.'),
    ("Boolean", "DRY RUN. ALSO TAKES 1/0."),
    ("int", "Size in pixels; use max for the largest rendition."),   # a word offered bare
    ("int", "Max rows; None disables the limit."),                   # Python's None
    ("dict", "Filter object; a list of such objects is ANDed."),     # several of them
    ("bool", "Verbose output (1/0 accepted)."),                      # numbers for a flag
])
def test_sl005_respelling_is_a_suggestion_where_the_words_offer_values_the_type_refuses(written, description):
    """`number` for "Sampling temperature, or 'auto'" refused the 'auto' the words offer."""
    (found,) = lint_tool(obj(value={"type": written, "description": description}), "SL005")
    assert found.fix.safety is FixSafety.SUGGESTION and "but the words offer" in found.fix.description


@pytest.mark.parametrize("written, description", [
    ("float", "The pressure, in the unit the 'unit' parameter names."),
    ("float", "Timeout in seconds. For example, a timeout of 30.0 seconds."),
    ("bool", "Set to 'true' to enable, or 'false' to disable."),
    ("dict", "HTTP headers in a key-value format, e.g. 'Accept: application/json'."),
    ("int", "Port number, e.g. 8080."),
    ("list", "List of tag strings."),
])
def test_sl005_respelling_stays_a_fix_where_the_words_offer_nothing_else(written, description):
    (found,) = lint_tool(obj(value={"type": written, "description": description}), "SL005")
    assert found.fix.safety is FixSafety.UNSAFE
