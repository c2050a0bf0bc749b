"""What a run found, and the exit code it makes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from schema_lint.lint.document import PARSE_ERROR_CODE
from schema_lint.model import Diagnostic, Severity
from schema_lint.sources.documents import DocumentStore

if TYPE_CHECKING:
    from schema_lint.fixes.summary import FixSummary


class LintResult:
    """What a run found, and what its report needs to know besides."""

    def __init__(self, diagnostics: list[Diagnostic] | None = None) -> None:
        self.diagnostics: list[Diagnostic] = [] if diagnostics is None else diagnostics
        self.documents = DocumentStore()
        # Files read that held no tool (listed with -v).
        self.skipped: list[str] = []
        # What a walk came across and did not read, and why (a link out of the tree; listed with -v).
        self.passed_over: list[tuple[str, str]] = []
        self.tools_checked = 0
        # Crashes of a rule on a tool, also in `diagnostics` (under the rule's code): exit 2.
        self.internal_errors: list[Diagnostic] = []
        # Each `--python` target read, by its path (`python:<module>:<attr>`): where its
        # tools' fixes are made (`python_tools.source_fixes`).
        self.python_targets: dict[str, Any] = {}
        # id() of a `--python` finding → the Python file its fix edits, for the reports
        # that show fixes as edits (`run.source_review`).
        self.source_documents: dict[int, Any] = {}
        # Set by `check`: what the summary says about fixes.
        self.fix_summary: FixSummary | None = None
        # Whether stdin began with a byte order mark, which `--fix` prints back with the text.
        self.stdin_bom = False

    @property
    def had_parse_errors(self) -> bool:
        return any(d.code == PARSE_ERROR_CODE for d in self.diagnostics)

    def add(self, other: LintResult) -> None:
        self.diagnostics += other.diagnostics
        self.internal_errors += other.internal_errors
        self.skipped += other.skipped
        self.tools_checked += other.tools_checked
        self.stdin_bom = self.stdin_bom or other.stdin_bom
        for path in other.documents:
            self.documents[path] = dict.get(other.documents, path)  # without reading it again

    def in_order(self, files: list[str]) -> None:
        """Findings sorted, and files listed in the order they were given."""
        order = {path: index for index, path in enumerate(files)}
        self.diagnostics.sort(key=lambda d: d.sort_key)
        self.skipped.sort(key=lambda path: order.get(path, len(order)))
        documents = sorted(dict.items(self.documents), key=lambda item: order.get(item[0], len(order)))
        self.documents.clear()
        self.documents.update(documents)


def exit_code(result: LintResult, fail_on: str) -> int:
    if result.had_parse_errors or result.internal_errors:
        return 2
    if fail_on == "never":
        return 0
    threshold = Severity.parse(fail_on)
    return 1 if any(d.severity >= threshold for d in result.diagnostics) else 0
