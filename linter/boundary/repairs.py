"""The repairs canonicalization may make, and the policy that chooses among them.

Each repair turns one near-miss value into the value the schema wants, and nothing
else: it never splits strings on commas, renames or drops keys, or invents values, and
it never wraps a string that holds a whole list (see :mod:`.shape`; a string past the
call's budget for reading strings is taken as a plain one).
Only ``scalar-for-array`` is on by default; the others change a value's type based on
its text, so a team turns them on knowingly. A repair only proposes a candidate; the
walk in :mod:`.canonicalize` keeps it only when the subschema accepts the result.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .admit import MAX_DEPTH
from .shape import SHAPE_BUDGET, Shapes
from .walk import JSON_NUMBER, Node, declared_types

NO_REPAIR = object()
"""What a repair proposes when it does not apply to the value."""



@dataclass(frozen=True)
class RepairRule:
    """One named repair: what it does, what can go wrong, and its proposal function, which is
    given the value, the schemas that apply to it and what the call's strings hold."""

    name: str
    summary: str
    risk: str
    default: bool
    propose: Callable[[Any, list[Node], Shapes], Any]
    needs: frozenset[str] = frozenset()
    """JSON types one of the schemas at a location must declare (``type``, ``enum`` or ``const``)
    for ``propose`` to propose anything there, as it checks before reading the value; empty
    for the repairs the walk makes itself."""


def _if_wanted(decode: Callable[[Any], Any], value: Any, conjuncts: list[Node]) -> Any:
    """The object or array ``decode`` reads in the value, when that is the type the schemas want
    here; a string is only read where one of them is wanted, as reading spends the call's budget."""
    wanted = declared_types(conjuncts)
    if "object" not in wanted and "array" not in wanted:
        return NO_REPAIR
    decoded = decode(value)
    if isinstance(decoded, dict) and "object" in wanted or isinstance(decoded, list) and "array" in wanted:
        return decoded
    return NO_REPAIR


def _json_string(value: Any, conjuncts: list[Node], shapes: Shapes) -> Any:
    if isinstance(value, str) and value.strip(" \t\r\n") == "null" and "null" in declared_types(conjuncts):
        return None  # the JSON text for null, where an optional list or object accepts it (the MCP SDK decodes it)
    return _if_wanted(shapes.sent_json, value, conjuncts)


def _scalar_for_array(value: Any, conjuncts: list[Node], shapes: Shapes) -> Any:
    # Only a plain scalar: "['a', 'b']", '["a"]', "a, b" or "data['x']" hold a list or code,
    # and wrapping them would hide the model's mistake in a valid call.
    if "array" not in declared_types(conjuncts) or not shapes.plain_scalar(value):
        return NO_REPAIR
    if isinstance(value, str) and value.strip().lower() in _NOTHING:
        # A blank string, or a word for nothing ("null", "N/A"), more likely means "none" than
        # one item: `[""]` or `["null"]` would pass an empty or bogus label to the tool as a
        # valid call. The envelope asks for an array, or to leave the field out.
        return NO_REPAIR
    return [value]


_NOTHING = frozenset({"", "null", "none", "nil", "undefined", "n/a"})
"""What a model sends, as text, for "no value" (lowered, stripped): never one item of a list."""


def _literal_string(value: Any, conjuncts: list[Node], shapes: Shapes) -> Any:
    return _if_wanted(shapes.literal, value, conjuncts)


def _enum_case(value: Any, conjuncts: list[Node], shapes: Shapes) -> Any:
    if not isinstance(value, str):
        return NO_REPAIR
    allowed: set[str] = set()
    for node in conjuncts:
        allowed.update(v for v in node.get("enum") or [] if isinstance(v, str))
        if isinstance(node.schema, dict) and isinstance(node.schema.get("const"), str):
            allowed.add(node.schema["const"])
    if value in allowed:
        return NO_REPAIR
    matches = {v for v in allowed if _same_but_case(v, value)}
    return matches.pop() if len(matches) == 1 else NO_REPAIR


def _same_but_case(one: str, other: str) -> bool:
    """Whether two strings differ in the case of their letters alone, letter by letter: case
    folding also spells letters anew (`Maße` folds to `masse`, `ﬁ` to `fi`), a different word
    the model did not send."""
    return len(one) == len(other) and all(a == b or a.lower() == b.lower() for a, b in zip(one, other))


def _numeric_string(value: Any, conjuncts: list[Node], shapes: Shapes) -> Any:
    if not isinstance(value, str) or not JSON_NUMBER.match(value):
        return NO_REPAIR
    wanted = {"number", "integer"} & declared_types(conjuncts)
    if not wanted or "number" not in wanted and any(c in value for c in ".eE"):
        # "1e2" or "5.0" for an integer: the text of a float, which would reach the tool as one
        # (`range(5.0)` fails); `lax-number` reads "5.0" as 5, as pydantic's lax mode does.
        return NO_REPAIR
    try:
        number = float(value) if any(c in value for c in ".eE") else int(value)
    except ValueError:  # more digits than Python converts to an int (`sys.get_int_max_str_digits`)
        return NO_REPAIR
    return number if number not in (float("inf"), float("-inf")) else NO_REPAIR


def _boolean_string(value: Any, conjuncts: list[Node], shapes: Shapes) -> Any:
    if value not in ("true", "false") or "boolean" not in declared_types(conjuncts):
        return NO_REPAIR
    return value == "true"


_LAX_TRUE = frozenset({"1", "on", "t", "true", "y", "yes"})
_LAX_FALSE = frozenset({"0", "off", "f", "false", "n", "no"})
_LAX_NUMBER = re.compile(r"[+-]?(?:[0-9](?:_?[0-9])*)?(?:\.(?:[0-9](?:_?[0-9])*)?)?(?:[eE][+-]?[0-9](?:_?[0-9])*)?")
"""What pydantic's lax mode reads as a number: Python's float syntax without ``inf`` and ``nan``."""


def _lax_number(value: Any, conjuncts: list[Node], shapes: Shapes) -> Any:
    """pydantic's lax reading of a number: text of a number (blanks, ``+``, ``_`` and leading zeros
    allowed, ``"5.0"`` for an integer) and a boolean as 0 or 1."""
    wanted = declared_types(conjuncts)
    if not {"number", "integer"} & wanted:
        return NO_REPAIR
    if isinstance(value, bool):
        return int(value)
    text = value.strip() if isinstance(value, str) else ""
    if not text or len(text) > _LAX_DIGITS or not _LAX_NUMBER.fullmatch(text) or not any(c.isdigit() for c in text):
        return NO_REPAIR
    if "number" not in wanted:
        # An integer's text: no exponent, no fraction but zeros ("5.0", not "1e2", "5." or "5.1").
        return int(text.partition(".")[0]) if _LAX_INTEGER.fullmatch(text) else NO_REPAIR
    try:
        number: int | float = int(text)  # an integer literal, exactly, however long
    except ValueError:
        number = float(text)
        if not math.isfinite(number):
            return NO_REPAIR
        number = int(number) if number.is_integer() and "integer" in wanted else number
    # A number field: pydantic reads "-0" as -0.0, a sign an integer 0 would lose on the way to the tool.
    return -0.0 if number == 0 and text.startswith("-") else number


_LAX_INTEGER = re.compile(r"[+-]?[0-9](?:_?[0-9])*(?:\.0+)?")
"""What pydantic's lax mode reads as an integer: no exponent, and a fraction of zeros only."""

_LAX_DIGITS = 100
"""Longest number text read; a longer one is left to the validator's error."""


def _lax_boolean(value: Any, conjuncts: list[Node], shapes: Shapes) -> Any:
    """pydantic's lax reading of a boolean: 0 and 1 (as integers or as 0.0 and 1.0), and its
    words in any case."""
    if "boolean" not in declared_types(conjuncts):
        return NO_REPAIR
    if type(value) in (int, float) and value in (0, 1):
        return bool(value)
    word = value.lower() if isinstance(value, str) else None
    return True if word in _LAX_TRUE else False if word in _LAX_FALSE else NO_REPAIR


def _by_the_walk(value: Any, conjuncts: list[Node], shapes: Shapes) -> Any:
    """Removing or adding a member is no value for a location: the walk applies ``null-as-absent``
    and ``absent-default`` to the object that holds the member (see ``canonicalize``)."""
    return NO_REPAIR


_CONTAINERS = frozenset({"object", "array"})
_NUMBERS = frozenset({"number", "integer"})

REPAIRS: dict[str, RepairRule] = {
    rule.name: rule
    for rule in (
        RepairRule(
            "json-string",
            "a string holding JSON, where an object or array is wanted, becomes the decoded value (\"null\" "
            "becomes null where that is accepted too)",
            "low: only applied when the decoded value is what the schema wants; a tool that "
            "takes JSON text in an object field would never reach this repair",
            False,
            _json_string,
            _CONTAINERS,
        ),
        RepairRule(
            "literal-string",
            "a string holding a Python list, tuple or dict literal (\"['a', 'b']\"), where an array or object "
            "is wanted, becomes the decoded value",
            "low to medium: read with ast.literal_eval (never eval) and kept only when the result validates; "
            "a tool that takes such text in an array field on purpose would never reach this repair, but a "
            "model that quoted a list out of confusion is no longer told so",
            False,
            _literal_string,
            _CONTAINERS,
        ),
        RepairRule(
            "scalar-for-array",
            'a plain single value where an array is wanted becomes a one-element array ("dotnet/eshop" → '
            '["dotnet/eshop"]); never a string holding a list (JSON or Python literal, or items joined by '
            "commas, semicolons or newlines) or an expression, nor a blank string or a word for nothing "
            '("null", "none", "N/A"), nor an item of an array the call holds (a flat list where a list of lists '
            "is wanted reads two ways)",
            "very low: the value is kept whole and must be accepted by the array's items; a model that sent "
            "one item of a longer answer still gets a valid, shorter call; a string past the call's budget for "
            f"reading strings ({SHAPE_BUDGET:,} characters, brackets {MAX_DEPTH} deep) is not wrapped",
            True,
            _scalar_for_array,
            frozenset({"array"}),
        ),
        RepairRule(
            "null-as-absent",
            "`null` for an optional property that does not accept `null` is left out, as if not sent",
            "medium: on an update API `null` may mean \"clear this field\"; there leaving it out keeps the "
            "old value instead",
            False,
            _by_the_walk,
        ),
        RepairRule(
            "enum-case",
            'a string that matches exactly one allowed value when case is ignored becomes that value ("HIGH" → "high")',
            "low to medium: safe when the enum values differ in more than case; on a field where "
            "case carries meaning (ticker symbols, case-sensitive identifiers) leave it off",
            False,
            _enum_case,
            frozenset({"string"}),
        ),
        RepairRule(
            "numeric-string",
            'a string that is exactly a JSON number, where a number is wanted, becomes that number ("5" → 5; '
            'for an integer only an integer\'s text: not "5.0" or "1e2")',
            'medium: identifiers that look numeric ("007") are not touched, but a model that quotes a '
            "number it was unsure of is no longer asked to confirm it",
            False,
            _numeric_string,
            _NUMBERS,
        ),
        RepairRule(
            "boolean-string",
            '"true" or "false", where a boolean is wanted, becomes the boolean (no other spellings)',
            'low: only the two exact JSON spellings; "yes", "1" and "True" are still rejected',
            False,
            _boolean_string,
            frozenset({"boolean"}),
        ),
        RepairRule(
            "lax-number",
            'what pydantic\'s lax mode reads as a number becomes that number (" 5 ", "+5", "1_000", "5.0" for an '
            'integer, but not "1e2" or "5."; true and false as 1 and 0)',
            "none behind a framework adapter, which makes it only where the tool's own pydantic validator "
            "reads the value so (not for a strict field): it is what the tool would have received; on its own, "
            "as for numeric-string, and wider",
            False,
            _lax_number,
            _NUMBERS,
        ),
        RepairRule(
            "lax-boolean",
            "what pydantic's lax mode reads as a boolean becomes it (0 and 1; true, yes, on, t, y, 1 and their "
            "opposites in any case)",
            "none behind a framework adapter, which makes it only where the tool's own pydantic validator "
            "reads the value so; on its own, medium: \"no\" or \"0\" may have been meant as text",
            False,
            _lax_boolean,
            frozenset({"boolean"}),
        ),
        RepairRule(
            "absent-default",
            "a required member that is absent is filled with its declared default, or with null where it "
            "accepts null, as a framework's model fills it behind a strict schema",
            "none behind a framework adapter, which only stops asking for a member the tool's model fills "
            "itself and leaves the filling to it (the model may read the member under an alias the schema "
            "does not name); on its own, medium: the model may have left the member out by mistake",
            False,
            _by_the_walk,
        ),
    )
}
"""Every repair by name, in the order the walk tries them: the CLI lists this table."""


@dataclass(frozen=True)
class Policy:
    """Which repairs canonicalization may make; build one with the class methods."""

    repairs: tuple[str, ...]

    def __post_init__(self) -> None:
        _require_known(self.repairs)

    @classmethod
    def default(cls) -> Policy:
        """Only ``scalar-for-array``."""
        return cls.from_names(name for name, rule in REPAIRS.items() if rule.default)

    @classmethod
    def none(cls) -> Policy:
        """No repairs: every near miss is rejected."""
        return cls(())

    @classmethod
    def all(cls) -> Policy:
        """Every repair this library knows."""
        return cls.from_names(REPAIRS)

    @classmethod
    def from_names(cls, names: Iterable[str]) -> Policy:
        """The named repairs, kept in the order the walk tries them whatever order they are given in."""
        wanted = list(names)
        _require_known(wanted)
        return cls(tuple(name for name in REPAIRS if name in wanted))

    def rules(self) -> tuple[RepairRule, ...]:
        return tuple(REPAIRS[name] for name in self.repairs)


def _require_known(names: Iterable[str]) -> None:
    unknown = [name for name in names if name not in REPAIRS]
    if unknown:
        raise ValueError(f"unknown repair {', '.join(unknown)}; known: {', '.join(REPAIRS)}")
