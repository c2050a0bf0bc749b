"""SL302 unbounded-array, SL304 missing-format, SL305 empty-string-allowed,
SL306 unanchored-pattern, SL307 single-value-enum: findings and fix operations."""

from __future__ import annotations

import json

import pytest
from lintkit import lint_document, lint_tool

from schema_lint.config import Config
from schema_lint.model import FixSafety, Operation, Severity

P = "/inputSchema"


def _props(**properties) -> dict:
    return {"type": "object", "properties": properties}


def test_sl302_flags_arrays_without_max_items_and_adds_the_configured_bound():
    schema = _props(tags={"type": "array", "items": {"type": "string"}, "description": "Up to 100 tags."},
                    many={"type": "array", "minItems": 500},
                    bounded={"type": "array", "maxItems": 5}, pair={"type": "array", "prefixItems": [{}, {}], "items": False},
                    fixed={"type": "array", "const": [1, 2]})
    found = {d.pointer.removeprefix(f"{P}/properties/"): d for d in lint_tool(schema, "SL302", name="send_mail")}
    assert set(found) == {"tags", "many"}
    assert found["tags"].severity is Severity.WARNING
    assert found["tags"].fix is None  # "100 tags" is not a count of items: no evidence, no guess
    assert found["many"].fix is None
    schema["properties"]["tags"]["description"] = "Up to 100 items."
    (tags, _) = lint_tool(schema, "SL302")
    assert tags.fix.operations == (Operation("add", f"{P}/properties/tags/maxItems", 100),)
    config = Config(settings={"max-items": 20})
    (tags, many) = lint_tool(schema, "SL302", config=config)
    assert tags.fix.operations[0].value == 100 and tags.fix.safety is FixSafety.UNSAFE  # the schema's word first
    assert many.fix.operations[0].value == 500  # the configured bound, raised to minItems


def test_sl302_is_information_on_read_tools():
    (found,) = lint_tool(_props(ids={"type": "array"}), "SL302", name="list_items")
    assert found.severity is Severity.INFO


@pytest.mark.parametrize("name, fmt, evidence", [
    ("recipient_email", "email", {"examples": ["ops@example.com"]}),
    ("callbackUrl", "uri", {"description": "Where to post, e.g. https://example.com/hook"}),
    ("start_date", "date", {"description": "First day, in the format 'YYYY-MM-DD'."}),
    ("created_at", "date-time", {"description": "ISO 8601 timestamp."}),
    ("order_uuid", "uuid", {"default": "123e4567-e89b-12d3-a456-426614174000"})])
def test_sl304_adds_the_format_the_name_implies_when_the_schema_shows_it(name, fmt, evidence):
    (found,) = lint_tool(_props(**{name: {"type": "string", **evidence}}), "SL304")
    assert found.fix.safety is FixSafety.UNSAFE
    assert found.fix.operations == (Operation("add", f"{P}/properties/{name}/format", fmt),)
    (bare,) = lint_tool(_props(**{name: {"type": "string"}}), "SL304")
    assert bare.fix is None and "no fix" in bare.message


@pytest.mark.parametrize("schema", [
    {"type": "string", "description": "Check-in date in the format MM/DD/YYYY."},
    {"type": "string", "description": "Date, dd-mm-yyyy."},
    {"type": "string", "description": "When, as YYYY-MM-DD HH:mm:ss."},
    {"type": "string", "description": "Date (YYYY-MM-DD), or 'dontcare' for any date."},
    {"type": "string", "description": "Date, in the format 'YYYY-MM-DD'.", "default": "null"},
    {"type": "string", "description": "ISO 8601 date. Default is today."},
])
def test_sl304_has_no_iso_fix_when_the_schema_says_otherwise(schema):
    (found,) = lint_tool(_props(start_date=schema), "SL304")
    assert found.fix is None


def test_sl304_names_array_items_by_their_property_and_skips_constrained_fields():
    schema = _props(cc_emails={"type": "array", "items": {"type": "string"}},
                    email={"type": "string", "format": "idn-email"}, home_url={"type": "string", "pattern": "^https://"},
                    due_date={"type": "string", "enum": ["today", "tomorrow"]}, title={"type": "string"})
    assert [d.pointer for d in lint_tool(schema, "SL304")] == [f"{P}/properties/cc_emails/items"]


def test_sl304_in_gemini_parameters_says_which_formats_gemini_refuses():
    declaration = {"name": "book", "description": "d", "parameters": {"type": "OBJECT", "properties": {
        "email": {"type": "STRING"}, "starts_at": {"type": "STRING"}}}}
    found = {d.pointer.rsplit("/", 1)[1]: d for d in
             lint_document(json.dumps({"function_declarations": [declaration]}), code="SL304")}
    assert found["email"].message.endswith("no fix: it adds `format: email`, which gemini refuses")
    assert "refuses" not in found["starts_at"].message


def test_sl305_required_strings_that_accept_empty():
    schema = {"type": "object", "required": ["title", "code", "kind", "named", "zero", "filled"], "properties": {
        "title": {"type": "string", "description": "Must not be empty."},
        "zero": {"type": "string", "minLength": 0, "description": "A non-empty name."}, "optional": {"type": "string"},
        "code": {"type": "string", "pattern": "^[A-Z]+$"}, "kind": {"type": "string", "enum": ["a", ""]},
        "named": {"type": "string", "const": "x"}, "filled": {"type": "string", "minLength": 1}}}
    found = {d.pointer.removeprefix(f"{P}/properties/"): d for d in lint_tool(schema, "SL305")}
    assert set(found) == {"title", "zero", "kind"}
    assert found["title"].fix.operations == (Operation("add", f"{P}/properties/title/minLength", 1),)
    assert found["zero"].fix.operations == (Operation("replace", f"{P}/properties/zero/minLength", 1),)
    assert found["title"].fix.safety is FixSafety.UNSAFE


@pytest.mark.parametrize("pattern, fixed", [
    ("[A-Z]{3}", "^(?:[A-Z]{3})$"),
    ("^a|b", "^(?:a|b)$"),
    ("^a$|b", "^(?:a|b)$"),
    ("[|$]x", "^(?:[|$]x)$"),
    ("a\\$", "^(?:a\\$)$"),
])
def test_sl306_anchors_the_whole_pattern(pattern, fixed):
    (found,) = lint_tool(_props(code={"type": "string", "pattern": pattern}), "SL306")
    assert found.pointer == f"{P}/properties/code/pattern"
    assert found.fix.operations == (Operation("replace", f"{P}/properties/code/pattern", fixed),)
    assert found.fix.safety is FixSafety.UNSAFE


@pytest.mark.parametrize("pattern, side", [("^=", "start"), ("\\.pdf$", "end")])
def test_sl306_one_sided_anchors_are_reported_without_a_fix(pattern, side):
    (found,) = lint_tool(_props(formula={"type": "string", "pattern": pattern}), "SL306")
    assert f"anchored only at the {side}" in found.message and found.fix is None


@pytest.mark.parametrize("pattern", ["^[a-z]+$", "^a$|^b$", "^(?:a|b)$", "^a\\\\$", "", "(unbalanced"])
def test_sl306_leaves_anchored_empty_and_invalid_patterns_alone(pattern):
    assert lint_tool(_props(code={"type": "string", "pattern": pattern}), "SL306") == []


def test_sl307_single_value_enum_becomes_const_safely_and_leaves_const_with_enum_to_sl010():
    schema = _props(version={"type": "string", "enum": ["v2"]}, kind={"const": "a", "enum": ["a"]},
                    pair={"enum": ["a", "b"]})
    (found,) = lint_tool(schema, "SL307")
    assert found.pointer == f"{P}/properties/version/enum" and found.fix.safety is FixSafety.SAFE
    assert found.fix.operations == (Operation("remove", f"{P}/properties/version/enum"),
                                    Operation("add", f"{P}/properties/version/const", "v2"))


def test_sl307_skips_gemini_parameters_which_have_no_const():
    declaration = {"name": "f", "description": "d", "parameters": {"type": "OBJECT", "properties": {
        "v": {"type": "STRING", "enum": ["only"]}}}}
    assert lint_document(json.dumps({"functionDeclarations": [declaration]}), code="SL307") == []


@pytest.mark.parametrize("pattern", ["^[a-z]+$", "^a|b$", "^a$|^b$", "^=", "a\\$", "^a\\\\$"])
def test_sl301_and_sl306_agree_on_what_an_anchored_pattern_is(pattern):
    schema = _props(code={"type": "string", "pattern": pattern})
    assert bool(lint_tool(schema, "SL301")) == bool(lint_tool(schema, "SL306"))
