"""Reasoning about a schema's `pattern` (an ECMA-262 regular expression).

JSON Schema's `pattern` is a search, not a full match: `[A-Z]{3}` accepts
`"xxABCxx"`. Rules need to know whether a pattern pins the whole string (`^…$` on
every top-level alternative), how to make it do so without changing what it means
inside, and whether it accepts the empty string. Patterns are read token by token so
that escapes (`\\$`), character classes (`[|$]`) and groups are not mistaken for
anchors or alternation.
"""

from __future__ import annotations

from functools import lru_cache

import regress


def _tokens(pattern: str) -> list[str]:
    """Escapes and character classes as single tokens; everything else one character each."""
    tokens, index = [], 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            end = index + 2
        elif char == "[":
            end = index + 1
            while end < len(pattern) and pattern[end] != "]":
                end += 2 if pattern[end] == "\\" else 1
            end += 1
        else:
            end = index + 1
        tokens.append(pattern[index:end])
        index = end
    return tokens


def _alternatives(pattern: str) -> list[list[str]]:
    """The top-level alternatives of `pattern`, as token lists."""
    alternatives: list[list[str]] = [[]]
    depth = 0
    for token in _tokens(pattern):
        if token == "(":
            depth += 1
        elif token == ")":
            depth = max(depth - 1, 0)
        elif token == "|" and depth == 0:
            alternatives.append([])
            continue
        alternatives[-1].append(token)
    return alternatives


def is_anchored(pattern: object) -> bool:
    """True when every top-level alternative starts with `^` and ends with an unescaped `$`."""
    if not isinstance(pattern, str) or not pattern:
        return False
    return all(alt[:1] == ["^"] and alt[-1:] == ["$"] for alt in _alternatives(pattern))


def one_sided_anchor(pattern: str) -> str | None:
    """"start" for `^prefix`, "end" for `suffix$`: a single alternative anchored on one
    side only, which usually means a deliberate prefix or suffix test."""
    alternatives = _alternatives(pattern)
    if len(alternatives) != 1:
        return None
    (alt,) = alternatives
    starts, ends = alt[:1] == ["^"], alt[-1:] == ["$"]
    if starts != ends:
        return "start" if starts else "end"
    return None


def anchored(pattern: str) -> str:
    """`pattern` made to match the whole string: `^(?:…)$`, with each alternative's own
    leading `^` and trailing `$` dropped (they are redundant inside the new anchors)."""
    parts = []
    for alt in _alternatives(pattern):
        if alt[:1] == ["^"]:
            alt = alt[1:]
        if alt[-1:] == ["$"]:
            alt = alt[:-1]
        parts.append("".join(alt))
    return "^(?:" + "|".join(parts) + ")$"


@lru_cache(maxsize=512)
def compiled(pattern: str) -> regress.Regex | None:
    """The ECMA-262 regex (with the `u` flag, as JavaScript validators compile it), or
    None when `pattern` is not one."""
    try:
        return regress.Regex(pattern, "u")
    except regress.RegressError:
        return None


def search(pattern: str, text: str) -> bool | None:
    """Whether `pattern` finds a match in `text`, as `pattern` validates; None if it is invalid."""
    regex = compiled(pattern)
    return None if regex is None else regex.find(text) is not None
