"""Where a document's comments are, as its own parser read them.

Text that reads like a comment inside a string is no comment: a tool's description, often
written by a third party (a snapshot of an MCP server), must not be able to say something
to the linter (`lint.suppressions`). So a stretch of text is a comment only where the
format's reader found one:

- JSONC: where the reader blanked a comment out (`jsonc`); `//` and `/* */` alike.
- YAML: outside every scalar the parser composed, within the documents it read. There a
  `#` starts a comment (or is part of an anchor's or a tag's name, which no string is): a
  plain scalar's ` #` ends the scalar and starts one, a `#` in a quoted or block scalar is
  the string's. A block scalar's header line (`description: |  # note`) is outside its text.
- JSON and JSON Lines have no comments.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from typing import Any

from schema_lint.sources.document import Document

CommentTest = Callable[[int, int], bool]
"""Whether `text[start:end]`, a stretch on one line that starts with a comment's marker, is
comment: every character of it that is not white space is in a comment."""


def comment_test(doc: Document) -> CommentTest | None:
    """What tells whether a stretch of `doc.text` is comment; None for a format without
    comments, or a document none of whose text was read."""
    if doc.json_text is not None:
        blanked = doc.json_text
        return lambda start, end: blanked[start:end].isspace()
    if doc.kind == "yaml" and doc._yaml_root is not None:
        return _YamlComments(doc).holds
    return None


class _YamlComments:
    """The scalars' stretches of a YAML text, sorted, made on the first question: asked only
    of a file whose text matches a comment's pattern. Scalars never overlap, so the one
    starting last at or before an offset is the only one that may hold it."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.starts: list[int] | None = None
        self.ends: list[int] = []
        # A stream broken after its first documents: the rest of the text was not read, and
        # nothing there is known to be a comment.
        self.read_up_to = doc._yaml_root.end_mark.index if doc.errors else len(doc.text)

    def holds(self, start: int, end: int) -> bool:
        if end > self.read_up_to:
            return False
        if self.starts is None:
            spans = sorted(_scalar_spans(self.doc._yaml_root, self.doc.text))
            self.starts, self.ends = [s for s, _ in spans], [e for _, e in spans]
        index = bisect.bisect_right(self.starts, start) - 1
        return index < 0 or start >= self.ends[index]


def _scalar_spans(root: Any, text: str) -> list[tuple[int, int]]:
    """(start, end) offsets of every scalar node's text: a quoted one's with its quotes, a
    block scalar's from the line after its header."""
    from schema_lint.sources.yaml_parse import scalar_nodes

    spans = []
    for node in scalar_nodes(root):
        start, end = node.start_mark.index, node.end_mark.index
        if node.style in ("|", ">"):
            header_end = text.find("\n", start, end)
            start = end if header_end < 0 else header_end + 1
        spans.append((start, end))
    return spans
