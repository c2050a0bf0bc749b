"""JSON reports written a piece at a time, byte for byte as `json_text(value, indent=2)`.

A report of 20,000 tools holds over 100,000 findings; built as one indented text it took
1.3 GB (JSON) and 2.3 GB (SARIF, whose results carry more). Written here, only one
finding's text exists at a time, and the envelope around the list of findings (SARIF's
`runs[0].results`) is written around it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from schema_lint.text.display import json_text

INDENT = 2
HOLE = "\ue000schema-lint-items\ue000"
"""Put in the envelope where the list goes: a string no report holds (it starts with a
private-use character, and its quotes are looked for too), so the envelope's text is
split there and the list written in between."""


def array_chunks(items: Iterable, depth: int = 0) -> Iterator[str]:
    """The text of the list `items` at nesting `depth`, one item a piece, as `json.dumps`
    with `indent=2` writes it: JSON strings hold no raw line break, so an item's own text,
    its line breaks indented one level deeper, is exactly its text inside the list."""
    inner = "\n" + " " * (INDENT * (depth + 1))
    opened = False
    for item in items:
        yield ("," if opened else "[") + inner + json_text(item, indent=INDENT).replace("\n", inner)
        opened = True
    yield "\n" + " " * (INDENT * depth) + "]" if opened else "[]"


def document_chunks(envelope, items: Iterable) -> Iterator[str]:
    """`envelope` (holding `HOLE` where the list goes) with `items` written into it, and a
    final line break, as `json_text(value, indent=2) + "\\n"` writes the whole."""
    before, after = json_text(envelope, indent=INDENT).split(f'"{HOLE}"')
    line = before[before.rfind("\n") + 1:]  # `      "results": `
    depth = (len(line) - len(line.lstrip(" "))) // INDENT
    yield before
    yield from array_chunks(items, depth)
    yield after + "\n"
