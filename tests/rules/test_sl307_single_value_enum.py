"""SL307 single-value-enum: `enum: [x]` becomes `const: x` where the draft and the provider
have `const`."""

from __future__ import annotations

import json

from lintkit import lint_document, lint_tool, obj

from schema_lint.config import Config
from schema_lint.run.linter import lint_text
from schema_lint.model import FixSafety, Operation

P = "/inputSchema"


def test_sl307_single_value_enum_becomes_const_safely_and_leaves_const_with_enum_to_sl010():
    schema = obj(version={"type": "string", "enum": ["v2"]}, kind={"const": "a", "enum": ["a"]},
                    pair={"enum": ["a", "b"]})
    (found,) = lint_tool(schema, "SL307")
    assert found.pointer == f"{P}/properties/version/enum" and found.fix.safety is FixSafety.SAFE
    assert found.fix.operations == (Operation("remove", f"{P}/properties/version/enum"),
                                    Operation("add", f"{P}/properties/version/const", "v2"))


def test_sl307_skips_gemini_parameters_which_have_no_const():
    declaration = {"name": "f", "description": "d", "parameters": {"type": "OBJECT", "properties": {
        "v": {"type": "STRING", "enum": ["only"]}}}}
    assert lint_document(json.dumps({"functionDeclarations": [declaration]}), code="SL307") == []


def test_sl307_offers_no_const_to_a_draft_04_schema():
    tool = {"name": "list_tickets", "description": "List.", "inputSchema": {
        "$schema": "http://json-schema.org/draft-04/schema#", "type": "object",
        "properties": {"status": {"type": "string", "enum": ["open"]}}}}
    config = Config()
    config.select = ["SL307"]
    (found,) = lint_text(json.dumps(tool), "tool.json", config).diagnostics
    assert found.fix is None
    assert found.message.endswith('"open": a `const` from draft-06 on (draft-04 has none, so no fix)')  # not "that is one"
