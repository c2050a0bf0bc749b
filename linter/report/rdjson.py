"""reviewdog's Diagnostic Format (rdjson), for `reviewdog -f=rdjson`.

Positions are 1-based with columns in UTF-8 bytes and an exclusive end, as reviewdog
counts them. A finding with a fix carries it as a suggestion for a person to accept:
reviewdog posts a GitHub suggested change only when the suggestion spans exactly the
lines of the comment, so such a finding's range is those whole lines (given as lines
alone, which rdjson reads as whole lines including the last).

reviewdog pastes each message into a pull-request comment as it is, and GitHub renders
it as Markdown: messages are written as Markdown (`markdown_text.message`), so a name
in one shows as itself and cannot add HTML, a link or a mention to the comment.
"""

from __future__ import annotations


from schema_lint.text.display import json_text
from schema_lint.fixes.review import byte_column, edits_of, fix_document, suggestion_of, suggestions
from schema_lint.model import Severity
from schema_lint.report.ci import shown_path, source_position
from schema_lint.report.links import homepage, rule_url
from schema_lint.report.markdown_text import backtick_fence, message

SEVERITIES = {Severity.ERROR: "ERROR", Severity.WARNING: "WARNING", Severity.INFO: "INFO"}


def fix_text(fix) -> str:
    """How a suggestion introduces itself: whether it tightens, where its value comes from
    (the kind of evidence; the description quotes it), and what it does."""
    from schema_lint.fixes.evidence import source

    safety = str(fix.safety)
    if safety == "suggestion":
        return f"Suggestion, choose the value (it narrows what calls are accepted; `--fix` never applies it): " \
               f"{fix.description}"
    if safety == "safe":
        return f"Suggested fix (safe): {fix.description}"
    origin = source(fix.evidence)
    return f"Suggested fix (unsafe: it narrows what calls are accepted{'; ' + origin if origin else ''}): " \
           f"{fix.description}"


def _range(document, span) -> dict:
    return {
        "start": {"line": span.line, "column": byte_column(document, span.line, span.column)},
        "end": {"line": span.end_line, "column": byte_column(document, span.end_line, span.end_column)},
    }


def rd_diagnostic(diagnostic, document, suggestion=None, docs_url: str | None = None) -> dict:
    record: dict = {
        "message": message(diagnostic.message),
        "location": {"path": shown_path(diagnostic)},
        "severity": SEVERITIES[diagnostic.severity],
        # reviewdog links the code to this page in its comments.
        "code": {"value": diagnostic.code, "url": rule_url(diagnostic.code, diagnostic.name, docs_url)},
    }
    source = source_position(diagnostic) if diagnostic.live else None
    if diagnostic.span is not None:
        record["location"]["range"] = _range(document, diagnostic.span)
    elif source is not None:  # a --python tool's: on the line of the code that generated it
        file, line, column = source
        record["location"] = {"path": file, "range": {"start": {"line": line, **(
            {"column": column} if column is not None else {})}}}
    if suggestion is None:
        edits = edits_of(diagnostic, document)
        suggestion = suggestion_of(document, diagnostic, edits) if edits else None
    if suggestion is not None and suggestion.lines is not None:
        lines = {"start": {"line": suggestion.lines.first_line}, "end": {"line": suggestion.lines.last_line}}
        record["location"]["range"] = lines
        record["suggestions"] = [{"range": lines, "text": suggestion.lines.text}]
        record["message"] += "\n\n" + message(fix_text(diagnostic.fix)) + \
            "".join("\n\n" + elsewhere(also) for also in suggestion.also)
    elif suggestion is not None:
        record["message"] += "\n\n" + message(merged_text(diagnostic, suggestion.lead))
    return record


def elsewhere(lines, info: str = "python") -> str:
    """A part of the fix on other lines (the import a Python fix needs), which a comment's
    suggestion cannot reach: the text those lines become, in a block for the author to copy
    (`info`: the fence's info string; markdown's is `suggestion`, to paste on those lines)."""
    fence = backtick_fence(lines.text, shortest=3)
    return f"It also needs {lines.named} to read:\n\n{fence}{info}\n{lines.text}\n{fence}"


def merged_text(diagnostic, lead) -> str:
    return f"{fix_text(diagnostic.fix)}; it is part of the suggestion of {lead.code} on the same lines"


def render(result, options) -> str:
    merged = suggestions(result)
    diagnostics = [rd_diagnostic(d, fix_document(result, d), merged.get(id(d)), options.docs_url)
                   for d in result.diagnostics]
    return json_text({"source": {"name": "schema-lint", "url": homepage()}, "diagnostics": diagnostics}, indent=2) + "\n"
