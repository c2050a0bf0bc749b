"""Every way a finding is silenced where it stands, and the comments that silence nothing.

JSON has no comments, so suppression comes in several forms, each narrower than a
`per-file-ignores` glob:

- A comment ``# schema-lint: ignore[SL301, SL3]`` (YAML; ``//`` or ``/* */`` in JSONC, or a
  line of a ``/* */`` comment that spans lines) on a finding's line, or on the line of the key
  it sits under. Codes and prefixes as on the
  command line; no brackets silences every rule. Only a comment of the format counts, as
  its parser reads it (`sources.comments`): the same text inside a string (a description
  a third party wrote) silences nothing.
- The same comment on a tool's ``name:`` line covers the whole tool.
- ``# schema-lint: ignore-file[...]`` anywhere in the file covers the file.
- A ``per-file-ignores`` key ``glob#/json/pointer`` covers that node and everything under it
  (Spectral's ``file#pointer``).
- With ``ignore-keyword = true`` in the configuration, ``x-schema-lint-ignore: ["SL301"]``
  inside a subschema covers it and everything under it. It is opt-in because the keyword
  stays in the schema and travels to the model with every request.

A comment that silences nothing is reported (SL900, as ruff's RUF100), so suppressions do
not outlive the finding they were written for; one naming an unknown code is SL000, as an
unknown selector on the command line is an error.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, NamedTuple

from schema_lint.text.lazy_pattern import lazy_compile
from schema_lint.model import Diagnostic, Tool
from schema_lint.schema.pointer import parent, resolve
from schema_lint.config.selection import matches_code
from schema_lint.sources.comments import comment_test

IGNORE_KEYWORD = "x-schema-lint-ignore"
# After the comment's marker, on one line. Codes hold no `#` or `/`, so a search never reads
# past the next marker (linear on a long line of them); a bracket left open is no suppression,
# not one of every rule.
_SUPPRESSION = (r"[ \t]*schema-lint:[ \t]*(?P<scope>ignore-file|ignore)\b"
                r"(?:\[(?P<codes>[^\]\r\n#/]*)\]|(?!\[))")
# In JSONC also at the start of a line inside a `/* … */` comment that spans lines, after the
# `*` such a line often starts with. `comment_test` tells whether the line is in a comment; its
# white space is read once before the star or, with none, by the pattern (no two runs of
# `[ \t]*` side by side, which would make a long line of spaces quadratic).
SUPPRESSION_COMMENTS = {"yaml": lazy_compile("#" + _SUPPRESSION, rare=True),
                        "jsonc": lazy_compile(r"(?://|/\*|(?m:^)(?:[ \t]*\*(?!/))?)" + _SUPPRESSION, rare=True)}
"""The suppression comment of each format with comments, by `comment_format`."""


class Comment:
    """One suppression comment; `codes` empty means every rule. `used` is set once it silences a finding."""

    __slots__ = ("line", "column", "codes", "whole_file", "used")

    def __init__(self, line: int, column: int, codes: tuple[str, ...], whole_file: bool) -> None:
        self.line, self.column, self.codes, self.whole_file = line, column, codes, whole_file
        self.used = False

    def covers(self, code: str) -> bool:
        return not self.codes or matches_code(code, self.codes)


class NodeIgnore(NamedTuple):
    """Codes silenced at a JSON pointer and below it."""

    pointer: str
    codes: tuple[str, ...]

    def covers(self, diagnostic: Diagnostic) -> bool:
        inside = diagnostic.pointer == self.pointer or diagnostic.pointer.startswith(self.pointer + "/")
        return inside and (not self.codes or matches_code(diagnostic.code, self.codes))


class Suppressions:
    """The suppressions of one document, and which comments have silenced something."""

    def __init__(self, comments: list[Comment], node_ignores: list[NodeIgnore]) -> None:
        self.comments = comments
        self.node_ignores = node_ignores

    @classmethod
    def of(cls, doc: Any, node_ignores: list[NodeIgnore]) -> Suppressions:
        return cls(_comments(doc), list(node_ignores))

    def for_tool(self, doc: Any, tool: Tool, keyword_ignores: list[NodeIgnore]) -> ToolSuppressions:
        # Locating the name costs a text scan: only a file with comments needs it.
        name_lines = _name_lines(doc, tool) if self.comments else set()
        return ToolSuppressions(self, doc, name_lines, keyword_ignores)

    def unused(self, enabled: set[str]) -> list[Comment]:
        """Comments that silenced nothing, though every code they name was checked."""
        return [c for c in self.comments if not c.used and all(_any_enabled(code, enabled) for code in c.codes)]


class ToolSuppressions:
    """What silences a finding of one tool."""

    def __init__(self, document: Suppressions, doc: Any, name_lines: set[int],
                 keyword_ignores: list[NodeIgnore]) -> None:
        self.document = document
        self.doc = doc
        self.name_lines = name_lines
        self.keyword_ignores = keyword_ignores

    def silences(self, diagnostic: Diagnostic) -> bool:
        # Asked of every finding; nearly always there is no ignore and no comment at all.
        if (self.document.node_ignores or self.keyword_ignores) and any(
                ignore.covers(diagnostic) for ignore in (*self.document.node_ignores, *self.keyword_ignores)):
            return True
        if not self.document.comments:
            return False
        # A finding not positioned for its report (`--statistics`) is located here, where a comment needs it.
        span = diagnostic.span or self.doc.locate(diagnostic.pointer, diagnostic.at_key)
        lines = {*self.name_lines, span.line, self.doc.locate(diagnostic.pointer, at_key=True).line}
        for comment in self.document.comments:
            if (comment.whole_file or comment.line in lines) and comment.covers(diagnostic.code):
                comment.used = True
                return True
        return False


def keyword_ignores(nodes) -> list[NodeIgnore]:
    """`x-schema-lint-ignore` in the tool's subschemas: a list of codes, or `true` for all."""
    found = []
    for node in nodes:
        value = node.get(IGNORE_KEYWORD) if isinstance(node.schema, dict) else None
        if value is True:
            found.append(NodeIgnore(node.pointer, ()))
        elif isinstance(value, list) and value and all(isinstance(code, str) for code in value):
            found.append(NodeIgnore(node.pointer, tuple(code.strip().upper() for code in value)))
    return found


def comment_format(doc: Any) -> str | None:
    """The key of `doc`'s format in `SUPPRESSION_COMMENTS`; None when it has no comments."""
    if doc.kind == "yaml":
        return "yaml"
    return "jsonc" if doc.json_text is not None else None


def suppression_matches(doc: Any) -> Iterator[re.Match[str]]:
    """The suppression comments of `doc`'s text, in order: only those in a comment of its
    format, none in a string."""
    form = comment_format(doc)
    # Asked of every file: the few that mention schema-lint are read further.
    if form is None or "schema-lint:" not in doc.text:
        return
    in_comment = comment_test(doc)
    if in_comment is None:
        return
    for match in SUPPRESSION_COMMENTS[form].finditer(doc.text):
        if in_comment(match.start(), match.end()):
            yield match


def _comments(doc: Any) -> list[Comment]:
    comments = []
    for match in suppression_matches(doc):
        codes = tuple(c.strip().upper() for c in (match.group("codes") or "").split(",") if c.strip())
        line, column = doc.line_index.position(match.start())
        comments.append(Comment(line, column, codes, match.group("scope") == "ignore-file"))
    return comments


def _name_lines(doc: Any, tool: Tool) -> set[int]:
    """The lines of the tool's `name` key: a comment there covers the tool."""
    lines = set()
    for holder in {tool.pointer, parent(tool.schema_pointer)}:
        pointer = holder + "/name"
        try:
            if isinstance(resolve(doc.data, pointer), str):
                lines.add(doc.locate(pointer, at_key=True).line)
        except LookupError:
            continue
    return lines


def _any_enabled(selector: str, enabled: set[str]) -> bool:
    return any(matches_code(code, (selector,)) for code in enabled)
