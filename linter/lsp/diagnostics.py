"""A finding as the editor shows it, and the rule documentation hover shows beside it."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from lsprotocol import types

from schema_lint.lint.document import UNUSED_SUPPRESSION_CODE
from schema_lint.model import Diagnostic, Severity
from schema_lint.text.display import clip, escape

if TYPE_CHECKING:
    from schema_lint.lsp.positions import Range
    from schema_lint.rule import Rule

_SEVERITIES = {Severity.ERROR: types.DiagnosticSeverity.Error, Severity.WARNING: types.DiagnosticSeverity.Warning,
               Severity.INFO: types.DiagnosticSeverity.Information}


def to_lsp(finding: Diagnostic, where: Range, source: str) -> types.Diagnostic:
    """The finding at `where` (already in the client's encoding). As in `concise`, the tool is
    named unless the message names it: a file of many tools says "object `(root)`" often.
    A stale suppression comment (SL900) is marked unnecessary, so editors fade it as they
    fade dead code."""
    tool = finding.tool
    named = f"{clip(tool)}: " if tool and f"`{tool}`" not in finding.message else ""
    fix = finding.fix
    return types.Diagnostic(
        range=types.Range(types.Position(*where.start), types.Position(*where.end)),
        message=escape(named + finding.message) + (f"\n{finding.fix_note}" if finding.fix_note else ""),
        severity=_SEVERITIES[finding.severity], code=finding.code, source=source,
        tags=[types.DiagnosticTag.Unnecessary] if finding.code == UNUSED_SUPPRESSION_CODE else None,
        data={"pointer": finding.pointer, "fix": str(fix.safety) if fix is not None and fix.operations else None},
    )


def hover_text(findings: list[Diagnostic]) -> str | None:
    """Markdown for the findings under the cursor: each rule's documentation once (What / Why /
    Example / Fix safety, as `schema-lint rule CODE` prints it), headed by its code and name; the innermost finding's first."""
    parts = []
    for code in dict.fromkeys(finding.code for finding in findings):
        rule = _rules().get(code)
        if rule is not None:
            parts.append(f"# {rule.code} {rule.name}\n\n{rule.doc}")
    return "\n\n---\n\n".join(parts) or None


@cache
def _rules() -> dict[str, Rule]:
    from schema_lint.rule import load_rules

    return load_rules()
