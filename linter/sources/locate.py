"""Find a JSON pointer's node in the source text: line:column and end, on demand.

Only called for nodes that have a finding, so documents without findings never pay
for it. JSON is scanned with the C decoder's scanner (`scan_once`) to skip values; an
object's members are read once, and only as far as a pointer needs, so many findings in
one file cost at most one pass over the text, not one per finding.
"""

from __future__ import annotations

import bisect
import json
import re
import sys
from array import array
from json.decoder import scanstring  # type: ignore[attr-defined]  # there, but not in its stubs
from typing import Any

from schema_lint.model import Span
from schema_lint.schema.pointer import join, split
from schema_lint.text.lazy_pattern import lazy_compile

# Line breaks as JSON, YAML and editors count them. Not `str.splitlines()`, which also
# breaks at U+2028, form feed and others that may stand raw inside a JSON string.
LINE_BREAK = lazy_compile(r"\r\n|\r|\n")
_NEWLINE = lazy_compile("\n")
_WS = lazy_compile(r"[ \t\n\r]*")
# One match each instead of a whitespace skip on either side of a colon and of a comma: a
# member table is built for every object a finding's pointer passes through.
_AFTER_KEY = lazy_compile(r"[ \t\n\r]*.[ \t\n\r]*", re.S)
_AFTER_VALUE = lazy_compile(r"[ \t\n\r]*(?:,[ \t\n\r]*)?")
# The C decoder's own step (what `raw_decode` calls, a Python frame less): (value, end) of the
# value at an offset, or StopIteration where none starts.
_SCAN_VALUE = json.JSONDecoder().scan_once  # type: ignore[attr-defined]  # set in `__init__`, not in its stubs
# How many times its text's length a `LineIndex` counts through before it builds its index.
_COUNTED_TEXTS = 4


def split_lines(text: str) -> list[str]:
    """The lines of `text` as an editor numbers them (a final line break ends the last line)."""
    lines = LINE_BREAK.split(text)
    if lines[-1] == "":
        lines.pop()
    return lines


class LineIndex:
    """Offset → 1-based (line, column) for one text (also how fix edits get their positions).

    The offset where each line starts is kept in an array of machine integers: a list
    holds an int object for each line, five times the memory (25 MB for a file of
    680,000 lines, against 5 MB). The breaks are found one at a time: splitting the text
    made a string of every line first (50 MB more, for a moment, of that file).

    That array is built only once counting would cost more: a position in a text whose
    lines end with "\n" alone is the number of breaks before it and the last one's place,
    two C scans of the text up to it. A typical file has two or three findings, so its
    positions are counted in a fraction of what building the index costs (a Python step
    per line); counting stops, and the index is built, once the characters counted pass
    `_COUNTED_TEXTS` times the text's length, so many findings in a large file still
    cost one pass."""

    def __init__(self, text: str, first_line: int = 1):
        self.text = text
        self.first_line = first_line
        self._starts: array | None = None
        # Characters `position` may still count before the index is built ("\r" breaks, which
        # come in three spellings, are never counted).
        self._to_count = 0 if "\r" in text else _COUNTED_TEXTS * len(text)

    @property
    def starts(self) -> array:
        """The offset where each line starts (after each line break, and 0)."""
        if self._starts is None:
            # The usual text breaks lines with "\n" alone, which one character's pattern finds quicker.
            breaks = LINE_BREAK if "\r" in self.text else _NEWLINE
            self._starts = array("q", [0])
            self._starts.extend(match.end() for match in breaks.finditer(self.text))
        return self._starts

    def position(self, offset: int) -> tuple[int, int]:
        if self._starts is None and offset <= self._to_count:
            self._to_count -= offset
            text = self.text
            return text.count("\n", 0, offset) + self.first_line, offset - text.rfind("\n", 0, offset)
        starts = self.starts
        index = bisect.bisect_right(starts, offset) - 1
        return index + self.first_line, offset - starts[index] + 1

    def span(self, start: int, end: int) -> Span:
        text = self.text
        if self._starts is None and start <= self._to_count:
            # `position(start)`, counted here: a call less for each finding's position.
            self._to_count -= start
            line, column = text.count("\n", 0, start) + self.first_line, start - text.rfind("\n", 0, start)
        else:
            line, column = self.position(start)
        if self._starts is None and start <= end and end - start <= self._to_count:
            # Counted on from the start, not again from the text's beginning: the end's line is
            # the start's plus the breaks between them.
            self._to_count -= end - start
            breaks = text.count("\n", start, end)
            if not breaks:
                return Span(line, column, line, column + end - start)
            return Span(line, column, line + breaks, end - text.rfind("\n", start, end))
        return Span(line, column, *self.position(end))


class JsonLocator:
    """Offsets of the nodes a JSON pointer names, found by reading the text, not the parsed data.

    An object's members are read in order, and only as far as the member asked for: a
    finding in the first property of a schema does not pay for decoding the others, nor the
    `properties` object for the keys around it. A member's value is decoded (to find where
    it ends) only to read past it or to give its span. When a key may repeat in the document
    (`unique_keys=False`), objects are read to the end, since the last one counts, as for the
    parser.
    """

    def __init__(self, text: str, first_line: int = 1, unique_keys: bool = True, parsed: bool = False,
                 read: JsonLocator | None = None, lines: LineIndex | None = None):
        self.text = text
        self.first_line = first_line
        self._lines = lines
        self.unique_keys = unique_keys
        # The parser read the whole text as one value: the root then ends where the text does,
        # less trailing whitespace (the parser allows nothing else), with no need to decode it.
        self.parsed = parsed
        # `{` offset → (key → [key start, key end, value start, value end or None], where the
        # reading goes on: [offset of the next member, the member read last]).
        self._objects: dict[int, tuple[dict[str, list], list]] = {}
        # The objects read to their end, every member's value end known.
        self._whole: set[int] = set()
        self.elements: dict[int, list[tuple[int, int]]] = {}
        # Where the text's one value starts (past leading whitespace), found for the first pointer.
        self._root: int | None = None
        if read is not None:
            self._share(read)

    def _share(self, other: JsonLocator) -> None:
        """Read on from what `other` (a locator of the same text, reading each key's first
        occurrence) has read: what one reads, the other need not read again, nor keep twice
        (the findings' positions and then their fixes' edits, in a report of a large file)."""
        if other.text is not self.text or not (self.unique_keys and other.unique_keys):
            raise ValueError("only a locator of the same text, with keys read alike, can be shared")
        self._objects, self._whole, self.elements = other._objects, other._whole, other.elements

    @property
    def lines(self) -> LineIndex:
        """Given, or built for the first position asked: the edit layer's locators never ask one."""
        if self._lines is None:
            self._lines = LineIndex(self.text, self.first_line)
        return self._lines

    def _skip_ws(self, index: int) -> int:
        return _WS.match(self.text, index).end()  # `*`: it always matches

    def _value_end(self, start: int) -> int:
        try:
            return _SCAN_VALUE(self.text, start)[1]
        except StopIteration:
            raise ValueError(f"no JSON value at offset {start}") from None

    def _member(self, start: int, key: str) -> list | None:
        """[key start, key end, value start, value end or None] of `key` in the object at `start`."""
        found = self._objects.get(start)  # `_object`, inline: asked for every step of every pointer
        if found is None:
            found = self._objects[start] = ({}, [self._skip_ws(start + 1), None])
        table, cursor = found
        if self.unique_keys and key in table:
            return table[key]
        self._read_on(table, cursor, key if self.unique_keys else None)
        return table.get(key)

    def _object(self, start: int) -> tuple[dict[str, list], list]:
        found = self._objects.get(start)
        if found is None:
            found = self._objects[start] = ({}, [self._skip_ws(start + 1), None])
        return found

    def _read_on(self, table: dict[str, list], cursor: list, until: str | None) -> None:
        """Read members into `table` from where `cursor` stopped: up to `until`, or to the end."""
        while True:
            key = self._read_next(table, cursor)
            if key is None or key == until:
                return

    def _read_next(self, table: dict[str, list], cursor: list) -> str | None:
        """Read the member after the one `cursor` stopped at into `table`: its key, or None
        at the end of the object. Its value is decoded only when the next member is read."""
        text = self.text
        last = cursor[1]
        if last is not None:  # step past the member read last (its end decoded here: `_end`, inline)
            if last[3] is None:
                last[3] = self._value_end(last[2])
            cursor[0] = _AFTER_VALUE.match(text, last[3]).end()  # as `_WS`
            cursor[1] = None
        i = cursor[0]
        if i >= len(text) or text[i] != '"':
            return None
        key, key_end = scanstring(text, i + 1)
        colon = _AFTER_KEY.match(text, key_end)
        if colon is None:
            raise ValueError("the text ends after a key")
        # One string for every occurrence of a key: a large file repeats a few hundred keys
        # (`type`, `description`) hundreds of thousands of times.
        key = sys.intern(key)
        table[key] = cursor[1] = [i, key_end, colon.end(), None]
        return key

    def _first_member(self, start: int) -> list | None:
        """[key start, key end, value start, value end or None] of the object's first member,
        its value not decoded: the root object of a file holds all of it."""
        table, cursor = self._object(start)
        if not table:
            self._read_next(table, cursor)
        return next(iter(table.values()), None)

    def _end(self, member: list) -> int:
        if member[3] is None:
            member[3] = self._value_end(member[2])
        return member[3]

    def _members(self, start: int) -> dict[str, list]:
        """key → [key start, key end, value start, value end] for every member of the object:
        its table, read to the end."""
        table, cursor = self._object(start)
        if start not in self._whole:
            self._read_on(table, cursor, None)
            for member in table.values():
                self._end(member)
            self._whole.add(start)
        return table

    def _elements(self, start: int) -> list[tuple[int, int]]:
        table = self.elements.get(start)
        if table is None:
            table = []
            text, i = self.text, self._skip_ws(start + 1)
            while i < len(text) and text[i] != "]":
                end = self._value_end(i)
                table.append((i, end))
                i = _AFTER_VALUE.match(text, end).end()  # as `_WS`
            self.elements[start] = table
        return table

    def offsets(self, tokens: list[str], at_key: bool = False) -> tuple[int, int]:
        """Start and end offset of the node (or of its key) that `tokens` address.

        Stops at the deepest existing node when the pointer runs past the text.
        """
        text = self.text
        start = self._root
        if start is None:
            start = self._root = self._skip_ws(0)
        end = None
        reached = None  # the member stepped into last: its end is found only if it is the node
        # A member read before is found with two lookups here, without a call: a file's findings
        # share most of their pointers' steps (`/properties`, then a property).
        read = self._objects if self.unique_keys else None
        for depth, token in enumerate(tokens):
            char = text[start] if start < len(text) else ""
            if char == "{":
                found = read.get(start) if read is not None else None
                member = found[0].get(token) if found is not None else None
                if member is None:
                    member = self._member(start, token)
                    if member is None:
                        break
                if at_key and depth == len(tokens) - 1:
                    return member[0], member[1]
                start, end, reached = member[2], None, member
            elif char == "[" and token.isdigit():
                elements = self._elements(start)
                if int(token) >= len(elements):
                    break
                (start, end), reached = elements[int(token)], None
            else:
                break
        if end is None:
            if reached is not None:
                end = self._end(reached)
            elif self.parsed:
                end = len(text.rstrip(" \t\n\r"))
            else:
                end = self._value_end(start)
        return start, end

    def locate(self, pointer: str, at_key: bool = False) -> Span:
        # `split`'s usual case inline: a pointer of plain keys.
        tokens = pointer[1:].split("/") if pointer[:1] == "/" and "~" not in pointer else split(pointer)
        lines = self._lines if self._lines is not None else self.lines
        try:
            start, end = self.offsets(tokens, at_key)
        except (ValueError, IndexError):
            return lines.span(0, 0)
        return lines.span(start, end)


def json_line(line: str) -> str:
    """A JSON Lines line as JSON reads it: a byte-order mark may open any line, as in files
    written apart and then joined (`replay` reads calls so too), and is read as a blank, which
    keeps every column."""
    return " " + line[1:] if line.startswith("\ufeff") else line


class JsonLinesLocator:
    """Each line is its own JSON text; the pointer's first token is the line index."""

    def __init__(self, lines: list[str], unique_keys: bool = True):
        self.lines = lines
        self.unique_keys = unique_keys
        self.locators: dict[int, JsonLocator] = {}

    def locate(self, pointer: str, at_key: bool = False) -> Span:
        tokens = split(pointer)
        if not tokens or not tokens[0].isdigit() or int(tokens[0]) >= len(self.lines):
            return Span(1, 1, 1, 1)
        index = int(tokens[0])
        locator = self.locators.get(index)
        if locator is None:
            locator = JsonLocator(json_line(self.lines[index]), first_line=index + 1, unique_keys=self.unique_keys)
            self.locators[index] = locator
        return locator.locate(join("", *tokens[1:]), at_key)


class YamlLocator:
    def __init__(self, root: Any, lines: list[str]):
        self.root = root
        self.lines = lines

    def locate(self, pointer: str, at_key: bool = False) -> Span:
        node, key_node = self.root, None
        for token in split(pointer):
            if node.id == "mapping":
                found = None
                for k, v in node.value:
                    if k.id == "scalar" and str(k.value) == token:
                        found = (k, v)
                if found is None:
                    break
                key_node, node = found
            elif node.id == "sequence" and token.isdigit() and int(token) < len(node.value):
                key_node, node = None, node.value[int(token)]
            else:
                key_node = None
                break
        target = key_node if at_key and key_node is not None else node
        start = target.start_mark
        end_line, end_column = _content_end(target)
        if end_column == 0 and end_line > start.line:
            # A block scalar ends after its line break: end at the end of its last line.
            end_line -= 1
            end_column = len(self.lines[end_line]) if end_line < len(self.lines) else 0
        return Span(start.line + 1, start.column + 1, end_line + 1, end_column + 1)


def _content_end(node: Any) -> tuple[int, int]:
    """0-based line and column where a node's own text ends.

    A block collection's end mark is where the next token starts, past trailing
    comments and blank lines; its last descendant's end is where its text ends.
    """
    while node.id in ("mapping", "sequence") and not node.flow_style and node.value:
        node = node.value[-1][1] if node.id == "mapping" else node.value[-1]
    return node.end_mark.line, node.end_mark.column


def locator_for(doc: Any):
    if doc.kind == "yaml" and doc._yaml_root is not None:
        return YamlLocator(doc._yaml_root, doc.lines)
    if doc.kind == "jsonl":
        return JsonLinesLocator(doc.lines, unique_keys=not doc.duplicate_keys)
    text = doc.json_text or doc.text
    # The lines of the document's text are its own (a report shows them): not those of JSONC's blanked copy.
    return JsonLocator(text, unique_keys=not doc.duplicate_keys, parsed=doc.data is not None and not doc.errors,
                       lines=doc.line_index if text is doc.text else None)
