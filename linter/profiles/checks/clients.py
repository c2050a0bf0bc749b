"""What MCP clients do with a server's tools before the model sees them, per tool.

Claude Code sends each MCP tool to the Claude API as `mcp__<server>__<tool>`, and the API
refuses names over 64 characters with a 400 for the whole request ("String should have at
most 64 characters"), so the server's name counts against the tool's. The server is the one
the run knows (`request_name`): a live `--mcp` server's name, else the file's stem, as for a
snapshot written as `<server>.json`. The limits on the number of tools (Cursor's first 40, VS Code
Copilot's 128) count across the request and are in `request_limits`. These are observed
behaviour, dated in `sources`; the clients do not document them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from schema_lint.schema.pointer import join
from schema_lint.profiles import CLAUDE_CODE
from schema_lint.profiles.checks.problem import Problem
from schema_lint.profiles.sources import source
from schema_lint.rule import ToolContext

MAX_CLAUDE_CODE_NAME = 64


def request_name(path: str) -> str:
    """What a client calls the server a document's tools come from: `mcp:<server>`'s name, the
    module of `python:<module>:<attr>` (its last part), or the file's stem (`schema-lint
    snapshot -o DIR` writes `<server>.json`)."""
    if path.startswith("mcp:"):
        return path.removeprefix("mcp:")
    if path.startswith("python:"):
        return path.removeprefix("python:").partition(":")[0].rsplit(".", 1)[-1]
    return os.path.splitext(os.path.basename(path))[0]


def check_claude_code(ctx: ToolContext) -> Iterator[Problem]:
    name = ctx.tool.definition.get("name")
    if not isinstance(name, str):
        return
    sent = f"mcp__{ctx.request_name}__{name}"
    if len(sent) > MAX_CLAUDE_CODE_NAME:
        yield Problem(source("claude-code/tool-name"), join(ctx.definition_pointer, "name"),
                      f"{CLAUDE_CODE}: `mcp__{ctx.request_name}__` and the name make {len(sent)} characters, over "
                      f"{MAX_CLAUDE_CODE_NAME}: with server `{ctx.request_name}` the name may have at most "
                      f"{max(0, MAX_CLAUDE_CODE_NAME - len(sent) + len(name))}")
