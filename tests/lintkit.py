"""Helpers for rule tests: lint a schema wrapped as a tool, get the findings of one rule, build
an object schema, apply a finding's fix, draw JSON values, install a rule pack."""

from __future__ import annotations

import copy
import json

from hypothesis import strategies as st

from schema_lint.config import Config
from schema_lint.schema.pointer import split
from schema_lint.run.linter import lint_text
from schema_lint.config.selection import ENTRY_POINT_GROUP


def lint_tool(schema, code: str | None = None, name: str = "create_ticket", annotations: dict | None = None,
              config: Config | None = None, **tool_fields):
    """Findings for `schema` as an MCP tool's inputSchema (only `code`'s, when given)."""
    tool = {"name": name, "description": "A tool.", "inputSchema": schema, **tool_fields}
    if annotations is not None:
        tool["annotations"] = annotations
    config = config or Config()
    if code:
        config.select = [code]
    return lint_text(json.dumps(tool, indent=2), "tool.json", config).diagnostics


def lint_document(text: str, path: str = "tools.json", code: str | None = None, config: Config | None = None):
    config = config or Config()
    if code:
        config.select = [code]
    return lint_text(text, path, config).diagnostics


def obj(**properties):
    return {"type": "object", "properties": properties}


def apply_fix(document: dict, fix) -> dict:
    """The document after a fix's operations (the subset of JSON Patch fixes use)."""
    document = copy.deepcopy(document)
    for operation in fix.operations:
        *parents, last = split(operation.path)
        target = document
        for token in parents:
            target = target[int(token)] if isinstance(target, list) else target[token]
        if operation.op == "remove":
            del target[last]
        else:
            target[last] = operation.value
    return document


def fixed_schema(schema: dict, diagnostic) -> dict:
    return apply_fix({"inputSchema": schema}, diagnostic.fix)["inputSchema"]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.floats(-5, 5, allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=6,
)


RULE_MODULE = '''"""A rule from a pack.

## What it does
Flags every tool.

## Why is this bad
It is a test.

## Example
Any tool.

## Fix safety
No fix.
"""
from schema_lint.model import Severity
from schema_lint.rule import Finding

CODE = "XY900"
NAME = "from-a-pack"
SEVERITY = Severity.INFO


def check(ctx):
    yield Finding(ctx.tool.schema_pointer, "seen")
'''


def install_rule_pack(folder, group: str = ENTRY_POINT_GROUP) -> None:
    """A rule pack (`xy_rules`, rule XY900) installed in `folder` as pip would: its module and a
    dist-info declaring it under `group`."""
    (folder / "xy_rules.py").write_text(RULE_MODULE, encoding="utf-8")
    metadata = folder / "xy_rules-1.0.dist-info"
    metadata.mkdir()
    (metadata / "METADATA").write_text("Metadata-Version: 2.1\nName: xy-rules\nVersion: 1.0\n", encoding="utf-8")
    (metadata / "entry_points.txt").write_text(f"[{group}]\nxy900 = xy_rules\n", encoding="utf-8")
