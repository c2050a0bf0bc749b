"""Helpers for rule tests: lint a schema wrapped as a tool, get the findings of one rule, install
a rule pack."""

from __future__ import annotations

import json

from schema_lint.config import Config
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
