"""Find in JSON text the spot the `json` module refuses without saying where.

The C decoder reports *that* a document nests too deep or holds an integer too long to
convert, and it accepts `NaN`, `Infinity`, numbers beyond a double's range (read as
infinity) and lone UTF-16 surrogate escapes that no other JSON reader does. These scans locate such spots, skipping string contents.
All but the surrogate check run only after parsing failed; that one first asks a
single regular expression whether the text holds a surrogate escape at all.
"""

from __future__ import annotations

import re
import sys

from schema_lint.text.lazy_pattern import PatternLike, lazy_compile

_STRING = r'"(?:[^"\\]|\\.)*"'
_BRACKETS = lazy_compile(_STRING + r"|[\[\]{}]", rare=True)
# JavaScript's names for the floats JSON cannot write; Python's json module reads them.
NON_FINITE = lazy_compile(_STRING + r"|-?Infinity|NaN", rare=True)
# An escaped backslash, a valid surrogate pair, or a lone surrogate (group 1): read
# left to right, so `\\ud800` (a backslash, then "ud800") is not taken for an escape.
_SURROGATE_ESCAPES = lazy_compile(
    r"\\\\|\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|(\\u[dD][89a-fA-F][0-9a-fA-F]{2})", rare=True)
_ANY_SURROGATE_ESCAPE = lazy_compile(r"\\u[dD][89a-fA-F]")


MAX_CONTAINERS = 1_000_000
"""Objects and arrays one JSON text (a file, a call's line) may open, each `{` and `[` counted
(in strings too), before it is parsed: 9 million `{}` (27 MB, within the size limit) took 4 GB
to parse. Real texts open far fewer."""


def opens_too_many(text: str | bytes) -> bool:
    """Whether `text` holds more than :data:`MAX_CONTAINERS` `{` and `[`. A shorter text cannot,
    so nearly none is counted."""
    if len(text) <= MAX_CONTAINERS:
        return False
    if isinstance(text, bytes):
        return text.count(b"{") + text.count(b"[") > MAX_CONTAINERS
    return text.count("{") + text.count("[") > MAX_CONTAINERS


def int_digits_limit() -> int:
    """Python refuses to convert longer integers (a guard against quadratic work)."""
    return sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 0


def long_integer(limit: int) -> re.Pattern:
    return re.compile(_STRING + rf"|(?<![\d.eE+-])-?\d{{{limit + 1},}}(?![\d.eE])")


def number(literal: str) -> re.Pattern:
    """The number token `literal`, whole (not the tail of a longer number)."""
    return re.compile(_STRING + rf"|(?<![\d.eE+-]){re.escape(literal)}(?![\d.eE])")


def out_of_range(literal: str) -> str:
    """Why a number a double cannot hold is refused, in JSON as in YAML: the parsers read it
    as infinity, which JSON cannot write (a validator would see `null` in its place)."""
    from schema_lint.text.display import clip

    return f"number out of range: `{clip(literal)}` reads as infinity, which is not a JSON value"


def first_token(text: str, pattern: PatternLike) -> int | None:
    """Offset of the first match of `pattern` outside string literals."""
    for match in pattern.finditer(text):
        if not match.group().startswith('"'):
            return match.start()
    return None


def first_too_deep(text: str, max_depth: int) -> int | None:
    """Offset of the bracket that opens level `max_depth + 1`."""
    depth = 0
    for match in _BRACKETS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > max_depth:
                return match.start()
        elif token in "]}":
            depth -= 1
    return None


def first_lone_surrogate(text: str) -> tuple[int, str] | None:
    """Offset and text of the first `\\uXXXX` escape of a surrogate without its partner.

    Python decodes it into a str that cannot be written as UTF-8, so every later step
    (the metaschema validator, the report) would fail on it.
    """
    if _ANY_SURROGATE_ESCAPE.search(text) is None:
        return None
    for match in _SURROGATE_ESCAPES.finditer(text):
        if match.group(1):
            return match.start(), match.group(1)
    return None


def line_column(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters) of `offset`."""
    line_start = max(text.rfind("\n", 0, offset), text.rfind("\r", 0, offset)) + 1
    line = text.count("\n", 0, offset) + text.count("\r", 0, offset) - text.count("\r\n", 0, offset) + 1
    return line, offset - line_start + 1
