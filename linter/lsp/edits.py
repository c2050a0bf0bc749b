"""The texts an editor's actions lead to: one finding fixed, every safe fix applied, one
finding silenced by a comment. Each is proved before it is offered, by the fix machinery's
own checks (the edited text re-parses to exactly the fixed schema) or, for a comment, by
parsing the edited text to the same schema: checked on each request for code actions, which
an editor sends as the cursor moves, so no action lints the document again to be offered.
"""

from __future__ import annotations

from schema_lint.fixes.summary import applicable
from schema_lint.lint.document import PARSE_ERROR_CODE
from schema_lint.lint.suppressions import comment_format, suppression_matches
from schema_lint.lsp.linting import Linted, editor_bytes
from schema_lint.model import Diagnostic, FixSafety
from schema_lint.schema.operations import same_json
from schema_lint.sources.documents import read_document
from schema_lint.sources.locate import LineIndex


def fixed(linted: Linted, finding: Diagnostic) -> str | None:
    """The text with `finding`'s fix applied, whatever its class; None when it cannot be. A
    suggestion too: no run writes one, but here a person picks it, as from a review's
    suggested change, and then chooses its value."""
    from schema_lint.fixes.plan import plan_fixes

    fix = finding.fix
    if fix is None or not fix.operations or linted.document.errors:
        return None
    if fix.safety is FixSafety.SUGGESTION:  # planned as any other fix: the planner leaves suggestions out
        finding = finding._replace(fix=fix._replace(safety=FixSafety.UNSAFE))
    plan = plan_fixes(linted.document, [finding])
    return plan.text if plan.applied and plan.changed else None


def all_safe_fixes(linted: Linted) -> str | None:
    """The text with every safe fix applied, linted again and fixed again until nothing is
    left to fix, as `check --fix` does it (and never an unsafe fix, nor any other class but
    `safe`: `fixes.summary.applicable` without `--unsafe-fixes`). None when nothing changes."""
    from schema_lint.run.fix_session import FixSession
    from schema_lint.run.result import LintResult

    if linted.linter is None or not any(applicable(d, False) for d in linted.findings):
        return None
    result = LintResult(list(linted.findings))
    result.documents[linted.document.path] = linted.document
    plans = FixSession(linted.linter, result, unsafe=False).changed
    return plans[0].text if plans else None


def preferred(finding: Diagnostic) -> bool:
    """Whether the editor may apply the finding's fix on its own (VS Code's "auto fix"): only a
    safe fix, which accepts exactly the calls the schema accepted. A tightening fix, or a
    class of fix this version does not know, is offered and never preferred."""
    return finding.fix is not None and finding.fix.safety == FixSafety.SAFE.value


_MARKERS = {"yaml": "#", "jsonc": "//"}


def comment_marker(linted: Linted) -> str | None:
    """How a comment starts in the document's format; None when it has no comments (JSON,
    JSON Lines)."""
    form = comment_format(linted.document)
    return None if form is None else _MARKERS[form]


def ignored(linted: Linted, finding: Diagnostic) -> str | None:
    """The text with a suppression comment for `finding` at the end of its line (or the
    codes of the comment already there extended), when the text still holds the same schema;
    None when the format has no comments or the comment would change what the text says."""
    marker = comment_marker(linted)
    doc = linted.document
    if marker is None or finding.span is None or linted.linter is None or finding.code == PARSE_ERROR_CODE:
        return None
    starts = LineIndex(doc.text).starts
    number = finding.span.line - 1
    if not 0 <= number < len(starts):
        return None
    start = starts[number]
    stop = start + len(doc.text[start:starts[number + 1] if number + 1 < len(starts) else None].rstrip("\r\n"))
    line = doc.text[start:stop]
    # The first comment on or after the line (a string's lookalike is none), if on it.
    existing = next((match for match in suppression_matches(doc) if match.start() >= start), None)
    if existing is not None and existing.start() < stop:
        if existing.group("codes") is None:
            return None  # it silences every rule already
        codes_end = existing.end("codes") - start
        line = f"{line[:codes_end]}, {finding.code}{line[codes_end:]}"
    else:
        line = f"{line}  {marker} schema-lint: ignore[{finding.code}]"
    text = doc.text[:start] + line + doc.text[stop:]
    return text if _comment_only(linted, text) else None


def _comment_only(linted: Linted, text: str) -> bool:
    """Whether `text` parses to the same data as the document: the comment added no value (a
    `#` that lands inside a multi-line YAML string would) and broke nothing. The comment
    scanner then finds it on the finding's own line, which covers the finding."""
    doc = read_document(linted.document.path, raw=editor_bytes(text), kind=linted.document.kind)
    return not doc.errors and same_json(doc.data, linted.document.data)
