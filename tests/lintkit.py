"""Helpers for rule tests: lint a schema wrapped as a tool, get the findings of one rule."""

from __future__ import annotations

import json

from schema_lint.config import Config
from schema_lint.engine import lint_text


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
