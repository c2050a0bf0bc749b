"""Output formats, one module each.

Each is a module with `render(result, options) -> str`, or `chunks(result, options)`
giving its text a piece at a time (the JSON formats: a report of 100,000 findings is never
held whole), imported only when chosen so that a format's dependencies never slow down the others.

May import: model, text, schema, rule, lint, fixes.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import NamedTuple

FORMATS = {
    "full": "schema_lint.report.full",
    "concise": "schema_lint.report.concise",
    "json": "schema_lint.report.json_report",
    "jsonl": "schema_lint.report.json_report",
    "github": "schema_lint.report.github",
    "sarif": "schema_lint.report.sarif",
    "gitlab": "schema_lint.report.gitlab",
    "rdjson": "schema_lint.report.rdjson",
    "markdown": "schema_lint.report.markdown",
    "junit": "schema_lint.report.junit",
}


class ReportOptions(NamedTuple):
    color: bool = False
    # Whether `--fix`/`--unsafe-fixes` were given (the summary says what is left to fix).
    fixing: bool = False
    # Whether `--unsafe-fixes` enables tightening fixes (`[*]` marks the fixes enabled).
    unsafe_fixes: bool = False
    # `-q`: the findings only, no summary.
    quiet: bool = False
    # `-v`: the files without a tool were listed, so the summary need not say how to list them.
    verbose: bool = False
    # `--docs-url`: where the rule pages that reports link to are published (see `links`).
    docs_url: str | None = None
    # The lowest severity that fails the run (`junit` lists those findings as failures).
    fail_on: str = "warning"


def render(format_name: str, result, options: ReportOptions) -> str:
    return "".join(chunks(format_name, result, options))


def chunks(format_name: str, result, options: ReportOptions, size: int = 1 << 16) -> Iterator[str]:
    """The report in pieces of about `size` characters: few writes, and little held at once."""
    module = importlib.import_module(FORMATS[format_name])
    streamed = getattr(module, "chunks_lines" if format_name == "jsonl" else "chunks", None)
    if streamed is None:
        yield module.render(result, options)
        return
    pending: list[str] = []
    held = 0
    for piece in streamed(result, options):
        pending.append(piece)
        held += len(piece)
        if held >= size:
            yield "".join(pending)
            pending, held = [], 0
    if pending:
        yield "".join(pending)
