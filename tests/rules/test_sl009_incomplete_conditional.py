"""SL009 incomplete-conditional: a lone `if`, `then` or `else`, removed safely unless it
decides what is evaluated."""

from __future__ import annotations

import json

import jsonschema_rs
from lintkit import lint_tool, obj

from schema_lint.config import Config
from schema_lint.run.linter import lint_text
from schema_lint.model import FixSafety


def test_sl009_flags_lonely_if_then_and_else_with_safe_removals():
    schema = {**obj(channel={"enum": ["a", "b"]}), "if": {"properties": {"channel": {"const": "a"}}},
              "allOf": [{"then": {"required": ["x"]}}]}
    found = lint_tool(schema, "SL009")
    assert sorted(d.pointer for d in found) == ["/inputSchema/allOf/0/then", "/inputSchema/if"]
    assert {d.fix.safety for d in found} == {FixSafety.SAFE}
    complete = {**schema, "then": {"required": ["channel"]}}
    del complete["allOf"]
    assert lint_tool(complete, "SL009") == []


def test_sl009_removing_a_lone_if_beside_unevaluated_properties_is_unsafe():
    schema = {"type": "object", "unevaluatedProperties": False,
              "if": {"properties": {"extra": {"type": "string"}}}, "properties": {"a": {"type": "string"}}}
    tool = {"name": "t", "description": "T.", "inputSchema": schema}
    config = Config()
    config.select = ["SL009"]
    (found,) = lint_text(json.dumps(tool), "tool.json", config).diagnostics
    assert found.fix.safety is FixSafety.UNSAFE
    # and rightly: the lone `if` does make `extra` evaluated
    validator = jsonschema_rs.validator_for(schema)
    assert validator.is_valid({"extra": "x"})
    assert not jsonschema_rs.validator_for({k: v for k, v in schema.items() if k != "if"}).is_valid({"extra": "x"})
