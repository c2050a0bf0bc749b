"""A fix never makes a value the schema itself states invalid.

A schema's `default`, `examples`, `enum` and `const`, a default its description names
("Default is 0, which means no limit") and the values it offers ("between 10 and 50 (0 =
server default)", "or 'auto'", "leave empty for no CC": `described_values`), are the
author's own word on what a valid value looks like. A tightening fix that rejects one of them is wrong by the
schema's own evidence (a `format: date` on a field whose default is `"null"`, a
`required` list on an object whose default is `{}`), and so is any call that relies on
it. Each fix is applied to the tool's schema (once, see `Candidate`) and every stated
value its operations can affect (those at or above the edited node, or all of them when
a definition is edited) is validated again; a fix that would reject one is withheld, and
the finding says why. The finding stays: a missing fix
costs a reviewer a minute, a wrong one breaks a working agent.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from schema_lint.model import Operation
from schema_lint.prose.field_prose import described_defaults, described_values
from schema_lint.schema.dialect import normalize_dialect, normalized_type
from schema_lint.schema.keywords import declared_draft
from schema_lint.schema.operations import OperationError, apply_operations
from schema_lint.schema.pointer import escape, resolve, split, unescape
from schema_lint.schema.scalar_shortcut import acceptor
from schema_lint.text.display import clip

if TYPE_CHECKING:
    import jsonschema_rs

    from schema_lint.gate import Candidate, ToolSchema

_DEFINITIONS = ("$defs", "definitions")
_VALUE_KEYWORDS = ("default", "examples", "enum", "const")
_STRING = frozenset({str})


def broken(tool: ToolSchema, candidates: Iterable[Candidate]) -> Iterator[tuple[Candidate, str]]:
    """Each candidate whose fix would make a stated value of the tool's schema invalid, with
    what its finding says."""
    # A fix reaching outside the schema is left be, and so is one that only respells a type.
    inside = [(candidate, candidate.operations) for candidate in candidates
              if candidate.operations is not None and not respells_types(tool.schema, candidate.operations)]
    everywhere: list[tuple[str, str, Any]] | None = None  # every stated value, listed once a definition is edited
    touching = []
    for candidate, operations in inside:
        paths = [operation.path for operation in operations]
        anywhere = any(_in_definition(path) for path in paths)
        if anywhere:
            if everywhere is None:
                everywhere = _stated_values(tool.schema)
            touched = everywhere
        else:
            touched = _stated_at_or_above(tool.schema, paths)
        if touched:
            touching.append((candidate, operations, anywhere, touched))
    if not touching:
        return
    # Compiling a schema costs more than the rest of this together, and most fixes break no
    # stated value: the fixed schema is compiled for each fix that reaches one the shortcut
    # cannot judge, the schema as written only once some value fails the fixed one and the
    # shortcut cannot tell that it failed the original too (it must have passed the original
    # to count), and then once for all fixes.
    alone = _judged_alone(tool)
    for candidate, operations, anywhere, touched in touching:
        rejected = _rejected_by_subschema(alone, operations, touched) if alone and not anywhere else None
        if rejected is None:
            rejected = _rejected_after(candidate, touched)
        # Most such values were already invalid (SL008's finding): no evidence. Read lazily:
        # one value the schema as written accepts is enough.
        kept = iter(rejected) if alone is None else (
            entry for entry in rejected if _accepted_alone(alone, entry) is not False)
        first = next(kept, None)
        if first is None:
            continue
        if tool.validators is None:
            return  # the schema as written does not compile: it is no evidence either way
        found = next((entry for entry in itertools.chain([first], kept)
                      if _accepts(tool.validators, entry[0], entry[2])), None)
        if found is not None:
            at, label, value = found
            where = f" at `{at}`" if at else ""
            yield candidate, f"; no fix: it would reject the schema's own {label} {clip(_shown(value), 40)}{where}"


class _Alone:
    """A schema whose subschemas mean on their own what they mean in place (it refers nowhere),
    the draft `with_bundled_dialect` reads it in, and whether it is in Gemini's dialect
    (`ToolSchema.openapi`, which `normalize_dialect` reads one subschema at a time)."""

    def __init__(self, root: dict, draft: str, openapi: bool) -> None:
        self.root = root
        self.draft = draft
        self.openapi = openapi
        self._judges: dict[str, Callable[[Any], bool | None] | None] = {}

    def judge(self, at: str) -> Callable[[Any], bool | None] | None:
        """`accepts` of the subschema at `at` as `normalize_dialect` reads it; None when `at` is
        not where every draft has a subschema, holds none, or the shortcut cannot judge it.
        Made once a pointer: a fix may touch every value of a long `enum`, and a description
        may offer thousands."""
        if at not in self._judges:
            try:
                subschema = (normalize_dialect(resolve(self.root, at), self.openapi) if _plain_subschema_position(at)
                             else None)
            except LookupError:
                subschema = None
            self._judges[at] = None if subschema is None else acceptor(subschema, self.draft)
        return self._judges[at]


def _judged_alone(tool: ToolSchema) -> _Alone | None:
    """The tool's schema as `_Alone`, or None when it refers anywhere (its subschemas then
    mean something only in place) or is no object."""
    schema = tool.schema
    if not isinstance(schema, dict) or _holds_reference(schema):
        return None
    return _Alone(schema, declared_draft(schema) or "2020-12", tool.openapi)  # as `with_bundled_dialect` reads an unknown one


def _accepted_alone(alone: _Alone, entry: tuple[str, str, Any]) -> bool | None:
    """Whether the schema as written accepts a stated value, judged against its own subschema
    (`scalar_shortcut`) with nothing compiled; None when that cannot tell."""
    at, _, value = entry
    judge = alone.judge(at)
    return None if judge is None else judge(value)


def _rejected_by_subschema(alone: _Alone, operations: list[Operation], touched: list) -> list | None:
    """The stated values (in `touched`'s order) that the fix rejects, judged against each one's
    own subschema with the fix applied to it alone (`scalar_shortcut`): no copy of the whole
    schema, nothing compiled. None when that cannot tell: a fix edits a subschema of a value
    or one above it, or a value is not one the shortcut judges."""
    fixed: dict[str, Any] = {}  # each subschema with the fix, as `normalize_dialect` reads it, judged once
    rejected = []
    for entry in touched:
        at, _, value = entry
        if at not in fixed:
            subschema = normalize_dialect(_fixed_subschema(alone.root, at, operations), alone.openapi)
            fixed[at] = None if subschema is None else acceptor(subschema, alone.draft)
        judge = fixed[at]
        if judge is None:
            return None
        accepted = judge(value)
        if accepted is None:
            return None
        if not accepted:
            rejected.append(entry)
    return rejected


def _fixed_subschema(root: dict, at: str, operations: list[Operation]) -> Any:
    """The subschema at `at` with the operations below it applied to a copy of it alone; None
    when `at` is not where every draft has a subschema, or an operation is at or above it."""
    if not _plain_subschema_position(at):
        return None
    below = at + "/"
    if any(at == operation.path or at.startswith(operation.path + "/") or not operation.path
           for operation in operations):
        return None
    try:
        inside = [Operation(operation.op, operation.path[len(at):], operation.value)
                  for operation in operations if operation.path.startswith(below)]
        subschema = resolve(root, at)
        if type(subschema) is dict and not any("/" in operation.path[1:] for operation in inside):
            return _members_set(subschema, inside)
        return apply_operations(subschema, inside)
    except (LookupError, OperationError):
        return None


def _members_set(subschema: dict, operations: list[Operation]) -> dict:
    """What `apply_operations` makes of edits to the subschema's own members (most fixes add
    a keyword to the subschema they are about), on a shallow copy: the copy is only read, so
    the subschema's deep copy would be wasted."""
    fixed = dict(subschema)
    for operation in operations:
        name = unescape(operation.path[1:])
        if operation.op != "add" and name not in fixed:
            raise OperationError(f"{operation.path}: no such member")
        if operation.op == "remove":
            del fixed[name]
        else:
            fixed[name] = operation.value
    return fixed


def _plain_subschema_position(at: str) -> bool:
    """Whether `at` is reached through `properties`, `items` (one schema) and the compositions
    only: a subschema under every draft, where `#at` names it in any validator."""
    tokens = split(at)
    index = 0
    while index < len(tokens):
        keyword = tokens[index]
        if keyword in ("properties", "allOf", "anyOf", "oneOf") and index + 1 < len(tokens):
            index += 2
        elif keyword in ("items", "additionalProperties", "not"):
            index += 1
        else:
            return False
    return True


def _holds_reference(schema: Any) -> bool:
    pending = [schema]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            if "$ref" in node or "$dynamicRef" in node or "$recursiveRef" in node:
                return True
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    return False


def _rejected_after(candidate: Candidate, touched: list) -> list:
    """The stated values (in `touched`'s order) that the schema with the fix applied rejects;
    all of them when the fixed schema does not even compile."""
    if candidate.fixed is None:
        return []
    after = candidate.validators
    if after is None:
        return touched
    # A value whose subschema the fix removed (an unused definition) is gone, not broken.
    return [entry for entry in touched
            if after.get("#" + entry[0]) is not None and not _accepts(after, entry[0], entry[2])]


def respells_types(schema: Any, operations: Iterable[Operation], schema_pointer: str = "") -> bool:
    """Whether every edit writes a subschema's `type` as `normalize_dialect` already reads it
    (`"dict"` as `"object"`, `"any"` removed): SL005's fixes, most of a run's. Every schema
    here, before a fix and after, is judged as `normalize_dialect` reads it, which is then
    the same schema: the fix can reject no value, and its way down need not be walked.
    `schema_pointer`: where `schema` lies in the document the operations address."""
    inside = schema_pointer + "/"
    for operation in operations:
        path = operation.path
        # Neither the whole schema nor outside it, and only a subschema's `type` rewritten.
        if operation.op not in ("replace", "remove") or not path.endswith("/type") or not path.startswith(inside):
            return False
        node = _typed_by_normalize_dialect(schema, path[len(schema_pointer):-len("/type")])
        if node is None or "type" not in node:
            return False
        meant = None if operation.op == "remove" else normalized_type(operation.value)
        if normalized_type(node["type"]) != meant:
            return False
    return True


def _typed_by_normalize_dialect(schema: Any, at: str) -> dict | None:
    """The subschema at `at` when `normalize_dialect` rewrites its `type`: one reached through
    `properties`, `items` (one schema), `additionalProperties`, `not` and the compositions,
    each holding what that keyword holds; None otherwise."""
    node, tokens, index = schema, at.split("/")[1:], 0
    while index < len(tokens):
        keyword = tokens[index]
        if not isinstance(node, dict) or keyword not in node:
            return None  # a keyword is spelled without `~`: the token is its name
        node = node[keyword]
        if keyword in ("properties", "allOf", "anyOf", "oneOf") and index + 1 < len(tokens):
            name = tokens[index + 1]
            if keyword == "properties" and type(node) is dict:
                node = node.get(unescape(name) if "~" in name else name)
            elif keyword != "properties" and type(node) is list and name.isdigit() and int(name) < len(node):
                node = node[int(name)]
            else:
                return None
            index += 2
        elif keyword in ("items", "additionalProperties", "not"):
            index += 1
        else:
            return None
    return node if isinstance(node, dict) else None


def _stated_values(schema: Any) -> list[tuple[str, str, Any]]:
    """(pointer of the subschema, what it is, value) for every default, example, enum value and const."""
    found: list[tuple[str, str, Any]] = []
    pending = [(schema, "")]
    while pending:
        node, where = pending.pop()
        if isinstance(node, dict):
            _state_here(node, where, found)
            # Only objects and arrays hold stated values: a pointer for every scalar would be wasted.
            pending.extend((value, f"{where}/{escape(key)}") for key, value in node.items()
                           if key not in _VALUE_KEYWORDS and isinstance(value, (dict, list)))
        elif isinstance(node, list):
            pending.extend((value, f"{where}/{index}") for index, value in enumerate(node)
                           if isinstance(value, (dict, list)))
    return found


def _stated_at_or_above(schema: Any, paths: list[str]) -> list[tuple[str, str, Any]]:
    """The values `_stated_values` lists (in its order) of the subschemas at or above an edit
    at one of `paths`, whose edit can change what they accept: found by following the paths
    down, not by listing every value of the schema (reading every description for the
    values it offers cost more than the rest of the gate). Steps as `_stated_values` does,
    into what it names by the paths' tokens."""
    steps: dict = {}  # the paths' tokens as a tree: each token to the tokens after it
    for path in paths:
        below = steps
        for token in path.split("/")[1:]:
            below = below.setdefault(token, {})
    found: list[tuple[str, str, Any]] = []
    pending = [(schema, "", steps)]
    while pending:
        node, where, below = pending.pop()
        if isinstance(node, dict):
            _state_here(node, where, found)
            if below:
                pending.extend((value, f"{where}/{token}", below[token]) for token, value in _named(node, below))
        elif isinstance(node, list) and below:
            indices = sorted(int(token) for token in below if token.isascii() and token.isdigit()
                             and str(int(token)) == token and int(token) < len(node))
            pending.extend((node[index], f"{where}/{index}", below[str(index)]) for index in indices
                           if isinstance(node[index], (dict, list)))
    return found


def _named(node: dict, tokens: dict) -> list[tuple[str, Any]]:
    """(token, member) for each member of `node` `_stated_values` steps into whose pointer
    token is one of `tokens`, in the node's order."""
    if len(tokens) == 1 and _STRING.issuperset(map(type, node)):  # nearly always: one way down, keys as JSON has them
        token = next(iter(tokens))
        key = unescape(token) if "~" in token else token  # a token without `~` is its key, spelled so
        if key in _VALUE_KEYWORDS or key not in node or (key is not token and escape(key) != token):
            return []
        return [(token, node[key])] if isinstance(node[key], (dict, list)) else []
    # A YAML key such as 1 is spelled "1", as the key "1" is: both are stepped into.
    named = ((escape(key), key, value) for key, value in node.items())
    return [(token, value) for token, key, value in named
            if token in tokens and key not in _VALUE_KEYWORDS and isinstance(value, (dict, list))]


def _state_here(node: dict, where: str, found: list[tuple[str, str, Any]]) -> None:
    """Add the values the subschema `node` at `where` states itself to `found`."""
    if "default" in node:
        found.append((where, "default", node["default"]))
    examples, enum = node.get("examples"), node.get("enum")
    if isinstance(examples, list):
        found += [(where, "example", value) for value in examples]
    if isinstance(enum, list):
        found += [(where, "enum value", value) for value in enum]
    if "const" in node:
        found.append((where, "const", node["const"]))
    description = node.get("description")
    if isinstance(description, str):  # the only text either reader reads
        found += [(where, "described default", value) for value in described_defaults(description)]
        found += [(where, "described value", value) for value in described_values(description)]


def _accepts(validators: jsonschema_rs.ValidatorMap, at: str, value: Any) -> bool:
    validator = validators.get("#" + at)
    try:
        return validator is not None and validator.is_valid(value)
    except ValueError:  # a value outside JSON's model (a lone surrogate): nothing to keep
        return False


def _in_definition(path: str) -> bool:
    """Whether an edit at `path` is inside a definition, which any subschema may reference:
    it can change what every subschema accepts. Only the first token is read (`inner_operations`
    gives pointers): the definitions' keywords are spelled the same escaped or not."""
    tokens = path.split("/", 2)
    return len(tokens) > 1 and tokens[1] in _DEFINITIONS


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
