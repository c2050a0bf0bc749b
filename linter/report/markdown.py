"""A pull-request comment in Markdown: one section per finding, each fix as a
```suggestion block over the lines it replaces (paste it into a review comment on
those lines and GitHub offers "Commit suggestion")."""

from __future__ import annotations

from schema_lint.display import escape
from schema_lint.fixes.review import edits_of, line_suggestion
from schema_lint.report.ci import checkout_path
from schema_lint.report.rdjson import fix_text
from schema_lint.report.text import location, summary


def _fence(text: str) -> str:
    """A backtick fence longer than any backtick run inside `text`."""
    longest = run = 0
    for char in text:
        run = run + 1 if char == "`" else 0
        longest = max(longest, run)
    return "`" * max(3, longest + 1)


def _section(diagnostic, document) -> list[str]:
    where = location(diagnostic).replace(escape(diagnostic.path), escape(checkout_path(diagnostic.path)), 1)
    out = [f"**`{where}`** {diagnostic.code} ({diagnostic.name}, {diagnostic.severity}): {escape(diagnostic.message)}", ""]
    edits = edits_of(diagnostic, document)
    if edits:
        suggestion = line_suggestion(document, edits)
        lines = (f"line {suggestion.first_line}" if suggestion.first_line == suggestion.last_line
                 else f"lines {suggestion.first_line}–{suggestion.last_line}")
        fence = _fence(suggestion.text)
        # The suggestion is the file's own text, verbatim: it is what "Commit suggestion" writes.
        out += [f"{escape(fix_text(diagnostic.fix))}, replacing {lines}:", "", f"{fence}suggestion", suggestion.text,
                fence, ""]
    elif diagnostic.fix_note:
        out += [f"_{escape(diagnostic.fix_note)}_", ""]
    return out


def render(result, options) -> str:
    out = ["## schema-lint", ""]
    for diagnostic in result.diagnostics:
        out += _section(diagnostic, result.documents.get(diagnostic.path))
    out.append(summary(result))
    return "\n".join(out) + "\n"
