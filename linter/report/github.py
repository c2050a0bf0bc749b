"""GitHub Actions workflow commands: each finding becomes an annotation on the diff.

`::error file=F,line=L,endLine=E,col=C,endColumn=D,title=SL301 unbounded-string::F:L:C: message`

GitHub reads a command only when its values are escaped its way (`%`, CR and LF in
the message, which the runner decodes back; also `:` and `,` in properties), takes `col`/`endColumn` only on a
single-line range, and shows no more than 10 annotations of each type per step. So
the last line is a plain summary with the totals, and every finding stays in the log.
"""

from __future__ import annotations

import collections

from schema_lint.text.display import escape
from schema_lint.model import Severity
from schema_lint.report.ci import github_workspace, shown_path, source_position
from schema_lint.report.text import location, summary

# GitHub's own cap on annotations of one type shown for one step.
ANNOTATIONS_SHOWN_PER_TYPE = 10
COMMANDS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(text: str) -> str:
    """Every control character written out (`display.escape`: `\x1b`, `\r`, `\n`), then
    GitHub's escapes (the toolkit's `escapeData`: `%`, CR, LF). The runner decodes `%0A` back
    to a line break inside the annotation, so a name's CR/LF left to GitHub's escapes would
    show as a second line of the name's choosing ("all clear"); the log viewer would run
    ESC sequences."""
    return escape(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(diagnostic, root: str | None = None) -> str:
    """The finding's workflow command, its file given from `root` (the checkout's, see
    `ci.github_workspace`)."""
    path = shown_path(diagnostic, root)
    # A live tool is no file of the checkout: the annotation goes on the run, not a diff line.
    properties: dict[str, object] = {} if diagnostic.live else {"file": path}
    where = location(diagnostic) if diagnostic.live else path
    span = diagnostic.span
    source = source_position(diagnostic, root) if diagnostic.live else None
    if span is not None:
        properties.update(line=span.line, endLine=span.end_line)
        if span.line == span.end_line:
            properties.update(col=span.column, endColumn=span.end_column)
        where = f"{path}:{span.line}:{span.column}"
    elif source is not None:  # a --python tool's: on the line of the code that generated it
        file, line, column = source
        properties.update(file=file, line=line)
        if column is not None:
            properties["col"] = column
    properties["title"] = f"{diagnostic.code} {diagnostic.name}"
    head = ",".join(f"{key}={escape_property(str(value))}" for key, value in properties.items())
    return f"::{COMMANDS[diagnostic.severity]} {head}::{escape_data(f'{where}: {diagnostic.message}')}"


def render(result, options) -> str:
    root = github_workspace()
    lines = [annotation(d, root) for d in result.diagnostics]
    if options.quiet:  # `-q`: the findings and nothing else, as `concise` and `full`
        return "".join(line + "\n" for line in lines)
    lines.append(summary(result, options))
    per_type = collections.Counter(COMMANDS[d.severity] for d in result.diagnostics)
    hidden = {kind: count for kind, count in per_type.items() if count > ANNOTATIONS_SHOWN_PER_TYPE}
    if hidden:
        counts = ", ".join(f"{count} {kind}s" for kind, count in sorted(hidden.items()))
        lines.append(f"GitHub shows the first {ANNOTATIONS_SHOWN_PER_TYPE} annotations of each type "
                     f"({counts} here); every finding is listed in this log.")
    return "\n".join(lines) + "\n"
