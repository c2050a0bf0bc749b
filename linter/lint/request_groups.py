"""Limits that count across tools, for requests the configuration makes of several files.

An agent often sends the tools of several files (or servers' snapshots) in one request:

    [tool.schema-lint.requests.support-agent]
    files = ["tools/tickets.json", "snapshots/*.json"]

Per file, each may pass OpenAI's 128 tools or Anthropic's 24 optional parameters, and
together they do not. The files of a configured request are therefore not checked alone
(`ToolContext.checks_request` is off while they are linted); after the run, each request's
tools, in the order of its files, are checked as one group and every limit passed is one
finding (SL601, or SL602 for a silent loss) at the request's first tool, naming the tools
that contribute and the request, unless `per-file-ignores`, `per-tool-ignores` or a comment
there silences it. A tool name two of its tools share, in one file or two, is SL019's
finding, at the first tool of that name, in its file. The files are read again for their
tools: a file the cache answered was not parsed.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from schema_lint.lint.document import DocumentLinter
from schema_lint.model import Diagnostic, Tool
from schema_lint.profiles.checks.request_limits import check
from schema_lint.rule import Finding, Rule, ToolContext
from schema_lint.sources.document import Document
from schema_lint.sources.documents import read_document
from schema_lint.sources.tools import find_tools

# The rule that finds a tool name repeated within a request, run here across its files.
DUPLICATE_TOOL_NAME = "SL019"


def request_findings(linter: DocumentLinter, owner_of: Callable[[str], DocumentLinter],
                     files: list[str], read: Callable[[str], Document] | None = None) -> list[Diagnostic]:
    """One finding per limit each configured request (of `linter`'s configuration) passes, with
    the run's files it covers; each finding made under its file's own configuration (`owner_of`).
    `read` gives a file's document (by default, as it is on disk; an editor's text instead)."""
    found = []
    for name in linter.config.requests:
        members = [path for path in files if path != "-" and linter.configured_request(path) == name]
        tools = []
        for path in members:
            doc = read(path) if read is not None else read_document(path, max_bytes=linter.config.max_file_size)
            if doc.data is not None:
                stem = os.path.splitext(os.path.basename(path))[0]
                tools += [(doc, tool) for tool in find_tools(doc.data, stem)]
        if tools:
            found += _check(owner_of, name, tools)
    return found


def _check(owner_of: Callable[[str], DocumentLinter], name: str, tools: list) -> list[Diagnostic]:
    doc, first = tools[0]
    owner = owner_of(doc.path)
    group = tuple(t for _, t in tools)
    documents = {id(tool): member for member, tool in tools}
    ctx = ToolContext(first, doc, owner.config.settings, owner.profiles_for(first), group,
                      configured_profiles=frozenset(owner.config.profiles), request_name=name,
                      request_documents=documents)
    rules = {rule.code: rule for rule in owner.rules}
    found = [(rules.get("SL602" if problem.silent else "SL601"), ctx, problem.finding()) for problem in check(ctx)]
    for member, tool in tools:
        found += _repeated_names(owner_of(member.path), name, member, tool, group, documents)
    diagnostics = []
    for rule, tool_ctx, finding in found:
        if rule is None:  # not selected
            continue
        tool_owner = owner_of(tool_ctx.document.path)
        diagnostic = tool_owner.diagnostic(rule, tool_ctx, finding._replace(message=f"request `{name}`: {finding.message}"),
                                           tool_ctx.document)
        if not tool_owner.silences(tool_ctx.document, tool_ctx.tool, diagnostic):
            diagnostics.append(diagnostic)
    return diagnostics


def _repeated_names(owner: DocumentLinter, name: str, doc: Document, tool: Tool, group: tuple[Tool, ...],
                    documents: dict[int, Document]) -> list[tuple[Rule, ToolContext, Finding]]:
    """SL019's findings on `tool` across the request: a name two of its files give their tools
    (reported at the first of them, in the file that holds it, under that file's configuration)."""
    rule = next((rule for rule in owner.rules if rule.code == DUPLICATE_TOOL_NAME), None)
    if rule is None:
        return []
    ctx = ToolContext(tool, doc, owner.config.settings, owner.profiles_for(tool), group,
                      configured_profiles=frozenset(owner.config.profiles), request_name=name,
                      request_documents=documents)
    return [(rule, ctx, finding) for finding in rule.check(ctx)]
