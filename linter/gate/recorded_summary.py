"""The recorded-calls gate when the calls are known only by their summary (`check --calls-summary`).

A summary holds no call to validate, but it holds, field by field, the longest string, the
largest array, the numeric range, the keys, the formats and (while few) the values sent. A
tightening fix that only adds such a keyword at a field passes when the summary shows that
no value sent there breaks it; any other fix is withheld, since nothing shows it safe. This
gate is stricter than the one over the calls: it counts every call sent, not only those that
pass today, and withholds what it cannot decide (a `pattern`, a fix inside `anyOf`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from schema_lint.model import FixSafety, Operation
from schema_lint.schema.pointer import join, resolve, split

if TYPE_CHECKING:
    from schema_lint.gate import Candidate, ToolSchema

UNDECIDED = "; no fix: a traffic summary cannot show that it rejects no recorded call"
REJECTS = "; no fix: the traffic summary shows recorded values here that it would reject"

LOOSENED = frozenset({"default", "examples", "description", "title", "deprecated", "readOnly", "writeOnly", "$comment",
                      "type", "enum", "const", "format", "pattern", "minLength", "maxLength", "minimum", "maximum",
                      "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems", "uniqueItems", "multipleOf",
                      "minProperties", "maxProperties", "required"})
"""Keywords whose removal from a field's schema rejects nothing: annotations, and assertions
that stand alone (unlike `properties` under `additionalProperties: false`)."""


def rejecting(tool: ToolSchema, candidates: Iterable[Candidate], summary: Any) -> Iterator[tuple[Candidate, str]]:
    """Each tightening candidate the tool's summary (a `traffic.summary.ToolSummary`) does not
    show safe, with what its finding says. None for a schema that does not compile: no call
    passes it today, as `recorded_calls` says."""
    if tool.validators is None:
        return
    for candidate in candidates:
        if candidate.diagnostic.fix.safety is not FixSafety.UNSAFE:  # type: ignore[union-attr]  # a candidate's finding has a fix
            continue
        if candidate.operations is None or candidate.fixed is None:
            yield candidate, UNDECIDED
            continue
        for operation in candidate.operations:
            verdict = _verdict(operation, candidate.fixed, summary)
            if verdict is not None:
                yield candidate, verdict
                break


def _verdict(operation: Operation, fixed: Any, summary: Any) -> str | None:
    """None when no value the summary saw breaks what `operation` sets; else the reason."""
    tokens = split(operation.path)
    if not tokens:
        return UNDECIDED
    node, keyword = join("", *tokens[:-1]), tokens[-1]
    if not _is_field(tokens[:-1]):
        return UNDECIDED
    if operation.op == "remove":
        return None if keyword in LOOSENED else UNDECIDED
    field = summary.at(node)
    if field is None:
        # Nothing was sent there, unless it was a field past the summary's cap.
        return UNDECIDED if summary.fields_dropped else None
    try:
        schema = resolve(fixed, node)
    except (LookupError, ValueError):
        return UNDECIDED
    check = _CHECKS.get(keyword)
    broken = check(field, operation.value, schema) if check is not None else None
    return UNDECIDED if broken is None else REJECTS if broken else None


def _is_field(tokens: list[str]) -> bool:
    """Whether the tokens address a field as the summary does: `properties/<name>` and `items` only."""
    index = 0
    while index < len(tokens):
        if tokens[index] == "properties" and index + 1 < len(tokens):
            index += 2
        elif tokens[index] == "items":
            index += 1
        else:
            return False
    return True


# Each check: whether a value sent at the field breaks the keyword's new value, or None when
# the summary cannot tell.

def _bound(sketch: Any, value: Any, longest: bool) -> bool | None:
    if not _is_number(value):
        return None
    if not sketch.count:
        return False
    return sketch.largest > value if longest else None if sketch.smallest is None else sketch.smallest < value


def _range(field: Any, value: Any, upper: bool, strict: bool) -> bool | None:
    if not _is_number(value):
        return None
    if not field.of_type("integer", "number"):
        return False
    if field.low is None:
        return None
    seen = field.high if upper else field.low
    inside = (seen < value if upper else seen > value) if strict else (seen <= value if upper else seen >= value)
    return not inside


def _format(field: Any, value: Any, schema: Any) -> bool | None:
    outside = field.not_in_format(value) if isinstance(value, str) else None
    return None if outside is None else outside > 0


def _values(field: Any, allowed: list) -> bool | None:
    scalars = field.count - field.of_type("array", "object")
    if scalars != field.count or field.values_open or sum(field.values.values()) != scalars:
        return None
    keys = {_value_key(value) for value in allowed}
    try:
        return any(_value_key(json.loads(canonical)) not in keys for canonical in field.values)
    except (ValueError, RecursionError):  # a summary file's values are its writer's
        return None


def _value_key(value: Any) -> tuple[str, Any]:
    """JSON equality: `1` and `1.0` are one value, `true` and `1` are not."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return type(value).__name__, value
    if isinstance(value, (int, float)):
        return "number", value
    return "other", json.dumps(value, sort_keys=True)


def _closed(field: Any, value: Any, schema: Any) -> bool | None:
    if value is not False or not isinstance(schema, dict) or schema.get("patternProperties"):
        return None
    if not field.of_type("object"):
        return False
    declared = set(schema.get("properties") or {})
    for part in schema.get("allOf") or []:  # evaluated through allOf, for `unevaluatedProperties`
        if isinstance(part, dict):
            declared |= set(part.get("properties") or {})
    return None if field.keys_open else not set(field.keys) <= declared


def _required(field: Any, value: Any, schema: Any) -> bool | None:
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        return None
    if field.keys_open and not set(value) <= set(field.keys):
        return None  # a key past the cap: its count is not kept
    objects = field.of_type("object")
    return any(field.keys[name] != objects for name in value)


def _type(field: Any, value: Any, schema: Any) -> bool | None:
    allowed = {value} if isinstance(value, str) else set(value) if isinstance(value, list) else None
    if allowed is None:
        return None
    if "number" in allowed:
        allowed.add("integer")
    return any(times and kind not in allowed for kind, times in field.types.items())


_CHECKS = {
    "maxLength": lambda field, value, schema: _bound(field.lengths, value, longest=True),
    "minLength": lambda field, value, schema: _bound(field.lengths, value, longest=False),
    "maxItems": lambda field, value, schema: _bound(field.sizes, value, longest=True),
    "minItems": lambda field, value, schema: _bound(field.sizes, value, longest=False),
    "maximum": lambda field, value, schema: _range(field, value, upper=True, strict=False),
    "exclusiveMaximum": lambda field, value, schema: _range(field, value, upper=True, strict=True),
    "minimum": lambda field, value, schema: _range(field, value, upper=False, strict=False),
    "exclusiveMinimum": lambda field, value, schema: _range(field, value, upper=False, strict=True),
    "format": _format,
    "enum": lambda field, value, schema: _values(field, value) if isinstance(value, list) else None,
    "const": lambda field, value, schema: _values(field, [value]),
    "additionalProperties": _closed,
    "unevaluatedProperties": _closed,
    "required": _required,
    "type": _type,
}


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
