"""Wildcard matching without backtracking: the one algorithm every glob here is matched by.

A glob is a list of pieces, one between each two `*`s, each matching a fixed number of
items: a literal string, or a tuple of tests, one per item (a character for `?` and
`[...]`; a whole path component for `.gitignore`'s folders). The first piece must match
at the start, the last at the end, and each middle one is taken at its first place after
the one before: a later place only leaves less room for the rest, so if that fails, every
choice does. No choice is revisited, so a match costs at most (text length × pattern
length) tests, where a backtracking regular expression engine (Python's `re`, which
pathspec compiles `.gitignore` lines into) takes time exponential in the number of `*`s:
`*a*a*…*a*b` against a name of forty `a`s would run for hours.

A piece may also be bound to start a path segment (`segment_starts`): where a configuration
glob's `**/` stands, which matches zero or more folders, the piece after it matches where the
`*` before it starts or right after a `/`. The first such place is still the best one: the
piece before ends with a `/` (or is the empty start), so what follows the piece can only
lose room by a later place, as with a plain `*`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

Piece = str | tuple[Callable[[object], bool], ...]


def compact(pieces: Sequence[Piece]) -> tuple[Piece, ...]:
    """`pieces` without the empty ones between two `*`s (`a**b` is `a*b`): each piece left
    moves a match on by one item at least, so `matches` takes no more steps than the text
    has items, however many `*`s a hostile glob holds."""
    if len(pieces) < 3:
        return tuple(pieces)
    return (pieces[0], *(piece for piece in pieces[1:-1] if len(piece)), pieces[-1])


def matches(pieces: Sequence[Piece], text: Sequence, segment_starts: frozenset[int] = frozenset()) -> bool:
    """Whether `text` is `pieces[0]`, anything, `pieces[1]`, ..., anything, `pieces[-1]`
    (with one piece: exactly it), the pieces `compact`. A `str` piece is matched in a `str`
    text only. The pieces whose indexes are in `segment_starts` start a path segment of a
    `str` text: the anything before them is empty or ends with a `/`."""
    if len(pieces) == 1:
        return len(text) == len(pieces[0]) and _at(pieces[0], text, 0)
    first, *middle, last = pieces
    end = len(text) - len(last)
    if end < len(first) or not _at(first, text, 0) or not _at(last, text, end):
        return False
    position = len(first)
    for index, piece in enumerate(middle, 1):
        found = _find(piece, text, position, end)
        while index in segment_starts and not _starts_segment(text, found, position):
            found = _find(piece, text, found + 1, end)
        if found < 0:
            return False
        position = found + len(piece)
    return len(pieces) - 1 not in segment_starts or _starts_segment(text, end, position)


def _starts_segment(text: Sequence, index: int, skipped_from: int) -> bool:
    """Whether a piece at `index` (-1: none found) follows an empty skip from
    `skipped_from`, or a `/`."""
    return index < 0 or index == skipped_from or text[index - 1] == "/"


def _at(piece: Piece, text: Sequence, index: int) -> bool:
    if isinstance(piece, str):
        return text.startswith(piece, index)  # type: ignore[attr-defined]  # a str piece meets a str text only
    return all(test(text[index + offset]) for offset, test in enumerate(piece))


def _find(piece: Piece, text: Sequence, start: int, end: int) -> int:
    """The first index from `start` where `piece` matches and ends by `end`, or -1."""
    if isinstance(piece, str):
        return text.find(piece, start, end)  # type: ignore[attr-defined]  # a str piece meets a str text only
    return next((index for index in range(start, end - len(piece) + 1) if _at(piece, text, index)), -1)
