"""JSON reports written a piece at a time, byte for byte as `json_text(value, indent=2)`.

A report of 20,000 tools holds over 100,000 findings; built as one indented text it took
1.2 GB (JSON) and 2.3 GB (SARIF, whose results carry more). Here json's own encoder writes
the value as it goes (`iterencode`, the same code `json.dumps` runs with an indent), and
the list of findings in it is a `Streamed` list, whose records are built as the encoder
reaches them: only one finding's record exists at a time.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from schema_lint.text.display import json_escaped

INDENT = 2
PIECE = 1 << 16
"""Characters of text gathered before they are escaped and given out."""


class Streamed(list):
    """A list of `count` items that json's encoder writes as `items` yields them.

    The encoder asks a list whether it is empty, then iterates over it: both are answered
    here, so nothing is stored. It serves one encoding."""

    def __init__(self, items: Iterable, count: int) -> None:
        super().__init__()
        self._items = items
        self._count = count

    def __iter__(self) -> Iterator:
        return iter(self._items)

    def __len__(self) -> int:
        return self._count


def chunks(value) -> Iterator[str]:
    """The text of `value` (which may hold `Streamed` lists) and a final line break, in pieces
    of about `PIECE` characters, escaped as `json_text` escapes (character by character, so
    where a piece ends does not matter)."""
    pending: list[str] = []
    held = 0
    for token in json.JSONEncoder(ensure_ascii=False, indent=INDENT).iterencode(value):
        pending.append(token)
        held += len(token)
        if held >= PIECE:
            yield json_escaped("".join(pending))
            pending, held = [], 0
    pending.append("\n")
    yield json_escaped("".join(pending))
