"""What a string sent where a container is wanted really holds.

Models send a whole list as one string: a Python literal (`"['I', 'V', 'vi']"`), JSON
text (`'["a", "b"]'`), a tuple, a dict literal, or the items joined with commas,
semicolons or newlines (`"timings, exhibitions"`). Wrapping such a string into a
one-element array gives a valid call that is wrong, and it then passes silently. These
helpers recognise the shapes so that `scalar-for-array` leaves them alone and the
envelope can tell the model exactly what to send instead. Nothing here is `eval`:
Python literals are read with `ast.literal_eval`, on bounded text.

Decoding is what costs: `ast.literal_eval` takes up to 1.5 µs a character, and the
repairs, each `anyOf` branch and the envelope all ask about the same strings. So a
call's strings are read through one :class:`Shapes`, which reads each string once, and
only within the call's budget.
"""

from __future__ import annotations

import ast
import json
import re
from typing import Any

from .admit import MAX_DEPTH, not_json

NOT_A_CONTAINER = object()
"""What :class:`Shapes` answers for a string that holds no list or object."""
REFUSED_CONTAINER = object()
"""What it answers for text that decodes to a list or object holding what no call may (see
`_json_admitted`): no repair, and no plain scalar either, since wrapping it would hide the
model's mistake."""

SHAPE_BUDGET = 100_000
"""Characters of a call's strings read for their shape, all strings together and each
counted once: at most about 0.2 s of decoding a call, where a list sent as text takes a
few hundred characters."""

_DELIMITER = re.compile(r"[,;\n]")
_NAME = re.compile(r"[A-Za-z_][\w.]*\s*")
_BRACKET = re.compile(r"[\[\](){}]")
_JSON_WHITESPACE = " \t\n\r"
_UNREAD = object()


class Shapes:
    """What the strings of one call hold: each string is read once, within the call's budget.

    A string longer than what is left of :data:`SHAPE_BUDGET`, or whose brackets nest
    deeper than a call may (:data:`~.admit.MAX_DEPTH`), is not read: it counts as a plain
    string for what it holds (no container, no joined list, no expression) but is not
    vouched for as one: `scalar-for-array` leaves it alone, since wrapping text nobody read
    could hide a list the model sent as a string. ``unread`` counts it for telemetry. Deeper
    text would reach the recursive parsers, and a value decoded from it would nest deeper
    than any call is let in.
    """

    def __init__(self, budget: int = SHAPE_BUDGET):
        self.budget = budget
        self.unread = 0
        self._texts: dict[str, _Text | _Plain] = {}

    def container(self, value: Any) -> Any:
        """The list or dict a string spells as JSON or as a Python literal (a tuple or set
        literal counts as a list), else ``NOT_A_CONTAINER``."""
        return self._text(value).container

    def sent_json(self, value: Any) -> Any:
        """The list or dict a string holds as JSON text, exactly as sent, else ``NOT_A_CONTAINER``."""
        return self._text(value).sent_json

    def literal(self, value: Any) -> Any:
        """The list or dict a Python literal spells (`"['a', 'b']"`, `"('a',)"`), else ``NOT_A_CONTAINER``."""
        return self._text(value).literal

    def joined(self, value: Any) -> list[str] | None:
        """The items of a string that joins two or more (see :func:`joined_list`), else ``None``."""
        return self._text(value).joined

    def plain_scalar(self, value: Any) -> bool:
        """A value `scalar-for-array` may wrap: not a container, serialized or joined, nor an expression."""
        return value is not None and not isinstance(value, (dict, list)) and self._text(value).plain

    def _text(self, value: Any) -> _Text | _Plain:
        """The readings of a string; :data:`_PLAIN` for any other value, :data:`_UNREAD_TEXT` for a
        string not read."""
        if not isinstance(value, str):
            return _PLAIN
        if value not in self._texts:
            self._texts[value] = self._admitted(value)
        return self._texts[value]

    def _admitted(self, value: str) -> _Text | _Plain:
        if len(value) > self.budget:
            self.unread += 1
            return _UNREAD_TEXT
        self.budget -= len(value)  # the bracket scan already reads all of it
        if _nests_deeper(value, MAX_DEPTH):
            self.unread += 1
            return _UNREAD_TEXT
        return _Text(value)


class _Plain:
    """The readings of a value that holds no shape: a plain value."""

    container = sent_json = literal = NOT_A_CONTAINER
    joined = None
    plain = True


class _UnreadText(_Plain):
    """The readings of a string past the budget: nothing found in it, and not plain either."""

    plain = False


_PLAIN = _Plain()
_UNREAD_TEXT = _UnreadText()


class _Text:
    """One string's readings, each made the first time it is asked for (``_UNREAD`` until then)."""

    __slots__ = ("sent", "text", "_json", "_literal", "_joined")

    def __init__(self, sent: str):
        self.sent = sent
        self.text = sent.strip()
        opening = self.text[:1]  # only text that opens a container can decode to one
        self._json = _UNREAD if opening in ("[", "{") else NOT_A_CONTAINER
        self._literal = _UNREAD if opening in ("[", "(", "{") else NOT_A_CONTAINER
        self._joined: Any = _UNREAD

    @property
    def json(self) -> Any:
        if self._json is _UNREAD:
            self._json = _json_admitted(_json_value(self.text))
        return self._json

    @property
    def sent_json(self) -> Any:
        # JSON allows only its own four whitespace characters around a value.
        return self.json if self.sent.strip(_JSON_WHITESPACE) == self.text else NOT_A_CONTAINER

    @property
    def literal(self) -> Any:
        if self._literal is _UNREAD:
            decoded = _json_admitted(_as_json(_literal(self.text)))
            self._literal = decoded if isinstance(decoded, (list, dict)) or decoded is REFUSED_CONTAINER \
                else NOT_A_CONTAINER
        return self._literal

    @property
    def container(self) -> Any:
        return self.json if self.json is not NOT_A_CONTAINER else self.literal

    @property
    def joined(self) -> list[str] | None:
        """The items of a joined list; none in text that is no list of values but a list or value
        broken or wrapped (a list cut short, a value quoted whole, a fenced code block): split at
        its commas, its pieces would be offered to the model as items (`["[\"bug\"", "\"u"]`)."""
        if self._joined is _UNREAD:
            self._joined = None if self.mangled else joined_list(self.text)
        return self._joined

    @property
    def mangled(self) -> bool:
        return _bracketed(self.text) or _quoted_whole(self.text) or _fenced(self.text) or _delimiters_only(self.text)

    @property
    def plain(self) -> bool:
        return self.container is NOT_A_CONTAINER and self.joined is None and not expression(self.text) \
            and not self.mangled


def _bracketed(text: str) -> bool:
    """Text inside a container's brackets that neither JSON nor a Python literal reads: a list
    written as text all the same (`[a]`, `[NaN]`, a number past Python's 4,300 digits inside
    `[…]`); or text whose square or curly brackets do not pair up: a list cut short (`["a"`,
    `[a`) or code (`x[][`). Wrapped, it would pass the list's text as one item of a valid
    call. A markdown link (`[x](https://…)`) pairs its brackets and is a value."""
    return text[:1] + text[-1:] in ("[]", "{}") or text.count("[") != text.count("]") \
        or text.count("{") != text.count("}")


def _quoted_whole(text: str) -> bool:
    """Text in double quotes from end to end (`"\"a\""`): a value encoded as JSON once too often.
    Wrapped, the tool would get the quotes as part of its one item."""
    return len(text) >= 2 and text[0] == text[-1] == '"'


def _delimiters_only(text: str) -> bool:
    """Delimiters of a joined list and nothing else (`","`, `"; "`): a list of no items, which
    wrapped would pass a lone comma as the one item of a valid call."""
    return bool(text) and not _DELIMITER.sub("", text).strip()


def _fenced(text: str) -> bool:
    """A markdown code block (`` ```json …``): a value written for a reader, not sent as one."""
    return text.startswith("```")


def joined_list(text: str) -> list[str] | None:
    """The non-empty parts of a string that joins items with `,`, `;` or newlines: two or more,
    or one with a stray delimiter (`"urgent,"`, `", x"`), which says the text was written as
    a list and wrapping it whole would pass `"urgent,"` as an item.

    An empty part (`"a,,b"`, `"a, b,"`) does not make the text one value: it still holds
    two items, and wrapping it whole would pass a wrong call. The text is split at the
    delimiters and each part stripped: blanks matched around a delimiter by a regular
    expression were retried at every blank, quadratic in a long run of them. A newline at
    either end is no delimiter.
    """
    pieces = _DELIMITER.split(text.strip())
    parts = [part for part in (piece.strip() for piece in pieces) if part]
    return parts if len(parts) >= 2 or parts and len(pieces) >= 2 else None


def expression(text: str) -> bool:
    """A string that reads as code rather than a value: a call or a subscript (`data['sales']`).

    That is a name, then `(…)` or `[…]` around anything, then any number of `[…]` subscripts
    (`search(query)[:5]`). A backtracking regular expression for it tries the subscripts
    after every `)` in turn, quadratic in the text (40 kB of brackets took over 6 s), so
    the text is read in one pass instead.
    """
    text = text.strip()
    name = _NAME.match(text)
    if name is None or name.end() == len(text):
        return False
    opener = text[name.end()]
    if opener == "[":  # `name[…]` swallows any subscripts after it: whatever ends in `]`
        return text.endswith("]")
    return opener == "(" and _closed_then_subscripted(text, name.end() + 1)


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


def _nests_deeper(text: str, limit: int) -> bool:
    """Whether brackets of any kind, quoted or not, nest deeper than ``limit`` anywhere in ``text``."""
    depth = 0
    for bracket in _BRACKET.findall(text):
        depth += 1 if bracket in "[({" else -1
        if depth > limit:
            return True
    return False


def _json_admitted(decoded: Any) -> Any:
    """What a string decoded to, or ``REFUSED_CONTAINER`` when it holds what a call may not: an
    escape such as ``\\ud800`` in the text decodes to half a surrogate pair, which no
    validator can read (and no envelope may quote back to the model)."""
    return decoded if decoded is NOT_A_CONTAINER or not_json(decoded) is None else REFUSED_CONTAINER


def _json_value(text: str) -> Any:
    """Strict JSON (no NaN or Infinity), or ``NOT_A_CONTAINER``."""
    def refuse(constant: str) -> Any:
        raise ValueError(constant)

    try:
        return json.loads(text, parse_constant=refuse)
    except (ValueError, RecursionError):  # RecursionError: a caller already deep in its own stack
        return NOT_A_CONTAINER


def _literal(text: str) -> Any:
    try:
        return ast.literal_eval(text)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return NOT_A_CONTAINER


def _as_json(value: Any) -> Any:
    """The literal as JSON data (tuples as lists), or ``NOT_A_CONTAINER`` when it holds what JSON
    cannot (bytes, complex numbers, non-string keys) or a set: a set has no order, and an array
    made of one would hold an order the model never gave, another in each process (string
    hashing is seeded per process). The bracket scan before decoding bounds its nesting, and
    so this recursion."""
    if isinstance(value, dict):
        if not all(isinstance(key, str) for key in value):
            return NOT_A_CONTAINER
        members = {key: _as_json(member) for key, member in value.items()}
        return NOT_A_CONTAINER if any(m is NOT_A_CONTAINER for m in members.values()) else members
    if isinstance(value, (list, tuple)):
        items = [_as_json(item) for item in value]
        return NOT_A_CONTAINER if any(i is NOT_A_CONTAINER for i in items) else items
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    return NOT_A_CONTAINER
