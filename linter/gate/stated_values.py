"""A fix never makes a value the schema itself states invalid.

A schema's `default`, `examples`, `enum` and `const`, and a default its description
names ("Default is 0, which means no limit"), are the author's own word on what a valid
value looks like. A tightening fix that rejects one of them is wrong by the
schema's own evidence (a `format: date` on a field whose default is `"null"`, a
`required` list on an object whose default is `{}`), and so is any call that relies on
it. After every rule has run on a tool, each fix is applied to a copy of the tool's
schema and every stated value its operations can affect (those at or above the edited
node, or all of them when a definition is edited) is validated again; a fix that would
reject one is withheld, and the finding says why. The finding stays: a missing fix
costs a reviewer a minute, a wrong one breaks a working agent.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from schema_lint.schema.dialect import normalize_dialect
from schema_lint.text.display import clip
from schema_lint.prose.field_prose import described_defaults
from schema_lint.schema.operations import OperationError, apply_operations
from schema_lint.model import Diagnostic, Operation
from schema_lint.schema.offline import with_bundled_dialect
from schema_lint.schema.patterns import regex_options
from schema_lint.schema.pointer import escape, split, unescape

if TYPE_CHECKING:
    import jsonschema_rs

_DEFINITIONS = ("$defs", "definitions")
_VALUE_KEYWORDS = ("default", "examples", "enum", "const")


def withhold_breaking_fixes(schema: Any, schema_pointer: str, diagnostics: list[Diagnostic]) -> None:
    """Drop (in place) each fix that would make a stated value of ``schema`` invalid."""
    # Each fix with its operations addressed inside the schema (one reaching outside is left be).
    fixed = [(d, _inner(d.fix.operations, schema_pointer)) for d in diagnostics if d.fix is not None]
    fixed = [(diagnostic, operations) for diagnostic, operations in fixed if operations is not None]
    if not any(_may_reach_stated_value(schema, operations) for _, operations in fixed):
        return
    stated = _stated_values(schema)
    if not stated:
        return
    # Compiling a schema costs more than the rest of this together, and most fixes break no
    # stated value: the fixed schema is compiled for each fix that reaches one, the schema as
    # written only once some value fails the fixed one (it must have passed the original to
    # count), and then once for all fixes.
    before: list = []
    for diagnostic, operations in fixed:
        paths = [operation.path for operation in operations]
        anywhere = any(_in_definition(path) for path in paths)
        touched = [entry for entry in stated if anywhere or _at_or_below(paths, entry[0])]
        if not touched:
            continue
        rejected = _rejected_after(schema, operations, touched)
        if not rejected:
            continue
        if not before:
            before.append(validators_for(schema))
        if before[0] is None:
            return  # the schema as written does not compile: it is no evidence either way
        broken = next((entry for entry in rejected if _accepts(before[0], entry[0], entry[2])), None)
        if broken is not None:
            at, label, value = broken
            where = f" at `{at}`" if at else ""
            diagnostic.message += f"; no fix: it would reject the schema's own {label} {clip(_shown(value), 40)}{where}"
            diagnostic.fix = None


def _rejected_after(schema: Any, operations: list[Operation], touched: list) -> list:
    """The stated values (in `touched`'s order) that the schema with the fix applied rejects;
    all of them when the fixed schema does not even compile."""
    try:
        after = validators_for(apply_operations(schema, operations))
    except OperationError:
        return []
    if after is None:
        return touched
    # A value whose subschema the fix removed (an unused definition) is gone, not broken.
    return [entry for entry in touched
            if after.get("#" + entry[0]) is not None and not _accepts(after, entry[0], entry[2])]


def _may_reach_stated_value(schema: Any, operations: list[Operation]) -> bool:
    """Whether a fix's edits can affect a value `_stated_values` would list: one edits a
    definition, or a subschema at or above an edit states a value. Answered by following
    the edited paths down, not by collecting every value of the schema (most fixes reach
    none, and then nothing else is needed)."""
    return any(_in_definition(operation.path) or _states_on_the_way(schema, operation.path)
               for operation in operations)


def _states_on_the_way(schema: Any, path: str) -> bool:
    """Whether a subschema `_stated_values` visits at or above `path` states a value."""
    node = schema
    for token in [None, *path.split("/")[1:]]:
        if token is not None:
            # Step as `_stated_values` does, into a key other than the values' own, spelled as it
            # spells pointers; a step it never takes leads to no value it lists.
            if isinstance(node, dict):
                if not all(type(key) is str for key in node):
                    return True  # a YAML key such as 1 is spelled as "1" too: not worth telling apart
                key = unescape(token)
                if key in _VALUE_KEYWORDS or escape(key) != token or key not in node:
                    return False
                node = node[key]
            elif isinstance(node, list) and token.isdigit() and str(int(token)) == token and int(token) < len(node):
                node = node[int(token)]
            else:
                return False
        if isinstance(node, dict) and _states(node):
            return True
    return False


def _states(node: dict) -> bool:
    """Whether `_stated_values` lists a value of this subschema itself."""
    return ("default" in node or isinstance(node.get("examples"), list) or isinstance(node.get("enum"), list)
            or "const" in node or bool(described_defaults(node.get("description"))))


def _stated_values(schema: Any, at: str = "") -> list[tuple[str, str, Any]]:
    """(pointer of the subschema, what it is, value) for every default, example, enum value and const."""
    found: list[tuple[str, str, Any]] = []
    pending = [(schema, at)]
    while pending:
        node, where = pending.pop()
        if isinstance(node, dict):
            if "default" in node:
                found.append((where, "default", node["default"]))
            if isinstance(node.get("examples"), list):
                found.extend((where, "example", value) for value in node["examples"])
            if isinstance(node.get("enum"), list):
                found.extend((where, "enum value", value) for value in node["enum"])
            if "const" in node:
                found.append((where, "const", node["const"]))
            found.extend((where, "described default", value) for value in described_defaults(node.get("description")))
            # Only objects and arrays hold stated values: a pointer for every scalar would be wasted.
            pending.extend((value, f"{where}/{escape(key)}") for key, value in node.items()
                           if key not in _VALUE_KEYWORDS and isinstance(value, (dict, list)))
        elif isinstance(node, list):
            pending.extend((value, f"{where}/{index}") for index, value in enumerate(node)
                           if isinstance(value, (dict, list)))
    return found


def validators_for(schema: Any) -> jsonschema_rs.ValidatorMap | None:
    """Imports jsonschema-rs: most runs compile no validator here (see `withhold_breaking_fixes`)."""
    import jsonschema_rs

    try:
        return jsonschema_rs.validator_map_for(with_bundled_dialect(normalize_dialect(schema)), validate_formats=True,
                                               offline=True, pattern_options=regex_options())
    except (jsonschema_rs.ValidationError, jsonschema_rs.ReferencingError, ValueError, TypeError):
        return None


def _accepts(validators: jsonschema_rs.ValidatorMap, at: str, value: Any) -> bool:
    validator = validators.get("#" + at)
    try:
        return validator is not None and validator.is_valid(value)
    except ValueError:  # a value outside JSON's model (a lone surrogate): nothing to keep
        return False


def apply_inner(schema: Any, schema_pointer: str, operations: tuple[Operation, ...]) -> Any:
    """``schema`` (the tool's argument schema) with a fix's document operations applied, or None."""
    inner = _inner(operations, schema_pointer)
    if inner is None:
        return None
    try:
        return apply_operations(schema, inner)
    except OperationError:
        return None


def _inner(operations: tuple[Operation, ...], schema_pointer: str) -> list[Operation] | None:
    """The fix's operations addressed inside the tool's schema, or None when one reaches outside it."""
    if not schema_pointer:  # the schema is the document: its pointers are the operations' own
        return list(operations) if all(not o.path or o.path.startswith("/") for o in operations) else None
    inner = []
    for operation in operations:
        if operation.path != schema_pointer and not operation.path.startswith(schema_pointer + "/"):
            return None
        inner.append(Operation(operation.op, operation.path[len(schema_pointer):], operation.value))
    return inner


def _in_definition(path: str) -> bool:
    """Whether an edit at `path` is inside a definition, which any subschema may reference:
    it can change what every subschema accepts."""
    tokens = split(path)
    return bool(tokens) and tokens[0] in _DEFINITIONS


def _at_or_below(paths: list[str], at: str) -> bool:
    """Whether an edit at one of `paths` is at or below the subschema at `at`, so can change
    what it accepts."""
    below = at + "/"
    return any(path == at or path.startswith(below) for path in paths)


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
