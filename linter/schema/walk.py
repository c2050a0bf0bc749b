"""Walk every subschema of a tool's argument schema, with the context rules need.

Iterative (no recursion limit to hit) and visits each subschema once; `$ref`s are
not followed here, since the target is visited where it is defined.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from schema_lint.text.display import clip
from schema_lint.schema.dialect import STANDARD_TYPES, standard_type
from schema_lint.schema.keywords import SCHEMA_LISTS, SCHEMA_MAPS, SINGLE_SCHEMA
from schema_lint.schema.pointer import escape


_NO_TYPES: frozenset[str] = frozenset()
_NULL = frozenset({"null"})
# Shared by every node without subschemas; never changed (see `SchemaNode.children`).
_NO_CHILDREN: list[SchemaNode] = []
_NO_NAMES: frozenset[str] = frozenset()
# Looked up by `standard_type`'s answer, None (any value, or unknown) included.
_ONE_TYPE: dict[str | None, frozenset[str]] = {name: frozenset({name}) for name in STANDARD_TYPES}
# How each applicator holds its subschemas: one dict lookup per keyword of every node, where
# testing the keyword against each tuple of `keywords` scanned twenty names.
_MAP, _LIST, _SINGLE, _ITEMS, _DEPENDENCIES = "map", "list", "single", "items", "dependencies"
_HOLDS: dict[str, str] = {**dict.fromkeys(SCHEMA_MAPS, _MAP), **dict.fromkeys(SCHEMA_LISTS, _LIST),
                          **dict.fromkeys(SINGLE_SCHEMA, _SINGLE), "items": _ITEMS, "dependencies": _DEPENDENCIES}
# Keywords whose subschema describes the same field's value as its parent does.
_SAME_FIELD = frozenset({"items", "anyOf", "oneOf", "prefixItems"})
_UNIONS = ("anyOf", "oneOf")
# What a nullable union's own words say of its one non-null branch (see `SchemaNode.description`).
_UNION_WORDS = ("description", "default", "examples")


class SchemaNode:
    """One subschema and where the walk found it. Built for every subschema of every tool, so
    a plain slotted class: no per-node `__post_init__`, and nothing to generate at import."""

    __slots__ = ("schema", "pointer", "parent", "keyword", "name", "depth", "types", "field_name", "children",
                 "documented", "_required_names", "_property_names")

    def __init__(self, schema: Any, pointer: str, parent: SchemaNode | None = None, keyword: str | None = None,
                 name: str | None = None, depth: int = 0) -> None:
        self.schema = schema
        self.pointer = pointer
        self.parent = parent
        self.keyword = keyword
        # Property name, when this node is reached through `properties`.
        self.name = name
        self.depth = depth
        # The direct subschemas, in walk order, set by the walk as it reaches them (none until then).
        self.children: list[SchemaNode] = _NO_CHILDREN
        # An argument's words in its tool's docstring `Args:` block, where its schema has none
        # (set by `ToolContext`; see `description`).
        self.documented: str | None = None
        self._required_names: frozenset[str] | None = None  # `required_names`, once asked
        self._property_names: frozenset[str] | None = None  # `property_names`, once asked
        # The property this subschema describes, also through array items and union branches:
        # `tags[]` is named by `tags` and `amount.anyOf[0]` by `amount`, since rules judge a value
        # by the name it travels under. None for a subschema no property name reaches.
        if keyword == "properties":
            self.field_name = name
        elif keyword in _SAME_FIELD and parent is not None:
            self.field_name = parent.field_name
        else:
            self.field_name = None
        # Declared types in standard names; empty when `type` is absent or says "any".
        # Computed once: every rule asks, many times per node.
        declared = schema.get("type") if isinstance(schema, dict) else None
        if declared is None:
            self.types = _NO_TYPES
        elif isinstance(declared, str):  # the usual `type`: one name, one shared set
            # A standard name (nearly every one) is its own: looked up without `standard_type`'s call.
            types = _ONE_TYPE.get(declared)
            self.types = types if types is not None else _ONE_TYPE.get(standard_type(declared), _NO_TYPES)
        else:
            names = declared if isinstance(declared, list) else [declared]
            self.types = frozenset(t for t in (standard_type(n) for n in names if isinstance(n, str)) if t)

    def __repr__(self) -> str:
        return f"SchemaNode({self.pointer!r}, {self.schema!r})"

    @property
    def is_property(self) -> bool:
        return self.keyword == "properties"

    @property
    def is_root(self) -> bool:
        return self.parent is None

    @property
    def required(self) -> bool:
        """For a property: whether its object lists it in `required`."""
        return self.keyword == "properties" and self.parent is not None and self.name in self.parent.required_names

    @property
    def required_names(self) -> frozenset[str]:
        """The names this object's `required` lists. A set, made once: every property of the
        object asks, and a list would be searched once per property (a tool of 100,000
        required properties took a minute)."""
        names = self._required_names
        if names is None:
            required = self.get("required")
            names = self._required_names = (frozenset(name for name in required if isinstance(name, str))
                                             if isinstance(required, list) else _NO_NAMES)
        return names

    @property
    def property_names(self) -> frozenset[str]:
        """This object's property names, lower-cased. A set, made once: each property's words
        are looked up in it, and an object may have thousands."""
        names = self._property_names
        if names is None:
            properties = self.get("properties")
            names = self._property_names = (frozenset(name.lower() for name in properties if isinstance(name, str))
                                            if isinstance(properties, dict) else _NO_NAMES)
        return names

    @property
    def neighbour_names(self) -> frozenset[str]:
        """The lower-cased names of the properties beside the one this subschema describes (its
        own among them), through array items and union branches as `field_name` is; empty
        where no property name reaches it. A description that names one of them may speak of it
        ("page_size is at most 100" of `page`)."""
        node: SchemaNode | None = self
        while node is not None and node.keyword in _SAME_FIELD:
            node = node.parent
        if node is None or node.keyword != "properties" or node.parent is None:
            return _NO_NAMES
        return node.parent.property_names

    def get(self, key: str, default: Any = None) -> Any:
        return self.schema.get(key, default) if isinstance(self.schema, dict) else default

    @property
    def description(self) -> Any:
        """The words that describe this subschema's values: its own `description`, else, for
        the one branch of a nullable union that is not `null`, the union's. pydantic writes
        `Optional[int]` as `{"anyOf": [{"type": "integer"}, {"type": "null"}], "description":
        …}`: the words on the union ("between 1 and 50") speak of the integer, and a rule that
        reads only the branch's own would find none. An argument with neither has the words
        its tool's docstring gives it (`documented`)."""
        own = self.get("description")
        if own is not None:
            return own
        if self.keyword in _UNIONS and self.parent is not None and nullable_branch(self.parent) is self:
            return self.parent.description
        return self.documented

    @property
    def worded_schema(self) -> Any:
        """The schema with the words that describe its values (`description`, `default`,
        `examples`) taken from the nullable union it is the one non-null branch of, where it
        has none of its own: what a reader of its stated values should see (see `description`)."""
        if self.keyword not in _UNIONS or self.parent is None or not isinstance(self.schema, dict) \
                or nullable_branch(self.parent) is not self:
            return self.schema
        union = self.parent.schema
        inherited = {key: union[key] for key in _UNION_WORDS if key in union and key not in self.schema}
        return {**self.schema, **inherited} if inherited else self.schema


def nullable_branch(node: SchemaNode) -> SchemaNode | None:
    """The one branch that is not `null` of the nullable union `node` is (`anyOf` or `oneOf`
    of it and `{"type": "null"}` branches only, as pydantic writes `Optional[X]`), or None.
    Needs the walk to have reached `node`'s children."""
    if not isinstance(node.schema, dict) or "type" in node.schema:
        return None
    value: SchemaNode | None = None
    for keyword in _UNIONS:
        branches = node.schema.get(keyword)
        if not isinstance(branches, list):
            continue
        if value is not None or len(branches) < 2:
            return None  # both keywords, or a union of one
        children = [child for child in node.children if child.keyword == keyword]
        if len(children) != len(branches):
            return None  # a branch that is no schema
        values = [child for child in children if child.types != _NULL]
        if len(values) != 1:
            return None
        value = values[0]
    return value


def walk(schema: Any, pointer: str) -> Iterator[SchemaNode]:
    stack = [SchemaNode(schema, pointer)]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node.schema, dict):
            # Kept on the node: what `ToolContext.children` answers, without an index of its own.
            children = node.children = _children(node)
            stack.extend(reversed(children))


def _children(node: SchemaNode) -> list[SchemaNode]:
    """The direct subschemas, in the order their keywords appear. Pointers are joined by hand:
    the keywords (the walk's own constants) never need escaping, and this runs for every node
    of every tool."""
    found: list[SchemaNode] = []
    schema, pointer, depth = node.schema, node.pointer, node.depth + 1
    for keyword, value in schema.items():
        holds = _HOLDS.get(keyword)
        if holds is None:
            continue  # most keywords (`type`, `description`...) hold no subschema
        if holds is _MAP and isinstance(value, dict):
            at = f"{pointer}/{keyword}/"
            named = keyword == "properties"
            # Lists, not generators, and a plain name (nearly every one) not escaped: a step
            # less for each property of each tool.
            found += [SchemaNode(sub, at + (name if type(name) is str and "~" not in name and "/" not in name
                                            else escape(name)), node, keyword, name if named else None, depth)
                      for name, sub in value.items() if isinstance(sub, (dict, bool))]
        elif (holds is _LIST or holds is _ITEMS) and isinstance(value, list):
            at = f"{pointer}/{keyword}/"
            found += [SchemaNode(sub, f"{at}{index}", node, keyword, None, depth)
                      for index, sub in enumerate(value) if isinstance(sub, (dict, bool))]
        elif (holds is _SINGLE or holds is _ITEMS) and isinstance(value, (dict, bool)):
            found.append(SchemaNode(value, f"{pointer}/{keyword}", node, keyword, None, depth))
        elif holds is _DEPENDENCIES and isinstance(value, dict):
            at = f"{pointer}/{keyword}/"
            found.extend(SchemaNode(sub, at + escape(name), node, keyword, None, depth)
                         for name, sub in value.items() if isinstance(sub, dict))
    return found


def subschema_steps(schema: Any, steps: Sequence[str]) -> int:
    """How many of `steps` (down from `schema`) lead to the deepest subschema on their way: the
    walk's nodes are there, where a step into `properties`, `anyOf` or `enum` alone reaches a
    map, a list or a value that no rule reads as a schema."""
    node, reached = schema, 0
    index = 0
    while index < len(steps) and isinstance(node, dict):
        keyword = steps[index]
        holds = _HOLDS.get(keyword)
        value = node.get(keyword)
        if holds is _SINGLE or holds is _ITEMS and isinstance(value, (dict, bool)):
            node, index = value, index + 1
        elif holds is not None and index + 1 < len(steps) and isinstance(value, (dict, list)):
            member = steps[index + 1]
            node = value.get(member) if isinstance(value, dict) else (
                value[int(member)] if member.isdigit() and int(member) < len(value) else None)
            index += 2
        else:
            break
        if not isinstance(node, (dict, bool)):
            break
        reached = index
    return reached


def label(node: SchemaNode) -> str:
    """A reader's name for a subschema: `filters.regions[]`, `(root)`, `$defs.Address`, `env.*`,
    `env.(keys)` (each name clipped, as every name a message echoes)."""
    parts: list[str] = []
    current: SchemaNode | None = node
    while current is not None and current.parent is not None:
        if current.keyword == "properties":
            parts.append(clip(current.name) if current.name else '""')  # a property named "" is no root
        elif current.keyword in ("items", "prefixItems", "additionalItems"):
            parts.append("[]")
        elif current.keyword in ("additionalProperties", "patternProperties", "unevaluatedProperties"):
            parts.append("*")  # a map's values: `env.*`, not `env` (an object) itself
        elif current.keyword == "propertyNames":
            parts.append("(keys)")  # a map's keys: `filters.(keys)`, a string where `filters` is an object
        elif current.keyword in ("$defs", "definitions"):
            parts.append(f"{current.keyword}.{clip(current.pointer.rsplit('/', 1)[-1])}")
        current = current.parent
    text = ""
    for part in reversed(parts):
        text += part if part == "[]" or not text else "." + part
    return text or "(root)"


BRANCH_KEYWORDS = frozenset({"if", "then", "else", "not", "allOf", "anyOf", "oneOf", "dependentSchemas",
                             "dependencies"})


CONDITION_KEYWORDS = frozenset({"if", "then", "else", "not", "dependentSchemas", "dependencies"})
"""Subschemas that test or constrain a value described elsewhere, never describe one themselves."""


def in_branch(node: SchemaNode, keywords: frozenset[str] = BRANCH_KEYWORDS) -> bool:
    """Whether the node is (inside) a branch of a composition (`keywords`): it refines the
    object it is composed with, so closing or requiring it alone changes what the
    composition accepts."""
    current: SchemaNode | None = node
    while current is not None:
        if current.keyword in keywords:
            return True
        current = current.parent
    return False


_TESTS = frozenset({"if", "not"})


def refines_a_field(node: SchemaNode) -> bool:
    """Whether the node is (part of) a property that describes no field of its own: a property
    of a condition (`if`, `not`), which tests a value, or of a branch (`anyOf`, `then`, an
    `allOf` part …) whose name the object the branch refines declares itself
    (`anyOf: [{"properties": {"amount": {"maximum": 1000}}}]` beside `amount`'s own
    declaration). Its type, words and bounds are that declaration's: judged alone, the
    refinement would be called untyped, undescribed or unbounded, and the fix would change
    which calls the branch selects."""
    field: SchemaNode | None = node
    while field is not None and field.keyword != "properties":
        field = field.parent
    if field is None or field.parent is None:
        return False
    if in_branch(field, _TESTS):
        return True
    branch = field.parent
    if branch.keyword not in BRANCH_KEYWORDS:
        return False
    while branch.parent is not None and branch.parent.keyword in BRANCH_KEYWORDS:
        branch = branch.parent
    refined = branch.parent
    declared = refined.get("properties") if refined is not None else None
    return isinstance(declared, dict) and field.name in declared


def accepts_null(schema: Any) -> bool:
    """Whether a schema says `null` is welcome: a `null` type, or a `null` branch of a union."""
    if not isinstance(schema, dict):
        return schema is True
    declared = schema.get("type")
    if declared == "null" or (isinstance(declared, list) and "null" in declared):
        return True
    if schema.get("nullable") is True:
        return True
    branches = schema.get("anyOf") or schema.get("oneOf") or []
    return isinstance(branches, list) and any(isinstance(b, dict) and b.get("type") == "null" for b in branches)
