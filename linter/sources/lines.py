"""Lines as JSON, YAML and editors number them."""

from __future__ import annotations

import re

# Line breaks as JSON, YAML and editors count them. Not `str.splitlines()`, which also
# breaks at U+2028, form feed and others that may stand raw inside a JSON string.
LINE_BREAK = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """The lines of `text` as an editor numbers them (a final line break ends the last line)."""
    lines = LINE_BREAK.split(text)
    if lines[-1] == "":
        lines.pop()
    return lines
