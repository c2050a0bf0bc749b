"""`file:line:col: CODE [*] [severity] tool: message`, one finding a line: for grep and pre-commit."""

from __future__ import annotations

from schema_lint.report.text import head, location, summary


def render(result, options) -> str:
    lines = [f"{location(d)}: {head(d, options)}" for d in result.diagnostics]
    if not options.quiet:
        lines.append(summary(result, options))
    return "\n".join(lines) + "\n" if lines else ""
