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


def edits_between(before: str, after: str) -> list[TextEdit]:
    """Edits turning `before` into `after`, one per run of changed lines (each trimmed to
    the characters that change): two changes far apart in a file (an import at the top, a
    parameter below) stay two edits, which a reviewer sees at their own lines."""
    import difflib

    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
    starts = [0]
    for line in old:
        starts.append(starts[-1] + len(line))
    edits = []
    for tag, first, last, new_first, new_last in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag != "equal":
            edit = spanning_edit("".join(old[first:last]), "".join(new[new_first:new_last]))
            edits.append(TextEdit(starts[first] + edit.start, starts[first] + edit.end, edit.content))
    return edits


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
