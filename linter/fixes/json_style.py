"""How a JSON text is written, so that new members look like their neighbours.

Detected once per document: the line break, the key separator (`": "` or `":"`), the
separator between items of one-line containers, whether non-ASCII text is escaped,
and whether short arrays of scalars are written on one line.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from schema_lint.fixes.json_editor import EditLocator

_INDENT = re.compile(r"^([ \t]+)\S", re.M)


@dataclass(frozen=True)
class JsonStyle:
    newline: str
    key_separator: str
    item_separator: str
    ascii_only: bool
    inline_scalar_arrays: bool
    indent_unit: str

    def dumps(self, value: Any, indent: str | None = None) -> str:
        """`value` as JSON in this style; expanded (each line after the first prefixed by
        `indent`) when `indent` is given and the value is not a short array of scalars."""
        if indent is None or (self.inline_scalar_arrays and _scalar_list(value)):
            return json.dumps(value, ensure_ascii=self.ascii_only,
                              separators=(self.item_separator, self.key_separator))
        text = json.dumps(value, ensure_ascii=self.ascii_only, indent=self.indent_unit,
                          separators=(",", self.key_separator))
        return text.replace("\n", self.newline + indent)


def detect_style(locator: EditLocator, data: Any) -> JsonStyle:
    text = locator.text
    key_separator = _first_key_separator(locator) or ": "
    indent = _INDENT.search(text)
    return JsonStyle(
        newline="\r\n" if "\r\n" in text else "\n",
        key_separator=key_separator,
        item_separator=", " if key_separator.endswith(" ") else ",",
        ascii_only=text.isascii() and "\\u" in text,
        inline_scalar_arrays=_writes_scalar_arrays_inline(locator, data),
        indent_unit=indent.group(1) if indent else "  ",
    )


def _first_key_separator(locator: EditLocator) -> str | None:
    """The text between the first key of the document and its value. Only that much is
    read: no value is decoded to find where it ends (the first member of a listing's root
    holds the whole file)."""
    start = locator.skip_whitespace(0)
    for _ in range(64):
        char = locator.text[start:start + 1]
        if char == "{":
            member = locator.first_member(start)
            return None if member is None else locator.text[member[1]:member[2]]
        first = locator.first_element(start) if char == "[" else None
        if first is None:
            return None
        start = first
    return None


def _scalar_list(value: Any) -> bool:
    return isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value)


def _writes_scalar_arrays_inline(locator: EditLocator, data: Any) -> bool:
    """Whether the document's first non-empty array of scalars (a `required`, an `enum`)
    is on one line."""
    stack: list[tuple[Any, list[str]]] = [(data, [])]
    while stack:
        node, tokens = stack.pop()
        if isinstance(node, list) and node and _scalar_list(node):
            start, end = locator.find(tokens)
            return "\n" not in locator.text[start:end]
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        stack.extend((value, [*tokens, str(key)]) for key, value in reversed(list(items)))
    return False
