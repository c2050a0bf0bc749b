"""The profile gate: no rule's fix adds a keyword the tool's provider refuses, and the finding
says why it has no fix."""

from __future__ import annotations

import pytest
from lintkit import lint_tool

from schema_lint.config import Config
from schema_lint.gate import PROFILE, gated
from schema_lint.model import Diagnostic, Fix, FixSafety, Operation, Severity


def test_no_fix_adds_a_format_the_profile_refuses_and_the_finding_says_why():
    schema = {"type": "object", "properties": {
        "callback_url": {"type": "string", "description": "Where to post, e.g. https://example.com/hook"},
        "reply_email": {"type": "string", "description": "Where to reply, e.g. ops@example.com"}}}
    plain = {d.pointer.rsplit("/", 1)[-1]: d for d in lint_tool(schema, "SL304")}
    assert plain["callback_url"].fix.operations[0].value == "uri" and plain["reply_email"].fix is not None
    strict = {d.pointer.rsplit("/", 1)[-1]: d for d in lint_tool(schema, "SL304", config=Config(profiles=["openai-strict"]))}
    assert strict["callback_url"].fix is None
    assert strict["callback_url"].message.endswith("no fix: it adds `format: uri`, which openai-strict refuses")
    assert strict["reply_email"].fix.operations[0].value == "email"
    anthropic = lint_tool(schema, "SL304", config=Config(profiles=["anthropic-strict"]))
    assert all(d.fix is not None for d in anthropic)
    gemini = {d.pointer.rsplit("/", 1)[-1]: d for d in lint_tool(schema, "SL304", config=Config(profiles=["gemini"]))}
    assert gemini["callback_url"].fix is None and "which gemini refuses" in gemini["callback_url"].message
    assert gemini["reply_email"].fix is not None  # its Schema reference names `email` for strings


def test_bounds_the_provider_refuses_are_never_suggested_and_the_finding_says_why():
    schema = {"type": "object", "properties": {"title": {"type": "string", "description": "At most 80 characters."},
                                               "amount": {"type": "number"}}}
    anthropic = Config(profiles=["anthropic-strict"])
    assert all(d.fix is not None for d in lint_tool(schema, "SL301") + lint_tool(schema, "SL303"))
    refused = lint_tool(schema, "SL301", config=anthropic) + lint_tool(schema, "SL303", config=anthropic)
    assert [d.message.rsplit("; ", 1)[-1] for d in refused] == [
        "no fix: it adds `maxLength`, which anthropic-strict refuses",
        "no fix: it adds `minimum`, which anthropic-strict refuses"]
    assert all(d.fix is None for d in refused)


@pytest.mark.parametrize(("profile", "keyword", "value", "refused"), [
    ("openai-strict", "format", "uri", True), ("openai-strict", "format", "email", False),
    ("openai-strict", "maxLength", 10, False), ("openai-strict", "allOf", [], True),
    ("anthropic-strict", "maxItems", 5, True), ("anthropic-strict", "minItems", 1, False),
    ("anthropic-strict", "minItems", 2, True), ("anthropic-strict", "additionalProperties", False, False),
    ("anthropic-strict", "additionalProperties", {}, True), ("anthropic-strict", "pattern", "^a$", False),
    ("gemini", "additionalProperties", False, True), ("gemini", "format", "date-time", False),
])
def test_every_fix_that_adds_a_keyword_is_checked_against_the_refusal_table(profile, keyword, value, refused):
    proposed = Diagnostic("SL999", "test", Severity.WARNING, "a finding", "t.json", "/p",
                          fix=Fix("add it", FixSafety.UNSAFE, (Operation("add", f"/p/properties/x/{keyword}", value),)))
    (diagnostic,) = gated([proposed], {"type": "object", "properties": {"x": {"type": "string"}}}, "/p",
                          frozenset({profile}))
    assert (diagnostic.fix is None) is refused
    assert (f"which {profile} refuses" in diagnostic.message) is refused
    assert (diagnostic.withheld is not None and diagnostic.withheld.gate == PROFILE) is refused


def test_a_fix_that_moves_a_subschema_adds_none_of_the_keywords_it_already_had():
    schema = {"type": "object", "properties": {"x": {"type": "string", "format": "uri"}}}
    proposed = Diagnostic("SL999", "test", Severity.WARNING, "a finding", "t.json", "", fix=Fix("nullable", FixSafety.UNSAFE, (
        Operation("replace", "/properties/x", {"anyOf": [schema["properties"]["x"], {"type": "null"}]}),)))
    (diagnostic,) = gated([proposed], schema, "", frozenset({"openai-strict"}))
    assert diagnostic.fix is not None
