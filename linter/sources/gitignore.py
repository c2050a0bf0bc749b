"""`.gitignore` files, matched as git matches them, in time linear in the path and the line.

The semantics are git's (gitignore(5), and `wildmatch` for the wildcards): a line without a
`/` (but for a trailing one) matches a name at any depth, any other is anchored at the
file's folder; a trailing `/` matches folders only; `!` re-includes; `*`, `?` and `[...]`
never match a `/`; a `**` between slashes (or at either end) matches any number of
folders, `a/**` everything below `a`, and any other `**` is a `*`; `\\` escapes the next
character, trailing spaces are dropped unless escaped, and `#` starts a comment. The last
line that matches decides. Where git counts bytes, a character counts here (`?` matches
`é`); and where git departs from its documentation (it matches `b**/x` against `bx`, having
compared the `b` before the `**` on its own), the documentation is followed, as pathspec did.

Each line is split into its components, and both levels, names within a component and
components within a path, are matched by `wildcards`, which never backtracks. (pathspec,
which did this before, compiled each line into a regular expression that took hours on
`*a*a*…*a*b` against a long name.)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import NamedTuple

from schema_lint.sources import wildcards

# Among a line's tokens, besides characters and the tests of `?` and `[...]`: a `*`, and
# a `\\/`, which separates names as `/` does, but after which `**` matches no fewer than one.
_STAR = object()
_SLASH = object()
_ESCAPED_SLASH = object()

# The classes `[[:name:]]` may name, in the C locale git matches in.
_NAMED_CLASSES: dict[str, Callable[[str], bool]] = {
    "alnum": lambda c: c.isascii() and c.isalnum(),
    "alpha": lambda c: c.isascii() and c.isalpha(),
    "blank": lambda c: c in " \t",
    "cntrl": lambda c: c < " " or c == "\x7f",
    "digit": lambda c: "0" <= c <= "9",
    "graph": lambda c: "!" <= c <= "~",
    "lower": lambda c: "a" <= c <= "z",
    "print": lambda c: " " <= c <= "~",
    "punct": lambda c: "!" <= c <= "~" and not c.isalnum(),
    "space": lambda c: c in " \t\n\r\f\v",
    "upper": lambda c: "A" <= c <= "Z",
    "xdigit": lambda c: c in "0123456789abcdefABCDEF",
}


class _Pattern(NamedTuple):
    negated: bool
    folders_only: bool
    anchored: bool  # else only the last name is matched
    pieces: tuple  # for `wildcards`: of the last name, or of the components of the path


class GitIgnore:
    """The lines of one `.gitignore` file."""

    def __init__(self, text: str) -> None:
        # Lines end at `\n`, and a `\r` before it goes too, as git reads them.
        lines = (line.removesuffix("\r") for line in text.split("\n"))
        self.patterns = [pattern for pattern in map(_compile, lines) if pattern is not None]

    def verdict(self, path: str, is_dir: bool) -> bool | None:
        """Whether the last line that matches `path` (relative to the file's folder, `/`
        between names) ignores it (True) or re-includes it (False); None if no line does."""
        parts = path.split("/")
        for pattern in reversed(self.patterns):
            if ((is_dir or not pattern.folders_only)
                    and wildcards.matches(pattern.pieces, parts if pattern.anchored else parts[-1])):
                return not pattern.negated
        return None


def _compile(line: str) -> _Pattern | None:
    """A line as a pattern; None for a blank line, a comment, or a line that can match
    nothing (an unclosed `[`, a trailing `\\`, an empty name)."""
    line = _without_trailing_spaces(line)
    if not line or line.startswith("#"):
        return None
    negated = line.startswith("!")
    line = line[1:] if negated else line
    folders_only = line.endswith("/")
    line = line[:-1] if folders_only else line
    tokens = _tokens(line)
    if not tokens:
        return None
    if "/" not in line:
        return _Pattern(negated, folders_only, False, _name_pieces(tokens))
    if line.startswith("/"):
        del tokens[0]  # a leading `/` only anchors, which any `/` does
    pieces = _path_pieces(tokens)
    return None if pieces is None else _Pattern(negated, folders_only, True, pieces)


def _without_trailing_spaces(line: str) -> str:
    """As git: trailing spaces go unless the last is escaped (`\\ `); tabs stay."""
    stripped = line.rstrip(" ")
    if stripped != line and stripped.endswith("\\") and (len(stripped) - len(stripped.rstrip("\\"))) % 2:
        return stripped + " "
    return stripped


def _tokens(line: str) -> list | None:
    """The line as a character, `_STAR` or the test of a `?` or `[...]` each; None (nothing
    can match, as in git) for a trailing `\\` or an unclosed `[`."""
    tokens, index = [], 0
    while index < len(line):
        char = line[index]
        if char == "\\":
            index += 1
            if index == len(line):
                return None
            tokens.append(_ESCAPED_SLASH if line[index] == "/" else line[index])
        elif char == "*":
            tokens.append(_STAR)
        elif char == "/":
            tokens.append(_SLASH)
        elif char == "?":
            tokens.append(_any)
        elif char == "[":
            parsed = _bracket(line, index)
            if parsed is None:
                return None
            test, index = parsed
            tokens.append(test)
            continue
        else:
            tokens.append(char)
        index += 1
    return tokens


def _any(_char: str) -> bool:
    return True


def _bracket(line: str, start: int) -> tuple[Callable[[str], bool], int] | None:
    """The test of the `[...]` at `start`, and where it ends; None if it is not closed or
    names an unknown class. As `wildmatch`: `!` or `^` negates, a `]` first is a member,
    `\\` escapes, `a-z` is a range, `[:alpha:]` a named class."""
    index = start + 1
    negated = index < len(line) and line[index] in "!^"
    index += negated
    members: set[str] = set()
    ranges: list[tuple[str, str]] = []
    named: list[Callable[[str], bool]] = []
    previous = None  # the member a `-` would start a range from
    first = True
    while True:
        if index >= len(line):
            return None
        char = line[index]
        if char == "]" and not first:
            break
        first = False
        if char == "\\":
            index += 1
            if index >= len(line):
                return None
            previous = line[index]
            members.add(previous)
        elif char == "-" and previous is not None and index + 1 < len(line) and line[index + 1] != "]":
            index += 1
            if line[index] == "\\":
                index += 1
                if index >= len(line):
                    return None
            ranges.append((previous, line[index]))
            previous = None
        elif char == "[" and line.startswith(":", index + 1):
            close = line.find("]", index + 2)
            if close < 0:
                return None
            if close == index + 2 or line[close - 1] != ":":
                members.add("[")  # not a `[:name:]`: a `[` among the members
                previous = "["
            else:
                named_class = _NAMED_CLASSES.get(line[index + 2:close - 1])
                if named_class is None:
                    return None
                named.append(named_class)
                previous = None
                index = close
        else:
            previous = char
            members.add(char)
        index += 1

    def test(char: str) -> bool:
        found = char in members or any(low <= char <= high for low, high in ranges) or any(t(char) for t in named)
        return found != negated

    return test, index + 1


def _split(tokens: list, separators: tuple) -> list[list]:
    parts: list[list] = [[]]
    for token in tokens:
        if any(token is separator for separator in separators):
            parts.append([])
        else:
            parts[-1].append(token)
    return parts


def _name_pieces(tokens: list) -> tuple:
    """The pieces between the `*`s of a name glob."""
    return wildcards.compact([_piece(piece) for piece in _split(tokens, (_STAR,))])


def _piece(tokens: list) -> wildcards.Piece:
    """A string where all are characters, else a test per character."""
    if all(isinstance(token, str) for token in tokens):
        return "".join(tokens)
    return tuple(token.__eq__ if isinstance(token, str) else token for token in tokens)


def _path_pieces(tokens: list) -> tuple | None:
    """The pieces of a path: runs of component tests between the `**` components. A `**`
    last (`a/**`) or before a `\\/` matches one component or more: a gap, then any one."""
    components = _split(tokens, (_SLASH, _ESCAPED_SLASH))
    escaped = [token is _ESCAPED_SLASH for token in tokens if token is _SLASH or token is _ESCAPED_SLASH]
    runs: list[list] = [[]]
    for index, component in enumerate(components):
        if len(component) >= 2 and all(token is _STAR for token in component):
            runs.append([] if index < len(escaped) and not escaped[index] else [_any])
        elif not component:
            return None  # `a//b`: no path has an empty name
        else:
            runs[-1].append(_component_test(_name_pieces(component)))
    return wildcards.compact([tuple(run) for run in runs])


def _component_test(pieces: tuple) -> Callable[[str], bool]:
    if len(pieces) == 1 and isinstance(pieces[0], str):
        return pieces[0].__eq__  # a plain name: most components
    return functools.partial(wildcards.matches, pieces)
