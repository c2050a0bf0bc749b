"""Text edits: what every format's edit layer produces and every report shows.

Offsets are character offsets into the document's text (as decoded, BOM excluded);
`end` is exclusive, and `start == end` is an insertion.
"""

from __future__ import annotations

from collections.abc import Iterable
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


class EditError(ValueError):
    """An operation that cannot be spelled as a text edit of this document."""
