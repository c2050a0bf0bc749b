"""A parsed file, as every layer above reads it: its text, its data, and where a pointer is.

Positions are not computed when a file is read: `Document.locate` finds a pointer in the
text only when a finding needs it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from schema_lint.model import FieldwiseRecord, Span, cached_attribute
from schema_lint.sources.locate import LineIndex, locator_for, split_lines

# Deeper than this no tool schema goes; deeper input is an attack or a bug, and
# refusing it early keeps every recursive consumer (validators, rules) safe.
MAX_DEPTH = 256
# A YAML alias bomb expands to billions of nodes from a few lines.
MAX_YAML_NODES = 1_000_000


class ParseError(NamedTuple):
    message: str
    line: int = 1
    column: int = 1


@dataclass(eq=False, repr=False)
class Document(FieldwiseRecord):
    """A parsed file. For JSONL, `data` is a list with one entry per line.

    With `errors`, `data` is None, or the part of the file that could be read and is linted:
    a JSON Lines file's good lines, a YAML stream's documents before the broken one. Nothing
    is fixed in a file with errors."""

    path: str
    text: str
    kind: str
    data: Any = None
    errors: list[ParseError] = field(default_factory=list)
    # (pointer of the object, key) for every key that appears twice.
    duplicate_keys: list[tuple[str, str]] = field(default_factory=list)
    _locator: Any = None
    # (pointer, at_key) → Span: a node with a finding often has several (SL301 and SL305 on
    # one string), and each costs a walk down the text.
    _spans: dict[tuple[str, bool], Span] = field(default_factory=dict, repr=False, compare=False)
    _yaml_root: Any = None
    # JSONC: the text with comments and trailing commas blanked out, which the JSON parser
    # and locator read (same offsets as `text`, which edits and reports use).
    json_text: str | None = None
    # YAML: how many documents the stream holds; several are read as a list of them.
    yaml_documents: int = 1

    @property
    def catalogue(self) -> bool:
        """Whether its top-level entries are documents of their own, each apart from the
        others: a JSON Lines file's lines, a YAML stream's documents (see `tools.Requests`)."""
        return self.kind == "jsonl" or self.yaml_documents > 1

    def locate(self, pointer: str, at_key: bool = False) -> Span | None:
        span = self._spans.get((pointer, at_key))
        if span is None:
            locator = self._locator if self._locator is not None else self.locator
            span = self._spans[pointer, at_key] = locator.locate(pointer, at_key)
        return span

    @property
    def locator(self) -> Any:
        """What finds a pointer's node in the text, made on first use (see `locate`)."""
        if self._locator is None:
            self._locator = locator_for(self)
        return self._locator

    @cached_attribute
    def lines(self) -> list[str]:
        return split_lines(self.text)

    @cached_attribute
    def line_index(self) -> LineIndex:
        """Where each line of `text` starts (also what places a finding in a JSON text)."""
        return LineIndex(self.text)

    def source_line(self, number: int) -> str | None:
        """The text of 1-based line `number`, or None past either end: cut from the text, so
        that a report showing the lines of its findings needs no string for every line of
        the file (`lines`: 50 MB of one with 20,000 tools)."""
        starts = self.line_index.starts
        # The index counts a line after a final line break, which `lines` does not.
        if not 0 < number <= len(starts) or starts[number - 1] >= len(self.text):
            return None
        end = starts[number] if number < len(starts) else len(self.text)
        return self.text[starts[number - 1]:end].rstrip("\r\n")
