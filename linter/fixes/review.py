"""Fixes as a reviewer sees them: text edits with line:column positions (the `json`
report, SARIF) and whole-line suggestions (reviewdog, GitHub suggested changes, the
markdown report). A GitHub suggestion replaces whole lines of the commented range, so
a suggestion covers every line its edits touch, carrying their new text.

A `--python` tool's fix edits the Python file that generates the tool (`in_source`
registers those edits): its suggestion is the part on the lines nearest the finding's
definition, and an import it needs, far above, is a suggestion of its own (`also`)."""

from __future__ import annotations

from dataclasses import dataclass

from schema_lint.fixes.editor import fix_edits, per_document
from schema_lint.fixes.textedit import EditError, TextEdit, apply_edits, edits_between
from schema_lint.sources.document import Document

# The kind of the document a `--python` tool's fix edits: the module's own text.
PYTHON = "python"


@dataclass(frozen=True)
class LineSuggestion:
    """Lines `first_line`..`last_line` (1-based, inclusive) become `text` (no final line break)."""

    first_line: int
    last_line: int
    text: str

    @property
    def named(self) -> str:
        """"line 4", or "lines 4–6"."""
        return f"line {self.first_line}" if self.first_line == self.last_line else \
            f"lines {self.first_line}–{self.last_line}"


def in_source(result, fixed: list) -> None:
    """Make each `(finding, file, text, text with its fix, line of its definition)` of
    `--python` tools the finding's fix as a reviewer sees it: edits of that file
    (`fix_document` finds it), suggested on the lines nearest the definition."""
    documents: dict[str, Document] = {}
    for diagnostic, path, before, after, line in fixed:
        document = documents.setdefault(path, Document(path, before, PYTHON))
        per_document(document, "edits", dict)[id(diagnostic)] = (diagnostic, edits_between(before, after), None)
        per_document(document, "lines of definitions", dict)[id(diagnostic)] = line
        result.source_documents[id(diagnostic)] = document


def fix_document(result, diagnostic):
    """The document the finding's fix edits: its file's, or for a `--python` tool the Python
    file it is made in (a live tool's fix is otherwise in no file)."""
    source = result.source_documents.get(id(diagnostic))
    if source is not None or diagnostic.live:
        return source
    return result.documents.get(diagnostic.path)


def edits_of(diagnostic, document) -> list[TextEdit] | None:
    """The finding's fix as text edits of its document; None when it has none (a fix whose
    edits cannot be computed has a note saying why: `note_of`)."""
    return _edited(diagnostic, document)[1]


def note_of(diagnostic, document) -> str | None:
    """Why the finding's fix shows no edit: the fix layer's note, or why its edits could not
    be computed."""
    return diagnostic.fix_note or _edited(diagnostic, document)[2]


def _edited(diagnostic, document) -> tuple:
    """(the finding, its edits or None, why there are none or None), worked out once per
    finding however many parts of a report ask. The finding is kept with its answer, so
    that a later finding given the same `id` is never answered for it."""
    if diagnostic.fix is None or not diagnostic.fix.operations or document is None or document.errors:
        return diagnostic, None, None
    answers = per_document(document, "edits", dict)
    found = answers.get(id(diagnostic))
    if found is None or found[0] is not diagnostic:
        try:
            found = (diagnostic, fix_edits(document, diagnostic.fix), None)
        except EditError as exc:
            found = (diagnostic, None, f"fix could not be applied: {exc}")
        answers[id(diagnostic)] = found
    return found


def positioned(document, edit: TextEdit) -> dict:
    """`{line, column, end_line, end_column, content}`: 1-based, columns in characters, end exclusive."""
    index = document.line_index
    line, column = index.position(edit.start)
    end_line, end_column = index.position(edit.end)
    return {"line": line, "column": column, "end_line": end_line, "end_column": end_column, "content": edit.content}


def line_suggestion(document, edits: list[TextEdit]) -> LineSuggestion:
    text, index = document.text, document.line_index
    start, end = min(e.start for e in edits), max(e.end for e in edits)
    first, first_column = index.position(start)
    last, last_column = index.position(end)
    if start == end and first_column == 1 and first > 1:
        first = last = first - 1  # whole new lines: shown with the line above, which always exists
    elif last_column == 1 and end > start and last > first:
        last -= 1  # the edits stop at the line break before `last`
    region_start = index.starts[first - 1]
    region_end = index.starts[last] if last < len(index.starts) else len(text)
    new = apply_edits(text[region_start:region_end], [TextEdit(e.start - region_start, e.end - region_start, e.content)
                                                      for e in edits])
    ends_line = region_end > region_start and text[region_end - 1] in "\r\n"
    if ends_line:
        new = new[:-2] if new.endswith("\r\n") else new[:-1] if new.endswith(("\n", "\r")) else new
    return LineSuggestion(first, last, new)


def byte_column(document, line: int, column: int) -> int:
    """A 1-based character column as the 1-based UTF-8 byte column reviewdog counts."""
    source = document.source_line(line) if document is not None else None
    if source is None:
        return column
    return len(source[: column - 1].encode("utf-8")) + 1


@dataclass(frozen=True)
class Suggestion:
    """What one finding's review comment carries: its own suggestion, or a pointer to the
    finding whose suggestion includes its fix (`lead`), when their lines overlap; and
    the suggestions its fix needs elsewhere in the file (`also`: a Python import)."""

    lines: LineSuggestion | None
    lead: object = None
    also: tuple[LineSuggestion, ...] = ()


def suggestion_of(document, diagnostic, edits: list[TextEdit]) -> Suggestion:
    """The finding's fix as whole-line suggestions: one over every line its edits touch, or
    in a Python file, one per run of touched lines, led by the run nearest the finding's
    definition."""
    if document.kind != PYTHON:
        return Suggestion(line_suggestion(document, edits))
    runs: list[tuple[LineSuggestion, list[TextEdit]]] = []
    for edit in sorted(edits, key=lambda e: (e.start, e.end)):
        lines = line_suggestion(document, [edit])
        if runs and lines.first_line <= runs[-1][0].last_line + 1:
            joined = runs[-1][1] + [edit]
            runs[-1] = (line_suggestion(document, joined), joined)
        else:
            runs.append((lines, [edit]))
    definition = per_document(document, "lines of definitions", dict).get(id(diagnostic), 0)
    nearest = min(runs, key=lambda run: _distance(run[0], definition))[0]
    return Suggestion(nearest, also=tuple(lines for lines, _ in runs if lines is not nearest))


def _distance(lines: LineSuggestion, line: int) -> int:
    return max(lines.first_line - line, line - lines.last_line, 0)


def suggestions(result) -> dict[int, Suggestion]:
    """One whole-line suggestion per run of findings whose fixes touch overlapping lines.

    GitHub applies one suggestion per line range, so two suggestions replacing the same
    line cannot both be committed: the first finding of such a run carries every
    compatible edit of the run, and the others point to it. Keyed by `id(diagnostic)`.
    Not in Python: there two edits of one annotation are only known to hold together
    (`Literal` beside `max_length`) once the module is imported again, so each finding
    keeps its own suggestion, which holds alone, and the second one committed on a line
    is a conflict for the reviewer to see rather than a combination nobody checked.
    """
    found: dict[int, Suggestion] = {}
    by_document: dict[int, tuple] = {}
    for diagnostic in result.diagnostics:
        document = fix_document(result, diagnostic)
        edits = edits_of(diagnostic, document)
        if edits:
            item = (diagnostic, edits, suggestion_of(document, diagnostic, edits))
            by_document.setdefault(id(document), (document, []))[1].append(item)
    for document, items in by_document.values():
        if document.kind == PYTHON:  # fixes checked together, not line by line: each stays whole
            found.update((id(diagnostic), suggestion) for diagnostic, _, suggestion in items)
            continue
        items.sort(key=lambda item: (item[2].lines.first_line, item[2].lines.last_line))
        run: list = []
        for item in items:
            if run and item[2].lines.first_line <= max(entry[2].lines.last_line for entry in run):
                run.append(item)
                continue
            found.update(_merged(document, run))
            run = [item]
        found.update(_merged(document, run))
    return found


def _merged(document, run: list) -> dict[int, Suggestion]:
    if not run:
        return {}
    lead = run[0][0]
    if len(run) == 1:
        return {id(lead): run[0][2]}
    kept: list[TextEdit] = []
    for _, edits, _ in run:
        if not any(edit.collides_with(other) for edit in edits for other in kept):
            kept.extend(edits)
    merged = {id(lead): suggestion_of(document, lead, kept)}
    merged.update({id(diagnostic): Suggestion(None, lead) for diagnostic, _, _ in run[1:]})
    return merged
