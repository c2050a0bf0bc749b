"""SL402 invalid-tool-name: each API's naming rule, with the reason a name breaks it."""

from __future__ import annotations

import json

import pytest
from lintkit import lint_document, lint_tool
from rulekit import DESCRIBED

from schema_lint.config import Config
from schema_lint.model import Severity


def _openai(name: str) -> str:
    return json.dumps([{"type": "function", "function": {"name": name, "description": "A tool.",
                                                         "parameters": DESCRIBED}}])


def _gemini(name: str) -> str:
    return json.dumps({"function_declarations": [{"name": name, "description": "A tool.",
                                                  "parameters": {"type": "OBJECT", "properties": {}}}]})


@pytest.mark.parametrize("name, reason", [
    ("math.sum", "`.` is not allowed"),
    ("send email!", "' ', `!` are not allowed"),
    ("x" * 65, "65 characters long, over 64"),
    ("", "it is empty"),
])
def test_sl402_openai_names_with_the_reason(name, reason):
    (found,) = lint_document(_openai(name), code="SL402")
    assert found.severity == Severity.ERROR and reason in found.message and "OpenAI" in found.message


@pytest.mark.parametrize("name", ["get_weather", "create-ticket", "A1", "x" * 64])
def test_sl402_valid_openai_names(name):
    assert lint_document(_openai(name), code="SL402") == []


@pytest.mark.parametrize("name", ["admin.tools.list", "get_weather", "x" * 128])
def test_sl402_mcp_allows_what_the_mcp_specification_allows(name):
    assert lint_tool(DESCRIBED, "SL402", name=name) == []


@pytest.mark.parametrize("name, reason", [("send email!", "' ', `!` are not allowed"),
                                          ("x" * 129, "129 characters long, over 128"), ("a/b", "`/`")])
def test_sl402_mcp_names_outside_the_specification_are_a_warning(name, reason):
    (found,) = lint_tool(DESCRIBED, "SL402", name=name)
    assert (found.pointer, found.severity) == ("/name", Severity.WARNING) and reason in found.message


def test_sl402_the_strict_profile_of_the_api_that_carries_an_mcp_tool_applies_its_rule():
    (found,) = lint_tool(DESCRIBED, "SL402", name="admin.tools.list", config=Config(profiles=["openai-strict"]))
    assert found.severity == Severity.ERROR and "OpenAI" in found.message


def test_sl402_gemini_names_may_hold_dots_and_colons_but_start_with_a_letter():
    assert lint_document(_gemini("tools.search:v2"), code="SL402") == []
    (found,) = lint_document(_gemini("2fa_check"), code="SL402")
    assert "starts with `2`" in found.message and "Gemini" in found.message


def test_sl402_skips_raw_json_schema_files_whose_name_is_a_file_name():
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", **DESCRIBED}
    assert lint_document(json.dumps(schema), path="my tool.v2.json", code="SL402") == []


def _bfcl(name: str) -> str:
    return json.dumps([{"name": name, "description": "A tool.",
                        "parameters": {"type": "dict", "properties": {"x": {"type": "float"}}}}])


def test_sl402_a_dotted_name_is_bfcls_own_format():
    # BFCL writes `math.sum`; its harness rewrites the dot before a model API sees it.
    assert lint_document(_bfcl("math.sum"), "functions.json", code="SL402") == []
    (found,) = lint_document(_bfcl("math sum!"), "functions.json", code="SL402")
    assert found.severity is Severity.ERROR and "BFCL" in found.message
