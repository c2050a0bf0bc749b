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
    schema = _props(tags={"type": "array", "items": {"type": "string"}}, many={"type": "array", "minItems": 500},
                    bounded={"type": "array", "maxItems": 5}, pair={"type": "array", "prefixItems": [{}, {}], "items": False},
                    fixed={"type": "array", "const": [1, 2]})
    found = {d.pointer.removeprefix(f"{P}/properties/"): d for d in lint_tool(schema, "SL302", name="send_mail")}
    assert set(found) == {"tags", "many"}
    assert found["tags"].severity is Severity.WARNING
    assert found["tags"].fix.operations == (Operation("add", f"{P}/properties/tags/maxItems", 100),)
    assert found["many"].fix.operations[0].value == 500
    config = Config(settings={"max-items": 20})
    (tags, _) = lint_tool(schema, "SL302", config=config)
    assert tags.fix.operations[0].value == 20 and tags.fix.safety is FixSafety.UNSAFE


def test_sl302_is_information_on_read_tools():
    (found,) = lint_tool(_props(ids={"type": "array"}), "SL302", name="list_items")
    assert found.severity is Severity.INFO


@pytest.mark.parametrize("name, fmt", [("recipient_email", "email"), ("callbackUrl", "uri"), ("start_date", "date"),
                                       ("created_at", "date-time"), ("order_uuid", "uuid")])
def test_sl304_adds_the_format_the_name_implies(name, fmt):
    (found,) = lint_tool(_props(**{name: {"type": "string"}}), "SL304")
    assert found.fix.safety is FixSafety.UNSAFE
    assert found.fix.operations == (Operation("add", f"{P}/properties/{name}/format", fmt),)


def test_sl304_names_array_items_by_their_property_and_skips_constrained_fields():
    schema = _props(cc_emails={"type": "array", "items": {"type": "string"}},
                    email={"type": "string", "format": "idn-email"}, home_url={"type": "string", "pattern": "^https://"},
                    due_date={"type": "string", "enum": ["today", "tomorrow"]}, title={"type": "string"})
    assert [d.pointer for d in lint_tool(schema, "SL304")] == [f"{P}/properties/cc_emails/items"]


def test_sl304_in_gemini_parameters_suggests_only_date_time():
    declaration = {"name": "book", "description": "d", "parameters": {"type": "OBJECT", "properties": {
        "email": {"type": "STRING"}, "starts_at": {"type": "STRING"}}}}
    found = lint_document(json.dumps({"function_declarations": [declaration]}), code="SL304")
    assert [d.pointer.rsplit("/", 1)[1] for d in found] == ["starts_at"]


def test_sl305_required_strings_that_accept_empty():
    schema = {"type": "object", "required": ["title", "code", "kind", "named", "zero", "filled"], "properties": {
        "title": {"type": "string"}, "zero": {"type": "string", "minLength": 0}, "optional": {"type": "string"},
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
