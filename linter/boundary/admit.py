"""Is this a JSON value at all? Checked around validation, so no input can crash or fool it.

A tool call arrives as JSON text or as the value a client library decoded. The
validator expects JSON's data model; handed something else it raises (a lone
surrogate, a key that is not a string), overflows its stack (nesting deep enough, under
a recursive schema) or silently accepts it (a ``set``, ``NaN``, an object of a custom
class, under an open schema). So every value is walked once, without recursion, and
anything outside JSON's model gets a reason instead of an exception. The walk costs as
much as a validation, so a call to a closed, non-recursive object schema is validated
first and only what the validator does not vouch for is walked (:func:`members_to_screen`);
JSON text is walked only where the text could hold what JSON values cannot (see
:func:`decode`). The reasons:

- ``too-deep``: nested deeper than :data:`MAX_DEPTH` arrays and objects;
- ``not-json-value``: a type JSON has no form for, a key that is not a string, a
  float that is not finite, text with an unpaired surrogate, an integer longer than
  :data:`MAX_DIGITS` digits, a subclass of ``str``, ``int`` or ``float`` other than an
  enum's members (the validator cannot read one);
- ``invalid-json``: JSON text that does not parse, is not UTF-8, or spells ``NaN`` or
  ``Infinity`` (which Python's parser would otherwise accept);
- ``duplicate-key``: JSON text that gives one key of an object twice, with different values.
  JSON leaves the meaning open (RFC 8259, section 4: names "SHOULD be unique"); Python keeps
  the last value, other parsers the first, so a tool that reads the text again could run
  another call than the one validated, and the model would never learn it sent two. The
  same value twice is no conflict and passes.

A byte order mark before JSON text is ignored, as RFC 8259 (section 8.1) lets a parser do.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple

MAX_DEPTH = 64
"""Arrays and objects nested inside each other. Real tool calls nest a handful of levels;
64 leaves room for recursive filters while keeping every walk far from the stack limit."""

MAX_DIGITS = 4300
"""Python's own limit for converting an integer to and from text (``sys.int_info``): an
integer longer than this cannot be written back as JSON by the standard library."""

_SCALARS = (str, int, float, type(None))  # bool is an int
_DIGITS_BOUND = 10 ** MAX_DIGITS
_HUGE = float("inf")
_DIGITS = f"an integer of at most {MAX_DIGITS} digits"
_DEPTH = f"arrays and objects nested at most {MAX_DEPTH} levels deep"
_FLOAT_RANGE = "a number within a 64-bit float's range, at most about 1.8e308 in size (this one is too large for it)"


@dataclass(frozen=True)
class Refusal:
    """Why a value is refused, where (steps from the root), and what JSON would need instead."""

    reason: str
    steps: tuple
    detail: str


def decode(text: str | bytes | bytearray) -> Any:
    """The JSON value ``text`` holds, or a :class:`Refusal` saying why it holds none.

    One decoder serves every call. What JSON text cannot hold (other types, keys that are
    not strings) needs no screening; nesting deeper than :data:`MAX_DEPTH` and unpaired
    surrogates can only be in text with that many brackets, or with text outside ASCII or a
    ``\\ud…`` escape, so only such text is screened after decoding.
    """
    if not isinstance(text, str):
        try:
            text = bytes(text).decode(json.detect_encoding(text), "surrogatepass")
        except UnicodeDecodeError as exc:
            return Refusal("invalid-json", (), f"byte {exc.start}: not UTF-8 text")
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        value = _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        return Refusal("invalid-json", (), f"line {exc.lineno} column {exc.colno}: {exc.msg}")
    except _NonFinite as exc:
        return Refusal("invalid-json", (), f"{_place_of_constant(text)}: {exc.args[0]} is not a JSON number")
    except _Repeated:
        return _repeated_key(text)
    except (_Overflow, _TooLong):  # a number too large for a float, or too long: the screen says where
        return _first_refusal(_LOCATING_DECODER.decode(text))
    except RecursionError:
        return Refusal("too-deep", (), _DEPTH)
    if text.count("[") + text.count("{") <= MAX_DEPTH and text.isascii() and "\\ud" not in text \
            and "\\uD" not in text:
        return value
    return not_json(value) or value


class _NonFinite(ValueError):
    pass


NEWLINE = "\n"
# A string of JSON text, or a constant Python's parser reads and JSON has not.
_STRING_OR_CONSTANT = re.compile(r'"(?:[^"\\]|\\.)*"|(-?Infinity|NaN)')


def _place_of_constant(text: str) -> str:
    """`line L column C` of the first `NaN` or `Infinity` outside a string of `text`."""
    for match in _STRING_OR_CONSTANT.finditer(text):
        if match.group(1):
            offset = match.start(1)
            line_start = text.rfind(NEWLINE, 0, offset) + 1
            return f"line {text.count(NEWLINE, 0, offset) + 1} column {offset - line_start + 1}"
    return "line 1 column 1"


class _Repeated(Exception):
    """An object of the text gives a key twice with different values (see `_unique_members`)."""


def _unique_members(pairs: list[tuple[str, Any]]) -> dict:
    members = dict(pairs)
    if len(members) != len(pairs) and _conflicting(pairs, members):
        raise _Repeated
    return members


def _conflicting(pairs: list[tuple[str, Any]], members: dict) -> str | None:
    """The first key `pairs` give with a value other than the one `members` kept (the last)."""
    for key, value in pairs:
        kept = members[key]
        if value is not kept and (type(value) is not type(kept) or json.dumps(value) != json.dumps(kept)):
            return key
    return None


class _RepeatedObject(dict):
    """An object read by `_REPEAT_LOCATOR` that gives `repeated` twice with different values."""

    repeated: str


def _marked_members(pairs: list[tuple[str, Any]]) -> dict:
    members = dict(pairs)
    repeated = _conflicting(pairs, members) if len(members) != len(pairs) else None
    if repeated is None:
        return members
    marked = _RepeatedObject(members)
    marked.repeated = repeated
    return marked


def _repeated_key(text: str) -> Refusal:
    """The refusal of the first object (depth first) that gives a key twice with different
    values, at its path; at the root when the rest of the text cannot be read whole (the first
    decoder stopped at the repeated key, before a `NaN` or a number too long after it)."""
    try:
        value = _REPEAT_LOCATOR.decode(text)
    except (ValueError, _Overflow, _TooLong, RecursionError):
        return Refusal("duplicate-key", (), "each key once, with one value")
    pending: list[tuple[Any, tuple]] = [(value, ())]
    while pending:
        item, steps = pending.pop()
        if isinstance(item, _RepeatedObject):
            return Refusal("duplicate-key", (*steps, item.repeated), "each key once, with one value")
        if isinstance(item, dict):
            pending.extend((member, (*steps, key)) for key, member in reversed(item.items()))
        elif isinstance(item, list):
            pending.extend((member, (*steps, index)) for index, member in reversed(list(enumerate(item))))
    return Refusal("duplicate-key", (), "each key once, with one value")


class _Overflow(Exception):
    pass


def _no_constant(name: str) -> Any:
    raise _NonFinite(name)


def _finite_float(text: str) -> float:
    number = float(text)
    if number in (_HUGE, -_HUGE):
        raise _Overflow
    return number


class _TooLarge(float):
    """A JSON number too large for a 64-bit float (``1e400``), read as infinity: valid JSON,
    unlike ``Infinity``, so the refusal says what is wrong with it."""


def _marked_float(text: str) -> float:
    number = float(text)
    return _TooLarge(number) if number in (_HUGE, -_HUGE) else number


class _TooLong(Exception):
    pass


class _LongInteger(str):
    """An integer of JSON text longer than :data:`MAX_DIGITS` digits, kept as its text. Never
    converted: Python takes time quadratic in the digits to convert one (a million take
    seconds), and refuses past its own limit only where the host process left it set."""


def _bounded_int(text: str) -> int:
    if len(text) > MAX_DIGITS and len(text.lstrip("-")) > MAX_DIGITS:
        raise _TooLong
    try:
        return int(text)
    except ValueError:  # a host that lowered Python's own limit below this one
        raise _TooLong from None


def _marked_int(text: str) -> int | str:
    try:
        return _bounded_int(text)
    except _TooLong:
        return _LongInteger(text)


_DECODER = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite_float, parse_int=_bounded_int,
                            object_pairs_hook=_unique_members)
# The same reading, with each object that repeats a key marked, for `_repeated_key` to place.
_REPEAT_LOCATOR = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite_float, parse_int=_bounded_int,
                                   object_pairs_hook=_marked_members)
# The same reading, with what `_DECODER` refuses kept as marked values for `_first_refusal` to place.
_LOCATING_DECODER = json.JSONDecoder(parse_constant=_no_constant, parse_float=_marked_float, parse_int=_marked_int)


class Screen(NamedTuple):
    """What of an accepted call still needs the screen (see :func:`members_to_screen`)."""

    full: tuple[str, ...]
    """Members screened in full: numbers, arrays and objects."""
    lists: tuple[str, ...]
    """Members that are arrays of strings: they need be lists, of text without unpaired surrogates."""
    texts: tuple[str, ...]
    """Members that are strings (or booleans, or null): their text must have no unpaired surrogate."""
    declared: frozenset[str] | None = None
    """Under an open object schema, the members it declares: any other is screened in full,
    its name too (the validator reads neither). ``None`` under a closed one, which the
    validator holds to its declared members."""


def members_to_screen(schema: Any) -> Screen | None:
    """What of a call still needs the screen once the validator has accepted the call, or ``None``
    when the whole call does.

    The validator raises on some values it cannot read (a set, bytes, a key that is not a
    string) and checks the type of every value it reads, so where an object schema declares a
    member as a string, a boolean, ``null`` or a ``number`` (or an ``enum`` or ``const`` of
    strings, booleans and ``null``), an accepted call holds nothing else there; but
    it does not read a string's text unless a keyword asks, so strings are still checked for
    unpaired surrogates, all at once. An array of strings needs only to be a list (the
    validator takes a tuple too) of such text. The other members are screened in full:
    integers (the validator takes a huge one, even past a ``maximum``), arrays and objects (a
    subclass, any depth), and under an open schema (most tools': no ``additionalProperties``)
    the members it does not declare, which the validator does not read.
    """
    extra = schema.get("additionalProperties", True) if isinstance(schema, dict) else None
    if (extra is not True and extra is not False) or not schema.keys() <= _PLAIN_OBJECT \
            or not isinstance(schema.get("properties"), dict):
        return None
    members = schema["properties"]
    lists = tuple(name for name, member in members.items() if _list_of_strings(member))
    texts = tuple(name for name, member in members.items() if _leaf(member) and _string_typed(member))
    full = tuple(name for name, member in members.items() if not _leaf(member) and name not in lists)
    return Screen(full, lists, texts, None if extra is False else frozenset(members))


def plainly_screened(arguments: dict, screen: Screen) -> bool:
    """The members :func:`members_to_screen` names, of a call the validator accepted, pass the screen."""
    full, lists, texts, declared = screen
    if declared is not None and not declared.issuperset(arguments) \
            and not _plainly_json({name: value for name, value in arguments.items() if name not in declared}):
        return False
    member: Any
    for name in texts:
        member = arguments.get(name)
        if type(member) is str:
            if not member.isascii() and _has_lone_surrogate(member):
                return False
        elif not (member is None or member is True or member is False):  # a subclass: the full screen decides
            return False
    for name in lists:
        member = arguments.get(name, _NO_ITEMS)
        if type(member) is not list:
            return False
        try:
            text = "".join(member)
        except TypeError:  # not strings after all: the full screen says what
            return False
        if not text.isascii() and _has_lone_surrogate(text):
            return False
    for name in full:
        member = arguments.get(name)
        kind = type(member)
        if kind is dict or kind is list:
            if not _plainly_json(member, 1):
                return False
        elif kind is int:
            if not -_DIGITS_BOUND < member < _DIGITS_BOUND:
                return False
        elif kind is float:
            if not -_HUGE < member < _HUGE:
                return False
        elif not (kind is str or kind is bool or member is None):
            return False
    return True


_NO_ITEMS: list = []
"""An absent array member: nothing to look at."""


_PLAIN_OBJECT = frozenset({"type", "properties", "required", "additionalProperties", "title", "description",
                           "$schema", "$comment", "examples", "default"})
_LEAF_TYPES = frozenset({"string", "boolean", "null", "number"})
_LEAF_KEYWORDS = frozenset({"type", "enum", "const", "title", "description", "default", "examples", "$comment",
                            "minLength", "maxLength", "pattern", "format", "contentMediaType", "contentEncoding",
                            "deprecated", "readOnly", "writeOnly", "minimum", "maximum", "exclusiveMinimum",
                            "exclusiveMaximum", "multipleOf"})


def _list_of_strings(member: Any) -> bool:
    """A member schema that admits only an array of strings."""
    if not isinstance(member, dict) or member.get("type") != "array" or not member.keys() <= _ARRAY_KEYWORDS:
        return False
    items = member.get("items")
    return _leaf(items) and _string_typed(items)


def _string_typed(member: Any) -> bool:
    """A leaf schema that admits strings whose text the validator does not read: not an ``enum`` or
    ``const``, no ``pattern``, no format it asserts (reading such text, it raises on an unpaired
    surrogate itself)."""
    written = member.get("type")
    return (written == "string" or isinstance(written, list) and "string" in written) \
        and not member.keys() & _READS_TEXT and member.get("format") not in _ASSERTED_FORMATS


_READS_TEXT = frozenset({"enum", "const", "pattern"})
_ASSERTED_FORMATS = frozenset({"date", "date-time", "time", "duration", "email", "idn-email", "hostname",
                               "idn-hostname", "ipv4", "ipv6", "uri", "uri-reference", "iri", "iri-reference",
                               "uuid", "regex", "json-pointer", "relative-json-pointer", "uri-template"})


_ARRAY_KEYWORDS = frozenset({"type", "items", "minItems", "maxItems", "uniqueItems", "title", "description",
                             "default", "examples", "$comment", "deprecated"})


def _leaf(member: Any) -> bool:
    """A member schema that admits only strings, booleans, ``null`` and numbers (which the validator
    refuses when not finite or too large for a float; an ``integer`` it takes however long), using no
    applicator."""
    if not isinstance(member, dict) or not member.keys() <= _LEAF_KEYWORDS:
        return False
    written = member.get("type")
    types = [written] if isinstance(written, str) else written if isinstance(written, list) else None
    if types is not None and set(types) <= _LEAF_TYPES:
        return True
    values = member["enum"] if isinstance(member.get("enum"), list) else [member["const"]] if "const" in member \
        else None
    return values is not None and all(isinstance(v, (str, bool)) or v is None for v in values)


UNREADABLE = (ValueError, TypeError, OverflowError, RecursionError)
"""What the validator raises on a value outside JSON's data model that :func:`not_json` let
through: a subclass of ``str`` it cannot read, say."""


def unreadable(value: Any) -> Refusal:
    """Why the validator could not read ``value`` (it raised one of :data:`UNREADABLE`)."""
    return not_json(value) or Refusal("not-json-value", (), "a JSON value (string, number, boolean, null, array or "
                                                            "object) of the plain types a JSON decoder makes")


def not_json(value: Any) -> Refusal | None:
    """The first way ``value`` falls outside JSON's data model, or ``None`` when it is JSON."""
    plain = type(value) in (dict, list) and _plainly_json(value)
    return None if plain else _first_refusal(value)


def _plainly_json(item: Any, depth: int = 0) -> bool:
    """The every-call screen of a list or dict: exact JSON types, ASCII keys and text,
    bounded depth, ordinary numbers.

    It tracks no paths and recurses only into containers (at most :data:`MAX_DEPTH`
    frames), so a valid call pays under a microsecond; anything unusual (a subclass,
    non-ASCII text) is looked at closely by :func:`_first_refusal`, which says what and where.
    """
    if depth >= MAX_DEPTH:
        return False
    if type(item) is dict:
        try:  # one C-speed pass over the keys: a non-string key makes join raise
            if not "".join(item).isascii():
                return False
        except TypeError:
            return False
        members: Any = item.values()
    else:
        members = item
    for member in members:
        kind = type(member)
        if kind is str:
            if not member.isascii():
                return False
        elif kind is dict or kind is list:
            if not _plainly_json(member, depth + 1):
                return False
        elif kind is int:
            if not -_DIGITS_BOUND < member < _DIGITS_BOUND:
                return False
        elif kind is float:
            if not -_HUGE < member < _HUGE:  # NaN fails every comparison
                return False
        elif not (kind is bool or member is None):
            return False
    return True


def _first_refusal(value: Any) -> Refusal | None:
    pending: list[tuple[Any, tuple]] = [(value, ())]
    while pending:
        item, steps = pending.pop()
        if isinstance(item, dict):
            if len(steps) >= MAX_DEPTH:
                return Refusal("too-deep", steps, _DEPTH)
            for key, member in item.items():
                if not isinstance(key, str):
                    return Refusal("not-json-value", steps, "an object whose keys are strings")
                if type(key) is not str and not isinstance(key, Enum):
                    return Refusal("not-json-value", steps, _subclass(key))
                if _has_lone_surrogate(key):
                    return Refusal("not-json-value", steps, "property names that are valid Unicode text")
                pending.append((member, (*steps, key)))
        elif isinstance(item, list):
            if len(steps) >= MAX_DEPTH:
                return Refusal("too-deep", steps, _DEPTH)
            pending.extend((member, (*steps, index)) for index, member in enumerate(item))
        elif problem := _scalar_problem(item):
            return Refusal("not-json-value", steps, problem)
    return None


def _scalar_problem(item: Any) -> str | None:
    if isinstance(item, _LongInteger):
        return _DIGITS
    if not isinstance(item, _SCALARS):
        return f"a JSON value (string, number, boolean, null, array or object), not a {type(item).__name__}"
    if isinstance(item, str) and _has_lone_surrogate(item):
        return "valid Unicode text (this string has an unpaired surrogate)"
    if isinstance(item, _TooLarge):
        return _FLOAT_RANGE
    if isinstance(item, float) and not math.isfinite(item):
        return "a finite number (JSON has no NaN or Infinity)"
    if isinstance(item, int) and not isinstance(item, bool) and abs(item) >= _DIGITS_BOUND:
        return _DIGITS
    if type(item) not in _SCALARS and type(item) is not bool and not isinstance(item, Enum):
        return _subclass(item)
    return None



def _subclass(item: Any) -> str:
    """A subclass of `str`, `int` or `float` (an enum's members aside): JSON text has one, but the
    validator cannot read it (it raises), and no JSON decoder makes one."""
    plain = next(kind for kind in _SCALARS if isinstance(item, kind))
    return f"a plain {plain.__name__}, as a JSON decoder makes (this is a {type(item).__name__}, a subclass of it)"


def _has_lone_surrogate(text: str) -> bool:
    # Encoding is the C-speed test; only a string that fails pays for the exception.
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False

