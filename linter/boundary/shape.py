"""What a string sent where a container is wanted really holds.

Models send a whole list as one string: a Python literal (`"['I', 'V', 'vi']"`), JSON
text (`'["a", "b"]'`), a tuple, a dict literal, or the items joined with commas,
semicolons or newlines (`"timings, exhibitions"`). Wrapping such a string into a
one-element array gives a valid call that is wrong, and it then passes silently. These
helpers recognise the shapes so that `scalar-for-array` leaves them alone and the
envelope can tell the model exactly what to send instead. Nothing here is `eval`:
Python literals are read with `ast.literal_eval`, on bounded text.
"""

from __future__ import annotations

import ast
import json
import re
from typing import Any

NOT_A_CONTAINER = object()
"""What :func:`serialized_container` returns for a string that holds no list or object."""

LITERAL_LIMIT = 100_000
"""Characters of a string read as a Python literal; longer text is not decoded."""

_DELIMITER = re.compile(r"[,;\n]")
_NAME = re.compile(r"[A-Za-z_][\w.]*\s*")


def serialized_container(text: Any) -> Any:
    """The list or dict a string spells as JSON or as a Python literal, else ``NOT_A_CONTAINER``.

    A tuple or set literal counts as a list.
    """
    if not isinstance(text, str):
        return NOT_A_CONTAINER
    stripped = text.strip()
    if stripped[:1] not in ("[", "(", "{"):
        return NOT_A_CONTAINER
    decoded = json_value(stripped)
    if decoded is NOT_A_CONTAINER:
        decoded = _as_json(_literal(stripped))
    return decoded if isinstance(decoded, (list, dict)) else NOT_A_CONTAINER


def joined_list(text: Any) -> list[str] | None:
    """The non-empty parts of a string that joins two or more items with `,`, `;` or newlines.

    An empty part (`"a,,b"`, `"a, b,"`) does not make the text one value: it still holds
    two items, and wrapping it whole would pass a wrong call. The text is split at the
    delimiters and each part stripped: blanks matched around a delimiter by a regular
    expression were retried at every blank, quadratic in a long run of them.
    """
    if not isinstance(text, str):
        return None
    parts = [part for part in (piece.strip() for piece in _DELIMITER.split(text)) if part]
    return parts if len(parts) >= 2 else None


def expression(text: Any) -> bool:
    """A string that reads as code rather than a value: a call or a subscript (`data['sales']`).

    That is a name, then `(…)` or `[…]` around anything, then any number of `[…]` subscripts
    (`search(query)[:5]`). A backtracking regular expression for it tries the subscripts
    after every `)` in turn, quadratic in the text (40 kB of brackets took over 6 s), so
    the text is read in one pass instead.
    """
    if not isinstance(text, str):
        return False
    text = text.strip()
    name = _NAME.match(text)
    if name is None or name.end() == len(text):
        return False
    opener = text[name.end()]
    if opener == "[":  # `name[…]` swallows any subscripts after it: whatever ends in `]`
        return text.endswith("]")
    return opener == "(" and _closed_then_subscripted(text, name.end() + 1)


def plain_scalar(value: Any) -> bool:
    """A value `scalar-for-array` may wrap: not a container, serialized or joined, nor an expression."""
    if value is None or isinstance(value, (dict, list)):
        return False
    return serialized_container(value) is NOT_A_CONTAINER and joined_list(value) is None and not expression(value)


def python_literal(text: Any) -> Any:
    """The list or dict a Python literal spells (`"['a', 'b']"`, `"('a',)"`), else ``NOT_A_CONTAINER``."""
    if not isinstance(text, str) or text.strip()[:1] not in ("[", "(", "{"):
        return NOT_A_CONTAINER
    decoded = _as_json(_literal(text.strip()))
    return decoded if isinstance(decoded, (list, dict)) else NOT_A_CONTAINER


def json_value(text: str) -> Any:
    """Strict JSON (no NaN or Infinity, bounded nesting), or ``NOT_A_CONTAINER``."""
    def refuse(constant: str) -> Any:
        raise ValueError(constant)

    try:
        return json.loads(text, parse_constant=refuse)
    except (ValueError, RecursionError):
        return NOT_A_CONTAINER


def _literal(text: str) -> Any:
    if len(text) > LITERAL_LIMIT:
        return NOT_A_CONTAINER
    try:
        return ast.literal_eval(text)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return NOT_A_CONTAINER


def _as_json(value: Any, depth: int = 0) -> Any:
    """The literal as JSON data (tuples and sets as lists), or ``NOT_A_CONTAINER`` when it holds
    what JSON cannot (bytes, complex numbers, non-string keys)."""
    if depth > 64:
        return NOT_A_CONTAINER
    if isinstance(value, dict):
        if not all(isinstance(key, str) for key in value):
            return NOT_A_CONTAINER
        members = {key: _as_json(member, depth + 1) for key, member in value.items()}
        return NOT_A_CONTAINER if any(m is NOT_A_CONTAINER for m in members.values()) else members
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_as_json(item, depth + 1) for item in value]
        return NOT_A_CONTAINER if any(i is NOT_A_CONTAINER for i in items) else items
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    return NOT_A_CONTAINER


def _closed_then_subscripted(text: str, start: int) -> bool:
    """Whether ``text[start:]`` is anything up to a `)`, then only `[…]` subscripts, each after optional blanks.

    Any `)` may be the one that closes the call, so the scan follows every reading at once:
    just past a `)` or a subscript (``between``), in the blanks before a `[` (``blank``), or
    inside a subscript, which ends at its first `]` (``inside``).
    """
    between = blank = inside = False
    for char in text[start:]:
        may_open = between or blank
        between, blank, inside = (char == ")" or (inside and char == "]"),
                                  may_open and char.isspace(),
                                  (may_open and char == "[") or (inside and char != "]"))
    return between
