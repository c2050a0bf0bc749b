"""Which subschemas apply to a value, following the schema alongside the instance.

Canonicalization and the envelope both need to know, at an instance location, every
schema that constrains it: the ones named by ``properties``, ``items``, ``prefixItems``,
``additionalProperties`` and ``patternProperties`` of each schema at the parent, with
local ``$ref`` and ``allOf`` followed. Each is carried with its JSON Pointer so that
its compiled validator can be looked up (see :class:`CompiledSchema`).

Not followed: ``if``/``then``/``else``, ``dependentSchemas``, ``not``, remote or
anchor references. They still constrain the value through validation; they only do
not steer repairs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote


from schema_lint.schema.patterns import search
from schema_lint.schema.pointer import join
from .compiled import CompiledSchema


JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?\Z")
"""The JSON number grammar, whole string: no leading zeros, no ``+``, no spaces."""


@dataclass(frozen=True)
class Node:
    """A subschema and where it sits in the root document (``#/properties/a``)."""

    pointer: str
    schema: Any

    def get(self, keyword: str) -> Any:
        return self.schema.get(keyword) if isinstance(self.schema, dict) else None


def expand(compiled: CompiledSchema, nodes: list[Node]) -> list[Node]:
    """``nodes`` plus every schema they pull in through local ``$ref`` and ``allOf``.

    A recursive ``$ref`` is followed once per location: the walk stops at a pointer
    it has already taken, so a self-referencing schema cannot loop.
    """
    out: list[Node] = []
    seen: set[str] = set()
    pending = list(nodes)
    while pending:
        node = pending.pop(0)
        if node.pointer in seen:
            continue
        seen.add(node.pointer)
        out.append(node)
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#"):
            target = compiled.node(ref)
            if target is not None:
                pending.append(Node("#" + unquote(ref[1:]), target))
        members = node.get("allOf")
        if isinstance(members, list):
            pending.extend(Node(join(node.pointer, "allOf", i), m) for i, m in enumerate(members))
    return out


def member_nodes(conjuncts: list[Node], key: str) -> list[Node]:
    """The schemas that apply to the member ``key`` of an object."""
    out = []
    for node in conjuncts:
        matched = False
        properties = node.get("properties")
        if isinstance(properties, dict) and key in properties:
            out.append(Node(join(node.pointer, "properties", key), properties[key]))
            matched = True
        patterns = node.get("patternProperties")
        if isinstance(patterns, dict):
            for pattern, schema in patterns.items():
                if search(pattern, key):
                    out.append(Node(join(node.pointer, "patternProperties", pattern), schema))
                    matched = True
        if not matched and isinstance(node.schema, dict) and "additionalProperties" in node.schema:
            out.append(Node(join(node.pointer, "additionalProperties"), node.schema["additionalProperties"]))
    return out


def element_nodes(conjuncts: list[Node], index: int) -> list[Node]:
    """The schemas that apply to element ``index`` of an array (2020-12 and draft-07 forms)."""
    out = []
    for node in conjuncts:
        items, prefix = node.get("items"), node.get("prefixItems")
        if isinstance(items, list):  # draft-07 and earlier: a tuple, then additionalItems
            if index < len(items):
                out.append(Node(join(node.pointer, "items", index), items[index]))
            elif isinstance(node.schema, dict) and "additionalItems" in node.schema:
                out.append(Node(join(node.pointer, "additionalItems"), node.schema["additionalItems"]))
        elif isinstance(prefix, list) and index < len(prefix):
            out.append(Node(join(node.pointer, "prefixItems", index), prefix[index]))
        elif items is not None:
            out.append(Node(join(node.pointer, "items"), items))
    return out


def declared_types(conjuncts: list[Node]) -> set[str]:
    """JSON types the schemas name through ``type``, ``enum`` or ``const`` (``number`` covers ``integer``)."""
    found: set[str] = set()
    for node in conjuncts:
        written = node.get("type")
        found.update([written] if isinstance(written, str) else written if isinstance(written, list) else [])
        values = list(node.get("enum") or [])
        if isinstance(node.schema, dict) and "const" in node.schema:
            values.append(node.schema["const"])
        found.update(json_type(value) for value in values)
    if "number" in found:
        found.add("integer")
    return found


def json_type(value: Any) -> str:
    """The JSON type name of a Python value as decoded from JSON."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, (list, tuple)):
        return "array"
    return "object"
