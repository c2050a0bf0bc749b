"""Replay recorded tool calls through the boundary: before/after figures for a policy
or a tightened schema (`schema-lint replay`)."""

from schema_lint.cli.replay import replay

__all__ = ["replay"]
