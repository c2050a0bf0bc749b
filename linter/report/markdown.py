"""A pull-request comment in Markdown: one section per finding, each fix as a
```suggestion block over the lines it replaces (paste it into a review comment on
those lines and GitHub offers "Commit suggestion")."""

from __future__ import annotations

from schema_lint.text.display import escape
from schema_lint.fixes.review import fix_document, note_of, suggestions
from schema_lint.report.ci import shown_path
from schema_lint.report.markdown_text import backtick_fence, code, message
from schema_lint.report.rdjson import elsewhere, fix_text, merged_text
from schema_lint.report.text import location, summary

COMMENT_LIMIT = 65_536
"""GitHub's limit on one comment body, in characters; a longer comment cannot be posted."""


def _section(diagnostic, document, suggestion) -> list[str]:
    where = location(diagnostic).replace(escape(diagnostic.path), escape(shown_path(diagnostic)), 1)
    out = [f"**{code(where)}** {diagnostic.code} ({diagnostic.name}, {diagnostic.severity}): {message(diagnostic.message)}",
           ""]
    if suggestion is not None and suggestion.lines is not None:
        lines = suggestion.lines
        fence = backtick_fence(lines.text, shortest=3)
        # The suggestion is the file's own text, verbatim: it is what "Commit suggestion" writes.
        out += [f"{message(fix_text(diagnostic.fix))}, replacing {lines.named}:", "", f"{fence}suggestion",
                lines.text, fence, ""]
        out += [piece for also in suggestion.also for piece in (elsewhere(also, "suggestion"), "")]
    elif suggestion is not None:
        out += [f"{message(merged_text(diagnostic, suggestion.lead))}.", ""]
    elif (note := note_of(diagnostic, document)):
        out += [f"_{message(note)}_", ""]
    return out


def render(result, options) -> str:
    """The comment, cut before GitHub's limit with a line saying what was left out."""
    merged = suggestions(result)
    head, tail = ["## schema-lint", ""], [summary(result, options)]
    budget = COMMENT_LIMIT - sum(len(line) + 1 for line in head + tail) - 200  # room for the note
    body: list[str] = []
    shown = 0
    for diagnostic in result.diagnostics:
        section = _section(diagnostic, fix_document(result, diagnostic), merged.get(id(diagnostic)))
        size = sum(len(line) + 1 for line in section)
        if size > budget:
            break
        body += section
        budget -= size
        shown += 1
    left = len(result.diagnostics) - shown
    if left:
        body += [f"_{left:,} more finding{'s' if left != 1 else ''} not shown: a comment holds at most "
                 f"{COMMENT_LIMIT:,} characters; the full report is in the CI log._", ""]
    return "\n".join(head + body + tail) + "\n"
