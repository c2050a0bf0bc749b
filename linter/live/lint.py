"""Lint the tools of running MCP servers into the same result as the files.

One server at a time: ask it (`fetch`), lint its listing like a file (`document`),
then move the findings onto their tools. A server that cannot be asked is an SL000
finding naming it, and the run goes on with the others.
"""

from __future__ import annotations

from schema_lint.live.document import failed_document, live_document, relocate
from schema_lint.live.fetch import FetchError, fetch_tools
from schema_lint.live.servers import Timeouts
from schema_lint.live.servers import Server


def lint_servers(linter, servers: list[Server], result, timeouts: Timeouts) -> None:
    for server in servers:
        try:
            tools = fetch_tools(server, timeouts)
        except FetchError as exc:
            document, diagnostic = failed_document(server, str(exc))
            result.documents[document.path] = document
            result.diagnostics.append(diagnostic)
            continue
        document = live_document(server, tools)
        start = len(result.diagnostics)
        linter.lint_document(document, result)
        relocate(document, result.diagnostics[start:])
    result.diagnostics.sort(key=lambda d: d.sort_key)
