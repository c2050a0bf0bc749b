"""Text edits: what every format's edit layer produces and every report shows.

Offsets are character offsets into the document's text (as decoded, BOM excluded);
`end` is exclusive, and `start == end` is an insertion.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class TextEdit:
    start: int
    end: int
    content: str

    def collides_with(self, other: TextEdit) -> bool:
        """Whether applying both would be ambiguous: shared text, or an insertion inside the other.

        Edits that only touch (one ends where the other starts, or two insertions at
        one point) do not collide: their order is clear.
        """
        if max(self.start, other.start) < min(self.end, other.end):
            return True
        return _inserts_inside(self, other) or _inserts_inside(other, self)


def _inserts_inside(insertion: TextEdit, edit: TextEdit) -> bool:
    return insertion.start == insertion.end and edit.start < insertion.start < edit.end


def apply_edits(text: str, edits: Iterable[TextEdit]) -> str:
    """`text` with non-colliding edits applied; insertions at one point keep their given order."""
    ordered = sorted(enumerate(edits), key=lambda item: (item[1].start, item[1].end > item[1].start, item[0]))
    pieces: list[str] = []
    cursor = 0
    for _, edit in ordered:
        if edit.start < cursor:
            raise ValueError(f"overlapping edits at offset {edit.start}")
        pieces.append(text[cursor:edit.start])
        pieces.append(edit.content)
        cursor = edit.end
    pieces.append(text[cursor:])
    return "".join(pieces)


def spanning_edit(before: str, after: str) -> TextEdit:
    """One edit turning `before` into `after`: everything between their common prefix and suffix."""
    limit = min(len(before), len(after))
    prefix = _longest(lambda n: before[:n] == after[:n], limit)
    suffix = _longest(lambda n: before[len(before) - n:] == after[len(after) - n:], limit - prefix)
    return TextEdit(prefix, len(before) - suffix, after[prefix:len(after) - suffix])


def _longest(holds: Callable[[int], bool], limit: int) -> int:
    """The largest n <= limit for which `holds(n)` (true up to some n, false after):
    a binary search, so that whole-file texts are compared by slices, not characters."""
    low, high = 0, limit
    while low < high:
        middle = (low + high + 1) // 2
        if holds(middle):
            low = middle
        else:
            high = middle - 1
    return low


class EditError(ValueError):
    """An operation that cannot be spelled as a text edit of this document."""
