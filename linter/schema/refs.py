"""Resolve the `$ref`s of one tool schema offline, the way providers do.

A reference resolves against the tool's own argument schema (not the file around it),
through JSON pointers (`#/$defs/Address`, percent-decoded), anchors (`#address` via
`$anchor`, `$dynamicAnchor`, or a draft-04..07 fragment-only `$id`) and the `$id`s of
embedded resources. Nothing is ever fetched: a reference that leaves the schema is
classified as remote (http, https, file, or a relative file) or missing, and targets
are never followed, so reference cycles cost nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, NamedTuple

from schema_lint.schema.json_types import instance_types
from schema_lint.schema.keywords import declared_draft
from schema_lint.schema.pointer import resolve
from schema_lint.schema.walk import SchemaNode

REF_KEYWORDS = ("$ref", "$dynamicRef")
_REF_KEYS = frozenset(REF_KEYWORDS)
_TABLES = frozenset({"resources", "anchors", "bases", "nodes", "id_keyword"})
_FETCHABLE_SCHEMES = frozenset({"http", "https", "file", ""})


class Resolution(NamedTuple):
    """`status` is "local" (with its `target`), "missing" or "remote"; `reason` says why."""

    status: str
    target: Any = None
    reason: str = ""

    @property
    def found(self) -> bool:
        return self.status == "local"


class RefIndex:
    """The embedded resources and anchors of one schema, and each node's base URI.

    Those tables are built when the first reference is resolved: nearly every tool schema
    has no reference, and then only `referring` (empty) is ever asked for.
    """

    def __init__(self, nodes: Sequence[SchemaNode], root: Any):
        self._walked = nodes
        self._root = root
        # The subschemas that carry a reference, in walk order: what SL002 and SL003 read,
        # without asking every other subschema.
        self.referring: list[SchemaNode] = [
            node for node in nodes
            if isinstance(node.schema, dict) and not _REF_KEYS.isdisjoint(node.schema) and any(references(node))]

    def __getattr__(self, name: str) -> Any:
        """The resolution tables (`resources`, `anchors`, `bases`, `nodes`, `id_keyword`), built
        together on first use."""
        if name not in _TABLES:
            raise AttributeError(name)
        self._build()
        return self.__dict__[name]

    def _build(self) -> None:
        self.id_keyword = "id" if declared_draft(self._root) == "draft-04" else "$id"
        self.resources: dict[str, Any] = {"": self._root}
        self.anchors: dict[tuple[str, str], Any] = {}
        self.bases: dict[str, str] = {}
        # The node of each object subschema, by the id of its schema (a reference's target).
        self.nodes: dict[int, SchemaNode] = {}
        for node in self._walked:
            self._index(node)

    def _index(self, node: SchemaNode) -> None:
        base = self.bases.get(node.parent.pointer, "") if node.parent is not None else ""
        schema = node.schema
        if isinstance(schema, dict):
            declared = schema.get(self.id_keyword)
            if isinstance(declared, str):
                try:
                    uri, fragment = _split_reference(base, declared)
                except ValueError:
                    uri, fragment = "", ""
                if uri:
                    base = uri
                    self.resources.setdefault(uri, schema)
                if fragment:
                    self.anchors.setdefault((base, fragment), schema)
            if "$anchor" in schema or "$dynamicAnchor" in schema:
                for keyword in ("$anchor", "$dynamicAnchor"):
                    if isinstance(schema.get(keyword), str):
                        self.anchors.setdefault((base, schema[keyword]), schema)
        self.bases[node.pointer] = base
        if isinstance(schema, dict):
            self.nodes[id(schema)] = node

    def resolve(self, node: SchemaNode, ref: str) -> Resolution:
        """Where `ref`, written in `node`, leads."""
        try:
            uri, fragment = _split_reference(self.bases.get(node.pointer, ""), ref)
            scheme = _scheme(uri)
        except ValueError:
            return Resolution("missing", reason=f"`{ref}` is not a valid URI reference")
        if uri not in self.resources:
            if scheme in _FETCHABLE_SCHEMES:
                return Resolution("remote", reason=f"`{uri}` is outside this schema and is never fetched")
            return Resolution("missing", reason=f"no `{self.id_keyword}` in this schema declares `{uri}`")
        resource = self.resources[uri]
        fragment = unquote(fragment)
        if fragment.startswith("/") or not fragment:
            try:
                target = resolve(resource, fragment)
            except LookupError:
                return Resolution("missing", reason=f"nothing is at `#{fragment}`")
        elif (uri, fragment) in self.anchors:
            target = self.anchors[(uri, fragment)]
        else:
            return Resolution("missing", reason=f"no anchor is named `{fragment}`")
        if not isinstance(target, (dict, bool)):
            held = min(instance_types(target))
            return Resolution("missing", reason=f"`#{fragment}` holds a JSON {held}, not a schema")
        return Resolution("local", target)

    def each_reference(self, nodes: Iterable[SchemaNode]) -> Iterator[tuple[SchemaNode, str, str, Resolution]]:
        """(node, keyword, reference, where it leads) for every reference among `nodes`."""
        for node in nodes:
            for keyword, ref in references(node):
                yield node, keyword, ref, self.resolve(node, ref)

    def targets(self, node: SchemaNode) -> Iterator[SchemaNode]:
        """The subschemas `node`'s local references lead to, following chains, each once."""
        seen: set[int] = set()
        pending = [node]
        while pending:
            current = pending.pop()
            for _, ref in references(current):
                resolution = self.resolve(current, ref)
                if resolution.found and id(resolution.target) not in seen:
                    seen.add(id(resolution.target))
                    # A target's own references resolve from where the target is written.
                    target = self.nodes.get(id(resolution.target)) or SchemaNode(resolution.target, current.pointer)
                    yield target
                    pending.append(target)


def references(node: SchemaNode) -> Iterator[tuple[str, str]]:
    """(keyword, reference) for each reference keyword `node` carries."""
    for keyword in REF_KEYWORDS:
        ref = node.get(keyword)
        if isinstance(ref, str):
            yield keyword, ref


# What `urlsplit` drops from anywhere in a URL (WHATWG's tab and newline).
_DROPPED_FROM_URLS = str.maketrans("", "", "\t\r\n")


def _split_reference(base: str, ref: str) -> tuple[str, str]:
    """The URI `ref` leads to from `base`, and its fragment: `urldefrag(_join(base, ref))`.

    A fragment with no base (`#/$defs/Address`: nearly every reference, in a schema that
    declares no `$id`) is split here, as urllib splits it: `urllib.parse`, with the
    `ipaddress` it imports, costs a run of a few files 3%, and most runs meet no other
    reference."""
    if not base and ref.startswith("#"):
        return "", ref[1:].translate(_DROPPED_FROM_URLS)
    from urllib.parse import urldefrag

    return urldefrag(_join(base, ref))


def _join(base: str, ref: str) -> str:
    """urljoin, except that a bare fragment keeps any base (urljoin drops `urn:` bases)."""
    from urllib.parse import urldefrag, urljoin

    if ref.startswith("#"):
        return urldefrag(base)[0] + ref
    return urljoin(base, ref) if base else ref


def _scheme(uri: str) -> str:
    if not uri:
        return ""  # the schema itself (`urlsplit` would say so too)
    from urllib.parse import urlsplit

    return urlsplit(uri).scheme.lower()


def unquote(fragment: str) -> str:
    """A fragment's escapes (`%2F`) decoded, as `urllib.parse.unquote` decodes them; that is
    imported only for a fragment that holds one."""
    if "%" not in fragment:
        return fragment
    from urllib.parse import unquote as decoded

    return decoded(fragment)
