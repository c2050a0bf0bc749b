"""SL305 empty-string-allowed: required strings that accept the empty string."""

from __future__ import annotations

import pytest
from lintkit import lint_tool

from schema_lint.model import FixSafety, Operation
from schema_lint.prose.field_prose import offers_empty

P = "/inputSchema"


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


def test_sl305_skips_formats_whose_grammar_has_no_empty_string():
    """`""` is not a date, an email address or a URI: a validator asserting the format
    rejects it already. A JSON Pointer, a URI reference, a regex or a URI template may be `""`."""
    formats = ["date", "date-time", "email", "uri", "uuid", "ipv4", "json-pointer", "uri-reference", "iri-reference",
               "regex", "uri-template"]
    schema = {"type": "object", "required": formats,
              "properties": {name: {"type": "string", "format": name} for name in formats}}
    found = {d.pointer.removeprefix(f"{P}/properties/") for d in lint_tool(schema, "SL305")}
    assert found == {"json-pointer", "uri-reference", "iri-reference", "regex", "uri-template"}


def test_sl305_non_empty_formats_are_those_the_format_validator_refuses_empty():
    from schema_lint.prose.field_prose import valid_in
    from schema_lint.rules.sl016_unknown_format import JSON_SCHEMA_FORMATS
    from schema_lint.rules.sl305_empty_string_allowed import NON_EMPTY_FORMATS

    assert NON_EMPTY_FORMATS == {fmt for fmt in JSON_SCHEMA_FORMATS if not valid_in(fmt, "")}


def test_sl305_a_range_of_lengths_before_the_unit_gives_its_lower_end():
    """"A 2 to 3 letter language code" is no 3 letter code: `minLength: 3` rejected "en"."""
    schema = {"type": "object", "required": ["lang"], "properties": {
        "lang": {"type": "string", "description": "A 2 to 3 letter language code, or 'auto'."}}}
    (found,) = lint_tool(schema, "SL305")
    assert found.fix.operations == (Operation("add", f"{P}/properties/lang/minLength", 2),)


def test_sl305_a_length_stated_for_a_part_of_the_string_is_no_bound_of_it():
    schema = {"type": "object", "required": ["message"], "properties": {"message": {
        "type": "string", "description": "Commit message (1 to 72 characters for the subject line; the body may be longer)."}}}
    (found,) = lint_tool(schema, "SL305")
    assert found.fix.safety is FixSafety.SUGGESTION


@pytest.mark.parametrize("description", [
    "Answer text. An empty answer skips the question; otherwise 1-500 characters.",
    "Middle name, at least one character when given; blank if the person has none.",
    "Coupon code (at least 4 characters; empty string = no coupon).",
    "Replacement string. Unlike old_string it need not be non-empty.",
    "Passphrase; must be non-empty if the key is encrypted, empty otherwise.",
    "Reply text (non-empty for replies; empty for a reaction-only message).",
    "Suffix to append (non-empty suffixes get a leading dot). Empty is allowed.",
    "Commit message; non-empty unless allow_empty is set.",
])
def test_sl305_takes_no_length_from_words_that_offer_the_empty_string(description):
    """`minLength: 4` from "at least 4 characters; empty string = no coupon" refused the empty
    string the same words offer."""
    schema = {"type": "object", "required": ["text"], "properties": {"text": {"type": "string", "description": description}}}
    (found,) = lint_tool(schema, "SL305")
    assert found.fix is None or found.fix.safety is FixSafety.SUGGESTION  # withheld: it refuses "" the words offer


@pytest.mark.parametrize("description", ["Title; must not be empty.", "Name. Cannot be empty if the draft is published.",
                                         "Text (non-empty for replies).", "Empty strings are not allowed."])
def test_sl305_words_refusing_the_empty_string_offer_none(description):
    assert not offers_empty(description)
