"""JSON operations as minimal text edits: only the fixed node's text changes.

A replaced value takes exactly its old value's span; a new member goes after the last
member of its object, in the object's own layout (one line, or one member a line with
the siblings' indentation); a removed member takes its comma and whitespace with it.
Positions come from the positions layer (`JsonLocator`), which scans each object once.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from schema_lint.fixes.delimited import Delimited
from schema_lint.fixes.json_style import JsonStyle, detect_style
from schema_lint.fixes.textedit import EditError, TextEdit, apply_edits, spanning_edit
from schema_lint.model import Operation
from schema_lint.schema.pointer import join, split
from schema_lint.sources.locate import JsonLocator

_LEADING_WHITESPACE = re.compile(r"[ \t]*")


class EditLocator(JsonLocator):
    """The positions layer with the exact lookups an edit needs: a missing node is an
    error here, not "the nearest existing node" as for a finding's position. Pointers start
    at the value at `root` when given, else at the text's one value.

    Reading on from `read` (the locator of a document in which no key repeats, see
    `editor.editor_for`), a pointer's objects are read only as far as its keys, as for a
    finding's position; otherwise each is read to its end, where a repeated key's last
    occurrence counts, as for the parser."""

    def __init__(self, text: str, root: int | None = None, read: JsonLocator | None = None):
        super().__init__(text, read=read)
        self.root = root
        self.keys_once = read is not None

    def skip_whitespace(self, index: int) -> int:
        return self._skip_ws(index)

    def member_table(self, start: int) -> dict[str, list[int]]:
        """key → [key start, key end, value start, value end] of the object at `start`."""
        return self._members(start)

    def element_table(self, start: int) -> list[tuple[int, int]]:
        return self._elements(start)

    def first_member(self, start: int) -> list | None:
        """[key start, key end, value start, value end or None] of the first member of the
        object at `start`, reading no further."""
        return self._first_member(start)

    def first_element(self, start: int) -> int | None:
        """Where the first element of the array at `start` starts; None when it is empty."""
        first = self._skip_ws(start + 1)
        return None if self.text.startswith("]", first) else first

    def find(self, tokens: list[str]) -> tuple[int, int]:
        start = self._skip_ws(0) if self.root is None else self.root
        # A node's end is decoded only for the node asked for: decoding the root's for every
        # fix made each of a large file's fixes cost the whole file, and reading to the end
        # of the root object to step into its one member decoded the whole file once more.
        end: int | None = None
        member = None
        for token in tokens:
            char = self.text[start:start + 1]
            member = None
            if char == "{":
                member = self._member(start, token) if self.keys_once else self._members(start).get(token)
            if member is not None:
                start, end = member[2], member[3]
            elif char == "[" and token.isdigit() and int(token) < len(self._elements(start)):
                start, end = self._elements(start)[int(token)]
            else:
                raise EditError(f"no node at `{token}`")
        if end is None:
            end = self._value_end(start) if member is None else self._end(member)
        return start, end


def line_indent(text: str, offset: int) -> str:
    """The whitespace that starts the line holding `offset`. Only that line is read: a
    search for a carriage return back to the start of a file that has none cost each
    fix of a large file its size."""
    newline = text.rfind("\n", 0, offset)
    line_start = max(newline, text.rfind("\r", newline + 1, offset)) + 1
    return _LEADING_WHITESPACE.match(text, line_start, offset).group()  # type: ignore[union-attr]  # `*`: it always matches


class JsonEditor:
    """Edits of one JSON text; of the value at `root` when given (see `edits_in_turn`), in
    `style` when given; reading on from what `read` (a locator of the text) has read, when given."""

    def __init__(self, text: str, data: Any = None, *, root: int | None = None, style: JsonStyle | None = None,
                 read: JsonLocator | None = None):
        self.text = text
        self.locator = EditLocator(text, root, read)
        self._data = data
        self._style = style

    @property
    def style(self) -> JsonStyle:
        if self._style is None:
            data = self._data if self._data is not None else json.loads(self.text)
            self._style = detect_style(self.locator, data)
        return self._style

    def edits_in_turn(self, operations: Sequence[Operation]) -> list[TextEdit]:
        """One edit that carries out `operations` one after the other, each on the text the
        one before left (for a fix whose edits touch: see `editor.fix_edits`).

        Only the node that holds them all is edited again, behind its first line's
        indentation (which new lines follow), in this document's style: rebuilding and
        scanning the whole text after each operation cost each such fix of a large file
        its size. The style is the document's as it is, not as an operation half done
        leaves it (one that removes the only escaped character would change it)."""
        paths = [split(operation.path) for operation in operations]
        scope = _common_parent(paths)
        start, end = self.locator.find(scope)
        indent = line_indent(self.text, start)
        before = text = indent + self.text[start:end]
        for tokens, operation in zip(paths, operations):
            inner = Operation(operation.op, join("", *tokens[len(scope):]), operation.value)
            text = apply_edits(text, JsonEditor(text, root=len(indent), style=self.style).edits(inner))
        edit = spanning_edit(before, text)
        shift = start - len(indent)
        return [TextEdit(edit.start + shift, edit.end + shift, edit.content)]

    def edits(self, operation: Operation) -> list[TextEdit]:
        tokens = split(operation.path)
        if not tokens:
            if operation.op == "remove":
                raise EditError("cannot remove the whole document")
            start, end = self.locator.find([])
            return [TextEdit(start, end, self.style.dumps(operation.value, line_indent(self.text, start)))]
        start, end = self.locator.find(tokens[:-1])
        opener = self.text[start]
        if opener == "{":
            return [self._object_edit(start, end, tokens[-1], operation)]
        if opener == "[":
            return [self._array_edit(start, end, tokens[-1], operation)]
        raise EditError("the parent is not an object or array")

    def _render(self, value: Any, container: Delimited, indent: str) -> str:
        return self.style.dumps(value, None if container.one_line else indent)

    def _item_indent(self, container: Delimited) -> str:
        if container.items:
            return line_indent(self.text, container.items[-1][0])
        return line_indent(self.text, container.close) + self.style.indent_unit

    def _empty_layout(self, container: Delimited, indent: str) -> tuple[str, str]:
        if container.one_line:
            return "", ""
        newline = self.style.newline
        return newline + indent, newline + line_indent(self.text, container.close)

    def _object_edit(self, start: int, end: int, key: str, operation: Operation) -> TextEdit:
        members = self.locator.member_table(start)
        container = Delimited(self.text, start, end - 1, [(m[0], m[3]) for m in members.values()])
        if key in members:
            key_start, _, value_start, value_end = members[key]
            if operation.op == "remove":
                return container.remove(list(members).index(key))
            indent = line_indent(self.text, key_start)
            return TextEdit(value_start, value_end, self._render(operation.value, container, indent))
        if operation.op != "add":
            raise EditError(f"no member `{key}` to {operation.op}")
        if members:
            _, key_end, value_start, _ = list(members.values())[-1]
            key_separator = self.text[key_end:value_start]
        else:
            key_separator = self.style.key_separator
        indent = self._item_indent(container)
        member = (json.dumps(key, ensure_ascii=self.style.ascii_only) + key_separator
                  + self._render(operation.value, container, indent))
        return container.append(member, self.style.item_separator, self._empty_layout(container, indent))

    def _array_edit(self, start: int, end: int, token: str, operation: Operation) -> TextEdit:
        elements = self.locator.element_table(start)
        container = Delimited(self.text, start, end - 1, elements)
        index = len(elements) if token == "-" and operation.op == "add" else _index(token, len(elements))
        if operation.op == "remove" or (operation.op == "replace" and index < len(elements)):
            if index >= len(elements):
                raise EditError(f"no element {index}")
            if operation.op == "remove":
                return container.remove(index)
            element_start, element_end = elements[index]
            indent = line_indent(self.text, element_start)
            return TextEdit(element_start, element_end, self._render(operation.value, container, indent))
        if operation.op != "add" or index > len(elements):
            raise EditError(f"no element {index} to {operation.op}")
        indent = self._item_indent(container)
        item = self._render(operation.value, container, indent)
        if index < len(elements):
            return container.insert(index, item, self.style.item_separator)
        return container.append(item, self.style.item_separator, self._empty_layout(container, indent))


def _common_parent(paths: list[list[str]]) -> list[str]:
    """The deepest node that holds the parent of every path."""
    scope = paths[0][:-1]
    for tokens in paths[1:]:
        length = 0
        while length < min(len(scope), len(tokens) - 1) and scope[length] == tokens[length]:
            length += 1
        scope = scope[:length]
    return scope


def _index(token: str, length: int) -> int:
    if not token.isdigit():
        raise EditError(f"`{token}` is not an array index")
    return int(token)
