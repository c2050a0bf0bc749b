"""SL004 unknown-keyword and SL005 non-standard-type, with their fixes."""

from __future__ import annotations

import json

import pytest
from lintkit import lint_document, lint_tool

from schema_lint.model import FixSafety, Operation, Severity

P = "/inputSchema"


@pytest.mark.parametrize("typo, meant, value", [
    ("require", "required", ["title"]),
    ("maxlength", "maxLength", 10),
    ("minLenght", "minLength", 1),
    ("additionalProperty", "additionalProperties", False),
    ("descripton", "description", "A title."),
])
def test_sl004_renames_an_unambiguous_typo(typo, meant, value):
    schema = {"type": "object", "properties": {"title": {"type": "string"}}, typo: value}
    (found,) = lint_tool(schema, "SL004")
    assert (found.pointer, found.at_key, found.severity) == (f"{P}/{typo}", True, Severity.WARNING)
    assert f"did you mean `{meant}`" in found.message
    assert found.fix.operations == (Operation("add", f"{P}/{meant}", value), Operation("remove", f"{P}/{typo}"))
    assert found.fix.safety is (FixSafety.SAFE if meant == "description" else FixSafety.UNSAFE)


def test_sl004_no_rename_when_the_real_keyword_is_there_or_the_value_does_not_fit():
    (both,) = lint_tool({"type": "object", "required": [], "require": ["a"]}, "SL004")
    (draft3,) = lint_tool({"type": "object", "properties": {"a": {"type": "string", "require": True}}}, "SL004")
    assert both.fix is None and draft3.fix is None
    assert both.severity is draft3.severity is Severity.WARNING


def test_sl004_other_unknown_keys_are_information_and_extensions_pass():
    schema = {"type": "object", "properties": {"q": {"type": "string", "x-order": 1, "X-Internal": True}},
              "frobnicate": 3, "nullable": True, "discriminator": {"propertyName": "kind"}, "propertyOrdering": ["q"]}
    (found,) = lint_tool(schema, "SL004")
    assert (found.pointer, found.severity, found.fix) == (f"{P}/frobnicate", Severity.INFO, None)


def test_sl004_does_not_read_property_names_as_keywords():
    schema = {"type": "object", "properties": {"require": {"type": "string"}, "maxlength": {"type": "integer"}}}
    assert lint_tool(schema, "SL004") == []


def test_sl004_keywords_of_another_draft_than_the_declared_one():
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
              "properties": {"a": {"type": "string"}}, "dependencies": {"a": ["b"]}}
    (found,) = lint_tool(schema, "SL004")
    assert found.pointer == f"{P}/dependencies" and "not a 2020-12 keyword" in found.message
    del schema["$schema"]
    assert lint_tool(schema, "SL004") == []


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
