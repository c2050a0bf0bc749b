"""Every tool of the shared corpus, written out as it was published, lints to the end.

No parse error, no rule that raises, each file's one tool found exactly once, and
every finding positioned inside its file. In-process (one Linter, documents read from
memory) so that 3,267 tools take seconds, not a subprocess each.
"""

from __future__ import annotations

from collections import Counter

from conftest import bench_module

from schema_lint.config import Config
from schema_lint.lint.document import PARSE_ERROR_CODE
from schema_lint.run.linter import Linter
from schema_lint.run.result import LintResult
from schema_lint.sources.documents import read_document


def _corpus_files():
    return bench_module("corpus_files")


def _inside(lines: list[str], line: int, column: int) -> bool:
    """A position on an existing line, at most one past its last character."""
    return 1 <= line <= len(lines) and 1 <= column <= len(lines[line - 1]) + 1


def test_every_published_corpus_tool_lints_to_the_end(corpus):
    linter, result = Linter(Config()), LintResult()
    tools_per_file: dict[str, int] = {}
    for name, text, _ in _corpus_files().documents("published", corpus_tools=corpus / "tools.jsonl"):
        before = result.tools_checked
        linter.lint_document(read_document(name, raw=text.encode("utf-8")), result)
        tools_per_file[name] = result.tools_checked - before

    assert len(tools_per_file) == 3267
    assert Counter(tools_per_file.values()) == {1: 3267}
    assert [d for d in result.diagnostics if d.code == PARSE_ERROR_CODE] == []
    assert [d.message for d in result.internal_errors] == []
    assert result.diagnostics, "the corpus is loose: a run without findings means no rule ran"
    misplaced = []
    for diagnostic in result.diagnostics:
        lines, span = result.documents[diagnostic.path].lines, diagnostic.span
        if not (_inside(lines, span.line, span.column) and _inside(lines, span.end_line, span.end_column)
                and (span.line, span.column) <= (span.end_line, span.end_column)):
            misplaced.append((diagnostic.path, diagnostic.code, diagnostic.pointer, span))
    assert misplaced == []
