"""What the fixes already taken for a file hold: the nodes they write (JSON pointers)
and the text they edit. A new fix that touches either waits for the next run.

Both are indexed, so a file with thousands of fixes is planned in n log n, not n²:
nodes by their pointers and every ancestor's, edits in a list sorted by position
(taken edits never share text, so sorted by start they are sorted by end too).

An edit the very same as one taken is no conflict: it is one YAML node reached by two
paths (an anchor and its alias), which two fixes edit alike. The file is edited once, and
the plan checks that the text carries both fixes. Deferred instead, the other fix could
never be applied alone (its edit changes the node under both paths), and every run
offered it again.
"""

from __future__ import annotations

import bisect

from schema_lint.fixes.textedit import TextEdit
from schema_lint.model import Operation


def _ancestors(path: str) -> list[str]:
    """Every proper prefix of a pointer, the document root ("") included."""
    cut = [i for i, char in enumerate(path) if char == "/"]
    return [path[:i] for i in cut]


class Claims:
    def __init__(self) -> None:
        self.paths: set[str] = set()
        self.ancestors: set[str] = set()
        self.spans: list[tuple[int, int]] = []
        self.edits: set[TextEdit] = set()

    def _path_taken(self, path: str) -> bool:
        return path in self.paths or path in self.ancestors or any(a in self.paths for a in _ancestors(path))

    def _edit_taken(self, edit: TextEdit) -> bool:
        index = bisect.bisect_right(self.spans, (edit.end, float("inf")))
        while index > 0:
            index -= 1
            start, end = self.spans[index]
            if end < edit.start:
                return False
            if edit.collides_with(TextEdit(start, end, "")):
                return True
        return False

    def conflict(self, operations: tuple[Operation, ...], edits: list[TextEdit]) -> bool:
        """Whether a fix writes a node (or inside one, or around one) or text already claimed."""
        return any(self._path_taken(op.path) for op in operations) or \
            any(edit not in self.edits and self._edit_taken(edit) for edit in edits)

    def claim(self, operations: tuple[Operation, ...], edits: list[TextEdit]) -> None:
        """Take a fix that does not conflict; its own edits never collide (see `fix_edits`)."""
        for operation in operations:
            self.paths.add(operation.path)
            self.ancestors.update(_ancestors(operation.path))
        for edit in edits:
            if edit not in self.edits:
                bisect.insort(self.spans, (edit.start, edit.end))
                self.edits.add(edit)
