"""Replay recorded tool calls through the boundary: before/after figures for a policy
or a tightened schema (`schema-lint replay`, in `cli.replay`).

May import: text, schema, boundary, sources, traffic, report.
"""
