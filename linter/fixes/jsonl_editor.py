"""JSON Lines: every line is its own JSON text, so each operation edits one line with
the JSON edit layer (whose one-line layout keeps the line one line)."""

from __future__ import annotations

from collections.abc import Iterable

from schema_lint.fixes.json_editor import JsonEditor
from schema_lint.fixes.textedit import EditError, TextEdit
from schema_lint.model import Operation
from schema_lint.schema.pointer import join, split
from schema_lint.sources.locate import LINE_BREAK, json_line


class JsonLinesEditor:
    def __init__(self, text: str):
        self.text = text
        self.starts = [0] + [m.end() for m in LINE_BREAK.finditer(text)]
        self.editors: dict[int, JsonEditor] = {}

    def edits(self, operation: Operation) -> list[TextEdit]:
        index, line_operation = self._on_line(operation)
        return self._in_file(index, self._editor(index).edits(line_operation))

    def edits_in_turn(self, operations: Iterable[Operation]) -> list[TextEdit] | None:
        """One edit that carries out `operations` one after the other, each on the text the
        one before left (for a fix whose edits touch: see `editor.fix_edits`), when all of
        them address one line: its editor does it (`JsonEditor.edits_in_turn`). The whole
        file, split into lines and rebuilt after each operation, cost a 6 MB file a fifth of
        a second per fix. None when they address several lines."""
        located = [self._on_line(operation) for operation in operations]
        if len({index for index, _ in located}) != 1:
            return None
        index = located[0][0]
        return self._in_file(index, self._editor(index).edits_in_turn([operation for _, operation in located]))

    def _editor(self, index: int) -> JsonEditor:
        editor = self.editors.get(index)
        if editor is None:
            # A byte-order mark opening the line is read as a blank, as when it was linted: one character for one.
            editor = self.editors[index] = JsonEditor(json_line(self._line(index)))
        return editor

    def _on_line(self, operation: Operation) -> tuple[int, Operation]:
        """The line `operation` addresses, and the operation as one on that line's JSON."""
        tokens = split(operation.path)
        if not tokens or not tokens[0].isdigit() or int(tokens[0]) >= len(self.starts):
            raise EditError("a JSON Lines operation must address a line")
        return int(tokens[0]), Operation(operation.op, join("", *tokens[1:]), operation.value)

    def _line(self, index: int) -> str:
        end = self.starts[index + 1] if index + 1 < len(self.starts) else len(self.text)
        return self.text[self.starts[index]:end].rstrip("\r\n")

    def _in_file(self, index: int, edits: list[TextEdit]) -> list[TextEdit]:
        offset = self.starts[index]
        return [TextEdit(e.start + offset, e.end + offset, e.content) for e in edits]
