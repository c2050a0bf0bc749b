"""SL004 unknown-keyword: typos renamed when unambiguous, other keys and other drafts' keywords."""

from __future__ import annotations

import pytest
from lintkit import lint_tool

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
