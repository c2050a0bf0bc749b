"""Replay recorded tool calls through the boundary: before/after figures for a policy
or a tightened schema (`schema-lint replay`, in `cli.replay`).

May import: model, text, schema, boundary, sources, traffic, config.
"""
