"""`file:line:col: CODE [severity] message`, one finding a line: for grep and pre-commit."""

from __future__ import annotations

from schema_lint.display import escape
from schema_lint.report.text import location, severity_label, summary


def render(result, options) -> str:
    lines = [f"{location(d)}: {d.code} {severity_label(d.severity, options.color)} {escape(d.message)}"
             for d in result.diagnostics]
    lines.append(summary(result))
    return "\n".join(lines) + "\n"
