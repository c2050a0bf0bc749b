"""SL401 missing-description and SL402 invalid-tool-name."""

from __future__ import annotations

import json

import pytest
from lintkit import lint_document, lint_tool

from schema_lint.model import Severity

DESCRIBED = {"type": "object", "properties": {"q": {"type": "string", "description": "Search text."}}}


def test_sl401_tool_without_description_is_a_warning_at_its_definition():
    tool = {"type": "function", "function": {"name": "search", "parameters": DESCRIBED}}
    (found,) = lint_document(json.dumps({"tools": [tool]}), code="SL401")
    assert (found.pointer, found.severity) == ("/tools/0/function", Severity.WARNING)


@pytest.mark.parametrize("description", ["", "   "])
def test_sl401_blank_tool_description_counts_as_none(description):
    (found,) = lint_tool(DESCRIBED, "SL401", description=description)
    assert found.pointer == ""


def test_sl401_properties_without_description_are_information():
    schema = {"type": "object", "properties": {
        "q": {"type": "string"}, "described": {"type": "string", "description": "d"},
        "address": {"$ref": "#/$defs/Address"}},
        "$defs": {"Address": {"type": "object", "description": "Where to ship."}}}
    (found,) = lint_tool(schema, "SL401")
    assert (found.pointer, found.severity, found.at_key) == ("/inputSchema/properties/q", Severity.INFO, True)
    assert lint_tool(DESCRIBED, "SL401") == []


@pytest.mark.parametrize("name, reason", [
    ("math.sum", "`.` is not allowed"),
    ("send email!", "' ', `!` are not allowed"),
    ("x" * 65, "65 characters long, over 64"),
    ("", "it is empty"),
])
def test_sl402_invalid_names_with_the_reason(name, reason):
    (found,) = lint_tool(DESCRIBED, "SL402", name=name)
    assert (found.pointer, found.severity) == ("/name", Severity.ERROR)
    assert reason in found.message


@pytest.mark.parametrize("name", ["get_weather", "create-ticket", "A1", "x" * 64])
def test_sl402_valid_names(name):
    assert lint_tool(DESCRIBED, "SL402", name=name) == []


def test_sl402_skips_raw_json_schema_files_whose_name_is_a_file_name():
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", **DESCRIBED}
    assert lint_document(json.dumps(schema), path="my tool.v2.json", code="SL402") == []
