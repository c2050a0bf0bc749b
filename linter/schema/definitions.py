"""Which `$defs` / `definitions` entries of a tool's schema a call can ever meet.

A definition is *used* when a `$ref` reaches it from the schema's own body (what lies
outside every definition), directly or through other used definitions. The rest is sent
with every request and never validates anything: the unused-definition rule reports it,
and nothing else is reported inside it (see `lint.definition_findings`), so a server that
copies the same `$defs` into every tool is not flooded with findings about copies no tool
uses.

Reachability is decided offline, with the same resolution as every rule (`RefIndex`).
A definition that something *outside* the schema could name is counted as used: one
carrying an `$id`, `$anchor`, `$dynamicAnchor` or `$recursiveAnchor` (another document,
or dynamic scope, may reach it), and every definition of a schema whose root has an `$id`.
"""

from __future__ import annotations

from schema_lint.schema.pointer import parent
from schema_lint.schema.refs import RefIndex, references
from schema_lint.schema.walk import SchemaNode

DEFINITION_KEYWORDS = ("$defs", "definitions")
_NAMEABLE_FROM_OUTSIDE = ("$id", "id", "$anchor", "$dynamicAnchor", "$recursiveAnchor")


class DefinitionUse:
    """Every definition entry of one schema (by pointer), and the ones in use."""

    def __init__(self) -> None:
        self.entries: dict[str, SchemaNode] = {}
        self.used: set[str] = set()
        # Unused entries a reference in another unused entry reaches, and the first such entry.
        self.referred_from_unused: dict[str, str] = {}
        # The entry each node lies in (its innermost), by node id; absent for the body.
        self._entry_of: dict[int, str] = {}

    @property
    def unused(self) -> list[str]:
        return [pointer for pointer in self.entries if pointer not in self.used]

    def entry_at(self, pointer: str) -> str | None:
        """The innermost definition entry that `pointer` lies in (the entry itself included)."""
        while pointer:
            if pointer in self.entries:
                return pointer
            pointer = parent(pointer)
        return None

    def in_unused(self, pointer: str) -> bool:
        """Whether `pointer` lies in a definition no reference reaches. A used definition
        nested in an unused one is used: a reference may point straight into it."""
        entry = self.entry_at(pointer)
        return entry is not None and entry not in self.used


def definition_use(nodes: list[SchemaNode], refs: RefIndex, root) -> DefinitionUse:
    found = DefinitionUse()
    members: dict[str, list[SchemaNode]] = {}
    body: list[SchemaNode] = []
    for node in nodes:  # pre-order: a parent comes before its children
        if node.keyword in DEFINITION_KEYWORDS:
            found.entries[node.pointer] = node
            found._entry_of[id(node)] = node.pointer
        elif node.parent is not None and id(node.parent) in found._entry_of:
            found._entry_of[id(node)] = found._entry_of[id(node.parent)]
        entry = found._entry_of.get(id(node))
        if entry is None:
            body.append(node)
        else:
            members.setdefault(entry, []).append(node)
    if not found.entries:
        return found
    root_named = isinstance(root, dict) and any(isinstance(root.get(k), str) for k in ("$id", "id"))
    pending = list(body)
    for pointer, entry_nodes in members.items():
        if root_named or any(isinstance(n.get(k), str) for n in entry_nodes for k in _NAMEABLE_FROM_OUTSIDE):
            _use(found, pointer, members, pending)
    while pending:
        node = pending.pop()
        for _, ref in references(node):
            resolution = refs.resolve(node, ref)
            if not resolution.found:
                continue
            target = refs.nodes.get(id(resolution.target))
            entry = found._entry_of.get(id(target)) if target is not None else None
            if entry is not None:
                _use(found, entry, members, pending)
    for pointer in found.unused:  # only a schema with an unused definition: seldom
        for node in members.get(pointer, ()):
            for _, ref in references(node):
                resolution = refs.resolve(node, ref)
                target = refs.nodes.get(id(resolution.target)) if resolution.found else None
                entry = found._entry_of.get(id(target)) if target is not None else None
                if entry is not None and entry != pointer and entry not in found.used:
                    found.referred_from_unused.setdefault(entry, pointer)
    return found


def _use(found: DefinitionUse, entry: str, members: dict[str, list[SchemaNode]], pending: list) -> None:
    """Mark `entry` used, and every definition it lies in (`#/$defs/money/$defs/currency`
    reaches into `money`: removing `money` would leave the reference pointing at nothing);
    their own references are followed in turn."""
    outer: str | None = entry
    while outer is not None and outer not in found.used:
        found.used.add(outer)
        pending.extend(members.get(outer, ()))
        outer = found.entry_at(parent(parent(outer)))
