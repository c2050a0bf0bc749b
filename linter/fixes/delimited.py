"""Edits inside a bracketed, comma-separated container: a JSON object or array, or a
YAML flow mapping or sequence. Both formats spell members the same way here, so one
piece of code adds and removes them for both.
"""

from __future__ import annotations

from dataclasses import dataclass

from schema_lint.fixes.textedit import TextEdit


@dataclass(frozen=True)
class Delimited:
    """Offsets of the opening and closing bracket, and of each item (a member from its
    key to the end of its value, or an array element)."""

    text: str
    open: int
    close: int
    items: list[tuple[int, int]]

    @property
    def one_line(self) -> bool:
        return "\n" not in self.text[self.open:self.close] and "\r" not in self.text[self.open:self.close]

    def separator(self, one_line_default: str) -> str:
        """The text between two items, copied from the container itself where it has two."""
        if len(self.items) >= 2:
            return self.text[self.items[-2][1]:self.items[-1][0]]
        if self.one_line or not self.items:
            return one_line_default
        return "," + self.text[self.open + 1:self.items[0][0]]

    def append(self, item: str, one_line_default: str, empty_layout: tuple[str, str] = ("", "")) -> TextEdit:
        """Add `item` after the last item (into an empty container: between `empty_layout`'s
        leading and trailing whitespace)."""
        if self.items:
            end = self.items[-1][1]
            return TextEdit(end, end, self.separator(one_line_default) + item)
        before, after = empty_layout
        return TextEdit(self.open + 1, self.close, before + item + after)

    def insert(self, index: int, item: str, one_line_default: str) -> TextEdit:
        """Add `item` before item `index`."""
        start = self.items[index][0]
        return TextEdit(start, start, item + self.separator(one_line_default))

    def remove(self, index: int) -> TextEdit:
        """Delete item `index` with the separator that joined it to its neighbours."""
        if index > 0:
            return TextEdit(self.items[index - 1][1], self.items[index][1], "")
        if len(self.items) > 1:
            return TextEdit(self.items[0][0], self.items[1][0], "")
        return TextEdit(self.open + 1, self.close, "")
