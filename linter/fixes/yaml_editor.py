"""YAML operations as minimal text edits, guided by the composed node tree's marks.

Re-dumping a whole round-trip-loaded file re-indents it and rewraps long lines, so a
fix touches only the lines of the node it changes: block mappings and sequences get
whole new lines in their own indentation (rendered by ruamel.yaml's round-trip
emitter, see `yaml_render`), flow collections are edited like JSON, and a replaced
scalar keeps its place. Comments, quoting, anchors and key order outside the fixed
node are never re-emitted, so they stay byte for byte; a string written keeps the quotes it
has in the document, and is quoted wherever a YAML 1.1 loader would read it as a boolean or
a number (`yaml_scalars`).
"""

from __future__ import annotations

from typing import Any

from schema_lint.fixes.delimited import Delimited
from schema_lint.fixes.json_editor import line_indent
from schema_lint.fixes.textedit import EditError, TextEdit
from schema_lint.fixes.yaml_render import YamlRenderer
from schema_lint.fixes.yaml_scalars import ScalarStyles
from schema_lint.model import Operation
from schema_lint.schema.pointer import split
from schema_lint.sources.yaml_parse import yaml_loader


class YamlEditor:
    def __init__(self, text: str):
        self.text = text
        self.root = yaml_loader().compose(text)
        self.newline = "\r\n" if "\r\n" in text else "\n"
        self._renderer: YamlRenderer | None = None

    @property
    def render(self) -> YamlRenderer:
        if self._renderer is None:
            self._renderer = YamlRenderer(self.text, self.newline, _writes_scalar_lists_in_flow(self.root),
                                          ScalarStyles(self.root), _mapping_indent(self.root))
        return self._renderer

    def edits(self, operation: Operation) -> list[TextEdit]:
        tokens = split(operation.path)
        if not tokens:
            raise EditError("cannot replace or remove a whole YAML document")
        parent = self._find(tokens[:-1])
        token = tokens[-1]
        if parent.id == "mapping":
            return [self._mapping_edit(parent, token, operation)]
        if parent.id == "sequence":
            return [self._sequence_edit(parent, token, operation)]
        raise EditError("the parent is not a mapping or sequence")

    def _find(self, tokens: list[str]) -> Any:
        node = self.root
        for token in tokens:
            if node.id == "mapping":
                matches = [value for key, value in node.value if key.id == "scalar" and str(key.value) == token]
                if not matches:
                    raise EditError(f"no node at `{token}`")
                node = matches[-1]
            elif node.id == "sequence" and token.isdigit() and int(token) < len(node.value):
                node = node.value[int(token)]
            else:
                raise EditError(f"no node at `{token}`")
        return node

    # -- positions ------------------------------------------------------------------

    def _content_end(self, node: Any, key: Any = None) -> int:
        """Offset just past the node's last character (trailing blank lines and comments
        excluded); `key` is the node's key when it is a mapping's value."""
        while node.id in ("mapping", "sequence") and not node.flow_style and node.value:
            key, node = node.value[-1] if node.id == "mapping" else (None, node.value[-1])
        if key is not None and _empty(node):
            return self._after_colon(key)
        end = node.end_mark.index
        if node.id == "scalar" and node.style in ("|", ">"):
            end = len(self.text[:end].rstrip())
        return end

    def _after_colon(self, key: Any) -> int:
        """Where an empty value (`default:` with nothing after it) would start: its marks
        point at the next token, lines away."""
        return self.text.index(":", key.end_mark.index) + 1

    def _next_line(self, offset: int) -> int:
        """Start of the line after the one holding `offset` (the text's end on the last line)."""
        newline = self.text.find("\n", offset)
        return len(self.text) if newline < 0 else newline + 1

    def _line_start(self, offset: int) -> int:
        return self.text.rfind("\n", 0, offset) + 1

    def _starts_line(self, offset: int) -> bool:
        return not self.text[self._line_start(offset):offset].strip()

    def _new_lines_at(self, offset: int, lines: str) -> TextEdit:
        """Insert whole lines at the start of the line after `offset`'s."""
        at = self._next_line(offset)
        if at == len(self.text) and not self.text.endswith("\n"):
            lines = self.newline + lines.removesuffix(self.newline)
        return TextEdit(at, at, lines)

    # -- mappings -------------------------------------------------------------------

    def _mapping_edit(self, mapping: Any, key: str, operation: Operation) -> TextEdit:
        pairs = mapping.value
        index = next((i for i in range(len(pairs) - 1, -1, -1)
                      if pairs[i][0].id == "scalar" and str(pairs[i][0].value) == key), None)
        if index is None and operation.op != "add":
            raise EditError(f"no member `{key}` to {operation.op}")
        if index is not None:
            _not_an_alias(pairs[index][1], pairs[index][0])
        if mapping.flow_style:
            return self._flow_mapping_edit(mapping, index, key, operation)
        if index is None:
            indent = " " * pairs[0][0].start_mark.column if pairs else ""
            return self._new_lines_at(self._content_end(mapping), self.render.block_member(key, operation.value, indent))
        key_node, value_node = pairs[index]
        if operation.op == "remove":
            return self._remove_block_member(pairs, index)
        if _empty(value_node):
            at = self._after_colon(key_node)
            return TextEdit(at, at, " " + self.render.flow(operation.value))
        if value_node.id == "scalar" and value_node.style not in ("|", ">") or value_node.flow_style:
            return TextEdit(value_node.start_mark.index, value_node.end_mark.index, self.render.flow(operation.value))
        if value_node.id == "sequence" and isinstance(operation.value, list) and operation.value \
                and all(item.id == "scalar" or item.flow_style for item in value_node.value):
            edit = self._one_flow_item_a_line(key, key_node, value_node, operation.value)
            if edit is not None:
                return edit
        # A block collection replaced stays in block style, whatever the document's lists of scalars do.
        member = self.render.block_member(key, operation.value, " " * key_node.start_mark.column,
                                          block=value_node.id in ("mapping", "sequence"))
        return TextEdit(key_node.start_mark.index, self._content_end(value_node, key_node),
                        member.lstrip(" ").removesuffix(self.newline))

    def _one_flow_item_a_line(self, key: str, key_node: Any, sequence: Any, items: list) -> TextEdit | None:
        """A block list written one flow item a line (`- {type: string}`), replaced by `items`,
        in the same style and at the same dash: re-emitted in block style, each item would
        spread over lines nobody asked to change. ``None`` when its first dash starts no line."""
        dash = self.text.rfind("-", 0, sequence.value[0].start_mark.index)
        if not self._starts_line(dash):
            return None
        indent = line_indent(self.text, dash)
        lines = [self.render.flow(key) + ":", *(indent + "- " + self.render.flow(item) for item in items)]
        return TextEdit(key_node.start_mark.index, self._content_end(sequence, key_node), self.newline.join(lines))

    def _remove_block_member(self, pairs: list, index: int) -> TextEdit:
        key_node, value_node = pairs[index]
        start, end = key_node.start_mark.index, self._content_end(value_node, key_node)
        if len(pairs) == 1:
            return TextEdit(start, end, "{}")
        if self._starts_line(start):
            line_start, after = self._line_start(start), self._next_line(end)
            if after == len(self.text) and not self.text.endswith("\n") and line_start > 0:
                # The last line of a text with no final newline: the newline before it goes
                # with it, so the text still ends without one.
                ending = self.newline if self.text.endswith(self.newline, 0, line_start) else "\n"
                return TextEdit(line_start - len(ending), after, "")
            return TextEdit(line_start, after, "")
        return TextEdit(start, pairs[index + 1][0].start_mark.index, "")

    def _flow_mapping_edit(self, mapping: Any, index: int | None, key: str, operation: Operation) -> TextEdit:
        pairs = mapping.value
        container = self._delimited(mapping, [(k.start_mark.index, v.end_mark.index) for k, v in pairs])
        if index is not None and operation.op == "remove":
            return container.remove(index)
        if index is not None:
            value_node = pairs[index][1]
            return TextEdit(value_node.start_mark.index, value_node.end_mark.index, self.render.flow(operation.value))
        separator = self.text[pairs[-1][0].end_mark.index:pairs[-1][1].start_mark.index] if pairs else ": "
        member = self.render.flow(key) + separator + self.render.flow(operation.value)
        return container.append(member, ", ")

    def _delimited(self, node: Any, items: list[tuple[int, int]]) -> Delimited:
        return Delimited(self.text, node.start_mark.index, node.end_mark.index - 1, items)

    # -- sequences ------------------------------------------------------------------

    def _sequence_edit(self, sequence: Any, token: str, operation: Operation) -> TextEdit:
        items = sequence.value
        if token == "-" and operation.op == "add":
            index = len(items)
        elif token.isdigit() and int(token) <= len(items) - (operation.op != "add"):
            index = int(token)
        else:
            raise EditError(f"no element `{token}` to {operation.op}")
        if operation.op != "add":
            _not_an_alias(items[index], sequence)
        if sequence.flow_style:
            container = self._delimited(sequence, [(n.start_mark.index, n.end_mark.index) for n in items])
            if operation.op == "remove":
                return container.remove(index)
            rendered = self.render.flow(operation.value)
            if operation.op == "replace":
                return TextEdit(items[index].start_mark.index, items[index].end_mark.index, rendered)
            if index < len(items):
                return container.insert(index, rendered, ", ")
            return container.append(rendered, ", ")
        dashes = [self.text.rfind("-", 0, n.start_mark.index) for n in items]
        if not all(self._starts_line(d) for d in dashes):
            raise EditError("a block sequence nested on one line")
        if operation.op == "remove":
            if len(items) == 1:
                # `[]` indented past the dash: a sequence may sit at its key's column, a flow node may not.
                start = self._line_start(dashes[0])
                return TextEdit(start, self._content_end(items[0]), line_indent(self.text, dashes[0]) + "  []")
            return TextEdit(self._line_start(dashes[index]), self._next_line(self._content_end(items[index])), "")
        indent = line_indent(self.text, dashes[0])
        lines = self.render.block_item(operation.value, indent)
        if operation.op == "replace":
            return TextEdit(self._line_start(dashes[index]), self._content_end(items[index]), lines.removesuffix(self.newline))
        if index < len(items):
            start = self._line_start(dashes[index])
            return TextEdit(start, start, lines)
        return self._new_lines_at(self._content_end(sequence), lines)


def _writes_scalar_lists_in_flow(root: Any) -> bool:
    """Whether the document's first non-empty list of scalars (a `required`, an `enum`) is a flow sequence."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.id == "sequence" and node.value and all(item.id == "scalar" for item in node.value):
            return bool(node.flow_style)
        if node.id == "mapping":
            stack.extend(value for _, value in reversed(node.value))
        elif node.id == "sequence":
            stack.extend(reversed(node.value))
    return False


def _mapping_indent(root: Any) -> int | None:
    """How far the document indents a block mapping under a key of another (`properties:`, then
    its members): the first such pair's columns apart; None when it nests none."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.id == "mapping":
            for key, value in node.value:
                if value.id == "mapping" and not node.flow_style and not value.flow_style and value.value:
                    indent = value.value[0][0].start_mark.column - key.start_mark.column
                    if indent > 0:
                        return indent
            stack.extend(value for _, value in reversed(node.value))
        elif node.id == "sequence":
            stack.extend(reversed(node.value))
    return None


def _not_an_alias(node: Any, written_after: Any) -> None:
    """Raise EditError when `node`, replaced or removed, is a YAML alias (`enum: *values`):
    its text is the anchor's, written before the alias (YAML's rule), and every other
    alias of it would change with it. (A node reached *through* an alias, inside a
    shared mapping, is edited at the anchor on purpose: each tool that shares it gets
    the same fix.)"""
    if node.start_mark.index < written_after.start_mark.index:
        raise EditError(f"its value is a YAML alias of the node at line {node.start_mark.line + 1}: "
                        "edit it by hand")


def _empty(node: Any) -> bool:
    """A value written as nothing at all (YAML's implicit null)."""
    return node.id == "scalar" and node.style is None and node.value == "" and node.start_mark.index == node.end_mark.index
