"""Compile a schema once and keep everything the boundary asks of it.

Validation happens on every tool call, so the costly parts (building the validator,
building per-subschema validators for canonicalization) happen once per schema. The
fast validator is jsonschema-rs with format assertions on, remote references off and
`pattern`s matched by the bounded engine of :mod:`schema_lint.schema.patterns`;
per-subschema validators are built only when a call first needs a repair, so a tool
whose calls are always valid never pays for them.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Iterator
from functools import cached_property
from typing import Any
from urllib.parse import unquote

import jsonschema_rs

from schema_lint.schema import pointer
from schema_lint.schema.dialect import normalize_dialect
from schema_lint.schema.evaluation_cost import too_costly
from schema_lint.schema.offline import with_bundled_dialect
from schema_lint.schema.patterns import regex_options

_OPTIONS: dict[str, Any] = {"validate_formats": True, "offline": True, "pattern_options": regex_options()}
_CACHE_SIZE = 512
_TOO_DEEP = "cannot compile the schema: nested deeper than Python's stack allows"


class SchemaError(ValueError):
    """The schema cannot be used to validate calls (invalid, or a reference that cannot be resolved offline)."""


class CompiledSchema:
    """One schema with its validators; ``schema`` must not be mutated afterwards."""

    def __init__(self, schema: Any):
        self.schema = schema
        costly = too_costly(schema)
        if costly is not None:
            raise SchemaError(f"cannot use the schema: {costly}")
        try:
            self.validator = jsonschema_rs.validator_for(schema, **_OPTIONS)
        except (jsonschema_rs.ValidationError, jsonschema_rs.ReferencingError, ValueError, TypeError) as exc:
            raise SchemaError(f"cannot compile the schema: {_first_line(exc)}") from exc
        self.is_valid = self.validator.is_valid
        self.phrases: dict[int, tuple[Any, str]] = {}
        """What the envelope says each subschema accepts: (subschema, phrase) by the subschema's ``id``."""

    @cached_property
    def _subschemas(self) -> jsonschema_rs.ValidatorMap:
        return jsonschema_rs.validator_map_for(self.schema, **_OPTIONS)

    def accepts(self, location: str, instance: Any) -> bool:
        """Whether the subschema at ``location`` (``#/properties/a``) accepts ``instance``.

        An unknown pointer accepts nothing: a repair is only made when it is proven valid.
        """
        validator = self._subschemas.get(location)
        return validator is not None and validator.is_valid(instance)

    def first_error(self, location: str, instance: Any) -> jsonschema_rs.ValidationError | None:
        """The first error of ``instance`` against the subschema at ``location``, or ``None``."""
        return next(self.errors(location, instance), None)

    def errors(self, location: str, instance: Any) -> Iterator[jsonschema_rs.ValidationError]:
        """The errors of ``instance`` against the subschema at ``location`` (none at an unknown one)."""
        validator = self._subschemas.get(location)
        return iter(()) if validator is None else validator.iter_errors(instance)

    @cached_property
    def recursive(self) -> bool:
        """Whether a reference can lead back into a schema it is part of (or is one this module
        does not follow: remote, dynamic or recursive). The validator descends as deep as the
        instance only through such a schema, and a deep enough instance there overflows its
        stack, so only a schema that is not recursive may see a call before it is screened."""
        return _refers_back(self.schema)

    @cached_property
    def visits_values_once(self) -> bool:
        """Whether a full evaluation applies at most one subschema to each value of a call: no
        keyword anywhere that applies a second one to the same value (a reference, ``allOf``,
        ``not``, ``if`` …) or to a member or item another keyword covers (``patternProperties``,
        ``propertyNames``, ``contains`` …). Such a schema's work on a call is at most the
        number of values the call holds (see :mod:`.budget`). Keys are looked for in every
        object, property names and ``enum`` values included: a false "no" only costs the count."""
        return not any(node.keys() & _REVISITING for node in objects(self.schema))

    def node(self, location: str) -> Any:
        """The subschema at a local ``$ref``-style pointer, or ``None`` when it does not exist."""
        return resolve_pointer(self.schema, location)


def resolve_pointer(document: Any, reference: str) -> Any:
    """Follow a local reference (``#``, ``#/$defs/T``, percent-escaped) into ``document``, or ``None``."""
    if not reference.startswith("#"):
        return None
    try:
        return pointer.resolve(document, unquote(reference[1:]))
    except (LookupError, ValueError):  # no such location, or a named anchor rather than a pointer
        return None


_DYNAMIC = ("$dynamicRef", "$recursiveRef")
_REVISITING = frozenset({"$ref", *_DYNAMIC, "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
                         "dependentSchemas", "dependencies", "patternProperties", "unevaluatedProperties",
                         "propertyNames", "contains", "unevaluatedItems"})


def _refers_back(root: Any) -> bool:
    visiting: set[str] = set()
    finished: set[str] = set()

    def leads_back(location: str) -> bool:
        if location in visiting:
            return True
        if location in finished:
            return False
        visiting.add(location)
        for reference in _references(resolve_pointer(root, location)):
            if not reference.startswith("#") or leads_back("#" + unquote(reference[1:])):
                return True
        visiting.discard(location)
        finished.add(location)
        return False

    return leads_back("#")


def _references(node: Any) -> list[str]:
    """Every ``$ref`` inside ``node``; a dynamic or recursive reference counts as a remote one."""
    found: list[str] = []
    pending = [node]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            if any(keyword in item for keyword in _DYNAMIC):
                found.append("dynamic")
            reference = item.get("$ref")
            if isinstance(reference, str):
                found.append(reference)
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return found


def objects(root: Any) -> Iterator[dict]:
    """Every object in ``root`` at any depth: its subschemas, and the maps and values they hold."""
    pending = [root]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            yield item
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)


_cache: OrderedDict[str, CompiledSchema] = OrderedDict()
_cache_lock = threading.Lock()


def compiled(schema: Any, openapi: bool = False) -> CompiledSchema:
    """The compiled form of ``schema``, shared by every caller that passes an equal schema.

    Keyed by the schema's JSON text, not its identity, so a caller that edits a schema
    and passes it again gets a fresh validator rather than a stale one. The schema is
    translated with :func:`normalize_dialect` first, so BFCL and Gemini schemas work;
    ``openapi`` says the schema is OpenAPI 3.0's dialect (Gemini ``parameters``), where
    ``nullable: true`` lets ``null`` in. A schema with no JSON text (an integer of more than
    4,300 digits, nesting past Python's stack, keys of mixed types) raises :class:`SchemaError`.
    """
    try:
        key = json.dumps([openapi, schema], sort_keys=True, default=repr)
    except RecursionError:
        raise SchemaError(_TOO_DEEP) from None
    except (ValueError, TypeError) as exc:
        raise SchemaError(f"cannot compile the schema: it has no JSON text ({_first_line(exc)})") from None
    with _cache_lock:
        hit = _cache.get(key)
        if hit is not None:
            _cache.move_to_end(key)
            return hit
    try:
        normalized = normalize_dialect(schema, openapi)
    except RecursionError:
        raise SchemaError(_TOO_DEEP) from None
    result = CompiledSchema(with_bundled_dialect(normalized))
    with _cache_lock:
        _cache[key] = result
        if len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return result


def _first_line(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
