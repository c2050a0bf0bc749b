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
there silences it. The files are read again for their tools: a file the cache answered was
not parsed.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from schema_lint.lint.document import DocumentLinter
from schema_lint.model import Diagnostic
from schema_lint.profiles.checks.request_limits import check
from schema_lint.rule import ToolContext
from schema_lint.sources.document import Document
from schema_lint.sources.documents import read_document
from schema_lint.sources.tools import find_tools


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
    ctx = ToolContext(first, doc, owner.config.settings, owner.profiles_for(first), tuple(t for _, t in tools),
                      configured_profiles=frozenset(owner.config.profiles), request_name=name)
    diagnostics = []
    rules = {rule.code: rule for rule in owner.rules}
    for problem in check(ctx):
        rule = rules.get("SL602" if problem.silent else "SL601")
        if rule is None:  # not selected
            continue
        finding = problem.finding()
        diagnostic = owner.diagnostic(rule, ctx, finding._replace(message=f"request `{name}`: {finding.message}"), doc)
        if not owner.silences(doc, first, diagnostic):
            diagnostics.append(diagnostic)
    return diagnostics
