"""`--fix` and `--diff` over a whole lint result: plan each file's fixes, then show the
diff, or write the files and lint them again so that what is reported is what remains
(as ruff does: fixed findings are not reported, the summary counts them).

Like ruff, fixing repeats until nothing is left to fix: the fixed text is linted again
in memory and that lint's fixes applied, up to :data:`MAX_PASSES` times, so one run
reaches the fixed point (a second run changes nothing) and fixes held back for
overlapping another are applied in a later pass. A file that has not converged by then
gets a note naming the rules still fixing it.

A pass lints again only the tools the pass before changed (every tool, when a fix changed
a node outside them all, such as a definition they share): on a file of 20,000 tools, a
handful of late fixes made each pass cost a whole lint. A tool's fixes come from its own
object and the definitions it uses: the one rule that reads the other tools of its file
(SL404, their size together) offers no fix. The file written is linted whole again for
the report."""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Callable

from schema_lint.fixes.files import NotWritable, StaleFile, unified_diff, write_fixed
from schema_lint.fixes.plan import FilePlan, plan_fixes
from schema_lint.fixes.summary import FixSummary, applicable
from schema_lint.model import Diagnostic, Operation, Tool
from schema_lint.sources.documents import read_document


MAX_PASSES = 10


class FixSession:
    def __init__(self, linter, result, unsafe: bool):
        self.result = result
        self.unsafe = unsafe
        grouped: dict[str, list[Diagnostic]] = defaultdict(list)
        for diagnostic in result.diagnostics:
            if applicable(diagnostic, unsafe):
                grouped[diagnostic.path].append(diagnostic)
        self.plans: list[FilePlan] = [
            self._converge(linter, result.documents[path], diagnostics) for path, diagnostics in grouped.items()
            if not result.documents[path].errors
        ]
        # A finding whose fix failed is reported with why, in the files not linted again too.
        noted = {id(failed.original): failed.diagnostic for plan in self.plans for failed in plan.failed}
        if noted:
            result.diagnostics = [noted.get(id(diagnostic), diagnostic) for diagnostic in result.diagnostics]

    def _converge(self, linter, doc, diagnostics: list[Diagnostic]) -> FilePlan:
        """Plan, apply in memory, lint again, repeat: one plan from the original text to the fixed point."""
        from schema_lint.run.result import LintResult

        total = plan_fixes(doc, diagnostics)
        current = total
        for _ in range(MAX_PASSES - 1):
            if not current.changed:
                break
            edited = read_document(doc.path, raw=current.text.encode("utf-8"), kind=doc.kind)
            fresh = LintResult()
            linter.lint_document(edited, fresh, _changed_by(current.operations))
            pending = [d for d in fresh.diagnostics if applicable(d, self.unsafe)]
            if edited.errors or not pending:
                current.deferred.clear()
                break
            current = plan_fixes(edited, pending)
            total.text = current.text
            total.applied.extend(current.applied)
            known = {(failed.original.code, failed.original.pointer) for failed in total.failed}
            total.failed.extend(failed for failed in current.failed
                                if (failed.original.code, failed.original.pointer) not in known)
            total.operations.extend(current.operations)
            total.deferred = current.deferred
        else:
            if current.changed:
                total.unconverged = sorted({d.code for d in current.applied})
        return total

    @property
    def changed(self) -> list[FilePlan]:
        return [plan for plan in self.plans if plan.changed]

    @property
    def fixed(self) -> int:
        return sum(len(plan.applied) for plan in self.plans)

    @property
    def deferred(self) -> int:
        return sum(len(plan.deferred) for plan in self.plans)

    @property
    def notes(self) -> list[Diagnostic]:
        """The findings whose fix could not be applied, each with its note."""
        return [failed.diagnostic for plan in self.plans for failed in plan.failed]

    def diff(self) -> str:
        return "".join(unified_diff(plan.doc.path, plan.doc.text, plan.text) for plan in self.changed)

    def write(self, linter) -> list[str]:
        """Write every changed file, then replace its findings by a fresh lint of it."""
        written = []
        # One file under two names (a symbolic or hard link beside its target in a folder
        # walked): written once; the other name's plan is the same edit, already on disk,
        # not a file another run changed.
        # Each file is told before any is written: a write by rename gives it a new inode.
        by_file: dict[tuple[int, int] | str, FilePlan] = {}
        for plan, real in [(plan, _identity(plan.doc.path)) for plan in self.changed]:
            first = by_file.get(real)
            if first is not None and (first.doc.text, first.text) == (plan.doc.text, plan.text):
                plan.applied.clear()  # fixed once, counted once
                written.append(plan.doc.path)
                continue
            try:
                if first is not None:  # other fixes for the same file (per-file settings by name)
                    raise StaleFile(f"it is the file {first.doc.path} names, fixed through that name with other fixes")
                write_fixed(plan.doc.path, plan.doc.text, plan.text)
            except (StaleFile, NotWritable, OSError) as exc:
                self._not_written(plan, exc)
                continue
            by_file[real] = plan
            written.append(plan.doc.path)
        self._relint(linter, {path: read_document(path, max_bytes=linter.config.max_file_size) for path in written})
        return written

    def _not_written(self, plan: FilePlan, exc: Exception) -> None:
        """A file whose fixes could not be written: an SL000 finding at it (exit 2)."""
        from schema_lint.lint.document import PARSE_ERROR_CODE, PARSE_ERROR_NAME
        from schema_lint.model import Severity, Span

        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        plan.applied.clear()
        self.result.diagnostics.append(Diagnostic(
            code=PARSE_ERROR_CODE, name=PARSE_ERROR_NAME, severity=Severity.ERROR,
            message=f"fixes not written: {reason}", path=plan.doc.path, pointer="", span=Span(1, 1, 1, 1)))

    def relint_text(self, linter, plan: FilePlan) -> None:
        """For stdin: lint the fixed text in place of the original."""
        doc = plan.doc
        self._relint(linter, {doc.path: read_document(doc.path, raw=plan.text.encode("utf-8"), kind=doc.kind)})

    def _relint(self, linter, documents: dict) -> None:
        from schema_lint.run.result import LintResult

        fresh = LintResult()
        for doc in documents.values():
            linter.lint_document(doc, fresh)
        notes = {(d.path, d.code, d.pointer): d.fix_note for d in self.notes}
        relinted = [d._replace(fix_note=notes.get((d.path, d.code, d.pointer), d.fix_note)) for d in fresh.diagnostics]
        result = self.result
        result.diagnostics = [d for d in result.diagnostics if d.path not in documents] + relinted
        result.diagnostics.sort(key=lambda d: d.sort_key)
        result.internal_errors = [d for d in result.internal_errors if d.path not in documents] + fresh.internal_errors
        result.documents.update(fresh.documents)

    def summary(self) -> FixSummary:
        return FixSummary.of(self.result.diagnostics, self.unsafe, self.fixed, self.deferred)


def _identity(path: str) -> tuple[int, int] | str:
    """The file `path` names (device and inode, through links); the path itself when it
    cannot be read, and then the write says why."""
    try:
        info = os.stat(path)
    except OSError:
        return path
    return info.st_dev, info.st_ino


def _changed_by(operations: list[Operation]) -> Callable[[list[Tool]], list[Tool]]:
    """What picks, of a document's tools, those holding a node `operations` changed: every
    tool when one changed a node that no tool holds (a definition they share, say)."""

    def pick(tools: list[Tool]) -> list[Tool]:
        by_pointer: dict[str, list[Tool]] = defaultdict(list)
        for tool in tools:  # an MCP tool's arguments and results: one tool object, one pointer
            by_pointer[tool.pointer].append(tool)
        picked: dict[int, Tool] = {}
        for operation in operations:
            holders = _holders(operation.path, by_pointer)
            if holders is None:
                return tools
            picked.update((id(tool), tool) for tool in holders)
        return [tool for tool in tools if id(tool) in picked]

    return pick


def _holders(pointer: str, by_pointer: dict[str, list[Tool]]) -> list[Tool] | None:
    """The tools whose object holds `pointer` (found from it upwards), or None."""
    while pointer not in by_pointer:
        if not pointer:
            return None
        pointer = pointer[:pointer.rfind("/")]
    return by_pointer[pointer]
