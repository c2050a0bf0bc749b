"""Positions as the editor counts them: 0-based lines, and columns in the code units of the
position encoding the client and server agreed on (UTF-16 unless the client offers another).

A finding's `Span` counts characters (code points) from 1, and a line holding an emoji or
any character outside the Basic Multilingual Plane is one column shorter in code points
than in UTF-16 units: without the conversion, every range after such a character on its
line is off by one in VS Code. Lines break where the protocol says they do (`\\n`, `\\r\\n`,
`\\r`), as `Document.lines` splits them.
"""

from __future__ import annotations

from typing import NamedTuple

from schema_lint.model import Span
from schema_lint.sources.locate import LineIndex, split_lines

UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"


class Position(NamedTuple):
    line: int
    character: int


class Range(NamedTuple):
    start: Position
    end: Position


def code_units(text: str, encoding: str) -> int:
    """The length of `text` in `encoding`'s code units."""
    if encoding == UTF8:
        return len(text.encode("utf-8", "surrogatepass"))
    if encoding == UTF32:
        return len(text)
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def position(lines: list[str], line: int, column: int, encoding: str) -> Position:
    """The protocol's position of 1-based `line` and character `column`; past the text, its end."""
    if line > len(lines):
        return Position(len(lines), 0)
    text = lines[line - 1] if line >= 1 else ""
    return Position(max(line - 1, 0), code_units(text[:max(column - 1, 0)], encoding))


def span_range(lines: list[str], span: Span | None, encoding: str) -> Range:
    """A finding's span as a range; a finding without one (none in a file) sits at the start."""
    if span is None:
        return Range(Position(0, 0), Position(0, 0))
    return Range(position(lines, span.line, span.column, encoding),
                 position(lines, span.end_line, span.end_column, encoding))


def overlaps(first: Range, second: Range) -> bool:
    """Whether the ranges touch: a cursor (an empty range) at either end of a finding is on it."""
    return first.start <= second.end and second.start <= first.end


def replacement(old: str, new: str, encoding: str) -> tuple[Range, str]:
    """The one edit that turns `old` into `new`: the span between their common start and end,
    and what replaces it. One small edit keeps the editor's cursor, folds and undo history
    where a whole-document replacement would reset them."""
    shortest = min(len(old), len(new))
    start = 0
    while start < shortest and old[start] == new[start]:
        start += 1
    if 0 < start < len(old) and old[start - 1:start + 1] == "\r\n":
        start -= 1  # a position between the two characters of one line break names no place
    end = 0
    while end < shortest - start and old[len(old) - 1 - end] == new[len(new) - 1 - end]:
        end += 1
    if 0 < end < len(old) and old[len(old) - 1 - end:len(old) + 1 - end] == "\r\n":
        end -= 1
    lines = split_lines(old)
    index = LineIndex(old)
    return (Range(position(lines, *index.position(start), encoding),
                  position(lines, *index.position(len(old) - end), encoding)),
            new[start:len(new) - end])
