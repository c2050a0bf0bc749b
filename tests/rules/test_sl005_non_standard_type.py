"""SL005 non-standard-type: dialect type names mapped to JSON Schema's, with their fixes."""

from __future__ import annotations

import json

import pytest
from lintkit import lint_document, lint_tool

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
    (found,) = lint_tool({"type": "object", "properties": {"v": {"type": written}}}, "SL005")
    assert found.fix.operations == (Operation("remove", f"{P}/properties/v/type"),)


def test_sl005_type_lists_and_unknown_names():
    schema = {"type": "object", "properties": {"a": {"type": ["str", "string", "null"]}, "b": {"type": ["dict", "Date"]},
                                               "c": {"type": "Date"}, "d": {"type": ["string", "null"]}}}
    found = {d.pointer.split("/")[-2]: d for d in lint_tool(schema, "SL005")}
    assert set(found) == {"a", "b"}
    assert found["a"].fix.operations == (Operation("replace", f"{P}/properties/a/type", ["string", "null"]),)
    assert found["b"].fix is None


def test_sl005_gemini_upper_case_is_that_apis_spelling_only_in_its_parameters():
    declaration = {"name": "get_weather", "description": "d",
                   "parameters": {"type": "OBJECT", "properties": {"city": {"type": "STRING"}, "n": {"type": "float"}}}}
    gemini = json.dumps({"functionDeclarations": [declaration]})
    assert [d.pointer for d in lint_document(gemini, code="SL005")] == ["/functionDeclarations/0/parameters/properties/n/type"]
    elsewhere = lint_tool({"type": "OBJECT", "properties": {"city": {"type": "STRING"}}}, "SL005")
    assert {d.pointer for d in elsewhere} == {f"{P}/type", f"{P}/properties/city/type"}
    assert "Gemini's spelling" in elsewhere[0].message
