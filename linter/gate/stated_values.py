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
from os.path import commonprefix
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from schema_lint.model import Operation
from schema_lint.prose.field_prose import described_defaults, described_values, lengths_given_for, values_given_for
from schema_lint.schema.dialect import normalize_dialect, normalized_type
from schema_lint.schema.keywords import declared_draft
from schema_lint.schema.operations import OperationError, apply_operations
from schema_lint.schema.pointer import escape, join, resolve, resolve_steps, split, unescape
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
    keyed: dict[int, bool] = {}  # for `_named`: whether each object of the schema has only string keys
    for candidate, operations in inside:
        paths = [operation.path for operation in operations]
        anywhere = any(_in_definition(path) for path in paths)
        if anywhere:
            if everywhere is None:
                everywhere = _stated_values(tool.schema, tool.words)
            touched = everywhere
        else:
            touched = _stated_at_or_above(tool.schema, paths, keyed, tool.words)
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
    budget = _Budget(tool.schema)
    for candidate, operations, anywhere, touched in touching:
        try:
            rejected = _rejected_by_subschema(alone, operations, touched, budget) if alone and not anywhere else None
            if rejected is None:
                budget.spend(tool.schema, len(touched))  # the whole fixed schema compiled
                rejected = _rejected_after(candidate, touched)
        except _OverBudget:
            yield candidate, (f"; no fix: checking it against the values the schema states would take too long"
                              f" (past the budget of {GATE_BUDGET:,} schema nodes judged for one tool)")
            continue
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
            shown = f"({len(value):,} characters)" if label == LENGTH_NAMED else clip(_shown(value), 40)
            yield candidate, f"; no fix: it would reject the schema's own {label} {shown}{where}"


# The schema nodes the gate may copy, compile and judge for one tool's fixes: a few seconds
# at most (a compiled schema costs some 15 µs a node). A fix judged on its edited subschema
# alone costs that subschema; only a fix the shortcut cannot judge so costs a whole (sub)schema,
# which a schema of thousands of fields with a fix on each would otherwise pay as the square
# of its size. Past it, the tool's remaining fixes that reach a stated value are withheld.
GATE_BUDGET = 200_000


class _OverBudget(Exception):
    """The gate's budget for one tool is spent: its remaining fixes are withheld unjudged."""


class _Budget:
    """What is left of `GATE_BUDGET` for one tool, charged by the size of what is judged."""

    def __init__(self, root: Any) -> None:
        self.left = GATE_BUDGET
        self._root = root
        self._sizes: dict[int, int] | None = None  # id of each container of the schema: its nodes

    def spend(self, node: Any, extra: int = 0) -> None:
        """Charge for judging `node` (a part of the schema, or a copy of one: its size as
        written) and `extra` nodes more; raises `_OverBudget` once the budget is spent."""
        if self._sizes is None:
            self._sizes = _sizes(self._root)
        self.left -= self._sizes.get(id(node), 1) + extra
        if self.left < 0:
            raise _OverBudget


def _sizes(root: Any) -> dict[int, int]:
    """The number of nodes (containers and scalars) in each container of `root`, by its id:
    one walk, however many subschemas are then asked about. A container reached again (a
    YAML alias) is walked once and counted wherever it is."""
    sizes: dict[int, int] = {}
    seen: set[int] = set()
    pending: list[tuple[Any, bool]] = [(root, False)]
    while pending:
        node, done = pending.pop()
        children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else None
        if children is None:
            continue
        if done:
            sizes[id(node)] = 1 + sum(sizes.get(id(child), 1) for child in children)
        elif id(node) not in seen:
            seen.add(id(node))
            pending.append((node, True))
            pending.extend((child, False) for child in children if isinstance(child, (dict, list)))
    return sizes


class _Alone:
    """A schema whose subschemas mean on their own what they mean in place (it refers nowhere),
    the draft `with_bundled_dialect` reads it in, and whether it is in Gemini's dialect
    (`ToolSchema.openapi`, which `normalize_dialect` reads one subschema at a time)."""

    def __init__(self, root: dict, draft: str, openapi: bool) -> None:
        self.root = root
        self.draft = draft
        self.openapi = openapi
        self._judges: dict[str, Callable[[Any], bool | None] | None] = {}
        self._normalized: dict[str, Any] = {}

    def judge(self, at: str) -> Callable[[Any], bool | None] | None:
        """`accepts` of the subschema at `at` as `normalize_dialect` reads it; None when `at` is
        not where every draft has a subschema, holds none, or the shortcut cannot judge it.
        Made once a pointer: a fix may touch every value of a long `enum`, and a description
        may offer thousands."""
        if at not in self._judges:
            subschema = self.normalized(at)
            self._judges[at] = None if subschema is None else acceptor(subschema, self.draft)
        return self._judges[at]

    def normalized(self, at: str) -> Any:
        """The subschema at `at` as `normalize_dialect` reads it; None when `at` is not where
        every draft has a subschema, or holds none."""
        if at not in self._normalized:
            try:
                self._normalized[at] = (normalize_dialect(resolve(self.root, at), self.openapi)
                                        if _plain_subschema_position(at) else None)
            except LookupError:
                self._normalized[at] = None
        return self._normalized[at]


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


def _rejected_by_subschema(alone: _Alone, operations: list[Operation], touched: list,
                           budget: _Budget) -> list | None:
    """The stated values (in `touched`'s order) that the fix rejects, judged against each one's
    own subschema with the fix applied to it alone (`scalar_shortcut`): nothing compiled.
    None when that cannot tell: a fix edits a subschema of a value or one above it, or a
    value is not one the shortcut judges."""
    fixed: dict[str, Any] = {}  # each subschema with the fix, as `normalize_dialect` reads it, judged once
    rejected = []
    for entry in touched:
        at, _, value = entry
        if at not in fixed:
            fixed[at] = _fixed_judge(alone, at, operations, budget)
        judge = fixed[at]
        if judge is None:
            return None
        accepted = judge(value)
        if accepted is None:
            return None
        if not accepted:
            rejected.append(entry)
    return rejected


def _fixed_judge(alone: _Alone, at: str, operations: list[Operation],
                 budget: _Budget) -> Callable[[Any], bool | None] | None:
    """`accepts` of the subschema at `at` with the fix applied, as `normalize_dialect` reads
    it; None when the shortcut cannot judge it.

    A fix edits one subschema below the value's (`_edited_below`), which the value mostly
    never reaches (a default `3` of an object, the fix a `maxLength` of a string under it):
    when the subschema as written is one the shortcut judges, so is the fixed one exactly
    when the edited subschema, fixed, is (every other part is as written), and a value that
    does not reach the edit is judged as before. Only the edited subschema is copied, and
    the way down to it only for a value that reaches it. Copying and judging the whole
    subschema for each fix cost the square of a schema's size (a thousand fields, 27 s)."""
    edited = _edited_below(at, operations)
    before = alone.judge(at) if edited is not None else None
    if edited is None or before is None:
        budget.spend(_part(alone.root, at))  # the whole subschema copied and judged
        subschema = normalize_dialect(_fixed_subschema(alone.root, at, operations), alone.openapi)
        return None if subschema is None else acceptor(subschema, alone.draft)
    budget.spend(_part(alone.root, edited))
    inner = normalize_dialect(_fixed_subschema(alone.root, edited, operations), alone.openapi)
    # Judged below the root, where `$schema` is no keyword the shortcut vouches for.
    if type(inner) is not dict or "$schema" in inner or acceptor(inner, alone.draft) is None:
        return None
    way = split(edited)[len(split(at)):]
    after: list[Callable[[Any], bool | None] | None] = []  # the whole fixed subschema's, made once a value reaches the edit

    def judge(value: Any) -> bool | None:
        if not _reaches(value, way):
            return before(value)
        if not after:
            budget.spend(None, _width(alone.root, split(at), way))
            after.append(acceptor(_replaced(alone.normalized(at), way, inner), alone.draft, vouched=True))
        return after[0](value)  # type: ignore[misc]  # vouched: never None
    return judge


def _edited_below(at: str, operations: list[Operation]) -> str | None:
    """The deepest subschema strictly below `at`, reached as `_plain_subschema_position` reads
    one, that holds every edit strictly inside it; None when there is none."""
    if not operations or not _plain_subschema_position(at):
        return None
    if not all(operation.path.startswith(at + "/") for operation in operations):
        return None
    common = commonprefix([split(operation.path)[:-1] for operation in operations])
    tokens, index = common, len(split(at))
    last = None
    while index < len(tokens):
        if tokens[index] in ("properties", "allOf", "anyOf", "oneOf") and index + 1 < len(tokens):
            index += 2
        elif tokens[index] in ("items", "additionalProperties", "not"):
            index += 1
        else:
            break
        last = index
    return None if last is None else join("", *tokens[:last])


def _part(root: Any, at: str) -> Any:
    """The part of `root` at `at`; None when there is none."""
    try:
        return resolve(root, at)
    except LookupError:
        return None


def _width(root: Any, above: list[str], way: list[str]) -> int:
    """How many members the containers on `way` (below `above`) hold: what `_replaced` copies."""
    node, width = resolve_steps(root, above), 0
    for token in way:
        width += len(node) if isinstance(node, (dict, list)) else 0
        node = node[int(token)] if isinstance(node, list) else node[token]
    return width


def _reaches(value: Any, way: list[str]) -> bool:
    """Whether judging `value` against a subschema may read the subschema `way` leads to
    (False only when it cannot: the value has no member or element there)."""
    index = 0
    while index < len(way):
        keyword = way[index]
        if keyword == "properties":
            if type(value) is not dict or way[index + 1] not in value:
                return False
            value = value[way[index + 1]]
            index += 2
        elif keyword in ("allOf", "anyOf", "oneOf"):
            index += 2
        elif keyword == "not":
            index += 1
        else:  # `items`, `additionalProperties`: some element or member may
            return type(value) is (list if keyword == "items" else dict) and bool(value)
    return True


def _replaced(node: Any, way: list[str], inner: Any) -> Any:
    """`node` with what `way` leads to replaced by `inner`: the containers on the way copied
    one level each, the rest shared (only read)."""
    if not way:
        return inner
    token = way[0]
    if type(node) is dict:
        copied: Any = dict(node)
        copied[token] = _replaced(node[token], way[1:], inner)
    else:
        copied = list(node)
        copied[int(token)] = _replaced(node[int(token)], way[1:], inner)
    return copied


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


def _stated_values(schema: Any, words: str | None = None) -> list[tuple[str, str, Any]]:
    """(pointer of the subschema, what it is, value) for every default, example, enum value and
    const, and every value words above a property give it by name (`words`: the tool's)."""
    found: list[tuple[str, str, Any]] = []
    referred = _words_at_references(schema)
    pending: list[tuple[Any, str, tuple[str, ...]]] = [(schema, "", (words,) if words else ())]
    while pending:
        node, where, above = pending.pop()
        if isinstance(node, dict):
            _state_here(node, where, found, above)
            inner = _words_below(node, where, above)
            entries = referred if where.endswith(_DEFINITION_MAPS) else {}
            # Only objects and arrays hold stated values: a pointer for every scalar would be wasted.
            pending.extend((value, f"{where}/{escape(key)}", _joined(inner, entries.get(f"{where}/{escape(key)}")))
                           for key, value in node.items()
                           if key not in _VALUE_KEYWORDS and isinstance(value, (dict, list)))
        elif isinstance(node, list):
            pending.extend((value, f"{where}/{index}", above) for index, value in enumerate(node)
                           if isinstance(value, (dict, list)))
    return found


_DEFINITION_MAPS = ("/$defs", "/definitions")


def _joined(words: tuple[str, ...], more: tuple[str, ...] | None) -> tuple[str, ...]:
    return words + tuple(said for said in more if said not in words) if more else words


def _words_at_references(schema: Any) -> dict[str, tuple[str, ...]]:
    """For each definition a local `$ref` points at, the words of the schema above the places
    that refer to it (and theirs): a model's words reach the models its fields hold ("Pallets are
    parcels too: their weight_kg may be up to 1000" on `Parcel`, of the `Box` its `box` holds),
    as they reach a field written in place. Empty for a schema with no definitions, as nearly
    every one."""
    if not isinstance(schema, dict) or not any(keyword in schema for keyword in ("$defs", "definitions")):
        return {}
    referred: dict[str, tuple[str, ...]] = {}
    pending: list[tuple[Any, str, tuple[str, ...]]] = [(schema, "", ())]
    while pending:
        node, where, above = pending.pop()
        if isinstance(node, dict):
            inner = _words_below(node, where, above)
            target = node.get("$ref")
            if isinstance(target, str) and target.startswith("#/") and inner:
                referred[target[1:]] = _joined(referred.get(target[1:], ()), inner)
            pending.extend((value, f"{where}/{escape(key)}", inner) for key, value in node.items()
                           if key not in _VALUE_KEYWORDS and isinstance(value, (dict, list)))
        elif isinstance(node, list):
            pending.extend((value, f"{where}/{index}", above) for index, value in enumerate(node)
                           if isinstance(value, (dict, list)))
    return referred


def _stated_at_or_above(schema: Any, paths: list[str], keyed: dict[int, bool] | None = None,
                        words: str | None = None) -> list[tuple[str, str, Any]]:
    """The values `_stated_values` lists (in its order) of the subschemas at or above an edit
    at one of `paths`, whose edit can change what they accept: found by following the paths
    down, not by listing every value of the schema (reading every description for the
    values it offers cost more than the rest of the gate). Steps as `_stated_values` does,
    into what it names by the paths' tokens. `keyed`: what `_named` learnt of the schema's
    objects for an earlier fix of the same tool; `words`: the tool's."""
    keyed = {} if keyed is None else keyed
    steps: dict = {}  # the paths' tokens as a tree: each token to the tokens after it
    for path in paths:
        below = steps
        for token in path.split("/")[1:]:
            below = below.setdefault(token, {})
    found: list[tuple[str, str, Any]] = []
    pending: list[tuple[Any, str, dict, tuple[str, ...]]] = [(schema, "", steps, (words,) if words else ())]
    while pending:
        node, where, below, above = pending.pop()
        if isinstance(node, dict):
            _state_here(node, where, found, above)
            if below:
                inner = _words_below(node, where, above)
                pending.extend((value, f"{where}/{token}", below[token], inner)
                               for token, value in _named(node, below, keyed))
        elif isinstance(node, list) and below:
            indices = sorted(int(token) for token in below if token.isascii() and token.isdigit()
                             and str(int(token)) == token and int(token) < len(node))
            pending.extend((node[index], f"{where}/{index}", below[str(index)], above) for index in indices
                           if isinstance(node[index], (dict, list)))
    return found


def _named(node: dict, tokens: dict, keyed: dict[int, bool]) -> list[tuple[str, Any]]:
    """(token, member) for each member of `node` `_stated_values` steps into whose pointer
    token is one of `tokens`, in the node's order. Whether `node`'s keys are all strings is
    kept in `keyed` by its id, for the tool's next fix: asked again of the `properties` of
    an object with a fix on each of its thousands of fields, it cost the square of their number."""
    strings = keyed.get(id(node))
    if strings is None:
        strings = keyed[id(node)] = _STRING.issuperset(map(type, node))
    if len(tokens) == 1 and strings:  # nearly always: one way down, keys as JSON has them
        token = next(iter(tokens))
        key = unescape(token) if "~" in token else token  # a token without `~` is its key, spelled so
        if key in _VALUE_KEYWORDS or key not in node or (key is not token and escape(key) != token):
            return []
        return [(token, node[key])] if isinstance(node[key], (dict, list)) else []
    # A YAML key such as 1 is spelled "1", as the key "1" is: both are stepped into.
    named = ((escape(key), key, value) for key, value in node.items())
    return [(token, value) for token, key, value in named
            if token in tokens and key not in _VALUE_KEYWORDS and isinstance(value, (dict, list))]


def _state_here(node: dict, where: str, found: list[tuple[str, str, Any]], above: tuple[str, ...] = ()) -> None:
    """Add the values the subschema `node` at `where` states itself to `found`, and those the
    words `above` it (`_words_below` of its parent) give a property by its name."""
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
    if above:
        parent, _, token = where.rpartition("/")
        if parent.endswith("/properties"):
            name = unescape(token)
            found += [(where, "value named in the words above it", value)
                      for words in above for value in values_given_for(words, name)]
        elif token == "items" and parent.rpartition("/")[0].endswith("/properties"):
            name = unescape(parent.rpartition("/")[2])  # an array's items go by the array's name
        else:
            return
        if _takes_strings(node):
            found += [(where, LENGTH_NAMED, "x" * min(length, _LONGEST_NAMED))
                      for words in above for length in lengths_given_for(words, name)]


# What a length the words above a string field give it stands for: a value that long, which a
# `maxLength` below it refuses ("Titles may be up to 300 characters in Pro workspaces").
LENGTH_NAMED = "length named in the words above it"
# A string this long stands for any longer length: past any `maxLength` a fix reads from words.
_LONGEST_NAMED = 100_000


def _takes_strings(node: dict) -> bool:
    """Whether the subschema declares strings, in any dialect's spelling (Gemini's `STRING`)."""
    declared = normalized_type(node.get("type"))
    return declared == "string" or isinstance(declared, list) and "string" in declared


def _words_below(node: dict, where: str, above: tuple[str, ...]) -> tuple[str, ...]:
    """The words above the members of `node`: those above it, and its own description where
    it is a subschema (not a `properties` map, whose members are its fields). Kept apart, not
    joined: each subschema would otherwise hold its own copy of every description above it."""
    description = node.get("description")
    if not isinstance(description, str) or not description or where.endswith("/properties"):
        return above
    return (*above, description)


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
