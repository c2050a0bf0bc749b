"""Regular expressions compiled when first used, not when their module is imported.

Python compiles a pattern in pure Python: the prose rules' patterns take about 15 ms to
compile on a slow machine, most of what regular expressions cost a one-file check, yet a
typical file's descriptions reach few of them (each rule first tests for a word that
every match needs), and most runs need none of the patterns for what few files hold (a
control character to escape, a Python-only regex construct, a suppression comment, a
provider profile's names). `lazy_compile` stands for `re.compile`. A run over many files
reaches nearly all of them, in every process it forks: `compile_pending` compiles them
before the fork, once, rather than once in each process (see `run.parallel`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from schema_lint.text import compiled_patterns

# The patterns made and not yet compiled, for `compile_pending`.
_pending: set[LazyPattern] = set()


class LazyPattern:
    """A `re.Pattern` stand-in. The first use compiles it and copies the pattern's public
    attributes (`search`, `finditer`, `pattern`, ...) onto this object, so later calls
    cost no more than on the pattern itself.

    A `rare` pattern, one that nearly no run reaches, is left out of `compile_pending`: a
    process that reaches it compiles it then."""

    def __init__(self, source: str, flags: int | re.RegexFlag = 0, rare: bool = False):
        self._source = source
        self._flags = flags
        self._rare = rare
        if not rare:
            _pending.add(self)

    def compile(self) -> re.Pattern:
        compiled = compiled_patterns.compile(self._source, self._flags)
        _pending.discard(self)
        for name in dir(compiled):
            if not name.startswith("_"):
                setattr(self, name, getattr(compiled, name))
        return compiled

    def __getattr__(self, name: str) -> Any:
        """Only reached before the first use: afterwards every public name is set."""
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.compile(), name)


# What a function that only matches with a pattern takes: a compiled one or its stand-in.
PatternLike = re.Pattern | LazyPattern

class CaselessWords:
    """A case-insensitive pattern asked only whether it occurs in a text.

    Python's `re` matches case-insensitively at about twice the cost of matching exactly.
    ASCII text (nearly every description) is lower-cased and searched with the same pattern
    compiled case-sensitively, which finds a match exactly where the case-insensitive one
    does; any other text is searched as before. The pattern must be written in lower case
    (an upper-case escape such as `\\S` would change meaning when lowered).
    """

    def __init__(self, source: str, words: tuple[str, ...] = ()):
        if source != source.lower() or any(word != word.lower() for word in words):
            raise ValueError("a CaselessWords pattern is written in lower case")
        self._exact = LazyPattern(source)
        # Only for text with cased letters beyond ASCII (`lowered_without_case`): rare.
        self._caseless = LazyPattern(source, re.IGNORECASE, rare=True)
        # When given, one of these occurs in every match (as a `Screened`'s words): looked for
        # first with `in`, at C speed, where the pattern starting with a word boundary is tried
        # at every character.
        self._words = words

    def occurs_in(self, text: str) -> bool:
        if text.isascii():
            lowered = text.lower()
            if self._words:
                for word in self._words:
                    if word in lowered:
                        break
                else:
                    return False
            return self._exact.search(lowered) is not None
        # Other text is not looked through for the words: they are held to the pattern on ASCII text.
        lowered_other = lowered_without_case(text)
        if lowered_other is None:
            return self._caseless.search(text) is not None
        return self._exact.search(lowered_other) is not None

    def spans(self, text: str) -> Iterator[tuple[int, int]]:
        """Where it occurs: (start, end) of each match `finditer` finds. Lowering ASCII text
        (or text whose other characters have no case) keeps every character where it was,
        so the spans are the text's own."""
        lowered = text.lower() if text.isascii() else lowered_without_case(text)
        matches = self._caseless.finditer(text) if lowered is None else self._exact.finditer(lowered)
        return (match.span() for match in matches)


CASELESS_CHECK_LIMIT = 20_000
"""Characters of text beyond ASCII that `lowered_without_case` looks through: a description
is far shorter, and a hostile one goes to the case-insensitive pattern as before."""


@lru_cache(maxsize=256)
def lowered_without_case(text: str) -> str | None:
    """`text` lowered, when matching it exactly finds what matching `text` without case finds,
    at the same places; else None. For text that is not ASCII (ASCII text always lowers so):
    lowering changes only its ASCII letters when every other character has no case (CJK,
    `’`, `—`, `°`), and such a character matches no letter of a pattern with case or
    without. A cased one (`é`; `ſ`, which matches `s` without case; `İ`, which lowers to
    two characters) sends the text to the case-insensitive pattern, which is then compiled
    only for such text. Cached: a description is asked by several patterns. Text longer
    than `CASELESS_CHECK_LIMIT` is not looked through (a character at a time, in Python)."""
    if len(text) > CASELESS_CHECK_LIMIT:
        return None
    for char in text:
        if not char.isascii() and (char.lower() != char or char.upper() != char):
            return None
    return text.lower()


class Screened:
    """A case-insensitive pattern tried only on text that holds one of the words every
    match of it holds.

    The prose readers' patterns start with a word boundary or an alternation of phrases,
    so Python's `re` tries each at every character of a text; the words every match holds
    (`words`, lower case) are looked for first, each with `in` at C speed, and nearly no
    description holds any of them. (An alternation of the same words stops at every
    character one of them starts with: the list reader's twenty words took 4 µs a
    description that way, 1 µs as words, and the bound readers' screens half the
    instructions as words, besides a compile each.) A `screen` pattern is for what words
    cannot say (a quote after a colon or a verb, as the list reader's); each of its
    alternatives starts with a character, not a group: `re` then tries it only where one
    of those characters stands.
    ASCII text is lowered and screened exactly (as `CaselessWords` does); any other text,
    rare, goes to the pattern unscreened, so no case-insensitive screen is compiled for it.
    The screen must be implied by the pattern: tests/test_screened_patterns.py runs every
    `Screened` of the readers on texts generated from its pattern.
    """

    def __init__(self, source: str, screen: str = "", words: tuple[str, ...] = (), lowered: bool = False):
        if screen != screen.lower() or any(word != word.lower() for word in words):
            raise ValueError("a screen is written in lower case")
        if lowered and source != source.lower():
            raise ValueError("a pattern matched in lowered text is written in lower case")
        # Matched with `finditer_lowered`, the case-insensitive pattern is only for text with
        # cased letters beyond ASCII: rare.
        self.pattern = LazyPattern(source, re.IGNORECASE, rare=lowered)
        self._screen = LazyPattern(screen) if screen else None
        self._words = words
        # For `finditer_lowered`: made only for a pattern that asks (`lowered`).
        self._exact = LazyPattern(source) if lowered else None

    def may_match(self, text: str) -> bool:
        """False only where the pattern cannot match: ASCII text without a word of the screen."""
        return self.screens(text.lower() if text.isascii() else None)

    def screens(self, lowered: str | None) -> bool:
        """`may_match` of a text given lowered, or None when it is not ASCII: for a reader
        that asks several screens of one text, which it lowers once."""
        if lowered is None:
            return True
        for word in self._words:
            if word in lowered:
                return True
        return self._screen is not None and self._screen.search(lowered) is not None

    def search(self, text: str, *span: int) -> re.Match | None:
        return self.pattern.search(text, *span) if self.may_match(text) else None

    def finditer(self, text: str, *span: int) -> Iterator[re.Match]:
        return self.pattern.finditer(text, *span) if self.may_match(text) else iter(())

    def finditer_lowered(self, text: str, lowered: str | None = None) -> Iterator[re.Match]:
        """The matches in `text`, found in it lowered when it is ASCII: the positions are the
        text's, the groups in lower case. For a reader that needs only where a match stands:
        `re` matches without case at a third of the speed of matching exactly. The pattern
        must then be written in lower case, as a screen is, and made with `lowered`.
        `lowered`: the ASCII text lowered, by a reader that asks several patterns of it."""
        if self._exact is None:
            raise ValueError("a pattern matched in lowered text is made with `lowered`")
        if text.isascii():
            lowered = text.lower() if lowered is None else lowered
            return self._exact.finditer(lowered) if self.screens(lowered) else iter(())
        # Other text is not screened (a screen is held to its pattern on ASCII text: a curly
        # quote may stand where it asks for a straight one), but lowered where it can be.
        lowered_other = lowered_without_case(text)
        return self.pattern.finditer(text) if lowered_other is None else self._exact.finditer(lowered_other)


def lazy_compile(source: str, flags: int | re.RegexFlag = 0, rare: bool = False) -> LazyPattern:
    return LazyPattern(source, flags, rare)


def compile_pending() -> None:
    """Compile every pattern made so far that no use has compiled yet. One that does not
    compile is left to raise at its first use, where the error belongs to its caller."""
    for pattern in list(_pending):
        try:
            pattern.compile()
        except re.error:
            continue


def save_compiled() -> None:
    """Keep what this process compiled in the store `compiled_patterns` names, with every
    pattern made so far compiled first, so the next run compiles none of them: only when the
    process added to the store (it then paid for compiling most of them already) and the
    store can be written."""
    compiled_patterns.save(before_writing=compile_pending)
