"""Which branch of a union of objects a value means, read from the property that tells them apart.

pydantic writes a discriminated union as a ``oneOf`` of ``$ref`` branches with a
``discriminator`` keyword (``{"propertyName": "kind", ...}``), each branch's property a
``const`` (``"room"``, ``"video"``); hand-written schemas do the same without the keyword.
When such a value fails every branch, the validator reports the union as a whole, and
only the branch its property names says what is wrong (``add location.room``). A value
of the property that no branch takes can only be answered with the values it does take.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from schema_lint.schema.json_types import canonical
from schema_lint.schema.pointer import join
from .compiled import CompiledSchema
from .walk import Node, expand


@dataclass(frozen=True)
class Discriminator:
    """The property that tells a union's branches apart, and the values it takes in each branch."""

    name: str
    values: tuple[tuple[Any, ...], ...]
    """Per branch, in the union's order: the values the property takes there."""

    def branches(self, value: Any) -> list[int]:
        """The branches whose property takes ``value``."""
        key = canonical(value)
        return [index for index, taken in enumerate(self.values) if key in {canonical(v) for v in taken}]

    def every_value(self) -> list[Any]:
        return [value for taken in self.values for value in taken]


def discriminator(schema: CompiledSchema, union: Node, keyword: str) -> Discriminator | None:
    """The discriminating property of ``union``'s ``anyOf``/``oneOf`` branches: the one its
    ``discriminator`` keyword names, else the first property every branch declares with a
    ``const`` or an ``enum``, the values of no two branches overlapping; ``None`` when none does."""
    branches = union.get(keyword)
    if not isinstance(branches, list) or len(branches) < 2:
        return None
    declared = [_fixed_properties(schema, Node(join(union.pointer, keyword, index), branch))
                for index, branch in enumerate(branches)]
    named = union.get("discriminator")
    wanted = named.get("propertyName") if isinstance(named, dict) else None
    candidates = [wanted] if isinstance(wanted, str) else list(declared[0])
    for name in candidates:
        if all(name in fixed for fixed in declared):
            values = tuple(fixed[name] for fixed in declared)
            keys = [{canonical(value) for value in taken} for taken in values]
            if sum(map(len, keys)) == len(set().union(*keys)):  # no value in two branches
                return Discriminator(name, values)
    return None


def _fixed_properties(schema: CompiledSchema, branch: Node) -> dict[str, tuple[Any, ...]]:
    """The properties an object branch (``$ref`` and ``allOf`` followed) allows only listed values
    for, with those values."""
    fixed: dict[str, tuple[Any, ...]] = {}
    for node in expand(schema, [branch]):
        properties = node.get("properties")
        if not isinstance(properties, dict):
            continue
        for name, member in properties.items():
            if isinstance(member, dict) and "const" in member:
                fixed.setdefault(name, (member["const"],))
            elif isinstance(member, dict) and isinstance(member.get("enum"), list) and member["enum"]:
                fixed.setdefault(name, tuple(member["enum"]))
    return fixed
