"""Helpers for fuzz tests: fuzz one schema as an MCP tool, find near misses by mutator and path."""

from __future__ import annotations

from dataclasses import replace

from schema_lint.fuzz.model import FuzzOptions, ToolReport
from schema_lint.fuzz.run import fuzz_tool
from schema_lint.prose.side_effects import classify
from schema_lint.sources.tools import find_tools

# Few examples keep the suite fast; the seed keeps it deterministic.
TEST_OPTIONS = FuzzOptions(examples=5, seed=0, budget=20.0)


def fuzz_schema(schema, name: str = "create_ticket", options: FuzzOptions = TEST_OPTIONS,
                framework: str | None = None) -> ToolReport:
    """Fuzz `schema` as an MCP tool's, made by `framework` as a `--python` target's tool is."""
    tool = find_tools({"name": name, "description": "A tool.", "inputSchema": schema}, name)[0]
    return fuzz_tool(replace(tool, side_effects=classify(tool)), "tool.json", options, framework)


def outcomes(report: ToolReport, mutator: str, path: str | None = None) -> set[str]:
    """The outcomes `mutator` met (at `path`, when given)."""
    return {m.outcome for m in report.near_misses if m.mutator == mutator and (path is None or m.path == path)}


# What SL102's fix adds to conftest's CREATE_TICKET: with it, leaving out `recipient` for email is refused.
RECIPIENT_WHEN_EMAIL = {
    "allOf": [{"if": {"properties": {"channel": {"const": "email"}}, "required": ["channel"]},
               "then": {"required": ["recipient"]}}],
}
