"""SL016 unknown-format: formats validators ignore, and the known spelling when it is unique."""

from __future__ import annotations

import pytest
from lintkit import lint_tool

from schema_lint.rules.sl016_unknown_format import known_spelling

P = "/inputSchema/properties/when/format"


def _field(**schema) -> dict:
    return {"type": "object", "properties": {"when": {"type": "string", **schema}}, "required": ["when"]}


@pytest.mark.parametrize(("written", "meant"), [
    ("datetime", "date-time"), ("DateTime", "date-time"), ("date_time", "date-time"), ("e-mail", "email"),
    ("URI", "uri"), ("uri_reference", "uri-reference"), ("IPv4", "ipv4"),
])
def test_a_near_miss_of_a_known_format_gets_the_known_spelling(written, meant):
    (found,) = lint_tool(_field(format=written), "SL016")
    assert found.pointer == P and f"did you mean `{meant}`" in found.message
    assert found.fix.operations[0].value == meant and str(found.fix.safety) == "unsafe"


@pytest.mark.parametrize(("written", "meant", "example"), [
    ("url", "uri", "https://example.com/a"), ("guid", "uuid", "3f2504e0-4f89-11d3-9a0c-0305e82c3301"),
    ("GUID", "uuid", "3f2504e0-4f89-11d3-9a0c-0305e82c3301"),
])
def test_a_synonym_is_respelled_as_a_suggestion_unless_the_fields_values_are_in_the_format(written, meant, example):
    """`guid` described "in braces as Windows prints it" became `uuid`, which refuses
    "{3F2504E0-…}": another word may name a looser form than the format it resembles."""
    (found,) = lint_tool(_field(format=written, description="Object id, in braces as Windows prints it."), "SL016")
    assert found.fix.operations[0].value == meant and str(found.fix.safety) == "suggestion"
    (shown,) = lint_tool(_field(format=written, examples=[example]), "SL016")
    assert str(shown.fix.safety) == "unsafe"


@pytest.mark.parametrize("written", ["date-time", "uuid", "int64", "password", "enum", "file-path", "regex",
                                     "idn-hostname", "duration"])
def test_known_formats_pass(written):
    assert lint_tool(_field(format=written), "SL016") == []


def test_an_unknown_format_with_no_known_spelling_is_reported_without_a_fix():
    (found,) = lint_tool(_field(format="json"), "SL016")
    assert found.fix is None and "no draft or provider defines" in found.message


def test_no_fix_when_the_fields_own_values_would_fail_the_known_format():
    (found,) = lint_tool(_field(format="datetime", examples=["tomorrow"]), "SL016")
    assert found.fix is None
    (kept,) = lint_tool(_field(format="datetime", default="2024-01-02T03:04:05Z"), "SL016")
    assert kept.fix is not None


@pytest.mark.parametrize("written, description", [
    ("Date", "Date (MM/DD/YYYY)."),
    ("Time", "Time of day, HH:MM."),
    ("date_time", "When, ISO 8601; a date alone means midnight."),
    ("uri ", "Website; a bare domain is fine."),
    ("ipV6", "IPv6 address (plain IPv4 accepted for dual-stack hosts)."),
    ("IPv4", "Server address; IPv6 too where the network has it."),
    ("IPv4", "IPv4 network, CIDR notation allowed (10.0.0.0/8)."),
    ("UUID", "Request UUID (32 hex digits, dashes optional)."),
])
def test_no_fix_when_the_words_give_values_in_another_layout_or_form(written, description):
    """Each respelling refused values the words give: "05/01/2024", "09:30", "2024-05-01", "acme.com",
    an address of the other IP family."""
    (found,) = lint_tool(_field(format=written, description=description), "SL016")
    assert found.fix is None and "no fix: the words give values not in" in found.message


def test_only_a_unique_spelling_counts():
    assert known_spelling("ip") is None  # ipv4 or ipv6: for a person to say


def test_an_ip_format_whose_words_name_only_its_own_family_is_respelled():
    (found,) = lint_tool(_field(format="ipV6", description="IPv6 address of the host."), "SL016")
    assert found.fix is not None and found.fix.operations[0].value == "ipv6"


@pytest.mark.parametrize("written", ["uint32", "uint", "int8", "int128", "uint64"])
def test_the_integer_formats_schemars_writes_are_known(written):
    """The Rust MCP SDK's generator writes them on every integer (and `minimum: 0` beside an
    unsigned one): its users cannot act on a finding, and nothing is lost."""
    count = {"type": "object", "properties": {"n": {"type": "integer", "format": written, "minimum": 0}}}
    assert lint_tool(count, "SL016") == []
    assert len(lint_tool(_field(format="unit32"), "SL016")) == 1  # a misspelling still is one
