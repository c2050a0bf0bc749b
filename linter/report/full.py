"""ruff-style findings: the location, the source line with the node underlined, and the fix's title."""

from __future__ import annotations

from collections.abc import Iterator

from schema_lint.text.display import escape
from schema_lint.report.text import head, location, paint, summary


def render(result, options) -> str:
    return "".join(chunks(result, options))


def chunks(result, options) -> Iterator[str]:
    """The report a finding at a time: built whole, the text of 35,000 findings and its
    200,000 lines were held at once."""
    for diagnostic in result.diagnostics:
        out = [f"{paint(location(diagnostic), '1', options.color)}: {head(diagnostic, options)}"]
        document = result.documents.get(diagnostic.path)
        if document is not None and diagnostic.span is not None:
            out.extend(_excerpt(document, diagnostic, options.color))
        if diagnostic.fix is not None and diagnostic.fix.operations:
            out.append(f"{paint('help', '1;36', options.color)}: {escape(help_text(diagnostic))}")
        yield "\n".join(out) + "\n\n"
    if not options.quiet:
        yield summary(result, options) + "\n"


def help_text(diagnostic) -> str:
    """The fix's title, which names its evidence; a suggestion says `--fix` leaves it to a
    person, and a fix `--fix` cannot apply says why (its file is not edited, say)."""
    fix = diagnostic.fix
    if str(fix.safety) == "suggestion":
        return f"{fix.description} [suggestion: `--fix` never applies it]"
    if diagnostic.fix_note is not None:
        return f"{fix.description} [{diagnostic.fix_note}]"
    return fix.description


def _excerpt(document, diagnostic, color: bool) -> list[str]:
    span = diagnostic.span
    source = document.source_line(span.line)
    if source is None:
        return []
    source = source.expandtabs(1)
    if len(source) > 200:
        return []
    width = len(str(span.line))
    end = span.end_column if span.end_line == span.line else len(source) + 1
    # Escaped characters take several columns: measure the escaped text.
    before = len(escape(source[:span.column - 1]))
    carets = "^" * max(1, len(escape(source[span.column - 1:end - 1])))
    gutter = " " * width + " |"
    return [
        gutter,
        f"{span.line} | {escape(source)}",
        f"{gutter} {' ' * before}{paint(carets, '31', color)} {diagnostic.code}",
        gutter,
    ]
