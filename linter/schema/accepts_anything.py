"""Whether a schema says nothing of an object's keys, however that nothing is spelled.

SL201 reports a write tool's arguments schema that lets any call through (`{}`,
`{"type": "object"}`). The same nothing has other spellings that every validator reads
alike: `true`, a `$ref` to a schema that says nothing (`{"$ref": "#"}` refers to itself),
an `allOf` of such schemas, an `anyOf` with one of them, a `oneOf` of just one, a `not` of
a schema that rejects every object (`{"not": {"not": {}}}`), an `if` whose `then` and
`else` say nothing. Judging what the schema accepts, not its spelling, keeps a pull request
from swapping a destructive tool's schema for one of those to pass CI.

Anything this cannot read for certain (a keyword that says something of keys, a remote or
dynamic reference, a reference cycle through a `not`, more than `_MOST_STEPS` subschemas
visited) counts as saying something: no finding rests on a guess.
"""

from __future__ import annotations

from typing import Any

from schema_lint.schema.pointer import resolve
from schema_lint.schema.refs import unquote

# What lets a schema say anything of an object's keys: without one, it accepts any keys.
KEYS_SAID = ("properties", "patternProperties", "additionalProperties", "unevaluatedProperties", "propertyNames",
             "$ref", "$dynamicRef", "$recursiveRef", "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
             "dependentSchemas", "enum", "const", "maxProperties")
# Keywords whose `true` or `{}` says nothing of the keys either.
_OPEN_WHEN_EMPTY = ("additionalProperties", "unevaluatedProperties", "propertyNames")
_NOT_OBJECTS = ("string", "number", "integer", "boolean", "null", "array")
# Subschemas visited at most for one schema; past it, the schema counts as saying something.
_MOST_STEPS = 10_000


class _Judge:
    def __init__(self, root: Any) -> None:
        self.root = root
        self.steps = 0
        self._embedded_ids: bool | None = None

    def accepts_every_object(self, schema: Any, path: dict[int, int], negations: int) -> bool:
        """Whether `schema` accepts every object. `path`: the id of each object being judged
        on the way here, with the count of `not`s crossed when it was reached: reached
        again with no `not` between, it is a loop of references, which adds no constraint."""
        return self._judged(schema, path, negations, accepting=True)

    def rejects_every_object(self, schema: Any, path: dict[int, int], negations: int) -> bool:
        return self._judged(schema, path, negations, accepting=False)

    def _judged(self, schema: Any, path: dict[int, int], negations: int, accepting: bool) -> bool:
        self.steps += 1
        if self.steps > _MOST_STEPS:
            raise _Undecided
        if type(schema) is bool:
            return schema is accepting
        if type(schema) is not dict:
            raise _Undecided
        key = id(schema) * 2 + accepting
        if key in path:
            if path[key] != negations:
                raise _Undecided  # a cycle through a `not`: a paradox, not a nothing
            return accepting
        path[key] = negations
        try:
            return self._accepts(schema, path, negations) if accepting else self._rejects(schema, path, negations)
        finally:
            del path[key]

    def _accepts(self, schema: dict, path: dict[int, int], negations: int) -> bool:
        if schema.get("type", "object") != "object":
            return False
        for keyword in KEYS_SAID:
            if keyword not in schema:
                continue
            value = schema[keyword]
            if keyword in _OPEN_WHEN_EMPTY and value in (True, {}):
                continue
            if not self._keyword_accepts(keyword, value, schema, path, negations):
                return False
        return True

    def _keyword_accepts(self, keyword: str, value: Any, schema: dict, path: dict[int, int], negations: int) -> bool:
        if keyword == "$ref":
            return self.accepts_every_object(self._target(value), path, negations)
        if keyword in ("allOf", "anyOf", "oneOf"):
            if type(value) is not list or not value:
                raise _Undecided
            if keyword == "oneOf" and len(value) != 1:
                return False  # an object both a branch and another accept is rejected
            judged = (self.accepts_every_object(member, path, negations) for member in value)
            return all(judged) if keyword == "allOf" else any(judged)
        if keyword == "not":
            return self.rejects_every_object(value, path, negations + 1)
        if keyword == "if":
            return True  # on its own a condition asks nothing: `then` and `else` are judged as keywords
        if keyword in ("then", "else"):
            return "if" not in schema or self.accepts_every_object(value, path, negations)
        return False

    def _rejects(self, schema: dict, path: dict[int, int], negations: int) -> bool:
        """Only the plain spellings of "no object": `false`, a `not` of a schema that accepts
        every object, a `type` without `object`, and an `allOf` or `$ref` reaching one."""
        if "$ref" in schema:  # up to draft-07 its siblings are ignored: only the target says
            return self.rejects_every_object(self._target(schema["$ref"]), path, negations)
        if schema.get("type") in _NOT_OBJECTS:
            return True
        if "not" in schema and self.accepts_every_object(schema["not"], path, negations + 1):
            return True
        members = schema.get("allOf")
        return type(members) is list and any(self.rejects_every_object(member, path, negations) for member in members)

    def _target(self, ref: Any) -> Any:
        """The subschema a fragment-only `$ref` names in the root; `_Undecided` for any other
        reference, and for any reference where an embedded `$id` could change its base."""
        if type(ref) is not str or not ref.startswith("#") or (ref != "#" and not ref.startswith("#/")):
            raise _Undecided
        if self._embedded_ids is None:
            self._embedded_ids = _embeds_ids(self.root)
        if self._embedded_ids:
            raise _Undecided
        try:
            return resolve(self.root, unquote(ref[1:]))
        except (LookupError, ValueError):
            raise _Undecided from None


class _Undecided(Exception):
    """The schema cannot be read for certain here: it counts as saying something."""


def says_nothing_of_keys(schema: Any) -> bool:
    """Whether `schema` (a tool's arguments schema, the root of its references) accepts every
    object, whatever keys it holds."""
    try:
        return _Judge(schema).accepts_every_object(schema, {}, 0)
    except (_Undecided, RecursionError):
        return False


def _embeds_ids(root: Any) -> bool:
    """Whether any object below the root carries `$id` or `id` (draft-04) as a string (not a
    property of that name), which may give the references under it another base."""
    pending = list(root.values()) if isinstance(root, dict) else []
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            if isinstance(node.get("$id"), str) or isinstance(node.get("id"), str):
                return True
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    return False
