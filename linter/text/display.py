"""How text taken from the input is shown: clipped to a length, control characters escaped.

Names, keys and values in a finding come from files anyone can write. A 1 MB property
name must not make a 1 MB report line, so messages echo at most `NAME_LIMIT`
characters of any one name and at most `MESSAGE_LIMIT` in all (`clip`). And a name
holding ESC sequences, BEL, CR/LF, other C0/C1 controls or bidi overrides would, printed
raw, clear a terminal, set its title, reorder what a reviewer sees or forge a finding
line of its own; every text format prints what it echoes through `escape`.
"""

from __future__ import annotations

import re

from schema_lint.text.lazy_pattern import lazy_compile

NAME_LIMIT = 80
MESSAGE_LIMIT = 1_000

# C0 and C1 controls, DEL, the bidi embedding/override/isolate/mark characters, the
# Unicode line and paragraph separators, and lone surrogates (a file name that is not
# UTF-8 arrives with its bad bytes as U+DC80..U+DCFF, PEP 383).
_PAST_C0 = "\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff"
_UNSAFE = lazy_compile(f"[\x00-\x1f{_PAST_C0}]")
# JSON text has C0 controls escaped already, and its own newlines are layout.
_UNSAFE_IN_JSON = lazy_compile(f"[{_PAST_C0}]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escaped(match: re.Match) -> str:
    char = match.group()
    code = ord(char)
    if char in _NAMED:
        return _NAMED[char]
    if 0xDC80 <= code <= 0xDCFF:  # the undecodable byte itself
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape(text: str) -> str:
    """`text` with every character that could steer a terminal or a viewer written as an
    escape (`\\x1b`, `\\n`, `\\u202e`); everything else, backslashes included, as is.

    Printable ASCII, nearly every path, name and message, holds none of them: two C checks
    tell so at half the cost of the search (a report asks this three times a finding)."""
    if text.isascii() and text.isprintable():
        return text
    return _UNSAFE.sub(_escaped, text) if _UNSAFE.search(text) else text


def clip(text: str, limit: int = NAME_LIMIT) -> str:
    """`text`, or its first `limit` characters and how long it really is."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}…({len(text):,} characters)"


def json_text(value, **options) -> str:
    """`json.dumps(value, ensure_ascii=False)` that any UTF-8 stream, and any terminal, can
    take: every character `escape` writes out is written as its JSON `\\uXXXX` escape, so
    the value a reader parses is the same and a report `cat` to a terminal cannot steer it.
    A lone surrogate (a file name's undecodable byte) becomes `\\udcXX`, from which a
    reader can get the byte back (`os.fsencode`)."""
    import json

    return json_escaped(json.dumps(value, ensure_ascii=False, **options))


def json_escaped(text: str) -> str:
    """JSON text with every character `escape` writes out written as its `\\uXXXX` escape."""
    return _UNSAFE_IN_JSON.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


# A number written with more digits than any bound states: a validator's message writes a
# float as every digit of its exact value (1.7e308 as 309 of them).
_LONG_NUMBER = lazy_compile(r"(?<![\w.])-?\d{25,}(?:\.\d+)?(?![\w.])")
_SHORT_DIGITS = 25


def short_numbers(text: str) -> str:
    """`text` with each number of more than 24 digits written short: as the float it stands for
    (`1.7e+308`), or its first digits and how many there are."""
    return _LONG_NUMBER.sub(_short, text) if len(text) > _SHORT_DIGITS else text


def _short(match: re.Match) -> str:
    written = match.group()
    number = float(written)
    if number not in (float("inf"), float("-inf")):
        return repr(number)
    sign, digits = ("-", written[1:]) if written.startswith("-") else ("", written)
    digits = digits.split(".")[0]
    return f"{sign}{digits[:6]}…({len(digits):,} digits)"  # as `clip` writes a long name
