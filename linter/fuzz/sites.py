"""The places in a valid call where a near miss can be made, each with the schemas that govern it.

The walk follows the call alongside the schema with the boundary's own schema walk
(`$ref` and `allOf` followed), and also takes the `anyOf`/`oneOf` branches the value at
hand satisfies: a pydantic `Optional[Address]` is `anyOf: [{$ref: Address}, {type:
null}]`, and the fields of that address are only reachable through the branch. It
descends only where the schema describes the members or elements: the contents of a
free-form object are data, not arguments, and bending them proves nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from schema_lint.boundary.compiled import CompiledSchema
from schema_lint.boundary.paths import format_path
from schema_lint.boundary.walk import Node, declared_types, element_nodes, expand, member_nodes
from schema_lint.schema.pointer import join

ROOT_POINTER = "#"


@dataclass(frozen=True)
class Site:
    """One value inside a call: where it is, what it is, and the schemas that apply to it."""

    steps: tuple[str | int, ...]
    value: Any
    # Schemas the value must satisfy here, with the union branches it satisfies.
    schemas: tuple[Node, ...]
    # Every union branch here, satisfied or not: what the schema admits by design.
    alternatives: tuple[Node, ...]
    # A member its object's `required` names (SL305 speaks of those only).
    required: bool = False

    @property
    def path(self) -> str:
        return format_path(self.steps)

    @property
    def name(self) -> str | None:
        """The member name this value sits under (None at the root and in arrays)."""
        return self.steps[-1] if self.steps and isinstance(self.steps[-1], str) else None

    @cached_property
    def pointers(self) -> frozenset[str]:
        return frozenset(node.pointer for node in self.schemas)

    @cached_property
    def admitted_types(self) -> frozenset[str]:
        """JSON types any schema or union branch here names (`type`, `enum`, `const`)."""
        return frozenset(declared_types([*self.schemas, *self.alternatives]))

    def keyword(self, name: str) -> list[Any]:
        """The values `name` has in the schemas that apply here, in order."""
        return [node.schema[name] for node in self.schemas if isinstance(node.schema, dict) and name in node.schema]

    def declared_properties(self) -> set[str]:
        return {key for properties in self.keyword("properties") if isinstance(properties, dict) for key in properties}


def sites(schema: CompiledSchema, call: Any, every_element: bool = False) -> Iterator[Site]:
    """The sites of `call`, parents before children, members in the call's order.

    Array elements that the same schemas govern are alike to a mutator: only the first
    of them is visited unless `every_element` is set.
    """
    stack: list[tuple[tuple[str | int, ...], Any, list[Node], bool]] = [
        ((), call, [Node(ROOT_POINTER, schema.schema)], False)]
    while stack:
        steps, value, nodes, required = stack.pop()
        applying, alternatives = _applying(schema, nodes, value)
        site = Site(steps, value, tuple(applying), tuple(alternatives), required)
        yield site
        children: list[tuple[tuple[str | int, ...], Any, list[Node], bool]] = []
        if isinstance(value, dict):
            needed = {name for listed in site.keyword("required") if isinstance(listed, list) for name in listed}
            children = [((*steps, key), member, member_nodes(applying, key), key in needed)
                        for key, member in value.items()]
        elif isinstance(value, list):
            children = [((*steps, index), item, element_nodes(applying, index), False)
                        for index, item in enumerate(value)]
            if not every_element:
                children = _first_of_each_schema(children)
        stack.extend(reversed([child for child in children if _described(child[2])]))


def declared_only(schema: CompiledSchema, call: Any) -> Any:
    """`call` without the members no `properties` or `patternProperties` names, at any depth.

    Generators fill open objects with invented keys; a model fills them with the declared
    ones. Near misses start from what a model would send.
    """
    trimmed = {}
    for site in sites(schema, call, every_element=True):
        declared = site.declared_properties() if isinstance(site.value, dict) else set()
        if declared:
            extra = [key for key in site.value if key not in declared and not _matched_by_pattern(site, key)]
            if extra:
                trimmed[site.steps] = extra
    return _without(call, (), trimmed)


def _matched_by_pattern(site: Site, key: str) -> bool:
    """Whether a `patternProperties` entry (not `additionalProperties`) covers `key`."""
    return any(node.pointer.rsplit("/", 2)[-2] == "patternProperties" for node in member_nodes(list(site.schemas), key))


def _without(value: Any, steps: tuple, trimmed: dict[tuple, list[str]]) -> Any:
    if isinstance(value, dict):
        drop = set(trimmed.get(steps, ()))
        return {key: _without(member, (*steps, key), trimmed) for key, member in value.items() if key not in drop}
    if isinstance(value, list):
        return [_without(item, (*steps, index), trimmed) for index, item in enumerate(value)]
    return value


def _applying(schema: CompiledSchema, nodes: list[Node], value: Any) -> tuple[list[Node], list[Node]]:
    """The schemas `value` must satisfy (with the union branches it does), and every union branch."""
    applying = expand(schema, nodes)
    alternatives: list[Node] = []
    index = 0
    while index < len(applying):
        node = applying[index]
        index += 1
        for keyword in ("anyOf", "oneOf"):
            branches = node.get(keyword)
            if not isinstance(branches, list):
                continue
            for position, branch in enumerate(branches):
                member = Node(join(node.pointer, keyword, position), branch)
                alternatives.extend(expand(schema, [member]))
                if schema.accepts(member.pointer, value):
                    seen = {n.pointer for n in applying}
                    applying.extend(n for n in expand(schema, [member]) if n.pointer not in seen)
    return applying, alternatives


def _first_of_each_schema(children: list) -> list:
    seen: set[tuple[str, ...]] = set()
    kept = []
    for child in children:
        key = tuple(node.pointer for node in child[2])
        if key not in seen:
            seen.add(key)
            kept.append(child)
    return kept


def _described(nodes: list[Node]) -> bool:
    """Whether some schema says what a member or element holds (`true` and `{}` say nothing)."""
    return any(node.schema not in (True, {}) for node in nodes)
