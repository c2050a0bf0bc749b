"""JSON Lines: every line is its own JSON text, so each operation edits one line with
the JSON edit layer (whose one-line layout keeps the line one line)."""

from __future__ import annotations

from schema_lint.fixes.json_editor import JsonEditor
from schema_lint.fixes.textedit import EditError, TextEdit
from schema_lint.model import Operation
from schema_lint.pointer import join, split
from schema_lint.sources.documents import LINE_BREAK


class JsonLinesEditor:
    def __init__(self, text: str):
        self.text = text
        self.starts = [0] + [m.end() for m in LINE_BREAK.finditer(text)]
        self.editors: dict[int, JsonEditor] = {}

    def edits(self, operation: Operation) -> list[TextEdit]:
        tokens = split(operation.path)
        if not tokens or not tokens[0].isdigit() or int(tokens[0]) >= len(self.starts):
            raise EditError("a JSON Lines operation must address a line")
        index = int(tokens[0])
        editor = self.editors.get(index)
        if editor is None:
            end = self.starts[index + 1] if index + 1 < len(self.starts) else len(self.text)
            line = self.text[self.starts[index]:end].rstrip("\r\n")
            editor = self.editors[index] = JsonEditor(line)
        line_operation = Operation(operation.op, join("", *tokens[1:]), operation.value)
        offset = self.starts[index]
        return [TextEdit(e.start + offset, e.end + offset, e.content) for e in editor.edits(line_operation)]
