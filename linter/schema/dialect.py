"""Translate non-standard schema dialects into JSON Schema.

Real tool definitions are not always JSON Schema: BFCL writes ``"type": "dict"`` and
``"float"``, Gemini writes ``"STRING"``, code generators leak Java and JavaScript type
names. A validator refuses such a schema outright, so the boundary, the linter's rules
(SL005 and its fix, SL008, and every rule that asks what type a node declares) and the
fuzz and replay commands all read it through this one table:

=============================================================  ==============
written                                                        becomes
=============================================================  ==============
``dict``, ``object``, ``obj``, ``Object``, ``map``, ``Map``,   ``object``
``HashMap``, ``Hashtable``, ``Dictionary``
``float``, ``double``, ``number``, ``Float``, ``Double``,      ``number``
``Number``, ``BigDecimal``, ``decimal``
``int``, ``integer``, ``long``, ``short``, ``byte``,           ``integer``
``Integer``, ``Long``, ``Short``, ``Byte``, ``BigInteger``
``str``, ``string``, ``text``, ``char``, ``String``,           ``string``
``Character``
``list``, ``tuple``, ``array``, ``set``, ``Array``, ``List``,  ``array``
``ArrayList``, ``LinkedList``, ``Set``, ``HashSet``
``bool``, ``boolean``, ``Boolean``                             ``boolean``
``null``, ``None``, ``NoneType``                               ``null``
``any``, ``Any``, ``""``, ``TYPE_UNSPECIFIED``                 ``type`` removed
upper case (``STRING``, ``OBJECT``, ``NUMBER``, …)             lower case
=============================================================  ==============

Gemini's ``parameters`` are an OpenAPI 3.0 schema, which marks a value that may be null
with ``"nullable": true``; asked for that dialect (``openapi=True``), it becomes
``"null"`` added to ``type``. Everywhere else ``nullable`` is not a JSON Schema keyword:
a standard validator ignores it and rejects ``null``, so the translation must too, or
the boundary would accept what the schema (and every other validator) refuses. A name the table does not know is left as it is,
so the schema stays invalid and the linter can point at it: guessing what ``"Date"``
meant would hide a real mistake.
"""

from __future__ import annotations

from typing import Any

from schema_lint.schema.keywords import map_subschemas

_TYPE_NAMES: dict[str, str | None] = {}
for _target, _names in {
    "object": ("dict", "object", "obj", "map", "hashmap", "hashtable", "dictionary"),
    "number": ("float", "double", "number", "bigdecimal", "decimal"),
    "integer": ("int", "integer", "long", "short", "byte", "biginteger"),
    "string": ("str", "string", "text", "char", "character"),
    "array": ("list", "tuple", "array", "set", "arraylist", "linkedlist", "hashset"),
    "boolean": ("bool", "boolean"),
    "null": ("null", "none", "nonetype"),
    None: ("any", "", "type_unspecified"),
}.items():
    for _name in _names:
        _TYPE_NAMES[_name] = _target

STANDARD_TYPES = frozenset({"object", "array", "string", "number", "integer", "boolean", "null"})


def standard_type(name: str) -> str | None:
    """JSON Schema's name for a declared type, tolerating dialects (None: any value, or unknown)."""
    return _TYPE_NAMES.get(name.lower())


def understood_type(name: str) -> bool:
    """Whether the table knows `name` (`standard_type` None then means "any value")."""
    return name.lower() in _TYPE_NAMES


def means_any(name: str) -> bool:
    """`any`, `""` and the like: a declared type that constrains nothing."""
    return understood_type(name) and standard_type(name) is None

def normalize_dialect(schema: Any, openapi: bool = False) -> Any:
    """Return a copy of ``schema`` with every ``type`` written as JSON Schema spells it.

    Pure: the input is not modified, and a schema already in JSON Schema comes back
    equal to itself. Only ``type`` (and, with ``openapi``, ``nullable``) is touched, at
    every depth.
    """
    if not isinstance(schema, dict):
        return schema
    out = map_subschemas(schema, lambda _keyword, sub: normalize_dialect(sub, openapi))
    if "type" in out:
        normalized = normalized_type(out["type"])
        if normalized is None:
            del out["type"]
        else:
            out["type"] = normalized
    if openapi and out.get("nullable") is True and "type" in out:
        del out["nullable"]
        types = out["type"] if isinstance(out["type"], list) else [out["type"]]
        out["type"] = types if "null" in types else [*types, "null"]
    return out


def is_openapi_dialect(tool_format: str, schema_pointer: str) -> bool:
    """Whether a tool's schema is written in OpenAPI 3.0's dialect: a Gemini declaration's
    ``parameters`` (its ``parametersJsonSchema`` takes JSON Schema)."""
    return tool_format == "gemini_function_declaration" and schema_pointer.endswith("/parameters")


def normalized_type(written: Any) -> Any:
    """One ``type`` value as ``normalize_dialect`` writes it; ``None`` means "drop the keyword"
    (any value is allowed)."""
    if isinstance(written, list):
        if not all(isinstance(name, str) for name in written):
            return written  # draft 3's schemas among the names: no dialect of ours; left to the validator
        mapped = [normalized_type(name) for name in written]
        if any(name is None for name in mapped):
            return None
        return list(dict.fromkeys(mapped))
    if not isinstance(written, str):
        return written
    return _TYPE_NAMES.get(written.lower(), written)
