"""The fix flags of `check` (`--fix`, `--unsafe-fixes`, `--diff`, `--show-fixes`). They follow ruff: `--unsafe-fixes` only enables tightening fixes
(they then count as fixable, and `--fix` or `--diff` apply or show them); `--fix` writes
and then reports what remains; `--diff` writes nothing and exits 1 when it would
change something; reading stdin, `--fix` prints the fixed text and reports on stderr.
"""

from __future__ import annotations

import collections
from typing import TYPE_CHECKING, NamedTuple

from schema_lint.fixes.summary import FixSummary
from schema_lint.text.display import escape

if TYPE_CHECKING:
    from schema_lint.run.check import Output
    from schema_lint.run.fix_session import FixSession


class FixOutcome(NamedTuple):
    # With --diff the run ends here, with this exit code.
    exit_code: int | None = None
    # Whether --fix changed a file (for --exit-non-zero-on-fix).
    modified: bool = False
    # With --fix on stdin: the report goes to stderr, stdout carries the fixed text.
    report_to_stderr: bool = False


def run_fix_flags(output: Output, linter, result, *, fix: bool, unsafe: bool, diff: bool, show_fixes: bool,
                  from_stdin: bool) -> FixOutcome:
    if not (fix or diff):
        result.fix_summary = FixSummary.of(result.diagnostics, unsafe)
        return FixOutcome()
    from schema_lint.fixes import patches
    from schema_lint.run.fix_session import (
        FixSession,  # planning and editing: only when fixing
    )

    # Taken before the session notes the fixes it fails to apply: these were noted when linted.
    unedited = patches.unedited_fixes(result.diagnostics, unsafe)
    session = FixSession(linter, result, unsafe)
    _echo_notes(output, session)
    for note in patches.unedited_notes(unedited, result.documents):
        output.line(note, err=True)
    python = _python_plans(output, result, unsafe)

    in_source = python.fixed
    live = [d for d in patches.live_fixes(result.diagnostics, unsafe) if id(d) not in in_source]
    if diff:
        from schema_lint.fixes.files import unified_diff

        # A file's fixes `--fix` cannot apply are shown, but neither counted nor a change (exit 1
        # would ask for a `--fix` that does nothing).
        output.write(session.diff() + "".join(unified_diff(p.path, p.before, p.after) for p in python.plans)
                     + patches.render(live) + patches.render(unedited))
        count = sum(len(plan.applied) for plan in [*session.changed, *python.plans]) + len(live)
        # A live tool's fix (a server's, or a `--python` tool's not made in its source) counts, as a
        # change to make in the code, but `--fix` does not apply it: the count says how many those are.
        by_hand = "" if not live else " (as JSON Patch, which `--fix` does not apply)" if len(live) == count else \
            f" ({len(live):,} of them as JSON Patch, which `--fix` does not apply)"
        output.line(f"Would fix {count} finding{'s' if count != 1 else ''}{by_hand}." if count else "No fixes to apply.",
                    err=True)
        for note in [*patches.hidden_live_note(result.diagnostics, unsafe, in_source, result.python_targets),
                     *patches.suggestions_note(result.diagnostics)]:
            output.line(note, err=True)
        changed = session.changed or python.plans or live
        return FixOutcome(exit_code=2 if result.had_parse_errors else (1 if changed else 0))
    for note in [*patches.fix_notes(live, result.python_targets),
                 *patches.hidden_live_note(result.diagnostics, unsafe, in_source, result.python_targets)]:
        output.line(note, err=True)
    if from_stdin:
        plan = next(iter(session.plans), None)
        document = next(iter(result.documents.values()), None)
        text = plan.text if plan else (document.text if document else "")
        output.write(("\ufeff" if result.stdin_bom else "") + text)
        if plan is not None and plan.changed:
            session.relint_text(linter, plan)
    else:
        session.write(linter)  # a file not written is an SL000 finding of the report
    written = _write_python(result, python.plans)
    if written:
        _relint_python(linter, result)
    if show_fixes:
        _echo_fixed(output, session, written)
    summary = session.summary()
    result.fix_summary = summary._replace(fixed=(summary.fixed or 0) + sum(len(p.applied) for p in written))
    modified = any(plan.changed and plan.applied for plan in session.plans) or bool(written)
    return FixOutcome(modified=modified, report_to_stderr=from_stdin)


def _python_plans(output: Output, result, unsafe: bool):
    """The fixes of `--python` tools as edits of their source, checked by importing it
    again; a note for each that cannot be made there."""
    from schema_lint.python_tools.source_fixes import Planned, plan

    if not result.python_targets:
        return Planned([], [])
    planned = plan(result.diagnostics, result.python_targets, unsafe)
    for diagnostic, note in planned.notes:
        output.line(escape(f"{diagnostic.source or diagnostic.path}: {diagnostic.code} {note}"), err=True)
    return planned


def _write_python(result, plans: list) -> list:
    """The plans written, each atomically and only over the text planned from; a file that
    cannot be written is an SL000 finding (exit 2). The findings fixed leave the report."""
    from schema_lint.fixes.files import NotWritable, StaleFile, write_fixed
    from schema_lint.live.lint import add_failure

    written = []
    for plan in plans:
        try:
            write_fixed(plan.path, plan.before, plan.after, plan.encoding)
        except (StaleFile, NotWritable, OSError) as exc:
            add_failure(result, plan.path, f"fixes not written: {exc}")
            continue
        written.append(plan)
    fixed = {id(d) for plan in written for d in plan.applied}
    result.diagnostics[:] = [d for d in result.diagnostics if id(d) not in fixed]
    return written


def _relint_python(linter, result) -> None:
    """The `--python` targets linted again once their source is written, as a fixed file is:
    what `--fix` reports is then what remains, placed where the source now has it (an import
    a fix adds moves every line below it), with whatever the edits revealed."""
    from schema_lint.python_tools.lint import lint_targets

    reads = list(result.python_targets.values())
    linted = tuple(f"{path}/" for path in result.python_targets)
    result.diagnostics[:] = [d for d in result.diagnostics
                             if not (d.path in result.python_targets or d.path.startswith(linted))]
    result.python_targets.clear()
    for read in reads:
        lint_targets(linter, (read.spec,), result, read.limits)


def _echo_notes(output: Output, session: FixSession) -> None:
    from schema_lint.run.fix_session import MAX_PASSES

    for plan in session.plans:
        if plan.unconverged:
            output.line(escape(f"{plan.doc.path}: fixes did not converge after {MAX_PASSES} passes; still fixing: "
                               f"{', '.join(plan.unconverged)}"), err=True)
    for diagnostic in session.notes:
        span = diagnostic.span
        where = f"{diagnostic.path}:{span.line}:{span.column}" if span else diagnostic.path
        output.line(escape(f"{where}: {diagnostic.code} {diagnostic.fix_note}"), err=True)


def _echo_fixed(output: Output, session: FixSession, python: list) -> None:
    """ruff's `--show-fixes` listing: per file, how many findings of each rule were fixed."""
    fixed = session.fixed + sum(len(plan.applied) for plan in python)
    if not fixed:
        output.line("No findings fixed.", err=True)
        return
    output.line(f"Fixed {fixed} finding{'s' if fixed != 1 else ''}:", err=True)
    for path, applied in [(plan.doc.path, plan.applied) for plan in session.plans] + \
            [(plan.path, plan.applied) for plan in python]:
        if not applied:
            continue
        output.line(f"- {escape(path)}:", err=True)
        counts = collections.Counter((d.code, d.name) for d in applied)
        for (code, name), count in sorted(counts.items()):
            output.line(f"    {count} × {code} ({name})", err=True)
