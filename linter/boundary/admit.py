"""Is this a JSON value at all? Checked before validation, so no input can crash or fool it.

A tool call arrives as JSON text or as the value a client library decoded. The
validator expects JSON's data model; handed something else it raises (a lone
surrogate, a key that is not a string, nesting deeper than the stack) or, under an
open schema, silently accepts it (a ``set``, ``NaN``, an object of a custom class).
So every value is walked once, without recursion, and anything outside JSON's model
gets a reason instead of an exception:

- ``too-deep``: nested deeper than :data:`MAX_DEPTH` arrays and objects;
- ``not-json-value``: a type JSON has no form for, a key that is not a string, a
  float that is not finite, text with an unpaired surrogate, an integer longer than
  :data:`MAX_DIGITS` digits;
- ``invalid-json``: JSON text that does not parse, is not UTF-8, or spells ``NaN`` or
  ``Infinity`` (which Python's parser would otherwise accept).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

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


@dataclass(frozen=True)
class Refusal:
    """Why a value is refused, where (steps from the root), and what JSON would need instead."""

    reason: str
    steps: tuple
    detail: str


def decode(text: str | bytes | bytearray) -> Any:
    """The JSON value ``text`` holds, or a :class:`Refusal` saying why it holds none."""
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        return Refusal("invalid-json", (), f"line {exc.lineno} column {exc.colno}: {exc.msg}")
    except UnicodeDecodeError as exc:
        return Refusal("invalid-json", (), f"byte {exc.start}: not UTF-8 text")
    except _NonFinite as exc:
        return Refusal("invalid-json", (), f"{exc.args[0]} is not a JSON number")
    except RecursionError:
        return Refusal("too-deep", (), _DEPTH)
    except ValueError:  # Python's integer-conversion limit: the text is JSON, the number is too long
        return Refusal("not-json-value", (), _DIGITS)
    return not_json(value) or value


class _NonFinite(ValueError):
    pass


def _no_constant(name: str) -> Any:
    raise _NonFinite(name)


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
    if not isinstance(item, _SCALARS):
        return f"a JSON value (string, number, boolean, null, array or object), not a {type(item).__name__}"
    if isinstance(item, str):
        return "valid Unicode text (this string has an unpaired surrogate)" if _has_lone_surrogate(item) else None
    if isinstance(item, float) and not math.isfinite(item):
        return "a finite number (JSON has no NaN or Infinity)"
    if isinstance(item, int) and not isinstance(item, bool) and abs(item) >= _DIGITS_BOUND:
        return _DIGITS
    return None



def _has_lone_surrogate(text: str) -> bool:
    # Encoding is the C-speed test; only a string that fails pays for the exception.
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False

