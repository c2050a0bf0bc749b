"""Lint the tools of running MCP servers into the same result as the files.

One server at a time: ask it (`fetch`), lint its listing like a file (`document`),
then move the findings onto their tools. A server that cannot be asked, or that lists
no tool (a run that read nothing would pass in silence), is an SL000 finding naming it,
and the run goes on with the others. `lint_listing` and
`add_failure` serve `--python` targets too, which have no file either.
"""

from __future__ import annotations

from typing import Any

from schema_lint.live.document import failed_document, live_document, relocate
from schema_lint.live.fetch import FetchError, fetch_tools
from schema_lint.live.limits import Limits
from schema_lint.config.servers import Server


def lint_servers(linter, servers: list[Server], result, limits: Limits) -> None:
    for server in servers:
        try:
            tools = fetch_tools(server, limits)
        except FetchError as exc:
            add_failure(result, server.path, f"MCP server `{server.name}` ({server.shown}): {exc}")
            continue
        if not tools:
            add_failure(result, server.path, f"MCP server `{server.name}` ({server.shown}) lists no tool: nothing to "
                                             "lint (a server of resources or prompts alone needs no --mcp)")
            continue
        lint_listing(linter, result, server.path, tools)
    result.diagnostics.sort(key=lambda d: d.sort_key)


def lint_listing(linter, result, path: str, tools: list[dict[str, Any]], sources: dict[str, str] | None = None) -> None:
    """`tools` linted as one document at `path`, each finding then at `<path>/<tool>`."""
    document = live_document(path, tools)
    start = len(result.diagnostics)
    linter.lint_document(document, result)
    result.diagnostics[start:] = relocate(document, result.diagnostics[start:], sources)


def add_failure(result, path: str, message: str) -> None:
    """What could not be had: an SL000 finding at `path` (exit 2)."""
    document, diagnostic = failed_document(path, message)
    result.documents[document.path] = document
    result.diagnostics.append(diagnostic)
